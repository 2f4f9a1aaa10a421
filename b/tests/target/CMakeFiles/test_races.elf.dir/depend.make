# Empty dependencies file for test_races.elf.
# This may be replaced when dependencies are built.
