/* SPDX-License-Identifier: MIT */
/*
 * Task life cycle: creation in caller memory, suspend and resume, priority
 * changes, exit, and stack-guard faults.
 *
 * A task's stack is laid out low to high as: guard (VOS_CFG_STACK_GUARD
 * bytes of VOS__GUARD_WORD), free space, then the initial context the port
 * builds at the top. The guard's topmost word is the first an overflow
 * writes; the port checks it on every switch away from the task.
 * The rest of the stack is filled with VOS__FILL_WORD so that
 * vos_task_stack_unused() can measure the high-water mark.
 */
#include <string.h>
#include "kernel.h"

#define VOS__FILL_WORD  0xCDCDCDCDu

static vos_task_t *overflow_task;

static inline bool task_valid(const vos_task_t *t)
{
    return t != NULL && t->tag == VOS_TAG_TASK;
}

int vos_task_create(vos_task_t *t, const char *name, vos_entry_t entry, void *arg,
                    unsigned prio, void *stack, size_t stack_size)
{
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__CHECK(t != NULL && entry != NULL && stack != NULL, VOS_ERR_INVALID);
    VOS__CHECK(prio >= VOS_PRIO_MIN && prio <= VOS_PRIO_MAX, VOS_ERR_ARG);

    uintptr_t lo = ((uintptr_t)stack + 7u) & ~(uintptr_t)7u;
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
    t->entry = entry;
    t->arg = arg;
    t->prio = t->base_prio = (uint8_t)prio;
    t->sp = arch_stack_init((uint8_t *)hi, entry, arg);
    t->tag = VOS_TAG_TASK;
    if (VOS_CFG_TIMESLICE > 0)
        t->flags |= VOS__TF_SLICE;

    key = vos__lock();
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
    if (t == vos__cur && vos__can_block() != VOS_OK)
        return VOS_ERR_CONTEXT;

    uint32_t key = vos__lock();
    int err = VOS_OK;
    switch (t->state) {
    case VOS_TASK_READY:
        vos__ready_remove(t);
        t->state = VOS_TASK_SUSPENDED;
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
    VOS__CHECK(arch_in_isr(), VOS_ERR_CONTEXT);
    return resume(t);
}

int vos_task_set_priority(vos_task_t *t, unsigned prio)
{
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    if (t == NULL)
        t = vos__started ? vos__cur : NULL;
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    VOS__CHECK(!vos__is_idle(t), VOS_ERR_ARG);
    VOS__CHECK(prio >= VOS_PRIO_MIN && prio <= VOS_PRIO_MAX, VOS_ERR_ARG);

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
    if (t == NULL)
        t = vos__started ? vos__cur : NULL;
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    return t->prio;
}

int vos_task_base_priority(const vos_task_t *t)
{
    if (t == NULL)
        t = vos__started ? vos__cur : NULL;
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    return t->base_prio;
}

int vos_task_state(const vos_task_t *t)
{
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    return t->state;
}

int vos_task_set_slicing(vos_task_t *t, bool on)
{
    if (t == NULL)
        t = vos__started ? vos__cur : NULL;
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    uint32_t key = vos__lock();
    if (on)
        t->flags |= VOS__TF_SLICE;
    else
        t->flags &= (uint8_t)~VOS__TF_SLICE;
    vos__unlock(key);
    return VOS_OK;
}

void vos_task_exit(void)
{
    if (!vos__started || arch_in_isr())
        arch_halt("vos_task_exit outside a task");
    vos_task_t *t = vos__cur;
    if (vos__is_idle(t))
        arch_halt("idle task exited");

    uint32_t key = vos__lock();
    vos__mutex_release_all(t);
    vos__ready_remove(t);
    t->state = VOS_TASK_EXITED;
    VOS__SW_REASON(VOS_TRACE_SW_EXIT);
    arch_switch();
    vos__unlock(key);
    arch_halt("exited task resumed");
}

void vos__task_return(void)
{
    vos_task_exit();
}

long vos_task_stack_unused(const vos_task_t *t)
{
    if (t == NULL)
        t = vos__started ? vos__cur : NULL;
    VOS__CHECK(task_valid(t), VOS_ERR_INVALID);
    const uint32_t *w = (const uint32_t *)(t->stack_base + VOS_CFG_STACK_GUARD);
    const uint32_t *end = (const uint32_t *)(t->stack_base + t->stack_size);
    long n = 0;
    while (w < end && *w++ == VOS__FILL_WORD)
        n += 4;
    return n;
}

__attribute__((weak)) void vos_hook_stack_overflow(vos_task_t *t)
{
    (void)t;
}

vos_task_t *vos_stack_overflow_task(void)
{
    return overflow_task;
}

/* Called by the port, in the switch handler, when t's guard word is found
 * overwritten: t must never run again. Its wait (if any) and mutexes are
 * released so that the rest of the system goes on. */
void vos__stack_fault(vos_task_t *t)
{
    uint32_t key = vos__lock();
    overflow_task = t;
    if (t->state == VOS_TASK_READY)
        vos__ready_remove(t);
    else if (t->state == VOS_TASK_BLOCKED) {
        t->flags &= (uint8_t)~VOS__TF_SUSPEND;
        vos__wake_abort(t, VOS_ERR_DELETED);
        vos__ready_remove(t);
    }
    vos__mutex_release_all(t);
    t->state = VOS_TASK_FAULTED;
    VOS__SW_REASON(VOS_TRACE_SW_FAULT);
    vos_hook_stack_overflow(t);
    vos__unlock(key);
}
