/* SPDX-License-Identifier: MIT */
/*
 * Switching metrics (docs/benchmark.md): ctx_yield, ctx_yield_fpu, ctx_yield_10,
 * ctx_preempt, task_wake, and the scale rows ctx_preempt_N / task_wake_N
 * with N tasks in the system.
 *
 * Every window opens with a counter read immediately before the kernel
 * call and closes with a read at the first instruction the other task
 * runs after its own call returns; the cost of two back-to-back reads
 * (vb_overhead) is subtracted from each sample.
 */
#include "core.h"
#include "families.h"

#define YIELD_SAMPLES   2000
#define PREEMPT_SAMPLES 2000

static volatile uint32_t t_start;
static volatile bool armed;
static volatile int yield_left;

/* A task's first switch-in is not a yield: it enters through the start
 * trampoline and the task's prologue. Those samples (one per task but the
 * first to run) are kept apart and reported as the "first_switch"
 * scenario; the yield distribution holds only returns from os_yield(). */
#define FIRST_MAX 16
static uint32_t first_sample[FIRST_MAX];
static volatile int first_n;

/* Each task closes the window the other one opened: the counter is read
 * right before os_yield() and right after it returns in the next task. */
static void yielder(void *arg)
{
    bool fpu = arg != NULL;
    volatile float f = 1.0f;
    uint32_t t1 = board_cycles();
    bool first = true;
    while (yield_left > 0) {
        if (armed) {
            uint32_t d = t1 - t_start - vb_overhead;
            if (first) {
                if (first_n < FIRST_MAX)
                    first_sample[first_n++] = d;
            } else
                vb_add(d);
        }
        first = false;
        yield_left--;
        if (fpu)
            f = f * 1.000001f;       /* keeps a live FP context in this task */
        armed = true;
        t_start = board_cycles();
        os_yield();
        t1 = board_cycles();
    }
    armed = false;
}

static void yield_run(const char *id, int ntasks, bool fpu, const char *note)
{
    vb_progress(id, 0, YIELD_SAMPLES);
    vb_reset(0);
    armed = false;
    first_n = 0;
    /* One unarmed start, ntasks - 1 first switches, then the yields. */
    yield_left = YIELD_SAMPLES + ntasks;
    vb_spawn_begin();
    for (int i = 0; i < ntasks; i++)
        vb_spawn(i, "yield", yielder, fpu ? (void *)1 : NULL, VB_MAIN_PRIO + 1);
    vb_spawn_end();
    vb_join(ntasks);
    vb_report(id, "idle", board_cycle_unit, vb_overhead, note);
    vb_reset(0);
    for (int i = 0; i < first_n; i++)
        vb_add(first_sample[i]);
    vb_report(id, "first_switch", board_cycle_unit, vb_overhead,
              "yield call -> first instruction of a task that never ran (start trampoline and prologue); "
              "not in the yield distribution");
}

/* --- ctx_preempt: L resumes a suspended H ------------------------------- */

static os_task_t *hi_task;
static volatile int preempt_left;

static void preempt_hi(void *arg)
{
    (void)arg;
    for (;;) {
        os_suspend_self();
        uint32_t t1 = board_cycles();
        if (preempt_left <= 0)
            break;
        vb_add((int64_t)(t1 - t_start - vb_overhead));
    }
}

static void preempt_lo(void *arg)
{
    (void)arg;
    while (preempt_left-- > 0) {
        t_start = board_cycles();
        os_resume(hi_task);
    }
    os_resume(hi_task);          /* let it see the end and exit */
}

/* --- task_wake: L gives a semaphore H waits on --------------------------- */

static os_sem_t wake_sem;

static void wake_hi(void *arg)
{
    (void)arg;
    for (;;) {
        os_sem_take(&wake_sem);
        uint32_t t1 = board_cycles();
        if (preempt_left <= 0)
            break;
        vb_add((int64_t)(t1 - t_start - vb_overhead));
    }
}

static void wake_lo(void *arg)
{
    (void)arg;
    while (preempt_left-- > 0) {
        t_start = board_cycles();
        os_sem_give(&wake_sem);
    }
    os_sem_give(&wake_sem);
}

static void pair_run(const char *id, void (*hi)(void *), void (*lo)(void *), const char *note,
                     const char *scenario)
{
    vb_progress(id, 0, PREEMPT_SAMPLES);
    vb_reset(0);
    preempt_left = PREEMPT_SAMPLES;
    os_sem_init(&wake_sem, 0, 1);
    vb_spawn_begin();
    hi_task = vb_spawn(0, "hi", hi, NULL, VB_MAIN_PRIO + 2);
    vb_spawn(1, "lo", lo, NULL, VB_MAIN_PRIO + 1);
    vb_spawn_end();
    vb_join(2);
    vb_report(id, scenario, board_cycle_unit, vb_overhead, note);
}

/* --- Scale: the same with N tasks in the system ------------------------- */

void bench_switching(void)
{
    yield_run("ctx_yield", 2, false, "two equal-priority tasks; per switch");
    yield_run("ctx_yield_fpu", 2, true, "both tasks with a live FP context; per switch");
    yield_run("ctx_yield_10", 10, false, "ten equal-priority tasks in turn; per switch");
    pair_run("ctx_preempt", preempt_hi, preempt_lo,
             "resume of a suspended higher task -> it runs", "idle");
    pair_run("task_wake", wake_hi, wake_lo,
             "sem give from lower task -> woken higher task's first instruction", "idle");

    static const int sizes[] = { 8, 64, 256 };
    for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        int n = sizes[k];
        char id1[24], id2[24];
        vb_id(id1, sizeof id1, "ctx_preempt_", n);
        vb_id(id2, sizeof id2, "task_wake_", n);
        /* Already in the system: main, idle and the measured pair. */
        if (vb_fillers_start(n - 4) != 0) {
            vb_skip(id1, "not enough RAM on this board for that many tasks");
            vb_skip(id2, "not enough RAM on this board for that many tasks");
            continue;
        }
        pair_run(id1, preempt_hi, preempt_lo, "ctx_preempt with N tasks in the system", "idle");
        pair_run(id2, wake_hi, wake_lo, "task_wake with N tasks in the system", "idle");
        vb_fillers_stop();
    }
}

#if OSAL_RUNTIME_STATS
/* The image with the run-time statistics measures this same path under
 * its own id (runstats.c): the difference from ctx_yield is what the
 * statistics add to a switch. */
void vb_yield_run(const char *id, const char *note)
{
    yield_run(id, 2, false, note);
}
#endif
