/* SPDX-License-Identifier: MIT */
/*
 * The port contract (arch/port.h) as the static analyses see it: plain C
 * in place of the Cortex-M port's BASEPRI, IPSR and LDREX/STREX assembly,
 * with the behaviour the contract states and nothing more. It is not a
 * port: nothing runs it; Frama-C reads it instead of arch/cortex-m's
 * port_impl.h (docs/evidence.md, "The port stub", lists what it assumes).
 *
 *  - arch_lock/arch_unlock: a mask depth; the key of the outermost lock
 *    is 0 (port.h's rule). A switch requested with arch_switch happens
 *    when the outermost lock is released, and changes vos__s.cur to the
 *    pick and nothing else (port.h: "it changes vos__s.cur and nothing
 *    else of the kernel").
 *  - arch_in_isr: what the analysis driver says (ev_in_isr).
 *  - arch_ll/arch_sc: arch_sc may fail at any time (an interrupt or a
 *    switch came between), which the analysis explores as both outcomes.
 */
#ifndef VAIOS_EVIDENCE_PORT_IMPL_H
#define VAIOS_EVIDENCE_PORT_IMPL_H

#include <stdint.h>
#include <stdbool.h>
#include "port_config.h"

#define ARCH_SPIN_MARGIN 0u

extern uint32_t ev_lock_depth;      /* nested arch_lock()s */
extern bool ev_switch_pending;      /* arch_switch() since the last switch */
extern bool ev_in_isr;              /* the driver calls from an interrupt */
extern int ev_sc_fails;             /* nondeterministic: does arch_sc fail */
struct vos_task;
void ev_do_switch(void);            /* vos__s.cur = vos__pick() (port.h) */

static inline uint32_t arch_lock(void)
{
    uint32_t prev = ev_lock_depth;
    ev_lock_depth = prev + 1u;
    return prev;
}

static inline void arch_unlock(uint32_t key)
{
    ev_lock_depth = key;
    if (key == 0u && ev_switch_pending && !ev_in_isr)
        ev_do_switch();
}

static inline bool arch_in_isr(void)
{
    return ev_in_isr;
}

/* Every driver interrupt is a kernel-level one (the driver makes no call
 * from a handler above that level); its number is any non-zero one. */
static inline bool arch_isr_kernel(void)
{
    return ev_in_isr;
}

static inline uint32_t arch_isr_number(void)
{
    return ev_in_isr ? 16u : 0u;
}

static inline void arch_switch(void)
{
    ev_switch_pending = true;
    if (ev_lock_depth == 0u && !ev_in_isr)
        ev_do_switch();
}

static inline uintptr_t arch_ll(volatile uintptr_t *p)
{
    return *p;
}

int ev_nondet(void);                /* any int: both outcomes explored */

static inline bool arch_sc(volatile uintptr_t *p, uintptr_t v)
{
    if (ev_nondet())
        return false;
    *p = v;
    return true;
}

#define arch_ll_at(base, off) arch_ll((volatile uintptr_t *)((char *)(base) + (off)))
#define arch_sc_at(base, off, v) \
    arch_sc((volatile uintptr_t *)((char *)(base) + (off)), (uintptr_t)(v))

#endif /* VAIOS_EVIDENCE_PORT_IMPL_H */
