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
 * Cost: recomputing one task walks the mutexes it holds (usually one or
 * two); the chain walk is bounded by VOS_CFG_PI_DEPTH.
 */
#include "kernel.h"

static inline bool mutex_valid(const vos_mutex_t *m)
{
    return m != NULL && m->tag == VOS_TAG_MUTEX;
}

static unsigned required_prio(const vos_task_t *t)
{
    unsigned p = t->base_prio;
    for (const vos_mutex_t *m = t->held; m != NULL; m = m->next_held) {
        if (m->ceiling > p)
            p = m->ceiling;
        if (m->waiters.head != NULL && m->waiters.head->prio > p)
            p = m->waiters.head->prio;
    }
    return p;
}

void vos__pi_update(vos_task_t *t)
{
    for (unsigned depth = 0; t != NULL && depth < VOS_CFG_PI_DEPTH; depth++) {
        unsigned p = required_prio(t);
        if (p == t->prio)
            return;
        vos__set_eff_prio(t, p, p > t->prio ? VOS_TRACE_PRIO_INHERIT : VOS_TRACE_PRIO_RESTORE);
        if (t->state != VOS_TASK_BLOCKED || t->wait_mutex == NULL)
            return;
        t = t->wait_mutex->owner;
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

/* Pass m from its owner to its first waiter, or free it. Lock held.
 * Returns the new owner (NULL if none). The caller restores the old
 * owner's priority. */
static vos_task_t *hand_over(vos_mutex_t *m)
{
    held_remove(m->owner, m);
    vos_task_t *w = m->waiters.head;
    if (w == NULL) {
        m->owner = NULL;
        m->count = 0;
        return NULL;
    }
    w->wait_mutex = NULL;
    vos__wake(w, VOS_OK);
    m->owner = w;
    m->count = 1;
    held_push(w, m);
    vos__pi_update(w);   /* the remaining waiters (or a ceiling) now boost w */
    return w;
}

int vos_mutex_init(vos_mutex_t *m)
{
    VOS__CHECK(m != NULL, VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    *m = (vos_mutex_t){ .tag = VOS_TAG_MUTEX };
    return VOS_OK;
}

int vos_mutex_init_ceiling(vos_mutex_t *m, unsigned ceiling)
{
    VOS__CHECK(m != NULL, VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__CHECK(ceiling >= VOS_PRIO_MIN && ceiling <= VOS_PRIO_MAX, VOS_ERR_ARG);
    *m = (vos_mutex_t){ .tag = VOS_TAG_MUTEX, .ceiling = (uint8_t)ceiling };
    return VOS_OK;
}

/* True if cur waiting on m would close a cycle of owners. Lock held. */
static bool would_deadlock(const vos_mutex_t *m, const vos_task_t *cur)
{
    const vos_task_t *o = m->owner;
    for (unsigned i = 0; o != NULL && i < 4u * VOS_CFG_PI_DEPTH; i++) {
        if (o == cur)
            return true;
        if (o->state != VOS_TASK_BLOCKED || o->wait_mutex == NULL)
            return false;
        o = o->wait_mutex->owner;
    }
    return false;
}

int vos_mutex_lock(vos_mutex_t *m, vos_dur_t timeout)
{
    VOS__CHECK(mutex_valid(m), VOS_ERR_INVALID);
    int err = vos__can_block();
    if (VOS__UNLIKELY(err != VOS_OK))
        return err;

    uint32_t key = vos__lock();
    vos_task_t *cur = vos__cur;
    vos_task_t *owner = m->owner;

    if (VOS__LIKELY(owner == NULL)) {
        if (VOS__UNLIKELY(m->ceiling != 0)) {
            if (cur->base_prio > m->ceiling) {
                vos__unlock(key);
                return VOS_ERR_ARG;
            }
            m->owner = cur;
            m->count = 1;
            held_push(cur, m);
            vos__pi_update(cur);
        } else {
            m->owner = cur;
            m->count = 1;
            held_push(cur, m);
        }
        vos__unlock(key);
        return VOS_OK;
    }
    if (owner == cur) {
        err = VOS_OK;
        if (m->count == VOS_MUTEX_MAX_RECURSION)
            err = VOS_ERR_OVERFLOW;
        else
            m->count++;
        vos__unlock(key);
        return err;
    }
    if (timeout == VOS_NO_WAIT) {
        vos__unlock(key);
        return VOS_ERR_WOULD_BLOCK;
    }
    if (would_deadlock(m, cur)) {
        vos__unlock(key);
        return VOS_ERR_DEADLOCK;
    }

    /* Queue, boost the owner chain, then switch: the unlocking task hands
     * us the mutex, so a VOS_OK wake means we own it. */
    cur->wait_mutex = m;
    vos__block_prepare(&m->waiters, vos__deadline(timeout), VOS_TRACE_WAIT_MUTEX);
    vos__pi_update(owner);
    return vos__block_commit(key);
}

int vos_mutex_unlock(vos_mutex_t *m)
{
    VOS__CHECK(mutex_valid(m), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr() && vos__started, VOS_ERR_CONTEXT);

    uint32_t key = vos__lock();
    vos_task_t *cur = vos__cur;
    if (VOS__UNLIKELY(m->owner != cur)) {
        vos__unlock(key);
        return VOS_ERR_NOT_OWNER;
    }
    if (m->count > 1) {
        m->count--;
        vos__unlock(key);
        return VOS_OK;
    }
    if (VOS__LIKELY(m->waiters.head == NULL && cur->held == m &&
                    cur->prio == cur->base_prio)) {
        /* Uncontended, most recent lock, no boost to undo. */
        cur->held = m->next_held;
        m->next_held = NULL;
        m->owner = NULL;
        m->count = 0;
        vos__unlock(key);
        return VOS_OK;
    }
    hand_over(m);
    vos__pi_update(cur);     /* fall back to exactly what is still required */
    vos__resched();
    vos__unlock(key);
    return VOS_OK;
}

int vos_mutex_delete(vos_mutex_t *m)
{
    VOS__CHECK(mutex_valid(m), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);

    uint32_t key = vos__lock();
    vos_task_t *owner = m->owner;
    while (m->waiters.head != NULL) {
        vos_task_t *w = m->waiters.head;
        w->wait_mutex = NULL;
        vos__wake(w, VOS_ERR_DELETED);
    }
    if (owner != NULL) {
        held_remove(owner, m);
        m->owner = NULL;
        vos__pi_update(owner);
    }
    m->tag = VOS_TAG_DEAD;
    if (vos__started)
        vos__resched();
    vos__unlock(key);
    return VOS_OK;
}

vos_task_t *vos_mutex_owner(const vos_mutex_t *m)
{
    return mutex_valid(m) ? m->owner : NULL;
}

void vos__mutex_waiter_left(struct vos_mutex *m)
{
    if (m->owner != NULL)
        vos__pi_update(m->owner);
}

void vos__mutex_release_all(vos_task_t *t)
{
    while (t->held != NULL) {
        vos_mutex_t *m = t->held;
        m->count = 1;
        hand_over(m);
    }
}
