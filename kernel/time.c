/* SPDX-License-Identifier: MIT */
/*
 * Tickless time: the timeout list, the alarm, sleeping, and time slices.
 * The alarm also serves the software timers (timer.c), which keep their
 * own heap: it is programmed for the earlier of the two.
 *
 * There is no periodic tick. Every finite wait puts its task on one list
 * sorted by deadline (earliest first); the port's one alarm is programmed
 * for the earliest deadline (or the end of the running task's time slice,
 * if sooner). When it fires, every task whose deadline has passed is woken
 * with VOS_ERR_TIMEOUT, and the alarm is programmed again.
 *
 * Costs: adding a timeout walks the list from the earliest deadline
 * (O(pending timeouts); a periodic task re-arming with the latest deadline
 * walks all of them, which is the common case in a control loop and is why
 * the walk starts from the tail, the latest deadline); removing one and
 * expiring one are O(1).
 *
 * Invariant (kernel lock held): a task is on the list exactly when its
 * deadline field is non-zero.
 */
#include "kernel.h"

static vos_task_t *tq_head, *tq_tail;   /* sorted by deadline, NULL-terminated */

/* The first expiry of the software timers (timer.c keeps it; VOS_TIME_NEVER
 * while none is armed). Defined here and the expiry called through a weak
 * reference, so that an image that never starts a timer links none of
 * timer.c. */
vos_time_t vos__timer_due = VOS_TIME_NEVER;
uint32_t vos__timer_expire(vos_time_t now, uint32_t key) __attribute__((weak));

#if VOS_CFG_TIMESLICE > 0
static vos_time_t slice_end;           /* end of the current slice, 0: none */
static bool slice_needed(void);
#endif

/* Program the alarm for the earliest event. Lock held. */
static void alarm_program(void)
{
    vos_time_t next = tq_head ? tq_head->deadline : VOS_TIME_NEVER;
    vos_time_t tm = vos__timer_next();
    if (tm < next)
        next = tm;
#if VOS_CFG_TIMESLICE > 0
    if (slice_end != 0 && slice_end < next)
        next = slice_end;
#endif
    if (next == VOS_TIME_NEVER)
        arch_alarm_cancel();
    else
        arch_alarm_set(next);
}

void vos__timeout_add(vos_task_t *t, vos_time_t deadline)
{
    if (deadline == 0)
        deadline = 1;
    t->deadline = deadline;

    /* Walk back from the latest deadline; equal deadlines stay FIFO. */
    vos_task_t *pos = tq_tail;
    while (pos != NULL && pos->deadline > deadline)
        pos = pos->tprev;

    t->tprev = pos;
    if (pos == NULL) {
        t->tnext = tq_head;
        tq_head = t;
    } else {
        t->tnext = pos->tnext;
        pos->tnext = t;
    }
    if (t->tnext != NULL)
        t->tnext->tprev = t;
    else
        tq_tail = t;

    if (tq_head == t)
        alarm_program();
}

void vos__timeout_del(vos_task_t *t)
{
    if (t->tprev != NULL)
        t->tprev->tnext = t->tnext;
    else
        tq_head = t->tnext;
    if (t->tnext != NULL)
        t->tnext->tprev = t->tprev;
    else
        tq_tail = t->tprev;
    t->tnext = t->tprev = NULL;
    t->deadline = 0;
    /* The alarm is left as it is: if it was for t, it fires early, finds
     * nothing due and is re-programmed. That costs one spare interrupt
     * instead of a timer write on every satisfied wait. */
}

void vos__alarm_program(void)
{
    alarm_program();
}

void vos__time_reset(void)
{
    while (tq_head != NULL)
        vos__timeout_del(tq_head);
#if VOS_CFG_TIMESLICE > 0
    slice_end = 0;
#endif
}

void vos__time_start(void)
{
#if VOS_CFG_TIMESLICE > 0
    slice_end = slice_needed() ? arch_now() + VOS_CFG_TIMESLICE : 0;
#endif
    alarm_program();
}

#if VOS_CFG_TIMESLICE > 0
/* Does the task that runs now share its level with a sliced equal? */
static bool slice_needed(void)
{
    vos_task_t *top = vos__pick_inline();
    return top->next != top && (top->flags & VOS__TF_SLICE);
}

/* End of a time slice: the running task, if it takes part in slicing,
 * goes behind its equals. The next slice is armed only if the task that
 * then runs has equals to share with: no slice interrupt otherwise.
 * Lock held, interrupt context. */
static void slice_expire(vos_time_t now)
{
    vos_task_t *cur = vos__cur;
    if ((cur->flags & VOS__TF_SLICE) && cur->state == VOS_TASK_READY &&
        vos__ready[cur->prio] == cur && cur->next != cur)
        vos__ready[cur->prio] = cur->next;
    slice_end = slice_needed() ? now + VOS_CFG_TIMESLICE : 0;
}

void vos__slice_check(void)
{
    if (slice_end == 0 && vos__started && slice_needed()) {
        slice_end = arch_now() + VOS_CFG_TIMESLICE;
        alarm_program();
    }
}
#endif

/* The alarm's interrupt. Each expired task is woken in a critical section
 * of its own, so that the longest time with interrupts masked does not
 * grow with the number of tasks whose deadlines fall together. */
void vos__alarm_isr(void)
{
    uint32_t key = vos__lock();
    vos_time_t now = arch_now();

    while (tq_head != NULL && tq_head->deadline <= now) {
        vos__wake_abort(tq_head, VOS_ERR_TIMEOUT);
        vos__unlock(key);
        key = vos__lock();
    }
    if (vos__timer_next() <= now)     /* only ever true with timer.c linked */
        key = vos__timer_expire(now, key);
#if VOS_CFG_TIMESLICE > 0
    if (slice_end != 0 && slice_end <= now)
        slice_expire(now);
#endif
    alarm_program();
    vos__resched();
    vos__unlock(key);
}

vos_time_t vos_now(void)
{
    return arch_now();
}

vos_time_t vos__next_timeout(void)
{
    return tq_head != NULL ? tq_head->deadline : VOS_TIME_NEVER;
}

int vos_next_event(vos_time_t *at)
{
    VOS__CHECK(at != NULL, VOS_ERR_INVALID);
    uint32_t key = vos__lock();
    vos_time_t next = vos__next_timeout();
    vos_time_t tm = vos__timer_next();
    if (tm < next)
        next = tm;
    vos__unlock(key);
    if (next == VOS_TIME_NEVER)
        return VOS_ERR_WOULD_BLOCK;
    *at = next;
    return VOS_OK;
}

int vos_sleep_until(vos_time_t t)
{
    int err = vos__can_block();
    if (err != VOS_OK)
        return err;
    if (vos__is_idle(vos__cur))
        return VOS_ERR_CONTEXT;

    uint32_t key = vos__lock();
    if (t <= arch_now()) {
        vos__unlock(key);
        return VOS_OK;
    }
    err = vos__block(NULL, t, key, VOS_TRACE_WAIT_DELAY, NULL);
    return err == VOS_ERR_TIMEOUT ? VOS_OK : err;
}

int vos_sleep(vos_dur_t d)
{
    int err = vos__can_block();
    if (err != VOS_OK)
        return err;
    if (vos_dur_cycles(d) == 0) {
        (void)vos_yield();
        return VOS_OK;
    }
    if (vos__is_idle(vos__cur))
        return VOS_ERR_CONTEXT;

    uint32_t key = vos__lock();
    vos_time_t deadline = vos__deadline(d);
    err = vos__block(NULL, deadline, key, VOS_TRACE_WAIT_DELAY, NULL);
    return err == VOS_ERR_TIMEOUT ? VOS_OK : err;
}
