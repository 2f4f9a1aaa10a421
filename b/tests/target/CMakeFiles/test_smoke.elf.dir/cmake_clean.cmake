file(REMOVE_RECURSE
  "CMakeFiles/test_smoke.elf.dir/test_smoke.c.obj"
  "CMakeFiles/test_smoke.elf.dir/test_smoke.c.obj.d"
  "CMakeFiles/test_smoke.elf.dir/vtest.c.obj"
  "CMakeFiles/test_smoke.elf.dir/vtest.c.obj.d"
  "test_smoke.elf"
  "test_smoke.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_smoke.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
