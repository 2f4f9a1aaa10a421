file(REMOVE_RECURSE
  "CMakeFiles/cmsis_pipeline.elf.dir/main.c.obj"
  "CMakeFiles/cmsis_pipeline.elf.dir/main.c.obj.d"
  "cmsis_pipeline.elf"
  "cmsis_pipeline.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/cmsis_pipeline.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
