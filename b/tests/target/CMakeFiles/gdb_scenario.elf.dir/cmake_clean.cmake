file(REMOVE_RECURSE
  "CMakeFiles/gdb_scenario.elf.dir/gdb_scenario.c.obj"
  "CMakeFiles/gdb_scenario.elf.dir/gdb_scenario.c.obj.d"
  "gdb_scenario.elf"
  "gdb_scenario.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/gdb_scenario.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
