/* SPDX-License-Identifier: MIT */
/*
 * Wake on time (kernel/time.c, VOS_CFG_WAKE_LEAD): a sleep's alarm comes
 * one wake-up path ahead of its deadline, and the sleeper never returns
 * before its deadline. Built three times (tests/host/kernel/CMakeLists.txt):
 *   test_wake       VOS_CFG_WAKE_LEAD=500 (a fixed lead)
 *   test_wake_auto  the default, calibrated from the wakes themselves
 *   test_wake_off   VOS_CFG_WAKE_LEAD=0: the alarm at the deadline
 *   test_wake_margin  calibrated, with ARCH_SPIN_MARGIN=32 (arch/port.h),
 *                   as on Cortex-M with the exact final wait: the lead is
 *                   the path plus the margin, so every undisturbed wake is
 *                   early by the margin and waits it out
 * The host port's kernel code takes no time, so the wake-up path is what
 * host_switch_cost() says: the clock moves on by that much at every switch.
 */
#include "harness.h"
#include "kernel.h"

#if VOS_CFG_WAKE_LEAD > 0
#define FIXED_LEAD ((uint64_t)VOS_CFG_WAKE_LEAD)
#endif
#define MARGIN ((uint64_t)ARCH_SPIN_MARGIN)   /* added to a calibrated lead only */

/* The lead the kernel applies now, seen from outside: the alarm of a
 * sleeper of a higher priority against its deadline. */
static vos_time_t probe_deadline;

static void probe(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sleep_until(probe_deadline), VOS_ERR_ABORTED);   /* lead_now ends it */
}

static uint64_t lead_now(void)
{
    probe_deadline = vos_now() + 1000000;
    vos_task_t *t = t_task("probe", probe, NULL, 20);   /* runs, sleeps */
    CHECK_EQ(vos_task_state(t), VOS_TASK_BLOCKED);
    uint64_t lead = probe_deadline - host_alarm_at();
    CHECK_EQ(vos_task_abort_wait(t), VOS_OK);          /* ends with VOS_ERR_ABORTED */
    return lead;
}

/* --- Never early, exact when the path is known -------------------------------- */

static void exact_main(void *arg)
{
    (void)arg;
    static const uint64_t d[] = {1, 2, 7, 499, 500, 501, 999, 1000, 123457, 5000000,
                                 4294967296ull, 4294967297ull};
    for (unsigned i = 0; i < sizeof d / sizeof d[0]; i++) {
        vos_time_t t0 = vos_now();
        CHECK_EQ(vos_sleep(vos_cycles(d[i])), VOS_OK);
        CHECK_TIME(vos_now(), t0 + d[i]);
        vos_time_t t = vos_now() + d[i];
        CHECK_EQ(vos_sleep_until(t), VOS_OK);
        CHECK_TIME(vos_now(), t);
        CHECK_INV();
    }
#ifdef FIXED_LEAD
    CHECK_EQ(lead_now(), FIXED_LEAD);
    CHECK(host_spin_max() <= 2 * FIXED_LEAD);
    CHECK(host_spin_max() > 0);
#elif VOS_CFG_WAKE_LEAD < 0
    CHECK_EQ(lead_now(), MARGIN);        /* no path: the margin alone */
    CHECK_EQ(host_spin_max(), MARGIN);   /* every wake early by it, then exact */
#else
    CHECK_EQ(lead_now(), 0);             /* off: nothing to anticipate */
    CHECK_EQ(host_spin_max(), 0);
#endif
}

static void case_exact(void)
{
    CHECK_EQ(t_run(exact_main, NULL, 5), HOST_IDLE);
}

/* --- A wake-up path of known length -------------------------------------------- */

static void path_main(void *arg)
{
    (void)arg;
    /* Every switch costs 137 cycles: the sleeper's return comes 137
     * after its alarm. */
    host_switch_cost(137);
    vos_time_t t = vos_now() + 100000;
    CHECK_EQ(vos_sleep_until(t), VOS_OK);
#if VOS_CFG_WAKE_LEAD == 0
    CHECK_TIME(vos_now(), t + 137);              /* the alarm at the deadline */
#elif defined(FIXED_LEAD)
    CHECK_TIME(vos_now(), t);                    /* early by 500 - 137, then waits */
    CHECK_EQ(host_spin_max(), FIXED_LEAD - 137);
#else
    CHECK_TIME(vos_now(), t + 137);              /* the first wake measures the path */
#endif
    for (int i = 0; i < 5; i++) {
        t = vos_now() + 100000 + (vos_time_t)i * 7;
        CHECK_EQ(vos_sleep_until(t), VOS_OK);
#if VOS_CFG_WAKE_LEAD == 0
        CHECK_TIME(vos_now(), t + 137);
#else
        CHECK_TIME(vos_now(), t);                /* on time, to the cycle */
#endif
        vos_time_t t0 = vos_now();
        CHECK_EQ(vos_sleep(vos_us(5)), VOS_OK);
#if VOS_CFG_WAKE_LEAD == 0
        CHECK_TIME(vos_now(), t0 + 5000 + 137);
#else
        CHECK_TIME(vos_now(), t0 + 5000);
#endif
    }
#if VOS_CFG_WAKE_LEAD < 0
    CHECK_EQ(host_spin_max(), MARGIN);           /* exact: the margin waited out */
    /* A shorter path: the wakes come early and wait; the lead comes down
     * by one cycle a wake until it is the path (plus the margin) again,
     * every wake exact on the way down. */
    host_switch_cost(100);
    for (int i = 0; i < 40; i++) {
        t = vos_now() + 100000;
        CHECK_EQ(vos_sleep_until(t), VOS_OK);
        CHECK_TIME(vos_now(), t);
    }
    CHECK_EQ(host_spin_max(), 37 + MARGIN);
    CHECK_EQ(lead_now(), 100 + MARGIN);
    /* A longer one: late (never early) while the lead is below the path,
     * which rises by VOS__WAKE_STEP_UP a wake until it covers the path
     * plus the margin, then comes down to it by one a wake, exact. */
    host_switch_cost(150);
    uint64_t lead = 100 + MARGIN;
    for (int i = 0; lead < 150; i++) {
        t = vos_now() + 100000;
        CHECK_EQ(vos_sleep_until(t), VOS_OK);
        CHECK_TIME(vos_now(), t + 150 - lead);
        lead += VOS__WAKE_STEP_UP;
    }
    for (int i = 0; i < (int)VOS__WAKE_STEP_UP + 5; i++) {
        t = vos_now() + 100000;
        CHECK_EQ(vos_sleep_until(t), VOS_OK);
        CHECK_TIME(vos_now(), t);
    }
    CHECK_EQ(lead_now(), 150 + MARGIN);
    /* A wake held up far beyond VOS_CFG_WAKE_LEAD_MAX is no path length:
     * the lead stays. */
    host_switch_cost(VOS_CFG_WAKE_LEAD_MAX + 1000);
    t = vos_now() + 100000;
    CHECK_EQ(vos_sleep_until(t), VOS_OK);
    CHECK(vos_now() > t);
    host_switch_cost(0);
    CHECK_EQ(lead_now(), 150 + MARGIN);
#endif
    host_switch_cost(0);
}

static void case_known_path(void)
{
    CHECK_EQ(t_run(path_main, NULL, 5), HOST_IDLE);
    host_switch_cost(0);
}

/* --- Sleeps shorter than the lead, the bound of the final wait ------------------- */

static void short_main(void *arg)
{
    (void)arg;
#ifdef FIXED_LEAD
    /* Shorter than twice the lead: no alarm at all, the whole sleep is
     * the final wait, exact and within twice the lead. */
    for (uint64_t d = 1; d <= 2 * FIXED_LEAD; d += 83) {
        vos_time_t t0 = vos_now();
        uint64_t sw = host_switches();
        CHECK_EQ(vos_sleep(vos_cycles(d)), VOS_OK);
        CHECK_TIME(vos_now(), t0 + d);
        CHECK_EQ(host_switches(), sw);           /* it never left the CPU */
    }
    vos_time_t t0 = vos_now();
    CHECK_EQ(vos_sleep(vos_cycles(2 * FIXED_LEAD)), VOS_OK);
    CHECK_TIME(vos_now(), t0 + 2 * FIXED_LEAD);
    CHECK_EQ(host_spin_max(), 2 * FIXED_LEAD);
    /* One cycle longer: the alarm, then a final wait of the whole lead. */
    t0 = vos_now();
    uint64_t sw = host_switches();
    CHECK_EQ(vos_sleep(vos_cycles(2 * FIXED_LEAD + 1)), VOS_OK);
    CHECK_TIME(vos_now(), t0 + 2 * FIXED_LEAD + 1);
    CHECK(host_switches() > sw);
#else
    CHECK_EQ(vos_sleep(vos_cycles(3)), VOS_OK);
#endif
}

static void case_short(void)
{
    CHECK_EQ(t_run(short_main, NULL, 5), HOST_IDLE);
}

/* --- Across counter wraps and far past 2^32 cycles ---------------------------------- */

static void wrap_main(void *arg)
{
    (void)arg;
    host_switch_cost(61);
    CHECK_TIME(vos_now(), 4294967196ull);
    /* Deadlines on both sides of each 2^32 boundary, alarms across it. */
    static const int64_t off[] = {-300, -1, 0, 1, 60, 61, 62, 300};
    for (unsigned k = 1; k <= 12; k++) {
        /* From the second boundary on the path is known (calibrated by the
         * first wake): every wake exact. */
        for (unsigned i = 0; i < sizeof off / sizeof off[0]; i++) {
            vos_time_t t = ((vos_time_t)k << 32) + (vos_time_t)off[i];
            if (t <= vos_now())
                continue;
            CHECK_EQ(vos_sleep_until(t), VOS_OK);
            CHECK(vos_now() >= t);
#if VOS_CFG_WAKE_LEAD != 0
            if (k > 1)
                CHECK_TIME(vos_now(), t);
#endif
        }
        vos_time_t t0 = vos_now();
        CHECK_EQ(vos_sleep(vos_cycles(3ull << 30)), VOS_OK);   /* 3/4 of a wrap */
        CHECK(vos_now() >= t0 + (3ull << 30));
#if VOS_CFG_WAKE_LEAD != 0
        if (k > 1)
            CHECK_TIME(vos_now(), t0 + (3ull << 30));
#endif
    }
    CHECK(vos_now() > 12ull << 32);              /* 51 s of virtual time */
    host_switch_cost(0);
}

static void case_wraps(void)
{
    host_advance((1ull << 32) - 100);
    CHECK_EQ(t_run(wrap_main, NULL, 5), HOST_IDLE);
    host_switch_cost(0);
}

/* --- Only sleeps are anticipated ------------------------------------------------------- */

static vos_sem_t sem;

static void give_late(void)
{
    CHECK_EQ(vos_sem_give_isr(&sem), VOS_OK);
}

static void giver(void *arg)
{
    (void)arg;
    /* Just before the taker's deadline, within any lead. */
    vos_sleep_until(*(vos_time_t *)arg - 3);
    host_irq(give_late);
}

static void timeout_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sem_init(&sem, 0, 1), VOS_OK);
    vos_time_t t0 = vos_now();
    static vos_time_t dl;
    dl = t0 + 10000;
    t_task("giver", giver, &dl, 3);
    /* The alarm of a blocking call's timeout is at its deadline: the give
     * 3 cycles before it finds the taker still waiting. */
    CHECK_EQ(vos_sem_take(&sem, vos_cycles(10000)), VOS_OK);
    CHECK_TIME(vos_now(), dl - 3);
    t0 = vos_now();
    CHECK_EQ(vos_sem_take(&sem, vos_cycles(777)), VOS_ERR_TIMEOUT);
    CHECK_TIME(vos_now(), t0 + 777);
}

static void case_timeouts_not_early(void)
{
    CHECK_EQ(t_run(timeout_main, NULL, 5), HOST_IDLE);
}

/* --- A sleeper suspended or aborted around its wake ------------------------------------ */

static vos_time_t sl_deadline;
static int sl_result;
static vos_time_t sl_returned;

static void sleeper(void *arg)
{
    (void)arg;
    sl_result = vos_sleep_until(sl_deadline);
    sl_returned = vos_now();
}

static void hog(void *arg)
{
    (void)arg;
    vos_sleep_until(sl_deadline - 200);
    host_advance(1000);                 /* across the sleeper's alarm and deadline */
}

static void suspend_main(void *arg)
{
    (void)arg;
    /* Suspended while asleep, woken (and so suspended) by its alarm,
     * resumed long after: it returns then, with VOS_OK. */
    sl_deadline = vos_now() + 50000;
    vos_task_t *t = t_task("sl", sleeper, NULL, 9);
    CHECK_EQ(vos_task_suspend(t), VOS_OK);
    CHECK_EQ(vos_sleep_until(sl_deadline + 1000000), VOS_OK);
    CHECK_EQ(vos_task_state(t), VOS_TASK_SUSPENDED);
    CHECK_EQ(vos_task_resume(t), VOS_OK);
    CHECK_EQ(sl_result, VOS_OK);
    CHECK(sl_returned >= sl_deadline + 1000000);
    /* Aborted before its alarm: VOS_ERR_ABORTED at once. */
    sl_deadline = vos_now() + 50000;
    t = t_task("sl2", sleeper, NULL, 9);
    CHECK_EQ(vos_task_abort_wait(t), VOS_OK);
    CHECK_EQ(sl_result, VOS_ERR_ABORTED);
    /* Woken while a higher task computes across its deadline: it returns
     * when that task is done, late, not early. */
    sl_deadline = vos_now() + 50000;
    t_task("sl3", sleeper, NULL, 9);
    t_task("hog", hog, NULL, 12);
    CHECK_EQ(vos_sleep_until(sl_deadline + 5000), VOS_OK);
    CHECK_EQ(sl_result, VOS_OK);
    CHECK_TIME(sl_returned, sl_deadline + 800);
    CHECK_INV();
}

static void case_suspend_abort(void)
{
    CHECK_EQ(t_run(suspend_main, NULL, 5), HOST_IDLE);
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"exact_never_early", case_exact},
        {"known_path", case_known_path},
        {"shorter_than_lead", case_short},
        {"across_wraps_far_past_2_32", case_wraps},
        {"timeouts_not_anticipated", case_timeouts_not_early},
        {"suspend_abort", case_suspend_abort},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
