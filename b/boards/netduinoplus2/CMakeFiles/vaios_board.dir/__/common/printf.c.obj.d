boards/netduinoplus2/CMakeFiles/vaios_board.dir/__/common/printf.c.obj: \
 /tmp/h4/s1/boards/common/printf.c \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdarg.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdint.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdbool.h \
 /tmp/h4/s1/boards/include/board.h \
 /tmp/h4/s1/boards/netduinoplus2/board_regs.h
