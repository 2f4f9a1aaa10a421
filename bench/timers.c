/* SPDX-License-Identifier: MIT */
/*
 * Software timers and the scheduler lock (docs/benchmark.md):
 *   timer_isr_latency      due time -> first instruction of an interrupt-context callback
 *   timer_task_latency     due time -> first instruction of the callback in the service task
 *   timer_start_stop       arm + disarm pair, with 1, 8 and 64 timers armed
 *   timer_periodic_jitter  1 kHz periodic task timer: |start of callback n - (first + n period)|,
 *                          idle and loaded, 10,000 periods
 *   sched_lock_unlock      lock + outermost unlock pair, nothing ready meanwhile
 *
 * The latency windows open at the timer's due time (the ideal expiry,
 * known in advance: a time-base value, not a counter read) and close with
 * a counter read at the callback's first instruction; nothing is
 * subtracted. The pair windows are two counter reads around the calls,
 * minus vb_overhead.
 */
#include "core.h"
#include "families.h"
#include "load.h"

#define PAIR_SAMPLES 2000

#if OSAL_HAS_TIMER

#ifndef TIMER_LAT_SAMPLES
#define TIMER_LAT_SAMPLES 5000
#endif
#ifndef TIMER_JITTER_PERIODS
#define TIMER_JITTER_PERIODS 10000
#endif
#define ARMED_MAX 64

static os_timer_t tm;
/* The other armed timers live in the shared arena (free while this family
 * runs; deleted before it returns). */
#define others ((os_timer_t *)vb_arena.u64)
#define SVC_STACK 1024
/* The service task's stack, in the arena after the timers; the task is
 * ended before the family returns. */
#define svc_stack ((uint64_t *)vb_arena.u64 + VB_ARENA_SIZE / 16)
_Static_assert(sizeof(os_timer_t) * ARMED_MAX <= VB_ARENA_SIZE / 2 && SVC_STACK <= VB_ARENA_SIZE / 2,
               "arena too small");
static volatile int fired, want;
static uint64_t first_due;
static uint64_t period_cycles;

/* --- Latencies: a periodic timer whose expiry n is first + n * period ------------ */

static void lat_cb(os_timer_t *t, void *arg)
{
    uint32_t now = board_cycles();
    (void)arg;
    int n = fired;
    if (n < want) {
        uint32_t due = (uint32_t)(first_due + (uint64_t)n * period_cycles);
        int64_t lat = (int64_t)(int32_t)(now - due);
        vb_add(lat < 0 ? -lat : lat);
    }
    fired = n + 1;
    if (n + 1 >= want)
        os_timer_stop(t);
}

/* Measure want expiries of tm (fired in the callback); the main task
 * sleeps meanwhile, so the system is idle unless loaded. */
static void run_periodic(const char *id, const char *scen, bool isr, uint64_t period, int n,
                         bool loaded, const char *note)
{
    vb_progress(id, 0, (unsigned)n);
    vb_reset(0);
    fired = 0;
    want = n;
    period_cycles = period;
    if (loaded) {       /* a busy lower task and the tick (bench/load.h) */
        vb_load_tasks(VB_LOAD_BUSY, 0, 1);
        vb_load_tick_start();
    }
    os_timer_init(&tm, lat_cb, NULL, isr);
    first_due = os_now() + os_us(200);
    os_timer_start_at(&tm, first_due, period);
    while (fired < want)
        os_sleep(os_ms(5));
    os_timer_delete(&tm);
    if (loaded) {
        vb_load_tick_stop();
        vb_load_end();
        vb_join(1);
    }
    vb_report(id, scen, board_cycle_unit, 0, note);
}

/* --- timer_start_stop -------------------------------------------------------------- */

static void nop_cb(os_timer_t *t, void *arg)
{
    (void)t;
    (void)arg;
}

static void start_stop(int armed)
{
    char scen[16];
    vb_id(scen, sizeof scen, "armed_", armed);
    vb_progress("timer_start_stop", 0, PAIR_SAMPLES);
    vb_reset(0);
    uint64_t base = os_now() + os_ms(1000);
    uint32_t seed = 2024;
    /* armed - 1 others, far in the future, at spread-out times; the
     * measured timer lands at a random place among them. */
    for (int i = 0; i < armed - 1; i++) {
        os_timer_init(&others[i], nop_cb, NULL, true);
        seed = seed * 1103515245u + 12345u;
        os_timer_start_at(&others[i], base + (seed >> 8) % (uint32_t)os_ms(100), 0);
    }
    os_timer_init(&tm, nop_cb, NULL, true);
    for (int i = 0; i < PAIR_SAMPLES; i++) {
        seed = seed * 1103515245u + 12345u;
        uint64_t at = base + (seed >> 8) % (uint32_t)os_ms(100);
        uint32_t a = board_cycles();
        os_timer_start_at(&tm, at, 0);
        os_timer_stop(&tm);
        uint32_t b = board_cycles();
        vb_add((int64_t)(b - a - vb_overhead));
    }
    for (int i = 0; i < armed - 1; i++)
        os_timer_delete(&others[i]);
    os_timer_delete(&tm);
    vb_report("timer_start_stop", scen, board_cycle_unit, vb_overhead,
              "start_at + stop of a one-shot timer among the others armed");
}

#endif /* OSAL_HAS_TIMER */

/* --- sched_lock_unlock ---------------------------------------------------------------- */

#if OSAL_HAS_SCHED_LOCK
static void sched_lock_pair(void)
{
    vb_progress("sched_lock_unlock", 0, PAIR_SAMPLES);
    vb_reset(0);
    for (int i = 0; i < PAIR_SAMPLES; i++) {
        uint32_t a = board_cycles();
        os_sched_lock();
        os_sched_unlock();
        uint32_t b = board_cycles();
        vb_add((int64_t)(b - a - vb_overhead));
    }
    vb_report("sched_lock_unlock", "idle", board_cycle_unit, vb_overhead,
              "lock + outermost unlock, nothing made ready meanwhile");
}
#endif

void bench_timers(void)
{
#if OSAL_HAS_TIMER
    /* The service task above the main task, as an application would
     * place it for timely callbacks. */
    os_timer_service(VB_MAIN_PRIO + 3, svc_stack, SVC_STACK);
    run_periodic("timer_isr_latency", "idle", true, os_us(100), TIMER_LAT_SAMPLES, false,
                 "due time -> first instruction of the ISR-context callback; 100 us periodic");
    run_periodic("timer_task_latency", "idle", false, os_us(100), TIMER_LAT_SAMPLES, false,
                 "due time -> first instruction of the callback in the service task");
    run_periodic("timer_periodic_jitter", "idle", false, os_ms(1), TIMER_JITTER_PERIODS, false,
                 "1 kHz task timer: |callback n start - (first + n period)|, 10000 periods");
    run_periodic("timer_periodic_jitter", "loaded", false, os_ms(1), TIMER_JITTER_PERIODS, true,
                 "busy lower task + 10 kHz timer interrupt; 10000 periods");
    start_stop(1);
    start_stop(8);
    start_stop(64);
    os_timer_service_end();
#else
    vb_skip("timer_isr_latency", "the OS adaptation layer has no software timers");
    vb_skip("timer_task_latency", "the OS adaptation layer has no software timers");
    vb_skip("timer_periodic_jitter", "the OS adaptation layer has no software timers");
    vb_skip("timer_start_stop", "the OS adaptation layer has no software timers");
#endif
#if OSAL_HAS_SCHED_LOCK
    sched_lock_pair();
#else
    vb_skip("sched_lock_unlock", "the OS adaptation layer has no scheduler lock");
#endif
}
