# Empty dependencies file for gdb_scenario.elf.
# This may be replaced when dependencies are built.
