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
 *
 * Deletion in the window. The object may be deleted by an interrupt (or
 * the task it wakes) that lands anywhere in a call, also between the
 * load-linked and the store-conditional. So the entry checks (type tag,
 * calling context) are read inside the window, after the load-linked: a
 * store that succeeds proves that nothing ran since. A store that fails
 * does not retry there but goes to the slow path, which reads the tag
 * again under the lock (the context cannot have changed). A call that ends after the delete returned thus
 * fails with VOS_ERR_INVALID and touches nothing (with VOS_CFG_CHECKS;
 * without it the tag is not read).
 */
#include "kernel.h"

/* The count word for the fast paths' LL/SC at an offset from s (port.h). */
#define COUNT_OFF offsetof(vos_sem_t, count)
_Static_assert(COUNT_OFF + sizeof(uintptr_t) <= 2 * sizeof(uintptr_t), "the fast path reads its count before the tag: within the two words kobj.h promises");

static inline bool sem_valid(const vos_sem_t *s)
{
    return s != NULL && s->tag == VOS_TAG_SEM;
}

/* The entry checks of a non-NULL s for the interrupt form (isr) or the
 * task form, read inside the LL/SC window. A refusal takes the cold path:
 * VOS_ERR_INVALID for a bad tag (also one that is good again: the call
 * overlapped a delete), else VOS_ERR_CONTEXT. */
#if VOS_CFG_CHECKS
/* The interrupt form's context: a handler at the kernel's level (kcall.h). */
#define SEM_CTX_OK(isr)      ((isr) ? arch_isr_kernel() : !arch_in_isr())
#define SEM_ENTRY_OK(s, isr) ((s)->tag == VOS_TAG_SEM && SEM_CTX_OK(isr))
#define SEM_DEAD(s)          ((s)->tag != VOS_TAG_SEM)
static __attribute__((noinline, cold)) int sem_refused(const vos_sem_t *s, bool isr)
{
    return s->tag == VOS_TAG_SEM && !SEM_CTX_OK(isr) ? VOS_ERR_CONTEXT : VOS_ERR_INVALID;
}
#else
#define SEM_ENTRY_OK(s, isr) ((void)(isr), true)
#define SEM_DEAD(s)          false
#define sem_refused(s, isr)  VOS_ERR_INVALID   /* never reached */
#endif

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

/* The slow paths, under the lock: the tag is read again there, for a
 * delete that came after the window. */
static __attribute__((noinline)) int give_slow(vos_sem_t *s)
{
    uint32_t key = vos__lock();
    int err = VOS__UNLIKELY(SEM_DEAD(s)) ? VOS_ERR_INVALID : give_locked(s);
    vos__unlock(key);
    return err;
}

/* The give of both forms (isr: the interrupt form's entry check). */
static VOS__ALWAYS_INLINE int sem_give(vos_sem_t *s, bool isr)
{
    VOS__CHECK(s != NULL, VOS_ERR_INVALID);
    int err = VOS_OK;
    uintptr_t c = arch_ll_at(s, COUNT_OFF);
    if (VOS__UNLIKELY(!SEM_ENTRY_OK(s, isr)))
        err = sem_refused(s, isr);
    else if (VOS__UNLIKELY(s->waiters.head != NULL || c >= s->max) ||
             VOS__UNLIKELY(!arch_sc_at(s, COUNT_OFF, c + 1)))
        err = give_slow(s);
    VOS_TRACE_SEM_GIVE(s, err);
    return err;
}

int vos_sem_give(vos_sem_t *s)
{
    return sem_give(s, false);
}

int vos_sem_give_isr(vos_sem_t *s)
{
    VOS__ASSERT_LEVEL();
    return sem_give(s, true);
}

/* The context test of the slow take. With the entry checks it is already
 * proven: the task form read it at entry (a call's context never changes)
 * and the interrupt form passes VOS_NO_WAIT, refused before this test. */
#if VOS_CFG_CHECKS
#define TAKE_IN_ISR() false
#else
#define TAKE_IN_ISR() arch_in_isr()
#endif

static __attribute__((noinline)) int take_slow(vos_sem_t *s, vos_dur_t timeout)
{
    uint32_t key = vos__lock();
    if (VOS__UNLIKELY(SEM_DEAD(s))) {
        vos__unlock(key);
        return VOS_ERR_INVALID;
    }
    if (s->count > 0) {
        s->count--;
        vos__unlock(key);
        return VOS_OK;
    }
    if (vos_dur_cycles(timeout) == 0 || TAKE_IN_ISR() || !vos__started) {
        vos__unlock(key);
        return vos_dur_cycles(timeout) == 0 ? VOS_ERR_WOULD_BLOCK : VOS_ERR_CONTEXT;
    }
    return vos__block(&s->waiters, vos__deadline(timeout), key, VOS_TRACE_WAIT_SEM, s);
}

/* The take of both forms (isr: the interrupt form's entry check; it
 * passes VOS_NO_WAIT). */
static VOS__ALWAYS_INLINE int sem_take(vos_sem_t *s, vos_dur_t timeout, bool isr)
{
    VOS__CHECK(s != NULL, VOS_ERR_INVALID);
    int err = VOS_OK;
    uintptr_t c = arch_ll_at(s, COUNT_OFF);
    if (VOS__UNLIKELY(!SEM_ENTRY_OK(s, isr)))
        err = sem_refused(s, isr);
    else if (VOS__UNLIKELY(c == 0) || VOS__UNLIKELY(!arch_sc_at(s, COUNT_OFF, c - 1)))
        err = take_slow(s, timeout);
    VOS_TRACE_SEM_TAKE(s, err);
    return err;
}

int vos_sem_take(vos_sem_t *s, vos_dur_t timeout)
{
    return sem_take(s, timeout, false);
}

int vos_sem_take_isr(vos_sem_t *s)
{
    VOS__ASSERT_LEVEL();
    return sem_take(s, VOS_NO_WAIT, true);
}

int vos_sem_count(const vos_sem_t *s)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(sem_valid(s), VOS_ERR_INVALID);
    return (int)s->count;
}

int vos_sem_delete(vos_sem_t *s)
{
    VOS__CHECK(sem_valid(s), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    uint32_t key = vos__lock();
    return vos__delete_locked(&s->waiters, &s->tag, key);
}
