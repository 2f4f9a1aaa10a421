/* SPDX-License-Identifier: MIT */
/*
 * Scheduler: priority preemption, FIFO among equals, yield, suspend and
 * resume, priority changes taking effect at once, task exit.
 */
#include "vtest.h"

static void log_task(void *arg)
{
    vt_log((char)(uintptr_t)arg);
}

VT_TEST(higher_priority_preempts_at_create)
{
    vt_log_reset();
    vt_log('r');
    vt_spawn(0, "hi", log_task, (void *)'h', VT_RUNNER_PRIO + 1);
    vt_log('r');
    vt_spawn(1, "lo", log_task, (void *)'l', VT_RUNNER_PRIO - 1);
    vt_log('r');
    vt_join(2, 100);
    VT_ASSERT(vt_log_is("rhrrl"));
}

VT_TEST(fifo_among_equals)
{
    vt_log_reset();
    for (int i = 0; i < 5; i++)
        vt_spawn(i, "eq", log_task, (void *)(uintptr_t)('a' + i), VT_RUNNER_PRIO - 1);
    vt_join(5, 100);
    VT_ASSERT(vt_log_is("abcde"));
}

static void yielder(void *arg)
{
    for (int i = 0; i < 3; i++) {
        vt_log((char)(uintptr_t)arg);
        vos_yield();
    }
}

VT_TEST(yield_rotates_equals)
{
    vt_log_reset();
    vt_spawn(0, "y1", yielder, (void *)'a', VT_RUNNER_PRIO - 1);
    vt_spawn(1, "y2", yielder, (void *)'b', VT_RUNNER_PRIO - 1);
    vt_spawn(2, "y3", yielder, (void *)'c', VT_RUNNER_PRIO - 1);
    vt_join(3, 100);
    VT_ASSERT(vt_log_is("abcabcabc"));
}

VT_TEST(yield_alone_returns_at_once)
{
    vos_time_t t0 = vos_now();
    vos_yield();
    VT_LE(vos_now() - t0, 200);
}

static void self_suspender(void *arg)
{
    (void)arg;
    vt_log('1');
    VT_EQ(vos_task_suspend(NULL), VOS_OK);
    vt_log('2');
}

VT_TEST(suspend_and_resume)
{
    vt_log_reset();
    vos_task_t *t = vt_spawn(0, "susp", self_suspender, NULL, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_task_state(t), VOS_TASK_SUSPENDED);
    vt_log('r');
    VT_EQ(vos_task_resume(t), VOS_OK);      /* higher: runs at once */
    vt_log('r');
    VT_ASSERT(vt_log_is("1r2r"));
    VT_EQ(vos_task_resume(t), VOS_ERR_STATE);
    vt_join(1, 100);
}

static void spinner(void *arg)
{
    volatile int *stop = arg;
    while (!*stop)
        vt_log('s'), vos_yield();
}

VT_TEST(suspend_other_ready_task)
{
    static volatile int stop;
    stop = 0;
    vt_log_reset();
    vos_task_t *t = vt_spawn(0, "spin", spinner, (void *)&stop, VT_RUNNER_PRIO - 1);
    VT_EQ(vos_task_suspend(t), VOS_OK);
    VT_EQ(vos_task_suspend(t), VOS_ERR_STATE);
    vos_sleep(vos_us(100));                  /* it must not run meanwhile */
    VT_EQ(vt_log_len(), 0);
    stop = 1;
    VT_EQ(vos_task_resume(t), VOS_OK);
    vt_join(1, 100);
}

static void prio_logger(void *arg)
{
    vt_log((char)(uintptr_t)arg);
    vos_task_set_priority(NULL, VT_RUNNER_PRIO - 2);  /* drop below the runner */
    vt_log((char)(uintptr_t)arg);
}

VT_TEST(priority_change_takes_effect_at_once)
{
    vt_log_reset();
    vos_task_t *t = vt_spawn(0, "p", prio_logger, (void *)'p', VT_RUNNER_PRIO - 1);
    vt_log('r');
    VT_EQ(vos_task_set_priority(t, VT_RUNNER_PRIO + 1), VOS_OK);   /* runs now */
    vt_log('r');                               /* it dropped: runner again */
    VT_EQ(vos_task_priority(t), VT_RUNNER_PRIO - 2);
    vt_join(1, 100);
    VT_ASSERT(vt_log_is("rprp"));
}

VT_TEST(raise_own_priority_and_back)
{
    VT_EQ(vos_task_set_priority(NULL, VT_RUNNER_PRIO + 5), VOS_OK);
    VT_EQ(vos_task_priority(NULL), VT_RUNNER_PRIO + 5);
    VT_EQ(vos_task_base_priority(NULL), VT_RUNNER_PRIO + 5);
    VT_EQ(vos_task_set_priority(NULL, VT_RUNNER_PRIO), VOS_OK);
    VT_EQ(vos_task_priority(NULL), VT_RUNNER_PRIO);
}

static void exiter(void *arg)
{
    vt_log('x');
    if (arg)
        vos_task_exit();
    vt_log('!');   /* only when returning normally */
}

VT_TEST(task_exit_by_call_and_by_return)
{
    vt_log_reset();
    vos_task_t *a = vt_spawn(0, "ex1", exiter, (void *)1, VT_RUNNER_PRIO + 1);
    vos_task_t *b = vt_spawn(1, "ex2", exiter, NULL, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_task_state(a), VOS_TASK_EXITED);
    VT_EQ(vos_task_state(b), VOS_TASK_EXITED);
    VT_ASSERT(vt_log_is("xx!"));
    /* An exited task's memory may be used for a new task. */
    vt_spawn(0, "again", exiter, (void *)1, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_task_state(a), VOS_TASK_EXITED);
}

static volatile unsigned rr_count[3];
static volatile int rr_stop;

static void busy(void *arg)
{
    unsigned i = (unsigned)(uintptr_t)arg;
    while (!rr_stop)
        rr_count[i]++;
}

VT_TEST(no_time_slicing_by_default)
{
    /* Equal-priority busy tasks without slicing: the first one keeps the
     * CPU until it stops. */
    rr_stop = 0;
    rr_count[0] = rr_count[1] = 0;
    vt_spawn(0, "b0", busy, (void *)0, VT_RUNNER_PRIO - 1);
    vt_spawn(1, "b1", busy, (void *)1, VT_RUNNER_PRIO - 1);
    vos_sleep(vos_ms(2));
    rr_stop = 1;
    vt_join(2, 100);
    VT_ASSERT(rr_count[0] > 0);
    VT_EQ(rr_count[1], 0);
}

VT_TEST(idle_cannot_be_touched)
{
    /* Priority 0 belongs to the idle task. */
    vos_task_t t;
    static uint64_t stk[64];
    t.tag = 0;
    VT_EQ(vos_task_create(&t, "bad", log_task, NULL, 0, stk, sizeof stk), VOS_ERR_ARG);
    VT_EQ(vos_task_set_priority(NULL, 0), VOS_ERR_ARG);
}
