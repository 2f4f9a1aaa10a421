/* SPDX-License-Identifier: MIT */
/*
 * The minimal image of the footprint rows on FreeRTOS: apps/minimal/main.c
 * written against FreeRTOS's API, so that tools/bench.py --minimal measures
 * FreeRTOS as it measures VAIOS (docs/benchmark.md, footprint_*): two
 * tasks and a semaphore, nothing else (no console, no heap use). Static
 * creation with 256-byte stacks as VAIOS's, a counting semaphore of
 * maximum 1 starting at 0 (vos_sem_init(&sem, 0, 1)), priorities 1 and 2.
 * The tasks pass the semaphore back and forth forever.
 */
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"

#define MIN_STACK_WORDS (256u / sizeof(StackType_t))

static StaticTask_t a, b;
static StackType_t stack_a[MIN_STACK_WORDS], stack_b[MIN_STACK_WORDS];
static StaticSemaphore_t sem_mem;
static SemaphoreHandle_t sem;
static volatile uint32_t rounds;

static void giver(void *arg)
{
    (void)arg;
    for (;;) {
        (void)xSemaphoreGive(sem);
        taskYIELD();
    }
}

static void taker(void *arg)
{
    (void)arg;
    for (;;) {
        (void)xSemaphoreTake(sem, portMAX_DELAY);
        rounds++;
    }
}

int main(void)
{
    sem = xSemaphoreCreateCountingStatic(1, 0, &sem_mem);
    (void)xTaskCreateStatic(giver, "giver", MIN_STACK_WORDS, NULL, 1, stack_a, &a);
    (void)xTaskCreateStatic(taker, "taker", MIN_STACK_WORDS, NULL, 2, stack_b, &b);
    vTaskStartScheduler();
    return 1;
}
