file(REMOVE_RECURSE
  "CMakeFiles/vaios_cmsis.dir/src/evflags.c.obj"
  "CMakeFiles/vaios_cmsis.dir/src/evflags.c.obj.d"
  "CMakeFiles/vaios_cmsis.dir/src/heap_area.c.obj"
  "CMakeFiles/vaios_cmsis.dir/src/heap_area.c.obj.d"
  "CMakeFiles/vaios_cmsis.dir/src/isolation.c.obj"
  "CMakeFiles/vaios_cmsis.dir/src/isolation.c.obj.d"
  "CMakeFiles/vaios_cmsis.dir/src/kernel.c.obj"
  "CMakeFiles/vaios_cmsis.dir/src/kernel.c.obj.d"
  "CMakeFiles/vaios_cmsis.dir/src/mempool.c.obj"
  "CMakeFiles/vaios_cmsis.dir/src/mempool.c.obj.d"
  "CMakeFiles/vaios_cmsis.dir/src/msgqueue.c.obj"
  "CMakeFiles/vaios_cmsis.dir/src/msgqueue.c.obj.d"
  "CMakeFiles/vaios_cmsis.dir/src/mutex.c.obj"
  "CMakeFiles/vaios_cmsis.dir/src/mutex.c.obj.d"
  "CMakeFiles/vaios_cmsis.dir/src/semaphore.c.obj"
  "CMakeFiles/vaios_cmsis.dir/src/semaphore.c.obj.d"
  "CMakeFiles/vaios_cmsis.dir/src/thread.c.obj"
  "CMakeFiles/vaios_cmsis.dir/src/thread.c.obj.d"
  "libvaios_cmsis.a"
  "libvaios_cmsis.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/vaios_cmsis.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
