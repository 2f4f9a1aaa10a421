/* SPDX-License-Identifier: MIT */
/*
 * The parts of the board's time half of the port contract that the
 * STM32 boards share: arch_cycles() is the board's raw measurement
 * counter, board_cycles() of board_regs.h (TIM2 on the emulated board,
 * DWT CYCCNT on the Nucleo-F401RE; both at VOS_CFG_CLOCK_HZ), or, on a
 * board whose measurement counter runs at another rate than the time base
 * (the Nucleo-H743ZI: DWT at 400 MHz, TIM2 at 200 MHz), the counter its
 * board_regs.h names as BOARD_KERNEL_CYCLES() (arch/port.h wants
 * VOS_CFG_CLOCK_HZ); and the alarm
 * handler statistics of board.h, which each board's alarm handler
 * updates through board_alarm_stats_record().
 */
#include <stdint.h>
#include "board.h"
#include "port.h"

struct board_alarm_stats board_alarm_stats;

uint32_t arch_cycles(void)
{
#ifdef BOARD_KERNEL_CYCLES
    return BOARD_KERNEL_CYCLES();
#else
    return board_cycles();
#endif
}
