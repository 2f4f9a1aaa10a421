file(REMOVE_RECURSE
  "CMakeFiles/test_stack.elf.dir/test_stack.c.obj"
  "CMakeFiles/test_stack.elf.dir/test_stack.c.obj.d"
  "CMakeFiles/test_stack.elf.dir/vtest.c.obj"
  "CMakeFiles/test_stack.elf.dir/vtest.c.obj.d"
  "test_stack.elf"
  "test_stack.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_stack.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
