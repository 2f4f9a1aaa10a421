# CMAKE generated file: DO NOT EDIT!
# Timestamp file for custom commands dependencies management for bench.elf_commit.
