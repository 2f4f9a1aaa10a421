boards/netduinoplus2/CMakeFiles/vaios_idle_exact.dir/idle_exact.c.obj: \
 /tmp/h4/s1/boards/netduinoplus2/idle_exact.c /tmp/h4/s1/arch/port.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdint.h \
 /usr/lib/gcc/arm-none-eabi/12.2.1/include/stdbool.h \
 /tmp/h4/s1/include/vaios/time.h /tmp/h4/s1/include/vaios/config.h \
 /tmp/h4/s1/config/vaios_config.h \
 /tmp/h4/s1/b/generated/vaios_board_config.h \
 /tmp/h4/s1/arch/cortex-m/port_impl.h
