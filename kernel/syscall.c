/* SPDX-License-Identifier: MIT */
/*
 * The unprivileged tasks' calls (vaios/domain.h, VOS_CFG_MPU): the call
 * ABI, the vos_u_* stubs (which run unprivileged and touch nothing but
 * registers) and the kernel's dispatch (which runs privileged, in thread
 * mode, on the calling task's stack). The numbers are kernel/syscall.h's
 * table; the trap is the port's arch_syscall, its entry mechanics the
 * port's SVC handler (arch/cortex-m/syscall.c, switch.S).
 *
 * ABI: the call's number in r12, its arguments in r0-r3 (a duration as its
 * low and high words in r2, r3; more arguments in a block on the caller's
 * stack, r0 pointing at it); the result in r0.
 */
#include "kernel.h"

#if VOS_CFG_MPU

static inline int32_t sys(uint32_t num, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
    return arch_syscall(num, a0, a1, a2, a3);
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
int32_t vos__syscall_trap(uint32_t num, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
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

/* --- The unprivileged calls ----------------------------------------------
 * The rule of this layer: the kernel follows no pointer out of memory the
 * caller controls (its registers, its stack, its domain's regions), and
 * every word it reads there it reads once. So:
 *  - an object is compared against the domain's grant list (kernel memory,
 *    outside every region the domain may write: vos_domain_init) before
 *    the kernel reads a word of it (granted, typed): a forged object with
 *    a valid tag is VOS_ERR_PERM;
 *  - a block of arguments (channels, waits) is copied into kernel memory
 *    once; the copy is what is checked and used;
 *  - a buffer is checked against the caller's stack and its domain's
 *    regions (reachable) and then only copied to or from by the kernel,
 *    never read as pointers;
 *  - a handle that names a task (a channel client) is looked for among the
 *    kernel's own records, the caller's holds (vos__msg_reply_held), and
 *    never dereferenced;
 *  - the SVC's exception frame is checked by the port before any
 *    privileged code runs on the task's stack (arch_syscall_enter).
 * Every call below was reviewed against it (issue 35; the suite
 * test_mpu_attack makes each call with forged objects and pointers into
 * the kernel's and another domain's memory).
 *
 * The calls on objects are weak references: an image links the code of
 * an object type only when it makes such objects (their init call is in
 * the same file), so an image without queues or mutexes carries none of
 * their code for the dispatch's sake. Without it, such an object cannot
 * exist either, and so cannot have been granted: the grant check refuses
 * the call before the missing function could be reached. */
#pragma weak vos_sem_give
#pragma weak vos_sem_take
#pragma weak vos_mutex_lock
#pragma weak vos_mutex_unlock
#pragma weak vos_queue_send
#pragma weak vos_queue_recv
#pragma weak vos_event_set
#pragma weak vos_msg_send
#pragma weak vos_msg_receive
#pragma weak vos__msg_reply_held
#pragma weak vos_msg_signal
#pragma weak vos_event_clear
#pragma weak vos_event_get
#pragma weak vos_event_wait
/* Notifications name a task (or the caller), which every image has: their
 * code comes in with the unprivileged calls that use it (syscall_notify.c
 * references it), and a call whose code is absent is refused. */
#pragma weak vos_notify_give
#pragma weak vos_notify_set
#pragma weak vos_notify_take
#pragma weak vos_notify_wait

static bool granted(const vos_domain_t *d, const void *obj)
{
    if (d == &vos__kernel_domain)
        return true;
    for (size_t i = 0; i < d->ngrants; i++)
        if (d->grants[i] == obj)
            return true;
    return false;
}

/* obj granted to d (VOS_ERR_PERM if not) and of type tag (VOS_ERR_INVALID
 * if not, as the call itself would say: another type, or deleted). The
 * type is checked here, not left to the call, because the call may be a
 * weak reference that is absent when no object of its type exists: only
 * an object with its type's tag proves its code is linked. */
__attribute__((noinline)) static int typed(const vos_domain_t *d, const void *obj, uint32_t tag)
{
    if (!granted(d, obj))
        return VOS_ERR_PERM;
    return *(const uint32_t *)obj == tag ? VOS_OK : VOS_ERR_INVALID;
}

/* [p, p + n) lies in t's stack above its guard, or in one region of t's
 * domain that gives the access (write: VOS_MEM_WRITE; else either). */
__attribute__((noinline)) static bool reachable(const vos_task_t *t, const void *p, size_t n, bool write)
{
    const vos_domain_t *d = t->domain;
    if (d == &vos__kernel_domain)
        return true;
    uintptr_t a = (uintptr_t)p;
    if (p == NULL || a + n < a)
        return false;
    uintptr_t lo = (uintptr_t)t->stack_base + VOS_CFG_STACK_GUARD;
    uintptr_t hi = (uintptr_t)t->stack_base + t->stack_size;
    if (a >= lo && a + n <= hi)
        return true;
    unsigned need = write ? VOS_MEM_WRITE : VOS_MEM_READ | VOS_MEM_WRITE;
    for (unsigned i = 0; i < d->nregions; i++) {
        uintptr_t b = (uintptr_t)d->region[i].base;
        if ((d->region[i].access & need) && a >= b && a + n <= b + d->region[i].size)
            return true;
    }
    return false;
}

static vos_dur_t dur(uint32_t lo, uint32_t hi)
{
    return (vos_dur_t){ .cyc = (uint64_t)hi << 32 | lo };
}

int32_t vos__syscall(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t num)
{
    vos_task_t *cur = vos__cur;
    const vos_domain_t *d = cur->domain;
    void *obj = (void *)(uintptr_t)a0;
    int err;
    switch (num) {
    case VOS__SYS_YIELD:
        return vos_yield();
    case VOS__SYS_SLEEP:
        return vos_sleep(dur(a2, a3));
    case VOS__SYS_SEM_GIVE:
        err = typed(d, obj, VOS_TAG_SEM);
        return err != VOS_OK ? err : vos_sem_give(obj);
    case VOS__SYS_SEM_TAKE:
        err = typed(d, obj, VOS_TAG_SEM);
        return err != VOS_OK ? err : vos_sem_take(obj, dur(a2, a3));
    case VOS__SYS_MUTEX_LOCK:
        err = typed(d, obj, VOS_TAG_MUTEX);
        return err != VOS_OK ? err : vos_mutex_lock(obj, dur(a2, a3));
    case VOS__SYS_MUTEX_UNLOCK:
        err = typed(d, obj, VOS_TAG_MUTEX);
        return err != VOS_OK ? err : vos_mutex_unlock(obj);
    case VOS__SYS_QUEUE_SEND:
    case VOS__SYS_QUEUE_RECV: {
        err = typed(d, obj, VOS_TAG_QUEUE);
        if (err != VOS_OK)
            return err;
        vos_queue_t *q = obj;
        void *buf = (void *)(uintptr_t)a1;
        bool recv = num == VOS__SYS_QUEUE_RECV;
        if (!reachable(cur, buf, q->item_size, recv))
            return VOS_ERR_PERM;
        return recv ? vos_queue_recv(q, buf, dur(a2, a3)) : vos_queue_send(q, buf, dur(a2, a3));
    }
    case VOS__SYS_SET_PRIORITY:
        return vos_task_set_priority(NULL, a0);
    case VOS__SYS_SLEEP_UNTIL:
        return vos_sleep_until((vos_time_t)a3 << 32 | a2);
    case VOS__SYS_NOW: {
        vos_time_t *out = obj;
        if (!reachable(cur, out, sizeof *out, true))
            return VOS_ERR_PERM;
        *out = vos_now();
        return VOS_OK;
    }
    case VOS__SYS_TASK_STATE:
        return granted(d, obj) ? vos_task_state(obj) : VOS_ERR_PERM;
    case VOS__SYS_EVENT_SET:
        err = typed(d, obj, VOS_TAG_EVENT);
        return err != VOS_OK ? err : vos_event_set(obj, a1);
    case VOS__SYS_EVENT_CLEAR:
        err = typed(d, obj, VOS_TAG_EVENT);
        return err != VOS_OK ? err : vos_event_clear(obj, a1);
    case VOS__SYS_EVENT_GET: {
        uint32_t *out = (uint32_t *)(uintptr_t)a1;
        err = typed(d, obj, VOS_TAG_EVENT);
        if (err != VOS_OK)
            return err;
        if (!reachable(cur, out, sizeof *out, true))
            return VOS_ERR_PERM;
        return vos_event_get(obj, out);
    }
    case VOS__SYS_MSG_SEND:
    case VOS__SYS_MSG_RECEIVE: {
        /* Each side's buffers are checked against its own memory, here at
         * its own call: the client's request (read) and reply buffer
         * (write) at the send, the server's request buffer and client
         * record (write) at the receive; the kernel then copies between
         * them, so two domains exchange messages without sharing memory. */
        const struct vos__sys_msg_args *ap = obj;
        if (!reachable(cur, ap, sizeof *ap, false))
            return VOS_ERR_PERM;
        struct vos__sys_msg_args a = *ap;
        err = typed(d, a.ch, VOS_TAG_CHAN);
        if (err != VOS_OK)
            return err;
        if (num == VOS__SYS_MSG_SEND) {
            if ((a.in_len != 0 && !reachable(cur, a.in, a.in_len, false)) ||
                (a.out_cap != 0 && !reachable(cur, a.out, a.out_cap, true)))
                return VOS_ERR_PERM;
            return vos_msg_send(a.ch, a.in, a.in_len, a.out, a.out_cap, dur(a2, a3));
        }
        if ((a.out_cap != 0 && !reachable(cur, a.out, a.out_cap, true)) ||
            !reachable(cur, a.client, sizeof *a.client, true))
            return VOS_ERR_PERM;
        return vos_msg_receive(a.ch, a.out, a.out_cap, a.client, dur(a2, a3));
    }
    case VOS__SYS_MSG_REPLY: {
        /* The handle is read once, into kernel memory, and its task is
         * never followed: the kernel looks for it among the caller's own
         * holds (vos__msg_reply_held), so only a client the caller holds
         * is replied to, into the reply buffer its send checked. */
        const vos_msg_client_t *cp = obj;
        const void *data = (const void *)(uintptr_t)a1;
        if (!reachable(cur, cp, sizeof *cp, false) ||
            (a2 != 0 && !reachable(cur, data, a2, false)))
            return VOS_ERR_PERM;
        if (vos__msg_reply_held == NULL)
            return VOS_ERR_STATE;   /* no channel exists: nobody is held */
        vos_msg_client_t c = *cp;
        return vos__msg_reply_held(&c, data, a2, (int)a3);
    }
    case VOS__SYS_MSG_SIGNAL:
        err = typed(d, obj, VOS_TAG_CHAN);
        return err != VOS_OK ? err : vos_msg_signal(obj, a1);
    case VOS__SYS_NOTIFY_GIVE:
    case VOS__SYS_NOTIFY_SET:
        if (!granted(d, obj))
            return VOS_ERR_PERM;
        if (vos_notify_give == NULL || vos_notify_set == NULL)
            return VOS_ERR_ARG;
        return num == VOS__SYS_NOTIFY_GIVE ? vos_notify_give(obj) : vos_notify_set(obj, a1);
    case VOS__SYS_NOTIFY_TAKE: {
        uint32_t *out = (uint32_t *)(uintptr_t)a1;
        if (out != NULL && !reachable(cur, out, sizeof *out, true))
            return VOS_ERR_PERM;
        if (vos_notify_take == NULL)
            return VOS_ERR_ARG;
        return vos_notify_take(a0 != 0, dur(a2, a3), out);
    }
    case VOS__SYS_EVENT_WAIT:
    case VOS__SYS_NOTIFY_WAIT: {
        /* The block is copied first: what is checked is what is used. */
        const struct vos__sys_wait_args *ap = obj;
        if (!reachable(cur, ap, sizeof *ap, false))
            return VOS_ERR_PERM;
        struct vos__sys_wait_args a = *ap;
        if (a.got != NULL && !reachable(cur, a.got, sizeof *a.got, true))
            return VOS_ERR_PERM;
        if (num == VOS__SYS_EVENT_WAIT) {
            err = typed(d, a.obj, VOS_TAG_EVENT);
            return err != VOS_OK ? err : vos_event_wait(a.obj, a.bits, a.mask, dur(a2, a3), a.got);
        }
        if (vos_notify_wait == NULL)
            return VOS_ERR_ARG;
        return vos_notify_wait(a.bits, a.mask, dur(a2, a3), a.got);
    }
    case VOS__SYS_EXIT:
        vos_task_exit();
    default:
        return VOS_ERR_ARG;
    }
}

#else
typedef int vos__no_syscalls;   /* an empty translation unit is not ISO C */
#endif /* VOS_CFG_MPU */
