cmsis/CMakeFiles/vaios_cmsis.dir/src/mutex.c.obj: \
 /tmp/h4/s1/cmsis/src/mutex.c /tmp/h4/s1/cmsis/src/os2.h \
 /usr/include/newlib/string.h /usr/include/newlib/_ansi.h \
 /usr/include/newlib/newlib.h /usr/include/newlib/_newlib_version.h \
 /usr/include/newlib/sys/config.h /usr/include/newlib/machine/ieeefp.h \
 /usr/include/newlib/sys/features.h /usr/include/newlib/sys/reent.h \
 /usr/include/newlib/_ansi.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stddef.h \
 /usr/include/newlib/sys/_types.h /usr/include/newlib/machine/_types.h \
 /usr/include/newlib/machine/_default_types.h \
 /usr/include/newlib/sys/lock.h /usr/include/newlib/sys/cdefs.h \
 /usr/include/newlib/sys/_locale.h /usr/include/newlib/strings.h \
 /usr/include/newlib/sys/string.h /tmp/h4/s1/cmsis/include/os2_vaios.h \
 /tmp/h4/s1/cmsis/include/cmsis_os2.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdint.h \
 /tmp/h4/s1/include/vaios/vaios.h /tmp/h4/s1/include/vaios/config.h \
 /tmp/h4/s1/config/vaios_config.h \
 /tmp/h4/s1/b/generated/vaios_board_config.h \
 /tmp/h4/s1/include/vaios/error.h /tmp/h4/s1/include/vaios/time.h \
 /tmp/h4/s1/include/vaios/kobj.h /tmp/h4/s1/include/vaios/task.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdbool.h \
 /tmp/h4/s1/include/vaios/sem.h /tmp/h4/s1/include/vaios/mutex.h \
 /tmp/h4/s1/include/vaios/queue.h /tmp/h4/s1/include/vaios/event.h \
 /tmp/h4/s1/include/vaios/notify.h /tmp/h4/s1/include/vaios/heap.h \
 /tmp/h4/s1/include/vaios/pool.h /tmp/h4/s1/include/vaios/trace.h \
 /tmp/h4/s1/arch/port.h /tmp/h4/s1/arch/cortex-m/port_impl.h
