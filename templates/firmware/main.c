/* SPDX-License-Identifier: MIT */
/*
 * Two tasks: "sample" wakes every 10 ms and hands a reading to "report"
 * through a semaphore; "report" prints every tenth and, after one second
 * of samples, ends the run with status 0. Both run on 512-byte stacks.
 */
#include "vaios/vaios.h"
#include "board.h"

#define STACK_BYTES 512
#define SAMPLES     100

static vos_task_t sample_task, report_task;
static uint64_t sample_stack[STACK_BYTES / 8], report_stack[STACK_BYTES / 8];
static vos_sem_t ready;
static volatile uint32_t reading;

static void sample(void *arg)
{
    (void)arg;
    for (uint32_t n = 1;; n++) {
        vos_sleep(vos_ms(10));
        reading = n;
        vos_sem_give(&ready);
    }
}

static void report(void *arg)
{
    (void)arg;
    for (uint32_t got = 0; got < SAMPLES;) {
        if (vos_sem_take(&ready, vos_ms(100)) != VOS_OK) {
            board_printf("firmware: no sample for 100 ms\n");
            board_exit(1);
        }
        got++;
        if (got % 10 == 0)
            board_printf("firmware: sample %u of %u (reading %u)\n",
                         (unsigned)got, (unsigned)SAMPLES, (unsigned)reading);
    }
    board_printf("firmware: done on %s\n", board_name);
    board_exit(0);
}

int main(void)
{
    if (vos_sem_init(&ready, 0, 1) != VOS_OK ||
        vos_task_create(&sample_task, "sample", sample, NULL, 2, sample_stack, sizeof sample_stack) != VOS_OK ||
        vos_task_create(&report_task, "report", report, NULL, 1, report_stack, sizeof report_stack) != VOS_OK)
        return 2;
    vos_start();
    return 3;   /* vos_start returns only on error */
}
