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
 */
#include "vaios/vaios.h"
#include "board.h"

extern uint32_t _sdata[];   /* first word of RAM (linker script) */

static vos_task_t task;
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
