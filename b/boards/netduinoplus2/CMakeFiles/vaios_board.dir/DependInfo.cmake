
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/tmp/h4/s1/boards/common/alarm_stats.c" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/alarm_stats.c.obj" "gcc" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/alarm_stats.c.obj.d"
  "/tmp/h4/s1/boards/common/fault.c" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/fault.c.obj" "gcc" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/fault.c.obj.d"
  "/tmp/h4/s1/boards/common/printf.c" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/printf.c.obj" "gcc" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/printf.c.obj.d"
  "/tmp/h4/s1/boards/common/startup.c" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/startup.c.obj" "gcc" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/startup.c.obj.d"
  "/tmp/h4/s1/boards/common/swi.c" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/swi.c.obj" "gcc" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/swi.c.obj.d"
  "/tmp/h4/s1/boards/netduinoplus2/console.c" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/console.c.obj" "gcc" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/console.c.obj.d"
  "/tmp/h4/s1/boards/netduinoplus2/testirq.c" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/testirq.c.obj" "gcc" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/testirq.c.obj.d"
  "/tmp/h4/s1/boards/netduinoplus2/timebase.c" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/timebase.c.obj" "gcc" "boards/netduinoplus2/CMakeFiles/vaios_board.dir/timebase.c.obj.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/tmp/h4/s1/b/CMakeFiles/vaios.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
