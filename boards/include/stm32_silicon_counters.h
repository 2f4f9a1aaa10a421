/* SPDX-License-Identifier: MIT */
/*
 * The two counters of the STM32 silicon boards (board.h's contract), for
 * a board_regs.h that has included armv7m_dwt.h and stm32_tim.h and
 * defines REG32, TIM2_BASE and BOARD_TIMCLK_HZ:
 *  - board_cycles(): DWT CYCCNT, one load, core clock cycles; enabled
 *    before main() by the start-up code (boards/common/dwt_counter.c);
 *  - the counter an unprivileged task reads (BOARD_USER_CYCLES_*):
 *    CYCCNT is in the private peripheral bus, which answers an
 *    unprivileged load with a BusFault whatever the MPU says, so it is
 *    TIM2's counter, the kernel's time base (stm32_tim2_alarm.c: 32-bit,
 *    free-running, PSC = 0, started by arch_time_init), at BOARD_TIMCLK_HZ.
 *    A domain maps TIM2's block read-only, so no task can disturb the
 *    kernel's time base or alarm.
 * The including board states how TIM2's rate relates to the core clock
 * (BOARD_CYCLES_PER_TIM_COUNT) and, where it is not one count per cycle,
 * the unit (BOARD_USER_CYCLE_UNIT).
 */
#ifndef BOARD_STM32_SILICON_COUNTERS_H
#define BOARD_STM32_SILICON_COUNTERS_H

static inline uint32_t board_cycles(void)
{
    return REG32(DWT_CYCCNT);
}

#define BOARD_USER_CYCLES_REG             (TIM2_BASE + TIM_CNT)
#define BOARD_USER_CYCLES_BLOCK           TIM2_BASE
#define BOARD_USER_CYCLES_BLOCK_SIZE      1024u
#define BOARD_USER_CYCLES_IS_BOARD_CYCLES 0

#endif /* BOARD_STM32_SILICON_COUNTERS_H */
