
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/tmp/h4/s1/apps/flight/attitude.c" "apps/flight/CMakeFiles/vaios_flight.dir/attitude.c.obj" "gcc" "apps/flight/CMakeFiles/vaios_flight.dir/attitude.c.obj.d"
  "/tmp/h4/s1/apps/flight/mixer.c" "apps/flight/CMakeFiles/vaios_flight.dir/mixer.c.obj" "gcc" "apps/flight/CMakeFiles/vaios_flight.dir/mixer.c.obj.d"
  "/tmp/h4/s1/apps/flight/pid.c" "apps/flight/CMakeFiles/vaios_flight.dir/pid.c.obj" "gcc" "apps/flight/CMakeFiles/vaios_flight.dir/pid.c.obj.d"
  "/tmp/h4/s1/apps/flight/pipeline.c" "apps/flight/CMakeFiles/vaios_flight.dir/pipeline.c.obj" "gcc" "apps/flight/CMakeFiles/vaios_flight.dir/pipeline.c.obj.d"
  "/tmp/h4/s1/apps/flight/vehicle_model.c" "apps/flight/CMakeFiles/vaios_flight.dir/vehicle_model.c.obj" "gcc" "apps/flight/CMakeFiles/vaios_flight.dir/vehicle_model.c.obj.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
