/* SPDX-License-Identifier: MIT */
/*
 * Semaphores: counting and binary give/take, the maximum (overflow leaves
 * the count alone), VOS_NO_WAIT, timeouts (expired waits leave nothing
 * behind), direct hand-over of a unit to a waiter (the count never sees
 * it), waiters served in priority order and FIFO among equals, the
 * interrupt forms from a real handler (a woken task runs when the handler
 * returns), every wrong-context call, deletion with waiters, null, zeroed
 * and foreign objects, calls before the scheduler starts, and a
 * randomised run of tasks and an interrupt where no unit is lost or made up.
 */
#include <string.h>
#include "vtest.h"
#include "port.h"   /* arch_lock: the stress accounting masks the test interrupt */

/* --- Helpers ------------------------------------------------------------ */


/* The semaphore most cases use, and what its waiters saw. */
static vos_sem_t s;
static vos_dur_t w_timeout[VT_TASK_SLOTS];
static volatile int w_err[VT_TASK_SLOTS];
static volatile uint64_t w_waited[VT_TASK_SLOTS];   /* cycles */
static volatile bool w_isr_done_seen[VT_TASK_SLOTS];

/* arg: slot number; logs 'a' + slot once its take returns. */
static void waiter(void *arg)
{
    int id = (int)(uintptr_t)arg;
    vos_time_t t0 = vos_now();
    w_err[id] = vos_sem_take(&s, w_timeout[id]);
    w_waited[id] = vos_now() - t0;
    w_isr_done_seen[id] = vt_isr_done;
    vt_log((char)('a' + id));
}

static void spawn_waiter(int slot, unsigned prio, vos_dur_t timeout)
{
    w_timeout[slot] = timeout;
    w_err[slot] = 1;          /* not returned yet */
    vt_spawn(slot, "w", waiter, (void *)(uintptr_t)slot, prio);
}

/* --- Before the scheduler starts ---------------------------------------- */

static vos_sem_t pres;
static int pre_init, pre_take_nowait, pre_take_wait, pre_take_forever, pre_give1, pre_give2,
    pre_give3, pre_take_avail, pre_give_isr, pre_take_isr, pre_count;

void vt_before_start(void)
{
    pre_init = vos_sem_init(&pres, 0, 2);
    pre_take_nowait = vos_sem_take(&pres, VOS_NO_WAIT);
    pre_take_wait = vos_sem_take(&pres, vos_ms(1));        /* would have to wait */
    pre_take_forever = vos_sem_take(&pres, VOS_FOREVER);
    pre_give1 = vos_sem_give(&pres);
    pre_give2 = vos_sem_give(&pres);
    pre_give3 = vos_sem_give(&pres);                       /* beyond max */
    pre_take_avail = vos_sem_take(&pres, VOS_FOREVER);     /* a unit: no wait needed */
    pre_give_isr = vos_sem_give_isr(&pres);
    pre_take_isr = vos_sem_take_isr(&pres);
    pre_count = vos_sem_count(&pres);
}

VT_TEST(before_start)
{
    VT_EQ(pre_init, VOS_OK);
    VT_EQ(pre_take_nowait, VOS_ERR_WOULD_BLOCK);
    VT_EQ(pre_take_wait, VOS_ERR_CONTEXT);
    VT_EQ(pre_take_forever, VOS_ERR_CONTEXT);
    VT_EQ(pre_give1, VOS_OK);
    VT_EQ(pre_give2, VOS_OK);
    VT_EQ(pre_give3, VOS_ERR_OVERFLOW);
    VT_EQ(pre_take_avail, VOS_OK);
    VT_EQ(pre_give_isr, VOS_ERR_CONTEXT);
    VT_EQ(pre_take_isr, VOS_ERR_CONTEXT);
    VT_EQ(pre_count, 1);
    VT_EQ(vos_sem_count(&pres), 1);
    VT_EQ(vos_sem_delete(&pres), VOS_OK);
}

/* --- Counting and binary ------------------------------------------------ */

VT_TEST(init_bad_args)
{
    vos_sem_t t;
    VT_EQ(vos_sem_init(NULL, 0, 1), VOS_ERR_INVALID);
    VT_EQ(vos_sem_init(&t, 0, 0), VOS_ERR_ARG);
    VT_EQ(vos_sem_init(&t, 2, 1), VOS_ERR_ARG);
    VT_EQ(vos_sem_init(&t, 0, (uint32_t)INT32_MAX + 1u), VOS_ERR_ARG);  /* count must fit an int */
    VT_EQ(vos_sem_init(&t, UINT32_MAX, UINT32_MAX), VOS_ERR_ARG);
    VT_EQ(vos_sem_init(&t, INT32_MAX, INT32_MAX), VOS_OK);
    VT_EQ(vos_sem_count(&t), INT32_MAX);
    VT_EQ(vos_sem_give(&t), VOS_ERR_OVERFLOW);
    VT_EQ(vos_sem_delete(&t), VOS_OK);

    /* A refused init leaves a live semaphore as it was. */
    VT_EQ(vos_sem_init(&t, 1, 3), VOS_OK);
    vos_sem_t copy = t;
    VT_EQ(vos_sem_init(&t, 4, 3), VOS_ERR_ARG);
    VT_EQ(vos_sem_init(&t, 0, 0), VOS_ERR_ARG);
    VT_ASSERT(memcmp(&copy, &t, sizeof t) == 0);
    VT_EQ(vos_sem_count(&t), 1);
    VT_EQ(vos_sem_take(&t, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_sem_delete(&t), VOS_OK);
}

VT_TEST(counting_give_take_and_max)
{
    VT_EQ(vos_sem_init(&s, 2, 5), VOS_OK);
    VT_EQ(vos_sem_count(&s), 2);
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_sem_take(&s, VOS_FOREVER), VOS_OK);     /* a unit: returns at once */
    VT_EQ(vos_sem_count(&s), 0);
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_sem_count(&s), 0);
    for (int i = 1; i <= 5; i++) {
        VT_EQ(vos_sem_give(&s), VOS_OK);
        VT_EQ(vos_sem_count(&s), i);
    }
    VT_EQ(vos_sem_give(&s), VOS_ERR_OVERFLOW);
    VT_EQ(vos_sem_give(&s), VOS_ERR_OVERFLOW);
    VT_EQ(vos_sem_count(&s), 5);
    for (int i = 4; i >= 0; i--) {
        VT_EQ(vos_sem_take(&s, vos_ms(1)), VOS_OK);
        VT_EQ(vos_sem_count(&s), i);
    }
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

VT_TEST(binary_semaphore)
{
    VT_EQ(vos_sem_init(&s, 1, 1), VOS_OK);
    VT_EQ(vos_sem_give(&s), VOS_ERR_OVERFLOW);
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_sem_count(&s), 0);
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_EQ(vos_sem_give(&s), VOS_ERR_OVERFLOW);
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

VT_TEST(no_wait_never_blocks)
{
    VT_EQ(vos_sem_init(&s, 0, 1), VOS_OK);
    /* A lower task that is ready must not get the CPU: the call does not
     * block, not even for an instant. */
    vt_log_reset();
    spawn_waiter(0, VT_RUNNER_PRIO - 1, VOS_NO_WAIT);
    vos_time_t t0 = vos_now();
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_LE(vos_now() - t0, 1000);
    VT_ASSERT(vt_log_is(""));
    vt_join(1, 10);
    VT_EQ(w_err[0], VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_sem_count(&s), 0);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

/* --- Timeouts --------------------------------------------------------------- */

VT_TEST(take_timeout_expires_and_leaves_nothing)
{
    VT_EQ(vos_sem_init(&s, 0, 3), VOS_OK);
    vos_time_t t0 = vos_now();
    VT_EQ(vos_sem_take(&s, vos_us(200)), VOS_ERR_TIMEOUT);
    uint64_t waited = vos_now() - t0;
    VT_LE(vos_dur_cycles(vos_us(200)), waited);
    VT_LE(waited, vos_dur_cycles(vos_us(200)) + vos_dur_cycles(vos_us(20)));
    /* Nobody waits any more: a give is counted, not handed to a ghost. */
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_OK);

    /* Two waiters: the one with a timeout gives up, the other one is
     * served by the next give. */
    vt_log_reset();
    spawn_waiter(0, VT_RUNNER_PRIO + 2, vos_us(300));
    spawn_waiter(1, VT_RUNNER_PRIO + 1, VOS_FOREVER);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    VT_EQ(vos_task_state(vt_task(1)), VOS_TASK_BLOCKED);
    vos_sleep(vos_us(500));
    VT_EQ(w_err[0], VOS_ERR_TIMEOUT);
    VT_LE(vos_dur_cycles(vos_us(300)), w_waited[0]);
    VT_EQ(w_err[1], 1);
    VT_EQ(vos_sem_give(&s), VOS_OK);          /* to waiter 1, which runs now */
    VT_EQ(w_err[1], VOS_OK);
    VT_EQ(vos_sem_count(&s), 0);
    VT_ASSERT(vt_log_is("ab"));
    vt_join(2, 10);
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

VT_TEST(give_before_timeout_cancels_it)
{
    VT_EQ(vos_sem_init(&s, 0, 2), VOS_OK);
    spawn_waiter(0, VT_RUNNER_PRIO + 1, vos_us(400));
    vos_sleep(vos_us(100));
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_EQ(w_err[0], VOS_OK);
    VT_LE(w_waited[0], vos_dur_cycles(vos_us(150)));
    vt_join(1, 10);
    /* Past the old deadline: nothing happens to anybody. */
    vos_sleep(vos_us(500));
    VT_EQ(w_err[0], VOS_OK);
    VT_EQ(vos_sem_count(&s), 0);
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

/* Timeouts of a few cycles, shorter than the path that programs the
 * alarm: each must still expire (no lost alarm in the past), never before
 * its time. A watchdog gives the semaphore if the loop stops making
 * progress, so a lost wake-up shows as a failure, not a hang. */
static volatile uint32_t wd_progress;
static volatile bool wd_stop;
static volatile int wd_rescues;

static void wd_sem(void *arg)
{
    (void)arg;
    uint32_t last = wd_progress - 1u;
    while (!wd_stop) {
        vos_sleep(vos_ms(1));
        if (!wd_stop && wd_progress == last) {
            wd_rescues++;
            vos_sem_give(&s);
        }
        last = wd_progress;
    }
}

VT_TEST(tiny_timeouts_expire)
{
    VT_EQ(vos_sem_init(&s, 0, 1), VOS_OK);
    wd_stop = false;
    wd_rescues = 0;
    vt_spawn(0, "wd", wd_sem, NULL, 25);
    int n = 0;
    for (uint64_t t = 1; t <= 2000; t += t < 64 ? 1 : 37, n++) {
        vos_time_t t0 = vos_now();
        int err = vos_sem_take(&s, vos_cycles(t));
        uint64_t el = vos_now() - t0;
        if (err != VOS_ERR_TIMEOUT || el < t || el > t + vos_dur_cycles(vos_us(20))) {
            VT_EQ((long long)t, -1);          /* names the timeout that failed */
            VT_EQ(err, VOS_ERR_TIMEOUT);
            VT_LE(t, el);
            VT_LE(el, t + vos_dur_cycles(vos_us(20)));
            break;
        }
        wd_progress++;
    }
    wd_stop = true;
    vt_join(1, 10);
    VT_EQ(wd_rescues, 0);
    VT_ASSERT(n > 100);
    VT_EQ(vos_sem_count(&s), 0);
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

VT_TEST(longest_timeouts_accepted)
{
    VT_EQ(vos_sem_init(&s, 0, 1), VOS_OK);
    spawn_waiter(0, VT_RUNNER_PRIO + 1, VOS_DUR_MAX);
    spawn_waiter(1, VT_RUNNER_PRIO + 1, vos_cycles(vos_dur_cycles(VOS_DUR_MAX) - 1));
    spawn_waiter(2, VT_RUNNER_PRIO + 1, vos_cycles(vos_dur_cycles(VOS_FOREVER) - 1));
    for (int i = 0; i < 3; i++)
        VT_EQ(vos_task_state(vt_task(i)), VOS_TASK_BLOCKED);
    vos_sleep(vos_ms(1));
    for (int i = 0; i < 3; i++) {
        VT_EQ(w_err[i], 1);
        VT_EQ(vos_sem_give(&s), VOS_OK);
        VT_EQ(w_err[i], VOS_OK);
    }
    vt_join(3, 10);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

/* --- Suspended waiters ------------------------------------------------------- */

VT_TEST(suspended_waiter_keeps_its_unit)
{
    VT_EQ(vos_sem_init(&s, 0, 2), VOS_OK);
    vt_log_reset();
    vos_task_t *w = vt_task(0);
    spawn_waiter(0, VT_RUNNER_PRIO + 1, VOS_FOREVER);
    VT_EQ(vos_task_suspend(w), VOS_OK);
    VT_EQ(vos_task_state(w), VOS_TASK_BLOCKED);       /* still waiting */
    VT_EQ(vos_sem_give(&s), VOS_OK);                  /* its unit; it stays put */
    VT_EQ(vos_task_state(w), VOS_TASK_SUSPENDED);
    VT_ASSERT(vt_log_is(""));
    VT_EQ(vos_sem_count(&s), 0);
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_task_resume(w), VOS_OK);                /* higher: runs now */
    VT_ASSERT(vt_log_is("a"));
    VT_EQ(w_err[0], VOS_OK);
    vt_join(1, 10);

    /* Its timeout expires while it is suspended: it learns so when resumed,
     * and a later give is counted. */
    vt_log_reset();
    spawn_waiter(0, VT_RUNNER_PRIO + 1, vos_us(200));
    VT_EQ(vos_task_suspend(w), VOS_OK);
    vos_sleep(vos_us(300));
    VT_EQ(vos_task_state(w), VOS_TASK_SUSPENDED);
    VT_EQ(w_err[0], 1);
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_task_resume(w), VOS_OK);
    VT_EQ(w_err[0], VOS_ERR_TIMEOUT);
    vt_join(1, 10);
    VT_EQ(vos_sem_count(&s), 1);

    /* Deleted while it is suspended. */
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_OK);
    spawn_waiter(0, VT_RUNNER_PRIO + 1, VOS_FOREVER);
    VT_EQ(vos_task_suspend(w), VOS_OK);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
    VT_EQ(vos_task_state(w), VOS_TASK_SUSPENDED);
    VT_EQ(vos_task_resume(w), VOS_OK);
    VT_EQ(w_err[0], VOS_ERR_DELETED);
    vt_join(1, 10);
}

/* --- Hand-over and order ------------------------------------------------------ */

VT_TEST(give_to_higher_waiter_switches_at_once)
{
    VT_EQ(vos_sem_init(&s, 0, 1), VOS_OK);
    vt_log_reset();
    spawn_waiter(0, VT_RUNNER_PRIO + 1, VOS_FOREVER);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    vt_log('r');
    VT_EQ(vos_sem_give(&s), VOS_OK);
    vt_log('r');
    VT_ASSERT(vt_log_is("rar"));
    VT_EQ(w_err[0], VOS_OK);
    VT_EQ(vos_sem_count(&s), 0);
    vt_join(1, 10);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

VT_TEST(give_to_lower_waiter_hands_the_unit_over)
{
    VT_EQ(vos_sem_init(&s, 0, 1), VOS_OK);
    vt_log_reset();
    spawn_waiter(0, VT_RUNNER_PRIO - 1, VOS_FOREVER);
    vos_sleep(vos_us(50));                    /* let it block */
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_ASSERT(vt_log_is(""));                    /* lower: no switch */
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_READY);
    /* The unit is already the waiter's: the count never saw it, and the
     * giver cannot take it back. */
    VT_EQ(vos_sem_count(&s), 0);
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_sem_give(&s), VOS_OK);          /* nobody waits now: counted */
    VT_EQ(vos_sem_count(&s), 1);
    vt_join(1, 10);
    VT_EQ(w_err[0], VOS_OK);
    VT_ASSERT(vt_log_is("a"));
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

VT_TEST(waiters_in_priority_order_fifo_among_equals)
{
    VT_EQ(vos_sem_init(&s, 0, 8), VOS_OK);
    vt_log_reset();
    /* Higher than the runner: each blocks as it is created, in slot order. */
    static const unsigned prio[7] = { 22, 25, 22, 24, 25, 21, 24 };
    for (int i = 0; i < 7; i++) {
        spawn_waiter(i, prio[i], VOS_FOREVER);
        VT_EQ(vos_task_state(vt_task(i)), VOS_TASK_BLOCKED);
    }
    /* Each give serves (and runs) the best waiter at once. */
    for (int i = 0; i < 7; i++)
        VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_ASSERT(vt_log_is("bedgacf"));
    VT_EQ(vos_sem_count(&s), 0);
    vt_join(7, 10);
    for (int i = 0; i < 7; i++)
        VT_EQ(w_err[i], VOS_OK);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

VT_TEST(lower_waiters_served_fifo_among_equals)
{
    /* Waiters below the runner: the runner gives one unit at a time and
     * lets the served one run; the unit goes to the first equal to block. */
    VT_EQ(vos_sem_init(&s, 0, 8), VOS_OK);
    vt_log_reset();
    static const unsigned prio[5] = { 7, 9, 9, 7, 9 };
    for (int i = 0; i < 5; i++) {
        spawn_waiter(i, prio[i], VOS_FOREVER);
        vos_sleep(vos_us(30));
        VT_EQ(vos_task_state(vt_task(i)), VOS_TASK_BLOCKED);
    }
    static const char want[] = "bcead";
    for (int i = 0; i < 5; i++) {
        VT_EQ(vos_sem_give(&s), VOS_OK);
        VT_EQ(vt_log_len(), i);                   /* the served task has not run yet */
        vos_sleep(vos_us(30));
        VT_EQ(vt_log_len(), i + 1);
        VT_EQ(vt_log_text()[i], want[i]);
    }
    vt_join(5, 10);
    VT_EQ(vos_sem_count(&s), 0);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

static void prio_changer(void *arg)
{
    (void)arg;
    VT_EQ(vos_task_set_priority(vt_task(0), 23), VOS_OK);
}

VT_TEST(waiter_priority_change_reorders_service)
{
    VT_EQ(vos_sem_init(&s, 0, 4), VOS_OK);
    vt_log_reset();
    spawn_waiter(0, 21, VOS_FOREVER);
    spawn_waiter(1, 22, VOS_FOREVER);
    VT_EQ(vos_task_set_priority(vt_task(0), 23), VOS_OK);   /* now ahead of 1 */
    VT_EQ(vos_task_priority(vt_task(0)), 23);
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_ASSERT(vt_log_is("a"));
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_ASSERT(vt_log_is("ab"));
    vt_join(2, 10);
    /* The same change made by another task. */
    vt_log_reset();
    spawn_waiter(0, 21, VOS_FOREVER);
    spawn_waiter(1, 22, VOS_FOREVER);
    vt_spawn(2, "chg", prio_changer, NULL, 24);
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_EQ(vos_sem_give(&s), VOS_OK);
    VT_ASSERT(vt_log_is("ab"));
    vt_join(3, 10);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

/* --- Interrupts ---------------------------------------------------------------- */

static volatile int isr_r[12];

static void isr_give_wake(void)
{
    isr_r[0] = vos_sem_give_isr(&s);           /* to the waiting task */
    isr_r[1] = vt_log_len();                         /* it has not run yet */
    isr_r[2] = vos_task_state(vt_task(0));
    isr_r[3] = vos_sem_give_isr(&s);           /* nobody waits: counted */
    isr_r[4] = vos_sem_give_isr(&s);
    isr_r[5] = vos_sem_give_isr(&s);           /* beyond max (2) */
    isr_r[6] = vos_sem_count(&s);
    isr_r[7] = vos_sem_take_isr(&s);
    isr_r[8] = vos_sem_take_isr(&s);
    isr_r[9] = vos_sem_take_isr(&s);           /* empty */
    isr_r[10] = vos_sem_count(&s);
    isr_r[11] = vos_sem_give_isr(&s);
}

VT_TEST(give_isr_wakes_task_after_handler)
{
    VT_EQ(vos_sem_init(&s, 0, 2), VOS_OK);
    vt_log_reset();
    spawn_waiter(0, VT_RUNNER_PRIO + 1, VOS_FOREVER);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    vt_run_in_isr(isr_give_wake);
    VT_EQ(isr_r[0], VOS_OK);
    VT_EQ(isr_r[1], 0);
    VT_EQ(isr_r[2], VOS_TASK_READY);
    VT_EQ(isr_r[3], VOS_OK);
    VT_EQ(isr_r[4], VOS_OK);
    VT_EQ(isr_r[5], VOS_ERR_OVERFLOW);
    VT_EQ(isr_r[6], 2);
    VT_EQ(isr_r[7], VOS_OK);
    VT_EQ(isr_r[8], VOS_OK);
    VT_EQ(isr_r[9], VOS_ERR_WOULD_BLOCK);
    VT_EQ(isr_r[10], 0);
    VT_EQ(isr_r[11], VOS_OK);
    /* The woken task ran as the handler returned, before the runner. */
    VT_ASSERT(vt_log_is("a"));
    VT_EQ(w_err[0], VOS_OK);
    VT_ASSERT(w_isr_done_seen[0]);
    VT_EQ(vos_sem_count(&s), 1);
    vt_join(1, 10);

    /* A lower task woken from the handler waits for the runner to block. */
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_OK);
    vt_log_reset();
    spawn_waiter(0, VT_RUNNER_PRIO - 1, VOS_FOREVER);
    vos_sleep(vos_us(50));
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    vt_run_in_isr(isr_give_wake);
    VT_EQ(isr_r[0], VOS_OK);
    VT_ASSERT(vt_log_is(""));
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_READY);
    vt_join(1, 10);
    VT_ASSERT(vt_log_is("a"));
    VT_EQ(w_err[0], VOS_OK);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

static vos_sem_t isr_init_target;

static void isr_bad_calls(void)
{
    isr_r[0] = vos_sem_take(&s, VOS_NO_WAIT);
    isr_r[1] = vos_sem_take(&s, vos_us(10));
    isr_r[2] = vos_sem_take(&s, VOS_FOREVER);
    isr_r[3] = vos_sem_give(&s);               /* the task form */
    isr_r[4] = vos_sem_delete(&s);
    isr_r[5] = vos_sem_init(&isr_init_target, 0, 1);
    isr_r[6] = vos_sem_count(&s);
    isr_r[7] = vos_sem_give_isr(NULL);
    isr_r[8] = vos_sem_take_isr(NULL);
}

VT_TEST(wrong_context)
{
    VT_EQ(vos_sem_init(&s, 1, 2), VOS_OK);
    memset(&isr_init_target, 0x5A, sizeof isr_init_target);
    vt_run_in_isr(isr_bad_calls);
    VT_EQ(isr_r[0], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[1], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[2], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[3], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[4], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[5], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[6], 1);
    VT_EQ(isr_r[7], VOS_ERR_INVALID);
    VT_EQ(isr_r[8], VOS_ERR_INVALID);
    /* Nothing changed: count, liveness, the refused init's target. */
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_count(&isr_init_target), VOS_ERR_INVALID);
    /* The interrupt forms from a task. */
    VT_EQ(vos_sem_give_isr(&s), VOS_ERR_CONTEXT);
    VT_EQ(vos_sem_take_isr(&s), VOS_ERR_CONTEXT);
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

/* --- Deletion and bad objects ------------------------------------------------- */

static void isr_on_deleted(void)
{
    isr_r[0] = vos_sem_give_isr(&s);
    isr_r[1] = vos_sem_take_isr(&s);
    isr_r[2] = vos_sem_count(&s);
}

VT_TEST(delete_with_waiters)
{
    VT_EQ(vos_sem_init(&s, 0, 3), VOS_OK);
    vt_log_reset();
    spawn_waiter(0, VT_RUNNER_PRIO + 1, VOS_FOREVER);
    spawn_waiter(1, VT_RUNNER_PRIO + 3, vos_ms(1));
    spawn_waiter(2, VT_RUNNER_PRIO - 1, vos_us(300));
    vos_sleep(vos_us(50));
    for (int i = 0; i < 3; i++)
        VT_EQ(vos_task_state(vt_task(i)), VOS_TASK_BLOCKED);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
    /* The higher waiters ran at once, best first; the lower one is ready. */
    VT_ASSERT(vt_log_is("ba"));
    VT_EQ(w_err[0], VOS_ERR_DELETED);
    VT_EQ(w_err[1], VOS_ERR_DELETED);
    VT_EQ(vos_task_state(vt_task(2)), VOS_TASK_READY);
    vt_join(3, 10);
    VT_EQ(w_err[2], VOS_ERR_DELETED);
    VT_ASSERT(vt_log_is("bac"));
    /* Past every old deadline: no stale timeout fires on anyone. */
    vos_sleep(vos_ms(2));
    VT_EQ(w_err[1], VOS_ERR_DELETED);
    VT_EQ(w_err[2], VOS_ERR_DELETED);

    /* Every later call is refused. */
    VT_EQ(vos_sem_give(&s), VOS_ERR_INVALID);
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_ERR_INVALID);
    VT_EQ(vos_sem_take(&s, vos_us(10)), VOS_ERR_INVALID);
    VT_EQ(vos_sem_take(&s, VOS_FOREVER), VOS_ERR_INVALID);
    VT_EQ(vos_sem_count(&s), VOS_ERR_INVALID);
    VT_EQ(vos_sem_delete(&s), VOS_ERR_INVALID);
    vt_run_in_isr(isr_on_deleted);
    VT_EQ(isr_r[0], VOS_ERR_INVALID);
    VT_EQ(isr_r[1], VOS_ERR_INVALID);
    VT_EQ(isr_r[2], VOS_ERR_INVALID);

    /* Initialised again, it works. */
    VT_EQ(vos_sem_init(&s, 1, 1), VOS_OK);
    VT_EQ(vos_sem_take(&s, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

VT_TEST(null_zeroed_and_foreign_objects)
{
    VT_EQ(vos_sem_give(NULL), VOS_ERR_INVALID);
    VT_EQ(vos_sem_take(NULL, VOS_NO_WAIT), VOS_ERR_INVALID);
    VT_EQ(vos_sem_take(NULL, VOS_FOREVER), VOS_ERR_INVALID);
    VT_EQ(vos_sem_count(NULL), VOS_ERR_INVALID);
    VT_EQ(vos_sem_delete(NULL), VOS_ERR_INVALID);

    vos_sem_t z;
    memset(&z, 0, sizeof z);
    VT_EQ(vos_sem_give(&z), VOS_ERR_INVALID);
    VT_EQ(vos_sem_take(&z, vos_us(10)), VOS_ERR_INVALID);
    VT_EQ(vos_sem_count(&z), VOS_ERR_INVALID);
    VT_EQ(vos_sem_delete(&z), VOS_ERR_INVALID);
    memset(&z, 0xA7, sizeof z);                 /* uninitialised garbage */
    VT_EQ(vos_sem_give(&z), VOS_ERR_INVALID);
    VT_EQ(vos_sem_take(&z, VOS_FOREVER), VOS_ERR_INVALID);

    /* A mutex passed as a semaphore: refused, and the mutex untouched. */
    vos_mutex_t m;
    VT_EQ(vos_mutex_init(&m), VOS_OK);
    VT_EQ(vos_mutex_lock(&m, VOS_NO_WAIT), VOS_OK);
    vos_mutex_t mcopy = m;
    vos_sem_t *ms = (vos_sem_t *)(void *)&m;
    VT_EQ(vos_sem_give(ms), VOS_ERR_INVALID);
    VT_EQ(vos_sem_take(ms, VOS_NO_WAIT), VOS_ERR_INVALID);
    VT_EQ(vos_sem_take(ms, VOS_FOREVER), VOS_ERR_INVALID);
    VT_EQ(vos_sem_count(ms), VOS_ERR_INVALID);
    VT_EQ(vos_sem_delete(ms), VOS_ERR_INVALID);
    VT_ASSERT(memcmp(&mcopy, &m, sizeof m) == 0);
    VT_EQ(vos_mutex_unlock(&m), VOS_OK);
    VT_EQ(vos_mutex_delete(&m), VOS_OK);

    /* A queue passed as a semaphore. */
    vos_queue_t q;
    uint32_t qbuf[2], v = 5;
    VT_EQ(vos_queue_init(&q, qbuf, sizeof qbuf[0], 2), VOS_OK);
    VT_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    vos_queue_t qcopy = q;
    vos_sem_t *qs = (vos_sem_t *)(void *)&q;
    VT_EQ(vos_sem_give(qs), VOS_ERR_INVALID);
    VT_EQ(vos_sem_take(qs, VOS_FOREVER), VOS_ERR_INVALID);
    VT_EQ(vos_sem_count(qs), VOS_ERR_INVALID);
    VT_EQ(vos_sem_delete(qs), VOS_ERR_INVALID);
    VT_ASSERT(memcmp(&qcopy, &q, sizeof q) == 0);
    VT_EQ(vos_queue_count(&q), 1);
    VT_EQ(vos_queue_delete(&q), VOS_OK);

    /* A semaphore passed as a mutex is refused the same way. */
    VT_EQ(vos_sem_init(&s, 1, 1), VOS_OK);
    vos_mutex_t *sm = (vos_mutex_t *)(void *)&s;
    VT_EQ(vos_mutex_lock(sm, VOS_NO_WAIT), VOS_ERR_INVALID);
    VT_EQ(vos_mutex_unlock(sm), VOS_ERR_INVALID);
    VT_EQ(vos_sem_count(&s), 1);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}

/* --- Randomised run --------------------------------------------------------------
 * Tasks of mixed priorities take and give with random timeouts; a timer
 * interrupt gives and takes with the interrupt forms. Every unit is
 * accounted for: units given (initial count included) equal units taken
 * plus the final count, and the count never passes its maximum. */

#define RS_TASKS 6
#define RS_MAX   4
static volatile bool rs_stop;
static volatile int rs_given, rs_taken, rs_bad, rs_overflow, rs_timeouts, rs_isr_ops;
static uint32_t rs_isr_rng;

static void rs_count(volatile int *c)
{
    uint32_t key = arch_lock();
    (*c)++;
    arch_unlock(key);
}

static void rs_task(void *arg)
{
    uint32_t r = 0x2545F491u * (uint32_t)((uintptr_t)arg + 1);
    int held = 0;
    for (int i = 0; i < 800 && !rs_stop; i++) {
        vt_rand(&r);
        if ((r & 3) != 0 || held == 0) {
            static const uint64_t tmo[4] = { 0, 3000, 40000, UINT64_MAX };  /* cycles */
            uint64_t c = tmo[(r >> 4) & 3];
            if (c == UINT64_MAX && (r & 0x100))
                c = 200000;
            vos_dur_t t = c == UINT64_MAX ? VOS_FOREVER : vos_cycles(c);
            int err = vos_sem_take(&s, t);
            if (err == VOS_OK) {
                rs_count(&rs_taken);
                held++;
            } else if (err == VOS_ERR_TIMEOUT || err == VOS_ERR_WOULD_BLOCK) {
                rs_count(&rs_timeouts);
            } else {
                rs_count(&rs_bad);
            }
        }
        if (held > 0 && (r & 0x30000)) {
            int err = vos_sem_give(&s);
            if (err == VOS_OK) {
                rs_count(&rs_given);
                held--;
            } else {
                rs_count(err == VOS_ERR_OVERFLOW ? &rs_overflow : &rs_bad);
            }
        }
        int c = vos_sem_count(&s);
        if (c < 0 || c > RS_MAX)
            rs_count(&rs_bad);
        if ((r & 0x7000) == 0)
            vos_sleep(vos_cycles(((r >> 20) & 0xFF) * 100u));
        else if ((r & 0x7000) == 0x1000)
            vos_yield();
    }
    /* Give back what is still held, so the books balance. */
    while (held > 0) {
        if (vos_sem_give(&s) == VOS_OK) {
            rs_count(&rs_given);
            held--;
        } else {
            vos_sleep(vos_cycles(1000));
        }
    }
}

static void rs_isr(void)
{
    uint32_t r = vt_rand(&rs_isr_rng);
    int err;
    rs_isr_ops++;
    if (r & 1) {
        err = vos_sem_give_isr(&s);
        if (err == VOS_OK)
            rs_given++;
        else if (err == VOS_ERR_OVERFLOW)
            rs_overflow++;
        else
            rs_bad++;
    } else {
        err = vos_sem_take_isr(&s);
        if (err == VOS_OK)
            rs_taken++;
        else if (err != VOS_ERR_WOULD_BLOCK)
            rs_bad++;
    }
}

VT_TEST(randomised_tasks_and_interrupt_lose_no_unit)
{
    static const unsigned prio[RS_TASKS] = { 3, 9, 9, 14, 21, 24 };
    VT_EQ(vos_sem_init(&s, 2, RS_MAX), VOS_OK);
    rs_stop = false;
    rs_given = 2;           /* the initial count */
    rs_taken = rs_bad = rs_overflow = rs_timeouts = rs_isr_ops = 0;
    rs_isr_rng = 0xBADC0DEu;
    for (int i = 0; i < RS_TASKS; i++)
        vt_spawn(i, "rs", rs_task, (void *)(uintptr_t)i, prio[i]);
    board_irq_start(0, 6007, 0x80, rs_isr);
    vt_join(RS_TASKS, 20000);
    board_irq_stop(0);
    VT_EQ(rs_bad, 0);
    int count = vos_sem_count(&s);
    VT_LE(0, count);
    VT_LE(count, RS_MAX);
    VT_EQ(rs_given, rs_taken + count);
    VT_ASSERT(rs_taken > 0 && rs_timeouts > 0 && rs_isr_ops > 0);
    vt_note("%d units taken, %d refused gives, %d timeouts, %d interrupt calls\n", rs_taken,
            rs_overflow, rs_timeouts, rs_isr_ops);
    VT_EQ(vos_sem_delete(&s), VOS_OK);
}
