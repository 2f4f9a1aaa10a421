# SPDX-License-Identifier: MIT
# nucleo_h743zi: ST Nucleo-H743ZI (STM32H743ZI, Cortex-M7 with FPv5-D16,
# instruction and data caches). The CPU runs at 400 MHz from the HSI
# through PLL1; the kernel's time base (TIM2) counts at 200 MHz, the
# measurement counter (DWT CYCCNT) at 400 MHz.
set(VAIOS_CLOCK_HZ 200000000)
set(VAIOS_BOARD_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/linker.ld)
set(VAIOS_BOARD_UNIT "cycles")
set(VAIOS_BOARD_RUNNABLE OFF)  # real hardware only: build here, flash and run on the board
