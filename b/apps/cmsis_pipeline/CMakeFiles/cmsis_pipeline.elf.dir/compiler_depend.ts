# CMAKE generated file: DO NOT EDIT!
# Timestamp file for compiler generated dependencies management for cmsis_pipeline.elf.
