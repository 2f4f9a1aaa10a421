file(REMOVE_RECURSE
  "CMakeFiles/test_fpu.elf.dir/test_fpu.c.obj"
  "CMakeFiles/test_fpu.elf.dir/test_fpu.c.obj.d"
  "CMakeFiles/test_fpu.elf.dir/vtest.c.obj"
  "CMakeFiles/test_fpu.elf.dir/vtest.c.obj.d"
  "test_fpu.elf"
  "test_fpu.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_fpu.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
