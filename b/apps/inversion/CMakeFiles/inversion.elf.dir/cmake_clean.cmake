file(REMOVE_RECURSE
  "CMakeFiles/inversion.elf.dir/main.c.obj"
  "CMakeFiles/inversion.elf.dir/main.c.obj.d"
  "inversion.elf"
  "inversion.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/inversion.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
