/* SPDX-License-Identifier: MIT */
/*
 * A 32-bit counter extended to 64 bits by counting its wraps, for the
 * adaptation layers whose os_now() reads a 32-bit count (the board's
 * counter, or a CMSIS kernel's system timer). Kernel-neutral: each layer
 * calls vb_counter64() inside its own kernel's lock, at least once per
 * wrap of the 32-bit count, so that the count never wraps twice between
 * two calls and no call interrupts another.
 */
#ifndef VB_COUNTER64_H
#define VB_COUNTER64_H

#include <stdint.h>

/* The 64-bit time of the count lo, read just now. *last_lo is the count
 * the last call read, *wraps the wraps seen so far (the upper 32 bits):
 * the layer's own two variables, which the call updates. Caller holds
 * its kernel's lock. */
static inline uint64_t vb_counter64(uint32_t lo, uint32_t *last_lo, uint32_t *wraps)
{
    if (lo < *last_lo)
        (*wraps)++;
    *last_lo = lo;
    return ((uint64_t)*wraps << 32) | lo;
}

#endif /* VB_COUNTER64_H */
