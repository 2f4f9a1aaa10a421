/* SPDX-License-Identifier: MIT */
/*
 * Event flag groups.
 *
 * A waiting task's wait_data points at a struct event_wait on its own
 * stack: what it waits for, and where the setter leaves the flags that
 * released it. The setter completes the wait (stores the flags, applies
 * the clear) and the woken task returns without looking at the group
 * again.
 *
 * Invariant (kernel lock held): no waiter's condition is met by the
 * current flags. It holds because flags only rise in vos_event_set, which
 * releases every waiter it satisfies before releasing the lock, and a wait
 * whose condition is met at the call never queues.
 *
 * Cost: vos_event_set walks every waiter once (O(waiters)) under the lock
 * and switches at most once, to the best released task if it outranks the
 * caller. Everything else is O(1) (plus the priority-ordered insertion of
 * a new waiter).
 */
#include "kernel.h"

struct event_wait {
    uint32_t bits;       /* flags waited for */
    uint32_t options;    /* VOS_EVENT_* */
    uint32_t got;        /* flags when released (written by the setter) */
};

#define EVENT_OPTIONS (VOS_EVENT_ALL | VOS_EVENT_CLEAR)

static inline bool event_valid(const vos_event_t *e)
{
    return e != NULL && e->tag == VOS_TAG_EVENT;
}

static inline bool condition_met(uint32_t flags, uint32_t bits, unsigned options)
{
    uint32_t have = flags & bits;
    return (options & VOS_EVENT_ALL) ? have == bits : have != 0;
}

/* Raise bits and release every satisfied waiter. Lock held. */
static void set_locked(vos_event_t *e, uint32_t bits)
{
    uint32_t flags = e->flags | bits;
    vos_task_t *t = e->waiters.head;

    e->flags = flags;
    if (t == NULL)
        return;

    /* Walk a snapshot of the queue: from the head to the task that was
     * last when the walk began. Waking t unlinks only t, so its successor
     * (read first) stays valid, and nothing joins the queue meanwhile. */
    vos_task_t *last = t->prev;
    uint32_t clear = 0;
    bool preempt = false;
    for (;;) {
        vos_task_t *next = t->next;
        bool at_end = t == last;
        struct event_wait *w = t->wait_data;
        if (condition_met(flags, w->bits, w->options)) {
            w->got = flags;
            if (w->options & VOS_EVENT_CLEAR)
                clear |= w->bits;
            vos__wake(t, VOS_OK);
            if (t->prio > vos__cur->prio)
                preempt = true;
        }
        if (at_end)
            break;
        t = next;
    }
    e->flags = flags & ~clear;
    if (preempt)
        arch_switch();
}

int vos_event_init(vos_event_t *e, uint32_t initial)
{
    VOS__CHECK(e != NULL, VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    *e = (vos_event_t){ .tag = VOS_TAG_EVENT, .flags = initial };
    return VOS_OK;
}

/* The set of both forms, after their checks. */
static VOS__ALWAYS_INLINE int event_set(vos_event_t *e, uint32_t bits)
{
    uint32_t key = vos__lock();
    set_locked(e, bits);
    vos__unlock(key);
    VOS_TRACE_EVENT_SET(e, bits, VOS_OK);
    return VOS_OK;
}

int vos_event_set(vos_event_t *e, uint32_t bits)
{
    VOS__CHECK(event_valid(e), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    return event_set(e, bits);
}

int vos_event_set_isr(vos_event_t *e, uint32_t bits)
{
    VOS__CHECK(event_valid(e), VOS_ERR_INVALID);
    VOS__CHECK_ISR();
    return event_set(e, bits);
}

int vos_event_clear(vos_event_t *e, uint32_t bits)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(event_valid(e), VOS_ERR_INVALID);
    uint32_t key = vos__lock();
    e->flags &= ~bits;
    vos__unlock(key);
    return VOS_OK;
}

int vos_event_get(const vos_event_t *e, uint32_t *flags)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(event_valid(e), VOS_ERR_INVALID);
    VOS__CHECK(flags != NULL, VOS_ERR_ARG);
    *flags = e->flags;
    return VOS_OK;
}

int vos_event_wait(vos_event_t *e, uint32_t bits, unsigned options, vos_dur_t timeout,
                   uint32_t *got)
{
    VOS__CHECK(event_valid(e), VOS_ERR_INVALID);
    VOS__CHECK(bits != 0 && (options & ~EVENT_OPTIONS) == 0, VOS_ERR_ARG);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);

    uint32_t key = vos__lock();
    uint32_t flags = e->flags;
    int err;
    if (condition_met(flags, bits, options)) {
        if (options & VOS_EVENT_CLEAR)
            e->flags = flags & ~bits;
        vos__unlock(key);
        if (got != NULL)
            *got = flags;
        err = VOS_OK;
    } else if (vos_dur_cycles(timeout) == 0 || arch_in_isr() || !vos__started) {
        /* Refused at both settings of VOS_CFG_CHECKS: an interrupt or
         * main() before start has no task to block. */
        vos__unlock(key);
        err = vos_dur_cycles(timeout) == 0 ? VOS_ERR_WOULD_BLOCK : VOS_ERR_CONTEXT;
    } else {
        struct event_wait w = { .bits = bits, .options = options };
        vos__cur->wait_data = &w;
        err = vos__block(&e->waiters, vos__deadline(timeout), key, VOS_TRACE_WAIT_EVENT, e);
        if (err == VOS_OK && got != NULL)
            *got = w.got;
    }
    VOS_TRACE_EVENT_WAIT(e, bits, err);
    return err;
}

int vos_event_delete(vos_event_t *e)
{
    VOS__CHECK(event_valid(e), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    uint32_t key = vos__lock();
    return vos__delete_locked(&e->waiters, &e->tag, key);
}
