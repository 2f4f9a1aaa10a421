/* SPDX-License-Identifier: MIT */
/*
 * A fake port for the trace recorder's host tests: just the [inline] part of
 * arch/port.h, with the lock turned into counters the tests check (every
 * lock undone, how many were taken). arch_now() is defined by the test
 * program, which drives the clock by hand. Single-threaded.
 */
#ifndef VAIOS_TRACE_TEST_PORT_IMPL_H
#define VAIOS_TRACE_TEST_PORT_IMPL_H

#include <stdint.h>
#include <stdbool.h>

extern uint32_t fake_lock_depth;   /* current nesting */
extern uint32_t fake_lock_count;   /* locks taken since start */

static inline uint32_t arch_lock(void)
{
    uint32_t key = fake_lock_depth;
    fake_lock_depth = key + 1u;
    fake_lock_count++;
    return key;
}

static inline void arch_unlock(uint32_t key)
{
    fake_lock_depth = key;
}

static inline bool arch_in_isr(void)
{
    return false;
}

static inline bool arch_isr_kernel(void)
{
    return false;
}

static inline uint32_t arch_isr_number(void)
{
    return 0;
}

static inline void arch_switch(void)
{
}

static inline uintptr_t arch_ll(volatile uintptr_t *p)
{
    return *p;
}

static inline bool arch_sc(volatile uintptr_t *p, uintptr_t v)
{
    *p = v;
    return true;
}

#endif /* VAIOS_TRACE_TEST_PORT_IMPL_H */
