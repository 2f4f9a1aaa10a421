# Empty dependencies file for fault_exhausted.elf.
# This may be replaced when dependencies are built.
