/* SPDX-License-Identifier: MIT */
/*
 * The system clock switch of the STM32 silicon boards
 * (boards/common/stm32_sysclk.c, which says what the board's board_regs.h
 * names for it). Called by the board's board_clock_init, before the
 * kernel, in this order: to the HSI, the PLL configured, to the PLL.
 */
#ifndef BOARD_STM32_SYSCLK_H
#define BOARD_STM32_SYSCLK_H

#include <stdbool.h>
#include <stdint.h>

/* SYSCLK on the HSI (on, at its full rate) and the system PLL off, so
 * that it can be configured. False if a step did not complete within
 * spins reads of its flag. */
bool stm32_sysclk_to_hsi(uint32_t spins);

/* The system PLL on and SYSCLK switched to it. False if the PLL did not
 * lock or the switch did not complete within spins reads: SYSCLK then
 * stays on the HSI. */
bool stm32_sysclk_to_pll(uint32_t spins);

#endif /* BOARD_STM32_SYSCLK_H */
