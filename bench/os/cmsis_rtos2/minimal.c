/* SPDX-License-Identifier: MIT */
/*
 * The minimal image of the footprint rows through CMSIS-RTOS2: apps/minimal
 * (two tasks and a semaphore, nothing else: no console, no heap use)
 * written against cmsis_os2.h, so that tools/bench.py --minimal measures
 * a CMSIS-RTOS2 kernel as it measures VAIOS (docs/benchmark.md,
 * footprint_*). 256-byte stacks of the image's own, and the threads'
 * control blocks too when the build names their size
 * (VAIOS_BENCH_CMSIS_THREAD_CB_SIZE, as the harness's tasks have them);
 * the semaphore, of maximum 1 and created empty, from the kernel's own
 * memory (the API has no portable size for its control block). The
 * taker one CMSIS priority above the giver, as VAIOS's 2 above 1. The
 * board's counter is started first: a kernel's time driver of this tree
 * (os_tick_board.c) reads it, as the harness's os_start does.
 */
#include <stdint.h>
#include "cmsis_os2.h"
#include "board.h"
#ifdef OSAL_CMSIS_KERNEL_HEADER
#include OSAL_CMSIS_KERNEL_HEADER
#endif

static uint64_t stack_a[256 / 8], stack_b[256 / 8];
#ifdef OSAL_CMSIS_THREAD_CB_SIZE
static uint64_t cb_a[(OSAL_CMSIS_THREAD_CB_SIZE + 7) / 8], cb_b[(OSAL_CMSIS_THREAD_CB_SIZE + 7) / 8];
#define MIN_CB(x) .cb_mem = (x), .cb_size = sizeof(x),
#else
#define MIN_CB(x)
#endif
static osSemaphoreId_t sem;
static volatile uint32_t rounds;

static void giver(void *arg)
{
    (void)arg;
    for (;;) {
        (void)osSemaphoreRelease(sem);
        (void)osThreadYield();
    }
}

static void taker(void *arg)
{
    (void)arg;
    for (;;) {
        (void)osSemaphoreAcquire(sem, osWaitForever);
        rounds++;
    }
}

int main(void)
{
    static const osThreadAttr_t a = { .name = "giver", .stack_mem = stack_a,
                                      .stack_size = sizeof stack_a, .priority = osPriorityLow,
                                      MIN_CB(cb_a) };
    static const osThreadAttr_t b = { .name = "taker", .stack_mem = stack_b,
                                      .stack_size = sizeof stack_b, .priority = osPriorityLow1,
                                      MIN_CB(cb_b) };
    board_counter_start();
    (void)osKernelInitialize();
    sem = osSemaphoreNew(1, 0, NULL);
    (void)osThreadNew(giver, NULL, &a);
    (void)osThreadNew(taker, NULL, &b);
    (void)osKernelStart();
    return 1;
}
