file(REMOVE_RECURSE
  "CMakeFiles/test_races.elf.dir/test_races.c.obj"
  "CMakeFiles/test_races.elf.dir/test_races.c.obj.d"
  "CMakeFiles/test_races.elf.dir/vtest.c.obj"
  "CMakeFiles/test_races.elf.dir/vtest.c.obj.d"
  "test_races.elf"
  "test_races.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_races.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
