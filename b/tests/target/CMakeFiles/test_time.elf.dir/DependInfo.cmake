
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/tmp/h4/s1/tests/target/test_time.c" "tests/target/CMakeFiles/test_time.elf.dir/test_time.c.obj" "gcc" "tests/target/CMakeFiles/test_time.elf.dir/test_time.c.obj.d"
  "/tmp/h4/s1/tests/target/vtest.c" "tests/target/CMakeFiles/test_time.elf.dir/vtest.c.obj" "gcc" "tests/target/CMakeFiles/test_time.elf.dir/vtest.c.obj.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/tmp/h4/s1/b/boards/netduinoplus2/CMakeFiles/vaios_board.dir/DependInfo.cmake"
  "/tmp/h4/s1/b/CMakeFiles/vaios.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
