/* SPDX-License-Identifier: MIT */
/*
 * Waiting: wait queues in priority order, blocking the running task, and
 * waking a task with a result.
 *
 * Invariants (kernel lock held):
 *  - A BLOCKED task is on at most one wait queue (t->waitq) and, when its
 *    wait has a deadline, on the timeout list; nothing else.
 *  - A wait queue is ordered by effective priority, highest first, FIFO
 *    among equals. Insertion walks the queue (O(waiters)); waking the
 *    first waiter is O(1). A priority change repositions the task.
 *  - The waker, not the woken task, completes the operation (hands over
 *    the semaphore count, the mutex, the message) and stores the result
 *    in t->wait_result: a woken task never retries.
 */
#include "kernel.h"

/* The wait queue's model, in ACSL for the WP proofs of the queue's steps
 * (tools/evidence/wp/eff_prio.c; docs/evidence.md says which parts are
 * proved: the way to a proof of vos__set_eff_prio's contract). Comments
 * only.
 * wq_mem(q, x): x is a member of q (uninterpreted; the proof ties it to
 * the tasks BLOCKED with waitq == q). wq_in(q, t, tin, x): membership with
 * t's own given by tin (t is off the ring between remove and insert). The
 * ring's order is given by an order key wq_rank (uninterpreted: any order
 * of the members), except t's place, which is by priority p: after every
 * member of priority >= p, before every member of lower priority. */
/*@ axiomatic WaitQueueModel {
      predicate wq_mem(struct vos_waitq *q, vos_task_t *x);
      logic integer wq_rank(vos_task_t *x);
    }

    predicate wq_in(struct vos_waitq *q, vos_task_t *t, integer tin, vos_task_t *x) =
      x != \null && (x == t ? tin != 0 : wq_mem(q, x));

    predicate wq_before{L}(vos_task_t *t, integer p, vos_task_t *x, vos_task_t *y) =
      x != t && y != t ? wq_rank(x) < wq_rank(y) :
      x == t ? y != t && y->prio < p : x->prio >= p;
*/

void vos__waitq_insert(struct vos_waitq *q, vos_task_t *t)
{
    vos_task_t *h = q->head;

    if (h == NULL) {
        t->next = t->prev = t;
        q->head = t;
        return;
    }
    /* First task of lower priority: t goes before it. */
    vos_task_t *pos = h;
    /* Every member before pos ranks at least t; pos and its prev are apart
     * from every other member, the separation the writes after the loop
     * need, one member at a time (ACSL for the WP proof). */
    /*@ loop invariant wq_in(q, t, 0, pos);
        loop invariant \forall vos_task_t *y;
          wq_in(q, t, 0, y) && wq_before(t, 0, y, pos) ==> y->prio >= t->prio;
        loop invariant ins_sep: \forall vos_task_t *y; wq_in(q, t, 0, y) ==>
          (y == pos || \separated(y, pos)) &&
          (y == pos->prev || \separated(y, pos->prev));
        loop assigns pos; */
    do {
        if (pos->prio < t->prio)
            break;
        pos = pos->next;
    } while (pos != h);

    t->next = pos;
    t->prev = pos->prev;
    pos->prev->next = t;
    pos->prev = t;
    if (pos == h && h->prio < t->prio)
        q->head = t;
}

void vos__waitq_remove(struct vos_waitq *q, vos_task_t *t)
{
    if (t->next == t) {
        q->head = NULL;
    } else {
        t->prev->next = t->next;
        t->next->prev = t->prev;
        if (q->head == t)
            q->head = t->next;
    }
    t->next = t->prev = NULL;
}

void vos__waitq_reposition(struct vos_waitq *q, vos_task_t *t)
{
    vos__waitq_remove(q, t);
    vos__waitq_insert(q, t);
}

#if VOS_CFG_TRACE
void vos__block_prepare(struct vos_waitq *q, vos_time_t deadline, int kind, const void *obj)
#else
void vos__block_prepare_(struct vos_waitq *q, vos_time_t deadline)
#endif
{
    vos_task_t *t = vos__cur;

    if (VOS__UNLIKELY(!vos__preempt)) {
        /* The scheduler is locked: the wait is refused, the task stays
         * ready and its call returns this result (vos__block_commit's
         * switch request keeps it running). Nothing was queued, so the
         * caller's own preparations (a mutex marked tracked, a buffer
         * pointer noted) are harmless leftovers. */
        t->wait_mutex = NULL;
        t->wait_result = VOS_ERR_CONTEXT;
        return;
    }

    /* Inline steps, with no call for the common case of an empty wait
     * queue: this whole path runs with the kernel lock held. t's links go
     * from its ready level straight to their place in the queue. */
    vos__ready_unlink(t);
    t->state = VOS_TASK_BLOCKED;
    t->wait_result = VOS_OK;
    t->waitq = q;
    if (q == NULL) {
        t->next = t->prev = NULL;
    } else if (q->head == NULL) {
        t->next = t->prev = t;
        q->head = t;
    } else {
        vos__waitq_insert(q, t);
    }
    if (deadline != VOS_TIME_NEVER)
        vos__timeout_add(t, deadline);
    vos__lend_check(t);          /* channels lend only to a ready server */
    VOS_TRACE_TASK_BLOCK(t, obj, kind);
    VOS__SW_REASON(kind == VOS_TRACE_WAIT_DELAY ? VOS_TRACE_SW_SLEEP : VOS_TRACE_SW_BLOCK);
}

void vos__wake(vos_task_t *t, int res)
{
    if (t->waitq != NULL) {
        vos__waitq_remove(t->waitq, t);
        t->waitq = NULL;
    }
    if (t->deadline != 0)
        vos__timeout_del(t);
    t->wait_result = res;
    if (t->flags & VOS__TF_SUSPEND) {
        t->flags &= (uint8_t)~VOS__TF_SUSPEND;
        t->state = VOS_TASK_SUSPENDED;
    } else {
        t->state = VOS_TASK_READY;
        vos__ready_insert(t);
        VOS_TRACE_TASK_READY(t);
        /* Woken while still vos__cur: an interrupt handler ran inside the
         * switch away from t, after the switch made its pick. The handler's
         * own "does the pick change?" test compares with t and would see
         * no change, so the switch is requested here: the one in progress
         * completes, and the next one brings t back. */
        if (t == vos__cur)
            arch_switch();
    }
    vos__lend_check(t);
}

void vos__wake_abort(vos_task_t *t, int res)
{
    struct vos_mutex *m = t->wait_mutex;
    t->wait_mutex = NULL;
    vos__wake(t, res);
    if (m != NULL)
        vos__pi_waiter_left(m);      /* its owner may lose a boost */
}

void vos__wake_all(struct vos_waitq *q, int res)
{
    while (q->head != NULL)
        vos__wake_abort(q->head, res);
}
