/* SPDX-License-Identifier: MIT */
/*
 * MPU stack guards (VOS_CFG_MPU, arch/cortex-m/mpu.c), in the MPU build
 * of tools/mpu_run.py: the first access below a task's usable stack
 * faults at once, before anything is written there; the task is reported
 * by name (vos_hook_stack_overflow) and stopped; other tasks go on.
 *
 * vtest's slots lie next to each other in memory: slot k-1's stack ends
 * where slot k's begins, so the memory just below a task's guard is the
 * top of its neighbour's stack, where the neighbour's live frames are.
 */
#include <string.h>
#include "vtest.h"
#include "port_offsets.h"

_Static_assert(VOS_CFG_MPU == 1, "the MPU suites run in the MPU build");

static vos_task_t *volatile hooked;
static volatile int hook_calls;
static volatile uint32_t hook_ipsr;

void vos_hook_stack_overflow(vos_task_t *t)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    hooked = t;
    hook_ipsr = ipsr;
    hook_calls++;
}

static void reset_hook(void)
{
    hooked = NULL;
    hook_calls = 0;
    hook_ipsr = 0;
}

/* The exception that reports a stack pointer stepping below the usable
 * stack: the MPU's MemManage on Armv7-M; on Armv8-M the stack-limit
 * register's UsageFault (STKOF) comes first, at the same instruction,
 * before the MPU would see the store (arch/cortex-m/stklim.c). */
#if defined(__ARM_ARCH_8M_MAIN__)
#define SP_FAULT_IPSR 6
#else
#define SP_FAULT_IPSR 4
#endif

static uint8_t *guard_end(vos_task_t *t)
{
    return t->stack_base + VOS_CFG_STACK_GUARD;
}

/* The same for a slot whose task is not created yet (vtest's stacks are
 * aligned to VOS_STACK_ALIGN: the stack starts at the slot's memory). */
static uint8_t *slot_guard_end(int slot)
{
    return (uint8_t *)vt_stack(slot) + VOS_CFG_STACK_GUARD;
}

static bool guard_intact(vos_task_t *t)
{
    const uint32_t *w = (const uint32_t *)(const void *)t->stack_base;
    for (unsigned i = 0; i < VOS_CFG_STACK_GUARD / 4; i++)
        if (w[i] != VOS__GUARD_WORD)
            return false;
    return true;
}

static volatile unsigned ticker_rounds;
static volatile bool ticker_stop;

/* A task that goes on while another one faults. */
static void ticker(void *arg)
{
    (void)arg;
    while (!ticker_stop) {
        ticker_rounds++;
        vos_sleep(vos_us(100));
    }
}

static volatile bool survived;

/* One word below the usable stack: the stack pointer at the guard's end,
 * then a push. */
static void one_word(void *arg)
{
    uint8_t *end = arg;
    __asm__ volatile("mov  sp, %0     \n\t"
                     "push {r0}       \n\t"
                     :: "r"(end) : "memory");
    survived = true;
    for (;;)
        ;
}

VT_TEST(overflow_by_one_word_faults_at_the_push)
{
    reset_hook();
    survived = false;
    ticker_stop = false;
    ticker_rounds = 0;
    vt_spawn(0, "ticker", ticker, NULL, VT_RUNNER_PRIO - 2);
    vos_task_t *t = vt_task(1);
    vt_spawn(1, "oneword", one_word, slot_guard_end(1), VT_RUNNER_PRIO - 1);
    vos_sleep(vos_ms(2));
    VT_EQ(hook_calls, 1);
    VT_ASSERT(hooked == t);
    VT_ASSERT(hooked != NULL && strcmp(hooked->name, "oneword") == 0);
    VT_EQ(hook_ipsr, SP_FAULT_IPSR);      /* MemManage (v7-M), stack limit (v8-M) */
    VT_ASSERT(vos_stack_overflow_task() == t);
    VT_EQ(vos_task_state(t), VOS_TASK_FAULTED);
    VT_ASSERT(!survived);
    VT_ASSERT(guard_intact(t));           /* the push wrote nothing */
    unsigned before = ticker_rounds;
    vos_sleep(vos_ms(2));
    VT_ASSERT(ticker_rounds > before);    /* the other task goes on */
    ticker_stop = true;
    vt_join(2, 100);
}

/* A store into the guard through a pointer, the stack pointer well above
 * it: the stack-limit register of Armv8-M does not see it, the MPU guard
 * does, on every CPU (MemManage, with the address in the guard). */
static void stray_store(void *arg)
{
    volatile uint32_t *p = arg;
    *p = 0;
    survived = true;
    for (;;)
        ;
}

VT_TEST(a_store_into_the_guard_through_a_pointer_faults)
{
    reset_hook();
    survived = false;
    vos_task_t *t = vt_task(1);
    vt_spawn(1, "stray", stray_store, (uint8_t *)vt_stack(1) + VOS_CFG_STACK_GUARD / 2,
             VT_RUNNER_PRIO - 1);
    vos_sleep(vos_ms(1));
    VT_EQ(hook_calls, 1);
    VT_ASSERT(hooked == t);
    VT_EQ(hook_ipsr, 4);                  /* from the MemManage handler */
    VT_EQ(vos_task_state(t), VOS_TASK_FAULTED);
    VT_ASSERT(!survived);
    VT_ASSERT(guard_intact(t));           /* the store wrote nothing */
}

/* The neighbour: blocked with live frames at the top of its stack, which
 * it checks when it wakes. */
static vos_sem_t wake;
static volatile bool neighbour_ok;

static __attribute__((noinline)) void neighbour_frames(int depth)
{
    volatile uint32_t mine[32];
    for (int i = 0; i < 32; i++)
        mine[i] = 0x1000u * (uint32_t)depth + (uint32_t)i;
    if (depth > 0) {
        neighbour_frames(depth - 1);
    } else {
        vos_sem_take(&wake, VOS_FOREVER);
    }
    bool ok = true;
    for (int i = 0; i < 32; i++)
        ok = ok && mine[i] == 0x1000u * (uint32_t)depth + (uint32_t)i;
    if (!ok)
        neighbour_ok = false;
}

static void neighbour(void *arg)
{
    (void)arg;
    neighbour_ok = true;
    neighbour_frames(3);
}

/* Deliberate overflows: exempt from the MPU build's refusal of frames
 * larger than the guard (CMakeLists.txt, VAIOS_MPU). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wframe-larger-than="
#pragma GCC diagnostic ignored "-Wvla-larger-than="
/* A 1 KB local array, written from its first (lowest) byte up: its frame
 * jumps far below the stack pointer, over the 32 bytes a guard pattern
 * would have, and its first store lands there. */
static __attribute__((noinline)) void kilobyte(void)
{
    volatile uint8_t buf[1024];
    for (unsigned i = 0; i < sizeof buf; i++)
        buf[i] = 0x5A;
    (void)buf[0];
}

/* Use the stack down to 64 bytes above the guard, then call kilobyte():
 * its array starts about 960 bytes below the usable stack. */
static __attribute__((noinline)) void dig_then_array(vos_task_t *self)
{
    uint8_t *frame = __builtin_frame_address(0);
    size_t n = (size_t)(frame - guard_end(self)) - 64;
    volatile uint8_t used[n];
    for (size_t i = 0; i < n; i++)
        used[i] = 0x11;
    kilobyte();
    (void)used[0];
}

#pragma GCC diagnostic pop

static void array_task(void *arg)
{
    (void)arg;
    dig_then_array(vos_self());
    survived = true;
}

static uint8_t snapshot[VT_STACK_SIZE];

VT_TEST(overflow_by_a_1kb_local_array_leaves_the_neighbour_unchanged)
{
    reset_hook();
    survived = false;
    VT_EQ(vos_sem_init(&wake, 0, 1), VOS_OK);
    vos_task_t *n = vt_spawn(2, "neighbour", neighbour, NULL, VT_RUNNER_PRIO - 1);
    vos_sleep(vos_ms(1));                 /* the neighbour blocks deep in its frames */
    VT_EQ(vos_task_state(n), VOS_TASK_BLOCKED);
    vos_task_t *t = vt_task(3);
    /* The neighbour's stack ends where the array task's begins. */
    VT_ASSERT(n->stack_base + n->stack_size == (uint8_t *)vt_stack(3));
    memcpy(snapshot, n->stack_base, n->stack_size);
    vt_spawn(3, "array", array_task, NULL, VT_RUNNER_PRIO - 1);
    vos_sleep(vos_ms(2));
    VT_EQ(hook_calls, 1);
    VT_ASSERT(hooked == t);
    VT_ASSERT(hooked != NULL && strcmp(hooked->name, "array") == 0);
    VT_EQ(vos_task_state(t), VOS_TASK_FAULTED);
    VT_ASSERT(!survived);
    VT_ASSERT(memcmp(snapshot, n->stack_base, n->stack_size) == 0);
    VT_ASSERT(guard_intact(t));
    VT_EQ(vos_sem_give(&wake), VOS_OK);   /* the neighbour finds its frames whole */
    vt_join(4, 100);
    VT_EQ(vos_task_state(n), VOS_TASK_EXITED);
    VT_ASSERT(neighbour_ok);
}

/* The switch itself would save the context into the guard: the stack
 * pointer 40 bytes above it leaves room for the 32-byte exception frame
 * but not for the 36 bytes the switch saves below it. */
static void tight(void *arg)
{
    uint8_t *end = arg;
    __asm__ volatile("mov  sp, %0     \n\t"
                     "str  %1, [%2]   \n\t"   /* ICSR: PendSV */
                     "dsb             \n\t"
                     "isb             \n\t"
                     :: "r"(end + 40), "r"(1u << 28), "r"(0xE000ED04u) : "memory");
    survived = true;
    for (;;)
        ;
}

VT_TEST(a_switch_that_would_save_into_the_guard_stops_the_task)
{
    reset_hook();
    survived = false;
    vos_task_t *t = vt_task(4);
    vt_spawn(4, "tight", tight, slot_guard_end(4), VT_RUNNER_PRIO - 1);
    vos_sleep(vos_ms(1));
    VT_EQ(hook_calls, 1);
    VT_ASSERT(hooked == t);
    VT_EQ(hook_ipsr, 14);                 /* found by the switch (PendSV) */
    VT_EQ(vos_task_state(t), VOS_TASK_FAULTED);
    VT_ASSERT(!survived);
    VT_ASSERT(guard_intact(t));
}

/* A faulted task's control block and stack may be used again. */
static volatile bool reran;

static void plain(void *arg)
{
    (void)arg;
    reran = true;
}

VT_TEST(a_faulted_task_can_be_created_again)
{
    vos_task_t *t = vt_task(1);
    VT_EQ(vos_task_state(t), VOS_TASK_FAULTED);
    reran = false;
    vt_spawn(1, "again", plain, NULL, VT_RUNNER_PRIO - 1);
    vt_join(2, 100);
    VT_ASSERT(reran);
}

/* The guard is the running task's only: a privileged task may still read
 * and write another task's stack above its guard (the kernel copies into
 * waiting tasks' buffers), but not that task's guard. */
VT_TEST(guard_bytes_stay_the_pattern_across_switches)
{
    for (int i = 0; i < VT_TASK_SLOTS; i++) {
        vos_task_t *t = vt_task(i);
        if (t->tag == VOS_TAG_TASK)
            VT_ASSERT(guard_intact(t));
    }
    VT_EQ((uintptr_t)vt_task(0)->stack_base % VOS_CFG_STACK_GUARD, 0);
}
