/* SPDX-License-Identifier: MIT */
/*
 * Linux host: inline part of the port contract (see arch/port.h and
 * docs/host-port.md). The rest is in port.c (contexts, the simulated CPU
 * and its interrupts) and clock.c (the virtual time base and alarm).
 *
 * The simulated CPU has one "kernel interrupt mask", one "in a handler"
 * flag and one pending context switch, as the Cortex-M port has BASEPRI,
 * IPSR and PendSV:
 *
 *   arch_host_lock_depth  bits 0..30: nesting depth of arch_lock(), 0 when
 *                         unlocked. Bit 31 (ARCH_HOST_PENDING): the port has
 *                         work to do as soon as the lock drops outside a
 *                         handler (a requested switch, an alarm that came due
 *                         while masked). Only the port sets that bit.
 *   arch_host_isr         true while a simulated handler (or the switch
 *                         itself, which is a handler on Cortex-M) runs.
 *   arch_host_switch()    called for every arch_switch() request, and by
 *                         arch_unlock() when the lock drops with bit 31 set.
 *
 * These three symbols keep the names and types of the provisional host
 * header, so a test that compiles a single kernel module (kernel/heap.c)
 * against this header and defines the three itself still links and works:
 * its arch_host_switch() never sets bit 31, so arch_unlock() never calls it.
 *
 * Everything runs on one thread; "interrupts" are calls the test makes
 * (host_irq) or the virtual alarm, delivered at well-defined points, so
 * every run is deterministic.
 */
#ifndef VAIOS_ARCH_HOST_PORT_IMPL_H
#define VAIOS_ARCH_HOST_PORT_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "vaios/config.h"

#if VOS_CFG_MPU
#error "VOS_CFG_MPU: the host port has no memory protection unit"
#endif

/* The final wait polls the virtual clock, which stands still between two
 * of the test's steps: it ends at its deadline from any entry (port.h).
 * A test build may set one (test_wake_margin) to check the calibration. */
#ifndef ARCH_SPIN_MARGIN
#define ARCH_SPIN_MARGIN 0u
#endif

#define ARCH_HOST_PENDING    0x80000000u
#define ARCH_HOST_DEPTH_MASK 0x7FFFFFFFu

extern volatile uint32_t arch_host_lock_depth;
extern volatile bool arch_host_isr;
void arch_host_switch(void);

/* The key is the depth before the call, so unlock(key) restores it exactly
 * and locks nest the way BASEPRI save/restore does on Cortex-M. */
static inline uint32_t arch_lock(void)
{
    uint32_t d = arch_host_lock_depth;
    arch_host_lock_depth = d + 1u;
    return d & ARCH_HOST_DEPTH_MASK;
}

/* A test's interrupt for the n-th release of the lock (host_test.h:
 * host_irq_at_unlock); weak, as the store-conditional hook below. */
extern void (*volatile arch_host_unlock_irq)(void) __attribute__((weak));
void arch_host_unlock_interrupt(void) __attribute__((weak));

static inline void arch_unlock(uint32_t key)
{
    uint32_t d = arch_host_lock_depth;
    arch_host_lock_depth = key | (d & ARCH_HOST_PENDING);
    if (key == 0 && (d & ARCH_HOST_PENDING) && !arch_host_isr)
        arch_host_switch();
    if (key == 0 && &arch_host_unlock_irq != NULL && arch_host_unlock_irq != NULL &&
        !arch_host_isr)
        arch_host_unlock_interrupt();
}

static inline bool arch_in_isr(void)
{
    return arch_host_isr;
}

/* The simulated exception numbers (port.c sets arch_host_exc around each
 * handler): ARCH_HOST_EXC_SYSTEM for the system context's own kernel code
 * (the switch, PendSV on Cortex-M), the alarm's, one per nesting level of
 * the tests' interrupts (host_irq), and those above the kernel's level
 * (host_irq_above), which arch_host_above marks. */
#define ARCH_HOST_EXC_SYSTEM 14u
/* Weak, as the hooks below: a program that compiles single kernel
 * modules without port.c has no handler above the kernel. */
extern volatile uint32_t arch_host_exc __attribute__((weak));
extern volatile bool arch_host_above __attribute__((weak));

static inline uint32_t arch_isr_number(void)
{
    if (!arch_host_isr)
        return 0u;
    return &arch_host_exc != NULL && arch_host_exc != 0 ? arch_host_exc : ARCH_HOST_EXC_SYSTEM;
}

static inline bool arch_isr_kernel(void)
{
    return arch_host_isr && !(&arch_host_above != NULL && arch_host_above);
}

static inline void arch_switch(void)
{
    arch_host_switch();
}

/* Load-linked / store-conditional. Simulated interrupts and switches
 * happen only at well-defined points, so nothing comes between the two,
 * except on request: a test arms arch_host_sc_irq (host_test.h:
 * host_irq_in_next_sc) and the next store-conditional first delivers that
 * interrupt (and the switch it may cause), then fails, as an exception
 * between LDREX and STREX makes the STREX fail on Cortex-M. Both hook
 * symbols are weak, so a program that compiles single kernel modules
 * without port.c still links; there they are never armed. */
extern void (*volatile arch_host_sc_irq)(void) __attribute__((weak));
void arch_host_sc_interrupt(void) __attribute__((weak));

static inline uintptr_t arch_ll(volatile uintptr_t *p)
{
    return *p;
}

static inline bool arch_sc(volatile uintptr_t *p, uintptr_t v)
{
    if (&arch_host_sc_irq != NULL && arch_host_sc_irq != NULL) {
        arch_host_sc_interrupt();
        return false;
    }
    *p = v;
    return true;
}

/* The offset forms (port.h): the same pair on base + off, with the
 * Cortex-M port's compile-time check of the offset, so that a kernel
 * built here uses only offsets that port can encode. */
#define ARCH_HOST_LL_WORD(base, off) \
    ((volatile uintptr_t *)(volatile void *)((volatile char *)(base) + (off)))
#define arch_ll_at(base, off) __extension__({                                  \
    _Static_assert((off) % 4 == 0 && (off) <= 1020, "LDREX offset: 0..1020, 4-aligned"); \
    arch_ll(ARCH_HOST_LL_WORD(base, off)); })
#define arch_sc_at(base, off, v) __extension__({                               \
    _Static_assert((off) % 4 == 0 && (off) <= 1020, "STREX offset: 0..1020, 4-aligned"); \
    arch_sc(ARCH_HOST_LL_WORD(base, off), (v)); })

#endif /* VAIOS_ARCH_HOST_PORT_IMPL_H */
