# Empty dependencies file for vaios_board.
# This may be replaced when dependencies are built.
