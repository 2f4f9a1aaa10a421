# SPDX-License-Identifier: MIT
# netduinoplus2: QEMU's STM32F405 (Cortex-M4F). TIM2 runs at 1 GHz of
# virtual time, one count per instruction under -icount shift=0.
set(VAIOS_CLOCK_HZ 1000000000)
set(VAIOS_BOARD_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/linker.ld)
set(VAIOS_BOARD_UNIT "insn")
set(VAIOS_BOARD_RUNNABLE ON)   # runs here, in QEMU
# TIM2 never counts more than once per instruction (arch_spin's exact stage).
set(VAIOS_BOARD_DEFAULTS VOS_CFG_TIME_AT_CPU_CLOCK=1)
