/* SPDX-License-Identifier: MIT */
/*
 * Timing metrics (MEASURING.md): delay_5ms, loop_1khz, cyclic_100us, each
 * idle and under load ("loaded": a busy task below the measured one plus
 * a 10 kHz timer interrupt whose handler does a little work, as in the
 * peers' runs).
 */
#include "core.h"
#include "families.h"

#ifndef DELAY_SAMPLES
#define DELAY_SAMPLES 500
#endif
#ifndef LOOP_PERIODS_IDLE
#define LOOP_PERIODS_IDLE 10000
#endif
#ifndef LOOP_PERIODS_LOAD
#define LOOP_PERIODS_LOAD 2000
#endif
#ifndef CYCLIC_IDLE
#define CYCLIC_IDLE 100000
#endif
#ifndef CYCLIC_LOAD
#define CYCLIC_LOAD 20000
#endif

static volatile bool load_stop;
static volatile uint32_t load_irqs;

static void busy(void *arg)
{
    (void)arg;
    volatile uint32_t n = 0;
    while (!load_stop)
        n++;
}

static void load_isr(void)
{
    load_irqs++;
}

/* Start the load; the busy task goes in slot 1 (below the main task). */
static void load_start(void)
{
    load_stop = false;
    load_irqs = 0;
    vb_spawn(1, "busy", busy, NULL, 1);
    /* 99.73 us, not 100: a period commensurate with the measured one would
     * keep the interrupts at one fixed phase of it in this exact emulator,
     * and the worst case would never be seen. */
    board_irq_start(0, (uint32_t)os_ns(99730), 0x80, load_isr);
}

static void load_end(void)
{
    board_irq_stop(0);
    load_stop = true;
}

/* --- delay_5ms -------------------------------------------------------------- */

static void delay_task(void *arg)
{
    (void)arg;
    uint32_t seed = 12345;
    for (int i = 0; i < DELAY_SAMPLES; i++) {
        seed = seed * 1103515245u + 12345u;
        os_sleep((seed >> 8) % (uint32_t)os_ms(1) + 1);   /* a random phase */
        uint32_t a = board_cycles();
        os_sleep(os_ms(5));
        uint32_t b = board_cycles();
        vb_add((int64_t)(b - a - vb_overhead));
    }
}

/* --- loop_1khz ---------------------------------------------------------------- */

static volatile int periods;

static void loop_task(void *arg)
{
    (void)arg;
    const uint64_t period = os_ms(1);
    uint64_t next = os_now();
    uint32_t prev = 0;
    for (int i = 0; i <= periods; i++) {
        next += period;
        os_sleep_until(next);
        uint32_t t = board_cycles();
        if (i > 0) {
            int64_t dev = (int64_t)(t - prev) - (int64_t)period;
            vb_add(dev < 0 ? -dev : dev);
        }
        prev = t;
    }
}

/* --- cyclic_100us ------------------------------------------------------------- */

static void cyclic_task(void *arg)
{
    (void)arg;
    const uint64_t period = os_us(100);
    uint64_t next = os_now() + period;
    for (int i = 0; i < periods; i++) {
        os_sleep_until(next);
        uint32_t t = board_cycles();
        vb_add((int64_t)(int32_t)(t - (uint32_t)next));
        next += period;
    }
}

static void run(const char *id, void (*fn)(void *), int n, bool loaded, int64_t origin,
                const char *note)
{
    vb_progress(id, 0, (unsigned)n);
    vb_reset(origin);
    periods = n;
    if (loaded)
        load_start();
    vb_spawn(0, id, fn, NULL, VB_MAIN_PRIO + 2);
    vb_join(1);
    if (loaded) {
        load_end();
        vb_join(2);
    }
    vb_report(id, loaded ? "loaded" : "idle", board_cycle_unit, 0, note);
}

void bench_timing(void)
{
    run("delay_5ms", delay_task, DELAY_SAMPLES, false, (int64_t)os_ms(5),
        "sleep(5 ms) from a random phase: actual length; no tick rounding");
    run("loop_1khz", loop_task, LOOP_PERIODS_IDLE, false, 0,
        "|period - 1 ms| of a sleep_until loop over 10000 periods");
    run("loop_1khz", loop_task, LOOP_PERIODS_LOAD, true, 0,
        "busy lower task + 10 kHz timer interrupt; |period - 1 ms|");
    run("cyclic_100us", cyclic_task, CYCLIC_IDLE, false, 0,
        "wake time minus release time, 100 us period");
    run("cyclic_100us", cyclic_task, CYCLIC_LOAD, true, 0,
        "busy lower task + 10 kHz timer interrupt; wake minus release");
}
