file(REMOVE_RECURSE
  "CMakeFiles/vaios_board.dir/__/common/alarm_stats.c.obj"
  "CMakeFiles/vaios_board.dir/__/common/alarm_stats.c.obj.d"
  "CMakeFiles/vaios_board.dir/__/common/fault.c.obj"
  "CMakeFiles/vaios_board.dir/__/common/fault.c.obj.d"
  "CMakeFiles/vaios_board.dir/__/common/printf.c.obj"
  "CMakeFiles/vaios_board.dir/__/common/printf.c.obj.d"
  "CMakeFiles/vaios_board.dir/__/common/startup.c.obj"
  "CMakeFiles/vaios_board.dir/__/common/startup.c.obj.d"
  "CMakeFiles/vaios_board.dir/__/common/swi.c.obj"
  "CMakeFiles/vaios_board.dir/__/common/swi.c.obj.d"
  "CMakeFiles/vaios_board.dir/console.c.obj"
  "CMakeFiles/vaios_board.dir/console.c.obj.d"
  "CMakeFiles/vaios_board.dir/testirq.c.obj"
  "CMakeFiles/vaios_board.dir/testirq.c.obj.d"
  "CMakeFiles/vaios_board.dir/timebase.c.obj"
  "CMakeFiles/vaios_board.dir/timebase.c.obj.d"
  "libvaios_board.a"
  "libvaios_board.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang ASM C)
  include(CMakeFiles/vaios_board.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
