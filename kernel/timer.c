/* SPDX-License-Identifier: MIT */
/*
 * Software timers (see vaios/timer.h): a heap of armed timers on the
 * kernel's one alarm, expiry in the alarm interrupt, and the service task
 * that runs the callbacks of task-context timers.
 *
 * Invariants (kernel lock held):
 *  - A timer is in the heap exactly when armed != 0; the heap is a
 *    leftist heap on due (a node's due <= its children's; the null-path
 *    length of a left child >= that of the right), so its right spine, the
 *    path every merge walks, has at most log2(n + 1) nodes: insertion and
 *    removal of any node are O(log n) worst case, the earliest expiry is
 *    the root.
 *  - The alarm (time.c) is programmed for the earlier of the first task
 *    timeout and the heap's root; vos__timer_due is the root's due
 *    (VOS_TIME_NEVER when empty), a copy time.c reads without a call.
 *  - A task-context timer whose callback waits for the service task is on
 *    the FIFO service queue exactly when pending != 0; an expiry that finds
 *    it still pending is counted as an overrun instead of queued twice.
 *  - cb_svc is the timer whose callback the service task has committed to
 *    (taken off the queue under the lock: about to start, or running)
 *    until the service task takes the lock again after it; cb_isr, with
 *    the number of the exception running it (cb_isr_exc), the same for
 *    the interrupt-context callback the alarm interrupt is calling. Only
 *    the kernel's own words change: nothing of a timer is touched after
 *    its callback started (the callback may delete it and reuse its
 *    memory). A stop that finds its timer there from any other context
 *    reports VOS_ERR_BUSY: it can no longer keep that callback from
 *    starting, and says so rather than VOS_OK.
 *  - svc_started: vos_timer_service_start has created the service task
 *    at least once since boot; until then a task-context timer is not
 *    started (VOS_ERR_NO_SERVICE), as its callback could never run.
 *  - A periodic timer is re-armed in the interrupt, at due + period, before
 *    its callback runs: the period never depends on when callbacks run.
 *    If that time has passed too, the expiries in between are counted in
 *    overruns and the next one in the future is armed (no catch-up burst).
 *
 * Each expiry takes a critical section of its own (as task timeouts do);
 * an ISR-context callback runs with the kernel lock released.
 */
#include "kernel.h"

static vos_timer_t *root;                 /* the heap of armed timers */

static vos_timer_t *q_head, *q_tail;      /* service queue, FIFO */
static struct vos_waitq svc_wait;         /* the service task, when idle */
static vos_task_t svc_task;
static bool svc_starting;                 /* vos_timer_service_start in progress */
static bool svc_started;                  /* the service task was created once */
static vos_timer_t *cb_svc;               /* callback committed in the service task */
static vos_timer_t *cb_isr;               /* callback committed in the alarm interrupt */
static uint32_t cb_isr_exc;               /* ... and that interrupt's exception number */

/* The service task exists and has not ended. Lock held. */
static bool svc_alive(void)
{
    return svc_task.tag == VOS_TAG_TASK && svc_task.state != VOS_TASK_EXITED &&
           svc_task.state != VOS_TASK_FAULTED;
}

static inline bool timer_valid(const vos_timer_t *tm)
{
    return tm != NULL && tm->tag == VOS_TAG_TIMER;
}

/* --- Leftist heap ---------------------------------------------------------------- */

static inline unsigned npl(const vos_timer_t *t)
{
    return t != NULL ? t->npl : 0u;
}

/* Merge two heaps along their right spines; returns the new root (its
 * parent link is the caller's to set). Recursion depth is bounded by the
 * two right spines, 2 * log2(n + 1). */
static vos_timer_t *merge(vos_timer_t *a, vos_timer_t *b)
{
    if (a == NULL)
        return b;
    if (b == NULL)
        return a;
    if (b->due < a->due) {
        vos_timer_t *x = a;
        a = b;
        b = x;
    }
    a->right = merge(a->right, b);
    a->right->parent = a;
    if (npl(a->left) < npl(a->right)) {
        vos_timer_t *x = a->left;
        a->left = a->right;
        a->right = x;
    }
    a->npl = (uint8_t)(npl(a->right) + 1u);
    return a;
}

static void heap_insert(vos_timer_t *t)
{
    t->left = t->right = t->parent = NULL;
    t->npl = 1;
    root = merge(root, t);
    root->parent = NULL;
    t->armed = 1;
    vos__timer_due = root->due;
}

static void heap_remove(vos_timer_t *t)
{
    vos_timer_t *p = t->parent;
    vos_timer_t *sub = merge(t->left, t->right);
    if (sub != NULL)
        sub->parent = p;
    if (p == NULL) {
        root = sub;
    } else {
        if (p->left == t)
            p->left = sub;
        else
            p->right = sub;
        /* Restore the leftist property upwards; it stops where a
         * null-path length no longer changes (at most log2(n + 1) steps). */
        while (p != NULL) {
            if (npl(p->left) < npl(p->right)) {
                vos_timer_t *x = p->left;
                p->left = p->right;
                p->right = x;
            }
            unsigned n = npl(p->right) + 1u;
            if (n == p->npl)
                break;
            p->npl = (uint8_t)n;
            p = p->parent;
        }
    }
    t->left = t->right = t->parent = NULL;
    t->armed = 0;
    vos__timer_due = root != NULL ? root->due : VOS_TIME_NEVER;
}

/* --- Service queue --------------------------------------------------------------- */

static void queue_push(vos_timer_t *t)
{
    t->qnext = NULL;
    if (q_tail != NULL)
        q_tail->qnext = t;
    else
        q_head = t;
    q_tail = t;
    t->pending = 1;
    if (svc_wait.head != NULL)
        vos__wake(svc_wait.head, VOS_OK);
}

static void queue_remove(vos_timer_t *t)
{
    vos_timer_t **pp = &q_head, *prev = NULL;
    while (*pp != NULL && *pp != t) {
        prev = *pp;
        pp = &(*pp)->qnext;
    }
    if (*pp == t) {
        *pp = t->qnext;
        if (q_tail == t)
            q_tail = prev;
    }
    t->qnext = NULL;
    t->pending = 0;
}

static vos_timer_t *queue_pop(void)
{
    vos_timer_t *t = q_head;
    if (t != NULL) {
        q_head = t->qnext;
        if (q_head == NULL)
            q_tail = NULL;
        t->qnext = NULL;
        t->pending = 0;
    }
    return t;
}

/* --- Kernel side ----------------------------------------------------------------- */

uint32_t vos__timer_expire(vos_time_t now, uint32_t key)
{
    while (root != NULL && root->due <= now) {
        vos_timer_t *t = root;
        heap_remove(t);
        uint64_t period = vos_dur_cycles(t->period);
        if (period != 0) {
            vos_time_t next = t->due + period;
            if (next <= now) {
                uint64_t skipped = (now - t->due) / period;
                t->overruns += (uint32_t)skipped;
                next = t->due + (skipped + 1u) * period;
            }
            t->due = next;
            heap_insert(t);
        }
        if (t->flags & VOS_TIMER_ISR) {
            vos_timer_fn_t fn = t->fn;
            void *arg = t->arg;
            VOS_TRACE_TIMER_EXPIRE(t, t->overruns);
            cb_isr = t;
            cb_isr_exc = arch_isr_number();
            vos__unlock(key);
            fn(t, arg);                 /* may stop, restart or delete t */
            key = vos__lock();
            cb_isr = NULL;
        } else {
            if (t->pending)
                t->overruns++;          /* the last callback has not run yet */
            else
                queue_push(t);
            vos__unlock(key);
            key = vos__lock();
        }
    }
    return key;
}

/* vos_time_skip's half (kernel/time.c): every armed timer's expiry comes
 * by cycles closer. The same constant off every key keeps the heap's
 * order; an expiry clamped at 1 stays at or below every later one. A walk
 * of the whole heap along the parent links (no recursion). Lock held. */
void vos__timer_shift(uint64_t by);
void vos__timer_shift(uint64_t by)
{
    vos_timer_t *t = root;
    while (t != NULL) {
        t->due = t->due > by ? t->due - by : 1u;
        if (t->left != NULL) {
            t = t->left;
        } else if (t->right != NULL) {
            t = t->right;
        } else {
            /* Up to the first ancestor whose right subtree is still to do. */
            vos_timer_t *p = t->parent;
            while (p != NULL && (p->right == t || p->right == NULL)) {
                t = p;
                p = p->parent;
            }
            t = p != NULL ? p->right : NULL;
        }
    }
    vos__timer_due = root != NULL ? root->due : VOS_TIME_NEVER;
}

void vos__timer_reset(void)
{
    root = q_head = q_tail = NULL;
    vos__timer_due = VOS_TIME_NEVER;
    svc_wait.head = NULL;
    svc_starting = false;
    svc_started = false;
    cb_svc = cb_isr = NULL;
    if (svc_task.tag == VOS_TAG_TASK)
        svc_task.state = VOS_TASK_EXITED;   /* so that it may be created again */
}

static void service_entry(void *arg)
{
    (void)arg;
    for (;;) {
        uint32_t key = vos__lock();
        cb_svc = NULL;                  /* the last callback has returned */
        vos_timer_t *t = queue_pop();
        if (t == NULL) {
            (void)vos__block(&svc_wait, VOS_TIME_NEVER, key, VOS_TRACE_WAIT_TIMER, NULL);
            continue;
        }
        vos_timer_fn_t fn = t->fn;
        void *targ = t->arg;
        VOS_TRACE_TIMER_EXPIRE(t, t->overruns);
        cb_svc = t;                     /* committed: a stop from now on says so */
        vos__unlock(key);
        fn(t, targ);
    }
}

/* --- Public calls ---------------------------------------------------------------- */

int vos_timer_init(vos_timer_t *tm, const char *name, vos_timer_fn_t fn, void *arg,
                   unsigned flags)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(tm != NULL, VOS_ERR_INVALID);
    VOS__CHECK(fn != NULL, VOS_ERR_ARG);
    VOS__CHECK((flags & ~VOS_TIMER_ISR) == 0, VOS_ERR_ARG);
    uint32_t key = vos__lock();
    if (tm->tag == VOS_TAG_TIMER && (tm->armed || tm->pending)) {
        vos__unlock(key);
        return VOS_ERR_INVALID;     /* re-initialising an active timer */
    }
    *tm = (vos_timer_t){ .tag = VOS_TAG_TIMER, .fn = fn, .arg = arg,
                         .name = name ? name : "?", .flags = (uint8_t)flags };
    vos__unlock(key);
    return VOS_OK;
}

/* Disarm and dequeue t. Lock held. */
static void disarm(vos_timer_t *t)
{
    if (t->armed)
        heap_remove(t);
    if (t->pending)
        queue_remove(t);
}

int vos_timer_start_at(vos_timer_t *tm, vos_time_t first, vos_dur_t period)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(timer_valid(tm), VOS_ERR_INVALID);
    VOS__CHECK(vos_dur_cycles(period) < vos_dur_cycles(VOS_DUR_MAX), VOS_ERR_ARG);
    VOS__CHECK(first != VOS_TIME_NEVER, VOS_ERR_ARG);
    uint32_t key = vos__lock();
    if (VOS__UNLIKELY(!svc_started) && !(tm->flags & VOS_TIMER_ISR)) {
        vos__unlock(key);
        return VOS_ERR_NO_SERVICE;  /* its callback would never run */
    }
    disarm(tm);
    tm->due = first;
    tm->period = period;
    tm->overruns = 0;
    heap_insert(tm);
    if (root == tm)
        vos__alarm_program();
    vos__unlock(key);
    return VOS_OK;
}

int vos_timer_start(vos_timer_t *tm, vos_dur_t first, vos_dur_t period)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(vos_dur_cycles(first) < vos_dur_cycles(VOS_DUR_MAX), VOS_ERR_ARG);
    return vos_timer_start_at(tm, vos_time_add(arch_now(), first), period);
}

/* A callback of tm is committed in another context than the caller's: it
 * starts (or runs on) whatever the caller does. Its own callback stopping
 * or deleting tm is not "another context". Lock held. */
static bool committed_elsewhere(const vos_timer_t *tm)
{
    if (tm == cb_svc && svc_alive() && (arch_in_isr() || vos__cur != &svc_task))
        return true;
    return tm == cb_isr && arch_isr_number() != cb_isr_exc;
}

int vos_timer_stop(vos_timer_t *tm)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(timer_valid(tm), VOS_ERR_INVALID);
    uint32_t key = vos__lock();
    int err = VOS_OK;
    if (tm->armed || tm->pending)
        disarm(tm);     /* the alarm may fire early once: it finds nothing due */
    else
        err = VOS_ERR_STATE;
    if (VOS__UNLIKELY(committed_elsewhere(tm)))
        err = VOS_ERR_BUSY;
    vos__unlock(key);
    return err;
}

int vos_timer_active(const vos_timer_t *tm)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(timer_valid(tm), VOS_ERR_INVALID);
    return (tm->armed || tm->pending) ? 1 : 0;
}

int vos_timer_remaining(const vos_timer_t *tm, vos_dur_t *out)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(timer_valid(tm), VOS_ERR_INVALID);
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    uint32_t key = vos__lock();
    int err = VOS_OK;
    if (tm->armed) {
        vos_time_t now = arch_now();
        *out = vos_cycles(tm->due > now ? tm->due - now : 0);
    } else {
        err = VOS_ERR_STATE;
    }
    vos__unlock(key);
    return err;
}

int vos_timer_overruns(const vos_timer_t *tm, uint32_t *out)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(timer_valid(tm), VOS_ERR_INVALID);
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    *out = tm->overruns;
    return VOS_OK;
}

int vos_timer_delete(vos_timer_t *tm)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(timer_valid(tm), VOS_ERR_INVALID);
    uint32_t key = vos__lock();
    disarm(tm);
    tm->tag = VOS_TAG_DEAD;
    int err = VOS__UNLIKELY(committed_elsewhere(tm)) ? VOS_ERR_BUSY : VOS_OK;
    vos__unlock(key);
    return err;
}

int vos_timer_service_start(unsigned prio, void *stack, size_t stack_size)
{
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__CHECK(stack != NULL, VOS_ERR_ARG);
    uint32_t key = vos__lock();
    bool busy = svc_starting || svc_alive();
    svc_starting = !busy;
    vos__unlock(key);
    if (busy)
        return VOS_ERR_STATE;
    int err = vos_task_create(&svc_task, "tmr", service_entry, NULL, prio, stack, stack_size);
    key = vos__lock();
    svc_starting = false;
    if (err == VOS_OK) {
        svc_started = true;
        cb_svc = NULL;      /* a callback of an ended service task ended with it */
    }
    vos__unlock(key);
    return err;
}

int vos_timer_service_task(vos_task_t **out)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    uint32_t key = vos__lock();
    int err = svc_alive() ? VOS_OK : VOS_ERR_STATE;
    if (err == VOS_OK)
        *out = &svc_task;
    vos__unlock(key);
    return err;
}
