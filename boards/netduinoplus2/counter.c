/* SPDX-License-Identifier: MIT */
/*
 * The measurement counter alone, for a kernel that does not use this
 * board's time driver (timebase.c, VAIOS's): TIM2 free-running over 32
 * bits at 1 GHz of virtual time, no interrupt. VAIOS's arch_time_init
 * starts the same counter with its wrap interrupt as well.
 */
#include <stdint.h>
#include "board.h"

void board_counter_start(void)
{
    REG32(TIM2_BASE + TIM_ARR) = 0xFFFFFFFFu;
    REG32(TIM2_BASE + TIM_CR1) = TIM_CR1_CEN;
}
