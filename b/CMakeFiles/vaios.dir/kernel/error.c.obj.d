CMakeFiles/vaios.dir/kernel/error.c.obj: /tmp/h4/s1/kernel/error.c \
 /tmp/h4/s1/include/vaios/error.h
