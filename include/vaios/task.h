/* SPDX-License-Identifier: MIT */
/*
 * Tasks and the scheduler.
 *
 * Fixed-priority preemptive scheduling: the highest-priority ready task
 * always runs. Priorities run from 1 (lowest for applications) to
 * VOS_CFG_PRIO_LEVELS-1 (highest); 0 belongs to the idle task. Tasks of
 * equal priority run in FIFO order; a preempted task keeps its place at the
 * front of its level. With VOS_CFG_TIMESLICE > 0, tasks that enabled
 * slicing are rotated among their equals after each slice.
 *
 * A task lives in memory its creator provides (control block and stack);
 * the kernel allocates nothing.
 */
#ifndef VAIOS_TASK_H
#define VAIOS_TASK_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>
#include "vaios/config.h"
#include "vaios/kobj.h"
#include "vaios/time.h"

#define VOS_PRIO_IDLE 0
#define VOS_PRIO_MIN  1
#define VOS_PRIO_MAX  (VOS_CFG_PRIO_LEVELS - 1)

typedef void (*vos_entry_t)(void *arg);

/* Task states, as vos_task_state() reports them. */
enum vos_task_state {
    VOS_TASK_READY = 1,     /* runnable (the running task is READY too) */
    VOS_TASK_BLOCKED,       /* waiting on an object, a notification or a delay */
    VOS_TASK_SUSPENDED,     /* suspended, not waiting */
    VOS_TASK_EXITED,        /* returned from its entry or called vos_task_exit */
    VOS_TASK_FAULTED,       /* stopped by the kernel (stack overflow, memory fault) */
};

struct vos_mutex;

/* The task control block. The type tag comes first, as in every kernel
 * object (vaios/kobj.h); sp and guard follow at the offsets the port's
 * context switch reads (arch/port_offsets.h, checked at compile time). */
typedef struct vos_task {
    uint32_t tag;                  /* VOS_TAG_TASK while the task exists */
    void *sp;                      /* saved stack pointer while not running */
    uint32_t *guard;               /* topmost guard word, checked on switch-out
                                      (never NULL) */
#if VOS_CFG_MPU   /* read by the switch (port_offsets.h) */
    struct vos_domain *domain;     /* its protection domain (the kernel's for a
                                      privileged task), never NULL */
    uint32_t mpu[4];               /* RBAR, RASR of MPU region 4 (its stack) and 7
                                      (its guard), as the switch writes them */
    uint32_t control;              /* its CONTROL: 1 unprivileged, 0 privileged
                                      (also while an unprivileged task is in a
                                      kernel call) */
#endif
    struct vos_task *next, *prev;  /* ready list or wait queue link */
    struct vos_task *tnext, *tprev;/* timeout list link (sorted by deadline) */
    uint32_t overruns;             /* vos_sleep_until calls that found their time
                                      passed (missed deadlines; kernel/deadline.c).
                                      Here, before the 64-bit deadline, it fills the
                                      word its alignment leaves free on a 32-bit
                                      target: the count costs no RAM there */
    vos_time_t deadline;           /* when the current wait times out */
    struct vos_waitq *waitq;       /* the wait queue the task is on, or NULL */
    struct vos_mutex *wait_mutex;  /* the mutex it waits for, or NULL */
    struct vos_mutex *held;        /* mutexes it holds (singly linked) */
    void *wait_data;               /* per-object wait data (buffer, flags) */
    uint32_t wait_arg;             /* per-object wait argument */
    int32_t wait_result;           /* VOS_OK or the error the wait ended with */
    uint8_t prio;                  /* effective priority (with inheritance) */
    uint8_t base_prio;             /* priority the application asked for */
    uint8_t state;                 /* enum vos_task_state */
    uint8_t flags;                 /* VOS__TF_* */
    uint32_t notify;               /* direct-notification count/value */
    uint32_t notify_mask;          /* event bits being waited for (notify_wait) */
    const char *name;
    uint8_t *stack_base;           /* lowest address of the stack area */
    size_t stack_size;
    struct vos_task *all_next, *all_prev; /* list of live tasks (enumerate) */
#if VOS_CFG_RUNTIME_STATS   /* vaios/stats.h; kernel/stats.c, from the switch */
    struct {
        uint64_t done;             /* cycles of its completed activations */
        uint64_t count;            /* activations begun */
        uint32_t min_inv;          /* ~shortest completed activation (0: none) */
        uint32_t max;              /* longest completed activation */
    } stats;
#endif
} vos_task_t;

/* The alignment a task stack should have so that vos_task_create uses
 * all of it: 8 bytes, or with VOS_CFG_MPU the guard's size (the guard is an
 * MPU region, aligned to its size). Declare stacks as
 *     static uint64_t stack[N / 8] __attribute__((aligned(VOS_STACK_ALIGN)));
 */
#if VOS_CFG_MPU
#define VOS_STACK_ALIGN VOS_CFG_STACK_GUARD
#else
#define VOS_STACK_ALIGN 8
#endif

/* Create a task in caller-provided memory and make it ready. If the
 * scheduler runs and the new task has a higher priority than the caller,
 * it runs before this call returns.
 * stack/stack_size: any alignment; the usable part starts at the next
 * multiple of VOS_STACK_ALIGN, ends at a multiple of 8, and must hold at
 * least VOS_CFG_STACK_MIN bytes.
 * Context: thread, or before vos_start(). Not from interrupts.
 * Errors: VOS_ERR_INVALID (t NULL; t already a live task),
 *         VOS_ERR_ARG (entry or stack NULL, priority outside
 *         VOS_PRIO_MIN..VOS_PRIO_MAX, stack too small), VOS_ERR_CONTEXT
 *         (from an interrupt). */
int vos_task_create(vos_task_t *t, const char *name, vos_entry_t entry, void *arg,
                    unsigned prio, void *stack, size_t stack_size);

/* The calling task; in an interrupt handler, the task it interrupted
 * (vos_in_isr() tells them apart). NULL before the scheduler starts. Any
 * context. */
vos_task_t *vos_self(void);

/* Suspend t (NULL or vos_self(): the caller). A blocked task stays on its
 * wait and is suspended instead of becoming ready when the wait ends.
 * Context: thread, or before vos_start() for another task.
 * Errors: VOS_ERR_INVALID, VOS_ERR_STATE (already suspended, exited),
 * VOS_ERR_CONTEXT (from an interrupt; NULL before start; the idle task). */
int vos_task_suspend(vos_task_t *t);

/* Resume a suspended task; it runs at once if it outranks the caller.
 * Context: thread (vos_task_resume) or interrupt (vos_task_resume_isr;
 * the switch happens when the handler returns).
 * Errors: VOS_ERR_INVALID, VOS_ERR_STATE (not suspended), VOS_ERR_CONTEXT. */
int vos_task_resume(vos_task_t *t);
int vos_task_resume_isr(vos_task_t *t);

/* Set the base priority of t (NULL: the caller). Takes effect at once: a
 * task that now outranks the caller runs before this returns; the
 * effective priority stays at least the highest priority of any task
 * waiting on a mutex t holds, and a boost passes along a chain of owners.
 * Context: thread. Errors: VOS_ERR_INVALID, VOS_ERR_ARG, VOS_ERR_CONTEXT. */
int vos_task_set_priority(vos_task_t *t, unsigned prio);

/* Effective priority (inheritance included) and base priority of t
 * (NULL: the caller); negative error code for an invalid task. Any context. */
int vos_task_priority(const vos_task_t *t);
int vos_task_base_priority(const vos_task_t *t);

/* State of t (enum vos_task_state) or VOS_ERR_INVALID. Any context. */
int vos_task_state(const vos_task_t *t);

/* Opt t in or out of round-robin slicing (VOS_CFG_TIMESLICE > 0).
 * Context: thread. Errors: VOS_ERR_INVALID. */
int vos_task_set_slicing(vos_task_t *t, bool on);

/* End the calling task. Returning from the entry function does the same.
 * Mutexes it still holds are released: one that others wait for passes to
 * its first waiter at once, any other is free for the next locker (see
 * vaios/mutex.h), so a task that exits never deadlocks the others.
 * Context: thread. */
void vos_task_exit(void) __attribute__((noreturn));

/* Bytes of t's stack never used so far (the guard excluded) into *out.
 * t == NULL: the caller. Found by scanning the fill pattern from the low
 * end: O(unused bytes). The complement of vos_task_stack_high_water.
 * Context: any. Errors: VOS_ERR_INVALID (t not a task, or NULL before the
 * start), VOS_ERR_ARG (out NULL). */
int vos_task_stack_unused(const vos_task_t *t, size_t *out);

/* Stop t whatever it is doing (ready, blocked in any wait, sleeping,
 * suspended): it is taken off every ready, wait and timeout structure and
 * never runs again. Every mutex it holds is released exactly as
 * vos_task_exit() releases them: one with waiters passes to its first
 * waiter, and the priority of every task concerned (the new owner, the
 * owner t was waiting for) is recomputed by the same code as an unlock or
 * a timeout. Tasks in vos_task_join(t) wake with VOS_OK, then
 * vos_hook_task_terminated(t) runs. t's state becomes VOS_TASK_EXITED and
 * its control block and stack may be reused (vos_task_create) once the
 * call returns. t == NULL or vos_self(): the caller ends, as with
 * vos_task_exit(), and the call does not return.
 * A mutex that t locked while nobody waited for it is free for the next
 * locker, as after an exit (see vaios/mutex.h); reuse t's control block
 * only once those mutexes have been taken over, or they read as owned by
 * the new task.
 * Context: thread. Cost: O(mutexes t holds) plus one wait-queue removal.
 * Errors: VOS_ERR_INVALID (not a task), VOS_ERR_STATE (already exited,
 * terminated or faulted), VOS_ERR_ARG (the idle task), VOS_ERR_CONTEXT
 * (from an interrupt; NULL before the scheduler started). */
int vos_task_terminate(vos_task_t *t);

/* Wait until t has exited, been terminated or faulted; at once if it
 * already has. Any number of tasks may join one task.
 * Context: thread (VOS_NO_WAIT: also before the start).
 * Errors: VOS_ERR_INVALID, VOS_ERR_DEADLOCK (t is the caller, or t is
 * itself joining the caller), VOS_ERR_WOULD_BLOCK (VOS_NO_WAIT, t alive),
 * VOS_ERR_TIMEOUT, VOS_ERR_ABORTED (vos_task_abort_wait), VOS_ERR_CONTEXT
 * (from an interrupt, with the scheduler locked). */
int vos_task_join(vos_task_t *t, vos_dur_t timeout);

/* End the wait t is blocked in, whatever it waits for (object, delay,
 * notification, join): that call returns VOS_ERR_ABORTED at once (a sleep
 * too), with nothing taken; a mutex owner t was lending its priority to
 * gives it back. A suspended-while-blocked t stays suspended.
 * Context: any (thread or kernel-level interrupt; the switch to t, if it
 * outranks the interrupted task, happens as the handler returns).
 * Errors: VOS_ERR_INVALID, VOS_ERR_STATE (t is not blocked). */
int vos_task_abort_wait(vos_task_t *t);

/* The most stack t has ever used, in bytes (the initial context the port
 * builds included, the guard excluded), into *out. t == NULL: the caller.
 * Found by scanning the fill pattern from the low end: O(unused bytes).
 * Context: any. Errors: VOS_ERR_INVALID (t not a task), VOS_ERR_ARG (out
 * NULL). */
int vos_task_stack_high_water(const vos_task_t *t, size_t *out);

/* The live tasks (created and not exited, terminated or faulted; the idle
 * task once started) into out[0..cap-1], most recently created first, and
 * their number as the return value (which may exceed cap: then out holds
 * the first cap). cap == 0 (out may be NULL) only counts.
 * Context: thread or before the start. Cost: O(tasks), all of it with
 * kernel interrupts masked so that the list is one snapshot: a call for a
 * supervisor or a debugger, not for a control loop.
 * Errors: VOS_ERR_ARG (out NULL with cap > 0), VOS_ERR_CONTEXT
 * (from an interrupt). */
int vos_task_enumerate(vos_task_t **out, size_t cap);

/* The number of missed deadlines of t (NULL: the caller) into *out: its
 * vos_sleep_until calls that found their time already passed (and
 * returned VOS_ERR_LATE), since its creation; saturates at UINT32_MAX.
 * Any context. Errors: VOS_ERR_INVALID (t not a task, NULL before the
 * start), VOS_ERR_ARG (out NULL). */
int vos_task_overruns(const vos_task_t *t, uint32_t *out);

/* The last task stopped for a stack overflow, or NULL. */
vos_task_t *vos_stack_overflow_task(void);

#endif /* VAIOS_TASK_H */
