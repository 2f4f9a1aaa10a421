apps/cmsis_pipeline/CMakeFiles/cmsis_pipeline.elf.dir/main.c.obj: \
 /tmp/h4/s1/apps/cmsis_pipeline/main.c \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdint.h \
 /tmp/h4/s1/cmsis/include/cmsis_os2.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stddef.h \
 /tmp/h4/s1/boards/include/board.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdarg.h \
 /tmp/h4/s1/boards/netduinoplus2/board_regs.h
