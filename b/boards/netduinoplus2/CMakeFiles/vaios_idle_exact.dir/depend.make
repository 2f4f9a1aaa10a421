# Empty dependencies file for vaios_idle_exact.
# This may be replaced when dependencies are built.
