/* SPDX-License-Identifier: MIT */
/*
 * Direct task notifications: every task has one 32-bit notification value
 * that other tasks and interrupt handlers raise and that only the task
 * itself waits on. No object is needed, so it is the cheapest signal in
 * the kernel: a give or set to a task that is not waiting is a few
 * instructions, and one that releases the waiting task wakes it without
 * touching any wait queue.
 *
 * The value is used in one of two ways (a task should pick one):
 *  - as a counter (a light counting semaphore owned by the task):
 *    vos_notify_give adds one, vos_notify_take waits for a non-zero count
 *    and then takes one unit or the whole count;
 *  - as 32 event flags: vos_notify_set ORs flags in, vos_notify_wait waits
 *    for any of a set of flags and clears chosen flags on exit.
 * Both waits are released by either kind of raise when the value meets
 * their condition (take: value != 0; wait: value & bits != 0).
 *
 * The raising side completes the wait: it computes what the waiter
 * returns and applies its exit action before waking it, so the woken task
 * never re-examines the value.
 */
#ifndef VAIOS_NOTIFY_H
#define VAIOS_NOTIFY_H

#include <stdbool.h>
#include "vaios/task.h"

/* Add one to t's notification count; if t waits in vos_notify_take or in
 * vos_notify_wait on a flag the new value has, release it (it runs at once
 * if it outranks the caller; with the _isr form when the handler returns).
 * Context: task or before vos_start() (vos_notify_give), kernel-level
 * interrupt handler (vos_notify_give_isr).
 * Errors: VOS_ERR_INVALID (t not a task), VOS_ERR_STATE (t has exited or
 * faulted), VOS_ERR_CONTEXT (wrong form for the context),
 * VOS_ERR_OVERFLOW (count already UINT32_MAX; nothing changes). */
int vos_notify_give(vos_task_t *t);
int vos_notify_give_isr(vos_task_t *t);

/* Wait at most timeout until the caller's notification count is non-zero,
 * then take it: the count falls by one, or to zero with clear_on_exit.
 * *value (if not NULL) receives the count before it was taken.
 * Context: task. Errors: VOS_ERR_CONTEXT (interrupt, before vos_start()),
 * VOS_ERR_WOULD_BLOCK (count 0 and VOS_NO_WAIT), VOS_ERR_TIMEOUT (a give
 * that arrives after the timeout stays counted). *value is written only
 * on success. */
int vos_notify_take(bool clear_on_exit, vos_dur_t timeout, uint32_t *value);

/* OR bits into t's notification value and release t if it waits for any
 * of the flags it now has (or in vos_notify_take, for a non-zero value).
 * Context and errors as vos_notify_give, and VOS_ERR_ARG (bits 0); never
 * VOS_ERR_OVERFLOW. */
int vos_notify_set(vos_task_t *t, uint32_t bits);
int vos_notify_set_isr(vos_task_t *t, uint32_t bits);

/* Wait at most timeout until the caller's notification value has any of
 * the flags in bits; then *got (if not NULL) receives the value and the
 * flags in clear_mask are cleared from it.
 * Context: task. Errors: VOS_ERR_ARG (bits 0), VOS_ERR_CONTEXT,
 * VOS_ERR_WOULD_BLOCK, VOS_ERR_TIMEOUT. *got is written only on success. */
int vos_notify_wait(uint32_t bits, uint32_t clear_mask, vos_dur_t timeout, uint32_t *got);

#endif /* VAIOS_NOTIFY_H */
