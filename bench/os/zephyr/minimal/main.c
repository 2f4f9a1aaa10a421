/* SPDX-License-Identifier: MIT */
/*
 * The minimal image of the footprint rows on Zephyr: apps/minimal/main.c
 * written against Zephyr's API, so that tools/bench.py --minimal measures
 * Zephyr as it measures VAIOS (docs/benchmark.md, footprint_*): two
 * threads and a semaphore, nothing else (no console, no heap use). Static
 * threads with 256-byte stacks as VAIOS's tasks, a semaphore of limit 1
 * starting at 0 (vos_sem_init(&sem, 0, 1)), the taker more urgent than the
 * giver as in apps/minimal. The threads pass the semaphore back and forth
 * for ever; Zephyr's main thread, which every Zephyr image has, returns at
 * once.
 */
#include <zephyr/kernel.h>

#define MIN_STACK 256

K_SEM_DEFINE(sem, 0, 1);
static volatile uint32_t rounds;

static void giver(void *p1, void *p2, void *p3)
{
    (void)p1;
    (void)p2;
    (void)p3;
    for (;;) {
        k_sem_give(&sem);
        k_yield();
    }
}

static void taker(void *p1, void *p2, void *p3)
{
    (void)p1;
    (void)p2;
    (void)p3;
    for (;;) {
        (void)k_sem_take(&sem, K_FOREVER);
        rounds++;
    }
}

/* Zephyr's preemptible priorities: a lower number is more urgent. */
K_THREAD_DEFINE(giver_thread, MIN_STACK, giver, NULL, NULL, NULL, 2, 0, 0);
K_THREAD_DEFINE(taker_thread, MIN_STACK, taker, NULL, NULL, NULL, 1, 0, 0);

int main(void)
{
    return 0;
}
