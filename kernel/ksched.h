/* SPDX-License-Identifier: MIT */
/*
 * The scheduler's state, kernel-private (kernel/sched.c): the ready
 * levels, the scheduler lock, the started flag, the task flags the
 * scheduler reads, and the steps that keep the ready lists. The block
 * itself (vos__s: ready[], cur, ready_map, preempt) and the pick are the
 * port's half too: kernel/port_api.h. Included by kernel.h.
 *
 * Locking rule: all kernel state is changed with kernel interrupts masked
 * (vos__lock). Interrupt handlers only ever make tasks ready (and rotate
 * or re-level them); only thread code (and the port's switch, which
 * picks, never edits) removes tasks from the ready lists. The invariants
 * of the lists are kernel/sched.c's.
 */
#ifndef VAIOS_KERNEL_KSCHED_H
#define VAIOS_KERNEL_KSCHED_H

#include <stdbool.h>
#include <stdint.h>
#include "vaios/vaios.h"
#include "port_api.h"
#include "ktime.h"          /* VOS__SLICE_CHECK */

#define vos__ready_map  (vos__s.ready_map)
#define vos__ready      (vos__s.ready)
#define vos__preempt    (vos__s.preempt)
extern uint32_t vos__lock_depth;             /* vos_sched_lock() nesting */

/* The running task ends (exit, stack fault): its scheduler lock goes with
 * it. Lock held. */
static inline void vos__sched_lock_drop(void)
{
    vos__lock_depth = 0;
    vos__preempt = 1;
}
extern bool vos__started;

#define VOS__TF_SUSPEND  0x01u  /* suspend requested while blocked */
#define VOS__TF_SLICE    0x02u  /* takes part in round-robin slicing */

/* Append t at the tail of its level. Lock held (or an interrupt handler). */
static inline void vos__ready_insert(vos_task_t *t)
{
    unsigned p = t->prio;
    vos_task_t *h = vos__ready[p];

    if (h == NULL) {
        t->next = t->prev = t;
        vos__ready[p] = t;
        vos__ready_map |= 1u << p;
    } else {
        vos_task_t *tail = h->prev;
        t->next = h;
        t->prev = tail;
        tail->next = t;
        h->prev = t;
    }
    VOS__SLICE_CHECK();
}

void vos__ready_remove(vos_task_t *t);

/* vos__ready_remove inline, for the blocking path (wait.c), whose whole
 * length is masked: t off its ready level, but its own links left as they
 * were: the caller sets them (NULL, or its place in a wait queue) before
 * the lock is released. Lock held. */
static inline void vos__ready_unlink(vos_task_t *t)
{
    unsigned p = t->prio;

    if (t->next == t) {
        vos__ready[p] = NULL;
        vos__ready_map &= ~(1u << p);
    } else {
        t->prev->next = t->next;
        t->next->prev = t->prev;
        if (vos__ready[p] == t)
            vos__ready[p] = t->next;
    }
    VOS__SLICE_CHECK();
}

/* Switch if the pick is no longer the running task. Lock held; the switch
 * itself happens when the lock is released. */
static inline void vos__resched(void)
{
    if (vos__pick_inline() != vos__cur)
        arch_switch();
}

/* Change the effective priority of t, moving it within the ready list or
 * its wait queue. Lock held. */
void vos__set_eff_prio(vos_task_t *t, unsigned prio, int cause);

/* Is t the idle task? */
bool vos__is_idle(const vos_task_t *t);

#endif /* VAIOS_KERNEL_KSCHED_H */
