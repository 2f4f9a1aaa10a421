/* SPDX-License-Identifier: MIT */
/*
 * Bring-up steps of the Nucleo-F401RE, called once by Reset_Handler
 * (startup.c) in this order, before main(). Private to the board.
 */
#ifndef BOARD_INIT_H
#define BOARD_INIT_H

#include <stdint.h>

/* Clock tree to 84 MHz (clock.c) and the peripheral clocks the board uses.
 * Returns the SYSCLK frequency reached: BOARD_SYSCLK_HZ, or BOARD_HSI_HZ
 * when the PLL did not lock or was not selected in time (the board then
 * runs on the HSI with APB1 at half of it). */
uint32_t board_clock_init(void);

/* USART2 on PA2 at 115200 8N1 for an APB1 clock of pclk1_hz
 * (boards/common/stm32_usart_console.c).
 * Before it, board_console_write() discards its output. */
void board_console_init(uint32_t pclk1_hz);

/* DWT cycle counter on, from 0 (boards/common/dwt_counter.c): board_cycles() counts. */
void board_cycle_counter_init(void);

#endif /* BOARD_INIT_H */
