/* SPDX-License-Identifier: MIT */
/*
 * Mutexes with priority inheritance (or an immediate priority ceiling).
 *
 * Inheritance is kept as an invariant, not patched case by case: the
 * effective priority of every task is the maximum of its base priority,
 * the ceilings of the ceiling mutexes it holds, and the effective
 * priorities of all tasks waiting on every mutex it holds. It is
 * recomputed on lock, unlock, timeout, deletion and priority change, and
 * passed along a chain of owners that wait on each other (up to
 * VOS_CFG_PI_DEPTH owners). Mutexes may be released in any order: the
 * owner's priority always falls back to exactly what the mutexes it still
 * holds require.
 *
 * Recursive locking by the owner is counted; the mutex is released by the
 * matching number of unlocks. Waiters get the mutex in priority order,
 * FIFO among equals, handed over directly by the unlocking task.
 *
 * A task should not exit holding a mutex. If it does, the mutexes others
 * wait for are handed to their first waiter at once, and any other one
 * passes to the next task that locks it (as long as the exited task's
 * control block has not been reused for a new task, nor freed: the next
 * lock reads it).
 */
#ifndef VAIOS_MUTEX_H
#define VAIOS_MUTEX_H

#include "vaios/task.h"

typedef struct vos_mutex {
    uint32_t tag;               /* VOS_TAG_MUTEX */
    volatile uintptr_t owner_word;/* owning task | flag bits (kernel/mutex.c); 0 when free */
    struct vos_waitq waiters;
    struct vos_mutex *next_held;/* link in the owner's list of tracked mutexes */
    uint16_t count;             /* recursion depth of the owner */
    uint8_t ceiling;            /* 0: inheritance; else the ceiling priority */
    uint8_t reserved;           /* kernel flags (a message hold: kernel/channel.c) */
} vos_mutex_t;

#define VOS_MUTEX_MAX_RECURSION 0xFFFFu

/* Initialise an inheritance mutex. Context: task or before start.
 * Errors: VOS_ERR_INVALID (m NULL), VOS_ERR_CONTEXT (from an interrupt,
 * refused also with VOS_CFG_CHECKS = 0). */
int vos_mutex_init(vos_mutex_t *m);

/* Initialise an immediate-ceiling mutex: whoever holds it runs at least at
 * priority ceiling; a task of higher base priority must not lock it.
 * Context: task or before start.
 * Errors: VOS_ERR_INVALID, VOS_ERR_CONTEXT (from an interrupt, refused
 * also with VOS_CFG_CHECKS = 0), VOS_ERR_ARG (ceiling out of range). */
int vos_mutex_init_ceiling(vos_mutex_t *m, unsigned ceiling);

/* Lock, waiting at most timeout (VOS_NO_WAIT: try; VOS_FOREVER).
 * Context: task. Errors: VOS_ERR_INVALID, VOS_ERR_CONTEXT (interrupt,
 * before start), VOS_ERR_WOULD_BLOCK (VOS_NO_WAIT and owned),
 * VOS_ERR_TIMEOUT, VOS_ERR_DELETED (deleted while waiting),
 * VOS_ERR_OVERFLOW (recursion limit), VOS_ERR_DEADLOCK (the owner chain
 * leads back to the caller), VOS_ERR_ARG (ceiling below the caller's base
 * priority). */
int vos_mutex_lock(vos_mutex_t *m, vos_dur_t timeout);

/* Unlock one level. On the last level the highest waiter, if any, becomes
 * the owner and runs at once if it outranks the caller.
 * Context: task. Errors: VOS_ERR_INVALID, VOS_ERR_CONTEXT,
 * VOS_ERR_NOT_OWNER (the caller does not hold it). */
int vos_mutex_unlock(vos_mutex_t *m);

/* Delete: waiters wake with VOS_ERR_DELETED, the owner loses it (and any
 * boost it gave). A lock or unlock under way when the delete ran that ends
 * after it fails with VOS_ERR_INVALID and changes nothing.
 * Context: task or before start. Errors: VOS_ERR_INVALID, VOS_ERR_CONTEXT
 * (from an interrupt, refused also with VOS_CFG_CHECKS = 0). */
int vos_mutex_delete(vos_mutex_t *m);

/* Store m's current owner in *owner: NULL when m is free or was held by
 * a task that has exited (the next lock takes it over). Any context.
 * Errors: VOS_ERR_INVALID (m not a mutex), VOS_ERR_ARG (owner NULL);
 * *owner is not written on error. */
int vos_mutex_owner(const vos_mutex_t *m, vos_task_t **owner);

#endif /* VAIOS_MUTEX_H */
