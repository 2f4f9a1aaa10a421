/* SPDX-License-Identifier: MIT */
/*
 * Nucleo-H743ZI bring-up: the two start-up hooks that the shared
 * Reset_Handler (boards/common/startup.c) calls around RAM initialisation.
 *
 * Early (before RAM is initialised, so no variables): VTOR to the vector
 * table, then both caches invalidated and on (cm7_cache.h), so that the
 * copy of .data and everything after run cached. The kernel's data lives
 * in the DTCM, which is never cached; the caches serve the code in flash
 * and the AXI SRAM.
 *
 * Late (RAM ready): the clock tree to 400 MHz, the DMA class's MPU region
 * (board_dma.h), the console, the cycle counter. A board that cannot
 * reach 400 MHz stops with a message instead of running with a time base
 * that disagrees with VOS_CFG_CLOCK_HZ.
 */
#include <stdint.h>
#include "board.h"
#include "board_dma.h"
#include "stm32_board_init.h"
#include "cm7_cache.h"
#include "nvic.h"

#define EXIT_CLOCK_FAILED 6   /* the board's own stops (the application's are its own) */

typedef void (*vector_t)(void);
extern const vector_t vector_table[];

void board_reset_early(void)
{
    REG32(SCB_VTOR) = (uint32_t)vector_table;
    cm7_cache_enable();
}

void board_reset_late(void)
{
    uint32_t sysclk = board_clock_init();
    board_dma_region_init();
    board_console_init(sysclk / 4u);            /* APB1 is SYSCLK / 4 on every path */
    board_cycle_counter_init();
    if (sysclk != BOARD_SYSCLK_HZ) {
        board_printf("\n!! clock: PLL1 did not reach %u Hz; stopped on the %u Hz HSI\n",
                     (unsigned)BOARD_SYSCLK_HZ, (unsigned)sysclk);
        board_exit(EXIT_CLOCK_FAILED);
    }
}
