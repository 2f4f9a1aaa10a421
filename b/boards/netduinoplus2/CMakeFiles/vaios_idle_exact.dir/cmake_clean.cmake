file(REMOVE_RECURSE
  "CMakeFiles/vaios_idle_exact.dir/idle_exact.c.obj"
  "CMakeFiles/vaios_idle_exact.dir/idle_exact.c.obj.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/vaios_idle_exact.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
