/* SPDX-License-Identifier: MIT */
/*
 * Tickless time: the time base, the timeout list and the one alarm. The
 * alarm also serves the time slices (slice.c) and the software timers
 * (timer.c), which keep their own heap: it is programmed for the earliest
 * of the three. Sleeping, with wake on time, is sleep.c's.
 *
 * There is no periodic tick. Every finite wait puts its task on one list
 * sorted by deadline (earliest first); the port's one alarm is programmed
 * for the earliest deadline (or the end of the running task's time slice,
 * or a timer's expiry, if sooner). When it fires, every task whose
 * deadline has passed is woken with VOS_ERR_TIMEOUT, and the alarm is
 * programmed again.
 *
 * Costs: adding a timeout walks the list from the earliest deadline
 * (O(pending timeouts); a periodic task re-arming with the latest deadline
 * walks all of them, which is the common case in a control loop and is why
 * the walk starts from the tail, the latest deadline); removing one and
 * expiring one are O(1).
 *
 * Invariants (kernel lock held):
 *  - a task is on the list exactly when its deadline field is non-zero;
 *  - the alarm is programmed for the earliest of the list's head, the
 *    slice's end and the timers' first expiry, or cancelled when there is
 *    none, except after a removal (vos__timeout_del), which leaves it
 *    early: an early alarm finds nothing due and programs it again.
 * With a calibrated wake on time (kernel/wake.h) the alarm interrupt also
 * times its own entry and stamps the task it switches to.
 */
#include "kernel.h"
#include "wake.h"

static vos_task_t *tq_head, *tq_tail;   /* sorted by deadline, NULL-terminated */

/* The first expiry of the software timers (timer.c keeps it; VOS_TIME_NEVER
 * while none is armed). Defined here and the expiry called through a weak
 * reference, so that an image that never starts a timer links none of
 * timer.c. */
vos_time_t vos__timer_due = VOS_TIME_NEVER;
uint32_t vos__timer_expire(vos_time_t now, uint32_t key) __attribute__((weak));
void vos__timer_shift(uint64_t by) __attribute__((weak));

#if VOS_CFG_WAKE_LEAD < 0
/* The alarm interrupt's stamps (kernel/wake.h). */
uint32_t vos__wake_armed;
uint32_t vos__wake_entry = UINT32_MAX;
uint32_t vos__wake_seq;
#endif

/* Program the alarm for the earliest event. Lock held. */
static void alarm_program(void)
{
    vos_time_t next = tq_head ? tq_head->deadline : VOS_TIME_NEVER;
    vos_time_t tm = vos__timer_next();
    if (tm < next)
        next = tm;
#if VOS_CFG_TIMESLICE > 0
    if (vos__slice_end != 0 && vos__slice_end < next)
        next = vos__slice_end;
#endif
    if (next == VOS_TIME_NEVER) {
        arch_alarm_cancel();
    } else {
        VOS__WAKE_ARMED(next);
        arch_alarm_set(next);
    }
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
    vos__wake_reset();
    vos__slice_reset();
}

void vos__time_start(void)
{
    vos__slice_start();
    alarm_program();
}

/* The alarm's interrupt. Each expired task is woken in a critical section
 * of its own, so that the longest time with interrupts masked does not
 * grow with the number of tasks whose deadlines fall together.
 * With a calibrated lead it also times itself for wake on time
 * (kernel/wake.h, sleep.c): its entry (the first read of the time base)
 * against the time it was programmed for, and it stamps the task it
 * switches to with that entry, the start of the wake-up path that task
 * may measure. */
void vos__alarm_isr(void)
{
    VOS__STATS_ISR_BEGIN();
#if VOS_CFG_WAKE_LEAD < 0
    uint32_t entry = arch_time_lo;
    uint32_t stamp_at = entry;
#endif
    uint32_t key = vos__lock();
    vos_time_t now = arch_now();

    while (tq_head != NULL && tq_head->deadline <= now) {
        vos__wake_abort(tq_head, VOS_ERR_TIMEOUT);
        vos__unlock(key);
        key = vos__lock();
    }
    if (vos__timer_next() <= now) {   /* only ever true with timer.c linked */
#if VOS_CFG_WAKE_LEAD < 0
        uint32_t t0 = arch_time_lo;
#endif
        key = vos__timer_expire(now, key);
#if VOS_CFG_WAKE_LEAD < 0
        /* The timers' callbacks are not the wake-up path: the stamp
         * starts that much later. */
        stamp_at += arch_time_lo - t0;
#endif
    }
#if VOS_CFG_TIMESLICE > 0
    if (vos__slice_end != 0 && vos__slice_end <= now)
        vos__slice_expire(now);
#endif
#if VOS_CFG_WAKE_LEAD < 0
    /* Raised for the time it was programmed for (a port that fires early
     * gives a negative, so huge, difference; so does an alarm a timer's
     * callback re-programmed meanwhile), its entry is never shorter than
     * undisturbed: the shortest one seen is the interrupt's own path to
     * its first read, without the masked sections or other handlers that
     * held it off. After the wakes and the timers, which wait for nothing
     * of it. */
    uint32_t a = entry - vos__wake_armed;
    if (VOS__UNLIKELY(a < vos__wake_entry))
        vos__wake_entry_set(a);
#endif
    alarm_program();
    vos_task_t *p = vos__pick_inline();
    if (p != vos__cur) {
#if VOS_CFG_WAKE_LEAD < 0
        /* p runs next, straight from this handler (the scheduler lock
         * would keep the running task, so a locked scheduler stamps
         * nothing). A sleeper learns only from a wake that carries this
         * stamp and no later one was given before its check (sleep.c,
         * wake_learn). The wait argument is free while a task is ready. */
        if (vos__preempt != 0u) {
            uint32_t seq = vos__wake_seq + VOS__WAKE_SEQ_ONE;
            vos__wake_seq = seq;
            p->wait_arg = seq | (stamp_at & VOS__WAKE_TIME_MASK);
        }
#endif
        arch_switch();
    }
    vos__unlock(key);
    VOS__STATS_ISR_END(VOS_STATS_IRQ_ALARM);
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
    VOS__CHECK_LEVEL();
    VOS__CHECK(at != NULL, VOS_ERR_ARG);
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

/* Bring every pending event by cycles closer (vos_time_skip): a constant
 * subtracted from every deadline keeps the list's order; one brought to or
 * before the start of time is 1 (0 would mean "not on the list"), after
 * every later one as before, so the order still holds. */
int vos_time_skip(vos_dur_t slept)
{
    if (arch_in_isr())
        return VOS_ERR_CONTEXT;
    uint64_t by = vos_dur_cycles(slept);
    if (by == 0)
        return VOS_OK;
    uint32_t key = vos__lock();
    for (vos_task_t *t = tq_head; t != NULL; t = t->tnext)
        t->deadline = t->deadline > by ? t->deadline - by : 1u;
    if (vos__timer_shift != NULL)
        vos__timer_shift(by);
    vos__slice_shift(by);
    alarm_program();    /* an event now passed: the alarm fires at once */
    vos__unlock(key);
    return VOS_OK;
}
