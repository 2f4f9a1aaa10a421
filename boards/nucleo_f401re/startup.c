/* SPDX-License-Identifier: MIT */
/*
 * Nucleo-F401RE bring-up: the two start-up hooks that the shared
 * Reset_Handler (boards/common/startup.c) calls around RAM initialisation.
 *
 * Early (before RAM is initialised, so no variables): VTOR to the vector
 * table, which is where the hardware found it (flash aliased at 0 with
 * BOOT0 low), stated explicitly for a start through a boot loader; the
 * kernel's first-task start reads the initial MSP through VTOR.
 *
 * Late (RAM ready): the clock tree to 84 MHz, the console, the cycle
 * counter. A board that cannot reach 84 MHz stops with a message instead
 * of running with a time base that disagrees with VOS_CFG_CLOCK_HZ.
 */
#include <stdint.h>
#include "board.h"
#include "stm32_board_init.h"
#include "nvic.h"

/* Exit statuses of the board's own stops (the application's are its own). */
#define EXIT_CLOCK_FAILED 6

typedef void (*vector_t)(void);
extern const vector_t vector_table[];

void board_reset_early(void)
{
    REG32(SCB_VTOR) = (uint32_t)vector_table;
}

void board_reset_late(void)
{
    uint32_t sysclk = board_clock_init();
    board_console_init(sysclk / 2u);            /* APB1 is SYSCLK / 2 */
    board_cycle_counter_init();
    if (sysclk != BOARD_SYSCLK_HZ) {
        board_printf("\n!! clock: the PLL did not reach %u Hz; stopped on the %u Hz HSI\n",
                     (unsigned)BOARD_SYSCLK_HZ, (unsigned)sysclk);
        board_exit(EXIT_CLOCK_FAILED);
    }
}
