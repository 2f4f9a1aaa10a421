tests/target/CMakeFiles/fault_exhausted.elf.dir/fault.c.obj: \
 /tmp/h4/s1/tests/target/fault.c /tmp/h4/s1/include/vaios/vaios.h \
 /tmp/h4/s1/include/vaios/config.h /tmp/h4/s1/config/vaios_config.h \
 /tmp/h4/s1/b/generated/vaios_board_config.h \
 /tmp/h4/s1/include/vaios/error.h /tmp/h4/s1/include/vaios/time.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdint.h \
 /tmp/h4/s1/include/vaios/kobj.h /tmp/h4/s1/include/vaios/task.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stddef.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdbool.h \
 /tmp/h4/s1/include/vaios/sem.h /tmp/h4/s1/include/vaios/mutex.h \
 /tmp/h4/s1/include/vaios/queue.h /tmp/h4/s1/include/vaios/event.h \
 /tmp/h4/s1/include/vaios/notify.h /tmp/h4/s1/include/vaios/heap.h \
 /tmp/h4/s1/include/vaios/pool.h /tmp/h4/s1/include/vaios/trace.h \
 /tmp/h4/s1/boards/include/board.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdarg.h \
 /tmp/h4/s1/boards/netduinoplus2/board_regs.h
