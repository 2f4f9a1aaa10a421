/* SPDX-License-Identifier: MIT */
/*
 * Mutexes: ownership, recursion, the fast paths and the hand-over.
 *
 * Priority inheritance is kept by kernel/pi.c (its invariant at its top):
 * this file calls vos__pi_update on every event that changes what a mutex
 * lends (lock that waits, unlock, delete, a ceiling taken) and uses
 * kernel/pi.h's steps to own, drop and hand over a mutex.
 *
 * The owner word. A mutex that nobody waits for contributes nothing to
 * its owner's priority, so only the mutexes that matter are tracked: a
 * task's held list holds the mutexes it owns that have (or had, during
 * this ownership) a waiter, and every ceiling mutex it owns. owner_word is
 * the owner's address with two flag bits:
 *     VOS__OWNER_TRACKED  the mutex is on its owner's held list
 *     VOS__OWNER_CEILING  a ceiling mutex (set even when free)
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
 */
#include "kernel.h"

/* The owner word for the fast paths' LL/SC at an offset from m (port.h). */
#define OWNER_OFF offsetof(vos_mutex_t, owner_word)
_Static_assert(OWNER_OFF + sizeof(uintptr_t) <= 2 * sizeof(uintptr_t), "the fast path reads its owner word before the tag: within the two words kobj.h promises");

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
    *m = (vos_mutex_t){ .tag = VOS_TAG_MUTEX, .owner_word = VOS__OWNER_CEILING,
                        .ceiling = (uint8_t)ceiling };
    return VOS_OK;
}

static __attribute__((noinline)) int lock_slow(vos_mutex_t *m, vos_dur_t timeout)
{
    uint32_t key = vos__lock();
    vos_task_t *cur = vos__cur;
    if (VOS__UNLIKELY(!MUTEX_TAG_OK(m))) {
        vos__unlock(key);          /* deleted after the fast path's window */
        return VOS_ERR_INVALID;
    }
    vos_task_t *owner = vos__owner_of(m);

    if (owner != NULL && owner != cur &&
        (owner->state == VOS_TASK_EXITED || owner->state == VOS_TASK_FAULTED)) {
        vos__held_drop(m);             /* left behind by a task that exited: free */
        owner = NULL;
    }
    if (m->ceiling != 0 && cur->base_prio > m->ceiling) {
        vos__unlock(key);          /* the ceiling protocol forbids it, owned or not */
        return VOS_ERR_ARG;
    }
    if (owner == NULL) {
        vos__held_take(m, cur);
        if (m->ceiling != 0)
            vos__pi_update(cur);
        vos__unlock(key);
        return VOS_OK;
    }
    if (owner == cur) {
        int err = VOS_OK;
        if (!(m->owner_word & VOS__OWNER_TRACKED)) {
            /* Locked once on the fast path: track it so that the unlocks
             * come here to count. */
            m->owner_word |= VOS__OWNER_TRACKED;
            m->count = 1;
            vos__held_push(cur, m);
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
    if (vos__pi_would_deadlock(m, cur)) {
        vos__unlock(key);
        return VOS_ERR_DEADLOCK;
    }

    /* From now on the mutex matters to its owner's priority: track it
     * (which also sends the owner's unlock to the slow path). Then queue,
     * boost the owner chain, and switch. The unlocking task hands us the
     * mutex, so a VOS_OK wake means we own it. */
    if (!(m->owner_word & VOS__OWNER_TRACKED)) {
        m->owner_word |= VOS__OWNER_TRACKED;
        m->count = 1;
        vos__held_push(owner, m);
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
    VOS_TRACE_MUTEX_LOCK(m, err, vos__owner_of(m));
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
    if (VOS__UNLIKELY(vos__owner_of(m) != cur)) {
        vos__unlock(key);
        return VOS_ERR_NOT_OWNER;
    }
    if (m->count > 1) {
        m->count--;
        vos__unlock(key);
        return VOS_OK;
    }
    vos__held_hand_over(m);
    VOS_TRACE_MUTEX_UNLOCK(m, VOS_OK, vos__owner_of(m));
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
    vos_task_t *owner = vos__owner_of(m);
    while (m->waiters.head != NULL) {
        vos_task_t *w = m->waiters.head;
        w->wait_mutex = NULL;
        vos__wake(w, VOS_ERR_DELETED);
    }
    if (owner != NULL) {
        vos__held_drop(m);
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
    vos_task_t *o = vos__owner_of(m);
    if (o != NULL && (o->state == VOS_TASK_EXITED || o->state == VOS_TASK_FAULTED))
        o = NULL;
    *owner = o;
    return VOS_OK;
}
