# Empty compiler generated dependencies file for inversion.elf.
# This may be replaced when dependencies are built.
