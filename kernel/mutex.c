/* SPDX-License-Identifier: MIT */
/*
 * Mutexes and priority inheritance.
 *
 * The invariant (see vaios/mutex.h): for every task t,
 *     t->prio == max(t->base_prio,
 *                    ceiling of every ceiling mutex t holds,
 *                    prio of the first waiter of every mutex t holds)
 * The first waiter of a queue is its highest-priority waiter, so the
 * maximum over all waiters is read off the queue heads. vos__pi_update(t)
 * re-establishes the invariant for t and, when t's priority changed and t
 * itself waits on a mutex, for that mutex's owner, and so on along the
 * chain (at most VOS_CFG_PI_DEPTH owners; deadlock cycles are refused at
 * lock time, so the chain is finite anyway). Every event that can change
 * the right-hand side calls it: lock (new waiter), unlock (waiters leave
 * with the mutex), a waiter's timeout or deletion, a base priority change,
 * a task's exit.
 *
 * The owner word. A mutex that nobody waits for contributes nothing to
 * its owner's priority, so only the mutexes that matter are tracked: a
 * task's held list holds the mutexes it owns that have (or had, during
 * this ownership) a waiter, and every ceiling mutex it owns. owner_word is
 * the owner's address with two flag bits:
 *     MTX_TRACKED  the mutex is on its owner's held list
 *     MTX_CEILING  a ceiling mutex (set even when free)
 * So an inheritance mutex is free when the word is 0 and owned, untracked,
 * when the word is exactly the owner. The uncontended paths are a
 * load-linked/store-conditional on that word (0 -> self to lock, self ->
 * 0 to unlock): no lock, no list, no scheduler. Everything else (a
 * waiter, a ceiling, a recursive lock, an exited owner) takes the slow
 * path under the kernel lock, and a mutex that went through it stays
 * tracked until released, so its unlock comes back to the slow path.
 * m->count is meaningful only while the mutex is tracked (an untracked
 * owner holds it exactly once).
 *
 * Deletion in the window. An interrupt (or the task it wakes) may delete
 * the mutex anywhere in a call, also between the load-linked and the
 * store-conditional of the fast path, whose store then fails. So lock
 * reads the type tag inside the window, after the load-linked (a store
 * that succeeds proves nothing ran since); a store that fails goes to the
 * slow path, and both slow paths read the tag again under the lock: a call that ends after the delete returned fails
 * with VOS_ERR_INVALID and touches nothing (with VOS_CFG_CHECKS; without
 * it the tag is not read). Unlock needs no check in its window: a delete
 * clears the owner, so the load-linked sends it to the slow path.
 *
 * Calls from an interrupt are refused at both settings of VOS_CFG_CHECKS
 * (docs/api.md: they decide what a call does).
 *
 * Message holds (kernel/channel.c). A client a server has received and
 * not yet replied to lends its priority exactly as a mutex waiter does,
 * so it is one: the send keeps, on the client's stack, a vos_mutex_t
 * marked MTX_MSG_HOLD whose owner is the server (tracked, on the server's
 * held list) and whose one waiter is the client (wait_mutex). required_prio,
 * the chain walk, the deadlock check, a timeout or abort (through
 * vos__mutex_waiter_left) and a priority change therefore treat a server
 * and its clients by the very code that treats an owner and its waiters;
 * only the ends differ: a reply, or the client leaving (waiter_left calls
 * channel.c's vos__msg_left for a hold), takes the hold off the server's
 * list (the memory is the client's). A server that ends hands each hold
 * to its client exactly as it hands a mutex to its first waiter; a client
 * that finds itself the owner of its own hold knows its server is gone.
 *
 * Channel lends (VOS_CFG_MSG_LEND_QUEUED = 1 only). A channel's queued
 * clients are the waiters of a mutex in the channel (marked
 * MTX_CHAN_LEND) whose owner is the channel's server, the last task that
 * received on it; so a queued client's priority reaches that server by
 * the same rule, with one condition: required_prio counts a lend only
 * while its owner is READY (a server blocked on anything else is not
 * raised, and the chain stops there). A task's readiness is therefore on
 * the right-hand side too: the wait code and suspend/resume recompute a
 * task that holds tracked mutexes when it changes (vos__lend_check). A
 * lend is not a lock: it is never handed over (an ending owner drops it)
 * and the deadlock walk stops at it (another receiver may take the
 * client).
 *
 * Costs: recomputing one task walks its tracked mutexes and message holds
 * (usually one or two); the chain walk is bounded by VOS_CFG_PI_DEPTH.
 */
#include "kernel.h"

#define MTX_TRACKED ((uintptr_t)0x1)
#define MTX_CEILING ((uintptr_t)0x2)
#define MTX_FLAGS   (MTX_TRACKED | MTX_CEILING)
_Static_assert(MTX_TRACKED == VOS__MTX_TRACKED, "kernel.h's copy for channel.c");

_Static_assert(_Alignof(vos_task_t) >= 4, "task addresses need two free low bits");

/* The owner word for the fast paths' LL/SC at an offset from m (port.h). */
#define OWNER_OFF offsetof(vos_mutex_t, owner_word)
_Static_assert(OWNER_OFF + sizeof(uintptr_t) <= 2 * sizeof(uintptr_t), "the fast path reads its owner word before the tag: within the two words kobj.h promises");

static inline vos_task_t *owner_of(const vos_mutex_t *m)
{
    return (vos_task_t *)(uintptr_t)(m->owner_word & ~MTX_FLAGS);
}

static inline bool mutex_valid(const vos_mutex_t *m)
{
    return m != NULL && m->tag == VOS_TAG_MUTEX;
}

/* The type tag of a non-NULL m, read inside the LL/SC window and under
 * the lock; always true without VOS_CFG_CHECKS. */
#if VOS_CFG_CHECKS
#define MUTEX_TAG_OK(m) ((m)->tag == VOS_TAG_MUTEX)
#else
#define MUTEX_TAG_OK(m) true
#endif

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
 * ceiling or first waiter's priority on the held list from m. */
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

    axiomatic HeldMax {
      logic integer held_max{L}(struct vos_mutex *m);
      axiom held_max_nil{L}: held_max(\null) == 0;
      axiom held_max_cons{L}: \forall struct vos_mutex *m; m != \null ==>
        held_max(m) == imax(lend(m), held_max(m->next_held));
    }
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
        if (m->reserved == VOS__MTX_CHAN_LEND && t->state != VOS_TASK_READY)
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
    for (unsigned depth = 0; t != NULL && depth < VOS_CFG_PI_DEPTH; depth++) {
        unsigned p = required_prio(t);
        if (p == t->prio)
            return;
        vos__set_eff_prio(t, p, p > t->prio ? VOS_TRACE_PRIO_INHERIT : VOS_TRACE_PRIO_RESTORE);
        if (t->state != VOS_TASK_BLOCKED || t->wait_mutex == NULL)
            return;
        t = owner_of(t->wait_mutex);
    }
}

static void held_push(vos_task_t *t, vos_mutex_t *m)
{
    m->next_held = t->held;
    t->held = m;
}

static void held_remove(vos_task_t *t, vos_mutex_t *m)
{
    vos_mutex_t **pp = &t->held;
    while (*pp != m)
        pp = &(*pp)->next_held;
    *pp = m->next_held;
    m->next_held = NULL;
}

/* Make t the owner of m (free, lock held), tracked if it must be. */
static void take(vos_mutex_t *m, vos_task_t *t)
{
    uintptr_t ceil = m->owner_word & MTX_CEILING;
    m->count = 1;
    if (ceil || m->waiters.head != NULL) {
        m->owner_word = (uintptr_t)t | ceil | MTX_TRACKED;
        held_push(t, m);
    } else {
        m->owner_word = (uintptr_t)t;
    }
}

/* Take m off its owner (lock held) and leave it free. */
static void drop(vos_mutex_t *m)
{
    if (m->owner_word & MTX_TRACKED)
        held_remove(owner_of(m), m);
    m->owner_word &= MTX_CEILING;
    m->count = 0;
}

/* Pass m from its owner to its first waiter, or free it. Lock held.
 * The caller restores the old owner's priority. */
static void hand_over(vos_mutex_t *m)
{
    drop(m);
    vos_task_t *w = m->waiters.head;
    if (w == NULL)
        return;
    w->wait_mutex = NULL;
    vos__wake(w, VOS_OK);
    take(m, w);
    vos__pi_update(w);   /* the remaining waiters (or a ceiling) now boost w */
}

int vos_mutex_init(vos_mutex_t *m)
{
    VOS__CHECK(m != NULL, VOS_ERR_INVALID);
    if (VOS__UNLIKELY(arch_in_isr()))
        return VOS_ERR_CONTEXT;
    *m = (vos_mutex_t){ .tag = VOS_TAG_MUTEX };
    return VOS_OK;
}

int vos_mutex_init_ceiling(vos_mutex_t *m, unsigned ceiling)
{
    VOS__CHECK(m != NULL, VOS_ERR_INVALID);
    if (VOS__UNLIKELY(arch_in_isr()))
        return VOS_ERR_CONTEXT;
    VOS__CHECK(ceiling >= VOS_PRIO_MIN && ceiling <= VOS_PRIO_MAX, VOS_ERR_ARG);
    *m = (vos_mutex_t){ .tag = VOS_TAG_MUTEX, .owner_word = MTX_CEILING,
                        .ceiling = (uint8_t)ceiling };
    return VOS_OK;
}

/* True if cur waiting on m would close a cycle of owners. Lock held. */
static bool would_deadlock(const vos_mutex_t *m, const vos_task_t *cur)
{
    const vos_task_t *o = owner_of(m);
    for (unsigned i = 0; o != NULL && i < 4u * VOS_CFG_PI_DEPTH; i++) {
        if (o == cur)
            return true;
        if (o->state != VOS_TASK_BLOCKED || o->wait_mutex == NULL)
            return false;
#if VOS_CFG_MSG_LEND_QUEUED
        if (o->wait_mutex->reserved == VOS__MTX_CHAN_LEND)
            return false;        /* queued on a channel: any receiver may take it */
#endif
        o = owner_of(o->wait_mutex);
    }
    return false;
}

static __attribute__((noinline)) int lock_slow(vos_mutex_t *m, vos_dur_t timeout)
{
    uint32_t key = vos__lock();
    vos_task_t *cur = vos__cur;
    if (VOS__UNLIKELY(!MUTEX_TAG_OK(m))) {
        vos__unlock(key);          /* deleted after the fast path's window */
        return VOS_ERR_INVALID;
    }
    vos_task_t *owner = owner_of(m);

    if (owner != NULL && owner != cur &&
        (owner->state == VOS_TASK_EXITED || owner->state == VOS_TASK_FAULTED)) {
        drop(m);             /* left behind by a task that exited: free */
        owner = NULL;
    }
    if (m->ceiling != 0 && cur->base_prio > m->ceiling) {
        vos__unlock(key);          /* the ceiling protocol forbids it, owned or not */
        return VOS_ERR_ARG;
    }
    if (owner == NULL) {
        take(m, cur);
        if (m->ceiling != 0)
            vos__pi_update(cur);
        vos__unlock(key);
        return VOS_OK;
    }
    if (owner == cur) {
        int err = VOS_OK;
        if (!(m->owner_word & MTX_TRACKED)) {
            /* Locked once on the fast path: track it so that the unlocks
             * come here to count. */
            m->owner_word |= MTX_TRACKED;
            m->count = 1;
            held_push(cur, m);
        }
        if (m->count == VOS_MUTEX_MAX_RECURSION)
            err = VOS_ERR_OVERFLOW;
        else
            m->count++;
        vos__unlock(key);
        return err;
    }
    if (vos_dur_cycles(timeout) == 0) {
        vos__unlock(key);
        return VOS_ERR_WOULD_BLOCK;
    }
    if (would_deadlock(m, cur)) {
        vos__unlock(key);
        return VOS_ERR_DEADLOCK;
    }

    /* From now on the mutex matters to its owner's priority: track it
     * (which also sends the owner's unlock to the slow path). Then queue,
     * boost the owner chain, and switch. The unlocking task hands us the
     * mutex, so a VOS_OK wake means we own it. */
    if (!(m->owner_word & MTX_TRACKED)) {
        m->owner_word |= MTX_TRACKED;
        m->count = 1;
        held_push(owner, m);
    }
    cur->wait_mutex = m;
    vos__block_prepare(&m->waiters, vos__deadline(timeout), VOS_TRACE_WAIT_MUTEX, m);
    vos__pi_update(owner);
    return vos__block_commit(key);
}

#if VOS_CFG_TRACE
static int lock_traced(vos_mutex_t *m, vos_dur_t timeout)
{
    int err = lock_slow(m, timeout);
    VOS_TRACE_MUTEX_LOCK(m, err, owner_of(m));
    return err;
}
#define lock_slow lock_traced
#endif

/* A lock refused in the window: a bad tag (also one good again: the call
 * overlapped a delete), else the context. */
static __attribute__((noinline, cold)) int lock_refused(const vos_mutex_t *m)
{
    (void)m;                 /* not read without VOS_CFG_CHECKS */
    return MUTEX_TAG_OK(m) ? VOS_ERR_CONTEXT : VOS_ERR_INVALID;
}

int vos_mutex_lock(vos_mutex_t *m, vos_dur_t timeout)
{
    VOS__CHECK(m != NULL, VOS_ERR_INVALID);
    vos_task_t *cur = vos__cur;
    /* Tag and context inside the window; contention or a failed store go
     * to lock_slow, which reads the tag again under the lock. */
    uintptr_t w = arch_ll_at(m, OWNER_OFF);
    if (VOS__UNLIKELY(!MUTEX_TAG_OK(m) || arch_in_isr() || cur == NULL))
        return lock_refused(m);
    if (w != 0 || VOS__UNLIKELY(!arch_sc_at(m, OWNER_OFF, (uintptr_t)cur)))
        return lock_slow(m, timeout);
    VOS_TRACE_MUTEX_LOCK(m, VOS_OK, cur);
    return VOS_OK;
}

static __attribute__((noinline)) int unlock_slow(vos_mutex_t *m)
{
    uint32_t key = vos__lock();
    vos_task_t *cur = vos__cur;
    if (VOS__UNLIKELY(!MUTEX_TAG_OK(m))) {
        vos__unlock(key);
        return VOS_ERR_INVALID;        /* deleted since the entry check */
    }
    if (VOS__UNLIKELY(owner_of(m) != cur)) {
        vos__unlock(key);
        return VOS_ERR_NOT_OWNER;
    }
    if (m->count > 1) {
        m->count--;
        vos__unlock(key);
        return VOS_OK;
    }
    hand_over(m);
    VOS_TRACE_MUTEX_UNLOCK(m, VOS_OK, owner_of(m));
    vos__pi_update(cur);     /* fall back to exactly what is still required */
    vos__resched();
    vos__unlock(key);
    return VOS_OK;
}

int vos_mutex_unlock(vos_mutex_t *m)
{
    VOS__CHECK(mutex_valid(m), VOS_ERR_INVALID);
    vos_task_t *cur = vos__cur;
    if (VOS__UNLIKELY(arch_in_isr() || cur == NULL))
        return VOS_ERR_CONTEXT;
    for (;;) {
        if (arch_ll_at(m, OWNER_OFF) != (uintptr_t)cur)
            return unlock_slow(m);
        if (arch_sc_at(m, OWNER_OFF, 0))
            break;
    }
    VOS_TRACE_MUTEX_UNLOCK(m, VOS_OK, NULL);
    return VOS_OK;
}

int vos_mutex_delete(vos_mutex_t *m)
{
    VOS__CHECK(mutex_valid(m), VOS_ERR_INVALID);
    if (VOS__UNLIKELY(arch_in_isr()))
        return VOS_ERR_CONTEXT;

    uint32_t key = vos__lock();
    vos_task_t *owner = owner_of(m);
    while (m->waiters.head != NULL) {
        vos_task_t *w = m->waiters.head;
        w->wait_mutex = NULL;
        vos__wake(w, VOS_ERR_DELETED);
    }
    if (owner != NULL) {
        drop(m);
        vos__pi_update(owner);
    }
    m->tag = VOS_TAG_DEAD;
    if (vos__started)
        vos__resched();
    vos__unlock(key);
    return VOS_OK;
}

/* A mutex left by a task that exited (or was stopped) without unlocking
 * it is free: the next lock takes it over (lock_slow). */
int vos_mutex_owner(const vos_mutex_t *m, vos_task_t **owner)
{
    VOS__CHECK_LEVEL();
    if (!mutex_valid(m))
        return VOS_ERR_INVALID;
    if (owner == NULL)
        return VOS_ERR_ARG;
    vos_task_t *o = owner_of(m);
    if (o != NULL && (o->state == VOS_TASK_EXITED || o->state == VOS_TASK_FAULTED))
        o = NULL;
    *owner = o;
    return VOS_OK;
}

void vos__mutex_waiter_left(struct vos_mutex *m)
{
    vos_task_t *o = owner_of(m);
#if VOS_CFG_MSG_LEND_QUEUED
    if (VOS__UNLIKELY(m->reserved == VOS__MTX_MSG_HOLD))
#else
    if (VOS__UNLIKELY(m->reserved != 0))     /* no channel lends: a hold */
#endif
        vos__msg_left(m);        /* a message hold: off its server's list */
    if (o != NULL)
        vos__pi_update(o);
}

void vos__mutex_release_all(vos_task_t *t)
{
    while (t->held != NULL) {
        vos_mutex_t *m = t->held;
#if VOS_CFG_MSG_LEND_QUEUED
        if (m->reserved == VOS__MTX_CHAN_LEND) {
            drop(m);             /* the channel waits for its next receiver */
            continue;
        }
#endif
        m->count = 1;
        hand_over(m);
    }
}
