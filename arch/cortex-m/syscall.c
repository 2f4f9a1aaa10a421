/* SPDX-License-Identifier: MIT */
/*
 * The SVC mechanics of the unprivileged calls (VOS_CFG_MPU): the checks of
 * the exception frame of an SVC #1 before any privileged code runs on the
 * task's stack (arch_syscall_enter). The call ABI, the call numbers, the
 * vos_u_* stubs and the dispatch are the kernel's (kernel/syscall.{c,h});
 * the trap itself is arch_syscall (port_impl.h). The SVC handler
 * (switch.S) makes the task privileged and sends it to arch_syscall_thunk,
 * which calls the kernel's vos__syscall and returns through SVC #2,
 * unprivileged, with the result in r0.
 */
#include "port_api.h"

#if VOS_CFG_MPU

void arch_syscall_thunk(void);                       /* switch.S */
uint32_t arch_syscall_enter(uint32_t *frame, uint32_t exc_return);
uint32_t arch_mpu_task_abandon(const vos_task_t *t);  /* mpu.c */

/* Stack a kernel call needs above the guard, its exception frame
 * included. */
#define SYSCALL_STACK 384u

#define CFSR_MSTKERR (1u << 4)

#define XPSR_IT_ICI  0x0600FC00u      /* IT[7:0] / ICI: bits 26:25 and 15:10 */
#define XPSR_ALIGNED (1u << 9)         /* the frame was aligned down by 4 bytes */
#define EXC_RETURN_NO_FP (1u << 4)     /* clear: the frame has the FP area */
#define FRAME_BASIC  32u
#define FRAME_FP     104u

/* SVC #1 of the running task, whose exception frame is at frame and whose
 * exception return is exc_return: make it privileged and return it into
 * arch_syscall_thunk. The kernel then runs privileged on the task's stack,
 * from the stack pointer the frame's return restores: so the frame, its
 * FP area and alignment word included, must lie inside the task's own
 * stack with SYSCALL_STACK to spare below it. Anything else (a stack
 * pointer aimed at kernel memory or at the domain's memory, a stack about
 * to overflow, a frame whose reserved FP area reaches above the stack)
 * stops the task as a stack fault, and the return value is then the
 * process stack pointer to leave with (arch_mpu_task_abandon; the switch
 * runs next). The rest of the frame is the task's registers as the hardware
 * stacked them: r0-r3 and r12 are checked by vos__syscall, LR and PC are
 * replaced, and of xPSR only the flags reach the kernel (harmless) and
 * the IT state, which would run the entry's first instructions under the
 * caller's condition: an SVC inside an IT block (a hand-written one:
 * compilers never make one) is refused with VOS_ERR_ARG in r0 and the
 * task resumes in its block, unprivileged. 0: entered or refused. */
/* The refusal: t stops as a stack fault. */
static __attribute__((noinline, cold)) uint32_t refuse_frame(vos_task_t *t)
{
    uint32_t psp = arch_mpu_task_abandon(t);
    vos__stack_fault(t);
    arch_switch();
    return psp;
}

uint32_t arch_syscall_enter(uint32_t *frame, uint32_t exc_return)
{
    vos_task_t *t = vos__cur;
    uintptr_t f = (uintptr_t)frame;
    uintptr_t lo = (uintptr_t)t->stack_base + VOS_CFG_STACK_GUARD + SYSCALL_STACK;
    uintptr_t top = (uintptr_t)t->stack_base + t->stack_size;
    /* frame[7] is readable: the hardware has just written it. The end
     * cannot wrap: the task could not have written the frame there. */
    uint32_t xpsr = frame[7];
    uintptr_t end = f + ((exc_return & EXC_RETURN_NO_FP) ? FRAME_BASIC : FRAME_FP) +
                    ((xpsr & XPSR_ALIGNED) ? 4u : 0u);
    if (__builtin_expect(!!(f < lo || end > top), 0))
        return refuse_frame(t);
    if (__builtin_expect(!!(xpsr & XPSR_IT_ICI), 0)) {
        frame[0] = (uint32_t)VOS_ERR_ARG;
        return 0;
    }
    frame[5] = frame[6] | 1u;                         /* LR: after the SVC */
    frame[6] = (uint32_t)(uintptr_t)arch_syscall_thunk & ~1u;   /* PC */
    t->control = 0;
    __asm__ volatile("msr control, %0" :: "r"(0u) : "memory");  /* from the return */
    return 0;
}

#else
typedef int arch_no_syscall_entry;   /* an empty translation unit is not ISO C */
#endif /* VOS_CFG_MPU */
