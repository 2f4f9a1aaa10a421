/* SPDX-License-Identifier: MIT */
/*
 * Sleeping: vos_sleep and vos_sleep_until, and wake on time
 * (VOS_CFG_WAKE_LEAD), the lead by which a sleep's alarm comes before its
 * deadline. The timeout list and the alarm are time.c's; the calibration
 * state the alarm interrupt shares with the sleeps is kernel/wake.h's.
 *
 * A sleep is a wait on no object (vos__block with no queue) until its
 * alarm. Its contract, for every VOS_CFG_WAKE_LEAD:
 *  - it never returns VOS_OK before its deadline (vos_sleep_until's t;
 *    vos_sleep's first instruction plus d): the time base at its return is
 *    at or after it;
 *  - a relative sleep counts from the first instruction of vos_sleep (a
 *    read of arch_time_lo, before the checks), so that neither end of a
 *    sleep adds the kernel's entry path to its length; one preempted for
 *    longer than d before its lock returns VOS_OK at once;
 *  - an aborted wait returns its code (vos_task_abort_wait: VOS_ERR_ABORTED);
 *    a refused one VOS_ERR_CONTEXT (sleep_refused), except a sleep that
 *    needs no wait, with the scheduler locked;
 *  - a vos_sleep_until whose t had passed when it was called is a missed
 *    deadline (kernel/deadline.c): VOS_ERR_LATE at once, counted and
 *    traced, with the scheduler locked too; a t equal to now is met.
 * There is one vos_sleep and one vos_sleep_until. The lead is a few steps
 * inside them (wake_learn before the sleep, sleep_short and the alarm's
 * advance when it starts, wake_finish when it is woken), which compile to
 * nothing with VOS_CFG_WAKE_LEAD == 0: the alarm is then at the deadline.
 *
 * --- Wake on time
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

 */
#include "kernel.h"
#include "wake.h"

/* A sleep that vos__can_block refused: from an interrupt or before the
 * start it is an error; with the scheduler locked, a sleep that needs no
 * wait (a zero one, a deadline already passed: t <= now) returns at once,
 * as a yield does while locked (docs/api.md), and any other is refused.
 * Only vos_sleep_until (until) has a deadline to miss: its t < now is
 * VOS_ERR_LATE, counted; a zero vos_sleep is VOS_OK.
 * Out of line: no sleep that can block pays for it. */
static __attribute__((noinline)) int sleep_refused(vos_time_t t, bool until)
{
    if (arch_in_isr() || !vos__started)
        return VOS_ERR_CONTEXT;
    uint32_t key = vos__lock();
    vos_time_t now = arch_now();
    int err = t > now ? VOS_ERR_CONTEXT
              : until && t < now ? vos__deadline_missed(t, now) : VOS_OK;
    vos__unlock(key);
    return err;
}

/* --- The lead ------------------------------------------------------------ */

#if VOS_CFG_WAKE_LEAD < 0
uint32_t vos__wake_lead;     /* kernel/wake.h */
uint32_t vos__wake_w;
bool vos__wake_known;
#define WAKE_LEAD vos__wake_lead
/* The last wake a sleeper noted on its way back, for its next sleep. */
static struct {
    vos_task_t *task;        /* the sleeper; NULL: nothing to learn */
    uint32_t alarm;          /* low word of the time its alarm was programmed for */
    uint32_t check;          /* its check's read of the time base */
    uint32_t seq;            /* vos__wake_seq at its check: the last stamp given */
} wake_last;

void vos__wake_reset(void)
{
    vos__wake_lead = 0;
    vos__wake_w = 0;
    vos__wake_known = false;
    vos__wake_entry = UINT32_MAX;
    vos__wake_seq = 0;
    wake_last.task = NULL;
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
    uint32_t wake = ((wake_last.check - stamp) & VOS__WAKE_TIME_MASK) + ARCH_SPIN_MARGIN;
    if ((stamp & ~VOS__WAKE_TIME_MASK) != wake_last.seq ||
        ((stamp - wake_last.alarm) & VOS__WAKE_TIME_MASK) > VOS__WAKE_BOUND || wake > VOS__WAKE_BOUND) {
        vos__unlock(key);
        return;     /* not switched to straight from its alarm's interrupt */
    }
    uint32_t w = vos__wake_w;
    if (!vos__wake_known) {
        w = wake;
        vos__wake_known = true;
    } else if (wake > w) {
        w += VOS__WAKE_STEP_UP;
        if (w > VOS__WAKE_BOUND)
            w = VOS__WAKE_BOUND;
    } else if (wake < w) {
        w--;
    }
    vos__wake_w = w;
    vos__wake_lead_update();
    vos__unlock(key);
}
#define wake_note(t_, alarm_, c0_)                                                  \
    (wake_last.task = (t_), wake_last.alarm = (alarm_), wake_last.check = (c0_),    \
     wake_last.seq = vos__wake_seq)
#elif VOS_CFG_WAKE_LEAD > 0
#define WAKE_LEAD ((uint32_t)VOS_CFG_WAKE_LEAD)
#define wake_learn() ((void)0)
#define wake_note(t_, alarm_, c0_) ((void)(t_), (void)(alarm_), (void)(c0_))
#else
#define WAKE_LEAD 0u
#define wake_learn() ((void)0)
#endif

#if VOS_CFG_WAKE_LEAD != 0
/* The whole of a sleep shorter than twice the lead: no alarm, the final
 * wait only. t is at most VOS__WAKE_BOUND ahead. Thread mode, unlocked. */
static __attribute__((noinline)) void wait_until(vos_time_t t)
{
    uint32_t c0 = arch_time_lo;
    uint32_t e = (uint32_t)t - c0;
    if (e <= VOS__WAKE_BOUND)
        arch_spin(c0, e);
}

/* A sleep shorter than twice the path would give the CPU away for less
 * than the switches cost, and its alarm could come while the task is
 * still switching out (a longer path): such a sleep is spun whole
 * (wait_until), within the bound. Is the sleep from now to t one? */
static inline __attribute__((always_inline)) bool sleep_short(vos_time_t t, vos_time_t now,
                                                              uint32_t lead)
{
    uint32_t spin = lead <= VOS__WAKE_BOUND / 2u ? 2u * lead : VOS__WAKE_BOUND;
    return t - now <= spin;
}

/* The woken sleeper's check (its alarm came the lead before t): e, cycles
 * before the deadline's low word, is 0 at the deadline to the cycle,
 * which needs no wait and, without a margin, teaches the calibration
 * nothing. Otherwise the wake is noted for the calibration, and an early
 * wake waits out the rest; an e beyond any lead is a wake later than the
 * deadline (by 2^32 - e, or more): nothing to wait. The instructions from
 * the read to the wait are within ARCH_SPIN_MARGIN. Thread mode, unlocked. */
static inline __attribute__((always_inline)) void wake_finish(vos_task_t *cur, vos_time_t t,
                                                              vos_time_t alarm)
{
    uint32_t c0 = arch_time_lo;
    uint32_t e = (uint32_t)t - c0;
    if (ARCH_SPIN_MARGIN != 0 || VOS__UNLIKELY(e != 0)) {
        wake_note(cur, (uint32_t)alarm, c0);
        if (e <= VOS__WAKE_BOUND)
            arch_spin(c0, e);
    }
}
#else
/* The lead off: no sleep is spun, the alarm is at the deadline, and a
 * wake is never early. */
static inline bool sleep_short(vos_time_t t, vos_time_t now, uint32_t lead)
{
    (void)t;
    (void)now;
    (void)lead;
    return false;
}

static inline void wait_until(vos_time_t t)
{
    (void)t;
}

static inline void wake_finish(vos_task_t *cur, vos_time_t t, vos_time_t alarm)
{
    (void)cur;
    (void)t;
    (void)alarm;
}
#endif /* VOS_CFG_WAKE_LEAD != 0 */

/* --- Sleeping ------------------------------------------------------------ */

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
    uint32_t lead = WAKE_LEAD;
    if (sleep_short(t, now, lead)) {
        vos__unlock(key);
        wait_until(t);
        return VOS_OK;
    }
    vos_time_t alarm = t - lead;
    int err = vos__block(NULL, alarm, key, VOS_TRACE_WAIT_DELAY, NULL);
    if (VOS__LIKELY(err == VOS_ERR_TIMEOUT)) {
        wake_finish(cur, t, alarm);
        return VOS_OK;
    }
    return err;
}

int vos_sleep_until(vos_time_t t)
{
    int err = vos__can_block();
    if (err != VOS_OK)
        return sleep_refused(t, true);
    if (vos__is_idle(vos__cur))
        return VOS_ERR_CONTEXT;

    wake_learn();
    vos_time_t now = arch_now();
    uint32_t key = vos__lock();
    if (t <= now) {
        err = t < now ? vos__deadline_missed(t, now) : VOS_OK;
        vos__unlock(key);
        return err;
    }
    return sleep_to(t, now, key);
}

/* vos_sleep's body, from start, the low word of the time base read at
 * vos_sleep's first instruction. */
static __attribute__((noinline)) int sleep_from(vos_dur_t d, uint32_t start)
{
    int err = vos__can_block();
    if (err != VOS_OK)
        return sleep_refused(vos_dur_cycles(d) == 0 ? 0 : VOS_TIME_NEVER, false);
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
