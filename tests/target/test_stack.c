/* SPDX-License-Identifier: MIT */
/*
 * Stack overflow: a task that runs into its stack guard is caught at its
 * next switch, reported by name and stopped; the rest of the system goes
 * on.
 */
#include <string.h>
#include "vtest.h"
#include "port_offsets.h"   /* VOS__GUARD_WORD, the guard's pattern */

static vos_task_t *hooked;
static volatile int hook_calls;
static volatile uint32_t hook_exception;   /* the exception that reported it */
static void *volatile hook_sp;             /* the stopped task's sp, as reported */

void vos_hook_stack_overflow(vos_task_t *t)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    hook_exception = ipsr & 0x1FFu;
    hook_sp = t->sp;
    hooked = t;
    hook_calls++;
}

/* A deliberate overflow: exempt from the MPU build's refusal of frames
 * larger than the guard (CMakeLists.txt, VAIOS_MPU). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wframe-larger-than="
#pragma GCC diagnostic ignored "-Wvla-larger-than="
/* Use the stack down to 16 bytes into the guard, then switch. */
static __attribute__((noinline)) void dig(vos_task_t *self)
{
    uint8_t *frame = __builtin_frame_address(0);
    uint8_t *guard_end = self->stack_base + VOS_CFG_STACK_GUARD;
    size_t n = (size_t)(frame - guard_end) + 16;
    volatile uint8_t big[n];
    for (size_t i = 0; i < n; i++)    /* volatile stores: none can be elided */
        big[i] = 0x5A;
    (void)big[0];
    vos_yield();
    vos_sleep(vos_ms(1));      /* a switch happens here at the latest */
}
#pragma GCC diagnostic pop

static volatile bool survived;

static void overflower(void *arg)
{
    (void)arg;
    dig(vos_self());
    survived = true;           /* never reached: the task is stopped */
}

static volatile unsigned neighbour_rounds;

static void neighbour(void *arg)
{
    (void)arg;
    for (int i = 0; i < 20; i++) {
        neighbour_rounds++;
        vos_sleep(vos_us(200));
    }
}

VT_TEST(overflow_is_caught_and_named)
{
    hooked = NULL;
    hook_calls = 0;
    survived = false;
    vos_task_t *n = vt_spawn(3, "neighbour", neighbour, NULL, VT_RUNNER_PRIO - 1);
    vos_task_t *t = vt_spawn(5, "overflow", overflower, NULL, VT_RUNNER_PRIO - 2);
    vos_sleep(vos_ms(10));
    VT_EQ(hook_calls, 1);
    VT_ASSERT(hooked == t);
    VT_ASSERT(vos_stack_overflow_task() == t);
    VT_ASSERT(hooked != NULL && strcmp(hooked->name, "overflow") == 0);
    VT_EQ(vos_task_state(t), VOS_TASK_FAULTED);
    VT_ASSERT(!survived);
    vt_join(4, 100);
    VT_EQ(neighbour_rounds, 20);
    VT_EQ(vos_task_state(n), VOS_TASK_EXITED);
    vt_note("stopped task: %s\n", hooked ? hooked->name : "-");
}

VT_TEST(high_water_mark)
{
    size_t unused = 0;
    VT_EQ(vos_task_stack_unused(NULL, &unused), VOS_OK);
    VT_ASSERT(unused > 0);
    VT_ASSERT(unused < 2048);
    VT_EQ(vos_task_stack_unused((vos_task_t *)&hook_calls, &unused), VOS_ERR_INVALID);
    VT_EQ(vos_task_stack_unused(NULL, NULL), VOS_ERR_ARG);
}

/* board_printf's stack need (BOARD_PRINTF_STACK, board.h) holds for a line
 * longer than its buffer with every conversion: the high-water mark of a
 * task that prints one, less that of the same task that does not, stays
 * within it. */
static volatile size_t printf_unused[2];

static void printer(void *arg)
{
    int printing = (int)(intptr_t)arg;
    if (printing)
        board_printf("printf stack: %s %d %i %u %x %X %lld %llu %p %c %-12s|%8s|%08x|%-6d|%%\n",
                     "a string that makes the line longer than the console buffer of the board",
                     -123456, 42, 4000000000u, 0xdeadbeefu, 0xCAFEu, -9000000000000000000ll,
                     18000000000000000000ull, (void *)&printf_unused, 'z', "left", "right",
                     0x1234u, -5);
    size_t unused = 0;
    if (vos_task_stack_unused(NULL, &unused) == VOS_OK)
        printf_unused[printing] = unused;
}

VT_TEST(printf_stays_within_its_documented_stack)
{
    for (int printing = 0; printing <= 1; printing++) {
        printf_unused[printing] = 0;
        vt_spawn(6, printing ? "printer" : "quiet", printer, (void *)(intptr_t)printing,
                 VT_RUNNER_PRIO - 1);
        vt_join(7, 100);
        VT_ASSERT(printf_unused[printing] > 0);
    }
    long used = (long)printf_unused[0] - (long)printf_unused[1];
    vt_note("board_printf used %ld bytes of stack (BOARD_PRINTF_STACK %d)\n", used,
            BOARD_PRINTF_STACK);
    VT_ASSERT(used > 0);
    VT_LE(used, BOARD_PRINTF_STACK);
}

/* A frame larger than the guard: a task with a 512-byte stack calls a
 * function with a 200-byte local array, with its stack pointer already
 * next to the guard, and writes the array whole. The array lies below the
 * guard, in the memory under the stack (here a neighbour area of this
 * test's own), and leaves the guard's words intact, so the guard-word test
 * alone missed it (before the fix the task ran on and returned). The
 * switch now sees the saved stack pointer at or below the guard: the task
 * is stopped through the fault path, and the report names it and where
 * its stack pointer got to. */
#define JUMP_STACK 512
static struct {
    uint8_t neighbour[512];
    uint8_t stack[JUMP_STACK];
} jump_area __attribute__((aligned(64)));
static vos_task_t jump_task;
static volatile bool jump_returned;

static __attribute__((noinline)) void big_frame(void)
{
    volatile uint8_t buf[200];
    for (int i = 0; i < 200; i++)       /* volatile stores: none elided */
        buf[i] = 0xA5;
    vos_sleep(vos_ms(1));              /* a switch with the frame live */
    (void)buf[0];
}

/* A deliberate overflow: exempt from the MPU build's refusal of frames
 * larger than the guard (CMakeLists.txt, VAIOS_MPU). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wframe-larger-than="
#pragma GCC diagnostic ignored "-Wvla-larger-than="
/* Armv8-M: down to 8 bytes above the stack limit (the guard's top, which
 * PSPLIM holds): the descent itself stays within the stack, and the
 * 200-byte frame is the one that crosses the limit. Armv7-M: down to 8
 * bytes above the base, into the guard, which nothing checks until the
 * switch. */
#if defined(__ARM_ARCH_8M_MAIN__)
#define DESCEND_TO (VOS_CFG_STACK_GUARD + 8)
#else
#define DESCEND_TO 8
#endif
static __attribute__((noinline)) void descend(vos_task_t *self)
{
    uint8_t *frame = __builtin_frame_address(0);
    size_t n = (size_t)(frame - (self->stack_base + DESCEND_TO));
    volatile uint8_t pad[n];
    __asm__ volatile("" :: "r"(pad) : "memory");
    big_frame();
}
#pragma GCC diagnostic pop

static void jumper(void *arg)
{
    (void)arg;
    descend(vos_self());
    jump_returned = true;              /* never reached: the task is stopped */
}

static bool neighbour_written(void)
{
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof jump_area.neighbour; i++)
        n += jump_area.neighbour[i] == 0xA5;
    return n >= 100;
}

#if !defined(__ARM_ARCH_8M_MAIN__)
VT_TEST(frame_larger_than_the_guard_is_caught)
{
    hooked = NULL;
    hook_calls = 0;
    jump_returned = false;
    memset(&jump_area, 0, sizeof jump_area);
    VT_EQ(vos_task_create(&jump_task, "jumper", jumper, NULL, VT_RUNNER_PRIO - 1,
                          jump_area.stack, sizeof jump_area.stack), VOS_OK);
    vos_sleep(vos_ms(5));
    void *jump_sp_seen = jump_task.sp;
    VT_EQ(hook_calls, 1);
    VT_ASSERT(hooked == &jump_task);
    VT_ASSERT(vos_stack_overflow_task() == &jump_task);
    VT_EQ(vos_task_state(&jump_task), VOS_TASK_FAULTED);
    VT_ASSERT(!jump_returned);
    VT_ASSERT(neighbour_written());    /* the frame did jump the guard */
    /* The reported stack pointer is below the guard's top: where the
     * task's stack got to, not where it started. */
    VT_ASSERT((uint8_t *)jump_sp_seen < jump_task.stack_base + VOS_CFG_STACK_GUARD);
    vt_note("stopped %s, sp %p, stack %p\n", hooked ? hooked->name : "-", jump_sp_seen,
            (void *)jump_task.stack_base);
}
#else
/* Armv8-M (issue 32): the same task, its stack pointer 8 bytes above its
 * stack limit, calls the function with the 200-byte frame. The frame's
 * allocation crosses PSPLIM: the stack-limit check faults at that very
 * instruction (UsageFault STKOF, arch/cortex-m/stklim.c), before any byte
 * below the limit is written, and the fault path stops the task and
 * reports it as the switch does on Armv7-M. So: the report comes from the
 * UsageFault handler (exception 6), not from the switch (PendSV, 14); the
 * task is FAULTED and never returns; the guard's words and the memory
 * under the stack are untouched; the reported stack pointer is at or above
 * the limit; and the system goes on (this runner runs, and a second
 * overflower is caught the same way). Without the port's PSPLIM the frame
 * is written into the memory below (the Armv7-M test above) and the
 * report, if any, comes from PendSV. */
static bool guard_intact(void)
{
    const uint32_t *g = (const uint32_t *)(void *)jump_area.stack;
    for (unsigned i = 0; i < VOS_CFG_STACK_GUARD / 4; i++)
        if (g[i] != VOS__GUARD_WORD)
            return false;
    return true;
}

VT_TEST(stack_limit_stops_a_200_byte_frame)
{
    for (int round = 0; round < 2; round++) {
        hooked = NULL;
        hook_calls = 0;
        hook_exception = 0;
        jump_returned = false;
        memset(&jump_area, 0, sizeof jump_area);
        VT_EQ(vos_task_create(&jump_task, "jumper", jumper, NULL, VT_RUNNER_PRIO - 1,
                              jump_area.stack, sizeof jump_area.stack), VOS_OK);
        vos_sleep(vos_ms(5));
        uint8_t *limit = jump_task.stack_base + VOS_CFG_STACK_GUARD;
        VT_EQ(hook_calls, 1);
        VT_ASSERT(hooked == &jump_task);
        VT_EQ(hook_exception, 6);          /* UsageFault: the stack-limit check */
        VT_ASSERT(vos_stack_overflow_task() == &jump_task);
        VT_EQ(vos_task_state(&jump_task), VOS_TASK_FAULTED);
        VT_ASSERT(!jump_returned);
        VT_ASSERT(!neighbour_written());   /* nothing below the stack written */
        VT_ASSERT(guard_intact());         /* nor the guard */
        /* Where its stack pointer got to: the limit, or the 8 bytes above
         * it where the frame's allocation started. */
        VT_ASSERT((uint8_t *)hook_sp >= limit && (uint8_t *)hook_sp <= limit + 8);
        vt_note("stopped %s in exception %u, sp %p, limit %p\n", hooked ? hooked->name : "-",
                (unsigned)hook_exception, hook_sp, (void *)limit);
    }
}
/* Armv8-M: an interrupt whose exception frame does not fit above the
 * limit. The task brings its stack pointer to 16 bytes above its limit
 * and spins there without touching the stack; the next interrupt (the
 * kernel's own alarm, which wakes this runner) needs 32 bytes for its
 * frame: the stacking faults (STKOF) instead of writing below the limit,
 * the task is stopped and reported from the UsageFault, and the interrupt,
 * still pending, is then taken on the main stack as usual: this runner is
 * woken on time to check it. */
static volatile bool spin_release;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wframe-larger-than="
#pragma GCC diagnostic ignored "-Wvla-larger-than="
static __attribute__((noinline)) void perch(vos_task_t *self)
{
    uint8_t *frame = __builtin_frame_address(0);
    size_t n = (size_t)(frame - (self->stack_base + VOS_CFG_STACK_GUARD + 16));
    volatile uint8_t pad[n];
    __asm__ volatile("" :: "r"(pad) : "memory");
    while (!spin_release) {   /* a load and a branch: no stack */
    }
}
#pragma GCC diagnostic pop

static void percher(void *arg)
{
    (void)arg;
    perch(vos_self());
    jump_returned = true;              /* never reached: the task is stopped */
}

VT_TEST(stack_limit_stops_an_interrupt_frame)
{
    hooked = NULL;
    hook_calls = 0;
    hook_exception = 0;
    jump_returned = false;
    spin_release = false;
    memset(&jump_area, 0, sizeof jump_area);
    VT_EQ(vos_task_create(&jump_task, "percher", percher, NULL, VT_RUNNER_PRIO - 1,
                          jump_area.stack, sizeof jump_area.stack), VOS_OK);
    vos_time_t t0 = vos_now();
    vos_sleep(vos_ms(2));
    vos_time_t late = vos_now() - t0 - vos_dur_cycles(vos_ms(2));
    spin_release = true;               /* a task that was not stopped ends */
    uint8_t *limit = jump_task.stack_base + VOS_CFG_STACK_GUARD;
    VT_EQ(hook_calls, 1);
    VT_ASSERT(hooked == &jump_task);
    VT_EQ(hook_exception, 6);          /* UsageFault: the frame's stacking */
    VT_EQ(vos_task_state(&jump_task), VOS_TASK_FAULTED);
    VT_ASSERT(!jump_returned);
    VT_ASSERT(!neighbour_written());
    VT_ASSERT(guard_intact());
    VT_ASSERT((uint8_t *)hook_sp >= limit && (uint8_t *)hook_sp <= limit + 16);
    VT_LE(late, vos_dur_cycles(vos_us(100)));   /* the alarm was not lost */
    vt_note("stopped %s in exception %u, sp %p, limit %p, woken %lu counts late\n",
            hooked ? hooked->name : "-", (unsigned)hook_exception, hook_sp, (void *)limit,
            (unsigned long)late);
}
#endif
