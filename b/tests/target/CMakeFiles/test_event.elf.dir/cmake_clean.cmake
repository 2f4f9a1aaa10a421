file(REMOVE_RECURSE
  "CMakeFiles/test_event.elf.dir/test_event.c.obj"
  "CMakeFiles/test_event.elf.dir/test_event.c.obj.d"
  "CMakeFiles/test_event.elf.dir/vtest.c.obj"
  "CMakeFiles/test_event.elf.dir/vtest.c.obj.d"
  "test_event.elf"
  "test_event.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_event.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
