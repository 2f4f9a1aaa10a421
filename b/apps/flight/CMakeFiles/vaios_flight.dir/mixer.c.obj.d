apps/flight/CMakeFiles/vaios_flight.dir/mixer.c.obj: \
 /tmp/h4/s1/apps/flight/mixer.c /tmp/h4/s1/apps/flight/mixer.h \
 /usr/include/newlib/math.h /usr/include/newlib/sys/reent.h \
 /usr/include/newlib/_ansi.h /usr/include/newlib/newlib.h \
 /usr/include/newlib/_newlib_version.h /usr/include/newlib/sys/config.h \
 /usr/include/newlib/machine/ieeefp.h /usr/include/newlib/sys/features.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stddef.h \
 /usr/include/newlib/sys/_types.h /usr/include/newlib/machine/_types.h \
 /usr/include/newlib/machine/_default_types.h \
 /usr/include/newlib/sys/lock.h /usr/include/newlib/sys/cdefs.h \
 /usr/include/newlib/_ansi.h /tmp/h4/s1/apps/flight/quat.h
