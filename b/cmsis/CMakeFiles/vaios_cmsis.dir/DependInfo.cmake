
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/tmp/h4/s1/cmsis/src/evflags.c" "cmsis/CMakeFiles/vaios_cmsis.dir/src/evflags.c.obj" "gcc" "cmsis/CMakeFiles/vaios_cmsis.dir/src/evflags.c.obj.d"
  "/tmp/h4/s1/cmsis/src/heap_area.c" "cmsis/CMakeFiles/vaios_cmsis.dir/src/heap_area.c.obj" "gcc" "cmsis/CMakeFiles/vaios_cmsis.dir/src/heap_area.c.obj.d"
  "/tmp/h4/s1/cmsis/src/isolation.c" "cmsis/CMakeFiles/vaios_cmsis.dir/src/isolation.c.obj" "gcc" "cmsis/CMakeFiles/vaios_cmsis.dir/src/isolation.c.obj.d"
  "/tmp/h4/s1/cmsis/src/kernel.c" "cmsis/CMakeFiles/vaios_cmsis.dir/src/kernel.c.obj" "gcc" "cmsis/CMakeFiles/vaios_cmsis.dir/src/kernel.c.obj.d"
  "/tmp/h4/s1/cmsis/src/mempool.c" "cmsis/CMakeFiles/vaios_cmsis.dir/src/mempool.c.obj" "gcc" "cmsis/CMakeFiles/vaios_cmsis.dir/src/mempool.c.obj.d"
  "/tmp/h4/s1/cmsis/src/msgqueue.c" "cmsis/CMakeFiles/vaios_cmsis.dir/src/msgqueue.c.obj" "gcc" "cmsis/CMakeFiles/vaios_cmsis.dir/src/msgqueue.c.obj.d"
  "/tmp/h4/s1/cmsis/src/mutex.c" "cmsis/CMakeFiles/vaios_cmsis.dir/src/mutex.c.obj" "gcc" "cmsis/CMakeFiles/vaios_cmsis.dir/src/mutex.c.obj.d"
  "/tmp/h4/s1/cmsis/src/semaphore.c" "cmsis/CMakeFiles/vaios_cmsis.dir/src/semaphore.c.obj" "gcc" "cmsis/CMakeFiles/vaios_cmsis.dir/src/semaphore.c.obj.d"
  "/tmp/h4/s1/cmsis/src/thread.c" "cmsis/CMakeFiles/vaios_cmsis.dir/src/thread.c.obj" "gcc" "cmsis/CMakeFiles/vaios_cmsis.dir/src/thread.c.obj.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/tmp/h4/s1/b/CMakeFiles/vaios.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
