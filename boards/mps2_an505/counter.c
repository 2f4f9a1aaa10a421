/* SPDX-License-Identifier: MIT */
/*
 * The measurement counter alone, for a kernel that does not use this
 * board's time driver (timebase.c, VAIOS's): the FPGA counter counting
 * every SYSCLK cycle (25 MHz), no interrupt.
 */
#include <stdint.h>
#include "board.h"

void board_counter_start(void)
{
    REG32(FPGAIO_BASE + FPGAIO_PRESCALE) = 0;
}
