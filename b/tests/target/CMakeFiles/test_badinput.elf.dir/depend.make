# Empty dependencies file for test_badinput.elf.
# This may be replaced when dependencies are built.
