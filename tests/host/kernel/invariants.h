/* SPDX-License-Identifier: MIT */
/*
 * The kernel's invariants, checked from outside: one checker for the unit
 * tests and the fuzzer. It reads kernel-private state (kernel/kernel.h) and
 * the objects the caller names; it never changes anything.
 */
#ifndef VAIOS_TEST_INVARIANTS_H
#define VAIOS_TEST_INVARIANTS_H

#include <stdbool.h>
#include <stddef.h>
#include "vaios/vaios.h"

/* The owner vos_mutex_owner reports for m (NULL: free), or
 * &ht_owner_error when the call fails: a pointer no test expects. */
static vos_task_t ht_owner_error;
static inline vos_task_t *ht_owner(const vos_mutex_t *m)
{
    vos_task_t *o;
    return vos_mutex_owner(m, &o) == VOS_OK ? o : &ht_owner_error;
}

/* What the caller knows exists. Entries may be NULL (skipped). Tasks that
 * exited or faulted are only checked for being off every list. */
struct inv_world {
    vos_task_t *const *tasks;
    size_t ntasks;
    vos_mutex_t *const *mutexes;
    size_t nmutexes;
    vos_sem_t *const *sems;
    size_t nsems;
    vos_timer_t *const *timers;
    size_t ntimers;
};

/* NULL if every invariant holds, else a one-line description of the first
 * one found broken (a static buffer, valid until the next call).
 * thread: the caller is a task in thread mode with the kernel lock free;
 * this adds the invariants that hold only there (the running task is the
 * pick, no timeout is overdue, the lock is free).
 *
 * Checked:
 *  - ready map bit p set exactly when level p is non-empty; each level a
 *    well-formed circular list of READY tasks of effective priority p;
 *    level 0 is the idle task alone;
 *  - every known READY task is on its level, every other task on none;
 *  - the running task is READY and the head of its level, and in thread
 *    mode it is the highest ready one (vos__pick());
 *  - every known live task's effective priority is
 *    max(base, ceilings of the mutexes it holds, effective priority of the
 *    first waiter of each mutex it holds); its held list is well formed and
 *    it owns every mutex on it;
 *  - every known mutex: free with no waiters; or owned by a live task, on
 *    the owner's held list if it has waiters or a ceiling, with a count
 *    >= 1 if it is on that list (the kernel may count only there); or left
 *    behind by an exited task with no waiters; waiters BLOCKED on it, in
 *    non-increasing priority order;
 *  - every known semaphore: count <= max, no waiter while count > 0,
 *    waiters BLOCKED on it in non-increasing priority order;
 *  - a BLOCKED task is on the wait queue it names; a task with a deadline
 *    is BLOCKED, and in thread mode its deadline is still ahead and the
 *    alarm is armed no later than it; SUSPENDED and EXITED tasks wait on
 *    nothing;
 *  - the stack guard of every live task is intact;
 *  - software timers (kernel/timer.c's invariants, read through the links
 *    every vos_timer_t carries): a known timer is linked exactly when it
 *    is armed; every known armed timer hangs from one root, and from that
 *    root the whole heap is well formed (parent and child links agree,
 *    every node is an armed timer, no child is due before its parent, the
 *    null-path length of a left child is at least that of the right one
 *    and each node's is one more than its right child's); the root is the
 *    kernel's next timer expiry; in thread mode that expiry is not
 *    overdue and the alarm is armed no later than it. */
const char *inv_check(const struct inv_world *w, bool thread);

/* The effective priority the invariant requires for t, computed from the
 * kernel's own holdings (exposed for tests that print it). */
unsigned inv_required_prio(const vos_task_t *t);

#endif /* VAIOS_TEST_INVARIANTS_H */
