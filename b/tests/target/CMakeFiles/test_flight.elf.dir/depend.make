# Empty dependencies file for test_flight.elf.
# This may be replaced when dependencies are built.
