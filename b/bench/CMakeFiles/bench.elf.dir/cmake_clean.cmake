file(REMOVE_RECURSE
  "CMakeFiles/bench.elf.dir/cmsis.c.obj"
  "CMakeFiles/bench.elf.dir/cmsis.c.obj.d"
  "CMakeFiles/bench.elf.dir/core.c.obj"
  "CMakeFiles/bench.elf.dir/core.c.obj.d"
  "CMakeFiles/bench.elf.dir/fillers.c.obj"
  "CMakeFiles/bench.elf.dir/fillers.c.obj.d"
  "CMakeFiles/bench.elf.dir/interrupts.c.obj"
  "CMakeFiles/bench.elf.dir/interrupts.c.obj.d"
  "CMakeFiles/bench.elf.dir/main.c.obj"
  "CMakeFiles/bench.elf.dir/main.c.obj.d"
  "CMakeFiles/bench.elf.dir/memory.c.obj"
  "CMakeFiles/bench.elf.dir/memory.c.obj.d"
  "CMakeFiles/bench.elf.dir/messaging.c.obj"
  "CMakeFiles/bench.elf.dir/messaging.c.obj.d"
  "CMakeFiles/bench.elf.dir/pipeline.c.obj"
  "CMakeFiles/bench.elf.dir/pipeline.c.obj.d"
  "CMakeFiles/bench.elf.dir/soak.c.obj"
  "CMakeFiles/bench.elf.dir/soak.c.obj.d"
  "CMakeFiles/bench.elf.dir/switching.c.obj"
  "CMakeFiles/bench.elf.dir/switching.c.obj.d"
  "CMakeFiles/bench.elf.dir/sync.c.obj"
  "CMakeFiles/bench.elf.dir/sync.c.obj.d"
  "CMakeFiles/bench.elf.dir/threadmetric.c.obj"
  "CMakeFiles/bench.elf.dir/threadmetric.c.obj.d"
  "CMakeFiles/bench.elf.dir/timing.c.obj"
  "CMakeFiles/bench.elf.dir/timing.c.obj.d"
  "CMakeFiles/bench.elf.dir/tracing.c.obj"
  "CMakeFiles/bench.elf.dir/tracing.c.obj.d"
  "bench.elf"
  "bench.elf.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/bench.elf.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
