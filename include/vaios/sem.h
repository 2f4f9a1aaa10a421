/* SPDX-License-Identifier: MIT */
/*
 * Counting and binary semaphores.
 *
 * A give with waiters hands the unit straight to the highest-priority
 * waiter (FIFO among equals), which runs at once if it outranks the giver;
 * the count only grows when nobody waits. A binary semaphore is one with
 * max == 1.
 */
#ifndef VAIOS_SEM_H
#define VAIOS_SEM_H

#include "vaios/task.h"

typedef struct vos_sem {
    uint32_t tag;               /* VOS_TAG_SEM */
    volatile uintptr_t count;   /* a machine word: updated with LL/SC */
    uint32_t max;
    struct vos_waitq waiters;
} vos_sem_t;

/* Initialise with count initial (<= max, max >= 1, max <= INT32_MAX).
 * Context: task, or before vos_start().
 * Errors: VOS_ERR_INVALID (s NULL), VOS_ERR_ARG, VOS_ERR_CONTEXT (from an
 * interrupt). */
int vos_sem_init(vos_sem_t *s, uint32_t initial, uint32_t max);

/* Give one unit. Context: task (vos_sem_give) or interrupt
 * (vos_sem_give_isr: a woken task runs when the handler returns).
 * Errors: VOS_ERR_INVALID, VOS_ERR_CONTEXT (wrong form for the context),
 * VOS_ERR_OVERFLOW (count already max, nobody waiting; nothing changes). */
int vos_sem_give(vos_sem_t *s);
int vos_sem_give_isr(vos_sem_t *s);

/* Take one unit, waiting at most timeout. Context: task; from an
 * interrupt use vos_sem_take_isr (never waits).
 * Errors: VOS_ERR_INVALID, VOS_ERR_CONTEXT, VOS_ERR_WOULD_BLOCK (no unit
 * and VOS_NO_WAIT), VOS_ERR_TIMEOUT, VOS_ERR_DELETED. */
int vos_sem_take(vos_sem_t *s, vos_dur_t timeout);
int vos_sem_take_isr(vos_sem_t *s);

/* Current count (>= 0) or VOS_ERR_INVALID. Any context. */
int vos_sem_count(const vos_sem_t *s);

/* Delete: every waiter wakes with VOS_ERR_DELETED; later calls on s fail
 * with VOS_ERR_INVALID until it is initialised again.
 * Context: task, or before vos_start().
 * Errors: VOS_ERR_INVALID, VOS_ERR_CONTEXT (from an interrupt). */
int vos_sem_delete(vos_sem_t *s);

#endif /* VAIOS_SEM_H */
