/* SPDX-License-Identifier: MIT */
/*
 * Cortex-M4F context switch (PendSV) and first-task start (SVC).
 *
 * PendSV runs at the lowest priority, so it only ever interrupts thread
 * code. It saves the outgoing task's callee-saved registers (and, when the
 * task has an FP context, s16-s31; the hardware stacked s0-s15 lazily),
 * checks the outgoing task's stack (that the save stays above its guard,
 * which a frame larger than the guard may have jumped; without
 * VOS_CFG_MPU also that the guard's topmost word is intact; with
 * VOS_CFG_MPU that the exception frame lies below the stack's top, and it
 * loads the incoming task's guard region), then runs the head of the
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
 * and the scheduler block vos__s (kernel/port_api.h): ready[], cur,
 * ready_map, preempt. While preempt is 0 (the scheduler is locked) the outgoing
 * task, which is then always READY, is resumed: the pick waits for the
 * outermost unlock. A task stopped for a stack overflow is never resumed,
 * lock or not (the fault path clears the lock).
 * The local exclusive monitor needs no CLREX here: Armv7-M clears it on
 * every exception entry and return, which is what makes the kernel's
 * LDREX/STREX fast paths safe against a switch in their middle.
 *
 * Armv8-M mainline (Cortex-M33, __ARM_ARCH_8M_MAIN__): the same path (the
 * exception frame, EXC_RETURN for a secure thread on the process stack,
 * lazy FP stacking and the monitor's clearing are as on Armv7-M), plus the
 * stack-limit register: PSPLIM is loaded with the incoming task's limit,
 * the top of its guard (stack_base + VOS_CFG_STACK_GUARD, a multiple of
 * 8), before PSP, on every switch and at the first task's start. While
 * the handler runs, PSP and PSPLIM may disagree (the outgoing task's PSP
 * under the incoming task's limit): harmless, since nothing here or in a
 * handler that preempts this one uses the process stack, and the return
 * to thread mode finds them agreeing. A push or SP update of the task
 * below its limit then faults at that instruction (UsageFault STKOF,
 * arch/cortex-m/stklim.c), before anything below the limit is written.
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
    /* And the exception frame the hardware stacked, its FP area included,
     * must lie below the stack's top: in the task's own stack, which no
     * other task can write while this one waits. (A task of a domain may
     * point its stack pointer into its domain's memory: another task of
     * the domain could then rewrite the saved EXC_RETURN and xPSR, which
     * the return below uses privileged, or the lazy FP save, which the
     * first FP instruction here makes, would fault in this handler.) */
    ldr     r3, [r2, #VOS__TASK_STACK_BASE]
    ldr     r12, [r2, #VOS__TASK_STACK_SIZE]
    add     r3, r3, r12             /* r3 = the stack's top */
    tst     lr, #0x10
    ite     eq
    subeq   r3, r3, #104            /* the highest base of an FP frame */
    subne   r3, r3, #32             /* of a basic frame */
    cmp     r0, r3
    bhi     .Lfault                 /* the frame reaches above the stack */
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
    cmp     r0, r3                  /* the save reached the guard or below: */
    bls     .Lfault                 /* a frame larger than the guard jumped it */
    ldr     r3, [r3]
    cmp     r3, #VOS__GUARD_WORD         /* overwritten: the stack overflowed */
    bne     .Lfault
#endif
    ldr     r3, [r1, #VOS__SCHED_PREEMPT]
    cbz     r3, .Lresume            /* scheduler locked: keep the outgoing task */
    /* The pick: the rule of vos__next() (kernel/port_api.h): preempt 0
     * kept the outgoing task above; else vos__pick_inline(), the highest
     * set bit of the ready map, head of that level, with the index
     * VOS__PICK_INDEX that the kernel checks against it at compile time.
     * It stays here rather than a call to vos__pick() because a call
     * would add four instructions to every switch. */
1:  ldr     r3, [r1, #VOS__SCHED_MAP]
    clz     r3, r3
    rsb     r3, r3, #VOS__PICK_INDEX   /* index of ready[highest] */
    ldr     r2, [r1, r3, lsl #2]    /* r2 = incoming task: head of that level */
    cbz     r2, .Lrepick                /* emptied meanwhile by a handler */
#if VOS_CFG_TRACE
    push    {r1, r2}                /* keep block and incoming across the call */
    ldr     r0, [r1, #VOS__SCHED_CUR]    /* from = outgoing */
    mov     r1, r2                  /* to = incoming */
    bl      vos__trace_switch       /* record the switch with its reason */
    pop     {r1, r2}
#endif
#if VOS_CFG_RUNTIME_STATS
    push    {r1, r2}                /* keep block and incoming across the call */
    ldr     r0, [r1, #VOS__SCHED_CUR]    /* from = outgoing */
    mov     r1, r2                  /* to = incoming */
    bl      vos__stats_switch       /* end from's activation, begin to's */
    pop     {r1, r2}
#endif
    str     r2, [r1, #VOS__SCHED_CUR]    /* vos__cur = incoming */
.Lresume:
#if VOS_CFG_MPU
    /* The incoming task's MPU regions (arch/cortex-m/mpu.c): its domain's
     * regions 0..3 only when the domain is not the one loaded, then its
     * stack (4) and guard (7) regions, all through the base register and
     * its aliases (each RBAR write with VALID selects its region; on
     * PMSAv8, which has no VALID field, a write of RNR selects the first
     * of each run, whose alias n reaches region RNR + n, and the guard is
     * region 5: port_offsets.h); then
     * its privilege (CONTROL.nPRIV, in handler mode: for the return). r4-r11
     * are free: the incoming task's are loaded below. The DSB completes the
     * writes before the task's first access; the exception return
     * synchronises the rest. */
    ldr     r3, [r2, #VOS__TASK_DOMAIN]
    ldr     r12, =arch_mpu_domain
    ldr     r0, [r12]
    cmp     r0, r3
    beq     .Lsame_domain
    str     r3, [r12]
    adds    r3, r3, #VOS__DOMAIN_MPU
    ldmia   r3, {r4-r11}
#if defined(__ARM_ARCH_8M_MAIN__)
    movs    r0, #0                  /* PMSAv8: the run starts at region 0 */
    ldr     r12, =VOS__MPU_RNR
    stmia   r12, {r0, r4-r11}       /* RNR, then RBAR, RLAR, RBAR_A1 .. RLAR_A3: regions 0..3 */
#else
    ldr     r12, =VOS__MPU_RBAR
    stmia   r12, {r4-r11}           /* RBAR, RASR, RBAR_A1 .. RASR_A3 */
#endif
.Lsame_domain:
    adds    r3, r2, #VOS__TASK_MPU
    ldmia   r3, {r4-r7}
#if defined(__ARM_ARCH_8M_MAIN__)
    movs    r0, #VOS__MPU_STACK_REGION   /* PMSAv8: the run starts at region 4 */
    ldr     r12, =VOS__MPU_RNR
    stmia   r12, {r0, r4-r7}        /* RNR, then region 4, then region 5 (alias 1) */
#else
    ldr     r12, =VOS__MPU_RBAR
    stmia   r12, {r4-r7}            /* region 4, then region 7 (alias 1) */
#endif
    ldr     r3, [r2, #VOS__TASK_CONTROL]
    msr     control, r3
    dsb
#endif
#if defined(__ARM_ARCH_8M_MAIN__)
    ldr     r3, [r2, #VOS__TASK_STACK_BASE]  /* incoming task's stack bottom */
    add     r3, r3, #VOS_CFG_STACK_GUARD   /* its limit: the guard's top */
    msr     psplim, r3              /* before PSP (see the top) */
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
#if VOS_CFG_MPU
    mov     r4, r2                  /* the task (its r4-r11 are dead) */
#endif
    mov     r0, r2
    bl      vos__stack_fault        /* stop the task; it never runs again */
#if VOS_CFG_MPU
    mov     r0, r4
    bl      arch_mpu_task_abandon   /* its lazy FP save, before the MPU changes */
#endif
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

/* SVC #0 from arch_start_first: return into vos__cur's initial frame.
 * With VOS_CFG_MPU, from a task (process stack), also the kernel calls of
 * unprivileged tasks (arch/cortex-m/syscall.c):
 *   SVC #1  enter (arch_syscall_enter, syscall.c): the task becomes
 *           privileged and returns into arch_syscall_thunk instead (the
 *           call's arguments in r0-r3, its number in r12, all as stacked),
 *           with the address after the SVC as its LR;
 *   SVC #2  leave (arch_syscall_thunk's): a task of a domain becomes
 *           unprivileged again; a privileged task stays as it is.
 * The task's control word follows CONTROL, so that the switch restores
 * it. Any other number from a task does nothing. */
    .section .text.SVC_Handler, "ax", %progbits
    .global SVC_Handler
    .type SVC_Handler, %function
    .thumb_func
SVC_Handler:
#if VOS_CFG_MPU
    tst     lr, #4
    beq     .Lsvc_start             /* main stack: arch_start_first */
    mrs     r0, psp                 /* the task's exception frame */
    ldr     r1, [r0, #24]           /* stacked PC: after the SVC */
    ldrb    r2, [r1, #-2]           /* the SVC's number */
    ldr     r3, =vos__s
    ldr     r3, [r3, #VOS__SCHED_CUR]
    cmp     r2, #1
    beq     .Lsvc_enter
    cmp     r2, #2
    bne     .Lsvc_done
    ldr     r2, [r3, #VOS__TASK_DOMAIN]
    ldr     r12, =vos__kernel_domain
    cmp     r2, r12
    beq     .Lsvc_done              /* a privileged task stays privileged */
    movs    r2, #1
    str     r2, [r3, #VOS__TASK_CONTROL]
    msr     control, r2             /* unprivileged from the return */
    bx      lr
.Lsvc_enter:
    mov     r1, lr                  /* EXC_RETURN: the frame's size */
    push    {r4, lr}
    bl      arch_syscall_enter      /* syscall.c: checks, redirects the frame */
    cbz     r0, 1f
    msr     psp, r0                 /* refused: the task was stopped */
1:  pop     {r4, pc}
.Lsvc_done:
    bx      lr
.Lsvc_start:
    ldr     r1, =vos__s
    ldr     r2, [r1, #VOS__SCHED_CUR]
    ldr     r3, [r2, #VOS__TASK_CONTROL]
    msr     control, r3             /* the first task's privilege */
#else
    ldr     r1, =vos__s
    ldr     r2, [r1, #VOS__SCHED_CUR]
#endif
#if defined(__ARM_ARCH_8M_MAIN__)
    ldr     r3, [r2, #VOS__TASK_STACK_BASE]  /* first task's stack bottom */
    add     r3, r3, #VOS_CFG_STACK_GUARD   /* its limit: the guard's top */
    msr     psplim, r3              /* before PSP */
#endif
    ldr     r0, [r2, #VOS__TASK_SP] /* first task's sp */
    ldmia   r0!, {r4-r11, lr}       /* lr = EXC_RETURN_THREAD_PSP */
    msr     psp, r0
    bx      lr
    .size SVC_Handler, .-SVC_Handler

#if VOS_CFG_MPU
/* Where SVC #1 returns an unprivileged task, privileged: the call's
 * number (r12) is vos__syscall's fifth argument, on the stack; then SVC #2
 * drops the privilege and the task returns to its call, unprivileged. */
    .section .text.arch_syscall_thunk, "ax", %progbits
    .global arch_syscall_thunk
    .type arch_syscall_thunk, %function
    .thumb_func
arch_syscall_thunk:
    push    {r12, lr}
    bl      vos__syscall
    svc     #2
    pop     {r12, pc}
    .size arch_syscall_thunk, .-arch_syscall_thunk
#endif
    .end
