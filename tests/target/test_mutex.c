/* SPDX-License-Identifier: MIT */
/*
 * Mutexes: lock and unlock, recursion (count, limit, release by the last
 * unlock only), unlock by a task that is not the owner, VOS_NO_WAIT on an
 * owned mutex, timeouts (nothing left behind), deadlock refusal, deletion
 * with waiters, every call from an interrupt handler, a task that exits
 * holding mutexes, waiters served in priority order and FIFO among equals
 * with direct hand-over, bad objects, calls before the scheduler starts,
 * and the immediate priority ceiling. Priorities are checked exactly
 * (effective and base) at each step. The transitive inheritance cases are
 * in test_pi.c.
 */
#include <string.h>
#include "vtest.h"

/* --- Helpers ------------------------------------------------------------ */


#define PRIO(t)  vos_task_priority(t)
#define BASE(t)  vos_task_base_priority(t)
#define SELF     vos_self()

/* An actor locks its mutex (depth levels), notes what it saw, logs its
 * letter ('a' + slot), then, by mode:
 *   ACT_UNLOCK  unlocks every level at once and ends;
 *   ACT_HOLD    holds until go is given, then unlocks every level and ends;
 *   ACT_EXIT    holds until go is given, then ends without unlocking. */
enum { ACT_UNLOCK, ACT_HOLD, ACT_EXIT };

struct actor {
    vos_mutex_t *m;
    vos_dur_t timeout;
    int mode;
    int depth;
    vos_sem_t go;
    volatile int lock_err, unlock_err;
    vos_task_t *volatile owner_seen;
    volatile int prio_seen;
    volatile uint64_t waited;      /* cycles */
};
static struct actor act[VT_TASK_SLOTS];

static void actor_entry(void *arg)
{
    int id = (int)(uintptr_t)arg;
    struct actor *a = &act[id];
    vos_time_t t0 = vos_now();
    a->lock_err = vos_mutex_lock(a->m, a->timeout);
    a->waited = vos_now() - t0;
    a->owner_seen = vt_owner(a->m);
    a->prio_seen = vos_task_priority(NULL);
    for (int i = 1; i < a->depth && a->lock_err == VOS_OK; i++)
        VT_EQ(vos_mutex_lock(a->m, VOS_NO_WAIT), VOS_OK);
    vt_log((char)('a' + id));
    if (a->lock_err != VOS_OK)
        return;
    if (a->mode != ACT_UNLOCK)
        VT_EQ(vos_sem_take(&a->go, VOS_FOREVER), VOS_OK);
    if (a->mode == ACT_EXIT)
        return;
    for (int i = 0; i < a->depth; i++)
        a->unlock_err = vos_mutex_unlock(a->m);
}

static vos_task_t *spawn_actor(int slot, vos_mutex_t *m, unsigned prio, vos_dur_t timeout,
                               int mode, int depth)
{
    struct actor *a = &act[slot];
    a->m = m;
    a->timeout = timeout;
    a->mode = mode;
    a->depth = depth;
    a->lock_err = a->unlock_err = 1;      /* not returned yet */
    a->owner_seen = NULL;
    a->prio_seen = -1;
    VT_EQ(vos_sem_init(&a->go, 0, 1), VOS_OK);
    return vt_spawn(slot, "act", actor_entry, (void *)(uintptr_t)slot, prio);
}

static void go(int slot)
{
    VT_EQ(vos_sem_give(&act[slot].go), VOS_OK);
}

static void log_task(void *arg)
{
    vt_log((char)(uintptr_t)arg);
}

static vos_mutex_t m, m2, m3;

/* --- Before the scheduler starts ---------------------------------------- */

static vos_mutex_t prem, prec;
static int pre_init, pre_lock_nowait, pre_lock_forever, pre_unlock, pre_init_ceiling;
static vos_task_t *pre_owner;

void vt_before_start(void)
{
    pre_init = vos_mutex_init(&prem);
    pre_lock_nowait = vos_mutex_lock(&prem, VOS_NO_WAIT);
    pre_lock_forever = vos_mutex_lock(&prem, VOS_FOREVER);
    pre_unlock = vos_mutex_unlock(&prem);
    pre_owner = vt_owner(&prem);
    pre_init_ceiling = vos_mutex_init_ceiling(&prec, 5);
}

VT_TEST(before_start)
{
    VT_EQ(pre_init, VOS_OK);
    VT_EQ(pre_lock_nowait, VOS_ERR_CONTEXT);
    VT_EQ(pre_lock_forever, VOS_ERR_CONTEXT);
    VT_EQ(pre_unlock, VOS_ERR_CONTEXT);
    VT_ASSERT(pre_owner == NULL);
    VT_EQ(pre_init_ceiling, VOS_OK);
    /* Usable once running. */
    VT_EQ(vos_mutex_lock(&prem, VOS_NO_WAIT), VOS_OK);
    VT_ASSERT(vt_owner(&prem) == SELF);
    VT_EQ(vos_mutex_unlock(&prem), VOS_OK);
    VT_EQ(vos_mutex_delete(&prem), VOS_OK);
    VT_EQ(vos_mutex_delete(&prec), VOS_OK);
}

/* --- Basics ----------------------------------------------------------------- */

VT_TEST(init_bad_args)
{
    VT_EQ(vos_mutex_init(NULL), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_init_ceiling(NULL, 5), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_init_ceiling(&m, 0), VOS_ERR_ARG);
    VT_EQ(vos_mutex_init_ceiling(&m, VOS_PRIO_MAX + 1), VOS_ERR_ARG);
    VT_EQ(vos_mutex_init_ceiling(&m, 1000), VOS_ERR_ARG);
    VT_EQ(vos_mutex_init_ceiling(&m, VOS_PRIO_MAX), VOS_OK);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
    VT_EQ(vos_mutex_init_ceiling(&m, VOS_PRIO_MIN), VOS_OK);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);

    /* A refused init leaves a live, owned mutex as it was. */
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    vos_mutex_t copy = m;
    VT_EQ(vos_mutex_init_ceiling(&m, 0), VOS_ERR_ARG);
    VT_ASSERT(memcmp(&copy, &m, sizeof m) == 0);
    VT_ASSERT(vt_owner(&m) == SELF);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(lock_unlock)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_ASSERT(vt_owner(&m) == SELF);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_unlock(&m), VOS_ERR_NOT_OWNER);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_lock(&m, vos_us(10)), VOS_OK);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    vos_time_t t0 = vos_now();
    VT_EQ(vos_mutex_lock(&m, VOS_FOREVER), VOS_OK);
    VT_LE(vos_now() - t0, 1000);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(recursive_locking)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_FOREVER), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, vos_us(5)), VOS_OK);
    VT_ASSERT(vt_owner(&m) == SELF);

    /* A higher task waits: it boosts the owner and gets nothing before
     * the third unlock. */
    vt_log_reset();
    vos_task_t *a = spawn_actor(0, &m, VT_RUNNER_PRIO + 1, VOS_FOREVER, ACT_UNLOCK, 1);
    VT_EQ(vos_task_state(a), VOS_TASK_BLOCKED);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO + 1);
    VT_EQ(BASE(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_ASSERT(vt_owner(&m) == SELF);
    VT_EQ(vos_task_state(a), VOS_TASK_BLOCKED);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO + 1);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_ASSERT(vt_owner(&m) == SELF);
    VT_EQ(vos_task_state(a), VOS_TASK_BLOCKED);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO + 1);
    VT_ASSERT(vt_log_is(""));
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);   /* handed over; it runs at once */
    VT_ASSERT(vt_log_is("a"));
    VT_EQ(act[0].lock_err, VOS_OK);
    VT_ASSERT(act[0].owner_seen == a);
    VT_EQ(act[0].prio_seen, VT_RUNNER_PRIO + 1);
    VT_EQ(act[0].unlock_err, VOS_OK);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_unlock(&m), VOS_ERR_NOT_OWNER);
    vt_join(1, 10);

    /* Recursion again after the mutex went through the slow path. */
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_ASSERT(vt_owner(&m) == SELF);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(recursion_limit)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    for (unsigned i = 0; i < VOS_MUTEX_MAX_RECURSION; i++)
        if (vos_mutex_lock(&m, VOS_NO_WAIT) != VOS_OK) {
            VT_EQ(i, -1);
            break;
        }
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_ERR_OVERFLOW);
    VT_EQ(vos_mutex_lock(&m, VOS_FOREVER), VOS_ERR_OVERFLOW);
    VT_ASSERT(vt_owner(&m) == SELF);
    for (unsigned i = 0; i < VOS_MUTEX_MAX_RECURSION - 1; i++)
        if (vos_mutex_unlock(&m) != VOS_OK) {
            VT_EQ(i, -1);
            break;
        }
    VT_ASSERT(vt_owner(&m) == SELF);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_unlock(&m), VOS_ERR_NOT_OWNER);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(unlock_by_non_owner)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_unlock(&m), VOS_ERR_NOT_OWNER);        /* free */

    /* Owned on the fast path by another task. */
    vt_log_reset();
    vos_task_t *a = spawn_actor(0, &m, 21, VOS_FOREVER, ACT_HOLD, 1);
    VT_ASSERT(vt_owner(&m) == a);
    vos_mutex_t copy = m;
    VT_EQ(vos_mutex_unlock(&m), VOS_ERR_NOT_OWNER);
    VT_ASSERT(memcmp(&copy, &m, sizeof m) == 0);
    VT_ASSERT(vt_owner(&m) == a);

    /* Contended: the owner is boosted by a waiter; a stranger's unlock
     * changes nothing, neither the owner, nor the waiter, nor the boost. */
    vos_task_t *b = spawn_actor(1, &m, 23, VOS_FOREVER, ACT_UNLOCK, 1);
    VT_EQ(vos_task_state(b), VOS_TASK_BLOCKED);
    VT_EQ(PRIO(a), 23);
    copy = m;
    VT_EQ(vos_mutex_unlock(&m), VOS_ERR_NOT_OWNER);
    VT_ASSERT(memcmp(&copy, &m, sizeof m) == 0);
    VT_ASSERT(vt_owner(&m) == a);
    VT_EQ(vos_task_state(b), VOS_TASK_BLOCKED);
    VT_EQ(PRIO(a), 23);
    VT_EQ(BASE(a), 21);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_ASSERT(vt_log_is("a"));
    go(0);                                   /* a unlocks: b gets it */
    VT_ASSERT(vt_log_is("ab"));
    VT_EQ(act[0].unlock_err, VOS_OK);
    VT_EQ(act[1].lock_err, VOS_OK);
    VT_ASSERT(act[1].owner_seen == b);
    vt_join(2, 10);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(trylock_on_owned_mutex)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    vos_task_t *a = spawn_actor(0, &m, 21, VOS_FOREVER, ACT_HOLD, 1);
    vos_mutex_t copy = m;
    vos_time_t t0 = vos_now();
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_LE(vos_now() - t0, 1000);
    VT_ASSERT(memcmp(&copy, &m, sizeof m) == 0);
    /* A higher task's failed try does not boost the owner. */
    vt_log_reset();
    spawn_actor(1, &m, 26, VOS_NO_WAIT, ACT_UNLOCK, 1);
    VT_ASSERT(vt_log_is("b"));
    VT_EQ(act[1].lock_err, VOS_ERR_WOULD_BLOCK);
    VT_EQ(PRIO(a), 21);
    VT_ASSERT(memcmp(&copy, &m, sizeof m) == 0);
    VT_ASSERT(vt_owner(&m) == a);
    go(0);
    vt_join(2, 10);
    VT_ASSERT(vt_owner(&m) == NULL);
    /* By the owner itself, a try is a recursive lock. */
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

/* --- Timeouts ----------------------------------------------------------------- */

static volatile int obs_prio, obs_state;

static void observer(void *arg)
{
    vos_task_t *t = arg;
    vos_sleep(vos_us(100));
    obs_prio = PRIO(t);
    obs_state = vos_task_state(t);
}

VT_TEST(lock_timeout_leaves_nothing_behind)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    vos_task_t *a = spawn_actor(0, &m, VT_RUNNER_PRIO - 1, VOS_FOREVER, ACT_HOLD, 1);
    vos_sleep(vos_us(50));                           /* it locks and holds */
    VT_ASSERT(vt_owner(&m) == a);
    obs_prio = obs_state = -1;
    vt_spawn(1, "obs", observer, a, 25);
    vos_time_t t0 = vos_now();
    VT_EQ(vos_mutex_lock(&m, vos_us(200)), VOS_ERR_TIMEOUT);
    uint64_t waited = vos_now() - t0;
    VT_LE(vos_dur_cycles(vos_us(200)), waited);
    VT_LE(waited, vos_dur_cycles(vos_us(220)));
    VT_EQ(obs_prio, VT_RUNNER_PRIO);                 /* boosted while we waited */
    VT_EQ(obs_state, VOS_TASK_BLOCKED);
    VT_EQ(PRIO(a), VT_RUNNER_PRIO - 1);              /* exactly back */
    VT_EQ(BASE(a), VT_RUNNER_PRIO - 1);
    VT_ASSERT(vt_owner(&m) == a);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    go(0);
    vt_join(2, 10);
    VT_EQ(act[0].unlock_err, VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);          /* no ghost waiter got it */
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    /* Past the old deadline, nothing happens. */
    vos_sleep(vos_us(300));
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(lock_served_before_timeout)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    vos_task_t *a = spawn_actor(0, &m, 22, vos_us(400), ACT_UNLOCK, 1);
    VT_EQ(PRIO(NULL), 22);
    vos_sleep(vos_us(100));
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(act[0].lock_err, VOS_OK);
    VT_ASSERT(act[0].owner_seen == a);
    VT_LE(act[0].waited, vos_dur_cycles(vos_us(150)));
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    vt_join(1, 10);
    vos_sleep(vos_us(500));
    VT_EQ(act[0].lock_err, VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

/* Timeouts of a few cycles on an owned mutex: each expires, never early,
 * and leaves the owner's priority exactly as it was. A watchdog deletes
 * the mutex if the loop stops making progress (a lost wake-up shows as a
 * failure, not a hang). */
static volatile uint32_t wd_progress;
static volatile bool wd_stop;
static volatile int wd_rescues;

static void wd_mutex(void *arg)
{
    (void)arg;
    uint32_t last = wd_progress - 1u;
    while (!wd_stop) {
        vos_sleep(vos_ms(1));
        if (!wd_stop && wd_progress == last) {
            wd_rescues++;
            vos_mutex_delete(&m);
        }
        last = wd_progress;
    }
}

VT_TEST(tiny_timeouts_expire)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    vos_task_t *a = spawn_actor(1, &m, VT_RUNNER_PRIO - 1, VOS_FOREVER, ACT_HOLD, 1);
    vos_sleep(vos_us(30));
    VT_ASSERT(vt_owner(&m) == a);
    wd_stop = false;
    wd_rescues = 0;
    vt_spawn(0, "wd", wd_mutex, NULL, 25);
    int n = 0;
    for (uint64_t t = 1; t <= 2000; t += t < 64 ? 1 : 37, n++) {
        vos_time_t t0 = vos_now();
        int err = vos_mutex_lock(&m, vos_cycles(t));
        uint64_t el = vos_now() - t0;
        if (err != VOS_ERR_TIMEOUT || el < t || el > t + vos_dur_cycles(vos_us(20)) ||
            PRIO(a) != VT_RUNNER_PRIO - 1 || PRIO(NULL) != VT_RUNNER_PRIO) {
            VT_EQ((long long)t, -1);          /* names the timeout that failed */
            VT_EQ(err, VOS_ERR_TIMEOUT);
            VT_LE(t, el);
            VT_LE(el, t + vos_dur_cycles(vos_us(20)));
            VT_EQ(PRIO(a), VT_RUNNER_PRIO - 1);
            break;
        }
        wd_progress++;
    }
    wd_stop = true;
    vt_join(1, 10);                           /* the watchdog; the actor holds m */
    VT_EQ(wd_rescues, 0);
    VT_ASSERT(n > 100);
    VT_ASSERT(vt_owner(&m) == a);
    go(1);
    vt_join(2, 10);
    VT_EQ(act[1].unlock_err, VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(suspended_waiter_still_waits_and_gets_mutex)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    vt_log_reset();
    vos_task_t *a = spawn_actor(0, &m, 22, VOS_FOREVER, ACT_UNLOCK, 1);
    VT_EQ(PRIO(NULL), 22);
    VT_EQ(vos_task_suspend(a), VOS_OK);
    /* Suspended, it still waits on the mutex, so it still counts. */
    VT_EQ(vos_task_state(a), VOS_TASK_BLOCKED);
    VT_EQ(PRIO(NULL), 22);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);       /* it owns it, suspended */
    VT_EQ(vos_task_state(a), VOS_TASK_SUSPENDED);
    VT_ASSERT(vt_owner(&m) == a);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_ASSERT(vt_log_is(""));
    VT_EQ(vos_task_resume(a), VOS_OK);         /* runs now, with the mutex */
    VT_ASSERT(vt_log_is("a"));
    VT_EQ(act[0].lock_err, VOS_OK);
    VT_ASSERT(act[0].owner_seen == a);
    VT_EQ(act[0].unlock_err, VOS_OK);
    vt_join(1, 10);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

/* --- Deadlock ------------------------------------------------------------------ */

static volatile int dl_err[4];

/* Locks first, then second (blocking), then releases both. */
struct dl_arg { vos_mutex_t *first, *second; int id; };

static void dl_task(void *arg)
{
    const struct dl_arg *d = arg;
    VT_EQ(vos_mutex_lock(d->first, VOS_FOREVER), VOS_OK);
    dl_err[d->id] = vos_mutex_lock(d->second, VOS_FOREVER);
    vt_log((char)('a' + d->id));
    if (dl_err[d->id] == VOS_OK)
        VT_EQ(vos_mutex_unlock(d->second), VOS_OK);
    VT_EQ(vos_mutex_unlock(d->first), VOS_OK);
}

VT_TEST(deadlock_detected)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_init(&m2), VOS_OK);
    /* A holds M1 and waits for M2, which we hold; we lock M1. */
    vt_log_reset();
    VT_EQ(vos_mutex_lock(&m2, VOS_FOREVER), VOS_OK);
    static const struct dl_arg da = { &m, &m2, 0 };
    vos_task_t *a = vt_spawn(0, "A", dl_task, (void *)&da, 21);
    VT_EQ(vos_task_state(a), VOS_TASK_BLOCKED);
    VT_ASSERT(vt_owner(&m) == a);
    VT_EQ(PRIO(NULL), 21);
    VT_EQ(vos_mutex_lock(&m, VOS_FOREVER), VOS_ERR_DEADLOCK);
    VT_EQ(vos_mutex_lock(&m, vos_us(100)), VOS_ERR_DEADLOCK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    /* Nothing changed. */
    VT_EQ(vos_task_state(a), VOS_TASK_BLOCKED);
    VT_ASSERT(vt_owner(&m) == a);
    VT_ASSERT(vt_owner(&m2) == SELF);
    VT_EQ(PRIO(NULL), 21);
    VT_EQ(PRIO(a), 21);
    VT_ASSERT(vt_log_is(""));
    VT_EQ(vos_mutex_unlock(&m2), VOS_OK);          /* A gets M2 and finishes */
    VT_ASSERT(vt_log_is("a"));
    VT_EQ(dl_err[0], VOS_OK);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    vt_join(1, 10);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);  /* free again */
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);

    /* A cycle of three: A holds M1 waits M2, B holds M2 waits M3, we hold
     * M3 and lock M1. The boost went along the chain meanwhile. */
    VT_EQ(vos_mutex_init(&m3), VOS_OK);
    vt_log_reset();
    VT_EQ(vos_mutex_lock(&m3, VOS_FOREVER), VOS_OK);
    static const struct dl_arg db = { &m2, &m3, 1 };
    vos_task_t *b = vt_spawn(1, "B", dl_task, (void *)&db, 21);
    VT_EQ(PRIO(NULL), 21);
    a = vt_spawn(0, "A", dl_task, (void *)&da, 22);
    VT_EQ(vos_task_state(a), VOS_TASK_BLOCKED);
    VT_EQ(vos_task_state(b), VOS_TASK_BLOCKED);
    VT_EQ(PRIO(a), 22);
    VT_EQ(PRIO(b), 22);
    VT_EQ(BASE(b), 21);
    VT_EQ(PRIO(NULL), 22);
    VT_EQ(vos_mutex_lock(&m, VOS_FOREVER), VOS_ERR_DEADLOCK);
    VT_EQ(vos_mutex_lock(&m, vos_ms(1)), VOS_ERR_DEADLOCK);
    VT_EQ(PRIO(NULL), 22);
    VT_EQ(PRIO(b), 22);
    VT_ASSERT(vt_owner(&m) == a);
    VT_EQ(vos_mutex_unlock(&m3), VOS_OK);   /* B, then A, finish at once */
    VT_ASSERT(vt_log_is("ba"));
    VT_EQ(dl_err[0], VOS_OK);
    VT_EQ(dl_err[1], VOS_OK);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    vt_join(2, 10);
    VT_ASSERT(vt_owner(&m) == NULL && vt_owner(&m2) == NULL &&
              vt_owner(&m3) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
    VT_EQ(vos_mutex_delete(&m2), VOS_OK);
    VT_EQ(vos_mutex_delete(&m3), VOS_OK);
}

/* --- Deletion ------------------------------------------------------------------ */

VT_TEST(delete_with_waiters)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    vt_log_reset();
    spawn_actor(0, &m, 22, VOS_FOREVER, ACT_UNLOCK, 1);
    spawn_actor(1, &m, 24, vos_ms(1), ACT_UNLOCK, 1);
    spawn_actor(2, &m, VT_RUNNER_PRIO - 1, vos_us(300), ACT_UNLOCK, 1);
    vos_sleep(vos_us(50));
    VT_EQ(vos_task_state(vt_task(2)), VOS_TASK_BLOCKED);
    VT_EQ(PRIO(NULL), 24);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
    VT_ASSERT(vt_log_is("ba"));                    /* higher ones at once, best first */
    VT_EQ(act[0].lock_err, VOS_ERR_DELETED);
    VT_EQ(act[1].lock_err, VOS_ERR_DELETED);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);          /* the boost went with it */
    VT_EQ(vos_task_state(vt_task(2)), VOS_TASK_READY);
    vt_join(3, 10);
    VT_EQ(act[2].lock_err, VOS_ERR_DELETED);
    vos_sleep(vos_ms(2));                        /* no stale timeout fires */
    VT_EQ(act[1].lock_err, VOS_ERR_DELETED);
    VT_EQ(act[2].lock_err, VOS_ERR_DELETED);
    VT_EQ(vos_mutex_unlock(&m), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_lock(&m, VOS_FOREVER), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_delete(&m), VOS_ERR_INVALID);
    VT_ASSERT(vt_owner(&m) == &vt_owner_error);   /* deleted: refused */

    /* Deleted under another owner that a waiter boosts. */
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    vos_task_t *a = spawn_actor(0, &m, 21, VOS_FOREVER, ACT_HOLD, 1);
    spawn_actor(1, &m, 25, VOS_FOREVER, ACT_UNLOCK, 1);
    VT_EQ(PRIO(a), 25);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
    VT_EQ(act[1].lock_err, VOS_ERR_DELETED);
    VT_EQ(PRIO(a), 21);
    VT_EQ(BASE(a), 21);
    go(0);
    VT_EQ(act[0].unlock_err, VOS_ERR_INVALID);
    vt_join(2, 10);

    /* Initialised again, it works. */
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

/* --- Interrupt context ---------------------------------------------------------- */

static volatile int isr_r[10];
static vos_task_t *volatile isr_owner;
static vos_mutex_t isr_init_target;

static void isr_calls(void)
{
    isr_r[0] = vos_mutex_lock(&m2, VOS_NO_WAIT);    /* free */
    isr_r[1] = vos_mutex_lock(&m2, VOS_FOREVER);
    isr_r[2] = vos_mutex_lock(&m2, vos_us(10));
    isr_r[3] = vos_mutex_lock(&m, VOS_NO_WAIT);     /* owned by the runner */
    isr_r[4] = vos_mutex_unlock(&m);
    isr_r[5] = vos_mutex_init(&isr_init_target);
    isr_r[6] = vos_mutex_init_ceiling(&isr_init_target, 5);
    isr_r[7] = vos_mutex_delete(&m);
    isr_r[8] = vos_mutex_lock(NULL, VOS_NO_WAIT);
    isr_owner = vt_owner(&m);
}

VT_TEST(interrupt_context_refused)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_init(&m2), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    memset(&isr_init_target, 0x5A, sizeof isr_init_target);
    vos_mutex_t copy = m;
    vt_run_in_isr(isr_calls);
    for (int i = 0; i < 8; i++)
        VT_EQ(isr_r[i], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[8], VOS_ERR_INVALID);
    VT_ASSERT(isr_owner == SELF);
    VT_ASSERT(memcmp(&copy, &m, sizeof m) == 0);
    VT_ASSERT(vt_owner(&m2) == NULL);
    VT_ASSERT(vt_owner(&isr_init_target) == &vt_owner_error);   /* still garbage */
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(vos_mutex_lock(&m2, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_mutex_unlock(&m2), VOS_OK);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
    VT_EQ(vos_mutex_delete(&m2), VOS_OK);
}

/* --- A task that exits holding mutexes ------------------------------------------ */

VT_TEST(exit_holding_mutex_with_waiter)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    vt_log_reset();
    vos_task_t *a = spawn_actor(0, &m, 22, VOS_FOREVER, ACT_EXIT, 1);
    vos_task_t *b = spawn_actor(1, &m, 21, VOS_FOREVER, ACT_UNLOCK, 1);
    VT_EQ(vos_task_state(b), VOS_TASK_BLOCKED);
    VT_ASSERT(vt_log_is("a"));
    go(0);                                   /* a exits holding m: b gets it */
    VT_EQ(vos_task_state(a), VOS_TASK_EXITED);
    VT_ASSERT(vt_log_is("ab"));
    VT_EQ(act[1].lock_err, VOS_OK);
    VT_ASSERT(act[1].owner_seen == b);
    VT_EQ(act[1].prio_seen, 21);
    VT_EQ(act[1].unlock_err, VOS_OK);
    vt_join(2, 10);
    VT_ASSERT(vt_owner(&m) == NULL);

    /* Boosted when it exits, holding three levels: the waiter gets the
     * mutex once, and one unlock frees it. */
    vt_log_reset();
    a = spawn_actor(0, &m, VT_RUNNER_PRIO - 1, VOS_FOREVER, ACT_EXIT, 3);
    vos_sleep(vos_us(50));
    VT_ASSERT(vt_owner(&m) == a);
    b = spawn_actor(1, &m, 25, VOS_FOREVER, ACT_HOLD, 1);
    VT_EQ(PRIO(a), 25);
    VT_EQ(BASE(a), VT_RUNNER_PRIO - 1);
    go(0);                                   /* a runs at 25 and exits */
    VT_EQ(vos_task_state(a), VOS_TASK_EXITED);
    VT_ASSERT(vt_log_is("ab"));
    VT_EQ(act[1].lock_err, VOS_OK);
    VT_ASSERT(vt_owner(&m) == b);
    VT_EQ(PRIO(b), 25);
    go(1);
    VT_EQ(act[1].unlock_err, VOS_OK);
    vt_join(2, 10);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(exit_holding_uncontended_mutex)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_init(&m2), VOS_OK);
    spawn_actor(0, &m, 22, VOS_FOREVER, ACT_EXIT, 1);
    spawn_actor(1, &m2, 22, VOS_FOREVER, ACT_EXIT, 2);     /* recursive */
    go(0);
    go(1);
    vt_join(2, 10);
    /* Nobody waited: the next task to lock gets each one. */
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_ASSERT(vt_owner(&m) == SELF);
    VT_EQ(vos_mutex_lock(&m2, vos_us(10)), VOS_OK);
    VT_ASSERT(vt_owner(&m2) == SELF);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(vos_mutex_unlock(&m2), VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_ASSERT(vt_owner(&m2) == NULL);
    VT_EQ(vos_mutex_unlock(&m2), VOS_ERR_NOT_OWNER);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
    VT_EQ(vos_mutex_delete(&m2), VOS_OK);

    /* A ceiling mutex left behind: free for the next one, ceiling intact. */
    VT_EQ(vos_mutex_init_ceiling(&m3, 24), VOS_OK);
    vos_task_t *a = spawn_actor(0, &m3, 22, VOS_FOREVER, ACT_EXIT, 1);
    VT_EQ(PRIO(a), 24);
    go(0);
    vt_join(1, 10);
    VT_EQ(vos_mutex_lock(&m3, VOS_NO_WAIT), VOS_OK);
    VT_EQ(PRIO(NULL), 24);
    VT_EQ(vos_mutex_unlock(&m3), VOS_OK);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_delete(&m3), VOS_OK);
}

/* --- Order of service and hand-over ------------------------------------------------ */

VT_TEST(waiters_in_priority_order_fifo_among_equals)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    vt_log_reset();
    /* The first one to block lifts us to 25, so the others run (and
     * block, in creation order among equals) only when we sleep. */
    static const unsigned prio[6] = { 25, 22, 22, 24, 21, 25 };
    for (int i = 0; i < 6; i++)
        spawn_actor(i, &m, prio[i], VOS_FOREVER, ACT_UNLOCK, 1);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    VT_EQ(vos_task_state(vt_task(5)), VOS_TASK_READY);
    VT_EQ(PRIO(NULL), 25);
    vos_sleep(vos_us(50));
    for (int i = 0; i < 6; i++)
        VT_EQ(vos_task_state(vt_task(i)), VOS_TASK_BLOCKED);
    VT_EQ(PRIO(NULL), 25);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);     /* each passes it on to the next */
    VT_ASSERT(vt_log_is("afdbce"));
    for (int i = 0; i < 6; i++) {
        VT_EQ(act[i].lock_err, VOS_OK);
        VT_ASSERT(act[i].owner_seen == vt_task(i));
        VT_EQ(act[i].prio_seen, (int)prio[i]);
        VT_EQ(act[i].unlock_err, VOS_OK);
    }
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    vt_join(6, 10);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(hand_over_to_lower_waiter_is_direct)
{
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    vt_log_reset();
    static const unsigned prio[3] = { 9, 9, 7 };
    for (int i = 0; i < 3; i++) {
        spawn_actor(i, &m, prio[i], VOS_FOREVER, ACT_UNLOCK, 1);
        vos_sleep(vos_us(30));
        VT_EQ(vos_task_state(vt_task(i)), VOS_TASK_BLOCKED);
    }
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);       /* lower waiters: no boost */
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    /* The first of the equals owns it already, before it runs. */
    VT_ASSERT(vt_log_is(""));
    VT_ASSERT(vt_owner(&m) == vt_task(0));
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_mutex_unlock(&m), VOS_ERR_NOT_OWNER);
    vt_join(3, 10);
    VT_ASSERT(vt_log_is("abc"));
    for (int i = 0; i < 3; i++)
        VT_EQ(act[i].lock_err, VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

/* --- Bad objects ------------------------------------------------------------------ */

VT_TEST(null_zeroed_and_foreign_objects)
{
    VT_EQ(vos_mutex_lock(NULL, VOS_NO_WAIT), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_lock(NULL, VOS_FOREVER), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_unlock(NULL), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_delete(NULL), VOS_ERR_INVALID);
    vos_task_t *o = SELF;
    VT_EQ(vos_mutex_owner(NULL, &o), VOS_ERR_INVALID);
    VT_ASSERT(o == SELF);                        /* not written on error */

    vos_mutex_t z;
    memset(&z, 0, sizeof z);
    VT_EQ(vos_mutex_lock(&z, VOS_NO_WAIT), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_lock(&z, VOS_FOREVER), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_unlock(&z), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_delete(&z), VOS_ERR_INVALID);
    memset(&z, 0xA7, sizeof z);
    VT_EQ(vos_mutex_lock(&z, vos_us(10)), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_unlock(&z), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_owner(&z, &o), VOS_ERR_INVALID);

    /* A semaphore passed as a mutex: refused and untouched. */
    vos_sem_t s;
    VT_EQ(vos_sem_init(&s, 1, 3), VOS_OK);
    vos_sem_t scopy = s;
    vos_mutex_t *sm = (vos_mutex_t *)(void *)&s;
    VT_EQ(vos_mutex_lock(sm, VOS_NO_WAIT), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_lock(sm, VOS_FOREVER), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_unlock(sm), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_delete(sm), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_owner(sm, &o), VOS_ERR_INVALID);
    VT_ASSERT(memcmp(&scopy, &s, sizeof s) == 0);
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_delete(&s), VOS_OK);

    /* A queue passed as a mutex. */
    vos_queue_t q;
    uint32_t qbuf[2], v = 9;
    VT_EQ(vos_queue_init(&q, qbuf, sizeof qbuf[0], 2), VOS_OK);
    VT_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    vos_queue_t qcopy = q;
    vos_mutex_t *qm = (vos_mutex_t *)(void *)&q;
    VT_EQ(vos_mutex_lock(qm, VOS_FOREVER), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_unlock(qm), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_delete(qm), VOS_ERR_INVALID);
    VT_ASSERT(memcmp(&qcopy, &q, sizeof q) == 0);
    VT_EQ(vos_queue_count(&q), 1);
    VT_EQ(vos_queue_delete(&q), VOS_OK);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
}

/* --- Priority ceiling ---------------------------------------------------------------- */

VT_TEST(ceiling_raises_owner_at_once)
{
    VT_EQ(vos_mutex_init_ceiling(&m, 24), VOS_OK);
    VT_ASSERT(vt_owner(&m) == NULL);
    vt_log_reset();
    VT_EQ(vos_mutex_lock(&m, VOS_FOREVER), VOS_OK);
    VT_EQ(PRIO(NULL), 24);
    VT_EQ(BASE(NULL), VT_RUNNER_PRIO);
    VT_ASSERT(vt_owner(&m) == SELF);
    vt_spawn(0, "mid", log_task, (void *)'m', 22);   /* below the ceiling: waits */
    VT_ASSERT(vt_log_is(""));
    vt_spawn(1, "hi", log_task, (void *)'h', 25);    /* above it: runs */
    VT_ASSERT(vt_log_is("h"));
    /* Recursion keeps the ceiling until the last level. */
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(PRIO(NULL), 24);
    VT_ASSERT(vt_log_is("h"));
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_ASSERT(vt_log_is("hm"));                          /* runs as we drop */
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_unlock(&m), VOS_ERR_NOT_OWNER);
    vt_join(2, 10);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(ceiling_below_base_refused)
{
    VT_EQ(vos_mutex_init_ceiling(&m, VT_RUNNER_PRIO - 2), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_ERR_ARG);
    VT_EQ(vos_mutex_lock(&m, VOS_FOREVER), VOS_ERR_ARG);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_init_ceiling(&m, VT_RUNNER_PRIO), VOS_OK);   /* equal: allowed */
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

/* The same rule when the mutex is owned: a task whose base priority is
 * above the ceiling must be refused whether the mutex is free or not
 * (vaios/mutex.h: "a task of higher base priority must not lock it"). */
VT_TEST(ceiling_below_base_refused_when_owned_try)
{
    VT_EQ(vos_mutex_init_ceiling(&m, 24), VOS_OK);
    vos_task_t *a = spawn_actor(0, &m, 21, VOS_FOREVER, ACT_HOLD, 1);
    VT_ASSERT(vt_owner(&m) == a);
    VT_EQ(PRIO(a), 24);
    spawn_actor(1, &m, 26, VOS_NO_WAIT, ACT_UNLOCK, 1);
    VT_EQ(act[1].lock_err, VOS_ERR_ARG);
    VT_EQ(PRIO(a), 24);
    go(0);
    vt_join(2, 10);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

/* Worse with a timeout: the task must not wait either, because its wait
 * would lift the owner above the ceiling through inheritance and hand it
 * the ceiling mutex later. */
VT_TEST(ceiling_below_base_refused_when_owned_wait)
{
    VT_EQ(vos_mutex_init_ceiling(&m, 24), VOS_OK);
    vos_task_t *a = spawn_actor(0, &m, 21, VOS_FOREVER, ACT_HOLD, 1);
    VT_EQ(PRIO(a), 24);
    vos_task_t *c = spawn_actor(1, &m, 26, vos_ms(1), ACT_UNLOCK, 1);
    VT_EQ(act[1].lock_err, VOS_ERR_ARG);           /* refused at once, */
    VT_EQ(vos_task_state(c), VOS_TASK_EXITED);     /* not waiting */
    if (PRIO(a) != 24)
        vt_note("the owner was lifted to %d, above the ceiling 24\n", PRIO(a));
    VT_EQ(PRIO(a), 24);                            /* and no boost past the ceiling */
    go(0);
    vt_join(2, 10);
    if (act[1].lock_err == VOS_OK)
        vt_note("the task above the ceiling was handed the mutex\n");
    VT_EQ(act[1].lock_err, VOS_ERR_ARG);
    VT_ASSERT(vt_owner(&m) == NULL);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(nested_ceilings_released_in_any_order)
{
    VT_EQ(vos_mutex_init_ceiling(&m, 23), VOS_OK);
    VT_EQ(vos_mutex_init_ceiling(&m2, 26), VOS_OK);
    for (int order_ = 0; order_ < 2; order_++) {
        VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
        VT_EQ(PRIO(NULL), 23);
        VT_EQ(vos_mutex_lock(&m2, VOS_NO_WAIT), VOS_OK);
        VT_EQ(PRIO(NULL), 26);
        if (order_ == 0) {
            VT_EQ(vos_mutex_unlock(&m), VOS_OK);      /* the lower one first */
            VT_EQ(PRIO(NULL), 26);
            VT_EQ(vos_mutex_unlock(&m2), VOS_OK);
        } else {
            VT_EQ(vos_mutex_unlock(&m2), VOS_OK);
            VT_EQ(PRIO(NULL), 23);
            VT_EQ(vos_mutex_unlock(&m), VOS_OK);
        }
        VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
        VT_EQ(BASE(NULL), VT_RUNNER_PRIO);
    }
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
    VT_EQ(vos_mutex_delete(&m2), VOS_OK);
}

VT_TEST(ceiling_deleted_under_its_owner)
{
    VT_EQ(vos_mutex_init_ceiling(&m, 24), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(PRIO(NULL), 24);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_unlock(&m), VOS_ERR_INVALID);
    VT_ASSERT(vt_owner(&m) == &vt_owner_error);   /* deleted: refused */
}

VT_TEST(ceiling_owner_priority_change)
{
    VT_EQ(vos_mutex_init_ceiling(&m, 24), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_task_set_priority(NULL, 22), VOS_OK);
    VT_EQ(PRIO(NULL), 24);
    VT_EQ(BASE(NULL), 22);
    VT_EQ(vos_task_set_priority(NULL, 26), VOS_OK);
    VT_EQ(PRIO(NULL), 26);
    VT_EQ(vos_task_set_priority(NULL, VT_RUNNER_PRIO), VOS_OK);
    VT_EQ(PRIO(NULL), 24);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

static void releaser(void *arg)
{
    vos_sleep(vos_us(100));
    go((int)(uintptr_t)arg);
}

VT_TEST(ceiling_handed_over_to_waiter)
{
    VT_EQ(vos_mutex_init_ceiling(&m, 24), VOS_OK);
    vos_task_t *a = spawn_actor(0, &m, 21, VOS_FOREVER, ACT_HOLD, 1);
    VT_EQ(PRIO(a), 24);
    vt_spawn(1, "rel", releaser, (void *)0, 25);
    /* We wait; below the ceiling we add nothing to the owner's level. */
    VT_EQ(vos_mutex_lock(&m, VOS_FOREVER), VOS_OK);
    VT_EQ(PRIO(NULL), 24);                /* the ceiling is ours at once */
    VT_EQ(BASE(NULL), VT_RUNNER_PRIO);
    VT_EQ(PRIO(a), 21);
    VT_EQ(vos_task_state(a), VOS_TASK_READY);   /* below us now */
    VT_EQ(act[0].unlock_err, 1);                /* preempted inside its unlock */
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);        /* a runs and ends */
    VT_EQ(act[0].unlock_err, VOS_OK);
    VT_EQ(vos_task_state(a), VOS_TASK_EXITED);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    vt_join(2, 10);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
}

VT_TEST(ceiling_and_inheritance_combine)
{
    /* We hold an inheritance mutex and a ceiling mutex (22); a waiter at
     * 25 on the first lifts us to 25, its timeout drops us to the
     * ceiling, the unlock of the ceiling mutex to our base. */
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_init_ceiling(&m2, 22), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_mutex_lock(&m2, VOS_NO_WAIT), VOS_OK);
    VT_EQ(PRIO(NULL), 22);
    spawn_actor(0, &m, 25, vos_us(200), ACT_UNLOCK, 1);
    VT_EQ(PRIO(NULL), 25);
    vos_time_t t0 = vos_now();
    while (act[0].lock_err == 1 && vos_now() - t0 < vos_dur_cycles(vos_ms(1)))
        ;                                     /* busy: we are the owner, running */
    VT_EQ(act[0].lock_err, VOS_ERR_TIMEOUT);
    VT_EQ(PRIO(NULL), 22);
    VT_EQ(vos_mutex_unlock(&m2), VOS_OK);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(PRIO(NULL), VT_RUNNER_PRIO);
    vt_join(1, 10);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);
    VT_EQ(vos_mutex_delete(&m2), VOS_OK);
}
