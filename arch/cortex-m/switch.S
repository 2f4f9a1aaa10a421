/* SPDX-License-Identifier: MIT */
/*
 * Cortex-M4F context switch (PendSV) and first-task start (SVC).
 *
 * PendSV runs at the lowest priority, so it only ever interrupts thread
 * code. It saves the outgoing task's callee-saved registers (and, when the
 * task has an FP context, s16-s31; the hardware stacked s0-s15 lazily),
 * checks the outgoing task's stack guard (with VOS_CFG_MPU: that the save
 * stays above it, and loads the incoming task's guard region), then runs the head of the
 * highest non-empty ready level. It does not mask interrupts. A handler
 * that runs between the read of the ready map and the read of a list head
 * can only have added a task, rotated a level, or (a mutex waiter timing
 * out) moved a task to another level, which may leave the level read
 * empty: then the pick is simply made again. Whatever the handler changed
 * made it pend PendSV, so a stale pick is corrected at once.
 *
 * Structure offsets and the guard pattern come from arch/port_offsets.h,
 * which the kernel checks against its structures at compile time: the
 * task's sp and guard (the address of its topmost guard word, never 0),
 * and the scheduler block vos__s (kernel/kernel.h): ready[], cur,
 * ready_map, preempt. While preempt is 0 (the scheduler is locked) the outgoing
 * task, which is then always READY, is resumed: the pick waits for the
 * outermost unlock. A task stopped for a stack overflow is never resumed,
 * lock or not (the fault path clears the lock).
 * The local exclusive monitor needs no CLREX here: Armv7-M clears it on
 * every exception entry and return, which is what makes the kernel's
 * LDREX/STREX fast paths safe against a switch in their middle.
 */
#include "port_offsets.h"

    .syntax unified
    .thumb

    .equ VTOR, 0xE000ED08

    .section .text.PendSV_Handler, "ax", %progbits
    .global PendSV_Handler
    .type PendSV_Handler, %function
    .thumb_func
PendSV_Handler:
#if VOS_CFG_MPU
    /* The guard is the running task's MPU region (arch/cortex-m/mpu.c):
     * the task itself can never write it, and neither may this save, which
     * would fault here. So the save is checked first: the lowest word it
     * writes must lie above the topmost guard word, or the task is
     * stopped without its context (it never runs again). */
    mrs     r0, psp                 /* r0 = outgoing task's stack */
    ldr     r1, =vos__s             /* r1 = scheduler block */
    ldr     r2, [r1, #VOS__SCHED_CUR]    /* r2 = outgoing task */
    ldr     r3, [r2, #VOS__TASK_GUARD] /* r3 = &topmost guard word */
    sub     r12, r0, #36            /* lowest word of r4-r11, lr */
    tst     lr, #0x10               /* EXC_RETURN bit 4 clear: FP frame */
    it      eq
    subeq   r12, r12, #64           /* and of s16-s31 */
    cmp     r12, r3
    bls     .Lfault                 /* the save would reach the guard */
    tst     lr, #0x10
    it      eq
    vstmdbeq r0!, {s16-s31}         /* save the FP callee-saved half */
    stmdb   r0!, {r4-r11, lr}       /* save core callee-saved + EXC_RETURN */
    str     r0, [r2, #VOS__TASK_SP] /* outgoing->sp */
#else
    mrs     r0, psp                 /* r0 = outgoing task's stack */
    tst     lr, #0x10               /* EXC_RETURN bit 4 clear: FP frame */
    it      eq
    vstmdbeq r0!, {s16-s31}         /* save the FP callee-saved half */
    stmdb   r0!, {r4-r11, lr}       /* save core callee-saved + EXC_RETURN */
    ldr     r1, =vos__s             /* r1 = scheduler block */
    ldr     r2, [r1, #VOS__SCHED_CUR]    /* r2 = outgoing task */
    str     r0, [r2, #VOS__TASK_SP] /* outgoing->sp */
    ldr     r3, [r2, #VOS__TASK_GUARD] /* r3 = &topmost guard word */
    ldr     r3, [r3]
    cmp     r3, #VOS__GUARD_WORD         /* overwritten: the stack overflowed */
    bne     .Lfault
#endif
    ldr     r3, [r1, #VOS__SCHED_PREEMPT]
    cbz     r3, .Lresume            /* scheduler locked: keep the outgoing task */
    /* The pick: the same selection as vos__pick_inline() (kernel/kernel.h),
     * highest set bit of the ready map, head of that level. It stays here
     * rather than a call to vos__pick() because a call would add four
     * instructions to every switch. */
1:  ldr     r3, [r1, #VOS__SCHED_MAP]
    clz     r3, r3
    rsb     r3, r3, #(31 + VOS__SCHED_READY / 4)   /* index of ready[highest] */
    ldr     r2, [r1, r3, lsl #2]    /* r2 = incoming task: head of that level */
    cbz     r2, .Lrepick                /* emptied meanwhile by a handler */
#if VOS_CFG_TRACE
    push    {r1, r2}                /* keep block and incoming across the call */
    ldr     r0, [r1, #VOS__SCHED_CUR]    /* from = outgoing */
    mov     r1, r2                  /* to = incoming */
    bl      vos__trace_switch       /* record the switch with its reason */
    pop     {r1, r2}
#endif
    str     r2, [r1, #VOS__SCHED_CUR]    /* vos__cur = incoming */
.Lresume:
#if VOS_CFG_MPU
    /* The incoming task's guard becomes the guard region: one RBAR write
     * (VALID selects the region; its RASR, the same for every task, was
     * set once by arch_mpu_start). The DSB completes it before the first
     * access of the task; the exception return synchronises the rest. */
    ldr     r3, [r2, #VOS__TASK_GUARD]
    subw    r3, r3, #(VOS_CFG_STACK_GUARD - 4 - (VOS__MPU_RBAR_VALID | VOS__MPU_GUARD_REGION))
    ldr     r12, =VOS__MPU_RBAR
    str     r3, [r12]               /* base = guard's lowest byte */
    dsb
#endif
    ldr     r0, [r2, #VOS__TASK_SP] /* incoming->sp */
    ldmia   r0!, {r4-r11, lr}       /* restore core callee-saved + EXC_RETURN */
    tst     lr, #0x10
    it      eq
    vldmiaeq r0!, {s16-s31}         /* restore the FP half if it had one */
    msr     psp, r0
    bx      lr                      /* hardware unstacks the rest */

.Lrepick:
    b       1b                      /* pick again */

.Lfault:
    mov     r0, r2
    bl      vos__stack_fault        /* stop the task; it never runs again */
    ldr     r1, =vos__s
    b       1b

    .size PendSV_Handler, .-PendSV_Handler

/* arch_start_first: reset MSP to its initial value (main's stack is not
 * needed again), enable interrupts and SVC into the first task. */
    .section .text.arch_start_first, "ax", %progbits
    .global arch_start_first
    .type arch_start_first, %function
    .thumb_func
arch_start_first:
    ldr     r0, =VTOR
    ldr     r0, [r0]
    ldr     r0, [r0]                /* initial MSP from the vector table */
    msr     msp, r0
    mov     r0, #0
    msr     control, r0             /* privileged, MSP, no FP context */
    isb
    msr     basepri, r0             /* kernel interrupts unmasked */
    cpsie   i
    cpsie   f
    svc     #0
    b       .                       /* not reached */
    .size arch_start_first, .-arch_start_first

/* SVC #0 from arch_start_first: return into vos__cur's initial frame. */
    .section .text.SVC_Handler, "ax", %progbits
    .global SVC_Handler
    .type SVC_Handler, %function
    .thumb_func
SVC_Handler:
    ldr     r1, =vos__s
    ldr     r2, [r1, #VOS__SCHED_CUR]
    ldr     r0, [r2, #VOS__TASK_SP] /* first task's sp */
    ldmia   r0!, {r4-r11, lr}       /* lr = EXC_RETURN_THREAD_PSP */
    msr     psp, r0
    bx      lr
    .size SVC_Handler, .-SVC_Handler
    .end
