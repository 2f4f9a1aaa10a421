# Empty dependencies file for bench.elf.
# This may be replaced when dependencies are built.
