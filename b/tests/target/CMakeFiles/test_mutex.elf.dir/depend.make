# Empty dependencies file for test_mutex.elf.
# This may be replaced when dependencies are built.
