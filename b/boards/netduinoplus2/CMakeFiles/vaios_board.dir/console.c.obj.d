boards/netduinoplus2/CMakeFiles/vaios_board.dir/console.c.obj: \
 /tmp/h4/s1/boards/netduinoplus2/console.c \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdint.h \
 /tmp/h4/s1/boards/include/board.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdarg.h \
 /tmp/h4/s1/boards/netduinoplus2/board_regs.h
