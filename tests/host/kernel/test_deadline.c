/* SPDX-License-Identifier: MIT */
/*
 * Periodic deadlines on the host port: a vos_sleep_until whose time has
 * passed returns VOS_ERR_LATE at once, counts the miss in the caller's
 * overruns and (with VOS_CFG_TRACE) records DEADLINE_MISS with the task
 * and the exact lateness; a time equal to now is met; a miss with the
 * scheduler locked counts the same; refused sleeps (interrupt, a time
 * ahead while locked) count nothing, nor does a relative sleep (a zero
 * vos_sleep while locked is a yield, VOS_OK); a periodic loop overrun by one long
 * turn sees exactly the periods it missed; vos_task_overruns' misuse.
 * Built twice: against the plain kernel (test_deadline) and one with
 * tracing on (test_deadline_trace), which also reads the trace buffer.
 */
#include "harness.h"
#include "kernel.h"

static uint32_t overruns_of(const vos_task_t *t)
{
    uint32_t n = 0xDEADu;
    CHECK_EQ(vos_task_overruns(t, &n), VOS_OK);
    return n;
}

/* The DEADLINE_MISS records of the trace buffer whose task is t, their
 * lateness in late[] (up to cap); the number found. 0 without tracing. */
static unsigned trace_misses(const vos_task_t *t, uint32_t *late, unsigned cap)
{
    unsigned n = 0;
#if VOS_CFG_TRACE
    const void *p;
    size_t len;
    CHECK_EQ(vos_trace_buffer(&p, &len), VOS_OK);
    const uint8_t *b = p;
    uint32_t hdr[16];
    memcpy(hdr, b, sizeof hdr);
    uint32_t rec_size = hdr[4] & 0xFFFFu, name_size = hdr[4] >> 16;
    uint32_t cap_recs = hdr[5], names = hdr[6], widx = hdr[7], wraps = hdr[8];
    CHECK_EQ(rec_size, 16);
    CHECK_EQ(wraps, 0);           /* the cases stay far below the capacity */
    const uint8_t *recs = b + 64 + (size_t)names * name_size;
    CHECK(64 + (size_t)names * name_size + (size_t)cap_recs * rec_size <= len);
    for (uint32_t i = 0; i < widx; i++) {
        uint32_t r[4];
        memcpy(r, recs + (size_t)i * rec_size, sizeof r);
        if ((r[1] & 0xFFu) == VOS_TEV_DEADLINE_MISS && r[2] == (uint32_t)(uintptr_t)t) {
            if (n < cap)
                late[n] = r[3];
            n++;
        }
    }
#else
    (void)t;
    (void)late;
    (void)cap;
#endif
    return n;
}

/* --- A miss: counted, traced, VOS_ERR_LATE ------------------------------------ */

static void miss_main(void *arg)
{
    (void)arg;
    vos_task_t *self = vos_self();
    CHECK_EQ(overruns_of(self), 0);
    CHECK_EQ(vos_sleep_until(100), VOS_OK);
    CHECK_TIME(vos_now(), 100);
    host_advance(150);                        /* the work overran: now 250 */
    CHECK_EQ(vos_sleep_until(200), VOS_ERR_LATE);
    CHECK_TIME(vos_now(), 250);               /* returned at once */
    CHECK_EQ(overruns_of(self), 1);
    CHECK_EQ(overruns_of(NULL), 1);
    CHECK_EQ(vos_sleep_until(vos_now()), VOS_OK);   /* exactly on time: met */
    CHECK_EQ(vos_sleep_until(300), VOS_OK);
    CHECK_EQ(overruns_of(self), 1);
    uint32_t late[4];
    unsigned n = trace_misses(self, late, 4);
    if (VOS_CFG_TRACE) {
        CHECK_EQ(n, 1);
        CHECK_EQ(late[0], 50);                /* 250 - 200 */
    } else {
        CHECK_EQ(n, 0);
    }
    CHECK_INV();
}

static void case_missed_deadline_counted_and_traced(void)
{
    CHECK_EQ(t_run(miss_main, NULL, 5), HOST_IDLE);
}

/* --- A periodic loop: one long turn, the periods it missed ---------------------- */

#define PERIOD 100u

static void loop_main(void *arg)
{
    (void)arg;
    vos_task_t *self = vos_self();
    vos_time_t next = 1000;
    unsigned lates = 0, missed_periods = 0;
    for (int turn = 0; turn < 10; turn++) {
        host_advance(turn == 3 ? 3 * PERIOD + 40 : 30);   /* turn 3 overruns */
        next += PERIOD;
        int r = vos_sleep_until(next);
        if (r == VOS_ERR_LATE) {
            lates++;
            vos_time_t now = vos_now();
            missed_periods += (unsigned)((now - next) / PERIOD);
            next += (now - next) / PERIOD * PERIOD;        /* skip them, keep the phase */
        } else {
            CHECK_EQ(r, VOS_OK);
        }
        t_log("%llu", (unsigned long long)vos_now());
    }
    CHECK_EQ(lates, 1);
    CHECK_EQ(missed_periods, 2);
    CHECK_EQ(overruns_of(self), 1);
    uint32_t late[4];
    unsigned n = trace_misses(self, late, 4);
    CHECK_EQ(n, VOS_CFG_TRACE ? 1 : 0);
    if (VOS_CFG_TRACE)
        CHECK_EQ(late[0], 240);   /* turn 3 starts at 1300, ends at 1640; due 1400 */
}

static void case_periodic_loop_overrun(void)
{
    CHECK_EQ(t_run(loop_main, NULL, 5), HOST_IDLE);
    /* 1100 1200 1300, then turn 3 ends at 1640 (due 1400: late), next due
     * 1700 after skipping 1500 and 1600; the phase is kept. */
    CHECK_LOG("1100 1200 1300 1640 1700 1800 1900 2000 2100 2200");
}

/* --- Locked, refused, other tasks ------------------------------------------------ */

static vos_task_t *other;
static int isr_result;

static void other_main(void *arg)
{
    (void)arg;
    vos_sleep_until(50);
    host_advance(100);
    CHECK_EQ(vos_sleep_until(60), VOS_ERR_LATE);
    CHECK_EQ(vos_sleep_until(60), VOS_ERR_LATE);
}

static void sleep_isr(void)
{
    isr_result = vos_sleep_until(1);
    uint32_t n = 9;
    CHECK_EQ(vos_task_overruns(other, &n), VOS_OK);   /* any context */
    CHECK_EQ(n, 2);
}

static vos_sem_t not_a_task;

static void locked_main(void *arg)
{
    (void)arg;
    vos_task_t *self = vos_self();
    other = t_task("other", other_main, NULL, 6);
    vos_sleep_until(500);
    CHECK_EQ(overruns_of(other), 2);           /* its own count, not ours */
    CHECK_EQ(overruns_of(self), 0);
    CHECK_EQ(vos_sched_lock(), VOS_OK);
    CHECK_EQ(vos_sleep_until(vos_now() - 5), VOS_ERR_LATE);    /* counted while locked */
    CHECK_EQ(vos_sleep_until(vos_now()), VOS_OK);
    CHECK_EQ(vos_sleep_until(vos_now() + 5), VOS_ERR_CONTEXT); /* refused: not a miss */
    /* A relative sleep has no deadline to miss: a zero one while locked
     * is a yield (VOS_OK), a longer one refused; neither counts. */
    CHECK_EQ(vos_sleep(VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(vos_sleep(vos_cycles(5)), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sched_unlock(), VOS_OK);
    CHECK_EQ(overruns_of(self), 1);
    host_irq(sleep_isr);
    CHECK_EQ(isr_result, VOS_ERR_CONTEXT);     /* from an interrupt: refused, not counted */
    CHECK_EQ(overruns_of(self), 1);
    /* Misuse: nothing written. */
    CHECK_EQ(vos_sem_init(&not_a_task, 0, 1), VOS_OK);
    uint32_t n = 77;
    CHECK_EQ(vos_task_overruns((vos_task_t *)(void *)&not_a_task, &n), VOS_ERR_INVALID);
    CHECK_EQ(vos_task_overruns(self, NULL), VOS_ERR_ARG);
    CHECK_EQ(n, 77);
    CHECK_EQ(vos_sem_count(&not_a_task), 0);
    uint32_t late[4];
    CHECK_EQ(trace_misses(self, late, 4), VOS_CFG_TRACE ? 1 : 0);
    CHECK_EQ(trace_misses(other, late, 4), VOS_CFG_TRACE ? 2 : 0);
    if (VOS_CFG_TRACE)
        CHECK_EQ(late[0], 90);                 /* 150 - 60 */
    CHECK_INV();
}

static void case_locked_refused_and_per_task(void)
{
    CHECK_EQ(t_run(locked_main, NULL, 5), HOST_IDLE);
}

/* A new task starts with no overruns, in a control block that had some. */
static void reuse_main(void *arg)
{
    (void)arg;
    void *stack;
    size_t size;
    vos_task_t *t = t_tcb(&stack, &size);
    CHECK_EQ(vos_task_create(t, "o", other_main, NULL, 6, stack, size), VOS_OK);
    vos_sleep_until(500);
    CHECK_EQ(overruns_of(t), 2);
    CHECK_EQ(vos_task_state(t), VOS_TASK_EXITED);
    CHECK_EQ(vos_task_create(t, "o2", other_main, NULL, 4, stack, size), VOS_OK);
    CHECK_EQ(overruns_of(t), 0);
}

static void case_new_task_starts_at_zero(void)
{
    CHECK_EQ(t_run(reuse_main, NULL, 5), HOST_IDLE);
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"missed_deadline_counted_and_traced", case_missed_deadline_counted_and_traced},
        {"periodic_loop_overrun", case_periodic_loop_overrun},
        {"locked_refused_and_per_task", case_locked_refused_and_per_task},
        {"new_task_starts_at_zero", case_new_task_starts_at_zero},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
