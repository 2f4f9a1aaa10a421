/* SPDX-License-Identifier: MIT */
/*
 * Armv8-M mainline (Cortex-M33) only: the stack-limit registers and what
 * happens when a stack reaches its limit.
 *
 * Every task's process stack runs under PSPLIM = stack_base +
 * VOS_CFG_STACK_GUARD, the top of its guard, which the switch loads for
 * the incoming task (switch.S); the main stack runs under MSPLIM =
 * _smain_stack, set at reset (boards/common/startup.c). An instruction
 * that would move the stack pointer below its limit (a push, the
 * allocation of a frame however large, an exception's stacking) does not
 * execute: it raises a UsageFault with UFSR.STKOF, before anything below
 * the limit is written, at no instruction cost to the code that does not
 * overflow.
 *
 * The fault (UsageFault_Handler, enabled at the highest configurable
 * priority, 0, its reset value, so never escalated while a kernel-level
 * interrupt runs):
 *   - from a task (thread mode, process stack) holding no kernel lock:
 *     the task is stopped exactly as the switch stops a task whose guard
 *     it finds broken (vos__stack_fault: its wait and mutexes released,
 *     vos_hook_stack_overflow(t) called with t->sp where its stack pointer
 *     got to, at or above the limit), and the next task runs; its
 *     exception frame is never used again;
 *   - from an interrupt handler or main (the main stack), or a task that
 *     holds the kernel lock (whose kernel structures may be half changed):
 *     the system halts through arch_halt with the reason;
 * Any other usage fault takes the board's hard-fault report
 * (HardFault_Handler), as on Armv7-M, where it escalates to a hard fault;
 * with VOS_CFG_MPU the MPU's fault path instead (MemManage_Handler,
 * mpu.c), which stops a task that faulted and reports it.
 */
#include "port_api.h"

#if defined(__ARM_ARCH_8M_MAIN__)

#if VOS_CFG_MPU
/* A usage fault other than STKOF is the MPU's fault path's (mpu.c), which
 * stops a task's fault and reports it, as on Armv7-M. */
#define OTHER_USAGE_FAULT "MemManage_Handler"
#else
#define OTHER_USAGE_FAULT "HardFault_Handler"
#endif

#include "port_private.h"

#define CFSR_STKOF           (1u << 20)   /* UFSR.STKOF: a stack-limit violation */

void arch_stklim_start(void);
uint32_t arch_stklim_task_fault(void);
void arch_stklim_fatal(uint32_t exc_return) __attribute__((noreturn));
void UsageFault_Handler(void);
void HardFault_Handler(void);

/* From arch_start, before the first task runs: usage faults (STKOF among
 * them) to their own handler rather than a hard fault. */
void arch_stklim_start(void)
{
    SCB_SHCSR |= SHCSR_USGFAULTENA;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
}

/* STKOF from the running task, no kernel lock held (UsageFault_Handler).
 * Stops it and requests the switch (taken when this handler returns,
 * before anything is unstacked); returns the process stack pointer to
 * return with: near the top of the task's own stack, where the switch
 * saves the dead context harmlessly (the one the fault left is at the
 * limit, where that save would reach the guard and be reported a second
 * time). A pending lazy FP save of the abandoned frame is dropped, and the
 * exceptions the task raised itself and that are still pending (the one
 * whose stacking overflowed) are cleared: they belong to the stopped task,
 * which never runs again. */
uint32_t arch_stklim_task_fault(void)
{
    vos_task_t *t = vos__cur;
    uint32_t psp;
    __asm__ volatile("mrs %0, psp" : "=r"(psp));
    SCB_CFSR = CFSR_STKOF;                 /* write one to clear */
    uint32_t dead = arch_fault_abandon(t);
    t->sp = (void *)(uintptr_t)psp;        /* the report: where it got to */
    vos__stack_fault(t);
    arch_switch();
    return dead;
}

/* STKOF on the main stack or under the kernel lock: halt. Runs on a fresh
 * main stack (UsageFault_Handler reset it: the one the fault left is at
 * its limit). */
void arch_stklim_fatal(uint32_t exc_return)
{
    if ((exc_return & 4u) == 0)
        arch_halt("interrupt stack overflow (MSPLIM)");
    arch_halt("task stack overflow under the kernel lock (PSPLIM)");
}

/* EXC_RETURN bit 2 set: the fault interrupted thread code on the process
 * stack, a task. With BASEPRI clear it held no kernel lock (a task can
 * hold it only by masking through arch_lock, which sets BASEPRI), so the
 * kernel's structures are whole and the task alone can be stopped. A
 * usage fault other than STKOF goes to the board's hard-fault report with
 * the same LR and stacks. */
__attribute__((naked)) void UsageFault_Handler(void)
{
    __asm__ volatile(
        "ldr   r0, =0xE000ED28        \n\t"   /* SCB_CFSR */
        "ldr   r0, [r0]               \n\t"
        "tst   r0, #0x100000          \n\t"   /* UFSR.STKOF */
        "beq   2f                     \n\t"   /* another usage fault: the report */
        "tst   lr, #4                 \n\t"   /* EXC_RETURN.SPSEL: a task's stack */
        "beq   1f                     \n\t"
        "mrs   r0, basepri            \n\t"
        "cbnz  r0, 1f                 \n\t"   /* the kernel lock is held */
        "push  {r4, lr}               \n\t"   /* r4: keeps the main stack 8-aligned */
        "bl    arch_stklim_task_fault \n\t"
        "msr   psp, r0                \n\t"   /* the dead context's place */
        "pop   {r4, pc}               \n\t"   /* exception return: to the switch */
        "1:                           \n\t"
        "ldr   r0, =0xE000ED08        \n\t"   /* VTOR */
        "ldr   r0, [r0]               \n\t"
        "ldr   r0, [r0]               \n\t"   /* the initial main stack pointer */
        "msr   msp, r0                \n\t"   /* a fresh main stack, above MSPLIM */
        "mov   r0, lr                 \n\t"   /* which stack overflowed */
        "b     arch_stklim_fatal      \n\t"
        "2:                           \n\t"
        "b     " OTHER_USAGE_FAULT "  \n\t"   /* the report, LR intact */
        ".ltorg                       \n\t");
}

#else
typedef int vos__no_stklim;   /* an empty translation unit is not ISO C */
#endif /* __ARM_ARCH_8M_MAIN__ */
