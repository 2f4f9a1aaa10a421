# Empty dependencies file for test_time.elf.
# This may be replaced when dependencies are built.
