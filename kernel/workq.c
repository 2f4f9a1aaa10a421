/* SPDX-License-Identifier: MIT */
/*
 * Work queues (see vaios/workq.h): a worker task per queue running the
 * items submitted to it in order; items in caller memory; delayed items
 * on their own interrupt-context kernel timer.
 *
 * Invariants (kernel lock held):
 *  - w->state is W_QUEUED exactly when w is on w->q's list (head..tail,
 *    doubly linked, submission order, so seq increases from head to
 *    tail); W_DELAYED exactly when w's timer is armed for w->q (or its
 *    callback is committed in the alarm interrupt and has not yet taken
 *    the lock: it then finds the state it must act on); W_IDLE otherwise,
 *    with w->q NULL.
 *  - q->running is the item whose function q's worker has committed to
 *    (taken off the list under the lock) until the worker takes the lock
 *    again after it; run_seq is its submission number. The worker reads
 *    nothing of an item once its function may have started: the function
 *    may reuse its own memory.
 *  - Every state change of an item and of a queue is made under the
 *    kernel lock, the timer's expiry callback included: a cancel that
 *    finds W_DELAYED and stops the timer is exact even if the alarm
 *    interrupt has already committed to the callback (the callback then
 *    finds W_IDLE and does nothing; cancel is task context, so that
 *    callback cannot be suspended under the caller).
 *  - Flush waits for a submission number: the items of q with seq <= its
 *    target are those queued when it started; flushed once none of them
 *    is queued (the head's seq is past the target) or running.
 */
#include "kernel.h"
#include "vaios/workq.h"

enum work_state { W_IDLE = 0, W_QUEUED, W_DELAYED };

static inline bool workq_valid(const vos_workq_t *q)
{
    return q != NULL && q->tag == VOS_TAG_WORKQ;
}

static inline bool work_valid(const vos_work_t *w)
{
    return w != NULL && w->tag == VOS_TAG_WORK;
}

/* a is after b in submission order (wrap-safe). */
static inline bool seq_after(uint32_t a, uint32_t b)
{
    return (int32_t)(a - b) > 0;
}

/* w runs in its last queue's worker right now. Lock held. */
static inline bool work_running(const vos_work_t *w)
{
    return w->ran_on != NULL && w->ran_on->running == w;
}

static bool flushed(const vos_workq_t *q, uint32_t target)
{
    return (q->head == NULL || seq_after(q->head->seq, target)) &&
           (q->running == NULL || seq_after(q->run_seq, target));
}

/* Wake every flusher to test its target again. Lock held. */
static void wake_flushers(vos_workq_t *q)
{
    if (q->flushers.head != NULL) {
        vos__wake_all(&q->flushers, VOS_OK);
        if (vos__started)
            vos__resched();
    }
}

/* Append an idle w to q and wake the worker if it waits. Lock held;
 * any context (the switch, from a handler, when it returns). */
static void enqueue(vos_workq_t *q, vos_work_t *w)
{
    w->state = W_QUEUED;
    w->q = q;
    w->seq = ++q->seq;
    w->next = NULL;
    w->prev = q->tail;
    if (q->tail != NULL)
        q->tail->next = w;
    else
        q->head = w;
    q->tail = w;
    vos_task_t *t = q->idle.head;
    if (t != NULL) {
        vos__wake(t, VOS_OK);
        if (vos__started)
            vos__resched();
    }
}

/* Take a queued w off its queue's list (idle again). Lock held. */
static void unlink_item(vos_work_t *w)
{
    vos_workq_t *q = w->q;
    if (w->prev != NULL)
        w->prev->next = w->next;
    else
        q->head = w->next;
    if (w->next != NULL)
        w->next->prev = w->prev;
    else
        q->tail = w->prev;
    w->next = w->prev = NULL;
    w->state = W_IDLE;
    w->q = NULL;
}

/* The delay's end, in the alarm interrupt: queue w if it is still
 * delayed (a cancel may have come first). */
static void delay_expired(vos_timer_t *tm, void *arg)
{
    (void)tm;
    vos_work_t *w = arg;
    uint32_t key = vos__lock();
    if (w->tag == VOS_TAG_WORK && w->state == W_DELAYED) {
        vos_workq_t *q = w->q;
        w->state = W_IDLE;
        enqueue(q, w);
    }
    vos__unlock(key);
}

/* The worker: takes the oldest item, runs its function unlocked, and
 * waits on q->idle while nothing is queued. */
static void worker(void *arg)
{
    vos_workq_t *q = arg;
    uint32_t key = vos__lock();
    for (;;) {
        vos_work_t *w = q->head;
        if (w == NULL) {
            (void)vos__block(&q->idle, VOS_TIME_NEVER, key, VOS_TRACE_WAIT_WORKQ, q);
            key = vos__lock();
            continue;
        }
        unlink_item(w);
        w->ran_on = q;
        q->running = w;
        q->run_seq = w->seq;
        vos_work_fn_t fn = w->fn;
        void *warg = w->arg;
        vos__unlock(key);
        fn(w, warg);
        key = vos__lock();
        q->running = NULL;
        q->done++;
        wake_flushers(q);
    }
}

/* --- Public functions ------------------------------------------------------------ */

int vos_work_init(vos_work_t *w, vos_work_fn_t fn, void *arg)
{
    VOS__CHECK(w != NULL, VOS_ERR_INVALID);
    VOS__CHECK(fn != NULL, VOS_ERR_ARG);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    uint32_t key = vos__lock();
    if (w->tag == VOS_TAG_WORK && w->state != W_IDLE) {
        vos__unlock(key);
        return VOS_ERR_INVALID;
    }
    vos__unlock(key);
    *w = (vos_work_t){ .tag = VOS_TAG_WORK, .fn = fn, .arg = arg, .state = W_IDLE };
    /* An interrupt-context timer needs no service task: never refused. */
    int err = vos_timer_init(&w->timer, "work", delay_expired, w, VOS_TIMER_ISR);
    VOS__ASSERT(err == VOS_OK);
    (void)err;
    return VOS_OK;
}

int vos_workq_init(vos_workq_t *q, const char *name, unsigned prio, void *stack,
                   size_t stack_size)
{
    VOS__CHECK(q != NULL, VOS_ERR_INVALID);
    VOS__CHECK(stack != NULL, VOS_ERR_ARG);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    if (q->tag == VOS_TAG_WORKQ && q->task.tag == VOS_TAG_TASK &&
        q->task.state != VOS_TASK_EXITED && q->task.state != VOS_TASK_FAULTED)
        return VOS_ERR_INVALID;
    vos_task_t task = q->task;   /* vos_task_create refuses a live task itself */
    *q = (vos_workq_t){ .tag = 0 };
    q->task = task;
    int err = vos_task_create(&q->task, name, worker, q, prio, stack, stack_size);
    if (err != VOS_OK)
        return err;
    q->tag = VOS_TAG_WORKQ;
    return VOS_OK;
}

int vos_workq_submit(vos_workq_t *q, vos_work_t *w)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(workq_valid(q) && work_valid(w), VOS_ERR_INVALID);
    uint32_t key = vos__lock();
    int err = VOS_ERR_STATE;
    if (w->state == W_IDLE) {
        enqueue(q, w);
        err = VOS_OK;
    }
    vos__unlock(key);
    return err;
}

int vos_workq_submit_after(vos_workq_t *q, vos_work_t *w, vos_dur_t delay)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(workq_valid(q) && work_valid(w), VOS_ERR_INVALID);
    if (vos_dur_cycles(delay) >= vos_dur_cycles(VOS_DUR_MAX))
        return VOS_ERR_ARG;
    uint32_t key = vos__lock();
    int err = VOS_ERR_STATE;
    if (w->state == W_IDLE) {
        err = vos_timer_start(&w->timer, delay, vos_cycles(0));
        if (err == VOS_OK) {
            w->state = W_DELAYED;
            w->q = q;
        }
    }
    vos__unlock(key);
    return err;
}

int vos_workq_cancel(vos_work_t *w)
{
    VOS__CHECK(work_valid(w), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    uint32_t key = vos__lock();
    int err;
    if (work_running(w) && vos__cur == &w->ran_on->task) {
        err = VOS_ERR_CONTEXT;        /* from its own function */
    } else {
        err = VOS_ERR_STATE;
        if (w->state == W_QUEUED) {
            vos_workq_t *q = w->q;
            unlink_item(w);
            wake_flushers(q);
            err = VOS_OK;
        } else if (w->state == W_DELAYED) {
            (void)vos_timer_stop(&w->timer);   /* task context: never BUSY */
            w->state = W_IDLE;
            w->q = NULL;
            err = VOS_OK;
        }
        if (work_running(w))
            err = VOS_ERR_BUSY;
    }
    vos__unlock(key);
    return err;
}

int vos_workq_flush(vos_workq_t *q, vos_dur_t timeout)
{
    VOS__CHECK(workq_valid(q), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    vos_time_t deadline = vos__deadline(timeout);
    uint32_t key = vos__lock();
    if (vos__cur == &q->task) {
        vos__unlock(key);
        return VOS_ERR_DEADLOCK;
    }
    uint32_t target = q->seq;
    while (!flushed(q, target)) {
        if (vos_dur_cycles(timeout) == 0) {
            vos__unlock(key);
            return VOS_ERR_WOULD_BLOCK;
        }
        if (!vos__preempt) {
            vos__unlock(key);
            return VOS_ERR_CONTEXT;
        }
        int err = vos__block(&q->flushers, deadline, key, VOS_TRACE_WAIT_WORKQ, q);
        if (err != VOS_OK)
            return err;
        key = vos__lock();
    }
    vos__unlock(key);
    return VOS_OK;
}

int vos_work_pending(const vos_work_t *w)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(work_valid(w), VOS_ERR_INVALID);
    return w->state != W_IDLE ? 1 : 0;
}

int vos_workq_task(vos_workq_t *q, vos_task_t **out)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(workq_valid(q), VOS_ERR_INVALID);
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    *out = &q->task;
    return VOS_OK;
}
