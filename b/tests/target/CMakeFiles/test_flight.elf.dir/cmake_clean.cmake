file(REMOVE_RECURSE
  "CMakeFiles/test_flight.elf.dir/test_flight.c.obj"
  "CMakeFiles/test_flight.elf.dir/test_flight.c.obj.d"
  "CMakeFiles/test_flight.elf.dir/vtest.c.obj"
  "CMakeFiles/test_flight.elf.dir/vtest.c.obj.d"
  "test_flight.elf"
  "test_flight.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_flight.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
