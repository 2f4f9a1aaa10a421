/* SPDX-License-Identifier: MIT */
/*
 * Work queues: a task (the queue's worker, at the priority its creator
 * gives) that runs submitted work items one after the other, in the order
 * they were submitted.
 *
 * A work item is the caller's memory (vos_work_t): submitting allocates
 * nothing, so an interrupt handler can hand work to a task in one call.
 * An item is pending (queued on one queue, or delayed: waiting on its own
 * kernel timer to be queued) at most once at a time; a second submit of a
 * pending item is refused with VOS_ERR_STATE and changes nothing. An item
 * that is running is not pending: it may be submitted again, by itself
 * too (it then runs again after the items queued before it).
 *
 * The worker touches an item only under the kernel lock and never after
 * the item's function has started: a function may reinitialise, resubmit
 * or reuse its own item's memory.
 *
 * Cancel is exact: VOS_OK means that the item does not start after the
 * call returns (its pending submission was removed); VOS_ERR_BUSY that
 * it is running in its worker at that moment and finishes (a pending
 * submission, if any, is removed all the same: it does not start again).
 *
 * Costs: submit, delayed expiry and cancel are O(1) with kernel interrupts
 * masked (plus the timer's O(log n) for delayed items); flush wakes its
 * waiters after each item, O(flushers).
 */
#ifndef VAIOS_WORKQ_H
#define VAIOS_WORKQ_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/task.h"
#include "vaios/timer.h"

typedef struct vos_work vos_work_t;
struct vos_workq;

/* An item's function: runs in the worker task (task context, at the
 * queue's priority); w is the item, arg the one given to vos_work_init. */
typedef void (*vos_work_fn_t)(vos_work_t *w, void *arg);

/* A work item; its fields are the kernel's. */
struct vos_work {
    uint32_t tag;                      /* VOS_TAG_WORK */
    struct vos_work *next, *prev;      /* the queue's list while queued */
    struct vos_workq *q;               /* the queue it is pending on, or NULL */
    struct vos_workq *ran_on;          /* the queue that last started it */
    vos_work_fn_t fn;
    void *arg;
    uint32_t seq;                      /* its queue's submission number (flush) */
    uint8_t state;                     /* idle, queued, delayed (kernel/workq.c) */
    vos_timer_t timer;                 /* the delay of vos_workq_submit_after */
};

/* A work queue and its worker task; its fields are the kernel's. */
typedef struct vos_workq {
    uint32_t tag;                      /* VOS_TAG_WORKQ */
    vos_work_t *head, *tail;           /* queued items, oldest first */
    vos_work_t *running;               /* the item whose function runs, or NULL */
    uint32_t run_seq;                  /* its submission number */
    uint32_t seq;                      /* the last submission number given */
    uint32_t done;                     /* items run to their end since init */
    struct vos_waitq idle;             /* the worker, while nothing is queued */
    struct vos_waitq flushers;         /* tasks in vos_workq_flush */
    vos_task_t task;                   /* the worker */
} vos_workq_t;

/* Initialise w (idle) with its function fn and argument arg. Context:
 * task or before start.
 * Errors: VOS_ERR_INVALID (w NULL; w is pending on a queue),
 * VOS_ERR_ARG (fn NULL), VOS_ERR_CONTEXT (from an interrupt). */
int vos_work_init(vos_work_t *w, vos_work_fn_t fn, void *arg);

/* Initialise q and create its worker task, named name, at priority prio,
 * on the given stack (as vos_task_create). Context: task or before start.
 * Errors: VOS_ERR_INVALID (q NULL; q's worker is alive),
 * VOS_ERR_ARG (stack NULL, priority, stack size), VOS_ERR_CONTEXT (from
 * an interrupt). */
int vos_workq_init(vos_workq_t *q, const char *name, unsigned prio, void *stack,
                   size_t stack_size);

/* Queue w at the tail of q. The worker runs it after every item queued
 * before it; if the worker outranks the caller it runs when the call
 * returns (from a handler: when the handler returns). Any context (task
 * or a kernel-level interrupt).
 * Errors: VOS_ERR_INVALID (q or w not initialised), VOS_ERR_STATE (w is
 * already pending, queued or delayed, on any queue: nothing changes),
 * VOS_ERR_CONTEXT (a handler above the kernel's level). */
int vos_workq_submit(vos_workq_t *q, vos_work_t *w);

/* Queue w on q once delay has passed (at least; on the kernel's timers,
 * from the alarm interrupt). w is pending (delayed) meanwhile. A delay
 * of 0 queues it at the next alarm interrupt. Any context.
 * Errors: as vos_workq_submit, and VOS_ERR_ARG (delay VOS_DUR_MAX or
 * more, VOS_FOREVER among them). */
int vos_workq_submit_after(vos_workq_t *q, vos_work_t *w, vos_dur_t delay);

/* Cancel w's pending submission (queued or delayed). Context: task.
 * Results:
 *   VOS_OK          w was pending and is not any more: it does not
 *                   start after this call returns;
 *   VOS_ERR_STATE   w was neither pending nor running: nothing changes
 *                   (it does not start either);
 *   VOS_ERR_BUSY    w's function is running in its worker right now (the
 *                   caller preempted it or runs above it): it runs to its
 *                   end; a pending submission was removed, so it does not
 *                   start again.
 * Errors: VOS_ERR_INVALID (w not an item), VOS_ERR_CONTEXT (from an
 * interrupt; or from w's own function: nothing changes). */
int vos_workq_cancel(vos_work_t *w);

/* Wait until every item queued on q when the call was made has run to
 * its end (or was cancelled). Items queued later, and delayed items still
 * waiting on their timer, are not waited for. Context: task.
 * Errors: VOS_ERR_INVALID, VOS_ERR_DEADLOCK (called by q's own worker,
 * from an item's function), VOS_ERR_WOULD_BLOCK (VOS_NO_WAIT and not yet
 * flushed), VOS_ERR_TIMEOUT, VOS_ERR_ABORTED (vos_task_abort_wait),
 * VOS_ERR_CONTEXT (from an interrupt, with the scheduler locked). */
int vos_workq_flush(vos_workq_t *q, vos_dur_t timeout);

/* 1 if w is pending (queued or delayed), 0 if not, or VOS_ERR_INVALID.
 * Any context. */
int vos_work_pending(const vos_work_t *w);

/* q's worker task into *out (its priority, its stack's high-water mark).
 * Any context. Errors: VOS_ERR_INVALID (q not a queue), VOS_ERR_ARG (out
 * NULL). */
int vos_workq_task(vos_workq_t *q, vos_task_t **out);

#endif /* VAIOS_WORKQ_H */
