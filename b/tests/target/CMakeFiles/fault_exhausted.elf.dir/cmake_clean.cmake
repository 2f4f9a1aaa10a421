file(REMOVE_RECURSE
  "CMakeFiles/fault_exhausted.elf.dir/fault.c.obj"
  "CMakeFiles/fault_exhausted.elf.dir/fault.c.obj.d"
  "fault_exhausted.elf"
  "fault_exhausted.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/fault_exhausted.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
