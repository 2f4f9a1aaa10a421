file(REMOVE_RECURSE
  "CMakeFiles/test_notify.elf.dir/test_notify.c.obj"
  "CMakeFiles/test_notify.elf.dir/test_notify.c.obj.d"
  "CMakeFiles/test_notify.elf.dir/vtest.c.obj"
  "CMakeFiles/test_notify.elf.dir/vtest.c.obj.d"
  "test_notify.elf"
  "test_notify.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_notify.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
