/* SPDX-License-Identifier: MIT */
/*
 * Protection domains (VOS_CFG_MPU; vaios/domain.h): domain objects, tasks
 * created into them, and the kernel side of the unprivileged tasks' calls,
 * which checks every object against the caller's grants and every buffer
 * against its regions before making the privileged call.
 *
 * Invariants (kernel lock held):
 *  - every task's domain is its domain object or vos__kernel_domain
 *    (privileged), never NULL; a domain is not re-initialised while a live
 *    task is in it;
 *  - an unprivileged task's control word is 1 except between the SVC that
 *    enters a call and the one that leaves it (arch/cortex-m/syscall.c).
 */
#include "kernel.h"

#if VOS_CFG_MPU

/* Regions 0..3 disabled (RBAR with VALID selects each; RASR 0). */
vos_domain_t vos__kernel_domain = {
    .tag = VOS_TAG_DOMAIN,
    .mpu = { 0x10, 0, 0x11, 0, 0x12, 0, 0x13, 0 },
    .name = "kernel",
    .ceiling = VOS_PRIO_MAX,
};

_Static_assert(VOS_TAG_DOMAIN != VOS_TAG_CHAN, "a channel is not a domain");

static bool domain_valid(const vos_domain_t *d)
{
    return d != NULL && d->tag == VOS_TAG_DOMAIN && d != &vos__kernel_domain;
}

/* Bytes of the kernel object whose tag is tag; 0 if it is none. */
static size_t object_size(uint32_t tag)
{
    switch (tag) {
    case VOS_TAG_TASK:   return sizeof(vos_task_t);
    case VOS_TAG_SEM:    return sizeof(vos_sem_t);
    case VOS_TAG_MUTEX:  return sizeof(vos_mutex_t);
    case VOS_TAG_QUEUE:  return sizeof(vos_queue_t);
    case VOS_TAG_EVENT:  return sizeof(vos_event_t);
    case VOS_TAG_HEAP:   return sizeof(vos_heap_t);
    case VOS_TAG_POOL:   return sizeof(vos_pool_t);
    case VOS_TAG_CHAN:   return sizeof(vos_chan_t);
    default:             return 0;
    }
}

static bool overlaps(uintptr_t a, size_t n, uintptr_t b, size_t m)
{
    return a < b + m && b < a + n;
}

/* [p, p + n) overlaps a region of d that d's tasks may write. */
static bool in_writable(const vos_domain_t *d, const void *p, size_t n)
{
    for (unsigned i = 0; i < d->nregions; i++)
        if ((d->region[i].access & VOS_MEM_WRITE) &&
            overlaps((uintptr_t)p, n, (uintptr_t)d->region[i].base, d->region[i].size))
            return true;
    return false;
}

int vos_domain_init(vos_domain_t *d, const char *name, unsigned ceiling,
                    const vos_region_t *regions, size_t nregions,
                    const void *const *grants, size_t ngrants)
{
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__CHECK(d != NULL && d != &vos__kernel_domain, VOS_ERR_INVALID);
    VOS__CHECK(regions != NULL || nregions == 0, VOS_ERR_INVALID);
    VOS__CHECK(grants != NULL || ngrants == 0, VOS_ERR_INVALID);
    VOS__CHECK(ceiling >= VOS_PRIO_MIN && ceiling <= VOS_PRIO_MAX, VOS_ERR_ARG);
    if (nregions > VOS_DOMAIN_REGIONS)
        return VOS_ERR_LAYOUT;

    vos_domain_t nd = { .tag = VOS_TAG_DOMAIN, .name = name ? name : "?",
                        .ceiling = (uint8_t)ceiling, .nregions = (uint8_t)nregions };
    for (unsigned i = 0; i < VOS_DOMAIN_REGIONS; i++) {
        nd.mpu[2 * i] = 0x10u | i;     /* unused: disabled */
        nd.mpu[2 * i + 1] = 0;
    }
    for (unsigned i = 0; i < nregions; i++) {
        unsigned a = regions[i].access;
        if ((a & (VOS_MEM_READ | VOS_MEM_WRITE)) == 0 ||
            (a & ~(VOS_MEM_READ | VOS_MEM_WRITE | VOS_MEM_EXEC | VOS_MEM_DEVICE)) != 0 ||
            ((a & VOS_MEM_EXEC) && (a & (VOS_MEM_WRITE | VOS_MEM_DEVICE))))
            return VOS_ERR_ARG;
        int err = arch_mpu_region((uintptr_t)regions[i].base, regions[i].size, a, i,
                                  &nd.mpu[2 * i]);
        if (err != VOS_OK)
            return err;
        nd.region[i] = regions[i];
    }
    /* The kernel's memory of the domain stays out of its reach. */
    if (in_writable(&nd, d, sizeof *d) || in_writable(&nd, grants, ngrants * sizeof *grants))
        return VOS_ERR_PERM;
    for (size_t i = 0; i < ngrants; i++) {
        const uint32_t *o = grants[i];
        size_t size = o != NULL ? object_size(*o) : 0;
        if (size == 0)
            return VOS_ERR_INVALID;
        if (in_writable(&nd, o, size))
            return VOS_ERR_PERM;
    }
    nd.grants = grants;
    nd.ngrants = ngrants;

    uint32_t key = vos__lock();
    for (vos_task_t *t = vos__all_tasks; t != NULL; t = t->all_next)
        if (t->domain == d) {
            vos__unlock(key);
            return VOS_ERR_STATE;
        }
    *d = nd;
    vos__unlock(key);
    return VOS_OK;
}

int vos_domain_set_fault_policy(vos_domain_t *d, unsigned policy)
{
    VOS__CHECK(domain_valid(d), VOS_ERR_INVALID);
    VOS__CHECK(policy == VOS_FAULT_STOP_TASK || policy == VOS_FAULT_STOP_DOMAIN, VOS_ERR_ARG);
    d->policy = (uint8_t)policy;
    return VOS_OK;
}

int vos__task_create(vos_domain_t *d, vos_task_t *t, const char *name, vos_entry_t entry,
                     void *arg, unsigned prio, void *stack, size_t stack_size,
                     const uint32_t *stack_region);

int vos_task_create_in(vos_domain_t *d, vos_task_t *t, const char *name, vos_entry_t entry,
                       void *arg, unsigned prio, void *stack, size_t stack_size)
{
    if (d == NULL)
        return vos_task_create(t, name, entry, arg, prio, stack, stack_size);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__CHECK(domain_valid(d), VOS_ERR_INVALID);
    VOS__CHECK(t != NULL && entry != NULL && stack != NULL, VOS_ERR_INVALID);
    VOS__CHECK(prio >= VOS_PRIO_MIN && prio <= VOS_PRIO_MAX, VOS_ERR_ARG);
    if (prio > d->ceiling)
        return VOS_ERR_PERM;
    /* The stack is the task's own region: the MPU must express it, and no
     * region of the domain (which its other tasks reach) may cover it. */
    uint32_t region[2];
    int err = arch_mpu_region((uintptr_t)stack, stack_size, VOS_MEM_READ | VOS_MEM_WRITE, 4,
                              region);
    if (err != VOS_OK)
        return err;
    for (unsigned i = 0; i < d->nregions; i++)
        if (overlaps((uintptr_t)stack, stack_size, (uintptr_t)d->region[i].base,
                     d->region[i].size))
            return VOS_ERR_LAYOUT;
    return vos__task_create(d, t, name, entry, arg, prio, stack, stack_size, region);
}

int vos_task_domain(const vos_task_t *t, vos_domain_t **out)
{
    if (t == NULL)
        t = vos__started ? vos__cur : NULL;
    VOS__CHECK(t != NULL && t->tag == VOS_TAG_TASK && out != NULL, VOS_ERR_INVALID);
    *out = t->domain == &vos__kernel_domain ? NULL : t->domain;
    return VOS_OK;
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
typedef int vos__no_domains;   /* an empty translation unit is not ISO C */
#endif /* VOS_CFG_MPU */
