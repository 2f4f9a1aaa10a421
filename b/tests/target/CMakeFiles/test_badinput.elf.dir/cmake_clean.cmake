file(REMOVE_RECURSE
  "CMakeFiles/test_badinput.elf.dir/test_badinput.c.obj"
  "CMakeFiles/test_badinput.elf.dir/test_badinput.c.obj.d"
  "CMakeFiles/test_badinput.elf.dir/vtest.c.obj"
  "CMakeFiles/test_badinput.elf.dir/vtest.c.obj.d"
  "test_badinput.elf"
  "test_badinput.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_badinput.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
