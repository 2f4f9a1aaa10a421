# Empty dependencies file for test_fpu.elf.
# This may be replaced when dependencies are built.
