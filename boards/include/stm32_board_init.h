/* SPDX-License-Identifier: MIT */
/*
 * Bring-up steps of the STM32 silicon boards (the Nucleo-F401RE, the
 * Nucleo-H743ZI), called once by the board's Reset_Handler (its
 * startup.c) in this order, before main(). Private to those boards and
 * the boards/common code they share; the clock rates, the USART and its
 * pins are the board's (its board_regs.h and clock.c).
 */
#ifndef BOARD_STM32_BOARD_INIT_H
#define BOARD_STM32_BOARD_INIT_H

#include <stdint.h>

/* The clock tree to BOARD_SYSCLK_HZ (the board's clock.c: on the H743
 * first the supply, regulator scale and flash wait states) and the
 * peripheral clocks the board uses. Returns the SYSCLK frequency reached:
 * BOARD_SYSCLK_HZ, or BOARD_HSI_HZ when a step did not complete in time
 * (the board then runs on the HSI, its buses as its clock.c says). */
uint32_t board_clock_init(void);

/* The board's console USART at 115200 8N1 for an APB1 clock of pclk1_hz
 * (boards/common/stm32_usart_console.c). Before it,
 * board_console_write() discards its output. */
void board_console_init(uint32_t pclk1_hz);

/* DWT cycle counter on, from 0 (boards/common/dwt_counter.c):
 * board_cycles() counts. */
void board_cycle_counter_init(void);

#endif /* BOARD_STM32_BOARD_INIT_H */
