file(REMOVE_RECURSE
  "CMakeFiles/test_cmsis.elf.dir/test_cmsis.c.obj"
  "CMakeFiles/test_cmsis.elf.dir/test_cmsis.c.obj.d"
  "CMakeFiles/test_cmsis.elf.dir/vtest.c.obj"
  "CMakeFiles/test_cmsis.elf.dir/vtest.c.obj.d"
  "test_cmsis.elf"
  "test_cmsis.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_cmsis.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
