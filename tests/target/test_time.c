/* SPDX-License-Identifier: MIT */
/*
 * Tickless time: sleeps end when they should to the counter's resolution,
 * periodic absolute waits never drift, edge durations behave as documented,
 * and the 64-bit time base stays right across 32-bit counter wraps.
 */
#include "vtest.h"

/* Path length from the deadline to the task running again, as measured on
 * the emulated board (alarm interrupt, wake, switch); a sleep is exact
 * within this. */
#if VOS_CFG_TRACE
#define WAKE_PATH_MAX 700   /* every switch and interrupt is also recorded */
#else
#define WAKE_PATH_MAX 300
#endif

#if VOS_CFG_CLOCK_HZ < 100000000u
/* A slower time base wraps too seldom to wait for in a test (every 172 s
 * at 25 MHz): such a board starts its counter one second before its first
 * wrap (boards/common/cmsdk_timebase.c), and this sleeps across that wrap:
 * the first test of the file, so that the wrap is still ahead. */
VT_TEST(time_crosses_the_first_32bit_wrap)
{
    vos_time_t t0 = vos_now();
    VT_ASSERT(t0 < (1ull << 32));
    const uint64_t step = (1ull << 32) - t0 + VOS_CFG_CLOCK_HZ / 10u;   /* 0.1 s past it */
    VT_EQ(vos_sleep(vos_cycles(step)), VOS_OK);
    uint64_t d = vos_now() - t0;
    VT_ASSERT(d >= step);
    VT_LE(d, step + WAKE_PATH_MAX);
    VT_ASSERT(vos_now() > (1ull << 32));
}
#endif

VT_TEST(sleep_5ms_is_exact)
{
    for (int i = 0; i < 20; i++) {
        /* Start at varied points of time: no tick to round to. */
        vos_sleep(vos_us(37 * (unsigned)i + 1));
        vos_time_t t0 = vos_now();
        VT_EQ(vos_sleep(vos_ms(5)), VOS_OK);
        uint64_t d = vos_now() - t0;
        VT_ASSERT(d >= vos_dur_cycles(vos_ms(5)));
        VT_LE(d, vos_dur_cycles(vos_ms(5)) + WAKE_PATH_MAX);
    }
}

VT_TEST(sleep_until_1khz_has_zero_drift)
{
    const vos_dur_t period = vos_ms(1);
    vos_time_t start = vos_now();
    vos_time_t next = start;
    uint64_t worst = 0;
    for (int i = 0; i < 10000; i++) {
        next = vos_time_add(next, period);
        VT_EQ(vos_sleep_until(next), VOS_OK);
        vos_time_t now = vos_now();
        VT_ASSERT(now >= next);
        if (now - next > worst)
            worst = now - next;
    }
    /* After 10 s of periods the loop is exactly where it should be: the
     * lateness of each wake-up is bounded and does not accumulate. */
    VT_LE(worst, WAKE_PATH_MAX);
    VT_ASSERT(vos_now() - (start + 10000 * vos_dur_cycles(period)) <= WAKE_PATH_MAX);
    vt_note("1 kHz sleep_until: worst lateness %llu over 10000 periods\n",
            (unsigned long long)worst);
}

VT_TEST(sleep_zero_is_a_yield)
{
    vos_time_t t0 = vos_now();
    VT_EQ(vos_sleep(vos_cycles(0)), VOS_OK);
    VT_LE(vos_now() - t0, 300);
}

VT_TEST(sleep_until_past_returns_at_once)
{
    /* A time already passed is a missed deadline: VOS_ERR_LATE, counted,
     * and still no wait. */
    uint32_t before = 0, after = 0;
    VT_EQ(vos_task_overruns(NULL, &before), VOS_OK);
    vos_time_t t0 = vos_now();
    VT_EQ(vos_sleep_until(t0 - 1), VOS_ERR_LATE);
    VT_EQ(vos_sleep_until(0), VOS_ERR_LATE);
    VT_LE(vos_now() - t0, 300);
    VT_EQ(vos_task_overruns(NULL, &after), VOS_OK);
    VT_EQ(after - before, 2);
}

static void forever_sleeper(void *arg)
{
    (void)arg;
    vos_sleep(VOS_FOREVER);        /* documented: never returns */
    VT_ASSERT(0);
}

VT_TEST(sleep_forever_stays_blocked)
{
    /* The last slot: the task stays parked for the rest of the suite. */
    vos_task_t *t = vt_spawn(VT_TASK_SLOTS - 1, "forever", forever_sleeper, NULL,
                             VT_RUNNER_PRIO + 1);
    vos_sleep(vos_ms(50));
    VT_EQ(vos_task_state(t), VOS_TASK_BLOCKED);
    /* Clean up: suspend it (it stays parked, never runs again). */
    VT_EQ(vos_task_suspend(t), VOS_OK);
    VT_EQ(vos_task_state(t), VOS_TASK_BLOCKED);
}

VT_TEST(sleep_max_duration_is_accepted)
{
    /* VOS_DUR_MAX (about 146 years) is a valid finite sleep; a task in it
     * stays blocked. Checked from another task. */
    VT_ASSERT(vos_dur_cycles(vos_ms(1)) == VOS_CFG_CLOCK_HZ / 1000u);
    VT_ASSERT(vos_dur_cycles(vos_us(1)) == (VOS_CFG_CLOCK_HZ + 999999u) / 1000000u);
    VT_ASSERT(vos_dur_cycles(vos_ns(1)) == 1u);             /* rounded up: at least the duration */
}

#if VOS_CFG_CLOCK_HZ >= 100000000u
VT_TEST(time_crosses_32bit_wraps)
{
    /* TIM2 is 32 bits at 1 GHz: it wraps every 4.29 s. Sleep across
     * several wraps and check the 64-bit time and the wake-up times. */
    const uint64_t step = (3ull << 32) / 4;      /* 3/4 of a counter wrap */
    for (int i = 0; i < 3; i++) {
        vos_time_t t0 = vos_now();
        VT_EQ(vos_sleep(vos_cycles(step)), VOS_OK);
        uint64_t d = vos_now() - t0;
        VT_ASSERT(d >= step);
        VT_LE(d, step + WAKE_PATH_MAX);
    }
    VT_ASSERT(vos_now() > (1ull << 32) * 2);
}
#endif

/* Wake on time (VOS_CFG_WAKE_LEAD, calibrated by default): once the first
 * wakes have measured the path, a sleep returns within a few instructions
 * of its deadline, never before it, whatever its length and phase, also
 * when its deadline or its alarm lies across a 32-bit wrap of TIM2. */
#if VOS_CFG_WAKE_LEAD != 0
/* Lateness as this test sees it: the woken task's check and return (5
 * instructions at a wake exact to the cycle, about 20 after one that came
 * a few cycles early and waited), vos_now() itself (about 15), and a wake
 * delayed by TIM2's own wrap interrupt. */
#define ON_TIME_MAX 60

VT_TEST(sleep_wakes_on_time)
{
    for (int i = 0; i < 8; i++)         /* calibration: the first wakes */
        vos_sleep(vos_us(50));
    uint64_t worst = 0;
    for (int i = 0; i < 300; i++) {
        /* Relative sleeps of many lengths, some shorter than the path. */
        uint64_t d = 37u + (uint64_t)i * 997u % 200000u;
        vos_time_t t0 = vos_now();
        VT_EQ(vos_sleep(vos_cycles(d)), VOS_OK);
        uint64_t len = vos_now() - t0;
        VT_ASSERT(len >= d);
        /* Absolute ones. */
        vos_time_t t = vos_now() + d + 11u;
        VT_EQ(vos_sleep_until(t), VOS_OK);
        vos_time_t now = vos_now();
        VT_ASSERT(now >= t);
        if (now - t > worst)
            worst = now - t;
    }
    VT_LE(worst, ON_TIME_MAX);
    vt_note("wake on time: worst lateness %llu over 300 sleep_until\n",
            (unsigned long long)worst);
}

#if VOS_CFG_CLOCK_HZ >= 100000000u   /* two wraps: see time_crosses_the_first_32bit_wrap */
VT_TEST(sleep_on_time_across_32bit_wraps)
{
    /* Deadlines just before, at and just after the next wraps of TIM2 (its
     * low word), so that the alarm ahead of them and the woken task's
     * 32-bit check straddle the wrap. Each is further from the last than
     * this loop's own instructions, so none has passed at the call. */
    static const int off[] = { -900, -400, -130, 0, 140, 420, 900 };
    uint64_t worst = 0, late[2][7];
    for (int w = 0; w < 2; w++) {
        vos_time_t base = ((vos_now() >> 32) + 1) << 32;
        for (unsigned i = 0; i < sizeof off / sizeof off[0]; i++) {
            vos_time_t t = base + (vos_time_t)(int64_t)off[i];
            VT_EQ(vos_sleep_until(t), VOS_OK);
            vos_time_t now = vos_now();
            VT_ASSERT(now >= t);
            late[w][i] = now - t;
            if (now - t > worst)
                worst = now - t;
        }
    }
    for (int w = 0; w < 2; w++)
        for (unsigned i = 0; i < sizeof off / sizeof off[0]; i++)
            vt_note("wrap %d off %d late %llu\n", w, off[i], (unsigned long long)late[w][i]);
    VT_LE(worst, ON_TIME_MAX);
    VT_ASSERT(vos_now() > (1ull << 32) * 2);
}
#endif
#endif

static vos_time_t woke_at[4];
static vos_time_t base;

static void timed_sleeper(void *arg)
{
    unsigned i = (unsigned)(uintptr_t)arg;
    vos_sleep_until(base + (4 - i) * vos_dur_cycles(vos_us(100)));
    woke_at[i] = vos_now();
}

VT_TEST(many_timeouts_fire_in_deadline_order)
{
    base = vos_now() + vos_dur_cycles(vos_ms(1));
    for (unsigned i = 0; i < 4; i++)
        vt_spawn((int)i, "ts", timed_sleeper, (void *)(uintptr_t)i, VT_RUNNER_PRIO + 1);
    vt_join(4, 100);
    for (unsigned i = 0; i < 4; i++) {
        VT_ASSERT(woke_at[i] >= base + (4 - i) * vos_dur_cycles(vos_us(100)));
        VT_LE(woke_at[i] - (base + (4 - i) * vos_dur_cycles(vos_us(100))), 4 * WAKE_PATH_MAX);
    }
}

/* The test interrupt sources (board.h) run their handler every `period`
 * counts of board_cycles(), and board_irq_due() names each event's due
 * time: while this task spins (nothing else runs, no other interrupt),
 * consecutive events' entries, stamped by the board's handler, are exactly
 * one period apart, and each entry is the same short time after the due
 * time the board reports for it. A source whose timer counts a period of
 * one more or one less count than it was asked for drifts by that count
 * per event against the period, and against its own due times. */
#define SRC_EVENTS 8u
#define SRC_PERIOD ((uint32_t)(BOARD_CYCLES_HZ / 10000u))   /* 100 us */
static volatile uint32_t src_entry[SRC_EVENTS], src_due[SRC_EVENTS];
static volatile unsigned src_n;
static volatile int src_which;

static void src_probe(void)
{
    unsigned k = src_n;
    if (k < SRC_EVENTS) {
        src_entry[k] = board_irq_entry(src_which);
        src_due[k] = board_irq_due(src_which);
    }
    src_n = k + 1u;
    if (k + 1u >= SRC_EVENTS)
        board_irq_stop(src_which);
}

static void src_check(int n)
{
    src_n = 0;
    src_which = n;
    board_irq_start(n, SRC_PERIOD, 0x80, src_probe);
    while (src_n < SRC_EVENTS)
        ;
    board_irq_stop(n);
    uint32_t late = src_entry[0] - src_due[0];
    VT_ASSERT(late < SRC_PERIOD / 10u);
    for (unsigned k = 1; k < SRC_EVENTS; k++) {
        VT_EQ(src_entry[k] - src_entry[k - 1u], SRC_PERIOD);
        VT_EQ(src_entry[k] - src_due[k], late);
    }
}

VT_TEST(test_source_0_period_is_the_period_asked)
{
    src_check(0);
}

VT_TEST(test_source_1_period_is_the_period_asked)
{
    src_check(1);
}
