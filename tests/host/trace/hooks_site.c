/* SPDX-License-Identifier: MIT */
/*
 * Kernel-like call sites of every hook, compiled twice by run.sh with
 * VOS_CFG_TRACE == 0: once as is and once with -DNO_HOOKS, which removes the
 * hook lines from the source. The two objects must hold the same code:
 * tracing compiled out costs nothing, not even a changed register choice.
 */
#include <stddef.h>
#include <stdint.h>
#include "vaios/trace.h"
#include "trace_hooks.h"   /* the kernel's own hooks (kernel/) */

#ifdef NO_HOOKS
#define HOOK(x)
#else
#define HOOK(x) x
#endif

struct obj {
    uint32_t tag;
    int count;
    struct vos_task *owner;
    uint32_t bits;
};

int site_sem_take(struct obj *o, struct vos_task *self);
int site_mutex(struct obj *o, struct vos_task *self, struct vos_task *next);
void *site_alloc(struct obj *heap, size_t size);
void site_switch(struct vos_task *from, struct vos_task *to, unsigned reason, unsigned irq);

int site_sem_take(struct obj *o, struct vos_task *self)
{
    int r = o->count > 0 ? 0 : -2;
    (void)self;   /* used only by a hook: hooks compiled out use nothing */
    if (r == 0)
        o->count--;
    HOOK(VOS_TRACE_SEM_TAKE(o, r);)
    HOOK(VOS_TRACE_SEM_GIVE(o, r);)
    HOOK(VOS_TRACE_TASK_BLOCK(self, o, VOS_TRACE_WAIT_SEM);)
    HOOK(VOS_TRACE_QUEUE_SEND(o, r);)
    HOOK(VOS_TRACE_QUEUE_RECV(o, r);)
    HOOK(VOS_TRACE_EVENT_SET(o, o->bits, r);)
    HOOK(VOS_TRACE_EVENT_WAIT(o, o->bits, r);)
    return r;
}

int site_mutex(struct obj *o, struct vos_task *self, struct vos_task *next)
{
    int r = o->owner == NULL ? 0 : -6;
    (void)next;
    if (r == 0)
        o->owner = self;
    HOOK(VOS_TRACE_MUTEX_LOCK(o, r, o->owner);)
    HOOK(VOS_TRACE_TASK_PRIORITY(self, o->count, o->count + 1, VOS_TRACE_PRIO_INHERIT);)
    HOOK(VOS_TRACE_MUTEX_UNLOCK(o, r, next);)
    HOOK(VOS_TRACE_TASK_READY(next);)
    HOOK(VOS_TRACE_DEADLINE_MISS(self, (uint64_t)o->bits << 3);)
    return r;
}

void *site_alloc(struct obj *heap, size_t size)
{
    void *p = size < (size_t)heap->count ? (void *)heap : NULL;
    HOOK(VOS_TRACE_HEAP_ALLOC(heap, p, size, p ? 0 : -8);)
    HOOK(VOS_TRACE_HEAP_FREE(heap, p, size, 0);)
    HOOK(VOS_TRACE_POOL_ALLOC(heap, p, 0);)
    HOOK(VOS_TRACE_POOL_FREE(heap, p, 0);)
    return p;
}

void site_switch(struct vos_task *from, struct vos_task *to, unsigned reason, unsigned irq)
{
    HOOK(VOS_TRACE_ISR_ENTER(irq);)
    HOOK(VOS_TRACE_TASK_CREATE(to, "t", reason);)
    HOOK(VOS_TRACE_TASK_SWITCH(from, to, reason);)
    HOOK(VOS_TRACE_MARKER(irq, reason);)
    HOOK(VOS_TRACE_ISR_EXIT(irq);)
    (void)from;
    (void)to;
    (void)reason;
    (void)irq;
}
