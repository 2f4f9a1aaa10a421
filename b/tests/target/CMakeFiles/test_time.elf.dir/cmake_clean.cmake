file(REMOVE_RECURSE
  "CMakeFiles/test_time.elf.dir/test_time.c.obj"
  "CMakeFiles/test_time.elf.dir/test_time.c.obj.d"
  "CMakeFiles/test_time.elf.dir/vtest.c.obj"
  "CMakeFiles/test_time.elf.dir/vtest.c.obj.d"
  "test_time.elf"
  "test_time.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_time.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
