file(REMOVE_RECURSE
  "CMakeFiles/vaios_gdb.dir/tools/gdb/autoload.S.obj"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM)
  include(CMakeFiles/vaios_gdb.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
