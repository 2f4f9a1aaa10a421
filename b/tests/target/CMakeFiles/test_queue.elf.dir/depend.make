# Empty dependencies file for test_queue.elf.
# This may be replaced when dependencies are built.
