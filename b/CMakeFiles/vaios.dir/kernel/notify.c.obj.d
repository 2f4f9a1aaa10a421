CMakeFiles/vaios.dir/kernel/notify.c.obj: /tmp/h4/s1/kernel/notify.c \
 /tmp/h4/s1/kernel/kernel.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stddef.h \
 /tmp/h4/s1/include/vaios/vaios.h /tmp/h4/s1/include/vaios/config.h \
 /tmp/h4/s1/config/vaios_config.h \
 /tmp/h4/s1/b/generated/vaios_board_config.h \
 /tmp/h4/s1/include/vaios/error.h /tmp/h4/s1/include/vaios/time.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdint.h \
 /tmp/h4/s1/include/vaios/kobj.h /tmp/h4/s1/include/vaios/task.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdbool.h \
 /tmp/h4/s1/include/vaios/sem.h /tmp/h4/s1/include/vaios/mutex.h \
 /tmp/h4/s1/include/vaios/queue.h /tmp/h4/s1/include/vaios/event.h \
 /tmp/h4/s1/include/vaios/notify.h /tmp/h4/s1/include/vaios/heap.h \
 /tmp/h4/s1/include/vaios/pool.h /tmp/h4/s1/include/vaios/trace.h \
 /tmp/h4/s1/arch/port.h /tmp/h4/s1/arch/cortex-m/port_impl.h
