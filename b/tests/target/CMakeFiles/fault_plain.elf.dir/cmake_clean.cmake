file(REMOVE_RECURSE
  "CMakeFiles/fault_plain.elf.dir/fault.c.obj"
  "CMakeFiles/fault_plain.elf.dir/fault.c.obj.d"
  "fault_plain.elf"
  "fault_plain.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/fault_plain.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
