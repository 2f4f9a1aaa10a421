/* SPDX-License-Identifier: MIT */
/*
 * The kernel invariant checker (see invariants.h). Every list walk is
 * bounded, so a corrupted list is reported instead of looping.
 */
#include <stdarg.h>
#include <stdio.h>
#include "kernel.h"
#include "host_test.h"
#include "invariants.h"

#define WALK_MAX 4096u
#define GUARD_WORD 0xA5A5A5A5u

static char why[256];

static const char *broken(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static const char *broken(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return why;
}

static const char *name(const vos_task_t *t)
{
    return t == NULL ? "(null)" : t->name ? t->name : "?";
}

static bool live(const vos_task_t *t)
{
    return t->tag == VOS_TAG_TASK && t->state != VOS_TASK_EXITED &&
           t->state != VOS_TASK_FAULTED;
}

unsigned inv_required_prio(const vos_task_t *t)
{
    unsigned p = t->base_prio;
    unsigned n = 0;
    for (const vos_mutex_t *m = t->held; m != NULL && n < WALK_MAX; m = m->next_held, n++) {
        if (m->ceiling > p)
            p = m->ceiling;
        /* a channel's queued clients lend to its server while it is ready
         * (VOS_CFG_MSG_LEND_QUEUED; kernel.h, "Channel lends") */
        if (vos__held_kind(m) == VOS__HELD_LEND && t->state != VOS_TASK_READY)
            continue;
        if (m->waiters.head != NULL && m->waiters.head->prio > p)
            p = m->waiters.head->prio;
    }
    return p;
}

/* Is t on the circular list that starts at head? */
static bool on_list(const vos_task_t *head, const vos_task_t *t)
{
    const vos_task_t *x = head;
    unsigned n = 0;
    if (head == NULL)
        return false;
    do {
        if (x == t)
            return true;
        x = x->next;
    } while (x != head && x != NULL && ++n < WALK_MAX);
    return false;
}

/* A wait queue: well formed, priority order, every waiter blocked on q;
 * mutex != NULL for a mutex's queue. */
static const char *check_waitq(const char *what, const struct vos_waitq *q,
                               const vos_mutex_t *mutex)
{
    const vos_task_t *h = q->head, *x = h;
    unsigned n = 0;
    if (h == NULL)
        return NULL;
    do {
        if (x->tag != VOS_TAG_TASK)
            return broken("%s: waiter %p is not a task", what, (const void *)x);
        if (x->next == NULL || x->next->prev != x)
            return broken("%s: queue links broken at %s", what, name(x));
        if (x->state != VOS_TASK_BLOCKED)
            return broken("%s: waiter %s is not BLOCKED (state %u)", what, name(x), x->state);
        if (x->waitq != q)
            return broken("%s: waiter %s names another queue", what, name(x));
        if (x->wait_mutex != mutex)
            return broken("%s: waiter %s wait_mutex wrong", what, name(x));
        if (x->next != h && x->next->prio > x->prio)
            return broken("%s: %s (prio %u) queued before %s (prio %u)", what, name(x),
                          x->prio, name(x->next), x->next->prio);
        x = x->next;
    } while (x != h && ++n < WALK_MAX);
    if (n >= WALK_MAX)
        return broken("%s: queue does not close", what);
    return NULL;
}

static const char *check_ready(bool thread)
{
    for (unsigned p = 0; p < 32; p++) {
        bool bit = (vos__ready_map >> p) & 1u;
        if (p >= VOS_CFG_PRIO_LEVELS) {
            if (bit)
                return broken("ready map bit %u beyond the levels", p);
            continue;
        }
        const vos_task_t *h = vos__ready[p];
        if (bit != (h != NULL))
            return broken("ready map bit %u is %d but level %u is %s", p, bit, p,
                          h ? "non-empty" : "empty");
        if (h == NULL)
            continue;
        const vos_task_t *x = h;
        unsigned n = 0;
        do {
            if (x->tag != VOS_TAG_TASK)
                return broken("level %u holds a non-task %p", p, (const void *)x);
            if (x->state != VOS_TASK_READY)
                return broken("level %u holds %s in state %u", p, name(x), x->state);
            if (x->prio != p)
                return broken("level %u holds %s of priority %u", p, name(x), x->prio);
            if (x->next == NULL || x->next->prev != x)
                return broken("level %u links broken at %s", p, name(x));
            x = x->next;
        } while (x != h && ++n < WALK_MAX);
        if (n >= WALK_MAX)
            return broken("level %u does not close", p);
        if (p == VOS_PRIO_IDLE && (h->next != h || !vos__is_idle(h)))
            return broken("level 0 is not the idle task alone");
    }
    if (vos__ready[VOS_PRIO_IDLE] == NULL)
        return broken("the idle task is not ready");

    const vos_task_t *cur = vos__cur;
    if (cur == NULL || cur->state != VOS_TASK_READY)
        return broken("running task %s is not READY", name(cur));
    if (vos__ready[cur->prio] != cur)
        return broken("running task %s is not the head of level %u", name(cur), cur->prio);
    if (thread) {
        if (vos__pick() != cur && vos__preempt)
            return broken("%s (prio %u) runs while %s (prio %u) is ready", name(cur),
                          cur->prio, name(vos__pick()), vos__pick()->prio);
        if ((arch_host_lock_depth & ARCH_HOST_DEPTH_MASK) != 0 || arch_host_isr)
            return broken("thread mode with the lock held or in a handler");
    }
    return NULL;
}

static const char *check_task(const vos_task_t *t, bool thread)
{
    if (t->tag != VOS_TAG_TASK)
        return NULL;       /* never created, or memory reused */
    bool on_ready = t->prio < VOS_CFG_PRIO_LEVELS && on_list(vos__ready[t->prio], t);
    if (t->state == VOS_TASK_READY && !on_ready)
        return broken("%s is READY but not on level %u", name(t), t->prio);
    if (t->state != VOS_TASK_READY && on_ready)
        return broken("%s (state %u) is on ready level %u", name(t), t->state, t->prio);
    if (!live(t))
        return NULL;

    if (t->guard != NULL && *t->guard != GUARD_WORD)
        return broken("%s: stack guard overwritten", name(t));
    if (t->base_prio < VOS_PRIO_MIN && !vos__is_idle(t))
        return broken("%s: base priority %u", name(t), t->base_prio);

    unsigned n = 0;
    for (const vos_mutex_t *m = t->held; m != NULL; m = m->next_held) {
        if (++n >= WALK_MAX)
            return broken("%s: held list does not end", name(t));
        if (m->tag != VOS_TAG_MUTEX)
            return broken("%s holds a non-mutex %p", name(t), (const void *)m);
        if (ht_owner(m) != t)
            return broken("%s holds a mutex owned by %s", name(t), name(ht_owner(m)));
    }
    unsigned want = inv_required_prio(t);
    if (t->prio != want)
        return broken("%s: effective priority %u, required %u (base %u)", name(t), t->prio,
                      want, t->base_prio);

    switch (t->state) {
    case VOS_TASK_BLOCKED:
        if (t->waitq != NULL && !on_list(t->waitq->head, t))
            return broken("%s is not on the queue it waits on", name(t));
        if (t->wait_mutex != NULL && t->waitq != &t->wait_mutex->waiters)
            return broken("%s waits for a mutex but on another queue", name(t));
        if (t->wait_mutex != NULL && ht_owner(t->wait_mutex) == t)
            return broken("%s waits for a mutex it owns", name(t));
        break;
    case VOS_TASK_READY:
    case VOS_TASK_SUSPENDED:
        if (t->waitq != NULL || t->wait_mutex != NULL)
            return broken("%s (state %u) still names a wait", name(t), t->state);
        if (t->deadline != 0)
            return broken("%s (state %u) still has a deadline", name(t), t->state);
        break;
    default:
        return broken("%s: unknown state %u", name(t), t->state);
    }
    if (t->deadline != 0 && thread) {
        if (t->deadline <= host_now())
            return broken("%s: deadline %llu is overdue at %llu", name(t),
                          (unsigned long long)t->deadline, (unsigned long long)host_now());
        if (host_alarm_at() > t->deadline)
            return broken("%s: deadline %llu but the alarm is at %llu", name(t),
                          (unsigned long long)t->deadline,
                          (unsigned long long)host_alarm_at());
    }
    return NULL;
}

/* Held lists: the kernel may keep only the mutexes that matter to their
 * owner's priority there (those with waiters, and ceiling mutexes), so
 * that is all that is required; a mutex left behind by a task that exited
 * may stay owned by it as long as nobody waits for it. */
static const char *check_mutex(const vos_mutex_t *m)
{
    if (m->tag != VOS_TAG_MUTEX)
        return NULL;       /* deleted or not initialised */
    const vos_task_t *o = ht_owner(m);
    if (o == NULL) {
        if (m->waiters.head != NULL)
            return broken("free mutex %p with waiter %s", (const void *)m,
                          name(m->waiters.head));
        return NULL;
    }
    if (o->tag != VOS_TAG_TASK)
        return broken("mutex %p owned by a non-task %p", (const void *)m, (const void *)o);
    if (!live(o)) {
        if (m->waiters.head != NULL)
            return broken("mutex %p owned by dead task %s has waiter %s", (const void *)m,
                          name(o), name(m->waiters.head));
        return NULL;
    }
    bool tracked = false;
    unsigned n = 0;
    for (const vos_mutex_t *x = o->held; x != NULL && n < WALK_MAX; x = x->next_held, n++)
        tracked |= x == m;
    if ((m->waiters.head != NULL || m->ceiling != 0) && !tracked)
        return broken("mutex %p (waiters or ceiling) owned by %s, not on its held list",
                      (const void *)m, name(o));
    if (tracked && m->count == 0)
        return broken("mutex %p owned by %s with count 0", (const void *)m, name(o));
    return check_waitq("mutex", &m->waiters, m);
}

static const char *check_sem(const vos_sem_t *s)
{
    if (s->tag != VOS_TAG_SEM)
        return NULL;
    if (s->count > s->max)
        return broken("semaphore %p count %u above max %u", (const void *)s,
                      (unsigned)s->count, s->max);
    if (s->count > 0 && s->waiters.head != NULL)
        return broken("semaphore %p has count %u and waiter %s", (const void *)s,
                      (unsigned)s->count, name(s->waiters.head));
    return check_waitq("semaphore", &s->waiters, NULL);
}

/* The heap below root: well formed and in order; *n counts its nodes. */
static const char *check_heap(const vos_timer_t *t, unsigned depth, unsigned *n)
{
    if (t == NULL)
        return NULL;
    if (++*n >= WALK_MAX || depth >= WALK_MAX)
        return broken("timer heap does not end");
    if (t->tag != VOS_TAG_TIMER || !t->armed)
        return broken("timer heap holds %p (tag %#x, armed %u)", (const void *)t,
                      (unsigned)t->tag, t->armed);
    unsigned nl = t->left ? t->left->npl : 0u, nr = t->right ? t->right->npl : 0u;
    if (nl < nr)
        return broken("timer %s: left null-path length %u below the right's %u", t->name,
                      nl, nr);
    if (t->npl != nr + 1u)
        return broken("timer %s: null-path length %u, required %u", t->name, t->npl, nr + 1u);
    const vos_timer_t *kids[2] = {t->left, t->right};
    for (int i = 0; i < 2; i++) {
        const vos_timer_t *k = kids[i];
        if (k == NULL)
            continue;
        if (k->parent != t)
            return broken("timer %s: child %p names another parent", t->name, (const void *)k);
        if (k->due < t->due)
            return broken("timer heap order: %s due %llu below its parent %s due %llu",
                          k->name, (unsigned long long)k->due, t->name,
                          (unsigned long long)t->due);
        const char *r = check_heap(k, depth + 1u, n);
        if (r != NULL)
            return r;
    }
    return NULL;
}

static const char *check_timers(const struct inv_world *w, bool thread)
{
    const vos_timer_t *root = NULL;
    for (size_t i = 0; i < w->ntimers; i++) {
        const vos_timer_t *t = w->timers[i];
        if (t == NULL || t->tag != VOS_TAG_TIMER)
            continue;
        if (t->armed > 1u || t->pending > 1u)
            return broken("timer %s: armed %u, pending %u", t->name, t->armed, t->pending);
        if (!t->armed) {
            if (t->left || t->right || t->parent)
                return broken("timer %s is not armed but linked", t->name);
            continue;
        }
        const vos_timer_t *r = t;
        unsigned n = 0;
        while (r->parent != NULL && ++n < WALK_MAX) {
            if (r->parent->left != r && r->parent->right != r)
                return broken("timer %s: parent %p does not link back", r->name,
                              (const void *)r->parent);
            r = r->parent;
        }
        if (n >= WALK_MAX)
            return broken("timer %s: parent chain does not end", t->name);
        if (root != NULL && r != root)
            return broken("timer %s hangs from a second root", t->name);
        root = r;
    }
    if (root == NULL)
        return NULL;
    unsigned n = 0;
    const char *r = check_heap(root, 0, &n);
    if (r != NULL)
        return r;
    if (vos__timer_due != root->due)
        return broken("next timer expiry %llu, but the heap's root %s is due %llu",
                      (unsigned long long)vos__timer_due, root->name,
                      (unsigned long long)root->due);
    if (thread && vos__started) {
        if (root->due < host_now())
            return broken("timer %s: expiry %llu is overdue at %llu", root->name,
                          (unsigned long long)root->due, (unsigned long long)host_now());
        if (host_alarm_at() > root->due)
            return broken("timer %s due %llu but the alarm is at %llu", root->name,
                          (unsigned long long)root->due, (unsigned long long)host_alarm_at());
    }
    return NULL;
}

const char *inv_check(const struct inv_world *w, bool thread)
{
    const char *r;
    if (!vos__started)
        return NULL;
    if ((r = check_ready(thread)) != NULL)
        return r;
    for (size_t i = 0; i < w->ntasks; i++)
        if (w->tasks[i] != NULL && (r = check_task(w->tasks[i], thread)) != NULL)
            return r;
    if ((r = check_task(vos__cur, thread)) != NULL)
        return r;
    for (size_t i = 0; i < w->nmutexes; i++)
        if (w->mutexes[i] != NULL && (r = check_mutex(w->mutexes[i])) != NULL)
            return r;
    for (size_t i = 0; i < w->nsems; i++)
        if (w->sems[i] != NULL && (r = check_sem(w->sems[i])) != NULL)
            return r;
    return check_timers(w, thread);
}
