file(REMOVE_RECURSE
  "CMakeFiles/test_heap_target.elf.dir/test_heap_target.c.obj"
  "CMakeFiles/test_heap_target.elf.dir/test_heap_target.c.obj.d"
  "CMakeFiles/test_heap_target.elf.dir/vtest.c.obj"
  "CMakeFiles/test_heap_target.elf.dir/vtest.c.obj.d"
  "test_heap_target.elf"
  "test_heap_target.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_heap_target.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
