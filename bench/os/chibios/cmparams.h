/* SPDX-License-Identifier: MIT */
/*
 * The core parameters ChibiOS/RT's ARMv7-M port reads (CORTEX_*), for the
 * boards of this tree (STM32F405 on the emulated board, STM32F401 on the
 * Nucleo): a Cortex-M4 with FPU, 4 priority bits. The CMSIS device header
 * comes from the user's ChibiOS copy (os/common/ext/ST/STM32F4xx), with
 * the device named by the firmware's build (STM32F405xx or STM32F401xE).
 */
#ifndef CMPARAMS_H
#define CMPARAMS_H

#define CORTEX_MODEL            4
#define CORTEX_HAS_FPU          1
#define CORTEX_PRIORITY_BITS    4U
#define CORTEX_NUM_VECTORS      96
#define CORTEX_MPU_REGIONS      8

#if !defined(_FROM_ASM_)
/* The CMSIS core header for the Cortex-M4, from the user's ChibiOS copy
 * (os/common/ext/ARM/CMSIS/Core/Include), with the exceptions the port
 * names (../common/stm32f4_core.h: 4 priority bits, CORTEX_PRIORITY_BITS).
 * Not the ST device header: its peripheral names would clash with the
 * board's (board_regs.h), and the port needs none of them. */
#include "../common/stm32f4_core.h"
_Static_assert(__NVIC_PRIO_BITS == CORTEX_PRIORITY_BITS, "one priority width for the port and CMSIS");
#endif

#endif /* CMPARAMS_H */
