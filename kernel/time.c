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
void vos__timer_shift(uint64_t by) __attribute__((weak));

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
    VOS__CHECK_LEVEL();
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
#if VOS_CFG_TIMESLICE > 0
    if (slice_end != 0)
        slice_end = slice_end > by ? slice_end - by : 1u;
#endif
    alarm_program();    /* an event now passed: the alarm fires at once */
    vos__unlock(key);
    return VOS_OK;
}

/* --- Wake on time ----------------------------------------------------------
 *
 * Without it a sleeper runs again one wake-up path after its deadline: the
 * alarm interrupt, the wake, the switch and the return from the wait. With
 * it (VOS_CFG_WAKE_LEAD, vaios/config.h) a sleep's alarm is programmed
 * that path's length ahead of the deadline, and the woken task checks the
 * time base before it returns: at its deadline to the cycle it returns at
 * once (one load and one compare); early, it waits out the rest on the
 * time base (arch_spin: at most the lead); late, it returns. So a sleep
 * never ends before its deadline, and when nothing delays the path it ends
 * at the deadline plus the few instructions of the return.
 *
 * Only sleeps (vos_sleep, vos_sleep_until) are woken ahead. A blocking
 * call's timeout is not: the task leaves the object's queue when it is
 * woken, and a give in the last lead cycles would find it gone.
 *
 * The lead. Fixed (VOS_CFG_WAKE_LEAD > 0), or calibrated (the default):
 * every sleeper woken by its alarm measures its own path, from the time
 * its alarm was programmed for to its check, and adds the port's
 * ARCH_SPIN_MARGIN (arch/port.h: the room its final wait needs to end at
 * the deadline to the cycle; without it a wake a few cycles early ends
 * within the port's polling loop, up to a loop's length late). The first
 * measurement is the lead; after it, a longer one raises the lead by
 * VOS__WAKE_STEP_UP cycles and a shorter one lowers it by one, so the lead
 * settles where fifteen wakes in sixteen (VOS__WAKE_STEP_UP /
 * (VOS__WAKE_STEP_UP + 1)) find their path covered. On an undisturbed
 * system that is the path plus the margin, exact to the cycle on the
 * emulated board from the first wake on; a lead coming down from a load's
 * higher one stays exact all the way. Under a load that holds the
 * alarm interrupt off now and then (other code's critical sections, other
 * interrupts) the lead grows to cover most of the delays, and the wakes it
 * covers wait them out on the time base instead of arriving late; an
 * undisturbed wake then spins a little longer, at most the lead. One stray
 * measurement moves the lead by VOS__WAKE_STEP_UP cycles at most.
 *
 * The relative sleep counts from the first instruction of vos_sleep (a
 * read of arch_time_lo, before the checks), so that neither end of a sleep
 * adds the kernel's entry path to its length.
 */
#if VOS_CFG_WAKE_LEAD != 0
#if VOS_CFG_WAKE_LEAD < 0
#define WAKE_NO_SAMPLE UINT32_MAX
static uint32_t wake_lead;   /* the lead: 0 until the first wake is measured */
static bool wake_known;      /* a wake-up path has been measured */
/* The last path measured by a sleeper, for the next sleep to learn from
 * (off the woken task's way back: it would lengthen the path it measures);
 * a sample overwritten before that is lost, which the estimate tolerates. */
static uint32_t wake_sample = WAKE_NO_SAMPLE;

/* Fold the last measured wake-up path, if any, into the lead. Lock held. */
static inline void wake_learn(void)
{
    uint32_t path = wake_sample;
    if (path == WAKE_NO_SAMPLE)
        return;
    wake_sample = WAKE_NO_SAMPLE;
    if (path > VOS_CFG_WAKE_LEAD_MAX)
        return;     /* held up (suspended, preempted at length): not a path */
    uint32_t lead = wake_lead;
    if (!wake_known) {
        lead = path;
        wake_known = true;
    } else if (path > lead) {
        lead += VOS__WAKE_STEP_UP;
        if (lead > VOS_CFG_WAKE_LEAD_MAX)
            lead = VOS_CFG_WAKE_LEAD_MAX;
    } else if (path < lead) {
        lead--;
    }
    wake_lead = lead;
}
#define wake_sample_put(path) (wake_sample = (path))
#else
#define wake_lead ((uint32_t)VOS_CFG_WAKE_LEAD)
#define wake_learn() ((void)0)
#define wake_sample_put(path) ((void)(path))
#endif

/* The whole of a sleep shorter than twice the lead: no alarm, the final
 * wait only. t is at most VOS_CFG_WAKE_LEAD_MAX ahead. Thread mode,
 * unlocked. */
static __attribute__((noinline)) void wait_until(vos_time_t t)
{
    uint32_t c0 = arch_time_lo;
    uint32_t e = (uint32_t)t - c0;
    if (e <= VOS_CFG_WAKE_LEAD_MAX)
        arch_spin(c0, e);
}

/* Sleep until t (t > now, now read just before the lock held as key was
 * taken); returns with the lock released: VOS_OK, or the result of an
 * aborted wait. The time is read outside the lock so that the sleep's
 * masked section (the interrupt latency it can cause) does not hold the
 * 64-bit read too: a now that went stale meanwhile (the caller preempted
 * between the two) is only earlier, so a deadline passed in between is
 * either found passed here or blocks with an alarm already due, which the
 * board fires at once (arch_alarm_set). */
static inline __attribute__((always_inline)) int sleep_to(vos_time_t t, vos_time_t now,
                                                          uint32_t key)
{
    if (t == VOS_TIME_NEVER)
        return vos__block(NULL, t, key, VOS_TRACE_WAIT_DELAY, NULL);
    wake_learn();
    uint32_t lead = wake_lead;
    /* A sleep shorter than twice the path would give the CPU away for
     * less than the switches cost, and its alarm could come while the
     * task is still switching out (a longer path): it is spun whole. */
    uint32_t spin = lead <= VOS_CFG_WAKE_LEAD_MAX / 2u ? 2u * lead : VOS_CFG_WAKE_LEAD_MAX;
    if (t - now <= spin) {
        vos__unlock(key);
        wait_until(t);
        return VOS_OK;
    }
    vos_time_t alarm = t - lead;
    int err = vos__block(NULL, alarm, key, VOS_TRACE_WAIT_DELAY, NULL);
    if (VOS__LIKELY(err == VOS_ERR_TIMEOUT)) {
        /* e: cycles before the deadline's low word; 0 at the deadline to
         * the cycle, which needs no wait and, without a margin, teaches the
         * calibration nothing. Otherwise the path is noted for the
         * calibration, and an early wake waits out the rest; an e beyond
         * any lead is a wake later than the deadline (by 2^32 - e, or
         * more): nothing to wait. */
        uint32_t c0 = arch_time_lo;
        uint32_t e = (uint32_t)t - c0;
        if (ARCH_SPIN_MARGIN != 0 || VOS__UNLIKELY(e != 0)) {
            wake_sample_put(c0 - (uint32_t)alarm + ARCH_SPIN_MARGIN);
            if (e <= VOS_CFG_WAKE_LEAD_MAX)
                arch_spin(c0, e);
        }
        return VOS_OK;
    }
    return err;
}

int vos_sleep_until(vos_time_t t)
{
    int err = vos__can_block();
    if (err != VOS_OK)
        return err;
    if (vos__is_idle(vos__cur))
        return VOS_ERR_CONTEXT;

    vos_time_t now = arch_now();
    uint32_t key = vos__lock();
    if (t <= now) {
        vos__unlock(key);
        return VOS_OK;
    }
    return sleep_to(t, now, key);
}

/* vos_sleep's body, from start, the low word of the time base read at
 * vos_sleep's first instruction. */
static __attribute__((noinline)) int sleep_from(vos_dur_t d, uint32_t start)
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

    vos_time_t now = arch_now();
    uint32_t key = vos__lock();
    vos_time_t t = VOS_TIME_NEVER;
    if (vos_dur_cycles(d) < vos_dur_cycles(VOS_DUR_MAX))
        t = vos_time_add(now - (uint32_t)((uint32_t)now - start), d);
    if (t <= now) {             /* preempted for longer than d since start */
        vos__unlock(key);
        return VOS_OK;
    }
    return sleep_to(t, now, key);
}

/* The time read comes first, before the checks and the call's own frame:
 * the sleep counts from as near the call as the code can get. */
int vos_sleep(vos_dur_t d)
{
    return sleep_from(d, arch_time_lo);
}

#else /* VOS_CFG_WAKE_LEAD == 0: the alarm at the deadline */

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

#endif /* VOS_CFG_WAKE_LEAD */
