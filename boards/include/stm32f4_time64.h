/* SPDX-License-Identifier: MIT */
/*
 * The 64-bit time of the STM32F4 boards: a 32-bit free-running counter
 * (TIM2) extended in software. A read that finds the counter below the
 * last one read counts a wrap, so the board must read it at least once per
 * wrap period (its timebase.c says how). Included by the board's
 * timebase.c only: the state is that file's.
 */
#ifndef BOARD_STM32F4_TIME64_H
#define BOARD_STM32F4_TIME64_H

#include <stdint.h>
#include "port.h"
#include "vaios/time.h"

static uint32_t time64_last_lo;   /* last counter value read */
static uint32_t time64_hi;        /* upper 32 bits of time */

/* 64-bit time from a fresh counter read lo. Kernel lock held. */
static inline vos_time_t time64_extend(uint32_t lo)
{
    if (lo < time64_last_lo)
        time64_hi++;
    time64_last_lo = lo;
    return ((vos_time_t)time64_hi << 32) | lo;
}

/* arch_now() (arch/port.h) of a board whose counter read is read: the
 * extension of a fresh read, under the kernel lock. Inlined with read a
 * constant (the board's own inline read), so arch_now costs no call more
 * than if written out. Any context. */
static inline __attribute__((always_inline)) vos_time_t time64_now(uint32_t (*read)(void))
{
    uint32_t key = arch_lock();
    vos_time_t t = time64_extend(read());
    arch_unlock(key);
    return t;
}

#endif /* BOARD_STM32F4_TIME64_H */
