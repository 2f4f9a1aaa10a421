/* SPDX-License-Identifier: MIT */
/*
 * CMSIS-RTOS2 threads and thread flags.
 *
 * A thread is a VAIOS task at the start of an os2_thread_t; a kernel task
 * is recognised as a CMSIS thread by a walk of the registry
 * (os2_thread_of), which reads nothing but the layer's own memory. Its
 * entry is thread_entry(). Thread flags are a VAIOS event group in the
 * control block that only its thread waits on, so osThreadFlagsWait has
 * the any / all / no-clear semantics of event flags exactly.
 *
 * Lifetime. Every thread is in the registry from osThreadNew until its
 * storage is reclaimed. A detached thread's storage is reclaimed after it
 * ends: a thread that exits cannot free the stack it runs on, so it goes
 * on the zombie list and the next layer call that allocates (or counts)
 * reclaims it once the kernel reports it exited; a joinable one is
 * reclaimed by osThreadJoin or osThreadDetach. Before a thread's memory is
 * reused, every layer mutex it left locked is released (os2_reap).
 */
#include "os2.h"

static os2_thread_t *registry;      /* all threads whose storage is live */
static os2_thread_t *zombies;       /* detached threads that have ended */
static uint32_t zombie_count;

static void thread_entry(void *arg);

/* The thread whose kernel task is t (the control block no longer keeps
 * the entry function and argument): a walk of the registry, O(threads).
 * Threads enter it at the front and leave it by unlinking, so a walk that
 * an interrupt makes meanwhile still ends. */
os2_thread_t *os2_thread_of(vos_task_t *t)
{
    if (t == NULL)
        return NULL;
    for (os2_thread_t *th = registry; th != NULL; th = th->next)
        if (&th->task == t)
            return th;
    return NULL;
}

static inline os2_thread_t *self(void)
{
    /* vos_self() in a handler is the interrupted task; the layer's "calling
     * thread" does not exist there. */
    return vos_in_isr() ? NULL : os2_thread_of(vos_self());
}

static bool ended(const os2_thread_t *th)
{
    int st = vos_task_state(&th->task);
    return st == VOS_TASK_EXITED || st == VOS_TASK_FAULTED;
}

static void registry_remove(os2_thread_t *th)
{
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    for (os2_thread_t **pp = &registry; *pp != NULL; pp = &(*pp)->next) {
        if (*pp == th) {
            *pp = th->next;
            break;
        }
    }
    (void)vos_crit_exit(k);
}

/* Give back everything the layer allocated for th. th has ended. */
static void thread_free(os2_thread_t *th)
{
    registry_remove(th);
    os2_mutex_drop_dead();
    th->h.tag = 0;
    th->task.tag = VOS_TAG_DEAD;
    os2_release(th, &th->h, th->task.stack_base);
}

void os2_reap(void)
{
    if (zombie_count == 0 || os2_isr() || !vos_running())
        return;
    for (;;) {
        os2_thread_t *found = NULL;
        vos_crit_t k;
        (void)vos_crit_enter(&k);
        for (os2_thread_t **pp = &zombies; *pp != NULL; pp = &(*pp)->next_zombie) {
            if (ended(*pp)) {
                found = *pp;
                *pp = found->next_zombie;
                zombie_count--;
                break;
            }
        }
        (void)vos_crit_exit(k);
        if (found == NULL)
            return;
        thread_free(found);
    }
}

/* The end of every CMSIS thread, by return or osThreadExit. */
static __NO_RETURN void thread_end(os2_thread_t *th)
{
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    th->state |= OS2_TS_TERMINATED;
    if (th->state & OS2_TS_DETACHED) {
        th->next_zombie = zombies;
        zombies = th;
        zombie_count++;
    }
    (void)vos_crit_exit(k);
    vos_task_exit();
}

static void thread_entry(void *arg)
{
    os2_thread_t *th = arg;
    th->func(th->arg);
    thread_end(th);
}

/* --- Creation ------------------------------------------------------------- */

extern bool os2_privileged_protected;

osThreadId_t osThreadNew(osThreadFunc_t func, void *argument, const osThreadAttr_t *attr)
{
    static const osThreadAttr_t defaults;
    if (func == NULL)
        return NULL;
    if (attr == NULL)
        attr = &defaults;
    osPriority_t prio = attr->priority == osPriorityNone ? osPriorityNormal : attr->priority;
    unsigned level = vos_cmsis_prio(prio);
    if (level == 0)
        return NULL;
    if ((attr->attr_bits & osThreadPrivileged) && os2_privileged_protected)
        return NULL;
    if ((attr->attr_bits & (osThreadPrivileged | osThreadUnprivileged)) ==
        (osThreadPrivileged | osThreadUnprivileged))
        return NULL;
    if (attr->affinity_mask & ~1u)
        return NULL;    /* one processor */

    void *stack = attr->stack_mem;
    size_t size = attr->stack_size;
    if (stack != NULL) {
        /* The kernel wants an 8-byte aligned stack of 8-byte units; the
         * caller's need only be 4-byte aligned in 4-byte units (CubeMX
         * declares stacks as uint32_t arrays): its start is rounded up
         * and its end down to 8 bytes, losing at most 8 bytes. */
        if (((uintptr_t)stack & 3u) || (size & 3u))
            return NULL;
        size_t skip = (size_t)(-(uintptr_t)stack & 7u);
        size = size >= skip ? (size - skip) & ~(size_t)7u : 0;
        stack = (uint8_t *)stack + skip;
        if (size < VOS_CFG_STACK_MIN)
            return NULL;
    } else if (size == 0) {
        size = VOS_CMSIS_STACK_SIZE;
    } else if (size < VOS_CFG_STACK_MIN) {
        return NULL;
    }

    os2_thread_t *th = OS2_NEW(attr, th);
    if (th == NULL)
        return NULL;
    if (stack == NULL) {
        size = (size + 7u) & ~(size_t)7u;
        stack = os2_new_mem(th, &th->h, size);
        if (stack == NULL)
            return NULL;
    }
    th->func = func;
    th->arg = argument;
    th->attr_bits = attr->attr_bits;
    th->prio = (uint8_t)prio;
    th->state = (attr->attr_bits & osThreadJoinable) ? 0 : OS2_TS_DETACHED;
    vos_event_init(&th->flags, 0);
    th->h.tag = OS2_TAG_THREAD;

    vos_crit_t k;
    (void)vos_crit_enter(&k);
    th->next = registry;
    registry = th;
    (void)vos_crit_exit(k);

    if (vos_task_create(&th->task, attr->name, thread_entry, th, level, stack, size) != VOS_OK) {
        registry_remove(th);
        th->h.tag = 0;
        os2_release(th, &th->h, stack);
        return NULL;
    }
    return th;
}

/* --- Queries -------------------------------------------------------------- */

const char *osThreadGetName(osThreadId_t thread_id)
{
    os2_thread_t *th = thread_id;
    return os2_thread_valid(th) ? th->h.name : NULL;
}

/* In a handler: the interrupted thread (the reference allows the call
 * from an ISR and RTX answers the running thread), NULL for a native task. */
osThreadId_t osThreadGetId(void)
{
    return os2_thread_of(vos_self());
}

osThreadState_t osThreadGetState(osThreadId_t thread_id)
{
    os2_thread_t *th = thread_id;
    if (os2_isr() || !os2_thread_valid(th))
        return osThreadError;
    switch (vos_task_state(&th->task)) {
    case VOS_TASK_READY:
        return &th->task == vos_self() ? osThreadRunning : osThreadReady;
    case VOS_TASK_BLOCKED:
    case VOS_TASK_SUSPENDED:
        return osThreadBlocked;
    case VOS_TASK_EXITED:
    case VOS_TASK_FAULTED:
        return osThreadTerminated;
    default:
        return osThreadError;
    }
}

uint32_t osThreadGetStackSize(osThreadId_t thread_id)
{
    os2_thread_t *th = thread_id;
    if (os2_isr() || !os2_thread_valid(th))
        return 0;
    return (uint32_t)th->task.stack_size;
}

uint32_t osThreadGetStackSpace(osThreadId_t thread_id)
{
    os2_thread_t *th = thread_id;
    if (os2_isr() || !os2_thread_valid(th) || ended(th))
        return 0;
    size_t n;
    if (vos_task_stack_unused(&th->task, &n) != VOS_OK)
        return 0;
    return n <= UINT32_MAX ? (uint32_t)n : UINT32_MAX;
}

osStatus_t osThreadSetPriority(osThreadId_t thread_id, osPriority_t priority)
{
    os2_thread_t *th = thread_id;
    if (os2_isr())
        return osErrorISR;
    unsigned level = vos_cmsis_prio(priority);
    if (!os2_thread_valid(th) || level == 0)
        return osErrorParameter;
    if (ended(th))
        return osErrorResource;
    th->prio = (uint8_t)priority;
    return os2_status(vos_task_set_priority(&th->task, level));
}

/* The CMSIS priority th runs at: its own, or the highest of the CMSIS
 * threads that wait, directly or down a chain of owners (at most depth
 * links, the kernel's VOS_CFG_PI_DEPTH), on a mutex it holds. The kernel's
 * inheritance raises th to that thread's level; as two CMSIS priorities
 * share a level, only the waiter tells which of the two it is.
 * O(threads x waiters in the chain). Scheduler locked (nothing waits or
 * is released meanwhile). */
static unsigned prio_inherited(const os2_thread_t *th, unsigned depth)
{
    unsigned p = th->prio;
    if (depth == 0)
        return p;
    for (const os2_thread_t *w = registry; w != NULL; w = w->next) {
        const vos_mutex_t *m = w->task.wait_mutex;
        if (w == th || m == NULL || m->tag != VOS_TAG_MUTEX ||
            (const vos_task_t *)(m->owner_word & ~(uintptr_t)3) != &th->task)
            continue;
        unsigned q = prio_inherited(w, depth - 1u);
        if (q > p)
            p = q;
    }
    return p;
}

osPriority_t osThreadGetPriority(osThreadId_t thread_id)
{
    os2_thread_t *th = thread_id;
    if (os2_isr() || !os2_thread_valid(th) || ended(th))
        return osPriorityError;
    int eff = vos_task_priority(&th->task);
    if ((unsigned)eff == vos_cmsis_prio((osPriority_t)th->prio))
        return (osPriority_t)th->prio;
    /* Raised by inheritance: the priority of the CMSIS thread it inherits
     * from, the one whose level it runs at. */
    if (vos_sched_lock() == VOS_OK) {
        unsigned p = prio_inherited(th, VOS_CFG_PI_DEPTH);
        eff = vos_task_priority(&th->task);
        (void)vos_sched_unlock();
        if (vos_cmsis_prio((osPriority_t)p) == (unsigned)eff)
            return (osPriority_t)p;
    }
    /* Raised by a native task (no CMSIS priority): the highest CMSIS
     * priority of the level it runs at. */
    for (int p = osPriorityISR; p >= osPriorityIdle; p--)
        if (vos_cmsis_prio((osPriority_t)p) == (unsigned)eff)
            return (osPriority_t)p;
    return eff > (int)vos_cmsis_prio(osPriorityISR) ? osPriorityISR : osPriorityError;
}

osStatus_t osThreadYield(void)
{
    if (os2_isr())
        return osErrorISR;
    if (!vos_running())
        return osError;
    vos_yield();
    return osOK;
}

osStatus_t osThreadSuspend(osThreadId_t thread_id)
{
    os2_thread_t *th = thread_id;
    OS2_THREAD_CALL_ON_THREAD(th);
    int err = vos_task_suspend(&th->task);
    return err == VOS_ERR_CONTEXT ? osErrorResource : os2_status(err);
}

osStatus_t osThreadDetach(osThreadId_t thread_id)
{
    os2_thread_t *th = thread_id;
    OS2_THREAD_CALL_ON_THREAD(th);
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    if (th->state & OS2_TS_DETACHED) {
        (void)vos_crit_exit(k);
        return osErrorResource;
    }
    th->state |= OS2_TS_DETACHED;
    bool gone = (th->state & OS2_TS_TERMINATED) && ended(th);
    (void)vos_crit_exit(k);
    if (gone)
        thread_free(th);
    return osOK;
}

__NO_RETURN void osThreadExit(void)
{
    os2_thread_t *th = self();
    if (os2_isr())
        vos_halt("osThreadExit from an interrupt handler");
    if (th != NULL)
        thread_end(th);
    vos_task_exit();
}

uint32_t osThreadGetCount(void)
{
    if (os2_isr())
        return 0;
    os2_reap();
    uint32_t n = 0;
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    for (os2_thread_t *th = registry; th != NULL; th = th->next)
        if (!(th->state & OS2_TS_TERMINATED))
            n++;
    (void)vos_crit_exit(k);
    return n;
}

uint32_t osThreadEnumerate(osThreadId_t *thread_array, uint32_t array_items)
{
    if (os2_isr() || thread_array == NULL || array_items == 0)
        return 0;
    os2_reap();
    uint32_t n = 0;
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    for (os2_thread_t *th = registry; th != NULL && n < array_items; th = th->next)
        if (!(th->state & OS2_TS_TERMINATED))
            thread_array[n++] = th;
    (void)vos_crit_exit(k);
    return n;
}

/* --- Thread flags ------------------------------------------------------------ */

uint32_t osThreadFlagsSet(osThreadId_t thread_id, uint32_t flags)
{
    os2_thread_t *th = thread_id;
    if (!os2_thread_valid(th) || (flags & ~OS2_FLAGS_MASK))
        return osFlagsErrorParameter;
    if (th->state & OS2_TS_TERMINATED)
        return osFlagsErrorResource;
    return os2_flags_set(&th->flags, flags);
}

uint32_t osThreadFlagsClear(uint32_t flags)
{
    if (os2_isr())
        return osFlagsErrorISR;
    os2_thread_t *th = self();
    if (th == NULL)
        return osFlagsErrorUnknown;
    if (flags & ~OS2_FLAGS_MASK)
        return osFlagsErrorParameter;
    return os2_flags_clear(&th->flags, flags);
}

uint32_t osThreadFlagsGet(void)
{
    os2_thread_t *th = os2_isr() ? NULL : self();
    uint32_t v = 0;
    if (th != NULL)
        vos_event_get(&th->flags, &v);
    return v;
}

uint32_t osThreadFlagsWait(uint32_t flags, uint32_t options, uint32_t timeout)
{
    if (os2_isr())
        return osFlagsErrorISR;
    os2_thread_t *th = self();
    if (th == NULL)
        return osFlagsErrorUnknown;
    if (!os2_flags_wait_args(flags, options))
        return osFlagsErrorParameter;
    uint32_t got;
    int err = vos_event_wait(&th->flags, flags, os2_flags_wait_options(options),
                             os2_timeout(timeout), &got);
    return err == VOS_OK ? got : os2_flags_error(err);
}

osStatus_t osThreadResume(osThreadId_t thread_id)
{
    os2_thread_t *th = thread_id;
    OS2_THREAD_CALL_ON_THREAD(th);
    /* Blocked (waiting or delayed, not suspended): the wait ends at once,
     * the reference's "back to READY"; the interrupted call returns its
     * timeout status (osDelay returns osOK). */
    if (vos_task_state(&th->task) == VOS_TASK_BLOCKED)
        return vos_task_abort_wait(&th->task) == VOS_OK ? osOK : osErrorResource;
    return os2_status(vos_task_resume(&th->task));
}

/* --- Termination and join ------------------------------------------------------ */

osStatus_t osThreadTerminate(osThreadId_t thread_id)
{
    os2_thread_t *th = thread_id;
    OS2_THREAD_CALL_ON_THREAD(th);
    if (th == self())
        thread_end(th);
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    /* Ended or ending (thread_end marks it before its kernel task exits):
     * refused as the kernel refuses a task that has ended. */
    int err = (th->state & OS2_TS_TERMINATED) ? VOS_ERR_STATE : vos_task_terminate(&th->task);
    if (err == VOS_OK)
        th->state |= OS2_TS_TERMINATED;
    bool gone = err == VOS_OK && (th->state & OS2_TS_DETACHED);
    (void)vos_crit_exit(k);
    if (err != VOS_OK)
        return err == VOS_ERR_STATE ? osErrorResource : os2_status(err);
    /* The kernel no longer refers to it: a detached thread's storage goes now. */
    if (gone)
        thread_free(th);
    return osOK;
}

osStatus_t osThreadJoin(osThreadId_t thread_id)
{
    os2_thread_t *th = thread_id;
    OS2_THREAD_CALL_ON_THREAD(th);
    if ((th->state & OS2_TS_DETACHED) || th == self())
        return osErrorResource;
    int err = vos_task_join(&th->task, VOS_FOREVER);
    if (err != VOS_OK)
        return err == VOS_ERR_DEADLOCK ? osErrorResource : os2_status(err);
    /* Several threads may have joined: the first to get here reclaims. */
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    bool mine = th->h.tag == OS2_TAG_THREAD && !(th->state & OS2_TS_DETACHED);
    if (mine)
        th->state |= OS2_TS_DETACHED | OS2_TS_TERMINATED;
    (void)vos_crit_exit(k);
    if (mine)
        thread_free(th);
    return osOK;
}
