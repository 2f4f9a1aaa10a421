file(REMOVE_RECURSE
  "CMakeFiles/test_mutex.elf.dir/test_mutex.c.obj"
  "CMakeFiles/test_mutex.elf.dir/test_mutex.c.obj.d"
  "CMakeFiles/test_mutex.elf.dir/vtest.c.obj"
  "CMakeFiles/test_mutex.elf.dir/vtest.c.obj.d"
  "test_mutex.elf"
  "test_mutex.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_mutex.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
