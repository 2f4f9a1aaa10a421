/* SPDX-License-Identifier: MIT */
/*
 * Time: sleeps exact to the virtual cycle, periodic sleep_until without
 * drift, timeout order among many tasks, FIFO among equal deadlines,
 * timeouts of blocking calls, the alarm, and the calling context.
 */
#include "harness.h"
#include "kernel.h"

static vos_sem_t sem;
static bool done;

struct wake {
    vos_task_t *task;
    vos_time_t deadline, woke;
    unsigned seq;                 /* order of waking */
};
static struct wake wk[32];
static unsigned nwoke;

/* --- Exact sleeps ---------------------------------------------------------------- */

static void exact_main(void *arg)
{
    (void)arg;
    static const uint64_t d[] = {1, 2, 999, 1000, 1000000, 5000000, 4294967296ull, 7};
    for (unsigned i = 0; i < sizeof d / sizeof d[0]; i++) {
        vos_time_t t0 = vos_now();
        CHECK_EQ(vos_sleep(vos_cycles(d[i])), VOS_OK);
        CHECK_TIME(vos_now(), vos_time_add(t0, vos_cycles(d[i])));
        CHECK_INV();
    }
    vos_time_t t0 = vos_now();
    CHECK_EQ(vos_sleep(vos_ms(5)), VOS_OK);
    CHECK_TIME(vos_now() - t0, 5000000);
    t0 = vos_now();
    CHECK_EQ(vos_sleep(vos_us(3)), VOS_OK);
    CHECK_TIME(vos_now() - t0, 3000);
    CHECK_TIME(vos_dur_cycles(vos_ns(1)), 1);
}

static void case_sleep_exact(void)
{
    CHECK_EQ(t_run(exact_main, NULL, 5), HOST_IDLE);
}

static void boundary_main(void *arg)
{
    (void)arg;
    CHECK_TIME(vos_now(), 4294967196ull);
    CHECK_EQ(vos_sleep(vos_cycles(200)), VOS_OK);
    CHECK_TIME(vos_now(), 4294967396ull);
    CHECK_EQ(vos_sleep_until(3ull << 32), VOS_OK);
    CHECK_TIME(vos_now(), 3ull << 32);
}

static void case_sleep_across_32_bits(void)
{
    host_advance((1ull << 32) - 100);
    CHECK_EQ(t_run(boundary_main, NULL, 5), HOST_IDLE);
}

/* --- Periodic -------------------------------------------------------------------------- */

#define PERIODS 10000u
#define PERIOD  1000000u          /* 1 kHz */

static void background(void *arg)
{
    (void)arg;
    while (!done)
        host_advance(10u * PERIOD + 12345u);   /* preempted by the loop */
}

static void periodic(void *arg)
{
    (void)arg;
    vos_time_t start = vos_now(), next = start;
    unsigned late = 0;
    for (unsigned i = 0; i < PERIODS; i++) {
        host_advance(t_rand() % (PERIOD / 2));  /* the loop's own work */
        next += PERIOD;
        CHECK_EQ(vos_sleep_until(next), VOS_OK);
        late += vos_now() != next;
    }
    CHECK_EQ(late, 0);
    CHECK_TIME(vos_now(), start + (vos_time_t)PERIODS * PERIOD);
    done = true;
    host_stop(0);
}

static void periodic_main(void *arg)
{
    (void)arg;
    done = false;
    t_task("bg", background, NULL, 2);
    t_task("loop", periodic, NULL, 9);
}

static void case_sleep_until_no_drift(void)
{
    CHECK_EQ(t_run(periodic_main, NULL, 10), 0);
}

/* --- Order of many timeouts ------------------------------------------------------------- */

static void timed_sleeper(void *arg)
{
    struct wake *w = arg;
    CHECK_EQ(vos_sleep_until(w->deadline), VOS_OK);
    w->woke = vos_now();
    w->seq = nwoke++;
}

static void many_main(void *arg)
{
    (void)arg;
    unsigned n = sizeof wk / sizeof wk[0];
    nwoke = 0;
    for (unsigned i = 0; i < n; i++) {
        wk[i].deadline = 1000 + (vos_time_t)(i * 13u % n) * 977u;   /* a permutation */
        wk[i].woke = 0;
        wk[i].task = t_task("s", timed_sleeper, &wk[i], 1 + t_rand() % 20);
    }
    CHECK_INV();
}

static void case_timeout_order_many(void)
{
    CHECK_EQ(t_run(many_main, NULL, 30), HOST_IDLE);
    unsigned n = sizeof wk / sizeof wk[0];
    for (unsigned i = 0; i < n; i++) {
        CHECK_TIME(wk[i].woke, wk[i].deadline);
        unsigned before = 0;
        for (unsigned j = 0; j < n; j++)
            before += wk[j].deadline < wk[i].deadline;
        CHECK_EQ(wk[i].seq, before);
    }
}

static void equal_main(void *arg)
{
    (void)arg;
    nwoke = 0;
    /* A..F start sleeping in the order F E D C B A (higher priority
     * first), then all drop to priority 5 while asleep... */
    static const char *names[] = {"A", "B", "C", "D", "E", "F"};
    for (unsigned i = 0; i < 6; i++) {
        wk[i].deadline = 5000;
        wk[i].task = t_task(names[i], timed_sleeper, &wk[i], 10 + i);
    }
    vos_sleep(vos_cycles(1));
    for (unsigned i = 0; i < 6; i++)
        CHECK_EQ(vos_task_set_priority(wk[i].task, 5), VOS_OK);
    /* ...and G, of higher priority, sleeps last for the same time. */
    wk[6].deadline = 5000;
    wk[6].task = t_task("G", timed_sleeper, &wk[6], 8);
    CHECK_INV();
}

static void case_equal_deadlines_fifo(void)
{
    CHECK_EQ(t_run(equal_main, NULL, 30), HOST_IDLE);
    for (unsigned i = 0; i < 7; i++)
        CHECK_TIME(wk[i].woke, 5000);
    CHECK_EQ(wk[6].seq, 0);                  /* G: highest priority */
    for (unsigned i = 0; i < 6; i++)
        CHECK_EQ(wk[i].seq, 6 - i);          /* F first: it slept first */
}

/* --- Timeouts of blocking calls ----------------------------------------------------------- */

static void taker(void *arg)
{
    vos_time_t t0 = vos_now();
    int r = vos_sem_take(&sem, vos_cycles((uintptr_t)arg));
    t_log("%s@%llu", vos_strerror(r), (unsigned long long)(vos_now() - t0));
}

static void take_timeout_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 1);
    t_watch_sem(&sem);
    t_task("T1", taker, (void *)(uintptr_t)500, 7);
    t_task("T2", taker, (void *)(uintptr_t)1, 7);
    vos_sleep(vos_cycles(600));
    CHECK_TIME(host_alarm_at(), VOS_TIME_NEVER);   /* nothing left to time */
    t_task("T3", taker, (void *)(uintptr_t)800, 7);
    CHECK_TIME(host_alarm_at(), 600 + 800);
    vos_sleep(vos_cycles(200));
    CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    /* T3's deadline left the list; the alarm stays set for it and fires
     * early, waking nobody. */
    CHECK_TIME(host_alarm_at(), 600 + 800);
    CHECK_INV();
    vos_sleep(vos_cycles(1000));
    CHECK_EQ(vos_sem_count(&sem), 0);
    CHECK_TIME(host_alarm_at(), VOS_TIME_NEVER);
    CHECK_INV();
}

static void case_take_timeout(void)
{
    CHECK_EQ(t_run(take_timeout_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("timeout@1 timeout@500 ok@200");
}

static void forever_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 1);
    t_task("T", taker, (void *)(uintptr_t)vos_dur_cycles(VOS_FOREVER), 7);
    t_task("U", taker, (void *)(uintptr_t)vos_dur_cycles(VOS_DUR_MAX), 7);
    CHECK_TIME(host_alarm_at(), VOS_TIME_NEVER);
    CHECK_EQ(vos_sleep(vos_cycles(vos_dur_cycles(VOS_DUR_MAX) - 1)), VOS_OK);   /* finite: a deadline */
    CHECK_TIME(vos_now(), vos_dur_cycles(VOS_DUR_MAX) - 1);
    t_log("woke");
}

static void case_forever_arms_nothing(void)
{
    CHECK_EQ(t_run(forever_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("woke");      /* the clock jumped to the one finite deadline */
}

/* --- Edge cases ------------------------------------------------------------------------------- */

static void log_name(void *arg)
{
    t_log("%s", (const char *)arg);
}

static void until_past_main(void *arg)
{
    (void)arg;
    host_advance(100);
    uint64_t n = host_switches();
    CHECK_EQ(vos_sleep_until(50), VOS_ERR_LATE);        /* passed: a missed deadline */
    CHECK_EQ(vos_sleep_until(100), VOS_OK);             /* now: met */
    CHECK_EQ(host_switches(), n);
    CHECK_TIME(vos_now(), 100);
    t_task("B", log_name, "B", 5);
    CHECK_EQ(vos_sleep(vos_cycles(0)), VOS_OK);          /* a yield */
    t_log("A");
}

static void case_sleep_until_past_and_zero(void)
{
    CHECK_EQ(t_run(until_past_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("B A");
}

static void sleep_in_isr(void)
{
    CHECK_EQ(vos_sleep(vos_cycles(10)), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sleep_until(10), VOS_ERR_CONTEXT);
    CHECK_TIME(vos_now(), host_now());
}

static void context_main(void *arg)
{
    (void)arg;
    host_irq(sleep_in_isr);
}

static void case_sleep_context(void)
{
    CHECK_EQ(vos_sleep(vos_cycles(10)), VOS_ERR_CONTEXT);        /* before start */
    CHECK_EQ(vos_sleep_until(10), VOS_ERR_CONTEXT);
    CHECK_EQ(t_run(context_main, NULL, 5), HOST_IDLE);
}

/* A handler that computes moves the clock; the alarm it passes fires when
 * the handler returns, not inside it. */
static void slow_handler(void)
{
    host_advance(300);
    t_log("isr@%llu", (unsigned long long)vos_now());
}

static void sleeper_100(void *arg)
{
    (void)arg;
    vos_sleep(vos_cycles(100));
    t_log("S@%llu", (unsigned long long)vos_now());
}

static void slow_isr_main(void *arg)
{
    (void)arg;
    t_task("S", sleeper_100, NULL, 9);
    host_irq(slow_handler);
    t_log("m");
}

static void case_alarm_after_slow_handler(void)
{
    CHECK_EQ(t_run(slow_isr_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("isr@300 S@300 m");
}

/* --- Time the time base did not count (vos_time_skip) ---------------------------------- */

static vos_time_t skip_base;

static void sleep_log(void *arg)
{
    vos_sleep(vos_us((uint32_t)(uintptr_t)arg));
    t_log("%s@%llu", vos_self()->name, (unsigned long long)((vos_now() - skip_base) / 1000u));
}

static void skip_tick(vos_timer_t *tm, void *arg)
{
    (void)tm;
    (void)arg;
    t_log("T@%llu", (unsigned long long)((vos_now() - skip_base) / 1000u));
}

static void skip_in_isr(void)
{
    CHECK_EQ(vos_time_skip(vos_us(5)), VOS_ERR_CONTEXT);
}

static void skip_main(void *arg)
{
    (void)arg;
    static vos_timer_t tm;
    host_advance(10000000);     /* 10 ms: the events stay after the start of time */
    skip_base = vos_now();
    CHECK_EQ(vos_timer_init(&tm, "T", skip_tick, NULL, VOS_TIMER_ISR), VOS_OK);
    t_watch_timer(&tm);
    t_task("A", sleep_log, (void *)1000, 9);
    t_task("B", sleep_log, (void *)2000, 9);
    t_task("C", sleep_log, (void *)3000, 9);
    CHECK_EQ(vos_timer_start(&tm, vos_us(1500), vos_us(1000)), VOS_OK);
    host_irq(skip_in_isr);
    CHECK_INV();
    /* 1.8 ms slept with the counter stopped: A's sleep and the timer's
     * first period are over, the rest 1.8 ms nearer. */
    CHECK_EQ(vos_time_skip(vos_us(1800)), VOS_OK);
    CHECK_INV();
    CHECK_EQ(vos_time_skip(vos_cycles(0)), VOS_OK);
    vos_sleep(vos_us(2900));
    CHECK_EQ(vos_timer_stop(&tm), VOS_OK);
    CHECK_TIME((vos_now() - skip_base) / 1000u, 2900);
    CHECK_INV();
}

static void case_time_skip(void)
{
    CHECK_EQ(vos_time_skip(vos_us(1)), VOS_OK);     /* before start: nothing pending */
    CHECK_EQ(t_run(skip_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("T@0 A@0 B@200 T@700 C@1200 T@1700 T@2700");
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"sleep_exact", case_sleep_exact},
        {"sleep_across_32_bits", case_sleep_across_32_bits},
        {"sleep_until_no_drift_10000_periods", case_sleep_until_no_drift},
        {"timeout_order_many", case_timeout_order_many},
        {"equal_deadlines_fifo", case_equal_deadlines_fifo},
        {"take_timeout", case_take_timeout},
        {"forever_arms_nothing", case_forever_arms_nothing},
        {"sleep_until_past_and_zero", case_sleep_until_past_and_zero},
        {"sleep_context", case_sleep_context},
        {"alarm_after_slow_handler", case_alarm_after_slow_handler},
        {"time_skip", case_time_skip},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
