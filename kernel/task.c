/* SPDX-License-Identifier: MIT */
/*
 * Task life cycle: creation in caller memory, suspend and resume, priority
 * changes, exit, termination, join, aborting a wait, the list of live
 * tasks, and stack-guard faults.
 *
 * Invariants (kernel lock held):
 *  - vos__all_tasks lists, through all_next/all_prev (NULL-terminated),
 *    exactly the tasks that were created and have not exited, been
 *    terminated or faulted. A task leaves it in vos__task_gone(), so a
 *    control block may be created again once its task is gone.
 *  - vos__join_q holds every task blocked in vos_task_join, each with the task
 *    it joins in wait_data; none names a task that is gone
 *    (vos__task_gone wakes them). One queue for all joins keeps the control
 *    block small; waking walks it, O(joiners), which is a handful.
 *  - Exit, termination and a fault release a task's mutexes through
 *    vos__pi_release_all, the same hand-over and priority recomputation
 *    as an unlock: there is no second rule for a task that ends.
 *
 * A task's stack is laid out low to high as: guard (VOS_CFG_STACK_GUARD
 * bytes of VOS__GUARD_WORD), free space, then the initial context the port
 * builds at the top. The guard's topmost word is the first an overflow
 * writes; the port checks it on every switch away from the task. With
 * VOS_CFG_MPU the guard starts at a multiple of its size and is the
 * running task's MPU guard region instead: the port stops the task at its
 * first access to it (vos__stack_fault from the MemManage handler).
 * The rest of the stack is filled with VOS__FILL_WORD so that
 * vos_task_stack_unused() can measure the high-water mark.
 */
#include <string.h>
#include "kernel.h"

#define VOS__FILL_WORD  0xCDCDCDCDu

static vos_task_t *overflow_task;
#if VOS_CFG_MPU
static unsigned stop_domain_of(vos_task_t *t);
#endif
vos_task_t *vos__all_tasks;
struct vos_waitq vos__join_q;

static inline bool task_valid(const vos_task_t *t)
{
    return t != NULL && t->tag == VOS_TAG_TASK;
}

#if VOS_CFG_MPU
/* vos_task_create with a domain (kernel/domain.c: vos_task_create_in has
 * checked d, the ceiling and the stack region, whose encoding is
 * stack_region; both NULL: a privileged task). */
int vos__task_create(vos_domain_t *d, vos_task_t *t, const char *name, vos_entry_t entry,
                     void *arg, unsigned prio, void *stack, size_t stack_size,
                     const uint32_t *stack_region);

int vos_task_create(vos_task_t *t, const char *name, vos_entry_t entry, void *arg,
                    unsigned prio, void *stack, size_t stack_size)
{
    return vos__task_create(NULL, t, name, entry, arg, prio, stack, stack_size, NULL);
}

int vos__task_create(vos_domain_t *d, vos_task_t *t, const char *name, vos_entry_t entry,
                     void *arg, unsigned prio, void *stack, size_t stack_size,
                     const uint32_t *stack_region)
#else
int vos_task_create(vos_task_t *t, const char *name, vos_entry_t entry, void *arg,
                    unsigned prio, void *stack, size_t stack_size)
#endif
{
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__CHECK(t != NULL, VOS_ERR_INVALID);
    VOS__CHECK(entry != NULL && stack != NULL && prio >= VOS_PRIO_MIN && prio <= VOS_PRIO_MAX,
               VOS_ERR_ARG);

    uintptr_t lo = ((uintptr_t)stack + VOS_STACK_ALIGN - 1u) & ~(uintptr_t)(VOS_STACK_ALIGN - 1u);
    uintptr_t hi = ((uintptr_t)stack + stack_size) & ~(uintptr_t)7u;
    VOS__CHECK(hi > lo && hi - lo >= VOS_CFG_STACK_MIN, VOS_ERR_ARG);

    uint32_t key = vos__lock();
    /* A live task (not exited or faulted) cannot be created again. */
    if (t->tag == VOS_TAG_TASK && t->state != VOS_TASK_EXITED &&
        t->state != VOS_TASK_FAULTED) {
        vos__unlock(key);
        return VOS_ERR_INVALID;
    }
    vos__unlock(key);

    memset(t, 0, sizeof *t);
    uint32_t *w = (uint32_t *)lo;
    for (size_t i = 0; i < VOS_CFG_STACK_GUARD / 4; i++)
        *w++ = VOS__GUARD_WORD;
    while ((uintptr_t)w < hi)
        *w++ = VOS__FILL_WORD;

    /* Without a guard the port checks a constant word that always holds. */
    static const uint32_t no_guard = VOS__GUARD_WORD;
    t->guard = VOS_CFG_STACK_GUARD ? (uint32_t *)(lo + VOS_CFG_STACK_GUARD) - 1
                                   : (uint32_t *)&no_guard;
    t->stack_base = (uint8_t *)lo;
    t->stack_size = hi - lo;
    t->name = name ? name : "?";
    t->prio = t->base_prio = (uint8_t)prio;
    t->sp = arch_stack_init((uint8_t *)hi, entry, arg);
    t->tag = VOS_TAG_TASK;
    if (VOS_CFG_TIMESLICE > 0)
        t->flags |= VOS__TF_SLICE;
#if VOS_CFG_MPU
    t->domain = d != NULL ? d : &vos__kernel_domain;
    t->control = d != NULL;          /* unprivileged in a domain */
    arch_mpu_task_init(t, stack_region);
#endif

    key = vos__lock();
    t->all_next = vos__all_tasks;
    if (vos__all_tasks != NULL)
        vos__all_tasks->all_prev = t;
    vos__all_tasks = t;
    t->state = VOS_TASK_READY;
    vos__ready_insert(t);
    VOS_TRACE_TASK_CREATE(t, t->name, t->prio);
    if (vos__started)
        vos__resched();
    vos__unlock(key);
    return VOS_OK;
}

int vos_task_suspend(vos_task_t *t)
{
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    if (t == NULL) {
        if (!vos__started || arch_in_isr())
            return VOS_ERR_CONTEXT;      /* no calling task to suspend */
        t = vos__cur;
    }
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    VOS__CHECK(!vos__is_idle(t), VOS_ERR_CONTEXT);
    if (t == vos__cur && vos__started && vos__can_block() != VOS_OK)
        return VOS_ERR_CONTEXT;

    uint32_t key = vos__lock();
    int err = VOS_OK;
    switch (t->state) {
    case VOS_TASK_READY:
        vos__ready_remove(t);
        t->state = VOS_TASK_SUSPENDED;
        vos__lend_check(t);
        if (t == vos__cur)
            VOS__SW_REASON(VOS_TRACE_SW_SUSPEND);
        if (vos__started)
            vos__resched();
        break;
    case VOS_TASK_BLOCKED:
        if (t->flags & VOS__TF_SUSPEND)
            err = VOS_ERR_STATE;
        t->flags |= VOS__TF_SUSPEND;
        break;
    default:
        err = VOS_ERR_STATE;
        break;
    }
    vos__unlock(key);
    return err;
}

static int resume(vos_task_t *t)
{
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    uint32_t key = vos__lock();
    int err = VOS_OK;
    if (t->state == VOS_TASK_SUSPENDED) {
        t->state = VOS_TASK_READY;
        vos__ready_insert(t);
        VOS_TRACE_TASK_READY(t);
        vos__lend_check(t);
        if (vos__started)
            vos__resched();
    } else if (t->state == VOS_TASK_BLOCKED && (t->flags & VOS__TF_SUSPEND)) {
        t->flags &= (uint8_t)~VOS__TF_SUSPEND;
    } else {
        err = VOS_ERR_STATE;
    }
    vos__unlock(key);
    return err;
}

int vos_task_resume(vos_task_t *t)
{
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    return resume(t);
}

int vos_task_resume_isr(vos_task_t *t)
{
    VOS__CHECK_ISR();
    return resume(t);
}

int vos_task_set_priority(vos_task_t *t, unsigned prio)
{
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__SELF_IF_NULL(t);
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    VOS__CHECK(!vos__is_idle(t), VOS_ERR_ARG);
    VOS__CHECK(prio >= VOS_PRIO_MIN && prio <= VOS_PRIO_MAX, VOS_ERR_ARG);
#if VOS_CFG_MPU
    if (prio > t->domain->ceiling)
        return VOS_ERR_PERM;        /* above its domain's ceiling */
#endif

    uint32_t key = vos__lock();
    t->base_prio = (uint8_t)prio;
    vos__pi_update(t);     /* effective = max(base, inherited), along the chain */
    if (vos__started)
        vos__resched();
    vos__unlock(key);
    return VOS_OK;
}

int vos_task_priority(const vos_task_t *t)
{
    VOS__CHECK_LEVEL();
    VOS__SELF_IF_NULL(t);
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    return t->prio;
}

int vos_task_base_priority(const vos_task_t *t)
{
    VOS__CHECK_LEVEL();
    VOS__SELF_IF_NULL(t);
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    return t->base_prio;
}

int vos_task_state(const vos_task_t *t)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    return t->state;
}

int vos_task_set_slicing(vos_task_t *t, bool on)
{
    VOS__CHECK_LEVEL();
    VOS__SELF_IF_NULL(t);
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    uint32_t key = vos__lock();
    if (on)
        t->flags |= VOS__TF_SLICE;
    else
        t->flags &= (uint8_t)~VOS__TF_SLICE;
    vos__unlock(key);
    return VOS_OK;
}

__attribute__((weak)) void vos_hook_task_terminated(vos_task_t *t)
{
    (void)t;
}

void vos__task_gone(vos_task_t *t)
{
    if (t->all_prev != NULL)
        t->all_prev->all_next = t->all_next;
    else if (vos__all_tasks == t)
        vos__all_tasks = t->all_next;
    if (t->all_next != NULL)
        t->all_next->all_prev = t->all_prev;
    t->all_next = t->all_prev = NULL;
    arch_task_end(t);

    /* The queue is in priority order, so the joiners of t wake in it. */
    for (;;) {
        vos_task_t *h = vos__join_q.head, *w = h, *found = NULL;
        if (h != NULL) {
            do {
                if (w->wait_data == t) {
                    found = w;
                    break;
                }
                w = w->next;
            } while (w != h);
        }
        if (found == NULL)
            break;
        vos__wake(found, VOS_OK);
    }
}

/* Take t out of every kernel structure and mark it EXITED. Lock held. */
static void task_end(vos_task_t *t)
{
    if (t->state == VOS_TASK_READY) {
        vos__ready_remove(t);
    } else if (t->state == VOS_TASK_BLOCKED) {
        t->flags &= (uint8_t)~VOS__TF_SUSPEND;
        vos__wake_abort(t, VOS_ERR_DELETED);   /* off its queue and timeout */
        vos__ready_remove(t);
    }
    vos__pi_release_all(t);
    t->state = VOS_TASK_EXITED;
    vos__task_gone(t);
    VOS_TRACE_TASK_TERMINATE(t);
    vos_hook_task_terminated(t);
}

/* The running task ends. Lock held as key; does not return. */
static void __attribute__((noreturn)) self_end(vos_task_t *t, uint32_t key)
{
    vos__sched_lock_drop();       /* the lock ends with its task */
    task_end(t);
    VOS__SW_REASON(VOS_TRACE_SW_EXIT);
    arch_switch();
    vos__unlock(key);
    arch_halt("exited task resumed");
}

void vos_task_exit(void)
{
    if (!vos__started || arch_in_isr())
        arch_halt("vos_task_exit outside a task");
    vos_task_t *t = vos__cur;
    if (vos__is_idle(t))
        arch_halt("idle task exited");

    uint32_t key = vos__lock();
    self_end(t, key);
}

int vos_task_terminate(vos_task_t *t)
{
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    if (t == NULL) {
        if (!vos__started)
            return VOS_ERR_CONTEXT;
        t = vos__cur;
    }
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    VOS__CHECK(!vos__is_idle(t), VOS_ERR_ARG);

    uint32_t key = vos__lock();
    if (t->state == VOS_TASK_EXITED || t->state == VOS_TASK_FAULTED) {
        vos__unlock(key);
        return VOS_ERR_STATE;
    }
    if (vos__started && t == vos__cur)
        self_end(t, key);
    task_end(t);
    if (vos__started)
        vos__resched();
    vos__unlock(key);
    return VOS_OK;
}

int vos_task_join(vos_task_t *t, vos_dur_t timeout)
{
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);

    uint32_t key = vos__lock();
    vos_task_t *cur = vos__started ? vos__cur : NULL;
    int err;
    if (t->state == VOS_TASK_EXITED || t->state == VOS_TASK_FAULTED) {
        err = VOS_OK;
    } else if (t == cur || (t->waitq == &vos__join_q && t->wait_data == cur && cur != NULL)) {
        err = VOS_ERR_DEADLOCK;
    } else if (vos_dur_cycles(timeout) == 0) {
        err = VOS_ERR_WOULD_BLOCK;
    } else if ((err = vos__can_block()) == VOS_OK) {
        cur->wait_data = t;
        return vos__block(&vos__join_q, vos__deadline(timeout), key, VOS_TRACE_WAIT_JOIN, t);
    }
    vos__unlock(key);
    return err;
}

int vos_task_abort_wait(vos_task_t *t)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    uint32_t key = vos__lock();
    int err = VOS_OK;
    if (t->state == VOS_TASK_BLOCKED) {
        vos__wake_abort(t, VOS_ERR_ABORTED);
        vos__resched();
    } else {
        err = VOS_ERR_STATE;
    }
    vos__unlock(key);
    return err;
}

int vos_task_enumerate(vos_task_t **out, size_t cap)
{
    VOS__CHECK(out != NULL || cap == 0, VOS_ERR_ARG);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    uint32_t key = vos__lock();
    size_t n = 0;
    for (vos_task_t *t = vos__all_tasks; t != NULL; t = t->all_next, n++) {
        if (n < cap)
            out[n] = t;
    }
    vos__unlock(key);
    return n > (size_t)INT32_MAX ? INT32_MAX : (int)n;
}

void vos__task_return(void)
{
    vos_task_exit();
}

/* Bytes of t's stack above the guard still holding the fill pattern. t is a
 * valid task; its stack ends below stack_size, so the count fits. */
static size_t stack_unused(const vos_task_t *t)
{
    const uint32_t *w = (const uint32_t *)(t->stack_base + VOS_CFG_STACK_GUARD);
    const uint32_t *end = (const uint32_t *)(t->stack_base + t->stack_size);
    size_t n = 0;
    while (w < end && *w++ == VOS__FILL_WORD)
        n += 4u;
    return n;
}

/* Both stack queries: the unused bytes, or (high_water) the bytes above
 * the guard ever used. */
static inline int stack_query(const vos_task_t *t, size_t *out, bool high_water)
{
    VOS__CHECK_LEVEL();
    VOS__SELF_IF_NULL(t);
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    size_t unused = stack_unused(t);
    *out = high_water ? t->stack_size - VOS_CFG_STACK_GUARD - unused : unused;
    return VOS_OK;
}

int vos_task_stack_unused(const vos_task_t *t, size_t *out)
{
    return stack_query(t, out, false);
}

int vos_task_stack_high_water(const vos_task_t *t, size_t *out)
{
    return stack_query(t, out, true);
}

/* A weak reference, not a weak default: the application's hook if it has
 * one, else the board's default report (boards/common/fault.c, itself
 * weak), else none; the kernel calls it only if one is linked. */
extern void vos_hook_stack_overflow(vos_task_t *t) __attribute__((weak));

vos_task_t *vos_stack_overflow_task(void)
{
    return overflow_task;
}

/* Stop t, which is not running or is the running task that faulted: out
 * of the ready and wait queues (its wait ends VOS_ERR_DELETED), its
 * mutexes released, never to run again. Lock held. */
static void fault_stop(vos_task_t *t)
{
    if (t->state == VOS_TASK_READY)
        vos__ready_remove(t);
    else if (t->state == VOS_TASK_BLOCKED) {
        t->flags &= (uint8_t)~VOS__TF_SUSPEND;
        vos__wake_abort(t, VOS_ERR_DELETED);
        vos__ready_remove(t);
    }
    vos__pi_release_all(t);
    t->state = VOS_TASK_FAULTED;
    if (t == vos__cur)
        vos__sched_lock_drop();
    vos__task_gone(t);
}

/* Called by the port, in the switch handler, when t's guard word is found
 * overwritten (or, with VOS_CFG_MPU, when the switch would save t's
 * context into its guard, or from the MemManage handler when t touched its
 * guard region, with no kernel lock held): t must never run again. Its
 * wait (if any) and mutexes are released so that the rest of the system
 * goes on. */
void vos__stack_fault(vos_task_t *t)
{
    uint32_t key = vos__lock();
    overflow_task = t;
    fault_stop(t);
#if VOS_CFG_MPU
    stop_domain_of(t);   /* with VOS_FAULT_STOP_DOMAIN: its domain's other tasks */
#endif
    VOS__SW_REASON(VOS_TRACE_SW_FAULT);
    if (vos_hook_stack_overflow != NULL)
        vos_hook_stack_overflow(t);
    vos__unlock(key);
}

#if VOS_CFG_MPU
__attribute__((weak)) void vos_hook_fault(vos_task_t *t, const vos_fault_t *f)
{
    (void)t;
    (void)f;
}

/* With its domain's VOS_FAULT_STOP_DOMAIN policy, stop every other live
 * task of faulted t's domain; how many. Lock held. */
static unsigned stop_domain_of(vos_task_t *t)
{
    vos_domain_t *d = t->domain;
    unsigned n = 0;
    if (d == &vos__kernel_domain || d->policy != VOS_FAULT_STOP_DOMAIN)
        return 0;
    for (vos_task_t *u = vos__all_tasks, *next; u != NULL; u = next) {
        next = u->all_next;        /* fault_stop takes u off the list */
        if (u->domain == d) {
            fault_stop(u);
            n++;
        }
    }
    return n;
}

void vos__task_fault(vos_task_t *t, const vos_fault_t *f)
{
    uint32_t key = vos__lock();
    vos_fault_t r = *f;
    vos_domain_t *d = t->domain;
    r.domain = d == &vos__kernel_domain ? NULL : d;
    fault_stop(t);
    r.stopped = 1 + stop_domain_of(t);
    VOS__SW_REASON(VOS_TRACE_SW_FAULT);
    vos_hook_fault(t, &r);
    vos__unlock(key);
}
#endif
