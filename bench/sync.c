/* SPDX-License-Identifier: MIT */
/*
 * Synchronisation metrics (docs/benchmark.md): sem_give_take, sem_take_avail,
 * sem_pingpong, mutex_lock_unlock, pi_boost, pi_release, pi_chain.
 *
 * The inversion scenarios check their own correctness while they measure:
 * a medium task that runs while the high one waits, or a priority that is
 * not what inheritance requires, stops the run with an error instead of
 * producing a figure.
 */
#include "core.h"
#include "families.h"

#define SAMPLES 2000
#define P(n) (VB_MAIN_PRIO + (n))

static volatile uint32_t t0;
static volatile int left;

static void fail(const char *what)
{
    board_printf("!! bench: %s\n", what);
    board_exit(2);
}

/* --- Uncontended, one task ---------------------------------------------- */

static os_sem_t s1, s2;
static os_mutex_t m1, m2;

static void give_take(void *arg)
{
    (void)arg;
    for (int i = 0; i < SAMPLES; i++) {
        uint32_t a = board_cycles();
        os_sem_give(&s1);
        os_sem_trytake(&s1);
        uint32_t b = board_cycles();
        vb_add((int64_t)(b - a - vb_overhead));
    }
}

static void lock_unlock(void *arg)
{
    (void)arg;
    for (int i = 0; i < SAMPLES; i++) {
        uint32_t a = board_cycles();
        os_mutex_lock(&m1);
        os_mutex_unlock(&m1);
        uint32_t b = board_cycles();
        vb_add((int64_t)(b - a - vb_overhead));
    }
}

static void run1(const char *id, void (*fn)(void *), const char *note)
{
    vb_progress(id, 0, SAMPLES);
    vb_reset(0);
    vb_spawn(0, id, fn, NULL, P(1));
    vb_join(1);
    vb_report(id, "idle", board_cycle_unit, vb_overhead, note);
}

/* --- sem_take_avail: the giver is another task -------------------------- */

static os_task_t *giver_task;

static void giver(void *arg)
{
    (void)arg;
    for (;;) {
        os_sem_give(&s1);
        if (left <= 0)
            break;
        os_suspend_self();
    }
}

static void taker(void *arg)
{
    (void)arg;
    while (left-- > 0) {
        os_resume(giver_task);          /* higher: gives, suspends */
        uint32_t a = board_cycles();
        os_sem_trytake(&s1);
        uint32_t b = board_cycles();
        vb_add((int64_t)(b - a - vb_overhead));
    }
    os_resume(giver_task);
}

/* --- sem_pingpong ---------------------------------------------------------- */

static void ping(void *arg)
{
    (void)arg;
    for (int i = 0; i < SAMPLES; i++) {
        uint32_t a = board_cycles();
        os_sem_give(&s1);
        os_sem_take(&s2);
        uint32_t b = board_cycles();
        vb_add((int64_t)(b - a - vb_overhead));
    }
    left = 0;
    os_sem_give(&s1);
}

static void pong(void *arg)
{
    (void)arg;
    for (;;) {
        os_sem_take(&s1);
        if (left == 0)
            break;
        os_sem_give(&s2);
    }
}

static void pingpong(int pong_prio, const char *scenario, const char *note)
{
    vb_progress("sem_pingpong", 0, SAMPLES);
    vb_reset(0);
    os_sem_init(&s1, 0, 1);
    os_sem_init(&s2, 0, 1);
    left = 1;
    vb_spawn_begin();
    vb_spawn(1, "pong", pong, NULL, pong_prio);
    vb_spawn(0, "ping", ping, NULL, P(1));
    vb_spawn_end();
    vb_join(2);
    vb_report("sem_pingpong", scenario, board_cycle_unit, vb_overhead, note);
}

/* --- Priority inversion: L holds, H wants, M is ready ---------------------
 * Tasks are created while the main task runs at the top priority, so each
 * starts by suspending itself; left < 0 tells them to finish. */

static os_task_t *hi, *mid, *l1;
static volatile bool mid_ran, hi_waiting;
static bool boost_phase;    /* which window this run reports */

/* A suspended task of these runs: false once resumed to finish. */
static inline bool resumed_for_more(void)
{
    os_suspend_self();
    return left >= 0;
}

/* The low task that ends a run: left < 0, then H and M resumed to see it. */
static void inversion_finish(void)
{
    left = -1;
    os_resume(hi);
    os_resume(mid);
}

static void inv_mid(void *arg)
{
    (void)arg;
    while (resumed_for_more()) {
        if (hi_waiting)
            mid_ran = true;
    }
}

static void inv_hi(void *arg)
{
    (void)arg;
    while (resumed_for_more()) {
        os_resume(mid);                /* M ready; it cannot run yet */
        hi_waiting = true;
        t0 = board_cycles();
        os_mutex_lock(&m1);
        uint32_t b = board_cycles();   /* pi_release window ends here */
        hi_waiting = false;
        if (!boost_phase)
            vb_add((int64_t)(b - t0 - vb_overhead));
        os_mutex_unlock(&m1);
    }
}

static void inv_lo(void *arg)
{
    (void)arg;
    while (left-- > 0) {
        os_mutex_lock(&m1);
        os_resume(hi);                 /* H runs, blocks on m1: we run boosted */
        uint32_t b = board_cycles();   /* pi_boost window ends here */
        if (boost_phase)
            vb_add((int64_t)(b - t0 - vb_overhead));
        if (os_prio(NULL) != P(3))
            fail("pi_boost: L is not running at H's priority");
        t0 = board_cycles();           /* pi_release window starts here */
        os_mutex_unlock(&m1);
        if (os_prio(NULL) != P(1))
            fail("pi_release: L's priority not restored");
        if (mid_ran)
            fail("priority inversion: M ran while H waited for L's mutex");
    }
    inversion_finish();
}

/* The start of an inversion run of id: its state reset, m1 free, H (entry
 * h) at P(top) and M below it spawned; the caller has set which window
 * the run records and spawns its low tasks below M. */
static void inversion_begin(const char *id, int top, void (*h)(void *))
{
    vb_progress(id, 0, SAMPLES);
    vb_reset(0);
    left = SAMPLES;
    mid_ran = hi_waiting = false;
    os_mutex_init(&m1);
    vb_spawn_begin();
    hi = vb_spawn(0, "H", h, NULL, P(top));
    mid = vb_spawn(1, "M", inv_mid, NULL, P(top - 1));
}

/* The end of an inversion run of ntasks tasks: they run, the main task
 * waits for them all, then the run's samples are reported. */
static void inversion_end(const char *id, int ntasks, const char *scenario, const char *note)
{
    vb_spawn_end();
    vb_join(ntasks);
    vb_report(id, scenario, board_cycle_unit, vb_overhead, note);
}

static void inversion(bool boost)
{
    const char *id = boost ? "pi_boost" : "pi_release";
    boost_phase = boost;
    inversion_begin(id, 3, inv_hi);
    vb_spawn(2, "L", inv_lo, NULL, P(1));
    inversion_end(id, 3, "idle",
                  boost ? "H's lock of L's mutex -> L runs boosted (M ready, never ran)"
                        : "L's unlock -> H runs holding the mutex (M never ran between)");
}

#if OSAL_PI_TRANSITIVE
/* --- pi_chain: H -> M1 (held by L1) -> M2 (held by L2) ---------------------
 * L2 (P1) holds M2; L1 (P2) holds M1 and waits on M2; H (P4) locks M1
 * while a medium task (P3) is ready. Inheritance must be transitive: L2
 * runs at H's priority (scenario "boost": H's lock -> L2 runs). Then L2
 * releases M2 -> L1 runs, L1 releases M1 -> H runs (scenario "release":
 * the last step), and every priority is back to base. */

static volatile int chain_phase;   /* 0: boost samples, 1: release samples */

static void ch_l1(void *arg)
{
    (void)arg;
    while (resumed_for_more()) {
        os_mutex_lock(&m1);
        os_mutex_lock(&m2);            /* blocks: L2 holds it, L2 -> P2 */
        os_mutex_unlock(&m2);
        t0 = board_cycles();           /* release window starts */
        os_mutex_unlock(&m1);          /* H runs */
    }
}

static void ch_hi(void *arg)
{
    (void)arg;
    while (resumed_for_more()) {
        os_resume(mid);
        hi_waiting = true;
        t0 = board_cycles();
        os_mutex_lock(&m1);            /* L1 -> P4 and, transitively, L2 -> P4 */
        uint32_t b = board_cycles();
        hi_waiting = false;
        if (chain_phase == 1)
            vb_add((int64_t)(b - t0 - vb_overhead));
        os_mutex_unlock(&m1);
    }
}

static void ch_l2(void *arg)
{
    (void)arg;
    while (left-- > 0) {
        os_mutex_lock(&m2);
        os_resume(l1);                 /* L1 takes M1, blocks on M2 */
        if (os_prio(NULL) != P(2))
            fail("pi_chain: L2 not boosted to L1's priority");
        os_resume(hi);                 /* H blocks on M1: boost passes to us */
        uint32_t b = board_cycles();
        if (chain_phase == 0)
            vb_add((int64_t)(b - t0 - vb_overhead));
        if (os_prio(NULL) != P(4) || os_prio(l1) != P(4))
            fail("pi_chain: inheritance is not transitive");
        os_mutex_unlock(&m2);          /* L1, H run; then we are back */
        if (os_prio(NULL) != P(1) || os_prio(l1) != P(2))
            fail("pi_chain: priorities not restored exactly");
        if (mid_ran)
            fail("pi_chain: the medium task ran while H waited");
    }
    inversion_finish();
    os_resume(l1);
}

static void chain(int phase)
{
    chain_phase = phase;
    os_mutex_init(&m2);
    inversion_begin("pi_chain", 4, ch_hi);
    l1 = vb_spawn(2, "L1", ch_l1, NULL, P(2));
    vb_spawn(3, "L2", ch_l2, NULL, P(1));
    inversion_end("pi_chain", 4, phase == 0 ? "boost" : "release",
                  phase == 0 ? "H locks M1 (L1 holds it, waits on M2 held by L2) -> L2 runs at H's priority"
                             : "L1 releases M1 -> H runs; all priorities back to base");
}
#endif /* OSAL_PI_TRANSITIVE */

void bench_sync(void)
{
    os_sem_init(&s1, 0, 1);
    os_mutex_init(&m1);
    run1("sem_give_take", give_take, "give then take, no waiter, same task");
    run1("mutex_lock_unlock", lock_unlock, "uncontended lock then unlock");

    vb_progress("sem_take_avail", 0, SAMPLES);
    vb_reset(0);
    os_sem_init(&s1, 0, 1);
    left = SAMPLES;
    vb_spawn_begin();
    giver_task = vb_spawn(0, "giver", giver, NULL, P(2));
    vb_spawn(1, "taker", taker, NULL, P(1));
    vb_spawn_end();
    vb_join(2);
    vb_report("sem_take_avail", "idle", board_cycle_unit, vb_overhead,
              "binary semaphore given earlier by another task");

    pingpong(P(1), "equal", "round trip, both tasks at one priority");
    pingpong(P(2), "peer_higher", "round trip, the partner has higher priority");

    inversion(true);
    inversion(false);
#if OSAL_PI_TRANSITIVE
    chain(0);
    chain(1);
#else
    vb_skip("pi_chain", OSAL_NO_PI_CHAIN_WHY);
    (void)l1;                   /* pi_chain's own */
    (void)m2;
#endif
}
