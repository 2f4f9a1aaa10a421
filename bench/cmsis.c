/* SPDX-License-Identifier: MIT */
/*
 * The CMSIS-RTOS2 rows (docs/benchmark.md): the harness's fast paths
 * measured through the CMSIS-RTOS2 layer (cmsis/), so that the cost of the
 * layer is published beside the native figures of the same operations:
 *   cmsis_yield          as ctx_yield, osThreadYield between two threads
 *   cmsis_sem            as sem_give_take, osSemaphoreRelease + Acquire(0)
 *   cmsis_mutex          as mutex_lock_unlock, osMutexAcquire + Release
 *   cmsis_queue          as queue_send_recv, osMessageQueuePut + Get(0)
 *   cmsis_msg_latency    as msg_latency, Put to a queue a higher thread waits on
 *   cmsis_flags_wake     as task_wake, osThreadFlagsSet to a higher thread
 *                        blocked in osThreadFlagsWait
 * Every thread here is a CMSIS thread (osThreadNew); the bench main task
 * (native) waits for them on a semaphore each gives when it is done.
 *
 * The one family that names a kernel: it sets VAIOS's CMSIS-RTOS2 layer
 * beside VAIOS's own calls, so only the vaios backend builds it
 * (OSAL_HAS_CMSIS_ROWS, VB_NEED_CMSIS in bench/families.def).
 */
#include "core.h"
#include "families.h"
#include "cmsis_os2.h"
#include "os2_vaios.h"

#define SAMPLES 2000

/* The layer's heap is the bench arena, which is free while this family
 * runs (the scale rows before it are done with it, the allocator rows
 * after it re-initialise it); this family deletes what it created. */
void vos_cmsis_heap_area(void **mem, size_t *size)
{
    *mem = vb_arena.u64;
    *size = sizeof vb_arena;
}

static vos_sem_t done;
static volatile uint32_t t_start;
static volatile bool armed;
static volatile int left;
static osSemaphoreId_t sem;
static osMutexId_t mtx;
static osMessageQueueId_t mq;
static osThreadId_t waiter;

static osThreadId_t start(osThreadFunc_t fn, osPriority_t prio)
{
    const osThreadAttr_t a = { .name = "cmsis", .priority = prio, .stack_size = 1024 };
    osThreadId_t t = osThreadNew(fn, NULL, &a);
    if (t == NULL) {
        board_printf("!! bench: osThreadNew failed\n");
        board_exit(2);
    }
    return t;
}

static void finish(void)
{
    vos_sem_give(&done);
}

static void wait_threads(int n)
{
    while (n-- > 0)
        vos_sem_take(&done, VOS_FOREVER);
}

/* --- One thread, uncontended ------------------------------------------- */

static void sem_loop(void *arg)
{
    (void)arg;
    for (int i = 0; i < SAMPLES; i++) {
        uint32_t a = board_cycles();
        osSemaphoreRelease(sem);
        osSemaphoreAcquire(sem, 0);
        uint32_t b = board_cycles();
        vb_add((int64_t)(b - a - vb_overhead));
    }
    finish();
}

static void mutex_loop(void *arg)
{
    (void)arg;
    for (int i = 0; i < SAMPLES; i++) {
        uint32_t a = board_cycles();
        osMutexAcquire(mtx, osWaitForever);
        osMutexRelease(mtx);
        uint32_t b = board_cycles();
        vb_add((int64_t)(b - a - vb_overhead));
    }
    finish();
}

static void queue_loop(void *arg)
{
    (void)arg;
    uint32_t in = 0, out = 0;
    for (int i = 0; i < SAMPLES; i++) {
        in++;
        uint32_t a = board_cycles();
        osMessageQueuePut(mq, &in, 0, 0);
        osMessageQueueGet(mq, &out, NULL, 0);
        uint32_t b = board_cycles();
        if (out != in) {
            board_printf("!! bench: cmsis queue returned %lu, sent %lu\n", (unsigned long)out,
                         (unsigned long)in);
            board_exit(2);
        }
        vb_add((int64_t)(b - a - vb_overhead));
    }
    finish();
}

static void run1(const char *id, osThreadFunc_t fn, const char *note)
{
    vb_progress(id, 0, SAMPLES);
    vb_reset(0);
    start(fn, osPriorityNormal);
    wait_threads(1);
    vb_report(id, "idle", board_cycle_unit, vb_overhead, note);
}

/* --- Two threads ------------------------------------------------------------ */

static void yielder(void *arg)
{
    (void)arg;
    uint32_t t1 = board_cycles();
    while (left > 0) {
        if (armed)
            vb_add((int64_t)(t1 - t_start - vb_overhead));
        left--;
        armed = true;
        t_start = board_cycles();
        osThreadYield();
        t1 = board_cycles();
    }
    armed = false;
    finish();
}

static void latency_rx(void *arg)
{
    (void)arg;
    uint32_t msg, expect = 1;
    for (;;) {
        osMessageQueueGet(mq, &msg, NULL, osWaitForever);
        uint32_t b = board_cycles();
        if (msg == 0)
            break;
        if (msg != expect++) {
            board_printf("!! bench: cmsis_msg_latency received %lu\n", (unsigned long)msg);
            board_exit(2);
        }
        vb_add((int64_t)(b - t_start - vb_overhead));
    }
    finish();
}

static void latency_tx(void *arg)
{
    (void)arg;
    uint32_t msg = 0;
    while (left-- > 0) {
        msg++;
        t_start = board_cycles();
        osMessageQueuePut(mq, &msg, 0, osWaitForever);
    }
    msg = 0;
    osMessageQueuePut(mq, &msg, 0, osWaitForever);
    finish();
}

static void flags_hi(void *arg)
{
    (void)arg;
    for (;;) {
        osThreadFlagsWait(1, osFlagsWaitAny, osWaitForever);
        uint32_t t1 = board_cycles();
        if (left <= 0)
            break;
        vb_add((int64_t)(t1 - t_start - vb_overhead));
    }
    finish();
}

static void flags_lo(void *arg)
{
    (void)arg;
    while (left-- > 0) {
        t_start = board_cycles();
        osThreadFlagsSet(waiter, 1);
    }
    osThreadFlagsSet(waiter, 1);
    finish();
}

void bench_cmsis(void)
{
    vos_sem_init(&done, 0, 8);
    sem = osSemaphoreNew(1, 0, NULL);
    mtx = osMutexNew(NULL);
    mq = osMessageQueueNew(8, sizeof(uint32_t), NULL);

    vb_progress("cmsis_yield", 0, SAMPLES);
    vb_reset(0);
    armed = false;
    left = SAMPLES + 1;
    vos_task_set_priority(NULL, VOS_PRIO_MAX);   /* both threads start together */
    start(yielder, osPriorityNormal);
    start(yielder, osPriorityNormal);
    vos_task_set_priority(NULL, VB_MAIN_PRIO);
    wait_threads(2);
    vb_report("cmsis_yield", "idle", board_cycle_unit, vb_overhead,
              "osThreadYield between two equal-priority threads; per switch");

    run1("cmsis_sem", sem_loop, "osSemaphoreRelease then osSemaphoreAcquire(0), one thread");
    run1("cmsis_mutex", mutex_loop, "osMutexAcquire then osMutexRelease, uncontended");
    run1("cmsis_queue", queue_loop, "osMessageQueuePut then Get of one 4-byte message");

    vb_progress("cmsis_msg_latency", 0, SAMPLES);
    vb_reset(0);
    left = SAMPLES;
    vos_task_set_priority(NULL, VOS_PRIO_MAX);
    start(latency_rx, osPriorityAboveNormal);
    start(latency_tx, osPriorityNormal);
    vos_task_set_priority(NULL, VB_MAIN_PRIO);
    wait_threads(2);
    vb_report("cmsis_msg_latency", "idle", board_cycle_unit, vb_overhead,
              "receiver blocked in osMessageQueueGet; Put -> receiver runs with the message");

    vb_progress("cmsis_flags_wake", 0, SAMPLES);
    vb_reset(0);
    left = SAMPLES;
    vos_task_set_priority(NULL, VOS_PRIO_MAX);
    waiter = start(flags_hi, osPriorityAboveNormal);
    start(flags_lo, osPriorityNormal);
    vos_task_set_priority(NULL, VB_MAIN_PRIO);
    wait_threads(2);
    vb_report("cmsis_flags_wake", "idle", board_cycle_unit, vb_overhead,
              "osThreadFlagsSet from a lower thread -> woken higher thread's first instruction");

    osMessageQueueDelete(mq);
    osMutexDelete(mtx);
    osSemaphoreDelete(sem);
}
