/* SPDX-License-Identifier: MIT */
/*
 * Thread-Metric rows (tm_basic, tm_coop, tm_preempt, tm_irq,
 * tm_irq_preempt, tm_message, tm_sync, tm_memory): the eight tests of the
 * Thread-Metric RTOS suite, written for this harness from the suite's
 * published test descriptions (docs/threadmetric.md says what each test
 * does and how its figure compares with published scores).
 *
 * Shape of every test, as in the suite: worker tasks run flat out and
 * bump the suite's counters; a reporting task at the top priority sleeps
 * through a window of virtual time and reads the counters when it wakes.
 * Here the reporter first lets the workers settle (TM_SETTLE_MS), takes a
 * snapshot of the counters as the window opens, sleeps VB_TM_WINDOW_MS
 * (both wake-ups are absolute, so they carry the same wake-up latency and
 * the window is exact), and takes a second snapshot as it closes. The
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
 *                  calculation must produce after the counted passes
 *   tm_coop        c0 >= c1 >= ... >= c4 >= c0 - 1 (round-robin in order)
 *   tm_preempt     c4 >= c3 >= ... >= c0 >= c4 - 1 (the chain runs
 *                  from the lowest up and unwinds from the highest down)
 *   tm_irq         handler count - thread count is 0 or 1
 *   tm_irq_preempt handler >= resumed thread >= raiser >= handler - 1
 *
 * Every worker loop also tests a stop flag so that its task can end and
 * the next family can run: one load and one branch per iteration more
 * than the published loops. Workers are never printed from.
 */
#include <stddef.h>
#include "core.h"
#include "families.h"

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
#define TM_MAX_TASKS    5
#define TM_HANDLER      TM_MAX_TASKS            /* counter index of the interrupt handler */
#define TM_NCNT         (TM_MAX_TASKS + 1)
#define TM_REPORT_SLOT  TM_MAX_TASKS            /* vb_spawn slot of the reporter */
#define TM_SWI          0                       /* board software interrupt line */
#define TM_SWI_PRIO     0x80                    /* a kernel-level interrupt */

#define TM_ARRAY_WORDS  1024       /* basic processing: the calculation array */
#define TM_MSG_WORDS    4          /* message processing: 16-byte messages */
#define TM_QUEUE_DEPTH  8
#define TM_BLOCK_SIZE   128        /* memory allocation: the block size */
#define TM_HEAP_SIZE    2048       /* the pool size of the suite's reference port */

_Static_assert(TM_ARRAY_WORDS * 4 + TM_HEAP_SIZE <= VB_ARENA_SIZE, "Thread-Metric arena too small");

/* One test: its worker tasks and how its counters are read. */
typedef struct {
    const char *id;
    const char *what;                          /* the note's description */
    int ntasks;                                /* workers in slots 0 .. ntasks-1 */
    void (*entry[TM_MAX_TASKS])(void *);       /* arg: the worker's index */
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
} tm_test_t;

/* Counters of the suite: index = worker, TM_HANDLER = interrupt handler. */
static volatile uint32_t tm_cnt[TM_NCNT];
static volatile bool tm_stop;                  /* set by the reporter at window close */
static volatile bool tm_unwind;                /* preemption tests: release the chain */
static const char *volatile tm_error;          /* first failed operation of a worker */
static os_task_t *tm_task[TM_MAX_TASKS];

/* What the reporter saw, for the main task to check and print. */
static uint32_t snap_open[TM_NCNT], snap_close[TM_NCNT];
static uint64_t time_open, time_close;
static const char *probe_error;

static void fail(const char *id, const char *why)
{
    board_printf("!! bench: %s: %s\n", id, why);
    board_exit(2);
}

static void worker_error(const char *why)
{
    if (tm_error == NULL)
        tm_error = why;
    tm_stop = true;
}

/* A synchronous software interrupt, as the suite's trap: the barriers
 * make the handler run before the next instruction on real cores too. */
static inline void tm_raise(void)
{
    board_swi_pend(TM_SWI);
    __asm__ volatile("dsb\n\tisb" ::: "memory");
}

static uint32_t score_c0(const uint32_t *c)      { return c[0]; }
static uint32_t score_handler(const uint32_t *c) { return c[TM_HANDLER]; }
static uint32_t score_sum5(const uint32_t *c)
{
    return c[0] + c[1] + c[2] + c[3] + c[4];
}

/* --- Basic processing ----------------------------------------------------------
 * One task repeatedly passes over a 1024-word array, replacing each word w
 * by (w + counter) XOR w, where counter is the number of passes completed
 * so far; the counter is the score. */

#define tm_array (vb_arena.u32)

static void basic_setup(void)
{
    for (int i = 0; i < TM_ARRAY_WORDS; i++)
        tm_array[i] = 0;
}

static void basic_task(void *arg)
{
    (void)arg;
    while (!tm_stop) {
        for (int i = 0; i < TM_ARRAY_WORDS; i++)
            tm_array[i] = (tm_array[i] + tm_cnt[0]) ^ tm_array[i];
        tm_cnt[0]++;
    }
}

static const char *basic_verify(void)
{
    uint32_t passes = tm_cnt[0], w = 0;
    for (uint32_t k = 0; k < passes; k++)
        w = (w + k) ^ w;
    for (int i = 0; i < TM_ARRAY_WORDS; i++)
        if (tm_array[i] != w)
            return "the array does not hold what the counted passes must produce";
    return NULL;
}

/* --- Cooperative scheduling ----------------------------------------------------
 * Five tasks of one priority; each yields, then counts one run. */

static void coop_task(void *arg)
{
    volatile uint32_t *mine = &tm_cnt[(uintptr_t)arg];
    while (!tm_stop) {
        os_yield();
        (*mine)++;
    }
}

static const char *coop_check(const uint32_t *c)
{
    for (int i = 1; i < 5; i++)
        if (c[i] > c[i - 1])
            return "a task ran out of round-robin order";
    if (c[0] - c[4] > 1)
        return "run counters differ by more than one";
    return NULL;
}

/* --- Preemptive scheduling -----------------------------------------------------
 * Five tasks of distinct priorities; task 0 (lowest) resumes task 1, which
 * resumes task 2, ... up to task 4; each counts one run and suspends
 * itself, so the counts are made from the highest down and task 0 counts
 * when its resume call finally returns. */

static void preempt_base(void *arg)
{
    (void)arg;
    while (!tm_stop) {
        os_resume(tm_task[1]);
        tm_cnt[0]++;
    }
    /* Tasks 1..4 are all suspended whenever task 0 runs: release them in
     * order, each resumes the next before it ends. */
    tm_unwind = true;
    os_resume(tm_task[1]);
}

static void preempt_link(void *arg)
{
    uintptr_t i = (uintptr_t)arg;
    os_suspend_self();
    for (;;) {
        if (i < 4)
            os_resume(tm_task[i + 1]);
        if (tm_unwind)
            break;
        tm_cnt[i]++;
        os_suspend_self();
    }
}

static const char *preempt_check(const uint32_t *c)
{
    for (int i = 1; i < 5; i++)
        if (c[i] < c[i - 1])
            return "a task counted before the higher task it resumed";
    if (c[4] - c[0] > 1)
        return "run counters differ by more than one";
    return NULL;
}

/* --- Interrupt processing ------------------------------------------------------
 * One task raises a software interrupt; the handler counts and gives a
 * binary semaphore; the task takes it and counts. The semaphore starts
 * given and the task takes it first. The score is the interrupt count. */

static os_sem_t tm_sem;

static void irq_give(void)
{
    tm_cnt[TM_HANDLER]++;
    os_sem_give_isr(&tm_sem);
}

static void irq_setup(void)
{
    os_sem_init(&tm_sem, 1, 1);
    board_swi_init(TM_SWI, TM_SWI_PRIO, irq_give);
}

static void irq_task(void *arg)
{
    (void)arg;
    if (os_sem_trytake(&tm_sem) != 0)
        worker_error("the initial semaphore was not available");
    while (!tm_stop) {
        tm_raise();
        /* Without waiting, as the suite: the handler has already given it. */
        if (os_sem_trytake(&tm_sem) != 0) {
            worker_error("the semaphore was not given by the handler");
            break;
        }
        tm_cnt[0]++;
    }
}

static const char *irq_check(const uint32_t *c)
{
    uint32_t d = c[TM_HANDLER] - c[0];
    if (d > 1)
        return "handler and task counts differ by more than one";
    return NULL;
}

/* --- Interrupt preemption processing -------------------------------------------
 * Task 1 raises a software interrupt; the handler counts and resumes the
 * suspended, higher task 0, which runs as the handler returns, counts and
 * suspends itself; then task 1 counts. The score is the interrupt count. */

static void irqp_resume(void)
{
    tm_cnt[TM_HANDLER]++;
    os_resume_isr(tm_task[0]);
}

static void irqp_setup(void)
{
    board_swi_init(TM_SWI, TM_SWI_PRIO, irqp_resume);
}

static void irqp_high(void *arg)
{
    (void)arg;
    for (;;) {
        os_suspend_self();
        if (tm_unwind)
            break;
        tm_cnt[0]++;
    }
}

static void irqp_raiser(void *arg)
{
    (void)arg;
    while (!tm_stop) {
        tm_raise();
        tm_cnt[1]++;
    }
    /* Task 0 is suspended whenever this task runs. */
    tm_unwind = true;
    os_resume(tm_task[0]);
}

static const char *irqp_check(const uint32_t *c)
{
    if (c[0] > c[TM_HANDLER] || c[1] > c[0])
        return "the raiser ran before the handler or the task it resumed";
    if (c[TM_HANDLER] - c[1] > 1)
        return "handler and task counts differ by more than one";
    return NULL;
}

/* --- Message processing --------------------------------------------------------
 * One task sends a 16-byte message to a queue and receives it back,
 * checks the last word, changes it for the next round and counts. */

#if OSAL_HAS_QUEUE
static os_queue_t tm_queue;
static uint32_t tm_queue_buf[TM_QUEUE_DEPTH * TM_MSG_WORDS];

static void message_setup(void)
{
    os_queue_init(&tm_queue, tm_queue_buf, TM_MSG_WORDS * 4, TM_QUEUE_DEPTH);
}

static void message_task(void *arg)
{
    (void)arg;
    uint32_t sent[TM_MSG_WORDS] = { 0x01234567u, 0x89abcdefu, 0xfedcba98u, 0u };
    uint32_t got[TM_MSG_WORDS] = { 0 };
    while (!tm_stop) {
        /* The queue has room and then holds the message: never blocks. */
        if (os_queue_send(&tm_queue, sent) != 0 || os_queue_recv(&tm_queue, got) != 0) {
            worker_error("queue send or receive failed");
            break;
        }
        if (got[TM_MSG_WORDS - 1] != sent[TM_MSG_WORDS - 1]) {
            worker_error("the message received is not the one sent");
            break;
        }
        sent[TM_MSG_WORDS - 1]++;
        tm_cnt[0]++;
    }
    /* The loop compares the last word only, as the suite; the whole of the
     * last message is compared once here. */
    if (tm_cnt[0] > 0 && tm_error == NULL)
        for (int i = 0; i < TM_MSG_WORDS - 1; i++)
            if (got[i] != sent[i])
                worker_error("the last message received is not the one sent");
}
#endif

/* --- Synchronisation processing ------------------------------------------------
 * One task takes a binary semaphore (without waiting) and gives it back,
 * then counts. */

static void sync_setup(void)
{
    os_sem_init(&tm_sem, 1, 1);
}

static void sync_task(void *arg)
{
    (void)arg;
    while (!tm_stop) {
        if (os_sem_trytake(&tm_sem) != 0) {
            worker_error("semaphore take failed");
            break;
        }
        os_sem_give(&tm_sem);
        tm_cnt[0]++;
    }
}

/* --- Memory allocation ---------------------------------------------------------
 * One task allocates a 128-byte block and frees it, then counts. The
 * osal has no fixed-block pool, so the block comes from the kernel heap
 * on an arena of the size the suite's reference port gives its pool. */

static os_heap_t tm_heap;

static void memory_setup(void)
{
    os_heap_init(&tm_heap, &vb_arena.u32[TM_ARRAY_WORDS], TM_HEAP_SIZE);
}

static void memory_task(void *arg)
{
    (void)arg;
    while (!tm_stop) {
        void *p = os_malloc(&tm_heap, TM_BLOCK_SIZE);
        if (p == NULL) {
            worker_error("allocation of a 128-byte block failed");
            break;
        }
        os_free(&tm_heap, p);
        tm_cnt[0]++;
    }
}

/* --- The tests ----------------------------------------------------------------- */

static const tm_test_t tests[] = {
    { "tm_basic", "passes over a 1024-word array", 1,
      { basic_task }, { 1 }, basic_setup, score_c0, NULL, basic_verify },
    { "tm_coop", "5 equal-priority tasks yield; sum of runs", 5,
      { coop_task, coop_task, coop_task, coop_task, coop_task }, { 1, 1, 1, 1, 1 }, NULL,
      score_sum5, coop_check, NULL },
    { "tm_preempt", "resume chain over 5 priorities; sum of runs", 5,
      { preempt_base, preempt_link, preempt_link, preempt_link, preempt_link },
      { 1, 2, 3, 4, 5 }, NULL, score_sum5, preempt_check, NULL },
    { "tm_irq", "swi gives a sem the raiser takes; interrupts", 1,
      { irq_task }, { 1 }, irq_setup, score_handler, irq_check, NULL },
    { "tm_irq_preempt", "swi resumes a higher task; interrupts", 2,
      { irqp_high, irqp_raiser }, { 2, 1 }, irqp_setup, score_handler, irqp_check, NULL },
#if OSAL_HAS_QUEUE
    { "tm_message", "16-byte queue send+receive pairs",
      1, { message_task }, { 1 }, message_setup, score_c0, NULL, NULL },
#endif
    { "tm_sync", "binary sem take+give pairs", 1,
      { sync_task }, { 1 }, sync_setup, score_c0, NULL, NULL },
    { "tm_memory", "128-byte heap alloc+free pairs", 1,
      { memory_task }, { 1 }, memory_setup, score_c0, NULL, NULL },
};

static void snapshot(uint32_t *c)
{
    for (int i = 0; i < TM_NCNT; i++)
        c[i] = tm_cnt[i];
}

/* The reporting task: top priority, so nothing runs while it reads.
 * While the workers settle it probes their counters TM_PROBES times at
 * irregular instants, so that the invariant is seen at many points of a
 * test's cycle, not only where the window happens to close. */
static void reporter(void *arg)
{
    const tm_test_t *t = arg;
    uint64_t now = os_now(), open_at = now + os_ms(TM_SETTLE_MS);
    uint32_t seed = 1, probe[TM_NCNT];
    for (int k = 0; k < TM_PROBES && t->check != NULL; k++) {
        seed = seed * 1103515245u + 12345u;
        now += os_ns(TM_PROBE_MIN_NS + (seed >> 8) % TM_PROBE_SPREAD_NS);
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
    tm_stop = true;
}

/* Append s, or the decimal v, to buf at *n (truncating at size - 1). */
static void put_str(char *buf, unsigned size, unsigned *n, const char *s)
{
    while (*s && *n + 1 < size)
        buf[(*n)++] = *s++;
    buf[*n] = 0;
}

static void put_num(char *buf, unsigned size, unsigned *n, uint64_t v)
{
    char d[21];
    int k = 0;
    do {
        d[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v > 0);
    while (k > 0 && *n + 1 < size)
        buf[(*n)++] = d[--k];
    buf[*n] = 0;
}

static void run(const tm_test_t *t)
{
    vb_progress(t->id, 0, 1);
    for (int i = 0; i < TM_NCNT; i++)
        tm_cnt[i] = 0;
    tm_stop = false;
    tm_unwind = false;
    tm_error = NULL;
    probe_error = NULL;
    if (t->setup)
        t->setup();

    vb_spawn_begin();
    for (int i = 0; i < t->ntasks; i++)
        tm_task[i] = vb_spawn(i, t->id, t->entry[i], (void *)(uintptr_t)i,
                              VB_MAIN_PRIO + t->prio[i]);
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
    /* Short: a console line holds 255 characters. */
    char note[96];
    unsigned n = 0;
    put_num(note, sizeof note, &n, ops);
    put_str(note, sizeof note, &n, " ops in ");
    put_num(note, sizeof note, &n, VB_TM_WINDOW_MS);
    put_str(note, sizeof note, &n, " ms virtual, x");
    if (TM_PERIOD_MS % VB_TM_WINDOW_MS == 0) {
        put_num(note, sizeof note, &n, TM_PERIOD_MS / VB_TM_WINDOW_MS);
    } else {
        put_str(note, sizeof note, &n, "30000/");
        put_num(note, sizeof note, &n, VB_TM_WINDOW_MS);
    }
    put_str(note, sizeof note, &n, " = per 30 s; ");
    put_str(note, sizeof note, &n, t->what);
    vb_report_value(t->id, "idle", "ops_per_30s", (int64_t)scaled, note);
}

void bench_threadmetric(void)
{
    for (unsigned i = 0; i < sizeof tests / sizeof tests[0]; i++)
        run(&tests[i]);
#if !OSAL_HAS_QUEUE
    vb_skip("tm_message", "this kernel's adaptation layer has no message queue");
#endif
}
