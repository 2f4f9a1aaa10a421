# Empty dependencies file for test_sem.elf.
# This may be replaced when dependencies are built.
