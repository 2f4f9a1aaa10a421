# Empty dependencies file for test_heap_target.elf.
# This may be replaced when dependencies are built.
