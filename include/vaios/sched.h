/* SPDX-License-Identifier: MIT */
/*
 * Scheduler-wide calls: starting the scheduler, yielding, the calling
 * context, the scheduler lock and the time of the next kernel event (for
 * tickless idle).
 */
#ifndef VAIOS_SCHED_H
#define VAIOS_SCHED_H

#include <stdbool.h>
#include "vaios/time.h"

/* Start the scheduler: creates the idle task and runs the highest-priority
 * ready task. Does not return on success.
 * Context: before start (main()).
 * Errors: VOS_ERR_STATE (already started, so also from a task),
 *         VOS_ERR_CONTEXT (from an interrupt before start), the errors of
 *         vos_task_create for the idle task (a VOS_CFG_IDLE_STACK below
 *         VOS_CFG_STACK_MIN does not compile: vaios/config.h). */
int vos_start(void);

/* True once vos_start() has run the first task. Any context. */
bool vos_running(void);

/* Give the CPU to the next ready task of the same priority, if any
 * (VOS_OK also when there is none, and while the scheduler is locked,
 * when nothing happens).
 * Context: task. Errors: VOS_ERR_CONTEXT (from an interrupt or before
 * vos_start(); nothing happens). */
int vos_yield(void);

/* True in an interrupt handler (any exception, not thread mode). Any
 * context. In a handler vos_self() is the task it interrupted. */
bool vos_in_isr(void);

/* Stop the system: kernel-level interrupts masked, vos_hook_halt(why)
 * called (hooks.h), then nothing runs but more urgent handlers. For an
 * error a layer above the kernel cannot recover from (the CMSIS-RTOS2
 * layer's osThreadExit from a handler). Any context; does not return,
 * so it returns no code. */
void vos_halt(const char *why) __attribute__((noreturn));

/* Lock the scheduler: the calling task keeps the CPU until the matching
 * outermost vos_sched_unlock(), whatever becomes ready meanwhile.
 * Interrupts stay enabled and their handlers run (and may make tasks
 * ready); a yield does nothing, and the end of a time slice takes effect
 * at the unlock.
 * Locks nest (up to 255 deep). While locked, every call that would block
 * returns VOS_ERR_CONTEXT and changes nothing a caller can observe (no
 * object's owner, count, contents or waiters; kernel-internal fast-path
 * bookkeeping may be left as the wait prepared it, see kernel/wait.c).
 * VOS_NO_WAIT calls work, and so does any call that need not wait.
 * The lock belongs to the running task: exiting or being stopped for a
 * stack overflow drops it.
 * Context: thread, after vos_start().
 * Errors: VOS_ERR_CONTEXT (interrupt, before start), VOS_ERR_OVERFLOW. */
int vos_sched_lock(void);

/* Undo one vos_sched_lock(). At the outermost unlock the task that must
 * run runs before the call returns, if it is not the caller.
 * Context: thread. Errors: VOS_ERR_CONTEXT (interrupt, before start),
 * VOS_ERR_STATE (not locked). */
int vos_sched_unlock(void);

/* Current lock depth (0: unlocked). Any context. */
int vos_sched_lock_depth(void);

/* Absolute time of the next kernel event: the earliest timeout of a
 * waiting task, alarm of a sleeping one (with wake on time, its deadline
 * less the wake-up path: vaios/config.h, VOS_CFG_WAKE_LEAD), or the next
 * expiry of a software timer, into *at. Time slices are not included (they only exist while a task runs).
 * Any context. Errors: VOS_ERR_WOULD_BLOCK (no event pending: nothing will
 * happen until an interrupt), VOS_ERR_ARG (at NULL). */
int vos_next_event(vos_time_t *at);

/* Account for time the time base did not count: slept is how long the
 * system was stopped with its counter stopped too (a deep sleep that stops
 * the timer). Every pending timeout, sleep and software timer comes slept
 * closer; those that fall due are processed at once, by the alarm
 * interrupt this brings forward. vos_now() is not changed (it reads the
 * time base): an absolute time a task waits for is reached slept sooner on
 * it. A board whose counter kept running needs no call (its time is
 * already right). O(pending timeouts + armed timers) with interrupts
 * masked.
 * Context: thread (scheduler locked or not) or before start.
 * Errors: VOS_ERR_CONTEXT (interrupt). */
int vos_time_skip(vos_dur_t slept);

#endif /* VAIOS_SCHED_H */
