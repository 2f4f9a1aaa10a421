# Empty dependencies file for vaios_flight.
# This may be replaced when dependencies are built.
