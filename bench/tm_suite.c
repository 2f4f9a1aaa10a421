/* SPDX-License-Identifier: MIT */
/*
 * The yardstick of the Thread-Metric rows: the suite's eight tests written
 * a second time, independently of bench/threadmetric.c, in the shape of
 * the suite's own test files (Thread-Metric, released under MIT with
 * ThreadX; written here from its published structure, no code taken):
 * one plain unsigned long counter per thread and per handler, each test's
 * threads created at the suite's relative priorities, each thread an
 * endless while (1) loop of the suite's calls, the interrupt handlers
 * called as the suite's are (a synchronous software interrupt straight
 * into the handler), and a reporter that sleeps and reads the suite's
 * "time period total" expression.
 *
 * The image tm_suite.elf (bench/CMakeLists.txt; one per backend that has a
 * porting layer, built on this tree's kernel: VAIOS and its CMSIS-RTOS2
 * layer) runs bench/threadmetric.c's eight rows first, then these eight
 * through the same porting layer (bench/tm_api.h), and prints
 *   @VOS tmref <row> ops=<operations> cycles=<the window, time-base cycles>
 * for each; tools/tm_suite_check.py (the suite tm-suite) passes a row when
 * the harness's count in its window is within 1 % of this one's, so the
 * harness's loops stay the suite's loops. The reporter here, as the
 * suite's, does nothing in the window but sleep; the window opens after the
 * threads have run for TMS_SETTLE_MS and is VB_TM_WINDOW_MS long, as the
 * harness's; the threads are ended where they stand when it closes
 * (vb_kill), as the suite's are by the end of the run.
 *
 * Context: the bench main task of this image; the threads run in harness
 * task slots 0 .. 4 (tm_thread_create), the reporter in slot 5.
 */
#include <stddef.h>
#include "core.h"
#include "tm_api.h"
#include "vb_commit.h"

#ifndef VB_TM_WINDOW_MS
#define VB_TM_WINDOW_MS 100
#endif
#define TMS_SETTLE_MS 1
#define TMS_REPORT_SLOT TM_MAX_THREADS
/* The suite numbers priorities from 1 (most urgent), the harness from 1
 * (least). The levels the suite's tests use, 3 (the cooperative threads)
 * and 6 .. 10 (the preemptive chain, the interrupt threads), map onto the
 * levels above the bench task, 10 -> +1, 9 -> +2, ... 6 -> +5, 3 -> +1,
 * moved down together on a kernel with too few levels (as the harness's);
 * the reporter (the suite's 2) is the top. */
static int tms_level(int suite_prio)
{
    int up = suite_prio == 3 ? 1 : 11 - suite_prio;
    int top = VB_MAIN_PRIO + 5;
    int shift = top < OSAL_PRIO_MAX ? 0 : top - OSAL_PRIO_MAX + 1;
    return VB_MAIN_PRIO + up - shift;
}

static void tms_fail(const char *row, const char *why)
{
    board_printf("!! bench: tm-suite %s: %s\n", row, why);
    board_exit(2);
}

/* --- Basic single-thread processing ------------------------------------------ */

/* The suite's volatile unsigned long[1024], in the scratch arena (the image
 * has no RAM for another 4 KB; the pools of bench/os/<kernel>/tm_port.c are
 * at its top end). */
typedef volatile unsigned long tms_array_t[1024];
#define tms_basic_array (*(tms_array_t *)vb_arena.u32)
unsigned long tms_basic_counter;

static void tms_basic_thread_0(void)
{
    int i;
    while (1) {
        for (i = 0; i < 1024; i++)
            tms_basic_array[i] = (tms_basic_array[i] + tms_basic_counter) ^ tms_basic_array[i];
        tms_basic_counter++;
        /* Without this compiler barrier (no instruction) gcc -O2 keeps the
         * counter in a register and no reporter can read it
         * (docs/threadmetric.md); the harness's loop has the same. */
        __asm__ volatile("" ::: "memory");
    }
}

/* --- Cooperative scheduling --------------------------------------------------- */

unsigned long tms_coop_counter_0, tms_coop_counter_1, tms_coop_counter_2, tms_coop_counter_3,
    tms_coop_counter_4;

#define TMS_COOP(n)                                   \
    static void tms_coop_thread_##n(void)             \
    {                                                 \
        while (1) {                                   \
            tm_thread_relinquish();                   \
            tms_coop_counter_##n++;                   \
        }                                             \
    }
TMS_COOP(0)
TMS_COOP(1)
TMS_COOP(2)
TMS_COOP(3)
TMS_COOP(4)

/* --- Preemptive scheduling ---------------------------------------------------- */

unsigned long tms_pre_counter_0, tms_pre_counter_1, tms_pre_counter_2, tms_pre_counter_3,
    tms_pre_counter_4;

static void tms_pre_thread_0(void)
{
    while (1) {
        tm_thread_resume(1);
        tms_pre_counter_0++;
    }
}

/* Threads 1 .. 3: resumed by the one below, resume the one above, count,
 * suspend. The suite creates them suspended; here they suspend first. */
#define TMS_PRE(n, next)                              \
    static void tms_pre_thread_##n(void)              \
    {                                                 \
        tm_thread_suspend(n);                         \
        while (1) {                                   \
            tm_thread_resume(next);                   \
            tms_pre_counter_##n++;                    \
            tm_thread_suspend(n);                     \
        }                                             \
    }
TMS_PRE(1, 2)
TMS_PRE(2, 3)
TMS_PRE(3, 4)

static void tms_pre_thread_4(void)
{
    tm_thread_suspend(4);
    while (1) {
        tms_pre_counter_4++;
        tm_thread_suspend(4);
    }
}

/* --- Interrupt processing ----------------------------------------------------- */

/* The suite's TM_CAUSE_INTERRUPT on this board: a store to the NVIC's
 * software trigger and the barriers that make it synchronous; the vector
 * is the handler (board.h). Lines 2 and 3: 0 and 1 are the harness's. */
#define TMS_CAUSE_INTERRUPT(n)       \
    do {                             \
        BOARD_SWI_DIRECT_RAISE(n);   \
        board_barrier();             \
    } while (0)

unsigned long tms_irq_thread_0_counter, tms_irq_handler_counter;

void BOARD_SWI_DIRECT_HANDLER(2)(void)
{
    tms_irq_handler_counter++;
    tm_semaphore_put(0);
}

static bool tms_irq_died;

static void tms_irq_thread_0(void)
{
    int status = tm_semaphore_get(0);
    if (status != TM_SUCCESS) {
        tms_irq_died = true;
        return;
    }
    while (1) {
        TMS_CAUSE_INTERRUPT(2);
        status = tm_semaphore_get(0);
        if (status != TM_SUCCESS)
            break;
        tms_irq_thread_0_counter++;
    }
    tms_irq_died = true;
}

/* --- Interrupt preemption processing ------------------------------------------ */

unsigned long tms_irqp_thread_0_counter, tms_irqp_thread_1_counter, tms_irqp_handler_counter;

void BOARD_SWI_DIRECT_HANDLER(3)(void)
{
    tms_irqp_handler_counter++;
    tm_thread_resume(0);
}

static void tms_irqp_thread_0(void)
{
    tm_thread_suspend(0);
    while (1) {
        tms_irqp_thread_0_counter++;
        tm_thread_suspend(0);
    }
}

static void tms_irqp_thread_1(void)
{
    while (1) {
        TMS_CAUSE_INTERRUPT(3);
        tms_irqp_thread_1_counter++;
    }
}

/* --- Message processing ------------------------------------------------------- */

unsigned long tms_msg_counter;
unsigned long tms_msg_sent[4];
unsigned long tms_msg_received[4];
static bool tms_msg_died;

static void tms_msg_thread_0(void)
{
    tms_msg_sent[0] = 0x11112222u;
    tms_msg_sent[1] = 0x33334444u;
    tms_msg_sent[2] = 0x55556666u;
    tms_msg_sent[3] = 0;
    while (1) {
        tm_queue_send(0, tms_msg_sent);
        tm_queue_receive(0, tms_msg_received);
        if (tms_msg_received[3] != tms_msg_sent[3])
            break;
        tms_msg_sent[3]++;
        tms_msg_counter++;
    }
    tms_msg_died = true;
}

/* --- Synchronisation processing ----------------------------------------------- */

unsigned long tms_sync_counter;
static bool tms_sync_died;

static void tms_sync_thread_0(void)
{
    int status;
    while (1) {
        status = tm_semaphore_get(0);
        status = tm_semaphore_put(0);
        if (status != TM_SUCCESS)
            break;
        tms_sync_counter++;
    }
    tms_sync_died = true;
}

/* --- Memory allocation -------------------------------------------------------- */

unsigned long tms_mem_counter;
static bool tms_mem_died;

static void tms_mem_thread_0(void)
{
    int status;
    unsigned char *memory_ptr;
    while (1) {
        status = tm_memory_pool_allocate(0, &memory_ptr);
        status = tm_memory_pool_deallocate(0, memory_ptr);
        if (status != TM_SUCCESS)
            break;
        tms_mem_counter++;
    }
    tms_mem_died = true;
}

/* --- The runs ----------------------------------------------------------------- */

typedef struct {
    const char *row;                        /* the harness's row it is the yardstick of */
    int nthreads;
    void (*entry[5])(void);
    int suite_prio[5];                      /* the suite's numbering (1 most urgent) */
    int (*create)(int id);                  /* its object (number 0), created first; or NULL */
    int swi;                                /* its direct interrupt line (2, 3), or 0 */
    unsigned long *count[5];                /* the suite's period total: the sum of these */
    bool *died;                             /* set when a loop ended; NULL if it cannot */
    bool resume_isr;
} tms_test_t;

static const tms_test_t tms_tests[] = {
    { "tm_basic", 1, { tms_basic_thread_0 }, { 10 }, NULL, 0, { &tms_basic_counter }, NULL, false },
    { "tm_coop", 5,
      { tms_coop_thread_0, tms_coop_thread_1, tms_coop_thread_2, tms_coop_thread_3,
        tms_coop_thread_4 },
      { 3, 3, 3, 3, 3 }, NULL, 0,
      { &tms_coop_counter_0, &tms_coop_counter_1, &tms_coop_counter_2, &tms_coop_counter_3,
        &tms_coop_counter_4 },
      NULL, false },
    { "tm_preempt", 5,
      { tms_pre_thread_0, tms_pre_thread_1, tms_pre_thread_2, tms_pre_thread_3, tms_pre_thread_4 },
      { 10, 9, 8, 7, 6 }, NULL, 0,
      { &tms_pre_counter_0, &tms_pre_counter_1, &tms_pre_counter_2, &tms_pre_counter_3,
        &tms_pre_counter_4 },
      NULL, false },
    { "tm_irq", 1, { tms_irq_thread_0 }, { 10 }, tm_semaphore_create, 2, { &tms_irq_handler_counter },
      &tms_irq_died, false },
    { "tm_irq_preempt", 2, { tms_irqp_thread_0, tms_irqp_thread_1 }, { 9, 10 }, NULL, 3,
      { &tms_irqp_handler_counter }, NULL, true },
    { "tm_message", 1, { tms_msg_thread_0 }, { 10 }, tm_queue_create, 0, { &tms_msg_counter },
      &tms_msg_died, false },
    { "tm_sync", 1, { tms_sync_thread_0 }, { 10 }, tm_semaphore_create, 0, { &tms_sync_counter },
      &tms_sync_died, false },
    { "tm_memory", 1, { tms_mem_thread_0 }, { 10 }, tm_memory_pool_create, 0, { &tms_mem_counter },
      &tms_mem_died, false },
};

/* The suite's "time period total" of t: its counters summed. */
static unsigned long tms_total(const tms_test_t *t)
{
    unsigned long sum = 0;
    for (int i = 0; i < 5 && t->count[i] != NULL; i++)
        sum += *t->count[i];
    return sum;
}

static unsigned long tms_open_total, tms_close_total;
static uint64_t tms_open_at, tms_close_at;

static void tms_reporter(void *arg)
{
    const tms_test_t *t = arg;
    uint64_t settle = os_sleep_resolution() > 1 ? 2 * os_sleep_resolution() : os_ms(TMS_SETTLE_MS);
    uint64_t open_at = os_now() + settle;
    os_sleep_until(open_at);
    tms_open_at = os_now();
    tms_open_total = tms_total(t);
    os_sleep_until(open_at + os_ms(VB_TM_WINDOW_MS));
    tms_close_total = tms_total(t);
    tms_close_at = os_now();
    for (int i = 0; i < t->nthreads; i++)
        vb_kill(i);
}

static void tms_run(const tms_test_t *t)
{
    if (t->died != NULL)
        *t->died = false;
    vb_spawn_begin();
    for (int i = 0; i < t->nthreads; i++)
        if (tm_thread_create(i, tms_level(t->suite_prio[i]), t->entry[i]) != TM_SUCCESS)
            tms_fail(t->row, "thread create failed");
    vb_spawn(TMS_REPORT_SLOT, "tms_report", tms_reporter, (void *)t, OSAL_PRIO_MAX);
    vb_spawn_end();
    vb_join(TMS_REPORT_SLOT + 1);
    if (t->died != NULL && *t->died)
        tms_fail(t->row, "a thread's loop ended (a failed check)");
    unsigned long ops = tms_close_total - tms_open_total;
    if (ops == 0)
        tms_fail(t->row, "no operation in the window");
    board_printf("@VOS tmref %s ops=%lu cycles=%llu\n", t->row, ops,
                 (unsigned long long)(tms_close_at - tms_open_at));
}

/* The suite's own consistency checks, after the run: the threads of a
 * multi-thread test within one of their average. */
static void tms_check_counts(const char *row, const unsigned long *c, int n)
{
    unsigned long sum = 0;
    for (int i = 0; i < n; i++)
        sum += c[i];
    unsigned long avg = sum / (unsigned long)n;
    for (int i = 0; i < n; i++)
        if (c[i] + 1 < avg || c[i] > avg + 1)
            tms_fail(row, "a counter is more than one off the average");
}

static void tms_all(void)
{
    for (unsigned k = 0; k < sizeof tms_tests / sizeof tms_tests[0]; k++) {
        const tms_test_t *t = &tms_tests[k];
#if !OSAL_HAS_RESUME_ISR
        if (t->resume_isr) {
            board_printf("@VOS tmref %s skip\n", t->row);
            continue;
        }
#endif
        if (t->create != NULL && t->create(0) != TM_SUCCESS)
            tms_fail(t->row, "its queue, semaphore or pool could not be created");
        if (t->swi != 0)
            board_swi_direct_init(t->swi, OSAL_IRQ_PRIO_KERNEL);
        tms_run(t);
    }
    const unsigned long coop[5] = { tms_coop_counter_0, tms_coop_counter_1, tms_coop_counter_2,
                                    tms_coop_counter_3, tms_coop_counter_4 };
#if OSAL_PREEMPT_KEEPS_TURN
    tms_check_counts("tm_coop", coop, 5);
#endif
    const unsigned long pre[5] = { tms_pre_counter_0, tms_pre_counter_1, tms_pre_counter_2,
                                   tms_pre_counter_3, tms_pre_counter_4 };
    tms_check_counts("tm_preempt", pre, 5);
    const unsigned long irq[2] = { tms_irq_thread_0_counter, tms_irq_handler_counter };
    tms_check_counts("tm_irq", irq, 2);
#if OSAL_HAS_RESUME_ISR
    const unsigned long irqp[3] = { tms_irqp_thread_0_counter, tms_irqp_thread_1_counter,
                                    tms_irqp_handler_counter };
    tms_check_counts("tm_irq_preempt", irqp, 3);
#endif
}

void bench_threadmetric(void);

static void tms_main(void *arg)
{
    (void)arg;
    vb_calibrate();
    board_printf("@VOS config commit=%s board=%s unit=%s\n", VB_COMMIT, board_name,
                 board_cycle_unit);
    os_print_config();
    bench_threadmetric();
    tms_all();
    board_printf("@VOS done 0\n");
    board_exit(0);
}

int main(void)
{
    return vb_start("tm_suite", tms_main);
}
