/* SPDX-License-Identifier: MIT */
/*
 * Timing metrics (docs/benchmark.md): delay_5ms, loop_1khz, cyclic_100us, each
 * idle and under load ("loaded": a busy task below the measured one plus
 * a 10 kHz timer interrupt whose handler does a little work, as in the
 * peers' runs).
 *
 * Each run also counts its early wakes (docs/benchmark.md, early_wakes):
 * samples whose wake came before the deadline, decided on the sample
 * itself (a sleep shorter than asked, a release read before its time),
 * reported as one early_wakes row per metric and scenario.
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

#ifndef CYCLIC_EXTRA
#define CYCLIC_EXTRA 10000      /* periods of each single-load scenario */
#endif

/* Load scenarios. Load tasks run below the main task (priority 1) in
 * slots 1 and 2; the measured task runs above everything. */
enum load { IDLE, LOADED, BUSY, IRQ, SEMLOAD, ALLOCLOAD };
static const char *const load_name[] = { "idle", "loaded", "busy", "irq10k", "semload",
                                         "allocpressure" };

static volatile bool load_stop;
static uint32_t early;          /* early wakes of the run being measured */
static volatile uint32_t load_irqs;
static os_sem_t load_sem;
static os_mutex_t load_mtx;
#if OSAL_HAS_HEAP
static os_heap_t load_heap;
#endif

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

/* Two tasks contending for a mutex and passing a semaphore back and
 * forth: the kernel's blocking, waking and inheritance paths all the time. */
static void sem_contender(void *arg)
{
    bool giver = arg != NULL;
    while (!load_stop) {
        os_mutex_lock(&load_mtx);
        if (giver)
            os_sem_give(&load_sem);
        else
            os_sem_trytake(&load_sem);
        os_mutex_unlock(&load_mtx);
        os_yield();
    }
}

#if OSAL_HAS_HEAP
/* Allocation and free of random sizes on a heap kept half full. */
static void allocator(void *arg)
{
    (void)arg;
    enum { SLOTS = 48 };
    void *slot[SLOTS] = { 0 };
    uint32_t seed = 0xA11CE;
    while (!load_stop) {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        unsigned k = seed % SLOTS;
        if (slot[k] != NULL) {
            os_free(&load_heap, slot[k]);
            slot[k] = NULL;
        } else {
            slot[k] = os_malloc(&load_heap, 16 + (seed >> 8) % 600);
        }
    }
    for (unsigned k = 0; k < SLOTS; k++)
        if (slot[k] != NULL)
            os_free(&load_heap, slot[k]);
}
#endif

static int load_start(enum load kind)
{
    load_stop = false;
    load_irqs = 0;
    int tasks = 0;
    if (kind == LOADED || kind == BUSY) {
        vb_spawn(1, "busy", busy, NULL, 1);
        tasks = 1;
    } else if (kind == SEMLOAD) {
        os_sem_init(&load_sem, 0, 1);
        os_mutex_init(&load_mtx);
        vb_spawn(1, "sem_a", sem_contender, (void *)1, 1);
        vb_spawn(2, "sem_b", sem_contender, NULL, 1);
        tasks = 2;
    }
#if OSAL_HAS_HEAP
    else if (kind == ALLOCLOAD) {
        os_heap_init(&load_heap, vb_arena.u64, 16 * 1024);
        vb_spawn(1, "alloc", allocator, NULL, 1);
        tasks = 1;
    }
#endif
    if (kind == LOADED || kind == IRQ) {
        /* 99.73 us, not 100: a period commensurate with the measured one
         * would keep the interrupts at one fixed phase of it in this exact
         * emulator, and the worst case would never be seen. */
        board_irq_start(0, (uint32_t)os_ns(99730), OSAL_IRQ_PRIO_KERNEL, load_isr);
    }
    return tasks;
}

static void load_end(enum load kind, int tasks)
{
    if (kind == LOADED || kind == IRQ)
        board_irq_stop(0);
    load_stop = true;
    if (tasks > 0)
        vb_join(1 + tasks);
}

/* --- delay_5ms -------------------------------------------------------------- */

static void delay_task(void *arg)
{
    (void)arg;
    uint32_t seed = 12345;
    for (int i = 0; i < DELAY_SAMPLES; i++) {
        seed = seed * 1103515245u + 12345u;
        uint64_t phase = (seed >> 8) % (uint32_t)os_ms(1) + 1;   /* a random phase */
        if (os_sleep_resolution() > 1) {
            /* A tick kernel wakes every sleep on a tick: only a wait that
             * is not a sleep leaves the next one a random phase. */
            uint64_t until = os_now() + phase;
            while (os_now() < until)
                ;
        } else {
            os_sleep(phase);
        }
        uint32_t a = board_cycles();
        os_sleep(os_ms(5));
        uint32_t b = board_cycles();
        int64_t len = (int64_t)(b - a - vb_overhead);
        if (len < (int64_t)os_ms(5))
            early++;                /* returned before 5 ms had passed */
        vb_add(len);
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
        if ((int32_t)(t - (uint32_t)next) < 0)
            early++;                /* running before its release time */
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
        int32_t late = (int32_t)(t - (uint32_t)next);
        if (late < 0)
            early++;                /* running before its release time */
        vb_add(late);
        next += period;
    }
}

static void run(const char *id, void (*fn)(void *), int n, enum load kind, int64_t origin,
                const char *note)
{
    vb_progress(id, 0, (unsigned)n);
    vb_reset(origin);
    early = 0;
    periods = n;
    int tasks = load_start(kind);
    vb_spawn(0, id, fn, NULL, VB_MAIN_PRIO + 2);
    vb_join(1);
    load_end(kind, tasks);
    vb_report(id, load_name[kind], board_cycle_unit, 0, note);
    char scen[48];
    unsigned k = 0;
    for (const char *p = id; *p != '\0' && k < sizeof scen - 1; p++)
        scen[k++] = *p;
    for (const char *p = "_"; *p != '\0' && k < sizeof scen - 1; p++)
        scen[k++] = *p;
    for (const char *p = load_name[kind]; *p != '\0' && k < sizeof scen - 1; p++)
        scen[k++] = *p;
    scen[k] = '\0';
    vb_report_value("early_wakes", scen, "count", early,
                    "samples of that run whose wake came before the deadline (must be 0)");
}

void bench_timing(void)
{
    run("delay_5ms", delay_task, DELAY_SAMPLES, IDLE, (int64_t)os_ms(5),
        os_sleep_resolution() > 1 ? "sleep(5 ms) from a random phase: actual length; the kernel "
                                    "wakes it on the first tick at or after 5 ms"
                                  : "sleep(5 ms) from a random phase: actual length; no tick rounding");
    run("loop_1khz", loop_task, LOOP_PERIODS_IDLE, IDLE, 0,
        "|period - 1 ms| of a sleep_until loop over 10000 periods, timed with the kernel's own "
        "time base: on the emulated board that is the instruction count itself, the true reference");
    run("loop_1khz", loop_task, LOOP_PERIODS_LOAD, LOADED, 0,
        "busy lower task + 10 kHz timer interrupt; |period - 1 ms|");
    /* A kernel whose sleeps are rounded to a tick cannot run a period of
     * less than ten ticks (a constant test: no code on a tickless kernel). */
    if (os_us(100) < 10 * os_sleep_resolution()) {
        vb_skip("cyclic_100us", "the kernel's sleeps are rounded to its tick, and a 100 us "
                                "period is under ten ticks");
        return;
    }
    run("cyclic_100us", cyclic_task, CYCLIC_IDLE, IDLE, 0,
        "wake time minus release time, 100 us period");
    run("cyclic_100us", cyclic_task, CYCLIC_LOAD, LOADED, 0,
        "busy lower task + 10 kHz timer interrupt; wake minus release");
    run("cyclic_100us", cyclic_task, CYCLIC_EXTRA, BUSY, 0, "busy lower task");
    run("cyclic_100us", cyclic_task, CYCLIC_EXTRA, IRQ, 0, "10 kHz timer interrupt");
    run("cyclic_100us", cyclic_task, CYCLIC_EXTRA, SEMLOAD, 0,
        "two lower tasks contending for a mutex and passing a semaphore");
#if OSAL_HAS_HEAP
    run("cyclic_100us", cyclic_task, CYCLIC_EXTRA, ALLOCLOAD, 0,
        "a lower task allocating and freeing random sizes");
#endif
}
