file(REMOVE_RECURSE
  "CMakeFiles/test_pi.elf.dir/test_pi.c.obj"
  "CMakeFiles/test_pi.elf.dir/test_pi.c.obj.d"
  "CMakeFiles/test_pi.elf.dir/vtest.c.obj"
  "CMakeFiles/test_pi.elf.dir/vtest.c.obj.d"
  "test_pi.elf"
  "test_pi.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_pi.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
