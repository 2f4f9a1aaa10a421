/* SPDX-License-Identifier: MIT */
/*
 * Counting semaphores.
 *
 * Invariant (kernel lock held): count > 0 implies nobody waits. A give
 * with waiters therefore never touches the count: it hands its unit to
 * the first waiter (highest priority, FIFO among equals), which returns
 * VOS_OK without retrying.
 *
 * Give and take without contention are a load-linked/store-conditional
 * on the count, with no lock: a give that sees no waiter and room, a take
 * that sees a unit. A waiter can only join the queue through a switch,
 * which makes the store-conditional fail, so a give can never slip a unit
 * past a task that just started to wait. Everything else goes to the
 * slow path under the kernel lock.
 */
#include "kernel.h"

static inline bool sem_valid(const vos_sem_t *s)
{
    return s != NULL && s->tag == VOS_TAG_SEM;
}

int vos_sem_init(vos_sem_t *s, uint32_t initial, uint32_t max)
{
    VOS__CHECK(s != NULL, VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__CHECK(max >= 1 && initial <= max && max <= INT32_MAX, VOS_ERR_ARG);
    *s = (vos_sem_t){ .tag = VOS_TAG_SEM, .count = initial, .max = max };
    return VOS_OK;
}

/* Give with the lock held; switches (on unlock) if a woken waiter
 * outranks the running task. */
static inline int give_locked(vos_sem_t *s)
{
    vos_task_t *w = s->waiters.head;
    if (w != NULL) {
        vos__wake(w, VOS_OK);
        if (w->prio > vos__cur->prio)
            arch_switch();
        return VOS_OK;
    }
    if (VOS__UNLIKELY(s->count >= s->max))
        return VOS_ERR_OVERFLOW;
    s->count++;
    return VOS_OK;
}

static __attribute__((noinline)) int give_slow(vos_sem_t *s)
{
    uint32_t key = vos__lock();
    int err = give_locked(s);
    vos__unlock(key);
    return err;
}

/* Shared by the task and interrupt forms once the context is checked. */
static inline int give_fast(vos_sem_t *s)
{
    uintptr_t c;
    do {
        c = arch_ll(&s->count);
        if (VOS__UNLIKELY(s->waiters.head != NULL || c >= s->max))
            return give_slow(s);
    } while (!arch_sc(&s->count, c + 1));
    return VOS_OK;
}

int vos_sem_give(vos_sem_t *s)
{
    VOS__CHECK(sem_valid(s), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    int err = give_fast(s);
    VOS_TRACE_SEM_GIVE(s, err);
    return err;
}

int vos_sem_give_isr(vos_sem_t *s)
{
    VOS__CHECK(sem_valid(s), VOS_ERR_INVALID);
    VOS__CHECK(arch_in_isr(), VOS_ERR_CONTEXT);
    int err = give_fast(s);
    VOS_TRACE_SEM_GIVE(s, err);
    return err;
}

static __attribute__((noinline)) int take_slow(vos_sem_t *s, vos_dur_t timeout)
{
    uint32_t key = vos__lock();
    if (s->count > 0) {
        s->count--;
        vos__unlock(key);
        return VOS_OK;
    }
    if (vos_dur_cycles(timeout) == 0 || arch_in_isr() || !vos__started) {
        vos__unlock(key);
        return vos_dur_cycles(timeout) == 0 ? VOS_ERR_WOULD_BLOCK : VOS_ERR_CONTEXT;
    }
    return vos__block(&s->waiters, vos__deadline(timeout), key, VOS_TRACE_WAIT_SEM, s);
}

static inline int take_fast(vos_sem_t *s, vos_dur_t timeout)
{
    uintptr_t c;
    do {
        c = arch_ll(&s->count);
        if (VOS__UNLIKELY(c == 0))
            return take_slow(s, timeout);
    } while (!arch_sc(&s->count, c - 1));
    return VOS_OK;
}

int vos_sem_take(vos_sem_t *s, vos_dur_t timeout)
{
    VOS__CHECK(sem_valid(s), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    int err = take_fast(s, timeout);
    VOS_TRACE_SEM_TAKE(s, err);
    return err;
}

int vos_sem_take_isr(vos_sem_t *s)
{
    VOS__CHECK(sem_valid(s), VOS_ERR_INVALID);
    VOS__CHECK(arch_in_isr(), VOS_ERR_CONTEXT);
    int err = take_fast(s, VOS_NO_WAIT);
    VOS_TRACE_SEM_TAKE(s, err);
    return err;
}

int vos_sem_count(const vos_sem_t *s)
{
    VOS__CHECK(sem_valid(s), VOS_ERR_INVALID);
    return (int)s->count;
}

int vos_sem_delete(vos_sem_t *s)
{
    VOS__CHECK(sem_valid(s), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    uint32_t key = vos__lock();
    vos__wake_all(&s->waiters, VOS_ERR_DELETED);
    s->tag = VOS_TAG_DEAD;
    if (vos__started)
        vos__resched();
    vos__unlock(key);
    return VOS_OK;
}
