# Empty dependencies file for cmsis_pipeline.elf.
# This may be replaced when dependencies are built.
