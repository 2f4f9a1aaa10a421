/* SPDX-License-Identifier: MIT */
/*
 * The minimal image of the footprint rows: two tasks and a semaphore,
 * nothing else (no console, no heap). The tasks pass the semaphore back
 * and forth forever.
 */
#include "vaios/vaios.h"

static vos_task_t a, b;
#if VOS_CFG_MPU   /* the MPU build's: each stack its guard more, aligned to it */
static uint64_t stack_a[(256 + VOS_CFG_STACK_GUARD) / 8] __attribute__((aligned(VOS_STACK_ALIGN)));
static uint64_t stack_b[(256 + VOS_CFG_STACK_GUARD) / 8] __attribute__((aligned(VOS_STACK_ALIGN)));
#else
static uint64_t stack_a[256 / 8], stack_b[256 / 8];
#endif
static vos_sem_t sem;
static volatile uint32_t rounds;

static void giver(void *arg)
{
    (void)arg;
    for (;;) {
        vos_sem_give(&sem);
        vos_yield();
    }
}

static void taker(void *arg)
{
    (void)arg;
    for (;;) {
        vos_sem_take(&sem, VOS_FOREVER);
        rounds++;
    }
}

int main(void)
{
    vos_sem_init(&sem, 0, 1);
    vos_task_create(&a, "giver", giver, NULL, 1, stack_a, sizeof stack_a);
    vos_task_create(&b, "taker", taker, NULL, 2, stack_b, sizeof stack_b);
    vos_start();
    return 1;
}
