file(REMOVE_RECURSE
  "CMakeFiles/test_sem.elf.dir/test_sem.c.obj"
  "CMakeFiles/test_sem.elf.dir/test_sem.c.obj.d"
  "CMakeFiles/test_sem.elf.dir/vtest.c.obj"
  "CMakeFiles/test_sem.elf.dir/vtest.c.obj.d"
  "test_sem.elf"
  "test_sem.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_sem.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
