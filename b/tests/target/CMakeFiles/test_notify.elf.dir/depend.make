# Empty dependencies file for test_notify.elf.
# This may be replaced when dependencies are built.
