# Empty dependencies file for test_stack.elf.
# This may be replaced when dependencies are built.
