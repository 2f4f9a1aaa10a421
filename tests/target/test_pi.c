/* SPDX-License-Identifier: MIT */
/*
 * Priority inheritance, checked against the invariant of vaios/mutex.h:
 * every task's effective priority is the maximum of its base priority and
 * the effective priorities of all tasks waiting on every mutex it holds.
 *
 * Two kinds of case. Scheduling cases use real tasks that run, spin and
 * sleep, and check who gets the CPU (the three-task inversion with
 * tCyclicTask, tWorkTask and tSlowTask; the owner preempted or not by the
 * right tasks after a release, a waiter's timeout or a priority change).
 * Model cases drive "puppet" tasks, all above the runner, one command at a
 * time (lock, unlock; the runner changes priorities and lets timeouts
 * expire) and after every step compare every puppet's effective and base
 * priority, every mutex's owner and every call's result with a model that
 * computes the invariant from scratch. The model cases enumerate every
 * order of release of the chains of three and four tasks over nested
 * mutexes, every order of timeouts of the four-task chain, and every
 * interleaving of releases and timeouts of the three-task chain.
 */
#include <string.h>
#include "vtest.h"

#define PRIO(t)  vos_task_priority(t)
#define BASE(t)  vos_task_base_priority(t)

static void spin_until(vos_time_t t)
{
    while (vos_now() < t)
        ;
}

/* ==== Scheduling cases ===================================================== */

/* --- The three-task inversion ----------------------------------------------
 * Each round k starts at T_k: tSlowTask (low) locks the shared resource
 * and works 400 us in it; tCyclicTask (high) asks for it 100 us into the
 * round; tWorkTask (medium) becomes ready at 200 us and works until 1 ms.
 * With inheritance, tSlowTask runs at tCyclicTask's priority while it is
 * waited for, tWorkTask cannot run before tCyclicTask has the resource,
 * and tCyclicTask waits at most the rest of tSlowTask's critical section.
 * With a binary semaphore as the lock (no inheritance) the same program
 * shows the inversion: that proves the checks can see it. */

#define INV_ROUNDS 5
#define INV_HIGH   26
#define INV_MED    24
#define INV_LOW    22
static vos_mutex_t inv_m;
static vos_sem_t inv_s;
static bool inv_use_sem;
static vos_time_t inv_t0;
static volatile bool inv_high_waiting;
static volatile int inv_work_while_waiting, inv_slow_bad_prio, inv_slow_boosted_samples;
static volatile int inv_errors;
static volatile uint64_t inv_worst_wait;     /* cycles */

static vos_time_t inv_round(int k)
{
    return inv_t0 + (vos_time_t)k * vos_dur_cycles(vos_ms(2));
}

static void inv_lock(void)
{
    int err = inv_use_sem ? vos_sem_take(&inv_s, VOS_FOREVER) : vos_mutex_lock(&inv_m, VOS_FOREVER);
    if (err != VOS_OK)
        inv_errors++;
}

static void inv_unlock(void)
{
    int err = inv_use_sem ? vos_sem_give(&inv_s) : vos_mutex_unlock(&inv_m);
    if (err != VOS_OK)
        inv_errors++;
}

static void t_slow_task(void *arg)
{
    (void)arg;
    for (int k = 0; k < INV_ROUNDS; k++) {
        vos_sleep_until(inv_round(k));
        inv_lock();
        vt_log('S');
        while (vos_now() < inv_round(k) + vos_dur_cycles(vos_us(400))) {
            if (inv_high_waiting) {
                inv_slow_boosted_samples++;
                if (!inv_use_sem && PRIO(NULL) != INV_HIGH)
                    inv_slow_bad_prio++;
            }
        }
        vt_log('u');
        inv_unlock();
        if (PRIO(NULL) != INV_LOW || BASE(NULL) != INV_LOW)
            inv_slow_bad_prio++;
    }
}

static void t_cyclic_task(void *arg)
{
    (void)arg;
    for (int k = 0; k < INV_ROUNDS; k++) {
        vos_sleep_until(inv_round(k) + vos_dur_cycles(vos_us(100)));
        vos_time_t t = vos_now();
        inv_high_waiting = true;
        inv_lock();
        inv_high_waiting = false;
        uint64_t w = vos_now() - t;
        if (w > inv_worst_wait)
            inv_worst_wait = w;
        vt_log('H');
        inv_unlock();
    }
}

static void t_work_task(void *arg)
{
    (void)arg;
    for (int k = 0; k < INV_ROUNDS; k++) {
        vos_sleep_until(inv_round(k) + vos_dur_cycles(vos_us(200)));
        vt_log('W');
        while (vos_now() < inv_round(k) + vos_dur_cycles(vos_ms(1)))
            if (inv_high_waiting)
                inv_work_while_waiting++;
    }
}

static void inversion_run(bool use_sem)
{
    inv_use_sem = use_sem;
    VT_EQ(vos_mutex_init(&inv_m), VOS_OK);
    VT_EQ(vos_sem_init(&inv_s, 1, 1), VOS_OK);
    inv_high_waiting = false;
    inv_work_while_waiting = inv_slow_bad_prio = inv_slow_boosted_samples = inv_errors = 0;
    inv_worst_wait = 0;
    vt_log_reset();
    inv_t0 = vos_now() + vos_dur_cycles(vos_us(100));
    vt_spawn(0, "tSlowTask", t_slow_task, NULL, INV_LOW);
    vt_spawn(1, "tCyclicTask", t_cyclic_task, NULL, INV_HIGH);
    vt_spawn(2, "tWorkTask", t_work_task, NULL, INV_MED);
    vt_join(3, 100);
    VT_EQ(inv_errors, 0);
}

VT_TEST(inversion_medium_never_runs_while_high_waits)
{
    inversion_run(false);
    VT_EQ(inv_work_while_waiting, 0);
    VT_EQ(inv_slow_bad_prio, 0);
    VT_ASSERT(inv_slow_boosted_samples > 0);       /* it did wait every time */
    /* Per round: slow locks, high asks, slow finishes its section at high
     * priority, high gets it, only then the medium task runs. */
    VT_ASSERT(vt_log_is("SuHWSuHWSuHWSuHWSuHW"));
    /* High waits for at most the rest of the critical section (300 us)
     * plus the hand-over. */
    VT_LE(inv_worst_wait, vos_dur_cycles(vos_us(300)) + vos_dur_cycles(vos_us(10)));
    VT_LE(vos_dur_cycles(vos_us(290)), inv_worst_wait);
    vt_note("worst wait of tCyclicTask: %llu ns\n", (unsigned long long)vos_to_ns(vos_cycles(inv_worst_wait)));
    VT_EQ(vos_mutex_delete(&inv_m), VOS_OK);
    VT_EQ(vos_sem_delete(&inv_s), VOS_OK);
}

VT_TEST(inversion_seen_without_inheritance)
{
    inversion_run(true);
    /* The same program with a semaphore: the medium task runs while the
     * high one waits, and the high one waits past the medium's work. */
    VT_ASSERT(inv_work_while_waiting > 0);
    VT_ASSERT(vt_log_is("SWuHSWuHSWuHSWuHSWuH"));
    VT_LE(vos_dur_cycles(vos_us(900)), inv_worst_wait);
    VT_EQ(vos_mutex_delete(&inv_m), VOS_OK);
    VT_EQ(vos_sem_delete(&inv_s), VOS_OK);
}

/* --- Releasing the mutex that caused the boost first -----------------------
 * L (21) holds M1 and M2; H1 (27) waits on M1, H2 (24) on M2; P (25) and
 * Q (23) become ready while L runs boosted. */

static vos_mutex_t sm1, sm2;
static vos_time_t s_t0;
static bool s_m1_first;
static volatile int s_prio[4];
static volatile int s_err;

static void s_low(void *arg)
{
    (void)arg;
    if (vos_mutex_lock(&sm1, VOS_FOREVER) != VOS_OK || vos_mutex_lock(&sm2, VOS_FOREVER) != VOS_OK)
        s_err++;
    spin_until(s_t0 + vos_dur_cycles(vos_us(300)));
    s_prio[0] = PRIO(NULL);
    if (vos_mutex_unlock(s_m1_first ? &sm1 : &sm2) != VOS_OK)
        s_err++;
    s_prio[1] = PRIO(NULL);
    vt_log('l');
    if (vos_mutex_unlock(s_m1_first ? &sm2 : &sm1) != VOS_OK)
        s_err++;
    s_prio[2] = PRIO(NULL);
    vt_log('L');
}

static void s_waiter(void *arg)
{
    vos_mutex_t *mm = arg == (void *)1 ? &sm1 : &sm2;
    vos_sleep_until(s_t0 + (mm == &sm1 ? vos_dur_cycles(vos_us(50)) : vos_dur_cycles(vos_us(60))));
    if (vos_mutex_lock(mm, VOS_FOREVER) != VOS_OK)
        s_err++;
    vt_log(mm == &sm1 ? 'A' : 'B');
    if (vos_mutex_unlock(mm) != VOS_OK)
        s_err++;
}

static void s_logger(void *arg)
{
    char c = (char)(uintptr_t)arg;
    vos_sleep_until(s_t0 + (c == 'P' ? vos_dur_cycles(vos_us(100)) : vos_dur_cycles(vos_us(110))));
    vt_log(c);
}

static void two_mutex_run(bool m1_first)
{
    VT_EQ(vos_mutex_init(&sm1), VOS_OK);
    VT_EQ(vos_mutex_init(&sm2), VOS_OK);
    s_m1_first = m1_first;
    s_err = 0;
    vt_log_reset();
    s_t0 = vos_now() + vos_dur_cycles(vos_us(50));
    /* The others sleep until their time; L, above us, runs as it is
     * created and holds the CPU until it is done. */
    vt_spawn(1, "H1", s_waiter, (void *)1, 27);
    vt_spawn(2, "H2", s_waiter, (void *)2, 24);
    vt_spawn(3, "P", s_logger, (void *)'P', 25);
    vt_spawn(4, "Q", s_logger, (void *)'Q', 23);
    vt_spawn(0, "L", s_low, NULL, 21);
    vt_join(5, 100);
    VT_EQ(s_err, 0);
    VT_EQ(s_prio[0], 27);
    VT_ASSERT(vt_owner(&sm1) == NULL && vt_owner(&sm2) == NULL);
}

VT_TEST(release_boosting_mutex_first_falls_to_other_waiters)
{
    two_mutex_run(true);
    /* After M1: exactly H2's 24 - not 27, not 21. So H1 runs, then P
     * (25) preempts L, but Q (23) does not; after M2, H2 and Q run. */
    VT_EQ(s_prio[1], 24);
    VT_EQ(s_prio[2], 21);
    VT_ASSERT(vt_log_is("APlBQL"));
}

VT_TEST(release_other_mutex_first_keeps_boost)
{
    two_mutex_run(false);
    VT_EQ(s_prio[1], 27);                        /* H1 still waits */
    VT_EQ(s_prio[2], 21);
    VT_ASSERT(vt_log_is("lAPBQL"));
}

/* --- A waiter times out while its boost is in effect -----------------------
 * L (21) holds M and spins until 600 us; H (28) waits on M with a 200 us
 * timeout from 100 us; P (25), Q (23) and R (21, L's equal) become ready
 * at 150..170 us. None may run before H's timeout; then H runs (it is
 * told of the timeout), then P and Q, then L (still the head of its level,
 * as the running task when its priority fell), then R. */

static vos_mutex_t tm;
static vos_time_t t_t0;
static volatile int t_err, t_h_result, t_prio_boosted, t_prio_after, t_prio_base;
static volatile bool t_h_waiting, t_h_done;

static void t_low(void *arg)
{
    (void)arg;
    if (vos_mutex_lock(&tm, VOS_FOREVER) != VOS_OK)
        t_err++;
    while (vos_now() < t_t0 + vos_dur_cycles(vos_us(600))) {
        /* Read the priority before the flag: if H still waits after the
         * read, the read was made while it waited. */
        int p = PRIO(NULL);
        if (t_h_waiting)
            t_prio_boosted = p;
        if (t_h_done && t_prio_after < 0)
            t_prio_after = PRIO(NULL);
    }
    t_prio_base = BASE(NULL);
    vt_log('L');
    if (vos_mutex_unlock(&tm) != VOS_OK)
        t_err++;
}

static void t_high(void *arg)
{
    (void)arg;
    vos_sleep_until(t_t0 + vos_dur_cycles(vos_us(100)));
    t_h_waiting = true;
    t_h_result = vos_mutex_lock(&tm, vos_us(200));
    t_h_waiting = false;
    t_h_done = true;
    vt_log('H');
}

static void t_logger(void *arg)
{
    char c = (char)(uintptr_t)arg;
    vos_sleep_until(t_t0 + vos_dur_cycles(vos_us(c == 'P' ? 150 : c == 'Q' ? 160 : 170)));
    vt_log(c);
}

/* Spins over H's deadline, so that L is preempted, not running, when its
 * boost ends. */
static void t_top(void *arg)
{
    (void)arg;
    vos_sleep_until(t_t0 + vos_dur_cycles(vos_us(250)));
    spin_until(t_t0 + vos_dur_cycles(vos_us(350)));
    vt_log('T');
}

static void timeout_run(bool preempt)
{
    VT_EQ(vos_mutex_init(&tm), VOS_OK);
    t_err = 0;
    t_h_result = 1;
    t_prio_boosted = t_prio_after = t_prio_base = -1;
    t_h_waiting = t_h_done = false;
    vt_log_reset();
    t_t0 = vos_now() + vos_dur_cycles(vos_us(50));
    vt_spawn(1, "H", t_high, NULL, 28);
    vt_spawn(2, "P", t_logger, (void *)'P', 25);
    vt_spawn(3, "Q", t_logger, (void *)'Q', 23);
    vt_spawn(4, "R", t_logger, (void *)'R', 21);
    if (preempt)
        vt_spawn(5, "T", t_top, NULL, 30);
    vt_spawn(0, "L", t_low, NULL, 21);           /* runs now, until it is done */
    vt_join(preempt ? 6 : 5, 100);
    VT_EQ(t_err, 0);
    VT_EQ(t_h_result, VOS_ERR_TIMEOUT);
    VT_EQ(t_prio_base, 21);
    VT_ASSERT(vt_owner(&tm) == NULL);
    VT_EQ(vos_mutex_delete(&tm), VOS_OK);
}

VT_TEST(waiter_timeout_while_owner_runs_boosted)
{
    timeout_run(false);
    VT_EQ(t_prio_boosted, 28);
    VT_EQ(t_prio_after, 21);
    VT_ASSERT(vt_log_is("HPQLR"));
}

VT_TEST(waiter_timeout_while_owner_preempted)
{
    timeout_run(true);
    VT_EQ(t_prio_boosted, 28);
    VT_EQ(t_prio_after, 21);
    /* T holds the CPU over the deadline; then H, P and Q; L and R share
     * level 21 and both end (their order there is not specified when L
     * was not running as it fell). */
    VT_EQ(vt_log_len(), 6);
    VT_ASSERT(strncmp(vt_log_text(), "THPQ", 4) == 0);
    VT_ASSERT((vt_log_text()[4] == 'L' && vt_log_text()[5] == 'R') || (vt_log_text()[4] == 'R' && vt_log_text()[5] == 'L'));
}

/* --- The application changes a boosted task's priority ----------------------
 * L (21) holds M, spinning; H (27) waits; P (24) is ready. A controller
 * (30) lowers L's base to 22 (no effect: 27 stays, P still waits), raises
 * it to 29, then back to 21 (27 again); L's release lets H, then P run. */

static vos_mutex_t cm;
static vos_time_t c_t0;
static volatile int c_err, c_seen[6];

static void c_low(void *arg)
{
    (void)arg;
    if (vos_mutex_lock(&cm, VOS_FOREVER) != VOS_OK)
        c_err++;
    spin_until(c_t0 + vos_dur_cycles(vos_us(500)));
    c_seen[5] = PRIO(NULL);
    vt_log('u');
    if (vos_mutex_unlock(&cm) != VOS_OK)
        c_err++;
    vt_log('L');
}

static void c_high(void *arg)
{
    (void)arg;
    vos_sleep_until(c_t0 + vos_dur_cycles(vos_us(50)));
    if (vos_mutex_lock(&cm, VOS_FOREVER) != VOS_OK)
        c_err++;
    vt_log('H');
    if (vos_mutex_unlock(&cm) != VOS_OK)
        c_err++;
}

static void c_mid(void *arg)
{
    (void)arg;
    vos_sleep_until(c_t0 + vos_dur_cycles(vos_us(60)));
    vt_log('P');
}

static void c_ctl(void *arg)
{
    vos_task_t *l = arg;
    vos_sleep_until(c_t0 + vos_dur_cycles(vos_us(100)));
    c_seen[0] = PRIO(l);
    if (vos_task_set_priority(l, 22) != VOS_OK)
        c_err++;
    c_seen[1] = PRIO(l) * 100 + BASE(l);
    vos_sleep_until(c_t0 + vos_dur_cycles(vos_us(200)));         /* L spins meanwhile, P must not run */
    if (vos_task_set_priority(l, 29) != VOS_OK)
        c_err++;
    c_seen[2] = PRIO(l) * 100 + BASE(l);
    vos_sleep_until(c_t0 + vos_dur_cycles(vos_us(300)));
    if (vos_task_set_priority(l, 21) != VOS_OK)
        c_err++;
    c_seen[3] = PRIO(l) * 100 + BASE(l);
    vt_log('c');
}

VT_TEST(priority_change_while_boosted_schedules_by_max)
{
    VT_EQ(vos_mutex_init(&cm), VOS_OK);
    c_err = 0;
    vt_log_reset();
    c_t0 = vos_now() + vos_dur_cycles(vos_us(50));
    vos_task_t *l = vt_task(0);
    vt_spawn(1, "H", c_high, NULL, 27);
    vt_spawn(2, "P", c_mid, NULL, 24);
    vt_spawn(3, "ctl", c_ctl, l, 30);
    vt_spawn(0, "L", c_low, NULL, 21);           /* runs now, until it is done */
    vt_join(4, 100);
    VT_EQ(c_err, 0);
    VT_EQ(c_seen[0], 27);
    VT_EQ(c_seen[1], 2722);
    VT_EQ(c_seen[2], 2929);
    VT_EQ(c_seen[3], 2721);
    VT_EQ(c_seen[5], 27);
    VT_ASSERT(vt_log_is("cuHPL"));
    VT_EQ(PRIO(l), 21);
    VT_EQ(vos_mutex_delete(&cm), VOS_OK);
}

/* --- A boosted owner blocked on something else ------------------------------
 * L (21) holds M and waits on a semaphore behind X (23); H (27) waiting on
 * M moves L ahead of X in the semaphore's queue, so the next give goes to
 * L. When H's wait times out first, L falls back behind X. */

static vos_mutex_t bm;
static vos_sem_t bs;
static volatile int b_err, b_h_result;

static void b_low(void *arg)
{
    (void)arg;
    if (vos_mutex_lock(&bm, VOS_FOREVER) != VOS_OK)
        b_err++;
    if (vos_sem_take(&bs, VOS_FOREVER) != VOS_OK)
        b_err++;
    vt_log('L');
    if (vos_mutex_unlock(&bm) != VOS_OK)
        b_err++;
}

static void b_x(void *arg)
{
    (void)arg;
    if (vos_sem_take(&bs, VOS_FOREVER) != VOS_OK)
        b_err++;
    vt_log('X');
}

static vos_dur_t b_h_timeout;      /* H's timeout (a duration does not fit in the task argument) */

static void b_high(void *arg)
{
    (void)arg;
    b_h_result = vos_mutex_lock(&bm, b_h_timeout);
    vt_log('H');
    if (b_h_result == VOS_OK && vos_mutex_unlock(&bm) != VOS_OK)
        b_err++;
}

static void boosted_sem_waiter_run(vos_dur_t h_timeout)
{
    VT_EQ(vos_mutex_init(&bm), VOS_OK);
    VT_EQ(vos_sem_init(&bs, 0, 2), VOS_OK);
    b_err = 0;
    b_h_result = 1;
    vt_log_reset();
    vos_task_t *l = vt_spawn(0, "L", b_low, NULL, 21);
    vt_spawn(1, "X", b_x, NULL, 23);
    VT_EQ(vos_task_state(l), VOS_TASK_BLOCKED);
    b_h_timeout = h_timeout;
    vt_spawn(2, "H", b_high, NULL, 27);
    VT_EQ(PRIO(l), 27);
    VT_EQ(vos_task_state(l), VOS_TASK_BLOCKED);
}

VT_TEST(boosted_owner_moves_up_in_semaphore_queue)
{
    boosted_sem_waiter_run(VOS_FOREVER);
    VT_EQ(vos_sem_give(&bs), VOS_OK);            /* to L, now first */
    VT_ASSERT(vt_log_is("LH"));
    VT_EQ(PRIO(vt_task(0)), 21);
    VT_EQ(vos_sem_give(&bs), VOS_OK);
    VT_ASSERT(vt_log_is("LHX"));
    vt_join(3, 10);
    VT_EQ(b_err, 0);
    VT_EQ(b_h_result, VOS_OK);
    VT_EQ(vos_mutex_delete(&bm), VOS_OK);
    VT_EQ(vos_sem_delete(&bs), VOS_OK);
}

VT_TEST(boost_timeout_moves_owner_back_in_semaphore_queue)
{
    boosted_sem_waiter_run(vos_us(100));
    vos_sleep(vos_us(200));                      /* H gives up */
    VT_ASSERT(vt_log_is("H"));
    VT_EQ(b_h_result, VOS_ERR_TIMEOUT);
    VT_EQ(PRIO(vt_task(0)), 21);
    VT_EQ(vos_sem_give(&bs), VOS_OK);            /* to X again */
    VT_ASSERT(vt_log_is("HX"));
    VT_EQ(vos_sem_give(&bs), VOS_OK);
    VT_ASSERT(vt_log_is("HXL"));
    vt_join(3, 10);
    VT_EQ(b_err, 0);
    VT_EQ(vos_mutex_delete(&bm), VOS_OK);
    VT_EQ(vos_sem_delete(&bs), VOS_OK);
}

/* --- A boosted owner that sleeps ------------------------------------------------
 * L (21) holds M and sleeps until 200 us; H (27) waits on M from 50 us; P
 * (24) spins from 100 to 400 us. L wakes at its boosted priority, so it
 * preempts P, and H gets M before P ends. */

static vos_mutex_t zm;
static vos_time_t z_t0;
static volatile int z_err, z_prio_woken;

static void z_low(void *arg)
{
    (void)arg;
    if (vos_mutex_lock(&zm, VOS_FOREVER) != VOS_OK)
        z_err++;
    vos_sleep_until(z_t0 + vos_dur_cycles(vos_us(200)));
    z_prio_woken = PRIO(NULL);
    vt_log('l');
    if (vos_mutex_unlock(&zm) != VOS_OK)
        z_err++;
    vt_log('L');
}

static void z_high(void *arg)
{
    (void)arg;
    vos_sleep_until(z_t0 + vos_dur_cycles(vos_us(50)));
    if (vos_mutex_lock(&zm, VOS_FOREVER) != VOS_OK)
        z_err++;
    vt_log('H');
    if (vos_mutex_unlock(&zm) != VOS_OK)
        z_err++;
}

static void z_mid(void *arg)
{
    (void)arg;
    vos_sleep_until(z_t0 + vos_dur_cycles(vos_us(100)));
    vt_log('P');
    spin_until(z_t0 + vos_dur_cycles(vos_us(400)));
    vt_log('p');
}

VT_TEST(sleeping_owner_wakes_at_inherited_priority)
{
    VT_EQ(vos_mutex_init(&zm), VOS_OK);
    z_err = 0;
    z_prio_woken = -1;
    vt_log_reset();
    z_t0 = vos_now() + vos_dur_cycles(vos_us(30));
    vos_task_t *l = vt_spawn(0, "L", z_low, NULL, 21);
    vt_spawn(1, "H", z_high, NULL, 27);
    vt_spawn(2, "P", z_mid, NULL, 24);
    vos_sleep(vos_us(75));
    VT_EQ(vos_task_state(l), VOS_TASK_BLOCKED);   /* asleep, and boosted */
    VT_EQ(PRIO(l), 27);
    vt_join(3, 10);
    VT_EQ(z_err, 0);
    VT_EQ(z_prio_woken, 27);
    VT_ASSERT(vt_log_is("PlHpL"));
    VT_EQ(vos_mutex_delete(&zm), VOS_OK);
}

/* ==== Model cases ============================================================= */

#define NP       10          /* puppets (task slots 0..NP-1) */
#define NM       10          /* mutexes */
#define PENDING  1           /* result of a call that has not returned */
#define SPACING  vos_dur_cycles(vos_us(200)) /* cycles between successive deadlines */
#define MARGIN   vos_dur_cycles(vos_us(40))

enum { OP_LOCK = 1, OP_UNLOCK, OP_EXIT };

struct puppet {
    vos_sem_t cmd;
    volatile int op, mx;
    vos_dur_t timeout;
    volatile int result;
};
static struct puppet pp[NP];
static vos_mutex_t mx[NM];

static void puppet_entry(void *arg)
{
    struct puppet *p = &pp[(int)(uintptr_t)arg];
    for (;;) {
        if (vos_sem_take(&p->cmd, VOS_FOREVER) != VOS_OK) {
            VT_ASSERT(!"puppet command");
            return;
        }
        switch (p->op) {
        case OP_LOCK:
            p->result = vos_mutex_lock(&mx[p->mx], p->timeout);
            break;
        case OP_UNLOCK:
            p->result = vos_mutex_unlock(&mx[p->mx]);
            break;
        default:
            p->result = VOS_OK;
            return;
        }
    }
}

/* The model: who owns what (with depth), who waits for what, bases, and
 * the result each puppet's last call must have. */
static struct {
    int np, nm;
    int base[NP];
    int owner[NM], count[NM];
    int wait_on[NP];
    int result[NP];
    int rank[NP];            /* order of the puppet's timed wait, -1: none */
    bool exited[NP];
    bool deleted[NM];
} md;
static vos_time_t md_t0;     /* deadline of rank r: md_t0 + (r + 1) * SPACING */

/* What the run did so far, printed with its first failure. */
static char trail[200];
static int trail_n;
static bool trail_noted;

static void trail_add(char a, int i, int k)
{
    if (trail_n < (int)sizeof trail - 5) {
        trail[trail_n++] = a;
        trail[trail_n++] = (char)('0' + i);
        if (k >= 0)
            trail[trail_n++] = (char)('a' + k);
        trail[trail_n++] = ' ';
    }
    trail[trail_n] = 0;
}

static void model_eff(int *eff)
{
    for (int i = 0; i < md.np; i++)
        eff[i] = md.base[i];
    bool changed;
    do {
        changed = false;
        for (int k = 0; k < md.nm; k++) {
            int o = md.owner[k];
            if (o < 0)
                continue;
            for (int w = 0; w < md.np; w++)
                if (md.wait_on[w] == k && eff[w] > eff[o]) {
                    eff[o] = eff[w];
                    changed = true;
                }
        }
    } while (changed);
}

/* Compare the kernel with the model. A mismatch names the puppet or the
 * mutex by its index times 100 plus the value. */
static void check(void)
{
    int before = vt_failures();
    int eff[NP];
    model_eff(eff);
    for (int i = 0; i < md.np; i++) {
        vos_task_t *t = vt_task(i);
        if (md.exited[i]) {
            VT_EQ(i * 100 + vos_task_state(t), i * 100 + VOS_TASK_EXITED);
            continue;
        }
        VT_EQ(i * 100 + PRIO(t), i * 100 + eff[i]);
        VT_EQ(i * 100 + BASE(t), i * 100 + md.base[i]);
        VT_EQ(i * 100 + pp[i].result, i * 100 + md.result[i]);
        VT_EQ(i * 100 + vos_task_state(t), i * 100 + VOS_TASK_BLOCKED);
    }
    for (int k = 0; k < md.nm; k++) {
        vos_task_t *o = vt_owner(&mx[k]);
        if (md.deleted[k]) {                     /* refused, owned by nobody */
            VT_ASSERT(o == &vt_owner_error && md.owner[k] == -1);
            continue;
        }
        int oi = o == NULL ? -1 : (int)(o - vt_task(0));
        VT_EQ(k * 100 + oi, k * 100 + md.owner[k]);
    }
    if (vt_failures() > before && !trail_noted) {
        trail_noted = true;
        vt_note("after: %s\n", trail);
    }
}

static void pp_command(int i, int op, int k, vos_dur_t timeout)
{
    pp[i].op = op;
    pp[i].mx = k;
    pp[i].timeout = timeout;
    pp[i].result = PENDING;
    VT_EQ(vos_sem_give(&pp[i].cmd), VOS_OK);   /* it runs until it is done or blocks */
}

static vos_time_t deadline_of(int rank)
{
    return md_t0 + (vos_time_t)(rank + 1) * SPACING;
}

/* Puppet i locks mutex k: at once, recursively, or by waiting (with the
 * puppet's timed rank if it has one, else forever). */
static void do_lock(int i, int k)
{
    vos_dur_t timeout = VOS_FOREVER;
    if (md.owner[k] < 0) {
        md.owner[k] = i;
        md.count[k] = 1;
        md.result[i] = VOS_OK;
    } else if (md.owner[k] == i) {
        md.count[k]++;
        md.result[i] = VOS_OK;
    } else {
        md.wait_on[i] = k;
        md.result[i] = PENDING;
        if (md.rank[i] >= 0) {
            vos_time_t d = deadline_of(md.rank[i]);
            VT_ASSERT(vos_now() + vos_dur_cycles(vos_us(20)) < d);  /* the schedule fits */
            timeout = vos_cycles(d - vos_now());
        }
    }
    trail_add('L', i, k);
    pp_command(i, OP_LOCK, k, timeout);
    check();
}

/* Give mutex k (free now) to its best waiter, as the kernel must. Equal
 * best waiters would make the model ambiguous: the scenarios avoid them. */
static void model_hand_over(int k)
{
    int eff[NP], best = -1, ties = 0;
    model_eff(eff);
    for (int w = 0; w < md.np; w++) {
        if (md.wait_on[w] != k)
            continue;
        if (best < 0 || eff[w] > eff[best]) {
            best = w;
            ties = 0;
        } else if (eff[w] == eff[best]) {
            ties++;
        }
    }
    VT_EQ(ties, 0);
    md.owner[k] = best;
    if (best >= 0) {
        md.count[k] = 1;
        md.wait_on[best] = -1;
        md.result[best] = VOS_OK;
    }
}

/* Puppet i unlocks mutex k (one level); the last level hands it over. */
static void do_unlock(int i, int k)
{
    VT_EQ(md.owner[k], i);
    md.result[i] = VOS_OK;
    if (--md.count[k] == 0) {
        md.owner[k] = -1;
        model_hand_over(k);
    }
    trail_add('U', i, k);
    pp_command(i, OP_UNLOCK, k, vos_cycles(0));
    check();
}

/* Puppet i ends while it holds mutexes, each with a waiter (a mutex
 * nobody waits for would stay with the ended task until locked again,
 * which the model does not follow). */
static void do_exit(int i)
{
    VT_EQ(md.wait_on[i], -1);
    for (int k = 0; k < md.nm; k++)
        if (md.owner[k] == i) {
            bool waited = false;
            for (int w = 0; w < md.np; w++)
                waited |= md.wait_on[w] == k;
            VT_ASSERT(waited);
            md.owner[k] = -1;
            model_hand_over(k);
        }
    md.exited[i] = true;
    trail_add('X', i, -1);
    pp_command(i, OP_EXIT, 0, vos_cycles(0));
    check();
}

/* The runner deletes mutex k: its waiters wake with VOS_ERR_DELETED, its
 * owner loses it. */
static void do_delete(int k)
{
    for (int w = 0; w < md.np; w++)
        if (md.wait_on[w] == k) {
            md.wait_on[w] = -1;
            md.result[w] = VOS_ERR_DELETED;
        }
    md.owner[k] = -1;
    md.deleted[k] = true;
    trail_add('D', 0, k);
    VT_EQ(vos_mutex_delete(&mx[k]), VOS_OK);
    check();
}

/* Let puppet i's timed wait expire: sleep past its deadline. */
static void do_timeout(int i)
{
    VT_ASSERT(md.wait_on[i] >= 0);
    VT_ASSERT(vos_now() < deadline_of(md.rank[i]));  /* not expired early */
    md.wait_on[i] = -1;
    md.result[i] = VOS_ERR_TIMEOUT;
    VT_EQ(vos_sleep_until(deadline_of(md.rank[i]) + MARGIN), VOS_OK);
    trail_add('T', i, -1);
    check();
}

static void do_setprio(int i, int p)
{
    md.base[i] = p;
    trail_add('P', i, p - 20);
    VT_EQ(vos_task_set_priority(vt_task(i), (unsigned)p), VOS_OK);
    check();
}

/* Start np puppets with the given bases (all above the runner) and nm
 * fresh mutexes. */
static void pp_start(int np, const int *base, int nm)
{
    memset(&md, 0, sizeof md);
    md.np = np;
    md.nm = nm;
    for (int k = 0; k < nm; k++) {
        VT_EQ(vos_mutex_init(&mx[k]), VOS_OK);
        md.owner[k] = -1;
    }
    for (int i = 0; i < np; i++) {
        VT_ASSERT(base[i] > VT_RUNNER_PRIO);
        md.base[i] = base[i];
        md.wait_on[i] = -1;
        md.rank[i] = -1;
        md.result[i] = VOS_OK;
        VT_EQ(vos_sem_init(&pp[i].cmd, 0, 1), VOS_OK);
        pp[i].result = VOS_OK;
        vt_spawn(i, "pp", puppet_entry, (void *)(uintptr_t)i, (unsigned)base[i]);
    }
    trail_n = 0;
    trail[0] = 0;
    trail_noted = false;
    md_t0 = vos_now();
    check();
}

/* Start a new run with the same puppets: the previous one released all. */
static void run_reset(void)
{
    for (int k = 0; k < md.nm; k++)
        VT_EQ(k * 100 + md.owner[k], k * 100 - 1);
    for (int i = 0; i < md.np; i++) {
        md.rank[i] = -1;
        md.result[i] = VOS_OK;
        pp[i].result = VOS_OK;
    }
    trail_n = 0;
    trail[0] = 0;
}

/* Release everything that is held, lowest puppet first, until every
 * mutex is free; each hand-over is checked. */
static void release_all(void)
{
    for (;;) {
        int i = -1, k = -1;
        for (int kk = 0; kk < md.nm && i < 0; kk++) {
            int o = md.owner[kk];
            if (o >= 0 && md.wait_on[o] < 0) {
                i = o;
                k = kk;
            }
        }
        if (i < 0)
            break;
        do_unlock(i, k);
    }
    int eff[NP];
    model_eff(eff);
    for (int i = 0; i < md.np; i++) {
        VT_EQ(md.wait_on[i], -1);
        VT_EQ(eff[i], md.base[i]);
    }
}

static void pp_stop(void)
{
    release_all();
    for (int i = 0; i < md.np; i++)
        if (!md.exited[i])
            pp_command(i, OP_EXIT, 0, vos_cycles(0));
    vt_join(md.np, 10);
    for (int k = 0; k < md.nm; k++)
        VT_EQ(vos_mutex_delete(&mx[k]), md.deleted[k] ? VOS_ERR_INVALID : VOS_OK);
}

/* --- Explicit scenarios ------------------------------------------------------- */

VT_TEST(model_two_mutexes_release_booster_first)
{
    /* 0: L 21, 1: H1 27 (on M0), 2: H2 24 (on M1), 3: H3 22 (on M2). */
    static const int base[4] = { 21, 27, 24, 22 };
    pp_start(4, base, 3);
    for (int variant = 0; variant < 3; variant++) {
        run_reset();
        do_lock(0, 0);
        do_lock(0, 1);
        do_lock(0, 2);
        do_lock(1, 0);
        VT_EQ(PRIO(vt_task(0)), 27);
        do_lock(2, 1);
        do_lock(3, 2);
        VT_EQ(PRIO(vt_task(0)), 27);
        if (variant == 0) {
            do_unlock(0, 0);                     /* the booster first */
            VT_EQ(PRIO(vt_task(0)), 24);         /* not 27, not 21 */
            do_unlock(0, 1);
            VT_EQ(PRIO(vt_task(0)), 22);
            do_unlock(0, 2);
        } else if (variant == 1) {
            do_unlock(0, 1);                     /* the middle one first */
            VT_EQ(PRIO(vt_task(0)), 27);
            do_unlock(0, 0);
            VT_EQ(PRIO(vt_task(0)), 22);
            do_unlock(0, 2);
        } else {
            do_unlock(0, 2);                     /* the weakest first */
            VT_EQ(PRIO(vt_task(0)), 27);
            do_unlock(0, 0);
            VT_EQ(PRIO(vt_task(0)), 24);
            do_unlock(0, 1);
        }
        VT_EQ(PRIO(vt_task(0)), 21);
        release_all();
    }
    pp_stop();
}

VT_TEST(model_timeout_undoes_exactly_its_share)
{
    /* 0: L 21 holds M0 and M1; 1: H 28 waits on M0 (timed); 2: X 24 waits
     * on M0; 3: Y 26 waits on M1 (timed, later). */
    static const int base[4] = { 21, 28, 24, 26 };
    pp_start(4, base, 2);
    run_reset();
    md_t0 = vos_now() + vos_dur_cycles(vos_us(50));
    md.rank[1] = 0;
    md.rank[3] = 1;
    do_lock(0, 0);
    do_lock(0, 1);
    do_lock(2, 0);
    VT_EQ(PRIO(vt_task(0)), 24);
    do_lock(1, 0);
    do_lock(3, 1);
    VT_EQ(PRIO(vt_task(0)), 28);
    do_timeout(1);
    VT_EQ(PRIO(vt_task(0)), 26);                 /* Y's, not X's, not 28 */
    do_timeout(3);
    VT_EQ(PRIO(vt_task(0)), 24);                 /* X still waits */
    do_unlock(0, 0);                             /* to X */
    VT_EQ(PRIO(vt_task(0)), 21);
    pp_stop();
}

VT_TEST(model_priority_change_while_boosted)
{
    /* 0: K 22 holds M1; 1: L 21 holds M0 and waits on M1; 2: H 26 waits
     * on M0. Chain H -> L -> K. */
    static const int base[3] = { 22, 21, 26 };
    pp_start(3, base, 2);
    do_lock(0, 1);
    do_lock(1, 0);
    do_lock(1, 1);
    do_lock(2, 0);
    VT_EQ(PRIO(vt_task(1)), 26);
    VT_EQ(PRIO(vt_task(0)), 26);
    do_setprio(1, 28);                   /* raise L above its inheritance */
    VT_EQ(PRIO(vt_task(1)), 28);
    VT_EQ(PRIO(vt_task(0)), 28);         /* and K follows along the chain */
    do_setprio(1, 23);                   /* lower L below it: 26 stays */
    VT_EQ(PRIO(vt_task(1)), 26);
    VT_EQ(BASE(vt_task(1)), 23);
    VT_EQ(PRIO(vt_task(0)), 26);
    do_setprio(1, 26);                   /* equal */
    do_setprio(1, 21);
    do_setprio(0, 30);                   /* the bottom above everyone */
    VT_EQ(PRIO(vt_task(0)), 30);
    VT_EQ(PRIO(vt_task(1)), 26);
    do_setprio(0, 22);
    VT_EQ(PRIO(vt_task(0)), 26);
    do_setprio(2, 24);                   /* the waiter at the top falls */
    VT_EQ(PRIO(vt_task(1)), 24);
    VT_EQ(PRIO(vt_task(0)), 24);
    do_setprio(2, 29);                   /* and rises */
    VT_EQ(PRIO(vt_task(1)), 29);
    VT_EQ(PRIO(vt_task(0)), 29);
    do_setprio(2, 22);                   /* down to K's base */
    VT_EQ(PRIO(vt_task(1)), 22);
    VT_EQ(PRIO(vt_task(0)), 22);
    do_setprio(2, 26);
    do_unlock(0, 1);                     /* K -> L */
    VT_EQ(PRIO(vt_task(0)), 22);
    VT_EQ(PRIO(vt_task(1)), 26);
    do_setprio(1, 30);                   /* L holds both now */
    do_setprio(1, 21);
    VT_EQ(PRIO(vt_task(1)), 26);
    do_unlock(1, 0);                     /* L -> H */
    VT_EQ(PRIO(vt_task(1)), 21);
    pp_stop();
}

VT_TEST(model_boost_reorders_wait_queue)
{
    /* 0: K 21 holds M1; 1: X 24 waits on M1; 2: L 22 holds M0, waits on
     * M1 behind X; 3: H 27 waits on M0 (timed in the second run). The
     * boost puts L ahead of X; H's timeout puts it back. */
    static const int base[4] = { 21, 24, 22, 27 };
    pp_start(4, base, 2);
    for (int variant = 0; variant < 2; variant++) {
        run_reset();
        md_t0 = vos_now() + vos_dur_cycles(vos_us(50));
        md.rank[3] = variant == 1 ? 0 : -1;
        do_lock(0, 1);
        do_lock(2, 0);
        do_lock(1, 1);
        do_lock(2, 1);
        VT_EQ(PRIO(vt_task(0)), 24);
        do_lock(3, 0);
        VT_EQ(PRIO(vt_task(2)), 27);
        VT_EQ(PRIO(vt_task(0)), 27);
        if (variant == 1) {
            do_timeout(3);
            VT_EQ(PRIO(vt_task(2)), 22);
            VT_EQ(PRIO(vt_task(0)), 24);
            do_unlock(0, 1);                     /* to X */
            VT_ASSERT(vt_owner(&mx[1]) == vt_task(1));
        } else {
            do_unlock(0, 1);                     /* to L, boosted past X */
            VT_ASSERT(vt_owner(&mx[1]) == vt_task(2));
            VT_EQ(PRIO(vt_task(2)), 27);
        }
        release_all();
    }
    pp_stop();
}

VT_TEST(model_recursion_with_inheritance)
{
    /* 0: L 21; 1: H1 26; 2: H2 23. */
    static const int base[3] = { 21, 26, 23 };
    pp_start(3, base, 2);
    do_lock(0, 0);                       /* fast path */
    do_lock(0, 0);                       /* recursive */
    do_lock(0, 0);
    do_lock(1, 0);
    VT_EQ(PRIO(vt_task(0)), 26);
    do_unlock(0, 0);
    VT_EQ(PRIO(vt_task(0)), 26);
    do_lock(0, 0);                       /* again while boosted */
    do_unlock(0, 0);
    do_unlock(0, 0);
    VT_EQ(PRIO(vt_task(0)), 26);
    VT_EQ(vos_task_state(vt_task(1)), VOS_TASK_BLOCKED);
    do_unlock(0, 0);                     /* last level: to H1 */
    VT_EQ(PRIO(vt_task(0)), 21);
    do_lock(1, 0);                       /* H1 recursive on a handed-over mutex */
    do_lock(0, 0);                       /* L waits on H1: no boost (lower) */
    VT_EQ(PRIO(vt_task(1)), 26);
    do_unlock(1, 0);
    do_unlock(1, 0);                     /* to L */
    /* Two mutexes, one recursive, with a waiter each. */
    do_lock(0, 1);
    do_lock(0, 0);                       /* L: M0 twice, M1 once */
    do_lock(1, 0);
    do_lock(2, 1);
    VT_EQ(PRIO(vt_task(0)), 26);
    do_unlock(0, 0);                     /* M0 still held once */
    VT_EQ(PRIO(vt_task(0)), 26);
    do_unlock(0, 1);                     /* to H2 */
    VT_EQ(PRIO(vt_task(0)), 26);
    do_lock(2, 1);                       /* H2 recursive */
    do_unlock(0, 0);                     /* to H1 */
    VT_EQ(PRIO(vt_task(0)), 21);
    release_all();
    /* Locked once on the fast path, then waited for, then locked again
     * by the owner: the count covers both levels. */
    do_lock(0, 1);
    do_lock(1, 1);
    do_lock(0, 1);
    VT_EQ(PRIO(vt_task(0)), 26);
    do_unlock(0, 1);
    VT_EQ(PRIO(vt_task(0)), 26);
    VT_ASSERT(vt_owner(&mx[1]) == vt_task(0));
    do_unlock(0, 1);                     /* to H1 */
    VT_EQ(PRIO(vt_task(0)), 21);
    pp_stop();
}

VT_TEST(model_chain_at_depth_bound)
{
    /* VOS_CFG_PI_DEPTH owners in a chain, each holding M_i and waiting on
     * M_(i+1); the top waiter boosts all of them. */
    enum { N = VOS_CFG_PI_DEPTH + 1 };
    _Static_assert(N <= NP && N <= VT_TASK_SLOTS, "enough puppets for the chain");
    int base[N];
    for (int i = 0; i < N; i++)
        base[i] = 21 + i;                /* the bottom owner is 0 */
    base[N - 1] = VOS_PRIO_MAX;          /* the top waiter */
    pp_start(N, base, N - 1);
    for (int i = 0; i < N - 1; i++)
        do_lock(i, i);
    for (int i = 1; i < N - 1; i++)
        do_lock(i, i - 1);               /* i waits on what i-1 holds */
    do_lock(N - 1, N - 2);
    for (int i = 0; i < N - 1; i++)
        VT_EQ(PRIO(vt_task(i)), VOS_PRIO_MAX);
    pp_stop();                           /* from the bottom up, checked */
}

VT_TEST(model_delete_in_chain)
{
    /* Chain A (27) -> M0 (B 23) -> M1 (C 21); C also holds M2, which X
     * (24) waits for. Deleting M1 frees B from the chain: C falls to X's
     * 24, B keeps A's 27; B's later unlock of nothing is refused. */
    enum { C, B, A, X };
    static const int base[4] = { [C] = 21, [B] = 23, [A] = 27, [X] = 24 };
    pp_start(4, base, 3);
    do_lock(C, 1);
    do_lock(C, 2);
    do_lock(B, 0);
    do_lock(B, 1);
    do_lock(A, 0);
    do_lock(X, 2);
    VT_EQ(PRIO(vt_task(C)), 27);
    do_delete(1);
    VT_EQ(PRIO(vt_task(C)), 24);
    VT_EQ(PRIO(vt_task(B)), 27);
    /* The former owner's unlock of the deleted mutex is refused. */
    pp_command(C, OP_UNLOCK, 1, vos_cycles(0));
    VT_EQ(pp[C].result, VOS_ERR_INVALID);
    md.result[C] = VOS_ERR_INVALID;
    check();
    do_delete(0);                        /* A wakes; B back to its base */
    VT_EQ(PRIO(vt_task(B)), 23);
    VT_EQ(PRIO(vt_task(C)), 24);
    pp_stop();
}

VT_TEST(model_exit_in_chain)
{
    /* Chain A (27) -> M0 (B 23) -> M1 (C 21); C also holds M2 (X 24
     * waits). C ends holding both: B gets M1 (and stays at 27 for A), X
     * gets M2. */
    enum { C, B, A, X };
    static const int base[4] = { [C] = 21, [B] = 23, [A] = 27, [X] = 24 };
    pp_start(4, base, 3);
    do_lock(C, 1);
    do_lock(C, 2);
    do_lock(B, 0);
    do_lock(B, 1);
    do_lock(A, 0);
    do_lock(X, 2);
    VT_EQ(PRIO(vt_task(C)), 27);
    do_exit(C);
    VT_ASSERT(vt_owner(&mx[1]) == vt_task(B));
    VT_ASSERT(vt_owner(&mx[2]) == vt_task(X));
    VT_EQ(PRIO(vt_task(B)), 27);
    do_unlock(B, 0);                     /* to A: B falls to its base */
    VT_EQ(PRIO(vt_task(B)), 23);
    pp_stop();
}

/* --- Enumerations -------------------------------------------------------------
 * A path is a vector of choices, one per step, among the events enabled
 * at that step (releases by puppets in rel_mask that own a mutex and do
 * not wait; with timeouts, the expiry of the next pending deadline).
 * Paths are enumerated depth first by replaying each from the start. */

#define MAX_STEPS 24
static uint8_t ch_idx[MAX_STEPS], ch_num[MAX_STEPS];
static int ch_len;

static bool next_path(void)
{
    for (int d = ch_len - 1; d >= 0; d--)
        if (ch_idx[d] + 1 < ch_num[d]) {
            ch_idx[d]++;
            for (int e = d + 1; e < MAX_STEPS; e++)
                ch_idx[e] = 0;
            return true;
        }
    return false;
}

struct scenario {
    int np, nm;
    int base[NP];
    int nsetup;
    int8_t setup[16][2];      /* (puppet, mutex) locks in order */
    unsigned rel_mask;        /* puppets whose releases are enumerated */
};

/* Run every path of s, with the timed waits of rank (puppet -> order of
 * its deadline, -1 untimed) or none (NULL). Returns the number of runs;
 * stops at the first failing run. */
static int enumerate(const struct scenario *s, const int *rank)
{
    memset(ch_idx, 0, sizeof ch_idx);
    int runs = 0;
    do {
        run_reset();
        for (int i = 0; i < md.np; i++)
            md.rank[i] = rank != NULL ? rank[i] : -1;
        md_t0 = vos_now() + vos_dur_cycles(vos_us(150));
        for (int j = 0; j < s->nsetup; j++)
            do_lock(s->setup[j][0], s->setup[j][1]);
        int d = 0;
        for (;; d++) {
            int ev_i[NP * NM + 1], ev_k[NP * NM + 1], n = 0;
            for (int i = 0; i < md.np; i++) {
                if (!(s->rel_mask & (1u << i)) || md.wait_on[i] >= 0)
                    continue;
                for (int k = 0; k < md.nm; k++)
                    if (md.owner[k] == i) {
                        ev_i[n] = i;
                        ev_k[n++] = k;
                    }
            }
            if (rank != NULL) {
                int next = -1;
                for (int i = 0; i < md.np; i++)
                    if (md.wait_on[i] >= 0 && md.rank[i] >= 0 &&
                        (next < 0 || md.rank[i] < md.rank[next]))
                        next = i;
                if (next >= 0) {
                    ev_i[n] = next;
                    ev_k[n++] = -1;
                }
            }
            if (n == 0 || d >= MAX_STEPS) {
                VT_EQ(n, 0);
                break;
            }
            ch_num[d] = (uint8_t)n;
            int c = ch_idx[d] < n ? ch_idx[d] : 0;
            if (ev_k[c] < 0)
                do_timeout(ev_i[c]);
            else
                do_unlock(ev_i[c], ev_k[c]);
        }
        ch_len = d;
        release_all();
        runs++;
        if (vt_failures() > 0)
            break;
    } while (next_path());
    return runs;
}

/* The four-task chain A -> B -> C -> D over nested mutexes, with side
 * waiters on D's other mutexes:
 *   D (21) holds Ma, Mb, Mc;  C (22) holds Md, waits on Mc;
 *   B (23) holds Me, waits on Md;  A (27) waits on Me;
 *   X (25) waits on Ma;  Y (24) waits on Mb.
 * Everyone in the chain is at 27 at first; D falls to 25, 24, 21 as it
 * lets go, whatever the order. */
enum { D4, C4, B4, A4, X4, Y4 };
enum { MA, MB, MC, MD, ME };
static const struct scenario chain4 = {
    .np = 6, .nm = 5,
    .base = { [D4] = 21, [C4] = 22, [B4] = 23, [A4] = 27, [X4] = 25, [Y4] = 24 },
    .nsetup = 10,
    .setup = { { D4, MA }, { D4, MB }, { D4, MC }, { C4, MD }, { B4, ME },
               { C4, MC }, { B4, MD }, { A4, ME }, { X4, MA }, { Y4, MB } },
    .rel_mask = 1u << D4 | 1u << C4 | 1u << B4 | 1u << A4,
};

/* The three-task chain A -> B -> C, each owner with a second mutex:
 *   C (21) holds M2 and M3;  B (23) holds M1 and M4, waits on M2;
 *   A (26) waits on M1;  X (24) waits on M3;  Y (22) waits on M4. */
enum { C3, B3, A3, X3, Y3 };
enum { M1, M2, M3, M4 };
static const struct scenario chain3 = {
    .np = 5, .nm = 4,
    .base = { [C3] = 21, [B3] = 23, [A3] = 26, [X3] = 24, [Y3] = 22 },
    .nsetup = 8,
    .setup = { { C3, M2 }, { C3, M3 }, { B3, M1 }, { B3, M4 }, { B3, M2 },
               { A3, M1 }, { X3, M3 }, { Y3, M4 } },
    .rel_mask = 1u << C3 | 1u << B3 | 1u << A3,
};

static void start_scenario(const struct scenario *s)
{
    pp_start(s->np, s->base, s->nm);
}

VT_TEST(chain3_boosts_propagate)
{
    start_scenario(&chain3);
    run_reset();
    for (int j = 0; j < chain3.nsetup; j++)
        do_lock(chain3.setup[j][0], chain3.setup[j][1]);
    VT_EQ(PRIO(vt_task(A3)), 26);
    VT_EQ(PRIO(vt_task(B3)), 26);
    VT_EQ(PRIO(vt_task(C3)), 26);
    VT_EQ(BASE(vt_task(C3)), 21);
    pp_stop();
}

VT_TEST(chain3_every_release_order)
{
    start_scenario(&chain3);
    int runs = enumerate(&chain3, NULL);
    vt_note("%d release orders\n", runs);
    VT_ASSERT(runs > 1);
    pp_stop();
}

VT_TEST(chain4_every_release_order)
{
    start_scenario(&chain4);
    int runs = enumerate(&chain4, NULL);
    vt_note("%d release orders\n", runs);
    VT_ASSERT(runs > 1);
    pp_stop();
}

/* Every order in which the five timed waits of the four-task chain
 * expire (nothing is released before the last one). */
VT_TEST(chain4_every_timeout_order)
{
    struct scenario s = chain4;
    s.rel_mask = 0;
    start_scenario(&s);
    static const int waiters[5] = { C4, B4, A4, X4, Y4 };
    int perm[5] = { 0, 1, 2, 3, 4 }, runs = 0;
    for (;;) {
        int rank[NP];
        for (int i = 0; i < NP; i++)
            rank[i] = -1;
        for (int j = 0; j < 5; j++)
            rank[waiters[j]] = perm[j];
        enumerate(&s, rank);
        runs++;
        if (vt_failures() > 0)
            break;
        /* next permutation (lexicographic) */
        int i = 3;
        while (i >= 0 && perm[i] > perm[i + 1])
            i--;
        if (i < 0)
            break;
        int j = 4;
        while (perm[j] < perm[i])
            j--;
        int t = perm[i]; perm[i] = perm[j]; perm[j] = t;
        for (int a = i + 1, b = 4; a < b; a++, b--) {
            t = perm[a]; perm[a] = perm[b]; perm[b] = t;
        }
    }
    vt_note("%d timeout orders\n", runs);
    VT_EQ(runs, vt_failures() > 0 ? runs : 120);
    pp_stop();
}

/* Releases and timeouts interleaved in every way, for every order of the
 * deadlines: the three-task chain without Y (B holds M1 only), where A, B
 * and X wait with timeouts. */
static const struct scenario chain3t = {
    .np = 4, .nm = 3,
    .base = { [C3] = 21, [B3] = 23, [A3] = 26, [X3] = 24 },
    .nsetup = 6,
    .setup = { { C3, M2 }, { C3, M3 }, { B3, M1 }, { B3, M2 }, { A3, M1 }, { X3, M3 } },
    .rel_mask = 1u << C3 | 1u << B3 | 1u << A3,
};

VT_TEST(chain3_releases_and_timeouts_interleaved)
{
    start_scenario(&chain3t);
    static const int order3[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                      { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };
    int runs = 0;
    for (int p = 0; p < 6 && vt_failures() == 0; p++) {
        int rank[NP];
        for (int i = 0; i < NP; i++)
            rank[i] = -1;
        rank[A3] = order3[p][0];
        rank[B3] = order3[p][1];
        rank[X3] = order3[p][2];
        runs += enumerate(&chain3t, rank);
    }
    vt_note("%d runs\n", runs);
    VT_ASSERT(runs > 6);
    pp_stop();
}
