/* SPDX-License-Identifier: MIT */
/*
 * Run-time statistics on the emulated board (VOS_CFG_RUNTIME_STATS, built
 * only in the statistics build and run by tools/stats_run.py, make test's
 * suite stats-target). The board's time base counts instructions, so a
 * task that computes until the time base has advanced by N shows N cycles
 * per activation, plus at most its loop's last round and the switch's
 * share (SLACK); the alarm handler's time is out of the task it
 * interrupted; a snapshot's differences add up to the window exactly; and
 * the console table prints.
 */
#include <string.h>
#include "vtest.h"

_Static_assert(VOS_CFG_RUNTIME_STATS, "this suite needs VOS_CFG_RUNTIME_STATS=1");

/* Per activation: the spin's last poll (a vos_now() call and the
 * compare) and the part of the two switches that counts for the task. */
#define SLACK 400u
#define WORK  100000u

/* Computes until the time base has advanced by n: n cycles of its own
 * only if nothing preempts it. */
static void compute(uint64_t n)
{
    vos_time_t t0 = vos_now();
    while (vos_now() - t0 < n) {
    }
}

static vos_sem_t go;

static void worker(void *arg)
{
    (void)arg;
    for (;;) {
        if (vos_sem_take(&go, VOS_FOREVER) != VOS_OK)
            return;
        compute(WORK);
    }
}

/* Three activations of WORK each, after a first one that only blocks. */
VT_TEST(activations_of_known_length)
{
    VT_EQ(vos_sem_init(&go, 0, 1), VOS_OK);
    vos_task_t *w = vt_spawn(0, "worker", worker, NULL, VT_RUNNER_PRIO + 1);
    vos_stats_t s;
    VT_EQ(vos_stats_task(w, &s), VOS_OK);
    VT_EQ(s.activations, 1);
    VT_LE(s.cycles, SLACK);
    for (int i = 0; i < 3; i++)
        VT_EQ(vos_sem_give(&go), VOS_OK);
    VT_EQ(vos_stats_task(w, &s), VOS_OK);
    VT_EQ(s.activations, 4);
    VT_LE(3u * WORK, s.cycles);
    VT_LE(s.cycles, 3u * WORK + 4u * SLACK);
    VT_LE(s.min, SLACK);                      /* the first: a take that blocks */
    VT_LE(WORK, s.max);
    VT_LE(s.max, WORK + SLACK);
    VT_LE((3u * WORK) / 4u, s.mean);
    VT_LE(s.mean, (3u * WORK + 4u * SLACK) / 4u);
    VT_EQ(s.running, 0);
    vt_note("worker: %lu cycles in %lu activations, min %lu mean %lu max %lu\n",
            (unsigned long)s.cycles, (unsigned long)s.activations, (unsigned long)s.min,
            (unsigned long)s.mean, (unsigned long)s.max);
    VT_EQ(vos_task_terminate(w), VOS_OK);
}

/* An interrupt-context timer whose callback computes 20000 cycles fires
 * while the runner computes WORK: the alarm's figure has the 20000, the
 * runner's has its WORK only. */
static vos_timer_t tm;
static void long_callback(vos_timer_t *t, void *arg)
{
    (void)t;
    (void)arg;
    compute(20000);
}

static vos_stats_t a[8], b[8];
static size_t na, nb;

static size_t find(const vos_stats_t *s, size_t n, const vos_task_t *t, int irq)
{
    for (size_t i = 0; i < n; i++)
        if (s[i].task == t && s[i].irq == irq)
            return i;
    vt_fail(__FILE__, __LINE__, "source in the snapshot", 0, 0);
    return 0;
}

static void put(char c, void *ctx)
{
    (void)ctx;
    board_printf("%c", c);
}

VT_TEST(alarm_out_of_the_task_and_shares_sum_to_window)
{
    VT_EQ(vos_timer_init(&tm, "long", long_callback, NULL, VOS_TIMER_ISR), VOS_OK);
    VT_EQ(vos_stats_snapshot(a, 8, &na), VOS_OK);
    VT_EQ(vos_timer_start(&tm, vos_cycles(WORK / 2u), vos_cycles(0)), VOS_OK);
    compute(WORK + 20000u);                   /* the handler's 20000 within it */
    VT_EQ(vos_sleep(vos_us(100)), VOS_OK);    /* the idle task's turn */
    VT_EQ(vos_stats_snapshot(b, 8, &nb), VOS_OK);
    VT_EQ(na, nb);

    uint64_t window = b[0].at - a[0].at, sum = 0;
    for (size_t i = 0; i < nb; i++) {
        VT_EQ(b[i].at, b[0].at);
        sum += b[i].cycles - a[find(a, na, b[i].task, b[i].irq)].cycles;
    }
    VT_EQ(sum, window);                       /* exactly: every cycle counted once */

    size_t al = find(b, nb, NULL, VOS_STATS_IRQ_ALARM);
    size_t al0 = find(a, na, NULL, VOS_STATS_IRQ_ALARM);
    uint64_t irq = b[al].cycles - a[al0].cycles;
    VT_LE(20000u, irq);
    VT_LE(b[al].activations - a[al0].activations, 3);   /* the timer, the sleep's wake */
    VT_LE(20000u, b[al].max);

    size_t me = find(b, nb, vos_self(), VOS_STATS_TASK);
    size_t me0 = find(a, na, vos_self(), VOS_STATS_TASK);
    uint64_t mine = b[me].cycles - a[me0].cycles;
    /* the runner computed until WORK + 20000 had passed, of which the
     * handler took 20000 or more: its own part is WORK and a last poll;
     * then the sleep's calls and its final wait (wake on time) at most
     * the lead. Counting the handler in would give WORK + 20000. */
    VT_LE(WORK, mine);
    VT_LE(mine, WORK + VOS_CFG_WAKE_LEAD_MAX + 3u * SLACK);

    uint32_t ppm;
    VT_EQ(vos_stats_share(&a[me0], &b[me], &ppm), VOS_OK);
    VT_EQ(ppm, (uint32_t)(mine * 1000000u / window));
    vt_note("window %lu cycles: runner %lu, alarm %lu\n", (unsigned long)window,
            (unsigned long)mine, (unsigned long)irq);
    VT_EQ(vos_stats_top(a, na, b, nb, put, NULL), VOS_OK);
}

/* Refusals, from a task and from a real interrupt. */
static volatile int isr_self, isr_irq;

static void reading_isr(void)
{
    vos_stats_t s;
    isr_self = vos_stats_task(NULL, &s);
    isr_irq = vos_stats_irq(VOS_STATS_IRQ_ALARM, &s);
}

VT_TEST(misuse)
{
    vos_stats_t s, zero;
    memset(&zero, 0, sizeof zero);
    uint32_t ppm;
    size_t n;
    VT_EQ(vos_stats_task(vos_self(), NULL), VOS_ERR_ARG);
    VT_EQ(vos_stats_task((const vos_task_t *)(const void *)&go, &s), VOS_ERR_INVALID);
    VT_EQ(vos_stats_irq(VOS_STATS_IRQS, &s), VOS_ERR_ARG);
    VT_EQ(vos_stats_snapshot(a, 1, &n), VOS_ERR_TOO_BIG);
    VT_LE(3, n);
    VT_EQ(vos_stats_task(NULL, &s), VOS_OK);
    VT_EQ(vos_stats_share(&zero, &s, &ppm), VOS_ERR_INVALID);
    VT_EQ(vos_stats_share(&s, &s, &ppm), VOS_ERR_ARG);
    vt_run_in_isr(reading_isr);
    VT_EQ(isr_self, VOS_ERR_CONTEXT);
    VT_EQ(isr_irq, VOS_OK);
}
