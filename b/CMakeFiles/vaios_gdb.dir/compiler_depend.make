# Empty compiler generated dependencies file for vaios_gdb.
# This may be replaced when dependencies are built.
