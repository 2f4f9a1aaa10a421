# Empty dependencies file for test_sched.elf.
# This may be replaced when dependencies are built.
