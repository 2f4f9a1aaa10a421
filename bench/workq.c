/* SPDX-License-Identifier: MIT */
/*
 * Work queue metrics (docs/benchmark.md): irq_to_work.
 *
 * VAIOS calls directly (vaios/workq.h): the other kernels of the OSAL
 * have no work queue. Two scenarios, timed the same way as irq_to_task
 * (bench/interrupts.c): a hardware timer event (test source 0) at a known
 * due time, the stop point a counter read at the first instruction of the
 * code the handler started, the system idle between events.
 *   workq     the handler submits a work item (vos_workq_submit) to a
 *             queue whose worker is at VB_MAIN_PRIO + 2; the stop point is
 *             the item's function;
 *   sem_task  the same handler shape gives a semaphore (vos_sem_give_isr)
 *             that a task at the same priority waits on; the stop point
 *             is right after its take returns: the path a work queue
 *             replaces, measured beside it in the same image.
 * Every sample is checked: an item that runs for an event other than the
 * latest one (a lost or a doubled submission) stops the run.
 */
#include "core.h"
#include "families.h"
#include "vaios/vaios.h"

#define SAMPLES     5000
#define PERIOD      10007u                   /* the system is idle between events */
#define KERNEL_PRIO OSAL_IRQ_PRIO_KERNEL
#define PRIO        (VB_MAIN_PRIO + 2)

static vos_workq_t wq;
static vos_work_t item;
/* The worker's stack, from the bench arena (free while this family runs:
 * the image's RAM has no room for a stack of its own). */
#define wq_stack vb_arena.u64
#define WQ_STACK_SIZE VB_STACK
_Static_assert(WQ_STACK_SIZE <= VB_ARENA_SIZE, "the worker's stack does not fit the arena");
static vos_sem_t fin, wake;
static volatile int left;
static volatile uint32_t events, runs;

static void fail(const char *what)
{
    board_printf("!! bench: %s\n", what);
    board_exit(2);
}

/* --- workq ----------------------------------------------------------------------- */

static void submit_isr(void)
{
    events++;
    if (vos_workq_submit(&wq, &item) != VOS_OK)
        fail("irq_to_work: a submit from the handler was refused (item still pending)");
}

static void item_fn(vos_work_t *w, void *arg)
{
    uint32_t t1 = board_cycles();
    (void)w;
    (void)arg;
    vb_add((int64_t)(uint32_t)(t1 - board_irq_due(0)));
    if (++runs != events)
        fail("irq_to_work: an item ran for another event than the latest");
    if (--left == 0) {
        board_irq_stop(0);
        vos_sem_give(&fin);
    }
}

static void irq_to_work(void)
{
    vb_progress("irq_to_work", 0, SAMPLES);
    vb_reset(0);
    if (vos_sem_init(&fin, 0, 1) != VOS_OK || vos_work_init(&item, item_fn, NULL) != VOS_OK ||
        vos_workq_init(&wq, "workq", PRIO, wq_stack, WQ_STACK_SIZE) != VOS_OK)
        fail("irq_to_work: cannot set up the queue");
    left = SAMPLES;
    events = runs = 0;
    board_irq_start(0, PERIOD, KERNEL_PRIO, submit_isr);
    vos_sem_take(&fin, VOS_FOREVER);
    vos_task_t *worker;
    if (vos_workq_task(&wq, &worker) != VOS_OK || vos_task_terminate(worker) != VOS_OK)
        fail("irq_to_work: cannot end the worker");
    vb_report("irq_to_work", "workq", board_cycle_unit, 0,
              "timer event due -> first instruction of the work item its handler submitted "
              "(vos_workq_submit from the handler), system idle");
}

/* --- sem_task --------------------------------------------------------------------- */

static void give_isr(void)
{
    events++;
    vos_sem_give_isr(&wake);
}

static void woken(void *arg)
{
    (void)arg;
    while (left > 0) {
        vos_sem_take(&wake, VOS_FOREVER);
        uint32_t t1 = board_cycles();
        vb_add((int64_t)(uint32_t)(t1 - board_irq_due(0)));
        if (++runs != events)
            fail("irq_to_work: the task woke for another event than the latest");
        left--;
    }
    board_irq_stop(0);
}

static void irq_to_sem_task(void)
{
    vb_progress("irq_to_work", 0, SAMPLES);
    vb_reset(0);
    vos_sem_init(&wake, 0, 1);
    left = SAMPLES;
    events = runs = 0;
    vb_spawn_begin();
    vb_spawn(0, "woken", woken, NULL, PRIO);
    vb_spawn_end();
    board_irq_start(0, PERIOD, KERNEL_PRIO, give_isr);
    vb_join(1);
    vb_report("irq_to_work", "sem_task", board_cycle_unit, 0,
              "timer event due -> first instruction after the sem take of the task its handler "
              "woke (vos_sem_give_isr), same priority as the workq worker, system idle");
}

void bench_workq(void)
{
    irq_to_work();
    irq_to_sem_task();
}
