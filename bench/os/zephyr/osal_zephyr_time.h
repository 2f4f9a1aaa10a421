/* SPDX-License-Identifier: MIT */
/*
 * The Zephyr backend's time arithmetic, kernel-neutral (no Zephyr header:
 * tools/tests/test_zephyr_backend.py compiles and checks it on the host).
 *
 * Every figure of the harness is in counts of the board's counter
 * (board_cycles, BOARD_CYCLES_HZ: 1 GHz of virtual time on the emulated
 * board); Zephyr keeps its time in ticks of its system timer (SysTick at
 * the core clock, CONFIG_SYS_CLOCK_TICKS_PER_SEC ticks a second). A sleep
 * until board time t is a sleep until a Zephyr tick, computed here from an
 * anchor: a board count b0 and a tick count k0 read just after it.
 *
 * Invariants the callers rely on:
 *   - vz_tick_for(): when Zephyr's tick count reaches the tick returned,
 *     the board's counter has reached t (the tick k0 was current no
 *     earlier than b0, so tick k0 + 1 + n begins at least n tick periods
 *     after b0); the wake is late by at most two tick periods plus the
 *     anchor's read gap;
 *   - the two rates are exact integers and their ratio is reduced once,
 *     so no error accumulates over a sleep.
 * Any context; no state.
 */
#ifndef OSAL_ZEPHYR_TIME_H
#define OSAL_ZEPHYR_TIME_H

#include <stdint.h>

/* Greatest common divisor; with constant arguments the compiler folds it. */
static inline uint64_t vz_gcd(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* Ticks that cover d board counts, rounded up: d * tick_hz / board_hz.
 * A 32-bit division when the product fits (sleeps below about 0.2 s at
 * the emulated board's rates), a 64-bit one otherwise. */
static inline uint64_t vz_ticks_ceil(uint64_t d, uint64_t board_hz, uint64_t tick_hz)
{
    uint64_t g = vz_gcd(board_hz, tick_hz);
    uint64_t num = tick_hz / g, den = board_hz / g;
    if (d <= UINT32_MAX / num && den <= UINT32_MAX) {
        uint32_t p = (uint32_t)d * (uint32_t)num;
        return p / (uint32_t)den + (p % (uint32_t)den != 0u);
    }
    uint64_t q = d / den, r = d % den;     /* no overflow for any d: */
    return q * num + (r * num + den - 1) / den;
}

/* The Zephyr tick at which the board's counter has reached t, from the
 * anchor (b0, k0): b0 read first, then k0. t at or before b0: k0 + 1. */
static inline int64_t vz_tick_for(uint64_t t, uint64_t b0, int64_t k0, uint64_t board_hz,
                                  uint64_t tick_hz)
{
    uint64_t n = t > b0 ? vz_ticks_ceil(t - b0, board_hz, tick_hz) : 0u;
    return k0 + 1 + (int64_t)n;
}

/* Board counts in one tick, rounded up: the granularity of a sleep. */
static inline uint64_t vz_tick_counts(uint64_t board_hz, uint64_t tick_hz)
{
    return (board_hz + tick_hz - 1u) / tick_hz;
}

/* Whether the rate the kernel states (stated_hz) matches the one seen:
 * dk of its cycles counted while the board's counter advanced dc, within
 * 0.1 %. */
static inline int vz_rate_matches(uint64_t dk, uint64_t dc, uint64_t stated_hz, uint64_t board_hz)
{
    /* Expected kernel cycles over dc board counts (dc < 2^32, stated_hz
     * < 2^32: the product fits in 64 bits). */
    uint64_t expect = dc * stated_hz / board_hz;
    uint64_t diff = dk > expect ? dk - expect : expect - dk;
    return expect != 0u && diff * 1000u <= expect;
}

#endif /* OSAL_ZEPHYR_TIME_H */
