# Empty dependencies file for test_cmsis.elf.
# This may be replaced when dependencies are built.
