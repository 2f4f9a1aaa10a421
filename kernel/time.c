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

#if VOS_CFG_WAKE_LEAD < 0
/* Wake on time's calibration (below, "Wake on time"): the low word of the
 * time the alarm was last programmed for, the shortest entry of its
 * interrupt seen (due time -> vos__alarm_isr's first read of the time
 * base), and the calibration's state, emptied between scenarios. */
static uint32_t wake_armed;
static uint32_t wake_entry = UINT32_MAX;
/* The stamps the alarm interrupt gives (vos__alarm_isr): the low 24 bits
 * of its entry time, and above them the stamp's number, counted here, so
 * that a sleeper can tell whether another task was stamped after it
 * before it ran. */
#define WAKE_TIME_MASK 0x00FFFFFFu
#define WAKE_SEQ_ONE   0x01000000u   /* one stamp's number: above the time's 24 bits */
_Static_assert(VOS_CFG_WAKE_LEAD_MAX < WAKE_TIME_MASK / 2u,
               "a calibrated lead needs VOS_CFG_WAKE_LEAD_MAX below 2^23 (24-bit stamps)");
static uint32_t wake_seq;
static void wake_reset(void);
static void wake_entry_set(uint32_t a);
#define WAKE_ARMED(next) (wake_armed = (uint32_t)(next))
#else
#define WAKE_ARMED(next) ((void)0)
#define wake_reset() ((void)0)
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
    if (next == VOS_TIME_NEVER) {
        arch_alarm_cancel();
    } else {
        WAKE_ARMED(next);
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
    wake_reset();
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
 * grow with the number of tasks whose deadlines fall together.
 * With a calibrated lead it also times itself for wake on time (below):
 * its entry (the first read of the time base) against the time it was
 * programmed for, and it stamps the task it switches to with that entry,
 * the start of the wake-up path that task may measure. */
void vos__alarm_isr(void)
{
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
    if (slice_end != 0 && slice_end <= now)
        slice_expire(now);
#endif
#if VOS_CFG_WAKE_LEAD < 0
    /* Raised for the time it was programmed for (a port that fires early
     * gives a negative, so huge, difference; so does an alarm a timer's
     * callback re-programmed meanwhile), its entry is never shorter than
     * undisturbed: the shortest one seen is the interrupt's own path to
     * its first read, without the masked sections or other handlers that
     * held it off. After the wakes and the timers, which wait for nothing
     * of it. */
    uint32_t a = entry - wake_armed;
    if (VOS__UNLIKELY(a < wake_entry))
        wake_entry_set(a);
#endif
    alarm_program();
    vos_task_t *p = vos__pick_inline();
    if (p != vos__cur) {
#if VOS_CFG_WAKE_LEAD < 0
        /* p runs next, straight from this handler (the scheduler lock
         * would keep the running task, so a locked scheduler stamps
         * nothing). A sleeper learns only from a wake that carries this
         * stamp and no later one was given before its check (wake_learn).
         * The wait argument is free while a task is ready. */
        if (vos__preempt != 0u) {
            uint32_t seq = wake_seq + WAKE_SEQ_ONE;
            wake_seq = seq;
            p->wait_arg = seq | (stamp_at & WAKE_TIME_MASK);
        }
#endif
        arch_switch();
    }
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

/* A sleep that vos__can_block refused: from an interrupt or before the
 * start it is an error; with the scheduler locked, a sleep that needs no
 * wait (a zero one, a deadline already passed: t <= now) returns VOS_OK,
 * as a yield does while locked (docs/api.md), and any other is refused.
 * Out of line: no sleep that can block pays for it. */
static __attribute__((noinline)) int sleep_refused(vos_time_t t)
{
    if (arch_in_isr() || !vos__started)
        return VOS_ERR_CONTEXT;
    return t <= arch_now() ? VOS_OK : VOS_ERR_CONTEXT;
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
 * The bound. What a sleeper spins, it takes from every task below it.
 * The lead, so the final wait of an early wake, and the whole of a sleep
 * too short to block (below), are never more than VOS_CFG_WAKE_LEAD_MAX
 * cycles (default 1,000, or 10 us if that is fewer): per wake, a sleeper
 * takes at most that much more CPU from the tasks below it than it would
 * with the lead off (the bench's wake_cpu_left row shows it).
 *
 * The lead. Fixed (VOS_CFG_WAKE_LEAD > 0), or calibrated (the default)
 * from the wake-up path alone, never from time in which other work ran:
 *  - The path has two parts. The alarm interrupt's entry, from the time it
 *    was programmed for to the handler's first read of the time base: the
 *    handler times itself on every alarm (vos__alarm_isr), and the
 *    shortest entry seen is the undisturbed one (a masked section or
 *    another handler that held the interrupt off only lengthens it). Then
 *    the wake proper, from that read to the woken sleeper's check, less
 *    the time the software timers' expiry took in the same handler (their
 *    callbacks are other work).
 *  - The handler stamps the task it switches to with its read and the
 *    stamp's number (in its wait argument, free while it is ready). A
 *    sleeper learns from its wake only if it carries the stamp of the
 *    alarm interrupt raised for its own alarm (the stamp is at most the
 *    bound after the alarm's time), no other task was stamped after it
 *    before its check (the number), and its check came at most the bound
 *    after the stamp. Anything else that ran in between is not learned: a
 *    task above or beside it that ran first (the handler then switched to
 *    that task, not to the sleeper: no fresh stamp, or a later one given
 *    to the other task), a locked scheduler, a switch made by a task (no
 *    stamp), a long interrupt. What these cannot tell apart is an
 *    interrupt other than the alarm's, shorter than the bound, that comes
 *    between the handler and the sleeper's check (and a task it makes
 *    ready): it moves the lead by VOS__WAKE_STEP_UP at most (next point).
 *  - The lead is the shortest entry plus an estimate of the wake proper
 *    with the port's ARCH_SPIN_MARGIN (arch/port.h: the room the final
 *    wait needs to end at the deadline to the cycle). The first wake
 *    learned is the estimate; after it, a longer one raises it by
 *    VOS__WAKE_STEP_UP cycles and a shorter one lowers it by one, so it
 *    settles where fifteen wakes in sixteen (VOS__WAKE_STEP_UP /
 *    (VOS__WAKE_STEP_UP + 1)) find their path covered; a wake above the
 *    bound is not taken, and the lead never passes the bound. A shorter
 *    entry, when one comes, lowers the lead at once. On an undisturbed
 *    system that is the path plus the
 *    margin, exact to the cycle on the emulated board from the first wake
 *    on. A wake whose alarm interrupt was held off (another's masked
 *    section, a more urgent handler) is late by that delay: covering it
 *    would be spinning on every wake for the others' work.
 * The learning is done by the sleeper's next sleep, in a critical section
 * of its own before the sleep's, off the woken task's way back (it would
 * lengthen the path it measures); a note overwritten by another sleeper's
 * wake before that is lost.
 *
 * The relative sleep counts from the first instruction of vos_sleep (a
 * read of arch_time_lo, before the checks), so that neither end of a sleep
 * adds the kernel's entry path to its length.
 */
#if VOS_CFG_WAKE_LEAD != 0
#define WAKE_BOUND ((uint32_t)VOS_CFG_WAKE_LEAD_MAX)
#if VOS_CFG_WAKE_LEAD < 0
static uint32_t wake_lead;   /* the lead: 0 until the first wake is measured */
static uint32_t wake_w;      /* the wake proper's estimate, the margin included */
static bool wake_known;      /* a wake proper has been measured */
/* The last wake a sleeper noted on its way back, for its next sleep. */
static struct {
    vos_task_t *task;        /* the sleeper; NULL: nothing to learn */
    uint32_t alarm;          /* low word of the time its alarm was programmed for */
    uint32_t check;          /* its check's read of the time base */
    uint32_t seq;            /* wake_seq at its check: the last stamp given */
} wake_last;

static void wake_reset(void)
{
    wake_lead = 0;
    wake_w = 0;
    wake_known = false;
    wake_entry = UINT32_MAX;
    wake_seq = 0;
    wake_last.task = NULL;
}

/* The lead from its two parts, within the bound; 0 until both are known.
 * Lock held. */
static void wake_lead_update(void)
{
    if (!wake_known || wake_entry > WAKE_BOUND)
        return;
    uint32_t lead = wake_entry + wake_w;
    wake_lead = lead < WAKE_BOUND ? lead : WAKE_BOUND;
}

/* A shorter entry of the alarm interrupt (vos__alarm_isr). Lock held. */
static void wake_entry_set(uint32_t a)
{
    wake_entry = a;
    wake_lead_update();
}

/* Fold the running task's last wake, if it noted one and it was
 * undisturbed, into the lead. Thread mode, unlocked: a critical section
 * of its own, before the sleep's, so that the longest masked section (the
 * interrupt latency a sleep can cause) does not grow by it. */
static __attribute__((noinline)) void wake_learn_slow(void);
static inline void wake_learn(void)
{
    if (wake_last.task == vos__cur)   /* a hint: checked again locked */
        wake_learn_slow();
}

static __attribute__((noinline)) void wake_learn_slow(void)
{
    uint32_t key = vos__lock();
    vos_task_t *cur = vos__cur;
    if (wake_last.task != cur) {
        vos__unlock(key);
        return;
    }
    wake_last.task = NULL;
    uint32_t stamp = cur->wait_arg;
    uint32_t wake = ((wake_last.check - stamp) & WAKE_TIME_MASK) + ARCH_SPIN_MARGIN;
    if ((stamp & ~WAKE_TIME_MASK) != wake_last.seq ||
        ((stamp - wake_last.alarm) & WAKE_TIME_MASK) > WAKE_BOUND || wake > WAKE_BOUND) {
        vos__unlock(key);
        return;     /* not switched to straight from its alarm's interrupt */
    }
    uint32_t w = wake_w;
    if (!wake_known) {
        w = wake;
        wake_known = true;
    } else if (wake > w) {
        w += VOS__WAKE_STEP_UP;
        if (w > WAKE_BOUND)
            w = WAKE_BOUND;
    } else if (wake < w) {
        w--;
    }
    wake_w = w;
    wake_lead_update();
    vos__unlock(key);
}
#define wake_note(t_, alarm_, c0_)                                                  \
    (wake_last.task = (t_), wake_last.alarm = (alarm_), wake_last.check = (c0_),    \
     wake_last.seq = wake_seq)
#else
#define wake_lead ((uint32_t)VOS_CFG_WAKE_LEAD)
#define wake_learn() ((void)0)
#define wake_note(t_, alarm_, c0_) ((void)(t_), (void)(alarm_), (void)(c0_))
#endif

/* The whole of a sleep shorter than twice the lead: no alarm, the final
 * wait only. t is at most WAKE_BOUND ahead. Thread mode, unlocked. */
static __attribute__((noinline)) void wait_until(vos_time_t t)
{
    uint32_t c0 = arch_time_lo;
    uint32_t e = (uint32_t)t - c0;
    if (e <= WAKE_BOUND)
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
    vos_task_t *cur = vos__cur;
    uint32_t lead = wake_lead;
    /* A sleep shorter than twice the path would give the CPU away for
     * less than the switches cost, and its alarm could come while the
     * task is still switching out (a longer path): it is spun whole,
     * within the bound. */
    uint32_t spin = lead <= WAKE_BOUND / 2u ? 2u * lead : WAKE_BOUND;
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
         * calibration nothing. Otherwise the wake is noted for the
         * calibration, and an early wake waits out the rest; an e beyond
         * any lead is a wake later than the deadline (by 2^32 - e, or
         * more): nothing to wait. The instructions from the read to the
         * wait are within ARCH_SPIN_MARGIN. */
        uint32_t c0 = arch_time_lo;
        uint32_t e = (uint32_t)t - c0;
        if (ARCH_SPIN_MARGIN != 0 || VOS__UNLIKELY(e != 0)) {
            wake_note(cur, (uint32_t)alarm, c0);
            if (e <= WAKE_BOUND)
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
        return sleep_refused(t);
    if (vos__is_idle(vos__cur))
        return VOS_ERR_CONTEXT;

    wake_learn();
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
        return sleep_refused(vos_dur_cycles(d) == 0 ? 0 : VOS_TIME_NEVER);
    if (vos_dur_cycles(d) == 0) {
        (void)vos_yield();
        return VOS_OK;
    }
    if (vos__is_idle(vos__cur))
        return VOS_ERR_CONTEXT;

    wake_learn();
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
        return sleep_refused(t);
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
        return sleep_refused(vos_dur_cycles(d) == 0 ? 0 : VOS_TIME_NEVER);
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
