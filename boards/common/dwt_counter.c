/* SPDX-License-Identifier: MIT */
/*
 * The measurement counter of the STM32 silicon boards: DWT CYCCNT, the
 * core's cycle counter, behind board_cycles() (board_regs.h) and
 * arch_cycles() (alarm_stats.c). Started once at reset by the board's
 * start-up, or by board_counter_start() under another kernel's start-up.
 *
 * From boards/include/armv7m_dwt.h, which the board's board_regs.h
 * includes: CORE_DEMCR, DWT_CTRL, DWT_CYCCNT, DWT_LAR; and the board's
 * BOARD_DWT_UNLOCK, 1 where the DWT ignores software writes until its
 * lock access register takes the key (the Cortex-M7).
 */
#include <stdint.h>
#include "board.h"
#include "stm32_board_init.h"

void board_cycle_counter_init(void)
{
    REG32(CORE_DEMCR) |= CORE_DEMCR_TRCENA;     /* powers the DWT */
#if BOARD_DWT_UNLOCK
    REG32(DWT_LAR) = DWT_LAR_KEY;
#endif
    REG32(DWT_CYCCNT) = 0;
    REG32(DWT_CTRL) |= DWT_CTRL_CYCCNTENA;
}
