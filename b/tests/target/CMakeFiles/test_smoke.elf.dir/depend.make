# Empty dependencies file for test_smoke.elf.
# This may be replaced when dependencies are built.
