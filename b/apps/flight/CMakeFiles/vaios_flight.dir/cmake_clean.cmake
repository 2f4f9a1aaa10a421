file(REMOVE_RECURSE
  "CMakeFiles/vaios_flight.dir/attitude.c.obj"
  "CMakeFiles/vaios_flight.dir/attitude.c.obj.d"
  "CMakeFiles/vaios_flight.dir/mixer.c.obj"
  "CMakeFiles/vaios_flight.dir/mixer.c.obj.d"
  "CMakeFiles/vaios_flight.dir/pid.c.obj"
  "CMakeFiles/vaios_flight.dir/pid.c.obj.d"
  "CMakeFiles/vaios_flight.dir/pipeline.c.obj"
  "CMakeFiles/vaios_flight.dir/pipeline.c.obj.d"
  "CMakeFiles/vaios_flight.dir/vehicle_model.c.obj"
  "CMakeFiles/vaios_flight.dir/vehicle_model.c.obj.d"
  "libvaios_flight.a"
  "libvaios_flight.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/vaios_flight.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
