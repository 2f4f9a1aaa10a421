/* SPDX-License-Identifier: MIT */
/*
 * Run-time statistics (a kernel built with VOS_CFG_RUNTIME_STATS=1,
 * kernel/stats.c, vaios/stats.h). On the host port kernel code takes no
 * virtual time, so a task's cycles are exactly what it computed
 * (host_advance), and the figures below are exact: the activations of a
 * task that computes known lengths, the alarm handler's time taken out of
 * the task it interrupted, shares that add up to the window, the switch's
 * own cost (host_switch_cost) landing in the incoming task, the console
 * table, and every refusal.
 */
#include <stdio.h>
#include "harness.h"
#include "kernel.h"

_Static_assert(VOS_CFG_RUNTIME_STATS, "this test needs a kernel with VOS_CFG_RUNTIME_STATS=1");

/* A worker that computes 500 cycles, then one length per give of go. */
static vos_sem_t go;
static const uint64_t lens[] = { 1000, 3000, 2000 };
static vos_task_t *worker;

static void worker_main(void *arg)
{
    (void)arg;
    host_advance(500);
    for (unsigned i = 0;; i++) {
        if (vos_sem_take(&go, VOS_FOREVER) != VOS_OK)
            return;
        host_advance(lens[i % 3u]);
    }
}

static void start_worker(void)
{
    CHECK_EQ(vos_sem_init(&go, 0, 1), VOS_OK);
    worker = t_task("worker", worker_main, NULL, 6);   /* runs at once: above main */
}

/* Activations of known lengths: count, cycles, min, mean, max. */
static void activations_main(void *arg)
{
    (void)arg;
    vos_stats_t s;
    start_worker();
    CHECK_EQ(vos_stats_task(worker, &s), VOS_OK);
    CHECK_EQ(s.activations, 1);
    CHECK_EQ(s.cycles, 500);
    CHECK_EQ(s.min, 500);
    CHECK_EQ(s.max, 500);
    CHECK_EQ(s.running, 0);
    for (int i = 0; i < 3; i++)
        CHECK_EQ(vos_sem_give(&go), VOS_OK);     /* each: the worker computes, blocks */
    CHECK_EQ(vos_stats_task(worker, &s), VOS_OK);
    CHECK_EQ(s.tag, VOS_TAG_STATS);
    CHECK(s.task == worker);
    CHECK_EQ(s.irq, VOS_STATS_TASK);
    CHECK_EQ(s.prio, 6);
    CHECK_STR(s.name, "worker");
    CHECK_EQ(s.activations, 4);
    CHECK_EQ(s.cycles, 500 + 1000 + 3000 + 2000);
    CHECK_EQ(s.min, 500);
    CHECK_EQ(s.max, 3000);
    CHECK_EQ(s.mean, (500 + 1000 + 3000 + 2000) / 4);
    CHECK_EQ(s.at, host_now());
    CHECK_EQ(s.at, 6500);                 /* main computed nothing */
}

static void case_activations(void)
{
    CHECK_EQ(t_run(activations_main, NULL, 5), HOST_IDLE);
}

/* The running task reads itself: its running activation counts so far
 * and is not among the completed ones. */
static void self_main(void *arg)
{
    (void)arg;
    vos_stats_t s;
    host_advance(300);
    CHECK_EQ(vos_stats_task(NULL, &s), VOS_OK);
    CHECK(s.task == vos_self());
    CHECK_EQ(s.running, 1);
    CHECK_EQ(s.activations, 1);
    CHECK_EQ(s.cycles, 300);
    CHECK_EQ(s.min, 0);                   /* none completed */
    CHECK_EQ(s.mean, 0);
    CHECK_EQ(s.max, 0);
    host_advance(200);
    vos_stats_t s2;
    CHECK_EQ(vos_stats_task(vos_self(), &s2), VOS_OK);
    CHECK_EQ(s2.cycles, 500);
    uint32_t ppm;
    CHECK_EQ(vos_stats_share(&s, &s2, &ppm), VOS_OK);
    CHECK_EQ(ppm, 1000000);               /* it alone ran in between */
}

static void case_self(void)
{
    CHECK_EQ(t_run(self_main, NULL, 5), HOST_IDLE);
}

/* The alarm: an interrupt-context timer whose callback computes 700
 * cycles fires while main computes 5000; the 700 are the alarm's, and
 * main's activation is its 5000 only. */
static vos_timer_t tm;

static void long_callback(vos_timer_t *t, void *arg)
{
    (void)t;
    (void)arg;
    host_advance(700);
}

static size_t find_in(const vos_stats_t *s, size_t n, const vos_task_t *t, int irq)
{
    for (size_t i = 0; i < n; i++)
        if (s[i].task == t && s[i].irq == irq)
            return i;
    t_fail(__FILE__, __LINE__, "source not in the snapshot");
    return 0;
}

static vos_stats_t snap_a[8], snap_b[8];
static size_t na, nb;
static char table[2048];

static void shares_main(void *arg)
{
    (void)arg;
    start_worker();
    CHECK_EQ(vos_timer_init(&tm, "long", long_callback, NULL, VOS_TIMER_ISR), VOS_OK);
    CHECK_EQ(vos_stats_snapshot(snap_a, 8, &na), VOS_OK);
    CHECK_EQ(na, 1 + 3);                  /* the alarm; main, idle, worker */

    CHECK_EQ(vos_timer_start(&tm, vos_cycles(1000), vos_cycles(0)), VOS_OK);
    host_advance(5000);                   /* the alarm at +1000 takes 700 */
    CHECK_EQ(vos_sem_give(&go), VOS_OK);  /* the worker computes 1000 */
    CHECK_EQ(vos_sleep(vos_cycles(4000)), VOS_OK);   /* idle, mostly */
    CHECK_EQ(vos_stats_snapshot(snap_b, 8, &nb), VOS_OK);
    CHECK_EQ(nb, 4);

    uint64_t window = snap_b[0].at - snap_a[0].at;
    uint64_t sum = 0;
    for (size_t i = 0; i < nb; i++) {
        CHECK_EQ(snap_b[i].at, snap_b[0].at);          /* one instant */
        size_t j = find_in(snap_a, na, snap_b[i].task, snap_b[i].irq);
        sum += snap_b[i].cycles - snap_a[j].cycles;
    }
    CHECK_TIME(sum, window);              /* every cycle counted once */

    size_t w = find_in(snap_b, nb, worker, VOS_STATS_TASK);
    size_t wa = find_in(snap_a, na, worker, VOS_STATS_TASK);
    CHECK_EQ(snap_b[w].cycles - snap_a[wa].cycles, 1000);
    uint32_t ppm;
    CHECK_EQ(vos_stats_share(&snap_a[wa], &snap_b[w], &ppm), VOS_OK);
    CHECK_EQ(ppm, 1000ull * 1000000u / window);

    size_t al = find_in(snap_b, nb, NULL, VOS_STATS_IRQ_ALARM);
    size_t ala = find_in(snap_a, na, NULL, VOS_STATS_IRQ_ALARM);
    CHECK_EQ(snap_b[al].cycles - snap_a[ala].cycles, 700);
    CHECK_EQ(snap_b[al].max, 700);
    CHECK_STR(snap_b[al].name, "alarm");
    CHECK(snap_b[al].activations - snap_a[ala].activations >= 2);   /* the timer's, the wake's */

    size_t m = find_in(snap_b, nb, vos_self(), VOS_STATS_TASK);
    size_t ma = find_in(snap_a, na, vos_self(), VOS_STATS_TASK);
    /* main: its 5000 without the handler's 700, plus what its sleep spun
     * at the end (wake on time), never the handler's part. */
    CHECK(snap_b[m].cycles - snap_a[ma].cycles >= 5000);
    CHECK(snap_b[m].cycles - snap_a[ma].cycles < 5700);

    /* The console table of the same window. */
    size_t len;
    CHECK_EQ(vos_stats_top_buf(snap_a, na, snap_b, nb, table, sizeof table, &len), VOS_OK);
    CHECK_EQ(len, strlen(table));
    char line[128];
    snprintf(line, sizeof line, "window %llu cycles\n", (unsigned long long)window);
    CHECK(strncmp(table, line, strlen(line)) == 0);
    CHECK(strstr(table, "NAME             PRIO  SHARE%       CYCLES      ACT      MIN     MEAN"
                        "      MAX\n") != NULL);
    uint32_t hundredths = ppm / 100u;
    /* its window: 1000 cycles, one activation; since creation 500 and
     * 1000: shortest 500, mean 750, longest 1000 */
    snprintf(line, sizeof line, "%-16s%5u%5u.%02u%13u%9u%9u%9u%9u\n", "worker", 6u,
             hundredths / 100u, hundredths % 100u, 1000u, 1u, 500u, 750u, 1000u);
    CHECK(strstr(table, line) != NULL);
    snprintf(line, sizeof line, "alarm             irq");
    CHECK(strstr(table, line) != NULL);
    CHECK(strstr(table, "\nidle                0") != NULL);

    /* Too small a buffer: its first size - 1 characters and the length. */
    char small[32];
    size_t need;
    CHECK_EQ(vos_stats_top_buf(snap_a, na, snap_b, nb, small, sizeof small, &need),
             VOS_ERR_TOO_BIG);
    CHECK_EQ(need, len);
    CHECK_EQ(strlen(small), sizeof small - 1);
    CHECK(strncmp(small, table, sizeof small - 1) == 0);
}

static void case_shares_sum_to_window(void)
{
    CHECK_EQ(t_run(shares_main, NULL, 5), HOST_IDLE);
}

/* The switch's own cost lands in the incoming task: each activation of
 * the worker is its computation plus one switch. */
static void cost_main(void *arg)
{
    (void)arg;
    host_switch_cost(40);
    start_worker();
    for (int i = 0; i < 3; i++)
        CHECK_EQ(vos_sem_give(&go), VOS_OK);
    vos_stats_t s;
    CHECK_EQ(vos_stats_task(worker, &s), VOS_OK);
    CHECK_EQ(s.activations, 4);
    CHECK_EQ(s.cycles, 6500 + 4 * 40);
    CHECK_EQ(s.min, 540);
    CHECK_EQ(s.max, 3040);
    host_switch_cost(0);
}

static void case_switch_cost(void)
{
    CHECK_EQ(t_run(cost_main, NULL, 5), HOST_IDLE);
}

/* An ended task keeps its figures and leaves the snapshot. */
static void brief_main(void *arg)
{
    (void)arg;
    host_advance(400);
}

static void ended_main(void *arg)
{
    (void)arg;
    vos_task_t *b = t_task("brief", brief_main, NULL, 6);
    CHECK_EQ(vos_task_state(b), VOS_TASK_EXITED);
    vos_stats_t s;
    CHECK_EQ(vos_stats_task(b, &s), VOS_OK);
    CHECK_EQ(s.cycles, 400);
    CHECK_EQ(s.activations, 1);
    CHECK_EQ(s.running, 0);
    vos_stats_t all[8];
    size_t n;
    CHECK_EQ(vos_stats_snapshot(all, 8, &n), VOS_OK);
    CHECK_EQ(n, 1 + 2);                   /* the alarm, main, idle */
    for (size_t i = 0; i < n; i++)
        CHECK(all[i].task != b);
}

static void case_ended_task(void)
{
    CHECK_EQ(t_run(ended_main, NULL, 5), HOST_IDLE);
}

/* Refusals. */
static vos_sem_t foreign;
static int isr_result, above_result;

static void reading_isr(void)
{
    vos_stats_t s;
    isr_result = vos_stats_task(NULL, &s);
}

static void reading_above(void)
{
    vos_stats_t s;
    above_result = vos_stats_irq(VOS_STATS_IRQ_ALARM, &s);
}

static void errors_main(void *arg)
{
    (void)arg;
    vos_stats_t s, s2, zero;
    memset(&zero, 0, sizeof zero);
    vos_task_t zt;
    memset(&zt, 0, sizeof zt);
    CHECK_EQ(vos_sem_init(&foreign, 0, 1), VOS_OK);

    CHECK_EQ(vos_stats_task(vos_self(), NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_task(&zt, &s), VOS_ERR_INVALID);
    CHECK_EQ(vos_stats_task((const vos_task_t *)(const void *)&foreign, &s), VOS_ERR_INVALID);
    CHECK_EQ(vos_stats_irq(-1, &s), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_irq(VOS_STATS_IRQS, &s), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_irq(VOS_STATS_IRQ_ALARM, NULL), VOS_ERR_ARG);

    size_t n = 99;
    vos_stats_t one[1];
    CHECK_EQ(vos_stats_snapshot(NULL, 4, &n), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_snapshot(one, 1, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_snapshot(one, 1, &n), VOS_ERR_TOO_BIG);
    CHECK_EQ(n, 3);                       /* the alarm, main, idle */
    CHECK_EQ(one[0].irq, VOS_STATS_IRQ_ALARM);

    CHECK_EQ(vos_stats_task(NULL, &s), VOS_OK);
    host_advance(10);
    CHECK_EQ(vos_stats_task(NULL, &s2), VOS_OK);
    vos_stats_t al;
    CHECK_EQ(vos_stats_irq(VOS_STATS_IRQ_ALARM, &al), VOS_OK);
    uint32_t ppm = 7;
    CHECK_EQ(vos_stats_share(&s, &s2, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_share(NULL, &s2, &ppm), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_share(&s, NULL, &ppm), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_share(&zero, &s2, &ppm), VOS_ERR_INVALID);   /* never filled */
    CHECK_EQ(vos_stats_share(&s, &zero, &ppm), VOS_ERR_INVALID);
    CHECK_EQ(vos_stats_share(&s2, &s, &ppm), VOS_ERR_ARG);          /* reversed */
    CHECK_EQ(vos_stats_share(&s, &s, &ppm), VOS_ERR_ARG);           /* an empty window */
    CHECK_EQ(vos_stats_share(&al, &s2, &ppm), VOS_ERR_ARG);         /* two sources */
    CHECK_EQ(ppm, 7);                                               /* untouched */

    char buf[256];
    size_t len = 5;
    CHECK_EQ(vos_stats_top_buf(&s, 1, &s2, 1, NULL, sizeof buf, &len), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_top_buf(&s, 1, &s2, 1, buf, 0, &len), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_top_buf(&s, 1, &s2, 1, buf, sizeof buf, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_top_buf(&s, 0, &s2, 1, buf, sizeof buf, &len), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_top_buf(&s, 1, &s2, 0, buf, sizeof buf, &len), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_top_buf(&zero, 1, &s2, 1, buf, sizeof buf, &len), VOS_ERR_INVALID);
    CHECK_EQ(vos_stats_top_buf(&s2, 1, &s, 1, buf, sizeof buf, &len), VOS_ERR_ARG);
    vos_stats_t mixed[2] = { s, s2 };     /* two instants: not one snapshot */
    CHECK_EQ(vos_stats_top_buf(&s, 1, mixed, 2, buf, sizeof buf, &len), VOS_ERR_ARG);
    CHECK_EQ(len, 5);
    CHECK_EQ(vos_stats_top(&s, 1, &s2, 1, NULL, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_stats_top_buf(&s, 1, &s2, 1, buf, sizeof buf, &len), VOS_OK);
    CHECK(strstr(buf, "window 10 cycles\n") != NULL);

    host_irq(reading_isr);
    CHECK_EQ(isr_result, VOS_ERR_CONTEXT);   /* "the caller" in a handler */
    host_irq_above(reading_above);
    CHECK_EQ(above_result, VOS_ERR_CONTEXT);
}

static void case_errors(void)
{
    CHECK_EQ(t_run(errors_main, NULL, 5), HOST_IDLE);
}

/* Before the start: no caller; a created task reads as never run. */
static void never_main(void *arg)
{
    (void)arg;
}

static void case_before_start(void)
{
    vos_stats_t s;
    CHECK_EQ(vos_stats_task(NULL, &s), VOS_ERR_CONTEXT);
    vos_task_t *t = t_task("never", never_main, NULL, 3);
    CHECK_EQ(vos_stats_task(t, &s), VOS_OK);
    CHECK_EQ(s.cycles, 0);
    CHECK_EQ(s.activations, 0);
    CHECK_EQ(s.running, 0);
    size_t n;
    vos_stats_t all[4];
    CHECK_EQ(vos_stats_snapshot(all, 4, &n), VOS_OK);
    CHECK_EQ(n, 2);                       /* the alarm, the task */
    CHECK_EQ(t_run(NULL, NULL, 0), HOST_IDLE);
    CHECK_EQ(vos_stats_task(t, &s), VOS_OK);
    CHECK_EQ(s.activations, 1);
}

/* What is rare on a board: a switch that keeps the running task (the
 * scheduler locked) is no activation; an activation longer than 2^32 - 1
 * cycles counts in full and as 2^32 - 1 in min and max; a window longer
 * than 2^64 / 10^6 cycles still gives its share; a task without a name,
 * and one created within the window, in the table. */
#define LONG_RUN ((1ull << 45) + 12345u)

static void long_main(void *arg)
{
    (void)arg;
    vos_stats_t s0, s1, w0, w1;
    start_worker();
    CHECK_EQ(vos_stats_task(worker, &w0), VOS_OK);
    CHECK_EQ(vos_sched_lock(), VOS_OK);
    CHECK_EQ(vos_sem_give(&go), VOS_OK);       /* the worker waits for the unlock */
    CHECK_EQ(vos_stats_task(worker, &w1), VOS_OK);
    CHECK_EQ(w1.activations, w0.activations);  /* the switches kept main */
    CHECK_EQ(vos_sched_unlock(), VOS_OK);      /* now it runs: 1000 */
    CHECK_EQ(vos_stats_task(worker, &w1), VOS_OK);
    CHECK_EQ(w1.activations, w0.activations + 1);
    CHECK_EQ(w1.cycles, w0.cycles + 1000);

    CHECK_EQ(vos_stats_task(NULL, &s0), VOS_OK);
    host_advance(LONG_RUN);
    CHECK_EQ(vos_stats_task(NULL, &s1), VOS_OK);
    CHECK_TIME(s1.cycles - s0.cycles, LONG_RUN);
    uint32_t ppm;
    CHECK_EQ(vos_stats_share(&s0, &s1, &ppm), VOS_OK);
    CHECK_EQ(ppm, 1000000);
    CHECK_EQ(vos_sem_give(&go), VOS_OK);       /* main's long activation ends */
    CHECK_EQ(vos_stats_task(NULL, &s1), VOS_OK);
    CHECK_EQ(s1.max, UINT32_MAX);
    CHECK_EQ(s1.min, 0);                       /* its first, 0 cycles: before the worker */

    static vos_stats_t a[8], b[8];
    size_t na2, nb2, len;
    CHECK_EQ(vos_stats_snapshot(a, 8, &na2), VOS_OK);
    host_advance(1000);
    (void)t_task(NULL, worker_main, NULL, 4);  /* nameless, below main: never runs */
    CHECK_EQ(vos_stats_snapshot(b, 8, &nb2), VOS_OK);
    CHECK_EQ(nb2, na2 + 1);
    CHECK_EQ(vos_stats_top_buf(a, na2, b, nb2, table, sizeof table, &len), VOS_OK);
    char line[128];
    snprintf(line, sizeof line, "%-16s%5u%5u.%02u%13u%9u%9u%9u%9u\n", "?", 4u, 0u, 0u, 0u, 0u,
             0u, 0u, 0u);
    CHECK(strstr(table, line) != NULL);        /* counted from zero: created in the window */
}

static void case_long_and_kept(void)
{
    CHECK_EQ(t_run(long_main, NULL, 5), HOST_IDLE);
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"activations", case_activations},
        {"self", case_self},
        {"shares_sum_to_window", case_shares_sum_to_window},
        {"switch_cost", case_switch_cost},
        {"ended_task", case_ended_task},
        {"errors", case_errors},
        {"before_start", case_before_start},
        {"long_and_kept", case_long_and_kept},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
