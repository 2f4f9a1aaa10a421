/* SPDX-License-Identifier: MIT */
/*
 * Waiting, kernel-private (kernel/wait.c): wait queues, blocking the
 * running task, and waking a task with a result. Included by kernel.h.
 *
 * Contract (kernel lock held unless said otherwise):
 *  - a wait queue (struct vos_waitq) is in effective-priority order,
 *    highest first, FIFO among equals; a BLOCKED task is on at most one,
 *    and on the timeout list (kernel/ktime.h) when its wait has a
 *    deadline;
 *  - the waker completes the operation and stores the result in the
 *    woken task's wait_result: a woken task never retries;
 *  - a blocking call refuses, with VOS_ERR_CONTEXT, an interrupt, a call
 *    before the start and a locked scheduler (vos__can_block, and
 *    vos__block_prepare again).
 */
#ifndef VAIOS_KERNEL_WAITQ_H
#define VAIOS_KERNEL_WAITQ_H

#include <stdint.h>
#include "vaios/vaios.h"
#include "kcall.h"
#include "ksched.h"

void vos__waitq_insert(struct vos_waitq *q, vos_task_t *t);  /* priority order */
void vos__waitq_remove(struct vos_waitq *q, vos_task_t *t);
void vos__waitq_reposition(struct vos_waitq *q, vos_task_t *t);

/* vos__block in two halves, for callers that must act between queuing the
 * task and switching away (priority inheritance): prepare queues the
 * running task, commit switches, releases the lock and returns the result. */
#if VOS_CFG_TRACE
void vos__block_prepare(struct vos_waitq *q, vos_time_t deadline, int kind, const void *obj);
#else
/* kind and obj are the trace's only: without it they are not passed (two
 * stack arguments less on every blocking path). */
void vos__block_prepare_(struct vos_waitq *q, vos_time_t deadline);
#define vos__block_prepare(q, deadline, kind, obj) \
    ((void)(kind), (void)(obj), vos__block_prepare_((q), (deadline)))
#endif
static inline int vos__block_commit(uint32_t key)
{
    arch_switch();
    vos__unlock(key);   /* the switch happens here; we return when woken */
    return vos__cur->wait_result;
}

/* Block the running task on q (NULL: a plain delay) until deadline (an
 * absolute time, or VOS_TIME_NEVER), with the lock held as key.
 * Releases the lock while blocked, returns with it released and the wait's
 * result: VOS_OK or the code the waker set, VOS_ERR_TIMEOUT on timeout.
 * kind (the trace's enum vos_trace_wait) and obj (the object waited on)
 * are for the trace only. */
static inline int vos__block(struct vos_waitq *q, vos_time_t deadline, uint32_t key,
                             int kind, const void *obj)
{
    vos__block_prepare(q, deadline, kind, obj);
    return vos__block_commit(key);
}

/* Wake t from its wait with result res: off its queue and timeout, ready
 * (or suspended). Lock held. Does not switch: callers call vos__resched(). */
void vos__wake(vos_task_t *t, int res);

/* Wake t without satisfying its wait (timeout, deletion, fault): like
 * vos__wake, and if t waited for a mutex, that mutex's owner gives back
 * the boost t gave it. Lock held. */
void vos__wake_abort(vos_task_t *t, int res);

/* Wake every waiter of q with res (object deletion). Lock held. */
void vos__wake_all(struct vos_waitq *q, int res);

/* The end of an object's delete, lock held as key and released here:
 * every waiter on q wakes with VOS_ERR_DELETED, the object's tag (*tag)
 * reads VOS_TAG_DEAD, so that later calls fail with VOS_ERR_INVALID, and
 * a woken task that outranks the caller runs (from vos_start() on).
 * Returns VOS_OK. */
static inline int vos__delete_locked(struct vos_waitq *q, uint32_t *tag, uint32_t key)
{
    vos__wake_all(q, VOS_ERR_DELETED);
    *tag = VOS_TAG_DEAD;
    if (vos__started)
        vos__resched();
    vos__unlock(key);
    return VOS_OK;
}

/* Refuse a blocking call from a context that cannot block (an interrupt,
 * before the start, with the scheduler locked). vos__block_prepare refuses
 * a locked scheduler too, so a blocking path that does not call this one
 * still fails with VOS_ERR_CONTEXT instead of switching. */
static inline int vos__can_block(void)
{
    if (VOS__UNLIKELY(arch_in_isr() || !vos__preempt))
        return VOS_ERR_CONTEXT;
    return VOS_OK;
}

#endif /* VAIOS_KERNEL_WAITQ_H */
