/* SPDX-License-Identifier: MIT */
/*
 * PROVISIONAL minimal host port: only the [inline] functions of arch/port.h,
 * enough to compile and unit-test kernel modules that take the kernel lock
 * (heap, pools) on a Linux host. It is deliberately small and will be
 * replaced as a whole by the real host port (virtual clock, context
 * switching, simulated interrupts); nothing here is a contract beyond
 * arch/port.h.
 *
 * The state lives in three symbols the test program (or the real host port)
 * defines:
 *   arch_host_lock_depth  nesting depth of arch_lock(); 0 = unlocked
 *   arch_host_isr         true while the test pretends to be in a handler
 *   arch_host_switch()    called for every arch_switch() request
 * Single-threaded: the host tests run kernel code on one thread.
 */
#ifndef VAIOS_ARCH_HOST_PORT_IMPL_H
#define VAIOS_ARCH_HOST_PORT_IMPL_H

#include <stdint.h>
#include <stdbool.h>

extern volatile uint32_t arch_host_lock_depth;
extern volatile bool arch_host_isr;
void arch_host_switch(void);

/* The key is the depth before the call, so unlock(key) restores it exactly
 * and locks nest the way BASEPRI save/restore does on Cortex-M. */
static inline uint32_t arch_lock(void)
{
    uint32_t key = arch_host_lock_depth;
    arch_host_lock_depth = key + 1u;
    return key;
}

static inline void arch_unlock(uint32_t key)
{
    arch_host_lock_depth = key;
}

static inline bool arch_in_isr(void)
{
    return arch_host_isr;
}

static inline void arch_switch(void)
{
    arch_host_switch();
}

#endif /* VAIOS_ARCH_HOST_PORT_IMPL_H */
