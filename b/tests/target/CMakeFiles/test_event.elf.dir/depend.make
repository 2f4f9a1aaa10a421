# Empty dependencies file for test_event.elf.
# This may be replaced when dependencies are built.
