file(REMOVE_RECURSE
  "CMakeFiles/test_sched.elf.dir/test_sched.c.obj"
  "CMakeFiles/test_sched.elf.dir/test_sched.c.obj.d"
  "CMakeFiles/test_sched.elf.dir/vtest.c.obj"
  "CMakeFiles/test_sched.elf.dir/vtest.c.obj.d"
  "test_sched.elf"
  "test_sched.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/test_sched.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
