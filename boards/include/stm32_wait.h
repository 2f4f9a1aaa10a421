/* SPDX-License-Identifier: MIT */
/*
 * The silicon boards' bounded register poll (their clock set-up: an
 * oscillator, a PLL, a clock switch or a regulator becoming ready).
 */
#ifndef BOARD_STM32_WAIT_H
#define BOARD_STM32_WAIT_H

#include <stdbool.h>
#include <stdint.h>

/* Poll the register at address reg until (value & mask) == want, at most
 * spins reads; false if it never did. Start-up code, before the kernel. */
static inline bool stm32_wait_bits(uint32_t reg, uint32_t mask, uint32_t want, uint32_t spins)
{
    for (uint32_t i = 0; i < spins; i++) {
        if ((*(volatile uint32_t *)reg & mask) == want)   /* a device register */
            return true;
    }
    return false;
}

#endif /* BOARD_STM32_WAIT_H */
