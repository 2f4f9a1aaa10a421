
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  "ASM"
  )
# The set of files for implicit dependencies of each language:
set(CMAKE_DEPENDS_CHECK_ASM
  "/tmp/h4/s1/arch/cortex-m/switch.S" "/tmp/h4/s1/b/CMakeFiles/vaios.dir/arch/cortex-m/switch.S.obj"
  )
set(CMAKE_ASM_COMPILER_ID "GNU")

# The include file search paths:
set(CMAKE_ASM_TARGET_INCLUDE_PATH
  "/tmp/h4/s1/include"
  "/tmp/h4/s1/arch"
  "/tmp/h4/s1/arch/cortex-m"
  "generated"
  "/tmp/h4/s1/kernel"
  "/tmp/h4/s1/config"
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/tmp/h4/s1/arch/cortex-m/port.c" "CMakeFiles/vaios.dir/arch/cortex-m/port.c.obj" "gcc" "CMakeFiles/vaios.dir/arch/cortex-m/port.c.obj.d"
  "/tmp/h4/s1/kernel/config.c" "CMakeFiles/vaios.dir/kernel/config.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/config.c.obj.d"
  "/tmp/h4/s1/kernel/crit.c" "CMakeFiles/vaios.dir/kernel/crit.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/crit.c.obj.d"
  "/tmp/h4/s1/kernel/error.c" "CMakeFiles/vaios.dir/kernel/error.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/error.c.obj.d"
  "/tmp/h4/s1/kernel/event.c" "CMakeFiles/vaios.dir/kernel/event.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/event.c.obj.d"
  "/tmp/h4/s1/kernel/heap.c" "CMakeFiles/vaios.dir/kernel/heap.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/heap.c.obj.d"
  "/tmp/h4/s1/kernel/mutex.c" "CMakeFiles/vaios.dir/kernel/mutex.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/mutex.c.obj.d"
  "/tmp/h4/s1/kernel/notify.c" "CMakeFiles/vaios.dir/kernel/notify.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/notify.c.obj.d"
  "/tmp/h4/s1/kernel/pool.c" "CMakeFiles/vaios.dir/kernel/pool.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/pool.c.obj.d"
  "/tmp/h4/s1/kernel/queue.c" "CMakeFiles/vaios.dir/kernel/queue.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/queue.c.obj.d"
  "/tmp/h4/s1/kernel/sched.c" "CMakeFiles/vaios.dir/kernel/sched.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/sched.c.obj.d"
  "/tmp/h4/s1/kernel/sem.c" "CMakeFiles/vaios.dir/kernel/sem.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/sem.c.obj.d"
  "/tmp/h4/s1/kernel/task.c" "CMakeFiles/vaios.dir/kernel/task.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/task.c.obj.d"
  "/tmp/h4/s1/kernel/time.c" "CMakeFiles/vaios.dir/kernel/time.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/time.c.obj.d"
  "/tmp/h4/s1/kernel/trace.c" "CMakeFiles/vaios.dir/kernel/trace.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/trace.c.obj.d"
  "/tmp/h4/s1/kernel/wait.c" "CMakeFiles/vaios.dir/kernel/wait.c.obj" "gcc" "CMakeFiles/vaios.dir/kernel/wait.c.obj.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
