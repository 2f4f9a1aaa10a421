# Empty dependencies file for vaios_cmsis.
# This may be replaced when dependencies are built.
