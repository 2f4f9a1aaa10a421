file(REMOVE_RECURSE
  "CMakeFiles/test_queue.elf.dir/test_queue.c.obj"
  "CMakeFiles/test_queue.elf.dir/test_queue.c.obj.d"
  "CMakeFiles/test_queue.elf.dir/vtest.c.obj"
  "CMakeFiles/test_queue.elf.dir/vtest.c.obj.d"
  "test_queue.elf"
  "test_queue.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_queue.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
