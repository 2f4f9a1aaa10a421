/* SPDX-License-Identifier: MIT */
/*
 * Priority inheritance: the relation, recomputed.
 *
 * The invariant. For every task t (kernel lock released):
 *     t->prio == max(t->base_prio,
 *                    the ceiling of every ceiling mutex t holds,
 *                    the prio of every task waiting on any entry of t's
 *                    held list)
 * where t's held list (kernel/pi.h) holds the mutexes t owns that matter,
 * its message holds (the clients it received and has not replied to) and,
 * with VOS_CFG_MSG_LEND_QUEUED, the lend of the channel it last received
 * on, which counts only while t is READY. Waiters' prio is itself their
 * effective priority, so the relation is transitive: a task lends what it
 * is lent, along the chain of owners that wait on each other. A wait
 * queue is in priority order (kernel/wait.c), so the maximum over an
 * entry's waiters is its first waiter's.
 *
 * How it is kept. Nothing sets an inherited priority case by case:
 * required_prio(t) computes the right-hand side from t's held list, and
 * vos__pi_update(t) sets t's effective priority to it and, when it
 * changed and t itself waits on an entry, recomputes that entry's owner,
 * and so on (at most VOS_CFG_PI_DEPTH owners; deadlock cycles are refused
 * at lock time, so the chain is finite anyway). Every event that can
 * change a right-hand side calls it: a lock or a send that waits (a new
 * waiter), an unlock or a reply (an entry leaves a list), a receive (a
 * hold or a lend joins one), a waiter's timeout, abort or deletion
 * (vos__pi_waiter_left), a base priority change, a task's end
 * (vos__pi_release_all) and, for lends, a change of readiness
 * (vos__lend_check).
 *
 * Who calls. kernel/mutex.c (lock, unlock, delete) and kernel/channel.c
 * (send, receive, reply, lends) both call this file and kernel/pi.h, and
 * neither calls the other; kernel/wait.c (a waiter leaving) and
 * kernel/task.c (priority change, end) too. All with the lock held.
 *
 * Message holds. A client a server has received and not yet replied to
 * lends its priority exactly as a mutex waiter does, so it is one: its
 * send keeps, on the client's stack, an entry of kind VOS__HELD_MSG owned
 * (tracked) by the server with the client as its one waiter
 * (wait_mutex). The recomputation, the chain walk, the deadlock check, a
 * timeout or abort and a priority change therefore treat a server and its
 * clients by the very code that treats an owner and its waiters; only the
 * ends differ: a reply, or the client leaving, takes the hold off the
 * server's list (the memory is the client's). A server that ends hands
 * each hold to its client exactly as it hands a mutex to its first
 * waiter; a client that finds itself the owner of its own hold knows its
 * server is gone (vos__pi_hold_returned).
 *
 * Channel lends (VOS_CFG_MSG_LEND_QUEUED = 1 only). A channel's queued
 * clients are the waiters of an entry of kind VOS__HELD_LEND in the
 * channel whose owner is the channel's server, the last task that
 * received on it; so a queued client's priority reaches that server by
 * the same rule, with one condition: required_prio counts a lend only
 * while its owner is READY (a server blocked on anything else is not
 * raised, and the chain stops there). A lend is not a lock: it is never
 * handed over (an ending owner drops it) and the deadlock walk stops at
 * it (another receiver may take the client).
 *
 * Costs: recomputing one task walks its held list (usually one or two
 * entries); the chain walk is bounded by VOS_CFG_PI_DEPTH.
 */
#include "kernel.h"

_Static_assert(_Alignof(vos_task_t) >= 4, "task addresses need two free low bits");
_Static_assert(VOS__HELD_LEND <= UINT8_MAX, "the kinds fit vos_mutex_t.reserved");

#if VOS_CFG_MPU
/* With protection domains (vaios/domain.h): a waiter of t's own domain
 * lends at most the domain's ceiling, as does a mutex's ceiling; a waiter
 * of another domain (or a privileged one) lends its whole priority. The
 * kernel domain's ceiling is the top priority: nothing changes for it. */
static unsigned required_prio(const vos_task_t *t)
{
    unsigned p = t->base_prio;
    const vos_domain_t *d = t->domain;
    unsigned cap = d->ceiling;
    for (const vos_mutex_t *m = t->held; m != NULL; m = m->next_held) {
        unsigned c = m->ceiling < cap ? m->ceiling : cap;
        if (c > p)
            p = c;
        const vos_task_t *h = m->waiters.head, *w = h;
        if (h == NULL)
            continue;
        do {   /* priority order: stop at the first that cannot raise p */
            if (w->prio <= p)
                break;
            unsigned lend = w->domain == d && w->prio > cap ? cap : w->prio;
            if (lend > p)
                p = lend;
            w = w->next;
        } while (w != h);
    }
    return p;
}
#else
/* The right-hand side of the invariant, in ACSL for the WP proof
 * (tools/evidence/wp/pi.c, docs/evidence.md): held_max(m) is the largest
 * ceiling or first waiter's priority on the held list from m. held_max is
 * a recursive definition, not an axiomatic one: WP takes a logic function
 * declared without a definition or a reads clause to read no memory,
 * which would make axioms over it contradict each other across two
 * memory states. */
/*@ inductive held_ok{L}(struct vos_mutex *m) {
      case held_nil{L}: held_ok(\null);
      case held_cons{L}: \forall struct vos_mutex *m;
        m != \null && \valid_read(m) &&
        (m->waiters.head != \null ==> \valid_read(m->waiters.head)) &&
        held_ok(m->next_held) ==> held_ok(m);
    }

    logic integer imax(integer a, integer b) = a >= b ? a : b;

    logic integer lend{L}(struct vos_mutex *m) =
      m->waiters.head == \null ? m->ceiling : imax(m->ceiling, m->waiters.head->prio);

    logic integer held_max{L}(struct vos_mutex *m) =
      m == \null ? 0 : imax(lend(m), held_max(m->next_held));
*/
/* The invariant for x (pi_q), with the maximum written out over x's held
 * list as hl(x, 0 .. hn(x) - 1). hl, hn and the other names of the chain
 * walk's loop invariant below (task, chain_objects, world_lists, ...)
 * are defined in tools/evidence/wp/pi_world.h, which every Frama-C run
 * reads before this file. */
/*@ predicate pi_q{L}(vos_task_t *x) =
      x->prio >= x->base_prio &&
      (\forall integer i; 0 <= i < hn(x) ==> x->prio >= lend(hl(x, i))) &&
      (x->prio == x->base_prio ||
       \exists integer i; 0 <= i < hn(x) && x->prio == lend(hl(x, i)));
*/
static unsigned required_prio(const vos_task_t *t)
{
    unsigned p = t->base_prio;
    /* p is the maximum over the base and the mutexes already walked (ACSL
     * for the WP proof, tools/evidence/wp/pi.c). */
    /*@ loop invariant held_ok(m);
        loop invariant imax(p, held_max(m)) == imax(t->base_prio, held_max(t->held));
        loop assigns p, m; */
    for (const vos_mutex_t *m = t->held; m != NULL; m = m->next_held) {
        if (m->ceiling > p)
            p = m->ceiling;
#if VOS_CFG_MSG_LEND_QUEUED
        if (vos__held_kind(m) == VOS__HELD_LEND && t->state != VOS_TASK_READY)
            continue;            /* a channel lends to a ready server only */
#endif
        if (m->waiters.head != NULL && m->waiters.head->prio > p)
            p = m->waiters.head->prio;
    }
    return p;
}
#endif

void vos__pi_update(vos_task_t *t)
{
    /* Every task but t keeps the invariant (ACSL for the WP proof,
     * tools/evidence/wp/pi_chain.c; the names are defined in
     * tools/evidence/wp/pi_world.h). walk_more is what a proof carries
     * through the loop besides these: nothing (pi_world.h's default) unless
     * the proof defines it (pi_chain.c: the ready model and what its call
     * of vos__set_eff_prio requires). */
    /*@ loop invariant 0 <= depth <= VOS_CFG_PI_DEPTH;
        loop invariant t == \null || task(t);
        loop invariant chain_objects;
        loop invariant world_lists;
        loop invariant world_waits;
        loop invariant world_heads;
        loop invariant owners_ok;
        loop invariant walk_more;
        loop invariant \forall vos_task_t *x; task(x) && x != t ==> pi_q(x);
        loop invariant waits_kept{Pre, Here};
        loop invariant short_left{Pre}(\at(t, Pre), t, depth);
        loop assigns t, depth, vos__s, {y->prio | vos_task_t *y; task(y)},
                     {y->next | vos_task_t *y; task(y)}, {y->prev | vos_task_t *y; task(y)},
                     {q->head | struct vos_waitq *q; \true}; */
    for (unsigned depth = 0; t != NULL && depth < VOS_CFG_PI_DEPTH; depth++) {
        unsigned p = required_prio(t);
        if (p == t->prio)
            return;
        vos__set_eff_prio(t, p, p > t->prio ? VOS_TRACE_PRIO_INHERIT : VOS_TRACE_PRIO_RESTORE);
        if (t->state != VOS_TASK_BLOCKED || t->wait_mutex == NULL)
            return;
        t = vos__owner_of(t->wait_mutex);
    }
}

void vos__held_hand_over(vos_mutex_t *m)
{
    vos__held_drop(m);
    vos_task_t *w = m->waiters.head;
    if (w == NULL)
        return;
    w->wait_mutex = NULL;
    vos__wake(w, VOS_OK);
    vos__held_take(m, w);
    vos__pi_update(w);   /* the remaining waiters (or a ceiling) now boost w */
}

void vos__pi_waiter_left(vos_mutex_t *m)
{
    vos_task_t *o = vos__owner_of(m);
    if (VOS__UNLIKELY(vos__held_kind(m) == VOS__HELD_MSG))
        vos__pi_unhold(o, m);    /* the client's memory: off its server's list */
    if (o != NULL)
        vos__pi_update(o);
}

void vos__pi_release_all(vos_task_t *t)
{
    while (t->held != NULL) {
        vos_mutex_t *m = t->held;
#if VOS_CFG_MSG_LEND_QUEUED
        if (vos__held_kind(m) == VOS__HELD_LEND) {
            vos__held_drop(m);   /* the channel waits for its next receiver */
            continue;
        }
#endif
        m->count = 1;
        vos__held_hand_over(m);
    }
}

#if VOS_CFG_MSG_LEND_QUEUED
void vos__pi_lend_unbind(vos_mutex_t *lend)
{
    vos_task_t *o = vos__pi_lend_owner(lend);
    if (o == NULL)
        return;
    vos__held_remove(o, lend);
    lend->owner_word = 0;
    vos__pi_update(o);
}

void vos__pi_lend_bind(vos_mutex_t *lend, vos_task_t *cur)
{
    if (vos__pi_lend_owner(lend) == cur)
        return;
    vos__pi_lend_unbind(lend);
    lend->owner_word = (uintptr_t)cur | VOS__OWNER_TRACKED;
    vos__held_push(cur, lend);
    vos__pi_update(cur);
}
#endif
