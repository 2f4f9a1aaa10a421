/* SPDX-License-Identifier: MIT */
/*
 * Interrupt metrics (docs/benchmark.md): irq_latency, irq_to_task,
 * irq_storm, tick_isr, and crit_max (in the image built with the kernel's
 * critical-section statistics, OSAL_CRIT_STATS).
 *
 * irq_latency and irq_to_task are timed from a hardware timer event (test
 * source 0, a periodic timer): each sample is a counter value read at the
 * stop point minus the exact counter value at which the timer's event was
 * due (board_irq_due(), known exactly from the timer's programming, see
 * the board's testirq.c). No software pend, no calibration, no overhead
 * subtracted (the start point is not a counter read).
 *
 * irq_latency "idle": event -> the counter read by the board's handler
 * (board_irq_entry(), its second instruction) while only the idle task
 * runs. "loaded": the same while tasks hammer the kernel (semaphores,
 * mutexes with inheritance, queues, timeouts): the idle figure plus the
 * masked time the event met. "zero_latency_loaded": the same with the
 * interrupt above the kernel's masking level, which the kernel never
 * delays.
 */
#include "core.h"
#include "families.h"
#include "load.h"

#define LAT_SAMPLES   5000
#define IDLE_PERIOD   10007u          /* between two events: the system is idle */
#define LOAD_PERIOD   19997u          /* ~50 kHz, incommensurate with the load */
#define KERNEL_PRIO   OSAL_IRQ_PRIO_KERNEL          /* a kernel-level interrupt */
#if OSAL_HAS_ZERO_LATENCY
#define ZERO_LAT_PRIO OSAL_IRQ_PRIO_ZERO_LATENCY    /* above the kernel's masking level */
#else
#define ZERO_LAT_PRIO 0xFFu     /* none: the kernel masks every level (never started) */
#endif

static volatile unsigned isr_n;
static os_sem_t isr_sem;

/* Per-event latencies, in the bench arena (free while these run). */
#define raw (vb_arena.u32)
_Static_assert(LAT_SAMPLES * sizeof(uint32_t) <= VB_ARENA_SIZE, "samples do not fit the arena");

#if !OSAL_CRIT_STATS
/* One latency per event, for the first LAT_SAMPLES events. Called from the
 * board's handler of source 0 (any priority: it calls the kernel only at
 * kernel level, to end the idle run). */
static volatile bool lat_signal;

static void lat_probe(void)
{
    unsigned n = isr_n;
    if (n < LAT_SAMPLES)
        raw[n] = board_irq_entry(0) - board_irq_due(0);
    isr_n = n + 1;
    if (n + 1 == LAT_SAMPLES && lat_signal)
        os_sem_give_isr(&isr_sem);
}

static void lat_report(const char *scenario, const char *note)
{
    vb_reset(0);
    for (int i = 0; i < LAT_SAMPLES; i++)
        vb_add(raw[i]);
    vb_report("irq_latency", scenario, board_cycle_unit, 0, note);
}

/* --- idle latency ------------------------------------------------------------ */

/* The bench task blocks until the last sample: between events only the
 * idle task runs, and no kernel timer is armed. */
static void idle_latency(void)
{
    vb_progress("irq_latency", 0, LAT_SAMPLES);
    os_sem_init(&isr_sem, 0, 1);
    isr_n = 0;
    lat_signal = true;
    board_irq_start(0, IDLE_PERIOD, KERNEL_PRIO, lat_probe);
    os_sem_take(&isr_sem);
    board_irq_stop(0);
    lat_signal = false;
    lat_report("idle", "timer event due -> counter read in the board's handler, system idle");
}

/* --- loaded latency ---------------------------------------------------------- */

static void loaded_latency(const char *scenario, uint8_t prio)
{
    vb_progress("irq_latency", 0, LAT_SAMPLES);
    /* Tasks hammering the kernel above the main task (bench/load.h). */
    vb_spawn_begin();
    vb_load_tasks(VB_LOAD_KERNEL, 0, VB_MAIN_PRIO + 1);
    vb_spawn_end();
    isr_n = 0;
    board_irq_start(0, LOAD_PERIOD, prio, lat_probe);
    while (isr_n < LAT_SAMPLES)
        os_sleep(os_ms(1));
    board_irq_stop(0);
    vb_load_end();
    vb_join(2);
    lat_report(scenario, prio == ZERO_LAT_PRIO
                   ? "timer event due -> counter read in the board's handler; above the kernel's mask level, tasks hammering the kernel"
                   : "timer event due -> counter read in the board's handler; kernel level, tasks hammering the kernel");
}

#endif /* !OSAL_CRIT_STATS */

/* --- irq_to_task ---------------------------------------------------------------
 * Timer event due -> the counter read by the task the handler woke, right
 * after its sem take returns. Between events only the idle task runs, so
 * each sample is the whole wake-from-idle path: handler, give, switch. */

static volatile int left;

static void timer_give(void)
{
    os_sem_give_isr(&isr_sem);
}

static void woken(void *arg)
{
    (void)arg;
    while (left-- > 0) {
        os_sem_take(&isr_sem);
        uint32_t t1 = board_cycles();
        vb_add((int64_t)(uint32_t)(t1 - board_irq_due(0)));
    }
    board_irq_stop(0);
}

static void irq_to_task(void)
{
    vb_progress("irq_to_task", 0, LAT_SAMPLES);
    vb_reset(0);
    os_sem_init(&isr_sem, 0, 1);
    left = LAT_SAMPLES;
    vb_spawn_begin();
    vb_spawn(0, "woken", woken, NULL, VB_MAIN_PRIO + 2);
    vb_spawn_end();
    board_irq_start(0, IDLE_PERIOD, KERNEL_PRIO, timer_give);
    vb_join(1);
    vb_report("irq_to_task", "idle", board_cycle_unit, 0,
              "timer event due -> first instruction of the task its handler woke (sem give from the handler), system idle");
}

#if !OSAL_CRIT_STATS
/* --- irq_storm -------------------------------------------------------------------
 * The shortest period at which N interrupts in a row are all served: an
 * interrupt that fires while the previous one is still pending is lost.
 *
 * Each trial's storm starts only once the main task has blocked on the
 * trial's end: the main task hands the period to a starter task below it
 * and blocks; the starter runs only then, starts the timer and spins
 * without calling the kernel until the trial ends. So during the storm
 * the handlers (isr_only), or the handlers and the task they wake
 * (deferred), are all that runs: no blocking path and no other kernel
 * call of the harness meets an event.
 *
 * A trial passes when no event was lost, counted exactly: the first event
 * is due one period after the timer's start (board_irq_start), the starter
 * reads the counter right after that call returns, less than a period
 * after the start for any period above the few instructions between them
 * (far below any handler's length), and the handler that ends the trial
 * notes its event's due time (board_irq_due). The events due up to that
 * one are then ceil((due_last - read) / period), and each must have run
 * the handler once. The deferred scenario also requires the woken task to
 * keep up: when the trial ends at most two wakes may be unconsumed (the
 * one just given, and one the task had taken but not yet counted);
 * otherwise the backlog grew through the trial: the task's work did not
 * fit the period.
 *
 * Between trials the main task sleeps until the starter is back at its
 * wait (it runs last: the woken task, above it, has drained the wakes). */

#define STORM_N    20000u
/* The periods tried are times, as counts of the board's counter: 8 ns to
 * 20 us (8 to 20000 counts at 1 GHz; at the MPS2 machines' 25 MHz 1 to 500
 * counts, where periods of 20000 counts made one trial 1.6e10 instructions
 * long). The shortest is assumed to lose interrupts and never tried. */
#ifdef VOS_CFG_CLOCK_HZ      /* the rate of board_cycles() (board.h) is known */
#define STORM_COUNTS(ns) ((uint32_t)((uint64_t)(ns) * BOARD_CYCLES_HZ / 1000000000u))
#else   /* a backend built without it (the CMSIS-RTOS2 layer's): a 1 GHz counter's */
#define STORM_COUNTS(ns) ((uint32_t)(ns))
#endif
#define STORM_PERIOD_LO  (STORM_COUNTS(8u) > 0u ? STORM_COUNTS(8u) : 1u)
#define STORM_PERIOD_HI  STORM_COUNTS(20000u)
#define STORM_PRIO OSAL_IRQ_PRIO_KERNEL_LOW   /* kernel level, below OSAL_IRQ_PRIO_KERNEL */
#define STORM_BACKLOG_MAX 2u
/* The woken task's semaphore counts every interrupt of a trial not yet
 * taken: at most STORM_N (the previous trial's are drained before the
 * next starts). 65535, the largest count RTX5 allows
 * (osRtxSemaphoreTokenLimit; osSemaphoreNew refuses more), holds it. */
#define STORM_SEM_MAX 65535u
#if STORM_SEM_MAX < STORM_N
#error "irq_storm's semaphore must count a whole trial's interrupts"
#endif

static volatile uint32_t storm_count, storm_taken, storm_t0, storm_limit, storm_period;
static volatile uint32_t storm_t_start, storm_due_last, storm_backlog;
static volatile bool storm_deferred, storm_done, storm_quit, storm_parked;
static os_sem_t storm_end, storm_go;

/* The handler ends the trial itself: at a period shorter than its own
 * length nothing but this handler would ever run again. */
static void storm_isr(void)
{
    storm_count++;
    if (storm_deferred)
        os_sem_give_isr(&isr_sem);
    uint32_t now = board_cycles();
    if ((uint32_t)(now - storm_t0) >= storm_limit && !storm_done) {
        board_irq_stop(0);
        storm_due_last = board_irq_due(0);
        storm_backlog = storm_count - storm_taken;
        storm_done = true;
        os_sem_give_isr(&storm_end);
    }
}

/* deferred: the task each handler wakes. */
static void storm_task(void *arg)
{
    (void)arg;
    while (os_sem_take(&isr_sem) == 0 && !storm_quit)
        storm_taken++;
}

/* Below the main task: runs only once the main task has blocked. */
static void storm_starter(void *arg)
{
    (void)arg;
    for (;;) {
        storm_parked = true;
        if (os_sem_take(&storm_go) != 0 || storm_quit)
            break;
        storm_parked = false;
        storm_t0 = board_cycles();
        board_irq_start(0, storm_period, STORM_PRIO, storm_isr);
        storm_t_start = board_cycles();
        while (!storm_done)
            ;
    }
}

static bool storm_trial(uint32_t period)
{
    storm_count = 0;
    storm_taken = 0;
    storm_done = false;
    storm_period = period;
    storm_limit = STORM_N * period;
    os_sem_give(&storm_go);             /* the starter runs once this task blocks: */
    /* without a timeout, so the kernel arms no alarm while the storm lasts
     * (VAIOS: the alarm and the time base's wrap are below STORM_PRIO). */
    os_sem_take(&storm_end);
    uint32_t due = (storm_due_last - storm_t_start + period - 1u) / period;
    do
        os_sleep(os_us(100));
    while (!storm_parked);
    return storm_count == due && (!storm_deferred || storm_backlog <= STORM_BACKLOG_MAX);
}

static void irq_storm(bool deferred)
{
    const char *scenario = deferred ? "deferred" : "isr_only";
    vb_progress("irq_storm", 0, 1);
    storm_deferred = deferred;
    storm_quit = false;
    storm_parked = false;
    os_sem_init(&storm_end, 0, 1);
    os_sem_init(&storm_go, 0, 1);
    os_sem_init(&isr_sem, 0, STORM_SEM_MAX);
    vb_spawn_begin();
    vb_spawn(0, "starter", storm_starter, NULL, VB_MAIN_PRIO - 1);
    if (deferred)
        vb_spawn(1, "storm", storm_task, NULL, VB_MAIN_PRIO + 3);
    vb_spawn_end();
    uint32_t lo = STORM_PERIOD_LO, hi = STORM_PERIOD_HI;   /* lo fails (assumed), hi passes */
    bool ok = storm_trial(hi);
    while (ok && hi - lo > 1) {
        uint32_t mid = (lo + hi) / 2;
        if (storm_trial(mid))
            hi = mid;
        else
            lo = mid;
    }
    storm_quit = true;
    os_sem_give(&storm_go);
    if (deferred)
        os_sem_give(&isr_sem);
    vb_join(deferred ? 2 : 1);
    if (!ok) {
        vb_skip("irq_storm", "interrupts are lost even at the longest period tried");
        return;
    }
    vb_report_value("irq_storm", scenario, board_cycle_unit, hi,
                    deferred ? "shortest period with 20000 interrupts in a row all served and the woken task keeping up; "
                               "each handler wakes a task that runs; the storm starts after the main task blocked"
                             : "shortest period with 20000 interrupts in a row all served; the handler counts; "
                               "the storm starts after the main task blocked");
}

#endif /* !OSAL_CRIT_STATS */

/* --- tick_isr: the kernel's own timer interrupt ----------------------------------- */

#if OSAL_HAS_TICK_ISR_STATS
static os_sem_t tick_gate;
static volatile uint64_t tick_deadline;

static void tick_sleeper(void *arg)
{
    (void)arg;
    for (int i = 0; i < 200; i++)
        os_sleep_until(tick_deadline + (uint64_t)i * os_us(500));
}

static void tick_isr(void)
{
    static const int counts[] = { 1, 8 };
    for (unsigned k = 0; k < 2; k++) {
        int n = counts[k];
        vb_progress("tick_isr", 0, 1);
        os_tick_isr_reset();
        tick_deadline = os_now() + os_ms(1);
        vb_spawn_begin();
        for (int i = 0; i < n; i++)
            vb_spawn(i, "ticker", tick_sleeper, NULL, VB_MAIN_PRIO + 1 + i % 3);
        vb_spawn_end();
        vb_join(n);
        char scenario[16];
        vb_id(scenario, sizeof scenario, "expire_", n);
        vb_report_value("tick_isr", scenario, board_cycle_unit, os_tick_isr_max(),
                        "worst duration of the kernel's timer interrupt, first to last instruction, "
                        "when this many tasks time out at once (200 rounds)");
    }
    (void)tick_gate;
}
#else
static void tick_isr(void)
{
    vb_skip("tick_isr", OSAL_NO_TICK_ISR_WHY);
}
#endif

#if OSAL_CRIT_STATS
/* crit_max: every kernel path of the benchmark exercised, then the
 * longest masked interval and the kernel function that ended it. */
static void crit_max(void)
{
    uint32_t max, count;
    const char *site;
    os_crit_stats(&max, &count, &site, true);
    bench_switching();
    bench_sync();
    bench_messaging();
#if OSAL_HAS_CHANNEL
    bench_channel();
    bench_channel_long();
#endif
    bench_memory();
    irq_to_task();
    tick_isr();
    os_crit_stats(&max, &count, &site, false);
    board_printf("@VOS metric crit_max scenario=all unit=%s n=%lu min=%lu p50=%lu p99=%lu p999=%lu "
                 "max=%lu overhead=0 note=\"longest masked interval over the bench paths; "
                 "ended in %s\"\n", board_cycle_unit, (unsigned long)count,
                 (unsigned long)max, (unsigned long)max, (unsigned long)max, (unsigned long)max,
                 (unsigned long)max, site);
}
#endif

void bench_interrupts(void)
{
#if OSAL_CRIT_STATS
    crit_max();
#else
    idle_latency();
    loaded_latency("loaded", KERNEL_PRIO);
#if OSAL_HAS_ZERO_LATENCY
    loaded_latency("zero_latency_loaded", ZERO_LAT_PRIO);
#endif
    irq_to_task();
    irq_storm(false);
    irq_storm(true);
    tick_isr();
#endif
}
