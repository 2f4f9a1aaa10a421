/* SPDX-License-Identifier: MIT */
/*
 * Direct task notifications.
 *
 * State, in the task: notify is the value (a count or 32 flags);
 * notify_mask is non-zero exactly while the task waits in vos_notify_take
 * (mask: all ones, "any non-zero value") or vos_notify_wait (mask: its
 * flags); wait_data then points at a struct notify_wait on the task's own
 * stack that says how to leave and where the result goes.
 *
 * Invariants (kernel lock held):
 *  - Only the task itself sets its notify_mask (before blocking) and only
 *    the releasing raiser or the task itself clears it. A task with a
 *    non-zero mask is BLOCKED in a notification wait, or was just woken by
 *    its timeout and has not yet run to clear the mask; the raisers tell
 *    the two apart by the task's state, so a late raise only updates the
 *    value.
 *  - A blocked waiter's condition is never met by its current value: the
 *    wait only blocks when it is not, and every raise that meets it
 *    releases the waiter before releasing the lock.
 *  - The raiser completes the wait: it stores the waiter's result (the
 *    value before the exit action), applies the exit action
 *    (value = (value - dec) & ~clear) and wakes it; the woken task returns
 *    the wake result and nothing else.
 *
 * Cost: a raise is O(1) (no wait queue: the waiter is the target task
 * itself); a release adds one vos__wake. Waits are O(1) plus the timeout
 * list insertion of a finite timeout.
 */
#include "kernel.h"

/* How a waiting task leaves, and where its result goes. */
struct notify_wait {
    uint32_t clear;      /* flags cleared on exit */
    uint32_t dec;        /* subtracted on exit (take without clear: 1) */
    uint32_t *out;       /* receives the value before the exit action, or NULL */
};

static VOS__ALWAYS_INLINE bool target_valid(const vos_task_t *t)
{
    return t != NULL && t->tag == VOS_TAG_TASK;
}

static VOS__ALWAYS_INLINE bool target_alive(const vos_task_t *t)
{
    return t->state != VOS_TASK_EXITED && t->state != VOS_TASK_FAULTED;
}

/* Leave a wait whose condition value v meets: the exit action, and the
 * result. Lock held (t is the caller, or blocked). */
static VOS__ALWAYS_INLINE void complete(vos_task_t *t, const struct notify_wait *w, uint32_t v)
{
    t->notify = (v - w->dec) & ~w->clear;
    if (w->out != NULL)
        *w->out = v;
}

/* New value v for t; if t waits for it, complete its wait and wake it (it
 * runs when the lock is released if it outranks the running task). A
 * waiting task is alive, so only the other path checks liveness.
 * Lock held. */
static VOS__ALWAYS_INLINE int raise_locked(vos_task_t *t, uint32_t v)
{
    if (VOS__UNLIKELY((v & t->notify_mask) != 0) && t->state == VOS_TASK_BLOCKED) {
        complete(t, t->wait_data, v);
        t->notify_mask = 0;
        vos__wake(t, VOS_OK);
        if (t->prio > vos__cur->prio)
            arch_switch();
        return VOS_OK;
    }
    VOS__CHECK(target_alive(t), VOS_ERR_STATE);
    t->notify = v;
    return VOS_OK;
}

static VOS__ALWAYS_INLINE int give_locked(vos_task_t *t)
{
    uint32_t v = t->notify + 1u;
    if (VOS__UNLIKELY(v == 0))
        return VOS_ERR_OVERFLOW;
    return raise_locked(t, v);
}

/* The calling task, or NULL if the caller cannot wait: an interrupt, or
 * before vos_start() (vos__cur is NULL until the first task is chosen). */
static VOS__ALWAYS_INLINE vos_task_t *waiting_task(void)
{
    return VOS__UNLIKELY(arch_in_isr()) ? NULL : vos__cur;
}

/* Every case of a wait by the calling task for mask: leave at once if the
 * value meets it, else block until a raise completes the wait. Takes the
 * lock itself. */
static VOS__ALWAYS_INLINE int wait_any(uint32_t mask, struct notify_wait *w, vos_dur_t timeout)
{
    vos_task_t *cur = vos__cur;
    uint32_t key = vos__lock();
    uint32_t v = cur->notify;

    if (v & mask) {
        complete(cur, w, v);
        vos__unlock(key);
        return VOS_OK;
    }
    if (vos_dur_cycles(timeout) == 0) {
        vos__unlock(key);
        return VOS_ERR_WOULD_BLOCK;
    }
    cur->wait_data = w;
    cur->notify_mask = mask;
    int err = vos__block(NULL, vos__deadline(timeout), key, VOS_TRACE_WAIT_NOTIFY, NULL);
    if (err != VOS_OK)
        cur->notify_mask = 0;   /* timed out: no raiser touches a READY task's mask */
    return err;
}

/* The slow paths have the public calls' signatures, so the fast paths
 * reach them with a tail call. */
static __attribute__((noinline)) int take_any(bool clear_on_exit, vos_dur_t timeout,
                                              uint32_t *value)
{
    struct notify_wait w = {
        .clear = clear_on_exit ? ~0u : 0u,
        .dec = clear_on_exit ? 0u : 1u,
        .out = value,
    };
    return wait_any(~0u, &w, timeout);
}

static __attribute__((noinline)) int wait_bits_any(uint32_t bits, uint32_t clear_mask,
                                                   vos_dur_t timeout, uint32_t *got)
{
    struct notify_wait w = { .clear = clear_mask, .out = got };
    return wait_any(bits, &w, timeout);
}

/* --- Public calls ---------------------------------------------------------- */

/* The give of both forms, after their checks. */
static VOS__ALWAYS_INLINE int notify_give(vos_task_t *t)
{
    uint32_t key = vos__lock();
    int err = give_locked(t);
    vos__unlock(key);
    return err;
}

int vos_notify_give(vos_task_t *t)
{
    VOS__CHECK(target_valid(t), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    return notify_give(t);
}

int vos_notify_give_isr(vos_task_t *t)
{
    VOS__CHECK(target_valid(t), VOS_ERR_INVALID);
    VOS__CHECK_ISR();
    return notify_give(t);
}

int vos_notify_set(vos_task_t *t, uint32_t bits)
{
    VOS__CHECK(target_valid(t), VOS_ERR_INVALID);
    VOS__CHECK(bits != 0, VOS_ERR_ARG);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    uint32_t key = vos__lock();
    int err = raise_locked(t, t->notify | bits);
    vos__unlock(key);
    return err;
}

int vos_notify_set_isr(vos_task_t *t, uint32_t bits)
{
    VOS__CHECK(target_valid(t), VOS_ERR_INVALID);
    VOS__CHECK(bits != 0, VOS_ERR_ARG);
    VOS__CHECK_ISR();
    uint32_t key = vos__lock();
    int err = raise_locked(t, t->notify | bits);
    vos__unlock(key);
    return err;
}

int vos_notify_take(bool clear_on_exit, vos_dur_t timeout, uint32_t *value)
{
    vos_task_t *cur = waiting_task();
    if (VOS__UNLIKELY(cur == NULL))
        return VOS_ERR_CONTEXT;
    uint32_t key = vos__lock();
    uint32_t v = cur->notify;
    if (VOS__LIKELY(v != 0)) {
        cur->notify = clear_on_exit ? 0 : v - 1;
        vos__unlock(key);
        if (value != NULL)
            *value = v;
        return VOS_OK;
    }
    vos__unlock(key);
    return take_any(clear_on_exit, timeout, value);
}

int vos_notify_wait(uint32_t bits, uint32_t clear_mask, vos_dur_t timeout, uint32_t *got)
{
    VOS__CHECK(bits != 0, VOS_ERR_ARG);
    if (VOS__UNLIKELY(waiting_task() == NULL))
        return VOS_ERR_CONTEXT;
    return wait_bits_any(bits, clear_mask, timeout, got);
}
