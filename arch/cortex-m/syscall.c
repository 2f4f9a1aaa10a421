/* SPDX-License-Identifier: MIT */
/*
 * The calls of unprivileged tasks (vaios/domain.h, VOS_CFG_MPU): each is an
 * SVC #1 with the call's number in r12 and its arguments in r0-r3 (a
 * duration as its low and high words in r2, r3). The SVC handler
 * (switch.S) makes the task privileged and sends it to vos__syscall_entry,
 * which calls the kernel's vos__syscall (kernel/domain.c: the checks
 * against the caller's domain, then the call) and returns through SVC #2,
 * unprivileged, with the result in r0. These functions run unprivileged:
 * they touch nothing but registers.
 */
#include "kernel.h"

#if VOS_CFG_MPU

void vos__u_task_return(void) __attribute__((noreturn));
void vos__syscall_entry(void);                       /* switch.S */
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
 * vos__syscall_entry. The kernel then runs privileged on the task's stack,
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
    if (VOS__UNLIKELY(f < lo || end > top))
        return refuse_frame(t);
    if (VOS__UNLIKELY(xpsr & XPSR_IT_ICI)) {
        frame[0] = (uint32_t)VOS_ERR_ARG;
        return 0;
    }
    frame[5] = frame[6] | 1u;                         /* LR: after the SVC */
    frame[6] = (uint32_t)(uintptr_t)vos__syscall_entry & ~1u;   /* PC */
    t->control = 0;
    __asm__ volatile("msr control, %0" :: "r"(0u) : "memory");  /* from the return */
    return 0;
}

int32_t vos__sys(uint32_t num, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3);

static inline int32_t sys(uint32_t num, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
    register uint32_t r0 __asm__("r0") = a0;
    register uint32_t r1 __asm__("r1") = a1;
    register uint32_t r2 __asm__("r2") = a2;
    register uint32_t r3 __asm__("r3") = a3;
    register uint32_t r12 __asm__("r12") = num;
    __asm__ volatile("svc #1"
                     : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3), "+r"(r12)
                     :
                     : "lr", "memory", "cc");
    return (int32_t)r0;
}

static inline uint32_t lo(vos_dur_t d)
{
    return (uint32_t)d.cyc;
}

static inline uint32_t hi(vos_dur_t d)
{
    return (uint32_t)(d.cyc >> 32);
}

int vos_u_yield(void)
{
    return sys(VOS__SYS_YIELD, 0, 0, 0, 0);
}

int vos_u_sleep(vos_dur_t d)
{
    return sys(VOS__SYS_SLEEP, 0, 0, lo(d), hi(d));
}

int vos_u_sem_give(vos_sem_t *s)
{
    return sys(VOS__SYS_SEM_GIVE, (uint32_t)(uintptr_t)s, 0, 0, 0);
}

int vos_u_sem_take(vos_sem_t *s, vos_dur_t timeout)
{
    return sys(VOS__SYS_SEM_TAKE, (uint32_t)(uintptr_t)s, 0, lo(timeout), hi(timeout));
}

int vos_u_mutex_lock(vos_mutex_t *m, vos_dur_t timeout)
{
    return sys(VOS__SYS_MUTEX_LOCK, (uint32_t)(uintptr_t)m, 0, lo(timeout), hi(timeout));
}

int vos_u_mutex_unlock(vos_mutex_t *m)
{
    return sys(VOS__SYS_MUTEX_UNLOCK, (uint32_t)(uintptr_t)m, 0, 0, 0);
}

int vos_u_queue_send(vos_queue_t *q, const void *item, vos_dur_t timeout)
{
    return sys(VOS__SYS_QUEUE_SEND, (uint32_t)(uintptr_t)q, (uint32_t)(uintptr_t)item,
               lo(timeout), hi(timeout));
}

int vos_u_queue_recv(vos_queue_t *q, void *item_out, vos_dur_t timeout)
{
    return sys(VOS__SYS_QUEUE_RECV, (uint32_t)(uintptr_t)q, (uint32_t)(uintptr_t)item_out,
               lo(timeout), hi(timeout));
}

int vos_u_set_priority(unsigned prio)
{
    return sys(VOS__SYS_SET_PRIORITY, prio, 0, 0, 0);
}

int vos_u_sleep_until(vos_time_t t)
{
    return sys(VOS__SYS_SLEEP_UNTIL, 0, 0, (uint32_t)t, (uint32_t)(t >> 32));
}

int vos_u_now(vos_time_t *out)
{
    return sys(VOS__SYS_NOW, (uint32_t)(uintptr_t)out, 0, 0, 0);
}

int vos_u_task_state(const vos_task_t *t)
{
    return sys(VOS__SYS_TASK_STATE, (uint32_t)(uintptr_t)t, 0, 0, 0);
}

int vos_u_event_set(vos_event_t *e, uint32_t bits)
{
    return sys(VOS__SYS_EVENT_SET, (uint32_t)(uintptr_t)e, bits, 0, 0);
}

int vos_u_event_clear(vos_event_t *e, uint32_t bits)
{
    return sys(VOS__SYS_EVENT_CLEAR, (uint32_t)(uintptr_t)e, bits, 0, 0);
}

int vos_u_event_get(const vos_event_t *e, uint32_t *flags)
{
    return sys(VOS__SYS_EVENT_GET, (uint32_t)(uintptr_t)e, (uint32_t)(uintptr_t)flags, 0, 0);
}

int vos_u_event_wait(vos_event_t *e, uint32_t bits, unsigned options, vos_dur_t timeout,
                     uint32_t *got)
{
    struct vos__sys_wait_args a = { e, bits, options, got };
    return sys(VOS__SYS_EVENT_WAIT, (uint32_t)(uintptr_t)&a, 0, lo(timeout), hi(timeout));
}

int vos_u_msg_send(vos_chan_t *ch, const void *req, size_t req_len, void *reply,
                   size_t reply_cap, vos_dur_t timeout)
{
    struct vos__sys_msg_args a = { ch, req, req_len, reply, reply_cap, NULL };
    return sys(VOS__SYS_MSG_SEND, (uint32_t)(uintptr_t)&a, 0, lo(timeout), hi(timeout));
}

int vos_u_msg_receive(vos_chan_t *ch, void *buf, size_t cap, vos_msg_client_t *client,
                      vos_dur_t timeout)
{
    struct vos__sys_msg_args a = { ch, NULL, 0, buf, cap, client };
    return sys(VOS__SYS_MSG_RECEIVE, (uint32_t)(uintptr_t)&a, 0, lo(timeout), hi(timeout));
}

int vos_u_msg_reply(const vos_msg_client_t *client, const void *data, size_t len, int status)
{
    return sys(VOS__SYS_MSG_REPLY, (uint32_t)(uintptr_t)client, (uint32_t)(uintptr_t)data,
               len, (uint32_t)status);
}

int vos_u_msg_signal(vos_chan_t *ch, uint32_t bits)
{
    return sys(VOS__SYS_MSG_SIGNAL, (uint32_t)(uintptr_t)ch, bits, 0, 0);
}

/* For syscall_notify.c, whose calls are in their own file. */
int32_t vos__sys(uint32_t num, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
    return sys(num, a0, a1, a2, a3);
}

void vos_u_task_exit(void)
{
    sys(VOS__SYS_EXIT, 0, 0, 0, 0);
    for (;;)
        ;                 /* not reached: the task ended */
}

/* Where an unprivileged task's entry function returns (arch_mpu_task_init
 * puts it in the initial frame's LR). */
void vos__u_task_return(void)
{
    vos_u_task_exit();
}

#else
typedef int vos__no_syscalls;   /* an empty translation unit is not ISO C */
#endif /* VOS_CFG_MPU */
