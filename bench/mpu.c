/* SPDX-License-Identifier: MIT */
/*
 * Memory-protection metrics (docs/benchmark.md), in the image of the MPU
 * build (VOS_CFG_MPU=1, VAIOS_MPU=ON; tools/bench.py builds and runs it
 * beside the main image and merges its rows):
 *   domain_switch  scenario same_domain: ten tasks of one protection
 *                  domain (the kernel's: privileged) yield in turn, per
 *                  switch; every switch loads the incoming task's stack
 *                  guard region.
 *   mpu_fault_to_report  a task's store into its stack guard -> the first
 *                  instruction of the report hook (vos_hook_stack_overflow).
 * VAIOS calls directly: the other kernels of the OSAL have no MPU layer.
 */
#include "core.h"
#include "families.h"
#include "vaios/vaios.h"

#define SWITCH_SAMPLES 2000
#define FAULT_SAMPLES  500
#define NTASKS         10
#define STACK_BYTES    (1024 + VOS_CFG_STACK_GUARD)

static vos_task_t tasks[NTASKS];
static uint64_t stacks[NTASKS][STACK_BYTES / 8] __attribute__((aligned(VOS_STACK_ALIGN)));

static volatile uint32_t t_start;
static volatile bool armed;
static volatile int left;
static volatile int running;

/* As ctx_yield_10 (switching.c): each task closes the window the previous
 * one opened; a task's first switch-in (the start trampoline) is not a
 * sample. */
static void yielder(void *arg)
{
    (void)arg;
    uint32_t t1 = board_cycles();
    bool first = true;
    while (left > 0) {
        if (armed && !first)
            vb_add(t1 - t_start - vb_overhead);
        first = false;
        left--;
        armed = true;
        t_start = board_cycles();
        vos_yield();
        t1 = board_cycles();
    }
    armed = false;
    running--;
}

static void join_all(void)
{
    while (running > 0)
        vos_sleep(vos_us(100));
}

static void domain_switch_same(void)
{
    vb_progress("domain_switch", 0, SWITCH_SAMPLES);
    vb_reset(0);
    armed = false;
    left = SWITCH_SAMPLES + NTASKS;
    running = NTASKS;
    vos_task_set_priority(NULL, VB_MAIN_PRIO + 2);   /* create all before any runs */
    for (int i = 0; i < NTASKS; i++)
        if (vos_task_create(&tasks[i], "dsw", yielder, NULL, VB_MAIN_PRIO + 1, stacks[i],
                            sizeof stacks[i]) != VOS_OK) {
            board_printf("!! bench: domain_switch: task creation failed\n");
            board_exit(2);
        }
    vos_task_set_priority(NULL, VB_MAIN_PRIO);
    join_all();
    vb_report("domain_switch", "same_domain", board_cycle_unit, vb_overhead,
              "ten tasks of one domain (the kernel's, privileged) yield in turn; per switch; "
              "VOS_CFG_MPU=1: the incoming task's stack guard region is loaded on every switch");
}

/* --- mpu_fault_to_report ------------------------------------------------- */

static volatile int faults;

void vos_hook_stack_overflow(vos_task_t *t)
{
    uint32_t t1 = board_cycles();   /* the window closes here */
    (void)t;
    vb_add(t1 - t_start - vb_overhead);
    faults++;
}

static void offender(void *arg)
{
    volatile uint32_t *guard_top = arg;
    t_start = board_cycles();         /* the window opens here */
    *guard_top = 0;                   /* faults: never written */
    board_printf("!! bench: mpu_fault_to_report: the store into the guard did not fault\n");
    board_exit(2);
}

static void fault_to_report(void)
{
    vb_progress("mpu_fault_to_report", 0, FAULT_SAMPLES);
    vb_reset(0);
    faults = 0;
    for (int i = 0; i < FAULT_SAMPLES; i++) {
        uint32_t *top = (uint32_t *)(void *)((uint8_t *)stacks[0] + VOS_CFG_STACK_GUARD) - 1;
        if (vos_task_create(&tasks[0], "offender", offender, top, VB_MAIN_PRIO + 1, stacks[0],
                            sizeof stacks[0]) != VOS_OK || faults != i + 1) {
            board_printf("!! bench: mpu_fault_to_report: fault %d not reported\n", i);
            board_exit(2);
        }
    }
    vb_report("mpu_fault_to_report", "stack_guard", board_cycle_unit, vb_overhead,
              "store into the task's MPU stack guard -> first instruction of "
              "vos_hook_stack_overflow (MemManage handler, task stopped)");
}

void bench_mpu(void)
{
    domain_switch_same();
    fault_to_report();
}
