/* SPDX-License-Identifier: MIT */
/*
 * Periodic deadlines on the emulated board: a 1 ms loop whose work
 * overruns two periods once sees one VOS_ERR_LATE, its overrun count
 * grows by exactly one, the missed periods follow from the lateness, and
 * the loop keeps its phase afterwards; a deadline met exactly is VOS_OK;
 * the count is per task; vos_task_overruns from a real interrupt.
 */
#include "vtest.h"

static volatile uint32_t isr_n;
static volatile int isr_err;
static vos_task_t *looper;

static void busy_until(uint64_t t)
{
    while (vos_now() < t) {
    }
}

static volatile int lates, missed, late_turn;
static volatile uint64_t phase_err;

static void loop_task(void *arg)
{
    (void)arg;
    uint64_t period = vos_dur_cycles(vos_ms(1));
    uint64_t start = vos_now() + period;
    uint64_t next = start;
    VT_EQ(vos_sleep_until(next), VOS_OK);
    for (int turn = 1; turn <= 20; turn++) {
        /* Turn 5's work takes 2.5 periods. */
        busy_until(vos_now() + (turn == 5 ? period * 5 / 2 : period / 10));
        next += period;
        int r = vos_sleep_until(next);
        if (r == VOS_ERR_LATE) {
            lates++;
            late_turn = turn;
            uint64_t behind = vos_now() - next;
            missed += (int)(behind / period);
            next += behind / period * period;
        } else {
            VT_EQ(r, VOS_OK);
            uint64_t err = vos_now() - next;   /* woken at its time, not before */
            if (err > phase_err)
                phase_err = err;
        }
    }
}

static void read_isr(void)
{
    uint32_t n = 0;
    isr_err = vos_task_overruns(looper, &n);
    isr_n = n;
}

VT_TEST(overrun_counted_once_phase_kept)
{
    lates = missed = late_turn = 0;
    phase_err = 0;
    looper = vt_spawn(0, "loop", loop_task, NULL, VT_RUNNER_PRIO + 1);
    vt_join(1, 100);
    VT_EQ(lates, 1);
    VT_EQ(late_turn, 5);
    VT_EQ(missed, 1);             /* 2.5 periods of work: one whole period skipped */
    VT_LE(phase_err, 2000);       /* every other wake within the wake-up path */
    uint32_t n = 0;
    VT_EQ(vos_task_overruns(looper, &n), VOS_OK);
    VT_EQ(n, 1);
    vt_run_in_isr(read_isr);
    VT_EQ(isr_err, VOS_OK);
    VT_EQ(isr_n, 1);
    VT_EQ(vos_task_overruns(NULL, &n), VOS_OK);   /* the runner's own: none */
    VT_EQ(n, 0);
}

VT_TEST(exact_and_passed_deadlines)
{
    uint32_t before = 0, after = 0;
    VT_EQ(vos_task_overruns(NULL, &before), VOS_OK);
    uint64_t t = vos_now();
    VT_EQ(vos_sleep_until(t - 1), VOS_ERR_LATE);
    VT_EQ(vos_sched_lock(), VOS_OK);
    VT_EQ(vos_sleep_until(vos_now() - 100), VOS_ERR_LATE);
    VT_EQ(vos_sleep_until(vos_now() + vos_dur_cycles(vos_ms(1))), VOS_ERR_CONTEXT);
    VT_EQ(vos_sched_unlock(), VOS_OK);
    VT_EQ(vos_sleep_until(vos_now() + vos_dur_cycles(vos_us(200))), VOS_OK);
    VT_EQ(vos_task_overruns(NULL, &after), VOS_OK);
    VT_EQ(after - before, 2);
    VT_EQ(vos_task_overruns(NULL, NULL), VOS_ERR_ARG);
}
