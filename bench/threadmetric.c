/* SPDX-License-Identifier: MIT */
/*
 * Thread-Metric rows (tm_basic, tm_coop, tm_preempt, tm_irq,
 * tm_irq_preempt, tm_message, tm_sync, tm_memory): the eight tests of the
 * Thread-Metric RTOS suite, written for this harness from the suite's
 * published test descriptions (docs/threadmetric.md says what each test
 * does and how its figure compares with published scores).
 *
 * Every operation a test counts goes through the suite's service
 * interface (tm_api.h), implemented by the kernel's porting layer
 * (os/<kernel>/tm_port.c) as real functions, and the threads' loops are
 * the suite's: the same calls, the same status checks, the counters plain
 * and the basic test's array volatile as the suite declares them.
 *
 * Shape of every test, as in the suite: worker threads run flat out and
 * bump the suite's counters; a reporting task at the top priority sleeps
 * through a window of virtual time and reads the counters when it wakes.
 * Here the reporter first lets the workers settle (TM_SETTLE_MS), takes a
 * snapshot of the counters as the window opens, sleeps VB_TM_WINDOW_MS
 * (both wake-ups are absolute, so they carry the same wake-up latency and
 * the window is exact), takes a second snapshot as it closes and ends the
 * workers where they stand (vb_kill: os_task_kill). The
 * score is the difference of the counters the suite reports as its
 * "time period total" (tm_test_t.score), printed normalised to the
 * suite's 30-second period, x 30000 / VB_TM_WINDOW_MS, with the raw
 * count in the note. Snapshots instead of a reset: a worker preempted in
 * the middle of its increment would otherwise overwrite the reset.
 *
 * Invariants (tm_test_t.check) are checked on 64 snapshots taken at
 * irregular instants while the workers settle and on the closing one;
 * tm_test_t.verify checks the state after the run. A violation, an
 * operation that failed in a worker, a window that was not the requested
 * length or a score of zero ends the run with a "!! bench:" line:
 *   tm_basic       (after the run) the array holds the value the
 *                  calculation must produce after the counted passes (a
 *                  first part of it one pass more: the thread was ended
 *                  inside a pass)
 *   tm_coop        c0 >= c1 >= ... >= c4 >= c0 - 1 (round-robin in order)
 *   tm_preempt     c4 >= c3 >= ... >= c0 >= c4 - 1 (the chain runs
 *                  from the lowest up and unwinds from the highest down)
 *   tm_irq         handler count - thread count is 0 or 1
 *   tm_irq_preempt handler >= resumed thread >= raiser >= handler - 1
 *
 * Every thread loop runs for ever, as the suite's: it tests no stop flag
 * (the reporter ends it), so an iteration is exactly the suite's. A loop
 * that ends ended as the suite's loops end, on a failed check, and stops
 * the run. The interrupt tests raise their interrupt with one store to the
 * NVIC's software trigger and the vector is the test's handler itself
 * (board.h: BOARD_SWI_DIRECT_HANDLER), as direct as the suite's reference
 * route (an SVC whose handler calls the test's). Threads are never
 * printed from. tests/target/tm_suite.c is the suite's structure written
 * a second time, independently; the suite tm-suite checks that every row
 * here is within 1 % of it (docs/threadmetric.md).
 */
#include <stddef.h>
#include "core.h"
#include "families.h"
#include "tm_api.h"

/* Length of the measured window in milliseconds of virtual time. */
#ifndef VB_TM_WINDOW_MS
#define VB_TM_WINDOW_MS 100
#endif
_Static_assert(VB_TM_WINDOW_MS >= 1 && VB_TM_WINDOW_MS <= 30000,
               "VB_TM_WINDOW_MS must be 1 .. 30000");

#define TM_PERIOD_MS    30000      /* the suite's recommended reporting period */
#define TM_SETTLE_MS    1          /* workers run this long before the window opens */
#define TM_PROBES       64         /* invariant checks while they settle, ... */
#define TM_PROBE_MIN_NS 700        /* ... this far apart plus up to ... */
#define TM_PROBE_SPREAD_NS 2311    /* ... this much (64 probes fit in the settling time) */
_Static_assert(TM_PROBES * (TM_PROBE_MIN_NS + TM_PROBE_SPREAD_NS) < TM_SETTLE_MS * 1000000,
               "the probes do not fit in the settling time");
#define TM_MAX_TASKS    TM_MAX_THREADS
#define TM_HANDLER      TM_MAX_TASKS            /* counter index of the interrupt handler */
#define TM_NCNT         (TM_MAX_TASKS + 1)
#define TM_REPORT_SLOT  TM_MAX_TASKS            /* vb_spawn slot of the reporter */
#define TM_SWI_PRIO     OSAL_IRQ_PRIO_KERNEL    /* a kernel-level interrupt */
/* The threads' levels are VB_MAIN_PRIO + the test's 1 .. 5, under the
 * reporter at OSAL_PRIO_MAX; a backend with fewer levels (FreeRTOS's 8:
 * OSAL_PRIO_MAX 7) moves them all down by as many as it lacks, so the
 * lowest may share the bench task's level (which waits in vb_join
 * meanwhile) but never the reporter's. */
#define TM_PRIO_TOP     (VB_MAIN_PRIO + 5)
#define TM_PRIO_SHIFT   (TM_PRIO_TOP < OSAL_PRIO_MAX ? 0 : TM_PRIO_TOP - OSAL_PRIO_MAX + 1)
_Static_assert(VB_MAIN_PRIO + 1 - TM_PRIO_SHIFT >= 1, "too few priorities for Thread-Metric");

#define TM_ARRAY_WORDS  1024       /* basic processing: the calculation array */
#define TM_MSG_WORDS    4          /* message processing: 16-byte messages */

_Static_assert(TM_ARRAY_WORDS * 4 <= VB_ARENA_SIZE, "Thread-Metric arena too small");

/* What tm_memory's blocks come from, for its note: a fixed-block pool,
 * unless the backend's porting layer uses something else
 * (OSAL_TM_MEMORY_WHAT, bench/osal.h). The note keeps to 95 characters,
 * so the result line stays short: about 45 go to the count. */
#ifndef OSAL_TM_MEMORY_WHAT
#define OSAL_TM_MEMORY_WHAT "128-byte pool block allocate+release pairs"
#endif
_Static_assert(sizeof OSAL_TM_MEMORY_WHAT <= 48, "OSAL_TM_MEMORY_WHAT too long for the note");

/* One test: its worker tasks and how its counters are read. */
typedef struct {
    const char *id;
    const char *what;                          /* the note's description */
    int ntasks;                                /* workers in slots 0 .. ntasks-1 */
    void (*entry[TM_MAX_TASKS])(void);         /* thread i's entry */
    int prio[TM_MAX_TASKS];                    /* above VB_MAIN_PRIO */
    void (*setup)(void);                       /* kernel objects; NULL if none */
    /* The suite's period total from one snapshot (a sum, so the score of
     * the window is the difference of two). */
    uint32_t (*score)(const uint32_t *c);
    /* NULL when a snapshot taken while the test runs is consistent, else
     * why not; NULL if the test has no such invariant. */
    const char *(*check)(const uint32_t *c);
    /* NULL when the state after the test is right, else why not. */
    const char *(*verify)(void);
    bool resume_isr;                           /* a handler resumes a thread */
} tm_test_t;

/* Counters of the suite: index = thread, TM_HANDLER = interrupt handler.
 * Plain, not volatile, as the suite declares its counters, and with
 * external linkage like the suite's, so the compiler must assume that the
 * porting layer's functions (another translation unit) read them: each
 * increment is stored before the next call. */
uint32_t tm_counter[TM_NCNT];
static const char *volatile tm_error;          /* first failed operation of a thread */

/* What the reporter saw, for the main task to check and print. */
static uint32_t snap_open[TM_NCNT], snap_close[TM_NCNT];
static uint64_t time_open, time_close;
static const char *probe_error;

static void fail(const char *id, const char *why)
{
    board_printf("!! bench: %s: %s\n", id, why);
    board_exit(2);
}

/* A thread loop ended, as the suite's loops end: an operation it checks
 * failed. */
static void worker_error(const char *why)
{
    if (tm_error == NULL)
        tm_error = why;
}

/* The suite's TM_CAUSE_INTERRUPT: a synchronous software interrupt on the
 * board's direct line n, whose vector is the test's handler. The barriers
 * make the handler run before the next instruction on real cores too. */
#define TM_CAUSE_INTERRUPT(n)        \
    do {                             \
        BOARD_SWI_DIRECT_RAISE(n);   \
        board_barrier();             \
    } while (0)
#define TM_SWI_IRQ  0                /* tm_irq's direct line */
#define TM_SWI_IRQP 1                /* tm_irq_preempt's */

static uint32_t score_c0(const uint32_t *c)      { return c[0]; }
static uint32_t score_handler(const uint32_t *c) { return c[TM_HANDLER]; }
static uint32_t score_sum5(const uint32_t *c)
{
    return c[0] + c[1] + c[2] + c[3] + c[4];
}

/* --- Basic processing ----------------------------------------------------------
 * One thread repeatedly passes over a 1024-word array, replacing each word w
 * by (w + counter) XOR w, where counter is the number of passes completed
 * so far; the counter is the score. The array is volatile and the counter
 * plain, as the suite declares them. */

/* The suite's array: 1024 volatile unsigned longs, placed in the harness's
 * scratch arena (no RAM to spare for another 4 KB) but indexed as an array
 * of that type, so gcc emits the suite's own loop (8 instructions a word). */
typedef volatile unsigned long tm_array_t[TM_ARRAY_WORDS];
#define tm_array (*(tm_array_t *)vb_arena.u32)

static void basic_setup(void)
{
    for (int i = 0; i < TM_ARRAY_WORDS; i++)
        tm_array[i] = 0;
}

static void basic_thread(void)
{
    for (;;) {
        for (int i = 0; i < TM_ARRAY_WORDS; i++)
            tm_array[i] = (tm_array[i] + tm_counter[0]) ^ tm_array[i];
        tm_counter[0]++;
        /* A compiler barrier, no instruction: the loop makes no call, so
         * without it gcc -O2 keeps the plain counter in a register for
         * ever and the reporter reads 0 (the published test does exactly
         * that). It costs the store of the counter and its reload, once
         * per pass (docs/threadmetric.md). */
        __asm__ volatile("" ::: "memory");
    }
}

/* The thread was ended where it stood, perhaps inside a pass: the words
 * before that point hold one pass more than the count. */
static const char *basic_verify(void)
{
    uint32_t passes = tm_counter[0], w = 0;
    for (uint32_t k = 0; k < passes; k++)
        w = (w + k) ^ w;
    uint32_t next = (w + passes) ^ w;
    int i = 0;
    while (i < TM_ARRAY_WORDS && tm_array[i] == next)
        i++;
    for (; i < TM_ARRAY_WORDS; i++)
        if (tm_array[i] != w)
            return "the array does not hold what the counted passes must produce";
    return NULL;
}

/* --- Cooperative scheduling ----------------------------------------------------
 * Five threads of one priority; each relinquishes, then counts one run. */

#define COOP_THREAD(n)                        \
    static void coop_thread_##n(void)         \
    {                                         \
        for (;;) {                            \
            tm_thread_relinquish();           \
            tm_counter[n]++;                  \
        }                                     \
    }
COOP_THREAD(0)
COOP_THREAD(1)
COOP_THREAD(2)
COOP_THREAD(3)
COOP_THREAD(4)

/* A kernel that resumes a preempted task before the others of its level
 * keeps the ring exact. One that hands the CPU to the next task of the
 * level instead (OSAL_PREEMPT_KEEPS_TURN 0: FreeRTOS, after the reporter's
 * wake-up and at every tick with time slicing) makes a thread preempted
 * between its relinquish and its count lose a turn for good, once per
 * such preemption: there the check is that every thread keeps within
 * 1 % of the average. */
static const char *coop_check(const uint32_t *c)
{
#if OSAL_PREEMPT_KEEPS_TURN
    for (int i = 1; i < 5; i++)
        if (c[i] > c[i - 1])
            return "a thread ran out of round-robin order";
    if (c[0] - c[4] > 1)
        return "run counters differ by more than one";
#else
    uint64_t sum = (uint64_t)c[0] + c[1] + c[2] + c[3] + c[4];
    for (int i = 0; i < 5; i++) {
        uint64_t dev = (uint64_t)c[i] * 5 > sum ? (uint64_t)c[i] * 5 - sum : sum - (uint64_t)c[i] * 5;
        if (dev * 100 > sum)
            return "a thread's run count is more than 1 % off the average";
    }
#endif
    return NULL;
}

/* --- Preemptive scheduling -----------------------------------------------------
 * Five threads of distinct priorities; thread 0 (lowest) resumes thread 1,
 * which resumes thread 2, ... up to thread 4; each counts one run and
 * suspends itself, so the counts are made from the highest down and
 * thread 0 counts when its resume call finally returns. Threads 1-4 start
 * by suspending themselves (the suite creates them suspended). */

static void preempt_thread_0(void)
{
    for (;;) {
        tm_thread_resume(1);
        tm_counter[0]++;
    }
}

#define PREEMPT_THREAD(n)                     \
    static void preempt_thread_##n(void)      \
    {                                         \
        tm_thread_suspend(n);                 \
        for (;;) {                            \
            tm_thread_resume(n + 1);          \
            tm_counter[n]++;                  \
            tm_thread_suspend(n);             \
        }                                     \
    }
PREEMPT_THREAD(1)
PREEMPT_THREAD(2)
PREEMPT_THREAD(3)

static void preempt_thread_4(void)
{
    tm_thread_suspend(4);
    for (;;) {
        tm_counter[4]++;
        tm_thread_suspend(4);
    }
}

static const char *preempt_check(const uint32_t *c)
{
    for (int i = 1; i < 5; i++)
        if (c[i] < c[i - 1])
            return "a thread counted before the higher thread it resumed";
    if (c[4] - c[0] > 1)
        return "run counters differ by more than one";
    return NULL;
}

/* --- Interrupt processing ------------------------------------------------------
 * One thread causes a software interrupt; the handler counts and puts the
 * semaphore; the thread gets it and counts. The semaphore is created
 * available and the thread gets it first. The score is the interrupt
 * count. */

/* The vector of line TM_SWI_IRQ (0). */
void BOARD_SWI_DIRECT_HANDLER(0)(void)
{
    tm_counter[TM_HANDLER]++;
    tm_semaphore_put(0);
}

static void irq_setup(void)
{
    if (tm_semaphore_create(0) != TM_SUCCESS)
        fail("tm_irq", "semaphore create failed");
    board_swi_direct_init(TM_SWI_IRQ, TM_SWI_PRIO);
}

static void irq_thread_0(void)
{
    if (tm_semaphore_get(0) != TM_SUCCESS) {
        worker_error("the initial semaphore was not available");
        return;
    }
    for (;;) {
        TM_CAUSE_INTERRUPT(TM_SWI_IRQ);
        /* The handler has already put it (the suite does not wait). */
        if (tm_semaphore_get(0) != TM_SUCCESS)
            break;
        tm_counter[0]++;
    }
    worker_error("the semaphore was not put by the handler");
}

static const char *irq_check(const uint32_t *c)
{
    uint32_t d = c[TM_HANDLER] - c[0];
    if (d > 1)
        return "handler and thread counts differ by more than one";
    return NULL;
}

/* --- Interrupt preemption processing -------------------------------------------
 * Thread 1 causes a software interrupt; the handler counts and resumes the
 * suspended, higher thread 0, which runs as the handler returns, counts and
 * suspends itself; then thread 1 counts. The score is the interrupt count. */

/* The vector of line TM_SWI_IRQP (1). */
void BOARD_SWI_DIRECT_HANDLER(1)(void)
{
    tm_counter[TM_HANDLER]++;
    tm_thread_resume(0);
}

static void irqp_setup(void)
{
    board_swi_direct_init(TM_SWI_IRQP, TM_SWI_PRIO);
}

static void irqp_thread_0(void)
{
    tm_thread_suspend(0);
    for (;;) {
        tm_counter[0]++;
        tm_thread_suspend(0);
    }
}

static void irqp_thread_1(void)
{
    for (;;) {
        TM_CAUSE_INTERRUPT(TM_SWI_IRQP);
        tm_counter[1]++;
    }
}

static const char *irqp_check(const uint32_t *c)
{
    if (c[0] > c[TM_HANDLER] || c[1] > c[0])
        return "the raiser ran before the handler or the thread it resumed";
    if (c[TM_HANDLER] - c[1] > 1)
        return "handler and thread counts differ by more than one";
    return NULL;
}

/* --- Message processing --------------------------------------------------------
 * One thread sends a 16-byte message to a queue and receives it back,
 * checks the last word, changes it for the next round and counts. The
 * messages are plain globals, as in the suite. */

unsigned long tm_message_sent[TM_MSG_WORDS];
unsigned long tm_message_received[TM_MSG_WORDS];

static void message_setup(void)
{
    if (tm_queue_create(0) != TM_SUCCESS)
        fail("tm_message", "queue create failed");
}

static void message_thread_0(void)
{
    tm_message_sent[0] = 0x01234567u;
    tm_message_sent[1] = 0x89abcdefu;
    tm_message_sent[2] = 0xfedcba98u;
    tm_message_sent[3] = 0u;
    for (;;) {
        /* The statuses are not checked, as in the suite: a lost message
         * shows as a wrong last word. */
        tm_queue_send(0, tm_message_sent);
        tm_queue_receive(0, tm_message_received);
        if (tm_message_received[TM_MSG_WORDS - 1] != tm_message_sent[TM_MSG_WORDS - 1])
            break;
        tm_message_sent[TM_MSG_WORDS - 1]++;
        tm_counter[0]++;
    }
    worker_error("the message received is not the one sent");
}

/* The loop compares the last word only, as the suite; the first words of
 * the last message received are compared once after the run (the thread
 * was ended between two of its statements, so the last word may be one
 * ahead of the one received). */
static const char *message_verify(void)
{
    for (int i = 0; i < TM_MSG_WORDS - 1; i++)
        if (tm_message_received[i] != tm_message_sent[i])
            return "the last message received is not the one sent";
    return NULL;
}

/* --- Synchronisation processing ------------------------------------------------
 * One thread gets a binary semaphore (without waiting) and puts it back,
 * then counts; as in the suite, only the put's status is checked (a failed
 * get makes the put of a full binary semaphore fail). */

static void sync_setup(void)
{
    if (tm_semaphore_create(0) != TM_SUCCESS)
        fail("tm_sync", "semaphore create failed");
}

static void sync_thread_0(void)
{
    for (;;) {
        tm_semaphore_get(0);
        if (tm_semaphore_put(0) != TM_SUCCESS)
            break;
        tm_counter[0]++;
    }
    worker_error("semaphore get or put failed");
}

/* --- Memory allocation ---------------------------------------------------------
 * One thread allocates a 128-byte block from a fixed-block pool and
 * releases it, then counts; as in the suite, only the release's status is
 * checked (a failed allocation leaves no block to release). */

static void memory_setup(void)
{
    if (tm_memory_pool_create(0) != TM_SUCCESS)
        fail("tm_memory", "pool create failed");
}

static void memory_thread_0(void)
{
    unsigned char *block = NULL;
    for (;;) {
        tm_memory_pool_allocate(0, &block);
        if (tm_memory_pool_deallocate(0, block) != TM_SUCCESS)
            break;
        tm_counter[0]++;
    }
    worker_error("allocation or release of a 128-byte block failed");
}

/* --- The tests ----------------------------------------------------------------- */

static const tm_test_t tests[] = {
    { "tm_basic", "passes over a 1024-word array", 1,
      { basic_thread }, { 1 }, basic_setup, score_c0, NULL, basic_verify, false },
    { "tm_coop", "relinquish in a ring of 5; sum of runs", 5,
      { coop_thread_0, coop_thread_1, coop_thread_2, coop_thread_3, coop_thread_4 },
      { 1, 1, 1, 1, 1 }, NULL, score_sum5, coop_check, NULL, false },
    { "tm_preempt", "resume chain over 5 priorities; sum of runs", 5,
      { preempt_thread_0, preempt_thread_1, preempt_thread_2, preempt_thread_3,
        preempt_thread_4 },
      { 1, 2, 3, 4, 5 }, NULL, score_sum5, preempt_check, NULL, false },
    { "tm_irq", "swi puts a sem the raiser gets; interrupts", 1,
      { irq_thread_0 }, { 1 }, irq_setup, score_handler, irq_check, NULL, false },
    { "tm_irq_preempt", "swi resumes a higher thread; interrupts", 2,
      { irqp_thread_0, irqp_thread_1 }, { 2, 1 }, irqp_setup, score_handler, irqp_check, NULL,
      true },
    { "tm_message", "16-byte queue send+receive pairs",
      1, { message_thread_0 }, { 1 }, message_setup, score_c0, NULL, message_verify, false },
    { "tm_sync", "binary sem get+put pairs", 1,
      { sync_thread_0 }, { 1 }, sync_setup, score_c0, NULL, NULL, false },
    { "tm_memory", OSAL_TM_MEMORY_WHAT, 1,
      { memory_thread_0 }, { 1 }, memory_setup, score_c0, NULL, NULL, false },
};

static void snapshot(uint32_t *c)
{
    for (int i = 0; i < TM_NCNT; i++)
        c[i] = tm_counter[i];
}

/* The reporting task: top priority, so nothing runs while it reads.
 * While the workers settle it probes their counters TM_PROBES times at
 * irregular instants, so that the invariant is seen at many points of a
 * test's cycle, not only where the window happens to close. */
static void reporter(void *arg)
{
    const tm_test_t *t = arg;
    /* A tick kernel wakes every sleep on a tick: there the probes are one
     * a tick, and the workers settle for as long as they take. */
    uint64_t res = os_sleep_resolution();
    uint64_t settle = res > 1 ? (TM_PROBES + 1) * res : os_ms(TM_SETTLE_MS);
    uint64_t now = os_now(), open_at = now + settle;
    uint32_t seed = 1, probe[TM_NCNT];
    for (int k = 0; k < TM_PROBES && t->check != NULL; k++) {
        seed = seed * 1103515245u + 12345u;
        now += res > 1 ? res : os_ns(TM_PROBE_MIN_NS + (seed >> 8) % TM_PROBE_SPREAD_NS);
        os_sleep_until(now);
        snapshot(probe);
        if (probe_error == NULL)
            probe_error = t->check(probe);
    }
    os_sleep_until(open_at);
    time_open = os_now();
    snapshot(snap_open);
    os_sleep_until(open_at + os_ms(VB_TM_WINDOW_MS));
    snapshot(snap_close);
    time_close = os_now();
    /* The workers are below: none runs until every one has ended. */
    for (int i = 0; i < t->ntasks; i++)
        vb_kill(i);
}


static void run(const tm_test_t *t)
{
    vb_progress(t->id, 0, 1);
    for (int i = 0; i < TM_NCNT; i++)
        tm_counter[i] = 0;
    tm_error = NULL;
    probe_error = NULL;
    if (t->setup)
        t->setup();

    vb_spawn_begin();
    for (int i = 0; i < t->ntasks; i++)
        if (tm_thread_create(i, VB_MAIN_PRIO + t->prio[i] - TM_PRIO_SHIFT, t->entry[i]) !=
            TM_SUCCESS)
            fail(t->id, "thread create failed");
    vb_spawn(TM_REPORT_SLOT, "tm_report", reporter, (void *)t, OSAL_PRIO_MAX);
    vb_spawn_end();
    vb_join(TM_REPORT_SLOT + 1);

    if (tm_error != NULL)
        fail(t->id, tm_error);
    uint64_t window = os_ms(VB_TM_WINDOW_MS), took = time_close - time_open;
    if (took < window - window / 100 || took > window + window / 100)
        fail(t->id, "the reporter's window is not the requested length");
    if (probe_error != NULL)
        fail(t->id, probe_error);
    const char *why = t->check ? t->check(snap_close) : NULL;
    if (why == NULL && t->verify != NULL)
        why = t->verify();
    if (why != NULL)
        fail(t->id, why);
    uint32_t ops = t->score(snap_close) - t->score(snap_open);
    if (ops == 0)
        fail(t->id, "no operation completed in the window");

    uint64_t scaled = ((uint64_t)ops * TM_PERIOD_MS + VB_TM_WINDOW_MS / 2) / VB_TM_WINDOW_MS;
    vb_note_t nt = { .n = 0 };
    vb_note_u(&nt, ops);
    vb_note_str(&nt, " ops in ");
    vb_note_u(&nt, VB_TM_WINDOW_MS);
    vb_note_str(&nt, " ms virtual, x");
    if (TM_PERIOD_MS % VB_TM_WINDOW_MS == 0) {
        vb_note_u(&nt, TM_PERIOD_MS / VB_TM_WINDOW_MS);
    } else {
        vb_note_str(&nt, "30000/");
        vb_note_u(&nt, VB_TM_WINDOW_MS);
    }
    vb_note_str(&nt, " = per 30 s; ");
    vb_note_str(&nt, t->what);
    vb_report_value(t->id, "idle", "ops_per_30s", (int64_t)scaled, nt.s);
}

void bench_threadmetric(void)
{
    for (unsigned i = 0; i < sizeof tests / sizeof tests[0]; i++) {
#if !OSAL_HAS_RESUME_ISR
        if (tests[i].resume_isr) {
            vb_skip(tests[i].id, OSAL_NO_RESUME_ISR_WHY);
            continue;
        }
#endif
        run(&tests[i]);
    }
}
