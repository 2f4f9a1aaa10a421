/* SPDX-License-Identifier: MIT */
/*
 * Event flag groups: 32 flags that tasks wait on, for any or all of a set.
 *
 * Setting flags is a broadcast: every waiter whose condition the flags now
 * meet is woken, in priority order (FIFO among equals), and each is told
 * the flags as they stood when its condition was met. A waiter that asked
 * for VOS_EVENT_CLEAR has the flags it waited for cleared when it is
 * released; the clearing happens after every waiter of the same
 * vos_event_set has been examined, so two waiters of one flag are both
 * released by one set.
 *
 * Cost: a set walks the whole list of waiters (O(waiters), a compare per
 * waiter plus a wake per released one), with kernel interrupts masked for
 * the walk; keep the number of waiters on one group small where interrupt
 * latency matters. A set with nobody waiting, a clear, a get and a wait
 * that is already satisfied are O(1).
 */
#ifndef VAIOS_EVENT_H
#define VAIOS_EVENT_H

#include "vaios/task.h"

/* Options of vos_event_wait. */
#define VOS_EVENT_ANY    0x0u   /* released when any of the flags is set */
#define VOS_EVENT_ALL    0x1u   /* released when all of the flags are set */
#define VOS_EVENT_CLEAR  0x2u   /* clear the flags waited for on release */

typedef struct vos_event {
    uint32_t tag;               /* VOS_TAG_EVENT */
    uint32_t flags;             /* current flags */
    struct vos_waitq waiters;
} vos_event_t;

/* Initialise with the flags in initial set.
 * Context: task or before vos_start(), not interrupt.
 * Errors: VOS_ERR_INVALID (e NULL), VOS_ERR_CONTEXT. */
int vos_event_init(vos_event_t *e, uint32_t initial);

/* Set the flags in bits and release every waiter whose condition they
 * meet; a released task that outranks the caller runs before this returns
 * (vos_event_set_isr: when the handler returns).
 * Context: task or before vos_start() (vos_event_set), kernel-level
 * interrupt handler (vos_event_set_isr).
 * Errors: VOS_ERR_INVALID, VOS_ERR_CONTEXT (wrong form for the context). */
int vos_event_set(vos_event_t *e, uint32_t bits);
int vos_event_set_isr(vos_event_t *e, uint32_t bits);

/* Clear the flags in bits. Releases nobody. Any context.
 * Errors: VOS_ERR_INVALID. */
int vos_event_clear(vos_event_t *e, uint32_t bits);

/* Store the current flags in *flags. Any context.
 * Errors: VOS_ERR_INVALID, VOS_ERR_ARG (flags NULL). */
int vos_event_get(const vos_event_t *e, uint32_t *flags);

/* Wait at most timeout until any (VOS_EVENT_ANY) or all (VOS_EVENT_ALL)
 * of the flags in bits are set; with VOS_EVENT_CLEAR, clear those flags on
 * release. On success *got (if not NULL) receives the flags as they stood
 * when the condition was met, before any clearing; on an error it is not
 * written. A condition met at the call returns at once.
 * Context: task; before vos_start() only when no wait is needed.
 * Errors: VOS_ERR_INVALID, VOS_ERR_ARG (bits 0, unknown option bits),
 * VOS_ERR_CONTEXT (interrupt; a wait needed before vos_start()),
 * VOS_ERR_WOULD_BLOCK (not met and VOS_NO_WAIT), VOS_ERR_TIMEOUT,
 * VOS_ERR_DELETED. */
int vos_event_wait(vos_event_t *e, uint32_t bits, unsigned options, vos_dur_t timeout,
                   uint32_t *got);

/* Delete: every waiter wakes with VOS_ERR_DELETED; later calls on e fail
 * with VOS_ERR_INVALID until it is initialised again.
 * Context: task or before vos_start(). Errors: VOS_ERR_INVALID,
 * VOS_ERR_CONTEXT. */
int vos_event_delete(vos_event_t *e);

#endif /* VAIOS_EVENT_H */
