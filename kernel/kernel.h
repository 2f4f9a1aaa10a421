/* SPDX-License-Identifier: MIT */
/*
 * Kernel-private declarations: the scheduler's state, the lock, parameter
 * checks and the internal functions shared by the object files. Nothing
 * outside kernel/ includes this (a port includes port_api.h, its half).
 *
 * Locking rule: all kernel state is changed with kernel interrupts masked
 * (vos__lock). Interrupt handlers only ever make tasks ready; only thread
 * code (and the port's switch, which picks, never edits) removes tasks from
 * the ready lists.
 */
#ifndef VAIOS_KERNEL_H
#define VAIOS_KERNEL_H

#include <stddef.h>
#include "vaios/vaios.h"
#include "port_api.h"      /* the port contract, both halves; the scheduler block */
#include "syscall.h"
#include "trace_hooks.h"
#include "ktime.h"         /* timeouts, the alarm, slices, the timers' hooks */
#include "stats_hooks.h"     /* empty unless VOS_CFG_RUNTIME_STATS */

/* --- Checks ------------------------------------------------------------ */

#if VOS_CFG_CHECKS
#define VOS__CHECK(cond, err) do { if (!(cond)) return (err); } while (0)
#else
#define VOS__CHECK(cond, err) do { (void)sizeof(cond); } while (0)
#endif

#if VOS_CFG_ASSERT
#define VOS__ASSERT(cond) do { if (!(cond)) arch_halt("assert: " #cond); } while (0)
#else
#define VOS__ASSERT(cond) do { (void)sizeof(cond); } while (0)
#endif

#define VOS__LIKELY(x)   __builtin_expect(!!(x), 1)
#define VOS__UNLIKELY(x) __builtin_expect(!!(x), 0)

/* The interrupt level. A handler above VOS_CFG_KERNEL_IRQ_PRIO runs even
 * inside the kernel's critical sections (arch_lock masks up to that level
 * only), so a kernel call from it would race the kernel: every call
 * allowed in a handler refuses it (arch_isr_kernel, port.h).
 *   VOS__CHECK_ISR()    the _isr forms: the caller is a handler at the
 *                       kernel's level, else VOS_ERR_CONTEXT;
 *   VOS__CHECK_LEVEL()  the calls of any context: the caller is not a
 *                       handler above the kernel's level, else
 *                       VOS_ERR_CONTEXT.
 * With VOS_CFG_CHECKS=0 and VOS_CFG_ASSERT=1 a call from above the level
 * halts instead, naming the exception (vos__halt_level); with both off
 * nothing is checked (a task form called in a handler is then the
 * caller's bug, as before). VOS__ASSERT_LEVEL() is that halt alone, for
 * paths that made the check with VOS_CFG_CHECKS themselves. */
void vos__halt_level(void) __attribute__((noreturn, cold));
#define VOS__ABOVE_KERNEL() (VOS__UNLIKELY(arch_in_isr()) && VOS__UNLIKELY(!arch_isr_kernel()))
#if VOS_CFG_CHECKS
#define VOS__CHECK_ISR() \
    do { if (VOS__UNLIKELY(!arch_isr_kernel())) return VOS_ERR_CONTEXT; } while (0)
#define VOS__CHECK_LEVEL() \
    do { if (VOS__ABOVE_KERNEL()) return VOS_ERR_CONTEXT; } while (0)
#define VOS__ASSERT_LEVEL() ((void)0)
#elif VOS_CFG_ASSERT
#define VOS__CHECK_ISR()    VOS__ASSERT_LEVEL()
#define VOS__CHECK_LEVEL()  VOS__ASSERT_LEVEL()
#define VOS__ASSERT_LEVEL() do { if (VOS__ABOVE_KERNEL()) vos__halt_level(); } while (0)
#else
#define VOS__CHECK_ISR()    ((void)0)
#define VOS__CHECK_LEVEL()  ((void)0)
#define VOS__ASSERT_LEVEL() ((void)0)
#endif

/* --- Lock ---------------------------------------------------------------- */

/* The kernel's sections and vos_crit_enter's (vaios/critical.h) are one
 * population for the statistics. */
#if VOS_CFG_CRIT_STATS
#define vos__lock()        vos__crit_begin()
#define vos__unlock(k)     vos__crit_end((k), __func__)
#else
#define vos__lock()        arch_lock()
#define vos__unlock(k)     arch_unlock(k)
#endif

/* --- Scheduler state (sched.c) ------------------------------------------ */
/* The block vos__s, vos__cur and the pick: port_api.h. */

/* The guarantee of vaios/kobj.h: the tag is the first word of every object. */
_Static_assert(offsetof(vos_task_t, tag) == 0, "task tag first");
_Static_assert(offsetof(vos_sem_t, tag) == 0, "semaphore tag first");
_Static_assert(offsetof(vos_mutex_t, tag) == 0, "mutex tag first");
_Static_assert(offsetof(vos_queue_t, tag) == 0, "queue tag first");
_Static_assert(offsetof(vos_event_t, tag) == 0, "event group tag first");
_Static_assert(offsetof(vos_heap_t, tag) == 0, "heap tag first");
_Static_assert(offsetof(vos_pool_t, tag) == 0, "pool tag first");
_Static_assert(offsetof(vos_timer_t, tag) == 0, "timer tag first");

/* ... and no object is smaller than the two words a check may read before
 * refusing it (the sem and mutex fast paths' second word, asserted in
 * sem.c and mutex.c). */
#define VOS__TWO_WORDS (2 * sizeof(uintptr_t))
_Static_assert(sizeof(vos_task_t) >= VOS__TWO_WORDS && sizeof(vos_sem_t) >= VOS__TWO_WORDS &&
               sizeof(vos_mutex_t) >= VOS__TWO_WORDS && sizeof(vos_queue_t) >= VOS__TWO_WORDS &&
               sizeof(vos_event_t) >= VOS__TWO_WORDS && sizeof(vos_heap_t) >= VOS__TWO_WORDS &&
               sizeof(vos_pool_t) >= VOS__TWO_WORDS && sizeof(vos_timer_t) >= VOS__TWO_WORDS,
               "every kernel object holds the two words a refused call may read");

#define vos__ready_map  (vos__s.ready_map)
#define vos__ready      (vos__s.ready)
#define vos__preempt    (vos__s.preempt)
extern uint32_t vos__lock_depth;             /* vos_sched_lock() nesting */

/* The running task ends (exit, stack fault): its scheduler lock goes with
 * it. Lock held. */
static inline void vos__sched_lock_drop(void)
{
    vos__lock_depth = 0;
    vos__preempt = 1;
}
extern bool vos__started;

#define VOS__TF_SUSPEND  0x01u  /* suspend requested while blocked */
#define VOS__TF_SLICE    0x02u  /* takes part in round-robin slicing */

/* Append t at the tail of its level. Lock held (or an interrupt handler). */
static inline void vos__ready_insert(vos_task_t *t)
{
    unsigned p = t->prio;
    vos_task_t *h = vos__ready[p];

    if (h == NULL) {
        t->next = t->prev = t;
        vos__ready[p] = t;
        vos__ready_map |= 1u << p;
    } else {
        vos_task_t *tail = h->prev;
        t->next = h;
        t->prev = tail;
        tail->next = t;
        h->prev = t;
    }
    VOS__SLICE_CHECK();
}

void vos__ready_remove(vos_task_t *t);

/* vos__ready_remove inline, for the blocking path (wait.c), whose whole
 * length is masked: t off its ready level, but its own links left as they
 * were: the caller sets them (NULL, or its place in a wait queue) before
 * the lock is released. Lock held. */
static inline void vos__ready_unlink(vos_task_t *t)
{
    unsigned p = t->prio;

    if (t->next == t) {
        vos__ready[p] = NULL;
        vos__ready_map &= ~(1u << p);
    } else {
        t->prev->next = t->next;
        t->next->prev = t->prev;
        if (vos__ready[p] == t)
            vos__ready[p] = t->next;
    }
    VOS__SLICE_CHECK();
}

/* Switch if the pick is no longer the running task. Lock held; the switch
 * itself happens when the lock is released. */
static inline void vos__resched(void)
{
    if (vos__pick_inline() != vos__cur)
        arch_switch();
}

/* Change the effective priority of t, moving it within the ready list or
 * its wait queue. Lock held. */
void vos__set_eff_prio(vos_task_t *t, unsigned prio, int cause);

/* --- Waiting (wait.c) ---------------------------------------------------- */

void vos__waitq_insert(struct vos_waitq *q, vos_task_t *t);  /* priority order */
void vos__waitq_remove(struct vos_waitq *q, vos_task_t *t);
void vos__waitq_reposition(struct vos_waitq *q, vos_task_t *t);

/* vos__block in two halves, for callers that must act between queuing the
 * task and switching away (priority inheritance): prepare queues the
 * running task, commit switches, releases the lock and returns the result. */
#if VOS_CFG_TRACE
void vos__block_prepare(struct vos_waitq *q, vos_time_t deadline, int kind, const void *obj);
#else
/* kind and obj are the trace's only: without it they are not passed (two
 * stack arguments less on every blocking path). */
void vos__block_prepare_(struct vos_waitq *q, vos_time_t deadline);
#define vos__block_prepare(q, deadline, kind, obj) \
    ((void)(kind), (void)(obj), vos__block_prepare_((q), (deadline)))
#endif
static inline int vos__block_commit(uint32_t key)
{
    arch_switch();
    vos__unlock(key);   /* the switch happens here; we return when woken */
    return vos__cur->wait_result;
}

/* Block the running task on q (NULL: a plain delay) until deadline (an
 * absolute time, or VOS_TIME_NEVER), with the lock held as key.
 * Releases the lock while blocked, returns with it released and the wait's
 * result: VOS_OK or the code the waker set, VOS_ERR_TIMEOUT on timeout.
 * kind (the trace's enum vos_trace_wait) and obj (the object waited on)
 * are for the trace only. */
static inline int vos__block(struct vos_waitq *q, vos_time_t deadline, uint32_t key,
                             int kind, const void *obj)
{
    vos__block_prepare(q, deadline, kind, obj);
    return vos__block_commit(key);
}

/* Wake t from its wait with result res: off its queue and timeout, ready
 * (or suspended). Lock held. Does not switch: callers call vos__resched(). */
void vos__wake(vos_task_t *t, int res);

/* Wake t without satisfying its wait (timeout, deletion, fault): like
 * vos__wake, and if t waited for a mutex, that mutex's owner gives back
 * the boost t gave it. Lock held. */
void vos__wake_abort(vos_task_t *t, int res);

/* Wake every waiter of q with res (object deletion). Lock held. */
void vos__wake_all(struct vos_waitq *q, int res);

/* Absolute deadline for a relative timeout starting now (VOS_FOREVER and
 * anything past VOS_DUR_MAX: no deadline). */
static inline vos_time_t vos__deadline(vos_dur_t timeout)
{
    if (vos_dur_cycles(timeout) >= vos_dur_cycles(VOS_DUR_MAX))
        return VOS_TIME_NEVER;
    return vos_time_add(arch_now(), timeout);
}

/* Refuse a blocking call from a context that cannot block (an interrupt,
 * before the start, with the scheduler locked). vos__block_prepare refuses
 * a locked scheduler too, so a blocking path that does not call this one
 * still fails with VOS_ERR_CONTEXT instead of switching. */
static inline int vos__can_block(void)
{
    if (VOS__UNLIKELY(arch_in_isr() || !vos__preempt))
        return VOS_ERR_CONTEXT;
    return VOS_OK;
}

/* --- Task life cycle (task.c) -------------------------------------------- */

/* The list of live tasks (created, not yet exited, terminated or faulted),
 * through all_next/all_prev; for vos_task_enumerate. */
extern vos_task_t *vos__all_tasks;
/* Every task in vos_task_join, the task it joins in its wait_data. */
extern struct vos_waitq vos__join_q;

/* Take t, which no longer runs (exited, terminated, faulted), off the
 * list of live tasks, wake its joiners and report it to the termination
 * hook. Lock held. */
void vos__task_gone(vos_task_t *t);

/* vos__reset (the host port's): port_api.h. */

/* --- Priority inheritance (pi.c, pi.h) ---------------------------------- */

#include "pi.h"

/* --- Channels (channel.c) ------------------------------------------------ */

/* vos_msg_reply for a task of a domain (kernel/channel.c; called by
 * kernel/domain.c's dispatch, a weak reference there): the client is
 * looked for among the caller's holds and client->task is never
 * followed. Thread context. */
int vos__msg_reply_held(const vos_msg_client_t *client, const void *data, size_t len,
                        int status);

bool vos__is_idle(const vos_task_t *t);

/* The fault record's store (kernel/fault.c): its address and size, for
 * the host tests that damage it on purpose. */
void *vos__fault_store(size_t *size);

/* --- Trace ----------------------------------------------------------------
 * The hooks are vaios/trace.h's (empty unless VOS_CFG_TRACE). The reason
 * for the next switch away from the running task is noted here by the code
 * that causes it and read by the port's switch (vos__trace_switch). */
#if VOS_CFG_TRACE
extern uint8_t vos__sw_reason;
#define VOS__SW_REASON(r) (vos__sw_reason = (uint8_t)(r))
#else
#define VOS__SW_REASON(r) ((void)0)
#endif

#endif /* VAIOS_KERNEL_H */
