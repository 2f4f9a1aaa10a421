/* SPDX-License-Identifier: MIT */
/*
 * Cortex-M4F context switch (PendSV) and first-task start (SVC).
 *
 * PendSV runs at the lowest priority, so it only ever interrupts thread
 * code. It saves the outgoing task's callee-saved registers (and, when the
 * task has an FP context, s16-s31; the hardware stacked s0-s15 lazily),
 * checks the outgoing task's stack guard, then runs the head of the
 * highest non-empty ready level. It does not mask interrupts: handlers
 * only add tasks to ready lists (see kernel/sched.c), so the word reads of
 * the ready map and a list head are consistent, and a handler that makes
 * a different task the pick pends PendSV again.
 *
 * Task control block offsets used here (include/vaios/task.h):
 *   0: sp     4: guard (address of the topmost guard word, or 0)
 */
    .syntax unified
    .thumb

    .equ GUARD_WORD, 0xA5A5A5A5      /* kernel/task.c VOS__GUARD_WORD */
    .equ VTOR, 0xE000ED08

    .section .text.PendSV_Handler, "ax", %progbits
    .global PendSV_Handler
    .type PendSV_Handler, %function
    .thumb_func
PendSV_Handler:
    mrs     r0, psp                 /* r0 = outgoing task's stack */
    tst     lr, #0x10               /* EXC_RETURN bit 4 clear: FP frame */
    it      eq
    vstmdbeq r0!, {s16-s31}         /* save the FP callee-saved half */
    stmdb   r0!, {r4-r11, lr}       /* save core callee-saved + EXC_RETURN */
    ldr     r1, =vos__cur
    ldr     r2, [r1]                /* r2 = outgoing task */
    str     r0, [r2]                /* outgoing->sp */
    ldr     r3, [r2, #4]            /* r3 = &topmost guard word */
    cbz     r3, 1f                  /* no guard configured */
    ldr     r3, [r3]
    cmp     r3, #GUARD_WORD         /* overwritten: the stack overflowed */
    bne     .Lfault
1:  ldr     r3, =vos__ready_map
    ldr     r3, [r3]
    clz     r3, r3
    rsb     r3, r3, #31             /* r3 = highest ready priority */
    ldr     r0, =vos__ready
    ldr     r2, [r0, r3, lsl #2]    /* r2 = incoming task: head of that level */
    str     r2, [r1]                /* vos__cur = incoming */
    ldr     r0, [r2]                /* incoming->sp */
    ldmia   r0!, {r4-r11, lr}       /* restore core callee-saved + EXC_RETURN */
    tst     lr, #0x10
    it      eq
    vldmiaeq r0!, {s16-s31}         /* restore the FP half if it had one */
    msr     psp, r0
    bx      lr                      /* hardware unstacks the rest */

.Lfault:
    mov     r0, r2
    bl      vos__stack_fault        /* stop the task; it never runs again */
    ldr     r1, =vos__cur
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
    ldr     r1, =vos__cur
    ldr     r2, [r1]
    ldr     r0, [r2]                /* first task's sp */
    ldmia   r0!, {r4-r11, lr}       /* lr = EXC_RETURN_THREAD_PSP */
    msr     psp, r0
    bx      lr
    .size SVC_Handler, .-SVC_Handler
    .end
