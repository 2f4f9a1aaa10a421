
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/tmp/h4/s1/apps/cmsis_pipeline/main.c" "apps/cmsis_pipeline/CMakeFiles/cmsis_pipeline.elf.dir/main.c.obj" "gcc" "apps/cmsis_pipeline/CMakeFiles/cmsis_pipeline.elf.dir/main.c.obj.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/tmp/h4/s1/b/boards/netduinoplus2/CMakeFiles/vaios_board.dir/DependInfo.cmake"
  "/tmp/h4/s1/b/cmsis/CMakeFiles/vaios_cmsis.dir/DependInfo.cmake"
  "/tmp/h4/s1/b/CMakeFiles/vaios.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
