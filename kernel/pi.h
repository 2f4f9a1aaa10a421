/* SPDX-License-Identifier: MIT */
/*
 * Priority inheritance, kernel-private: the held lists and the entries on
 * them (kernel/pi.c states the invariant and recomputes it). Included by
 * kernel.h; everything here is called with the kernel lock held.
 *
 * A held list (t->held, linked through next_held) holds every entry that
 * may raise t's priority. Each entry is a vos_mutex_t, of one of three
 * kinds, read from its `reserved` byte:
 *     VOS__HELD_MUTEX  a mutex t owns (kernel/mutex.c) that has, or had
 *                      during this ownership, a waiter, or has a ceiling;
 *     VOS__HELD_MSG    a message hold: a client t received and has not
 *                      replied to (kernel/channel.c), its one waiter,
 *                      the mutex in the client's send descriptor;
 *     VOS__HELD_LEND   a channel's lend (VOS_CFG_MSG_LEND_QUEUED only):
 *                      its waiters are the channel's queued clients, t
 *                      the channel's last receiver.
 * Whether an entry is on its owner's list is a different fact in a
 * different field: the owner word's VOS__OWNER_TRACKED bit. The two are
 * read only through their own names: the kind with vos__held_kind(), an
 * enum, the owner word's bits with the VOS__OWNER_ masks and
 * vos__owner_of(). (Their values may coincide, VOS__HELD_MSG and
 * VOS__OWNER_TRACKED are both 1: the send path stores the kind and the
 * hold's count from one register.)
 *
 * The small steps the measured paths take (owning, dropping, holding,
 * finding a hold) are inline here, so that moving them out of mutex.c and
 * channel.c costs no call; the rest is in pi.c.
 */
#ifndef VAIOS_KERNEL_PI_H
#define VAIOS_KERNEL_PI_H

#include <stdint.h>
#include "vaios/vaios.h"
#include "kcall.h"
#include "ksched.h"
#include "waitq.h"

/* The owner word of a mutex (vos_mutex_t.owner_word): the owner's address
 * (task control blocks are 4-aligned) with these bits. */
#define VOS__OWNER_TRACKED ((uintptr_t)0x1)   /* on its owner's held list */
#define VOS__OWNER_CEILING ((uintptr_t)0x2)   /* a ceiling mutex (set even when free) */
#define VOS__OWNER_FLAGS   (VOS__OWNER_TRACKED | VOS__OWNER_CEILING)

/* The kind of a held-list entry, kept in vos_mutex_t.reserved. */
enum vos__held_kind {
    VOS__HELD_MUTEX = 0,        /* a mutex (every vos_mutex_init'ed one) */
    VOS__HELD_MSG = 1,          /* a message hold */
    VOS__HELD_LEND = 2,         /* a channel's lend */
};

static inline enum vos__held_kind vos__held_kind(const struct vos_mutex *m)
{
    return (enum vos__held_kind)m->reserved;
}

static inline vos_task_t *vos__owner_of(const struct vos_mutex *m)
{
    return (vos_task_t *)(uintptr_t)(m->owner_word & ~VOS__OWNER_FLAGS);
}

static inline void vos__held_push(vos_task_t *t, struct vos_mutex *m)
{
    m->next_held = t->held;
    t->held = m;
}

/* Take m, which is on it, off t's held list. */
static inline void vos__held_remove(vos_task_t *t, struct vos_mutex *m)
{
    struct vos_mutex **pp = &t->held;
    while (*pp != m)
        pp = &(*pp)->next_held;
    *pp = m->next_held;
    m->next_held = NULL;
}

/* Make t the owner of m (free), tracked if it must be. */
static inline void vos__held_take(struct vos_mutex *m, vos_task_t *t)
{
    uintptr_t ceil = m->owner_word & VOS__OWNER_CEILING;
    m->count = 1;
    if (ceil || m->waiters.head != NULL) {
        m->owner_word = (uintptr_t)t | ceil | VOS__OWNER_TRACKED;
        vos__held_push(t, m);
    } else {
        m->owner_word = (uintptr_t)t;
    }
}

/* Take m off its owner and leave it free. */
static inline void vos__held_drop(struct vos_mutex *m)
{
    if (m->owner_word & VOS__OWNER_TRACKED)
        vos__held_remove(vos__owner_of(m), m);
    m->owner_word &= VOS__OWNER_CEILING;
    m->count = 0;
}

/* Pass m (a mutex or a message hold) from its owner to its first waiter,
 * or free it. The caller recomputes the old owner (pi.c). */
void vos__held_hand_over(struct vos_mutex *m);

/* Recompute t's effective priority from its base priority and its held
 * list (the invariant in pi.c), then pass the change along the chain of
 * owners t waits on (at most VOS_CFG_PI_DEPTH steps). */
void vos__pi_update(vos_task_t *t);

/* True if cur waiting on m would close a cycle of owners. The walk stops
 * at a channel's lend (another receiver may take the client). */
static inline bool vos__pi_would_deadlock(const struct vos_mutex *m, const vos_task_t *cur)
{
    const vos_task_t *o = vos__owner_of(m);
    for (unsigned i = 0; o != NULL && i < 4u * VOS_CFG_PI_DEPTH; i++) {
        if (o == cur)
            return true;
        if (o->state != VOS_TASK_BLOCKED || o->wait_mutex == NULL)
            return false;
#if VOS_CFG_MSG_LEND_QUEUED
        if (vos__held_kind(o->wait_mutex) == VOS__HELD_LEND)
            return false;        /* queued on a channel: any receiver may take it */
#endif
        o = vos__owner_of(o->wait_mutex);
    }
    return false;
}

/* A waiter left m's queue by timeout, abort, deletion or termination
 * (vos__wake_abort): a message hold comes off its server's list; the
 * owner's priority may fall. */
void vos__pi_waiter_left(struct vos_mutex *m);

/* Hand over, drop or free every entry of t's held list: t exited or was
 * stopped. */
void vos__pi_release_all(vos_task_t *t);

/* --- Message holds (kernel/channel.c) --------------------------------- */

/* Make h, in a client's send descriptor, a tracked entry of server with
 * client as its one waiter (queue: put client on it too; else
 * vos__block_prepare will). The caller recomputes the server. */
static inline void vos__pi_hold(struct vos_mutex *h, vos_task_t *server, vos_task_t *client,
                                bool queue)
{
    *h = (struct vos_mutex){ .tag = VOS_TAG_MUTEX, .count = 1, .reserved = (uint8_t)VOS__HELD_MSG,
                             .owner_word = (uintptr_t)server | VOS__OWNER_TRACKED,
                             .next_held = server->held };
    server->held = h;
    client->wait_mutex = h;
    if (queue) {
        client->waitq = &h->waiters;
        vos__waitq_insert(&h->waiters, client);
    }
}

/* Take hold h off its server's held list; h is dead. The caller
 * recomputes the server. */
static inline void vos__pi_unhold(vos_task_t *server, struct vos_mutex *h)
{
    vos__held_remove(server, h);
    *h = (struct vos_mutex){ .tag = VOS_TAG_DEAD };
}

/* The hold by which holder holds client c, found in holder's held list (c
 * is only compared, never followed); NULL if none. The most recent
 * receive is first. */
static inline struct vos_mutex *vos__pi_hold_of(const vos_task_t *holder, const vos_task_t *c)
{
    for (struct vos_mutex *m = holder->held; m != NULL; m = m->next_held)
        if (vos__held_kind(m) == VOS__HELD_MSG && m->waiters.head == c)
            return m;
    return NULL;
}

/* The message hold c (a task) waits in, or NULL: c is not held. */
static inline struct vos_mutex *vos__pi_held_in(const vos_task_t *c)
{
    struct vos_mutex *h = c->state == VOS_TASK_BLOCKED ? c->wait_mutex : NULL;
    return h != NULL && vos__held_kind(h) == VOS__HELD_MSG ? h : NULL;
}

/* True when c's own hold h was handed back to c: its server ended. */
static inline bool vos__pi_hold_returned(const struct vos_mutex *h, const vos_task_t *c)
{
    return h->owner_word == (uintptr_t)c;
}

/* --- Channel lends (VOS_CFG_MSG_LEND_QUEUED) ------------------------------
 * Unlike every other entry, a lend counts in its owner's priority only
 * while the owner is READY, so a task that holds any entry is recomputed
 * whenever it becomes ready or stops being ready (vos__lend_check). A lend
 * is never handed over: a server that ends drops it. */
#if VOS_CFG_MSG_LEND_QUEUED
static inline vos_task_t *vos__pi_lend_owner(const struct vos_mutex *lend)
{
    return vos__owner_of(lend);
}
/* lend's waiters lend to cur from now on (while it is ready). */
void vos__pi_lend_bind(struct vos_mutex *lend, vos_task_t *cur);
/* lend's waiters lend to no one (until the next bind). */
void vos__pi_lend_unbind(struct vos_mutex *lend);

static inline void vos__lend_check(vos_task_t *t)
{
    if (t->held != NULL)
        vos__pi_update(t);
}
#else
#define vos__lend_check(t) ((void)0)
#endif

#endif /* VAIOS_KERNEL_PI_H */
