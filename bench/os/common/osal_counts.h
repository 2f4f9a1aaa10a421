/* SPDX-License-Identifier: MIT */
/*
 * bench/osal.h's durations and os_sleep for an adaptation layer whose
 * os_now() counts at a fixed rate (the board's counter, or a CMSIS
 * kernel's system timer). Kernel-neutral. The layer's osal_impl.h
 * defines OSAL_COUNTS_HZ, its counts per second (a constant, or a
 * variable set before the first task runs), and declares os_now and
 * os_sleep_until (which wakes at or after its deadline) before it
 * includes this header.
 */
#ifndef VB_OSAL_COUNTS_H
#define VB_OSAL_COUNTS_H

#include <stdint.h>

static inline uint64_t os_ms(uint64_t ms) { return ms * OSAL_COUNTS_HZ / 1000u; }
static inline uint64_t os_us(uint64_t us) { return us * OSAL_COUNTS_HZ / 1000000u; }
static inline uint64_t os_ns(uint64_t ns) { return ns * OSAL_COUNTS_HZ / 1000000000u; }

/* At least d counts, as bench/osal.h requires: os_sleep_until's deadline
 * is now + d. */
static inline void os_sleep(uint64_t d) { os_sleep_until(os_now() + d); }

#endif /* VB_OSAL_COUNTS_H */
