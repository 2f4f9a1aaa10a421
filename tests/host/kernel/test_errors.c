/* SPDX-License-Identifier: MIT */
/*
 * Bad inputs: null and foreign objects, deleted objects, arguments out of
 * range, unlock by a non-owner, calls from the wrong context (a simulated
 * interrupt, before the scheduler starts), and each one's exact code.
 */
#include <stdio.h>
#include <stdlib.h>
#include "harness.h"
#include "kernel.h"

static vos_sem_t sem;
static vos_mutex_t mx;
static vos_task_t *other;

/* --- Null, foreign, uninitialised, deleted ----------------------------------------- */

static void null_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sem_init(NULL, 0, 1), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_give(NULL), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_take(NULL, VOS_FOREVER), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_count(NULL), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_delete(NULL), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_init(NULL), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_init_ceiling(NULL, 5), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_lock(NULL, VOS_FOREVER), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_unlock(NULL), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_delete(NULL), VOS_ERR_INVALID);
    vos_task_t *o = vos_self();
    CHECK_EQ(vos_mutex_owner(NULL, &o), VOS_ERR_INVALID);
    CHECK(o == vos_self());                           /* not written on error */
    CHECK_EQ(vos_task_state(NULL), VOS_ERR_INVALID);
    CHECK_EQ(vos_task_resume(NULL), VOS_ERR_INVALID);

    void *stack;
    size_t size;
    vos_task_t *t = t_tcb(&stack, &size);
    CHECK_EQ(vos_task_create(NULL, "x", null_main, NULL, 3, stack, size), VOS_ERR_INVALID);
    CHECK_EQ(vos_task_create(t, "x", NULL, NULL, 3, stack, size), VOS_ERR_ARG);
    CHECK_EQ(vos_task_create(t, "x", null_main, NULL, 3, NULL, size), VOS_ERR_ARG);
}

static void case_null_objects(void)
{
    CHECK_EQ(t_run(null_main, NULL, 5), HOST_IDLE);
}

static void foreign_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 1, 1);
    vos_mutex_init(&mx);
    vos_mutex_t *sem_as_mutex = (vos_mutex_t *)(void *)&sem;
    vos_sem_t *mutex_as_sem = (vos_sem_t *)(void *)&mx;
    vos_sem_t *task_as_sem = (vos_sem_t *)(void *)vos_self();
    CHECK_EQ(vos_mutex_lock(sem_as_mutex, VOS_FOREVER), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_unlock(sem_as_mutex), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_delete(sem_as_mutex), VOS_ERR_INVALID);
    vos_task_t *o;
    CHECK_EQ(vos_mutex_owner(sem_as_mutex, &o), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_owner(&mx, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_sem_take(mutex_as_sem, VOS_NO_WAIT), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_give(mutex_as_sem), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_count(mutex_as_sem), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_give(task_as_sem), VOS_ERR_INVALID);
    CHECK_EQ(vos_task_state((vos_task_t *)(void *)&sem), VOS_ERR_INVALID);
    /* An object smaller than a task, alone in its allocation: the task
     * calls read its tag and nothing past its end (ASan watches). */
    vos_event_t *small = malloc(sizeof *small);
    CHECK(small != NULL);
    CHECK_EQ(vos_event_init(small, 0), VOS_OK);
    CHECK_EQ(vos_task_state((vos_task_t *)(void *)small), VOS_ERR_INVALID);
    CHECK_EQ(vos_notify_give((vos_task_t *)(void *)small), VOS_ERR_INVALID);
    CHECK_EQ(vos_task_priority((vos_task_t *)(void *)small), VOS_ERR_INVALID);
    CHECK_EQ(vos_task_resume((vos_task_t *)(void *)small), VOS_ERR_INVALID);
    CHECK_EQ(vos_event_delete(small), VOS_OK);
    free(small);
    CHECK_EQ(vos_task_suspend((vos_task_t *)(void *)&mx), VOS_ERR_INVALID);
    CHECK_EQ(vos_task_set_priority((vos_task_t *)(void *)&mx, 3), VOS_ERR_INVALID);
    /* The real objects were not touched. */
    CHECK_EQ(vos_sem_count(&sem), 1);
    CHECK(ht_owner(&mx) == NULL);

    static vos_sem_t zero_sem;
    static vos_mutex_t zero_mutex;
    CHECK_EQ(vos_sem_give(&zero_sem), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_lock(&zero_mutex, VOS_NO_WAIT), VOS_ERR_INVALID);

    CHECK_EQ(vos_mutex_delete(&mx), VOS_OK);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_delete(&mx), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_delete(&sem), VOS_OK);
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_ERR_INVALID);
}

static void case_foreign_objects(void)
{
    CHECK_EQ(t_run(foreign_main, NULL, 5), HOST_IDLE);
}

/* --- Arguments ------------------------------------------------------------------------ */

static void nop(void *arg)
{
    (void)arg;
}

static void args_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sem_init(&sem, 0, 0), VOS_ERR_ARG);
    CHECK_EQ(vos_sem_init(&sem, 2, 1), VOS_ERR_ARG);
    CHECK_EQ(vos_sem_init(&sem, 0, (uint32_t)INT32_MAX + 1u), VOS_ERR_ARG);
    CHECK_EQ(vos_sem_init(&sem, (uint32_t)INT32_MAX, (uint32_t)INT32_MAX), VOS_OK);
    CHECK_EQ(vos_sem_count(&sem), INT32_MAX);
    CHECK_EQ(vos_mutex_init_ceiling(&mx, 0), VOS_ERR_ARG);
    CHECK_EQ(vos_mutex_init_ceiling(&mx, VOS_PRIO_MAX + 1), VOS_ERR_ARG);

    void *stack;
    size_t size;
    vos_task_t *t = t_tcb(&stack, &size);
    CHECK_EQ(vos_task_create(t, "x", nop, NULL, 0, stack, size), VOS_ERR_ARG);
    CHECK_EQ(vos_task_create(t, "x", nop, NULL, VOS_PRIO_MAX + 1, stack, size), VOS_ERR_ARG);
    CHECK_EQ(vos_task_create(t, "x", nop, NULL, 3, stack, VOS_CFG_STACK_MIN - 1), VOS_ERR_ARG);
    CHECK_EQ(vos_task_create(t, "x", nop, NULL, 3, stack, 0), VOS_ERR_ARG);
    /* An unaligned stack is trimmed to 8 bytes, not refused. */
    CHECK_EQ(vos_task_create(t, "x", nop, NULL, 3, (char *)stack + 3, VOS_CFG_STACK_MIN + 16),
             VOS_OK);
    CHECK_EQ((uintptr_t)t->stack_base % 8, 0);
    CHECK_EQ(vos_task_set_priority(NULL, 0), VOS_ERR_ARG);
    CHECK_EQ(vos_task_set_priority(NULL, VOS_PRIO_MAX + 1), VOS_ERR_ARG);
    CHECK_EQ(vos_task_base_priority(NULL), 5);
}

static void case_argument_ranges(void)
{
    CHECK_EQ(t_run(args_main, NULL, 5), HOST_IDLE);
}

static void case_error_names(void)
{
    static const int codes[] = {
        VOS_OK, VOS_ERR_TIMEOUT, VOS_ERR_WOULD_BLOCK, VOS_ERR_CONTEXT, VOS_ERR_INVALID,
        VOS_ERR_DELETED, VOS_ERR_NOT_OWNER, VOS_ERR_OVERFLOW, VOS_ERR_NO_MEMORY, VOS_ERR_ARG,
        VOS_ERR_STATE, VOS_ERR_CORRUPT, VOS_ERR_DEADLOCK, VOS_ERR_ABORTED,
        VOS_ERR_TOO_BIG, VOS_ERR_PERM, VOS_ERR_LAYOUT, VOS_ERR_NO_SERVICE, VOS_ERR_BUSY,
        VOS_ERR_LATE, VOS_ERR_NO_RECORD,
    };
    size_t n = sizeof codes / sizeof codes[0];
    for (size_t i = 0; i < n; i++) {
        CHECK(strcmp(vos_strerror(codes[i]), "unknown error") != 0);
        for (size_t j = 0; j < i; j++) {
            CHECK(codes[i] != codes[j]);
            CHECK(strcmp(vos_strerror(codes[i]), vos_strerror(codes[j])) != 0);
        }
    }
    CHECK_STR(vos_strerror(1), "unknown error");
    CHECK_STR(vos_strerror(-1000), "unknown error");
}

/* --- Ownership ------------------------------------------------------------------------- */

static void owner_task(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    vos_sleep(vos_cycles(100));
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_ERR_NOT_OWNER);
}

static void non_owner_main(void *arg)
{
    (void)arg;
    vos_mutex_init(&mx);
    t_task("O", owner_task, NULL, 7);
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_ERR_NOT_OWNER);   /* uncontended owner */
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_ERR_NOT_OWNER);
    CHECK(ht_owner(&mx) != vos_self());
    vos_sleep(vos_cycles(200));
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_ERR_NOT_OWNER);   /* free */
}

static void case_unlock_by_non_owner(void)
{
    CHECK_EQ(t_run(non_owner_main, NULL, 5), HOST_IDLE);
}

/* --- Wrong context ------------------------------------------------------------------------ */

static void isr_calls(void)
{
    void *stack;
    size_t size;
    vos_task_t *t = t_tcb(&stack, &size);
    CHECK(vos_in_isr());
    CHECK(vos_self() != NULL);   /* the interrupted task */
    CHECK_EQ(vos_sched_lock(), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sched_unlock(), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_task_terminate(vos_self()), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_task_join(vos_self(), VOS_FOREVER), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_task_enumerate(NULL, 0), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_take(&sem, VOS_FOREVER), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_give(&sem), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_init(&sem, 0, 1), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_delete(&sem), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_mutex_init(&mx), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_mutex_delete(&mx), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sleep(vos_cycles(10)), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sleep_until(10), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_task_create(t, "x", nop, NULL, 3, stack, size), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_task_set_priority(other, 3), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_task_resume(other), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_start(), VOS_ERR_STATE);            /* already running */
    /* Still answered from a handler. */
    CHECK_EQ(vos_sem_count(&sem), 0);
    CHECK_EQ(vos_task_priority(other), 4);
    CHECK(vos_now() == host_now());
    t_log("isr-done");
}

static void context_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 1);
    vos_mutex_init(&mx);
    t_watch_sem(&sem);
    t_watch_mutex(&mx);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);  /* the handler must not touch it */
    other = t_task("other", nop, NULL, 4);
    host_irq(isr_calls);
    CHECK(ht_owner(&mx) == vos_self());
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
    CHECK_INV();
}

static void case_calls_from_interrupt(void)
{
    CHECK_EQ(t_run(context_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("isr-done");
}

/* The documentation of vos_task_suspend: "Context: thread", and
 * "VOS_ERR_CONTEXT (suspending oneself from an interrupt or before start)". */
static void isr_suspend(void)
{
    CHECK_EQ(vos_task_suspend(NULL), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_task_suspend(other), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_task_state(other), VOS_TASK_READY);
}

static void suspend_ctx_main(void *arg)
{
    (void)arg;
    other = t_task("other", nop, NULL, 4);
    host_irq(isr_suspend);
}

static void case_suspend_wrong_context(void)
{
    CHECK_EQ(vos_task_suspend(NULL), VOS_ERR_CONTEXT);      /* before start */
    CHECK_EQ(t_run(suspend_ctx_main, NULL, 5), HOST_IDLE);
}

static void case_calls_before_start(void)
{
    CHECK(!vos_running());
    CHECK(vos_self() == NULL);
    CHECK_EQ(vos_yield(), VOS_ERR_CONTEXT);           /* no task to yield */
    CHECK_EQ(vos_sem_init(&sem, 0, 1), VOS_OK);
    CHECK_EQ(vos_sem_take(&sem, VOS_FOREVER), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    CHECK_EQ(vos_sem_take(&sem, VOS_FOREVER), VOS_OK);   /* available: no wait */
    CHECK_EQ(vos_mutex_init(&mx), VOS_OK);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sleep(vos_cycles(10)), VOS_ERR_CONTEXT);
    vos_task_t *t = t_task("t", nop, NULL, 3);
    CHECK_EQ(vos_task_set_priority(t, 6), VOS_OK);
    CHECK_EQ(vos_task_priority(t), 6);
    CHECK_EQ(vos_task_priority(NULL), VOS_ERR_INVALID);
    size_t unused;
    CHECK_EQ(vos_task_stack_unused(NULL, &unused), VOS_ERR_INVALID);   /* no caller yet */
    CHECK_EQ(vos_task_stack_unused(t, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_task_stack_unused(t, &unused), VOS_OK);
    CHECK(vos_stack_overflow_task() == NULL);
    CHECK_EQ(t_run(NULL, NULL, 0), HOST_IDLE);
    CHECK_EQ(vos_task_state(t), VOS_TASK_EXITED);
}

/* Suspend and resume are documented for use before the start too ("Context:
 * thread, or before vos_start()" for creation; suspend names "before start"
 * as an error only for suspending oneself). They must not request a switch
 * then: on Cortex-M that pends PendSV, which runs at the first interrupt
 * enable in arch_start_first, before any task has a stack. The host port
 * halts on such a request. */
static vos_task_t *pre;

static void suspend_before_start(void)
{
    void *stack;
    size_t size;
    pre = t_tcb(&stack, &size);
    if (vos_task_create(pre, "t", nop, NULL, 3, stack, size) != VOS_OK)
        exit(2);
    t_task("u", nop, NULL, 2);
    if (vos_task_suspend(pre) != VOS_OK)
        exit(4);
    if (vos_task_resume(pre) != VOS_OK)
        exit(5);
    if (t_run(NULL, NULL, 0) != HOST_IDLE || vos_task_state(pre) != VOS_TASK_EXITED)
        exit(2);
}

static void case_suspend_resume_before_start(void)
{
    /* In a child: a kernel that requests the switch halts it. */
    CHECK(t_survives(suspend_before_start));
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"null_objects", case_null_objects},
        {"foreign_objects", case_foreign_objects},
        {"argument_ranges", case_argument_ranges},
        {"error_names", case_error_names},
        {"unlock_by_non_owner", case_unlock_by_non_owner},
        {"calls_from_interrupt", case_calls_from_interrupt},
        {"suspend_wrong_context", case_suspend_wrong_context},
        {"calls_before_start", case_calls_before_start},
        {"suspend_resume_before_start", case_suspend_resume_before_start},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
