# Empty custom commands generated dependencies file for bench.elf_commit.
# This may be replaced when dependencies are built.
