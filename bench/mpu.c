/* SPDX-License-Identifier: MIT */
/*
 * Memory-protection metrics (docs/benchmark.md), in the image of the MPU
 * build (VOS_CFG_MPU=1, VAIOS_MPU=ON; tools/bench.py builds and runs it
 * beside the main image and merges its rows):
 *   domain_switch  ten tasks yield in turn, per switch: kernel_domain
 *                  (privileged tasks, vos_yield), same_domain (ten
 *                  unprivileged tasks of one domain, vos_u_yield) and
 *                  cross_domain (each in a domain of its own: every switch
 *                  reloads the domain's regions).
 *   svc_call       an uncontended vos_u_sem_give + vos_u_sem_take from an
 *                  unprivileged task (the privileged figure: sem_give_take).
 *   mpu_fault_to_report  a task's store into its stack guard -> the first
 *                  instruction of vos_hook_stack_overflow (stack_guard); an
 *                  unprivileged task's store outside its domain -> the
 *                  first instruction of vos_hook_fault (domain_memory).
 * Unprivileged tasks record their samples in their domain's memory
 * (struct user): the privileged main task adds them to the distribution.
 * Every window of the family, privileged or not at either end, is timed
 * with board_user_cycles() (board.h), the counter an unprivileged task may
 * read: board_cycles() itself on the emulated boards; TIM2 on the Nucleo
 * boards, whose board_cycles() (DWT CYCCNT, in the private peripheral
 * bus) would be a BusFault in an unprivileged task. Its unit is
 * board_user_cycle_unit and its empty window user_overhead.
 * VAIOS calls directly: the other kernels of the OSAL have no MPU layer.
 */
#include "core.h"
#include "families.h"
#include <string.h>
#include "vaios/vaios.h"

#define SWITCH_SAMPLES 2000
#define FAULT_SAMPLES  500
#define NTASKS         10
#define STACK_BYTES    (1024 + VOS_CFG_STACK_GUARD)   /* a power of two: an MPU region */

_Static_assert((STACK_BYTES & (STACK_BYTES - 1)) == 0, "an unprivileged stack is a region");

static vos_task_t tasks[NTASKS];
static uint64_t stacks[NTASKS][STACK_BYTES / 8] __attribute__((aligned(STACK_BYTES)));

/* The memory the unprivileged tasks share (their domains' data region). */
#define USER_SAMPLES 1900
static union {
    struct user {
        volatile uint32_t t_start;
        volatile int left;
        volatile int n;
        volatile bool armed;
        volatile uint16_t sample[USER_SAMPLES];
    } u;
    uint8_t bytes[4096];
} user __attribute__((aligned(4096)));
_Static_assert(sizeof(struct user) <= 4096, "one 4 KB region");

static vos_domain_t doms[NTASKS];
static vos_sem_t user_sem;
static const void *const user_grants[] = { &user_sem };

/* The code region and the block of board_user_cycles()'s counter, which
 * the unprivileged tasks read: the STM32 boards' flash (1 MB at
 * 0x08000000); the MPS2 machines' code at 0 (the linker script's FLASH:
 * _scode, _code_size); the counter's block as the board gives it
 * (BOARD_USER_CYCLES_BLOCK: the STM32 boards' TIM2, the MPS2 machines'
 * FPGA I/O block, which mps2_an505's start-up opens to unprivileged
 * reads). A domain without them faults at its tasks' first instruction,
 * and the family waits for them forever (make bench BOARD=mps2_an500 ran
 * into tools.bench's timeout in this image). */
#ifdef FPGAIO_BASE
extern const char _scode[];
extern const char _code_size[];         /* an absolute symbol: its address is the size */
#define USER_CODE_BASE    ((const void *)_scode)
#define USER_CODE_SIZE    ((size_t)(uintptr_t)_code_size)
#else
#define USER_CODE_BASE    ((const void *)0x08000000u)
#define USER_CODE_SIZE    (1024u * 1024u)
#endif
#define USER_COUNTER_BASE BOARD_USER_CYCLES_BLOCK
#define USER_COUNTER_SIZE BOARD_USER_CYCLES_BLOCK_SIZE

/* The cost of an empty window on board_user_cycles(): vb_calibrate's
 * figure where it is board_cycles() (the emulated boards, whose images
 * this leaves as they were), else measured the same way on it, before
 * the family's first window. */
#if BOARD_USER_CYCLES_IS_BOARD_CYCLES
#define user_overhead vb_overhead
static void user_calibrate(void) {}
#else
static uint32_t user_overhead;
static void user_calibrate(void)
{
    user_overhead = vb_empty_window(board_user_cycles);
}
#endif

/* Code, the shared data, and the time base (board_user_cycles). */
static int user_domain(vos_domain_t *d, const char *name)
{
    const vos_region_t regions[] = {
        { USER_CODE_BASE, USER_CODE_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &user, sizeof user, VOS_MEM_READ | VOS_MEM_WRITE },
        { (const void *)USER_COUNTER_BASE, USER_COUNTER_SIZE, VOS_MEM_READ | VOS_MEM_DEVICE },
    };
    return vos_domain_init(d, name, VB_MAIN_PRIO + 1, regions, 3, user_grants, 1);
}

static void fail(const char *what)
{
    board_printf("!! bench: %s\n", what);
    board_exit(2);
}

/* The user tasks' samples into the distribution (privileged). */
static void take_user_samples(void)
{
    vb_reset(0);
    for (int i = 0; i < user.u.n; i++)
        vb_add((int64_t)user.u.sample[i] - user_overhead);
}

static void note_sample(uint32_t d)
{
    if (user.u.n < USER_SAMPLES)
        user.u.sample[user.u.n++] = (uint16_t)(d > 0xFFFFu ? 0xFFFFu : d);
}

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
    uint32_t t1 = board_user_cycles();
    bool first = true;
    while (left > 0) {
        if (armed && !first)
            vb_add(t1 - t_start - user_overhead);
        first = false;
        left--;
        armed = true;
        t_start = board_user_cycles();
        vos_yield();
        t1 = board_user_cycles();
    }
    armed = false;
    running--;
}

/* As yielder, unprivileged: vos_u_yield, samples into user memory. */
static void user_yielder(void *arg)
{
    (void)arg;
    uint32_t t1 = board_user_cycles();
    bool first = true;
    while (user.u.left > 0) {
        if (user.u.armed && !first)
            note_sample(t1 - user.u.t_start);
        first = false;
        user.u.left--;
        user.u.armed = true;
        user.u.t_start = board_user_cycles();
        vos_u_yield();
        t1 = board_user_cycles();
    }
    user.u.armed = false;
}

static void join_all(void)
{
    while (running > 0)
        vos_sleep(vos_us(100));
}

static void join_user(void)
{
    for (int i = 0; i < NTASKS; i++)
        while (vos_task_state(&tasks[i]) != VOS_TASK_EXITED)
            vos_sleep(vos_us(100));
}

/* Ten unprivileged tasks in one domain (cross: each in its own). */
static void domain_switch_user(bool cross)
{
    vb_progress("domain_switch", 0, USER_SAMPLES);
    memset(&user, 0, sizeof user);
    user.u.left = USER_SAMPLES + NTASKS;
    for (int i = 0; i < NTASKS; i++)
        if (user_domain(&doms[i], "bench") != VOS_OK)
            fail("domain_switch: domain");
    vos_task_set_priority(NULL, VB_MAIN_PRIO + 2);
    for (int i = 0; i < NTASKS; i++)
        if (vos_task_create_in(&doms[cross ? i : 0], &tasks[i], "dsw", user_yielder, NULL,
                               VB_MAIN_PRIO + 1, stacks[i], sizeof stacks[i]) != VOS_OK)
            fail("domain_switch: task creation failed");
    vos_task_set_priority(NULL, VB_MAIN_PRIO);
    join_user();
    take_user_samples();
    vb_report("domain_switch", cross ? "cross_domain" : "same_domain", board_user_cycle_unit,
              user_overhead,
              cross ? "ten unprivileged tasks, each in a domain of its own, vos_u_yield in turn; "
                      "per switch: the SVC call, the switch, the domain's four regions reloaded"
                    : "ten unprivileged tasks of one domain, vos_u_yield in turn; per switch: "
                      "the SVC call and the switch, the domain's regions not reloaded");
}

/* svc_call: give + take from an unprivileged task. */
static void user_sem_task(void *arg)
{
    (void)arg;
    while (user.u.left-- > 0) {
        uint32_t t0 = board_user_cycles();
        vos_u_sem_give(&user_sem);
        vos_u_sem_take(&user_sem, VOS_NO_WAIT);
        uint32_t t1 = board_user_cycles();
        note_sample(t1 - t0);
    }
}

static void svc_call(void)
{
    vb_progress("svc_call", 0, USER_SAMPLES);
    memset(&user, 0, sizeof user);
    user.u.left = USER_SAMPLES;
    if (user_domain(&doms[0], "bench") != VOS_OK ||
        vos_task_create_in(&doms[0], &tasks[0], "svc", user_sem_task, NULL, VB_MAIN_PRIO + 1,
                           stacks[0], sizeof stacks[0]) != VOS_OK)
        fail("svc_call: setup");
    while (vos_task_state(&tasks[0]) != VOS_TASK_EXITED)
        vos_sleep(vos_us(100));
    take_user_samples();
    vb_report("svc_call", "sem_give_take", board_user_cycle_unit, user_overhead,
              "vos_u_sem_give + vos_u_sem_take (VOS_NO_WAIT, no waiter) from an unprivileged task: "
              "two SVC round trips with the object's grant checked; the privileged calls are "
              "sem_give_take");
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
    vb_report("domain_switch", "kernel_domain", board_user_cycle_unit, user_overhead,
              "ten privileged tasks (the kernel domain) vos_yield in turn; per switch; "
              "VOS_CFG_MPU=1: each switch loads the incoming task's stack and guard regions");
}

/* --- mpu_fault_to_report ------------------------------------------------- */

static volatile int faults;

void vos_hook_stack_overflow(vos_task_t *t)
{
    uint32_t t1 = board_user_cycles();  /* the window closes here */
    (void)t;
    vb_add(t1 - t_start - user_overhead);
    faults++;
}

void vos_hook_fault(vos_task_t *t, const vos_fault_t *f)
{
    uint32_t t1 = board_user_cycles();  /* the window closes here */
    (void)t;
    (void)f;
    vb_add(t1 - user.u.t_start - user_overhead);
    faults++;
}

static volatile uint32_t kernel_word;   /* outside every domain */

static void user_offender(void *arg)
{
    (void)arg;
    user.u.t_start = board_user_cycles();  /* the window opens here */
    kernel_word = 1;                       /* faults: never written */
    user.u.armed = true;                   /* not reached */
}

static void offender(void *arg)
{
    volatile uint32_t *guard_top = arg;
    t_start = board_user_cycles();    /* the window opens here */
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
    vb_report("mpu_fault_to_report", "stack_guard", board_user_cycle_unit, user_overhead,
              "store into the task's MPU stack guard -> first instruction of "
              "vos_hook_stack_overflow (MemManage handler, task stopped)");

    vb_reset(0);
    faults = 0;
    memset(&user, 0, sizeof user);
    if (user_domain(&doms[0], "bench") != VOS_OK)
        fail("mpu_fault_to_report: domain");
    for (int i = 0; i < FAULT_SAMPLES; i++) {
        if (vos_task_create_in(&doms[0], &tasks[0], "offender", user_offender, NULL,
                               VB_MAIN_PRIO + 1, stacks[0], sizeof stacks[0]) != VOS_OK ||
            faults != i + 1 || user.u.armed)
            fail("mpu_fault_to_report: domain fault not reported");
    }
    vb_report("mpu_fault_to_report", "domain_memory", board_user_cycle_unit, user_overhead,
              "an unprivileged task's store outside its domain -> first instruction of "
              "vos_hook_fault (MemManage handler, task stopped)");
}

void bench_mpu(void)
{
    if (vos_sem_init(&user_sem, 0, 1) != VOS_OK)   /* granted: a kernel object first */
        fail("semaphore");
    user_calibrate();
    domain_switch_same();
    domain_switch_user(false);
    domain_switch_user(true);
    svc_call();
    fault_to_report();
}
