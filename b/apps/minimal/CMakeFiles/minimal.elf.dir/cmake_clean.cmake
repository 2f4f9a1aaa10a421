file(REMOVE_RECURSE
  "CMakeFiles/minimal.elf.dir/main.c.obj"
  "CMakeFiles/minimal.elf.dir/main.c.obj.d"
  "minimal.elf"
  "minimal.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/minimal.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
