# Empty dependencies file for minimal.elf.
# This may be replaced when dependencies are built.
