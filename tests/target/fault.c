/* SPDX-License-Identifier: MIT */
/*
 * Images that end in a hard fault on purpose, for tools/test_fault.py: the
 * board's fault report must come out whole.
 *
 *   FAULT_PLAIN      a task executes an undefined instruction on a good
 *                    stack: the report names its pc (fault_insn).
 *   FAULT_EXHAUSTED  a task's stack pointer reaches the bottom of RAM, as
 *                    when the lowest stack in memory runs out: its next
 *                    push faults, the processor cannot stack the exception
 *                    frame either (below RAM there is no memory), and the
 *                    report must still print every field.
 *   FAULT_STACK_JUMP a task with a 512-byte stack writes a 200-byte local
 *                    array below its guard (a frame larger than the guard
 *                    jumps it): the kernel stops it at its next switch and
 *                    the board's default hook prints one line naming the
 *                    task and where its stack pointer got to; the system
 *                    goes on (a second task reports and exits 0).
 */
#include "vaios/vaios.h"
#include "board.h"

extern uint32_t _sdata[];   /* first word of RAM (linker script) */

static vos_task_t task;

#if defined(FAULT_STACK_JUMP)
static struct {
    uint8_t below[512];                /* what the overflow writes into */
    uint8_t stack[512];
} area __attribute__((aligned(64)));
static vos_task_t watcher;
static uint64_t watcher_stack[1024 / 8];

static __attribute__((noinline)) void big_frame(void)
{
    volatile uint8_t buf[200];
    for (int i = 0; i < 200; i++)
        buf[i] = 0xA5;
    vos_sleep(vos_ms(1));              /* the switch finds it */
    (void)buf[0];
}

/* A deliberate overflow: exempt from the MPU build's refusal of frames
 * larger than the guard (CMakeLists.txt, VAIOS_MPU). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wframe-larger-than="
#pragma GCC diagnostic ignored "-Wvla-larger-than="
static __attribute__((noinline)) void descend(vos_task_t *self)
{
    uint8_t *frame = __builtin_frame_address(0);
    size_t n = (size_t)(frame - (self->stack_base + 8));
    volatile uint8_t pad[n];
    __asm__ volatile("" :: "r"(pad) : "memory");
    big_frame();
}
#pragma GCC diagnostic pop

static void jumper(void *arg)
{
    (void)arg;
    board_printf("fault: %s\n", FAULT_KIND);
    descend(vos_self());
    board_printf("fault: survived\n");
    board_exit(0);
}

static void watch(void *arg)
{
    (void)arg;
    vos_sleep(vos_ms(20));
    board_printf("fault: jumper %s\n",
                 vos_task_state(&task) == VOS_TASK_FAULTED ? "stopped" : "running");
    board_exit(vos_task_state(&task) == VOS_TASK_FAULTED ? 0 : 1);
}

int main(void)
{
    if (vos_task_create(&task, "jumper", jumper, NULL, 2, area.stack, sizeof area.stack) !=
            VOS_OK ||
        vos_task_create(&watcher, "watcher", watch, NULL, 1, watcher_stack,
                        sizeof watcher_stack) != VOS_OK)
        return 2;
    vos_start();
    return 3;
}
#else
static uint64_t stack[1024 / 8];

static void victim(void *arg)
{
    (void)arg;
    board_printf("fault: %s\n", FAULT_KIND);
#if defined(FAULT_EXHAUSTED)
    __asm__ volatile("mov  sp, %0   \n\t"
                     "push {r0-r3}  \n\t"
                     :: "r"(_sdata) : "memory");
#else
    __asm__ volatile(".global fault_insn \n"
                     "fault_insn:        \n\t"
                     "udf  #0            \n\t" ::: "memory");
#endif
    board_printf("fault: survived\n");
    board_exit(0);
}

int main(void)
{
    if (vos_task_create(&task, "victim", victim, NULL, 1, stack, sizeof stack) != VOS_OK)
        return 2;
    vos_start();
    return 3;
}
#endif
