# SPDX-License-Identifier: MIT
# mps2_an500: QEMU's mps2-an500, an Arm MPS2 with the AN500 image
# (Cortex-M7, FPv5 double precision). Every counter of the machine (SysTick,
# the CMSDK timers, the FPGA counter) runs at the 25 MHz SYSCLK: under
# -icount shift=0 one count is 40 instructions, so this board's figures are
# in counts of 40 instructions, never exact instruction counts
# (docs/porting.md, "Cortex-M7 on mps2-an500").
set(VAIOS_CLOCK_HZ 25000000)
set(VAIOS_BOARD_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/linker.ld)
set(VAIOS_BOARD_UNIT "tick40")
set(VAIOS_BOARD_RUNNABLE ON)   # runs here, in QEMU
set(VAIOS_QEMU_MACHINE mps2-an500)
