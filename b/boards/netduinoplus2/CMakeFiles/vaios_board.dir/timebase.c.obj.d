boards/netduinoplus2/CMakeFiles/vaios_board.dir/timebase.c.obj: \
 /tmp/h4/s1/boards/netduinoplus2/timebase.c \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdint.h \
 /tmp/h4/s1/boards/include/board.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdarg.h \
 /tmp/h4/s1/boards/netduinoplus2/board_regs.h \
 /tmp/h4/s1/boards/include/nvic.h \
 /tmp/h4/s1/boards/include/stm32f4_vectors.h \
 /tmp/h4/s1/boards/include/stm32f4_time64.h \
 /tmp/h4/s1/include/vaios/time.h /tmp/h4/s1/include/vaios/config.h \
 /tmp/h4/s1/config/vaios_config.h \
 /tmp/h4/s1/b/generated/vaios_board_config.h /tmp/h4/s1/arch/port.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdbool.h \
 /tmp/h4/s1/arch/cortex-m/port_impl.h /tmp/h4/s1/include/vaios/trace.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stddef.h \
 /tmp/h4/s1/include/vaios/error.h
