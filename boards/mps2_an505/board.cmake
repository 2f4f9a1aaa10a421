# SPDX-License-Identifier: MIT
# mps2_an505: QEMU's mps2-an505, an Arm MPS2+ with the AN505 image (the
# IoTKit subsystem around a Cortex-M33 with FPU and DSP). VAIOS runs as
# secure-only firmware: code at the secure alias 0x10000000, data at
# 0x38000000 (docs/porting.md, "Cortex-M33 on mps2-an505"). The time base
# is the FPGA counter at the 25 MHz peripheral clock: under -icount shift=0
# one count is 40 instructions, so this board's figures are in counts of
# 40 instructions, never exact instruction counts.
set(VAIOS_CLOCK_HZ 25000000)
set(VAIOS_BOARD_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/linker.ld)
set(VAIOS_BOARD_UNIT "tick40")
set(VAIOS_BOARD_RUNNABLE ON)   # runs here, in QEMU
set(VAIOS_QEMU_MACHINE mps2-an505)
