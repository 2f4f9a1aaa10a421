# Empty dependencies file for fault_plain.elf.
# This may be replaced when dependencies are built.
