# Empty dependencies file for test_pi.elf.
# This may be replaced when dependencies are built.
