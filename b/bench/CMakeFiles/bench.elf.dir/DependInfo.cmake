
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/tmp/h4/s1/bench/cmsis.c" "bench/CMakeFiles/bench.elf.dir/cmsis.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/cmsis.c.obj.d"
  "/tmp/h4/s1/bench/core.c" "bench/CMakeFiles/bench.elf.dir/core.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/core.c.obj.d"
  "/tmp/h4/s1/bench/fillers.c" "bench/CMakeFiles/bench.elf.dir/fillers.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/fillers.c.obj.d"
  "/tmp/h4/s1/bench/interrupts.c" "bench/CMakeFiles/bench.elf.dir/interrupts.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/interrupts.c.obj.d"
  "/tmp/h4/s1/bench/main.c" "bench/CMakeFiles/bench.elf.dir/main.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/main.c.obj.d"
  "/tmp/h4/s1/bench/memory.c" "bench/CMakeFiles/bench.elf.dir/memory.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/memory.c.obj.d"
  "/tmp/h4/s1/bench/messaging.c" "bench/CMakeFiles/bench.elf.dir/messaging.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/messaging.c.obj.d"
  "/tmp/h4/s1/bench/pipeline.c" "bench/CMakeFiles/bench.elf.dir/pipeline.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/pipeline.c.obj.d"
  "/tmp/h4/s1/bench/soak.c" "bench/CMakeFiles/bench.elf.dir/soak.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/soak.c.obj.d"
  "/tmp/h4/s1/bench/switching.c" "bench/CMakeFiles/bench.elf.dir/switching.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/switching.c.obj.d"
  "/tmp/h4/s1/bench/sync.c" "bench/CMakeFiles/bench.elf.dir/sync.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/sync.c.obj.d"
  "/tmp/h4/s1/bench/threadmetric.c" "bench/CMakeFiles/bench.elf.dir/threadmetric.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/threadmetric.c.obj.d"
  "/tmp/h4/s1/bench/timing.c" "bench/CMakeFiles/bench.elf.dir/timing.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/timing.c.obj.d"
  "/tmp/h4/s1/bench/tracing.c" "bench/CMakeFiles/bench.elf.dir/tracing.c.obj" "gcc" "bench/CMakeFiles/bench.elf.dir/tracing.c.obj.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/tmp/h4/s1/b/boards/netduinoplus2/CMakeFiles/vaios_board.dir/DependInfo.cmake"
  "/tmp/h4/s1/b/CMakeFiles/vaios.dir/DependInfo.cmake"
  "/tmp/h4/s1/b/apps/flight/CMakeFiles/vaios_flight.dir/DependInfo.cmake"
  "/tmp/h4/s1/b/cmsis/CMakeFiles/vaios_cmsis.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
