/* SPDX-License-Identifier: MIT */
/*
 * A small sensor pipeline written against CMSIS-RTOS2 only (no VAIOS
 * call), the way a CubeMX-generated project is structured: main()
 * initialises the kernel, creates the threads and objects, starts the
 * kernel.
 *
 *   sampler  (osPriorityRealtime)  every 2 ticks (osDelayUntil, no drift)
 *            takes a block from a memory pool, fills it with a sample and
 *            puts its address in a message queue;
 *   filter   (osPriorityHigh)      gets blocks, runs a moving average,
 *            frees the block, updates shared statistics under a mutex and
 *            signals the logger with a thread flag every 16 samples;
 *   logger   (osPriorityNormal)    waits for the flag, reads the
 *            statistics under the mutex and prints them;
 *   monitor  (osPriorityLow)       when the run is over (an event flag),
 *            checks that every sample went through in order, on time, and
 *            that every block is back in the pool, then prints the result
 *            and ends the program.
 *
 * The only board calls are the console and the exit status (board.h).
 */
#include <stdint.h>
#include "cmsis_os2.h"
#include "board.h"

#define SAMPLES    400
#define PERIOD     2            /* ticks */
#define FLAG_BATCH 0x1u
#define EV_DONE    0x1u

struct sample {
    uint32_t seq;
    uint32_t tick;
    int32_t value;
};

static osMessageQueueId_t queue;
static osMemoryPoolId_t pool;
static osMutexId_t stats_lock;
static osEventFlagsId_t run_events;
static osThreadId_t logger_id;

static struct {
    uint32_t count, last_seq, out_of_order, late;
    int32_t average;
} stats;

static int32_t fake_sensor(uint32_t n)
{
    return (int32_t)((n * 37u) % 101u) - 50;
}

static void sampler(void *arg)
{
    (void)arg;
    uint32_t next = osKernelGetTickCount();
    for (uint32_t n = 1; n <= SAMPLES; n++) {
        next += PERIOD;
        osDelayUntil(next);
        struct sample *s = osMemoryPoolAlloc(pool, 0);
        if (s == NULL) {
            board_printf("sampler: pool empty at %lu\n", (unsigned long)n);
            continue;
        }
        s->seq = n;
        s->tick = osKernelGetTickCount();
        s->value = fake_sensor(n);
        if (osMessageQueuePut(queue, &s, 0, 0) != osOK)
            osMemoryPoolFree(pool, s);
    }
    struct sample *end = NULL;
    osMessageQueuePut(queue, &end, 0, osWaitForever);
}

static void filter(void *arg)
{
    (void)arg;
    int32_t window[8] = { 0 };
    int32_t sum = 0;
    for (;;) {
        struct sample *s;
        if (osMessageQueueGet(queue, &s, NULL, osWaitForever) != osOK || s == NULL)
            break;
        uint32_t i = s->seq % 8u;
        sum += s->value - window[i];
        window[i] = s->value;
        osMutexAcquire(stats_lock, osWaitForever);
        if (s->seq != stats.last_seq + 1)
            stats.out_of_order++;
        if (osKernelGetTickCount() != s->tick)
            stats.late++;           /* handled after the tick it was taken in */
        stats.last_seq = s->seq;
        stats.count++;
        stats.average = sum / 8;
        osMutexRelease(stats_lock);
        osMemoryPoolFree(pool, s);
        if (s->seq % 16u == 0)
            osThreadFlagsSet(logger_id, FLAG_BATCH);
    }
    osEventFlagsSet(run_events, EV_DONE);
}

static void logger(void *arg)
{
    (void)arg;
    for (;;) {
        uint32_t f = osThreadFlagsWait(FLAG_BATCH, osFlagsWaitAny, 100);
        if (f & osFlagsError)
            break;                  /* no batch for 100 ticks: the run is over */
        osMutexAcquire(stats_lock, osWaitForever);
        uint32_t count = stats.count;
        int32_t avg = stats.average;
        osMutexRelease(stats_lock);
        if (count % 128u == 0)
            board_printf("logger: %lu samples, average %ld\n", (unsigned long)count, (long)avg);
    }
}

static void monitor(void *arg)
{
    (void)arg;
    osEventFlagsWait(run_events, EV_DONE, osFlagsWaitAny, osWaitForever);
    int failed = 0, passed = 0;
#define CHECK(what, cond)                                                          \
    do {                                                                           \
        if (cond) { passed++; board_printf("PASS %s\n", what); }                   \
        else { failed++; board_printf("FAIL %s\n", what); }                        \
    } while (0)
    CHECK("every sample processed", stats.count == SAMPLES);
    CHECK("samples in order", stats.out_of_order == 0);
    CHECK("every sample handled in its own tick", stats.late == 0);
    CHECK("every block back in the pool", osMemoryPoolGetCount(pool) == 0);
    CHECK("queue empty", osMessageQueueGetCount(queue) == 0);
    CHECK("mutex free", osMutexGetOwner(stats_lock) == NULL);
    board_printf("%d passed, %d failed\n", passed, failed);
    board_exit(failed);
}

int main(void)
{
    osKernelInitialize();
    queue = osMessageQueueNew(8, sizeof(struct sample *), NULL);
    pool = osMemoryPoolNew(8, sizeof(struct sample), NULL);
    stats_lock = osMutexNew(&(osMutexAttr_t){ .name = "stats", .attr_bits = osMutexPrioInherit });
    run_events = osEventFlagsNew(NULL);
    osThreadNew(sampler, NULL, &(osThreadAttr_t){ .name = "sampler", .priority = osPriorityRealtime });
    osThreadNew(filter, NULL, &(osThreadAttr_t){ .name = "filter", .priority = osPriorityHigh });
    logger_id = osThreadNew(logger, NULL, &(osThreadAttr_t){ .name = "logger", .priority = osPriorityNormal });
    osThreadNew(monitor, NULL, &(osThreadAttr_t){ .name = "monitor", .priority = osPriorityLow });
    osKernelStart();
    board_printf("FAIL osKernelStart returned\n");
    return 1;
}
