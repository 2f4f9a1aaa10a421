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

/* The compile-time checks of a board's system PLL settings: the PLL input
 * (hsi / m) within [in_min, in_max] Hz, the multiplier n within
 * [n_min, n_max], the VCO (input x n) within [vco_min, vco_max] Hz, and the
 * P output (VCO / p) equal to sysclk. The ranges are the chip's, from its
 * reference manual; the board states its other outputs' checks itself.
 * At file scope, followed by a semicolon. */
#define STM32_PLL_CHECKS(hsi, m, n, p, sysclk, in_min, in_max, n_min, n_max, vco_min, vco_max)  \
    _Static_assert((hsi) / (m) >= (in_min) && (hsi) / (m) <= (in_max),                           \
                   "PLL input out of range");                                                   \
    _Static_assert((n) >= (n_min) && (n) <= (n_max), "PLL multiplier N out of range");          \
    _Static_assert((hsi) / (m) * (n) >= (vco_min) && (hsi) / (m) * (n) <= (vco_max),             \
                   "VCO out of range");                                                         \
    _Static_assert((hsi) / (m) * (n) / (p) == (sysclk), "PLL P output does not give SYSCLK")

/* SYSCLK on the HSI (on, at its full rate) and the system PLL off, so
 * that it can be configured. False if a step did not complete within
 * spins reads of its flag. */
bool stm32_sysclk_to_hsi(uint32_t spins);

/* The system PLL on and SYSCLK switched to it. False if the PLL did not
 * lock or the switch did not complete within spins reads: SYSCLK then
 * stays on the HSI. */
bool stm32_sysclk_to_pll(uint32_t spins);

#endif /* BOARD_STM32_SYSCLK_H */
