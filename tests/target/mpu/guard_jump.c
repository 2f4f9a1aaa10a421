/* SPDX-License-Identifier: MIT */
/*
 * Issue 28 item 3 with VOS_CFG_MPU, for tools/mpu_run.py: a task with a
 * 512-byte stack calls a function with a 200-byte local array while its
 * stack pointer is 32 bytes above its guard, and writes the array from
 * its lowest byte up. Built only in a tree whose guard is larger than
 * any frame it accepts (VAIOS_MPU_GUARD=256, with
 * -Werror=frame-larger-than=256: frame_refused.c shows the refusal), so
 * the array's first store lands in the guard, never below it: the
 * MemManage handler stops the task before anything is written outside its
 * usable stack, and the board's default hook prints one line naming the
 * task and its stack pointer where the fault left it (in the guard). A
 * second task goes on and checks that the memory under the stack (the
 * neighbour) is untouched, then exits 0.
 */
#include <string.h>
#include "vaios/vaios.h"
#include "board.h"

_Static_assert(VOS_CFG_MPU == 1, "an image of the MPU build");
_Static_assert(VOS_CFG_STACK_GUARD >= 256 && VOS_CFG_STACK_GUARD < 512,
               "a 512-byte stack whose guard is larger than the 200-byte frame");

#define JUMP_STACK 512
#define ARRAY      200
#define FILL       0xA5u

static struct {
    uint8_t neighbour[512];            /* what a frame jumping the guard writes */
    uint8_t stack[JUMP_STACK];
} area __attribute__((aligned(VOS_STACK_ALIGN)));
static vos_task_t jumper_task, watcher_task;
static uint64_t watcher_stack[(1024 + VOS_CFG_STACK_GUARD) / 8]
    __attribute__((aligned(VOS_STACK_ALIGN)));
static volatile bool survived;

static __attribute__((noinline)) void big_frame(void)
{
    volatile uint8_t buf[ARRAY];
    for (int i = 0; i < ARRAY; i++)    /* volatile stores, lowest first */
        buf[i] = FILL;
    (void)buf[0];
}

/* The stack used down to 32 bytes above the guard (the pad is a frame of
 * this test's own, never written). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wvla-larger-than="
static __attribute__((noinline)) void descend(vos_task_t *self)
{
    uint8_t *frame = __builtin_frame_address(0);
    size_t n = (size_t)(frame - (self->stack_base + VOS_CFG_STACK_GUARD + 32));
    volatile uint8_t pad[n];
    __asm__ volatile("" :: "r"(pad) : "memory");
    big_frame();
}
#pragma GCC diagnostic pop

static void jumper(void *arg)
{
    (void)arg;
    descend(vos_self());
    survived = true;                   /* never reached: the task is stopped */
}

static void watch(void *arg)
{
    (void)arg;
    unsigned rounds = 0;
    for (int i = 0; i < 10; i++) {     /* the system goes on after the fault */
        vos_sleep(vos_ms(2));
        rounds++;
    }
    unsigned written = 0;
    for (unsigned i = 0; i < sizeof area.neighbour; i++)
        written += area.neighbour[i] != 0;
    bool stopped = vos_task_state(&jumper_task) == VOS_TASK_FAULTED &&
                   vos_stack_overflow_task() == &jumper_task;
    board_printf("guard_jump: guard 0x%08x..0x%08x\n", (unsigned)(uintptr_t)area.stack,
                 (unsigned)((uintptr_t)area.stack + VOS_CFG_STACK_GUARD));
    board_printf("guard_jump: jumper %s, neighbour bytes written %u, watcher rounds %u%s\n",
                 stopped ? "stopped" : "running", written, rounds,
                 survived ? ", survived" : "");
    board_exit(stopped && written == 0 && rounds == 10 && !survived ? 0 : 1);
}

int main(void)
{
    if (vos_task_create(&jumper_task, "jumper", jumper, NULL, 2, area.stack,
                        sizeof area.stack) != VOS_OK ||
        vos_task_create(&watcher_task, "watcher", watch, NULL, 1, watcher_stack,
                        sizeof watcher_stack) != VOS_OK)
        return 2;
    vos_start();
    return 3;
}
