CMakeFiles/vaios.dir/kernel/config.c.obj: /tmp/h4/s1/kernel/config.c \
 /tmp/h4/s1/include/vaios/config.h /tmp/h4/s1/config/vaios_config.h \
 /tmp/h4/s1/b/generated/vaios_board_config.h
