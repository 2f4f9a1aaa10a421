# SPDX-License-Identifier: MIT
# nucleo_f401re: ST Nucleo-F401RE (STM32F401RE, Cortex-M4F). SYSCLK is
# 84 MHz from the HSI through the PLL; the kernel's time base (TIM2) and the
# measurement counter (DWT CYCCNT) both count at 84 MHz.
set(VAIOS_CLOCK_HZ 84000000)
set(VAIOS_BOARD_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/linker.ld)
set(VAIOS_BOARD_UNIT "cycles")
set(VAIOS_BOARD_RUNNABLE OFF)  # real hardware only: build here, flash and run on the board
# TIM2 counts at SYSCLK, never faster than instructions run (arch_spin's exact stage).
set(VAIOS_BOARD_DEFAULTS VOS_CFG_TIME_AT_CPU_CLOCK=1)
