/* SPDX-License-Identifier: MIT */
/*
 * The Armv7-M core debug and DWT registers the STM32 silicon boards use
 * (boards/common/dwt_counter.c, stm32_usart_console.c, the Nucleo
 * boards' clock.c): architectural, at the same addresses on the
 * Cortex-M4 and the Cortex-M7 (Armv7-M architecture manual, C1.6 and
 * C1.8). A board's board_regs.h includes it and sets BOARD_DWT_UNLOCK: 1
 * where the DWT ignores software writes until DWT_LAR takes DWT_LAR_KEY
 * (the Cortex-M7), 0 where there is no such lock (the Cortex-M4).
 */
#ifndef BOARD_ARMV7M_DWT_H
#define BOARD_ARMV7M_DWT_H

#define CORE_DHCSR            0xE000EDF0u
#define CORE_DHCSR_C_DEBUGEN  (1u << 0)      /* a debugger is attached */
#define CORE_DEMCR            0xE000EDFCu
#define CORE_DEMCR_TRCENA     (1u << 24)     /* powers DWT and ITM */
#define DWT_CTRL              0xE0001000u
#define DWT_CTRL_CYCCNTENA    (1u << 0)
#define DWT_CYCCNT            0xE0001004u
#define DWT_LAR               0xE0001FB0u    /* lock access (BOARD_DWT_UNLOCK) */
#define DWT_LAR_KEY           0xC5ACCE55u

#endif /* BOARD_ARMV7M_DWT_H */
