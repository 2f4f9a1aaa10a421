/* SPDX-License-Identifier: MIT */
/*
 * Bad input to the task and time calls: each returns its documented error
 * and changes nothing.
 */
#include <string.h>
#include "vtest.h"

static void nop_entry(void *arg)
{
    (void)arg;
}

static int early_sleep, early_sleep_until, early_take, early_lock, early_start_twice;
static vos_sem_t early_sem;
static vos_mutex_t early_mtx;

void vt_before_start(void)
{
    vos_sem_init(&early_sem, 0, 1);
    vos_mutex_init(&early_mtx);
    early_sleep = vos_sleep(vos_ms(1));
    early_sleep_until = vos_sleep_until(vos_dur_cycles(vos_ms(1)));
    early_take = vos_sem_take(&early_sem, VOS_FOREVER);
    early_lock = vos_mutex_lock(&early_mtx, VOS_FOREVER);
}

VT_TEST(blocking_before_start_is_refused)
{
    VT_EQ(early_sleep, VOS_ERR_CONTEXT);
    VT_EQ(early_sleep_until, VOS_ERR_CONTEXT);
    VT_EQ(early_take, VOS_ERR_CONTEXT);
    VT_EQ(early_lock, VOS_ERR_CONTEXT);
    VT_EQ(vos_sem_count(&early_sem), 0);
    VT_ASSERT(vt_owner(&early_mtx) == NULL);
    (void)early_start_twice;
}

VT_TEST(create_bad_arguments)
{
    static vos_task_t t;
    static uint64_t stack[512 / 8];
    memset(&t, 0, sizeof t);
    VT_EQ(vos_task_create(NULL, "x", nop_entry, NULL, 5, stack, sizeof stack), VOS_ERR_INVALID);
    VT_EQ(vos_task_create(&t, "x", NULL, NULL, 5, stack, sizeof stack), VOS_ERR_INVALID);
    VT_EQ(vos_task_create(&t, "x", nop_entry, NULL, 5, NULL, sizeof stack), VOS_ERR_INVALID);
    VT_EQ(vos_task_create(&t, "x", nop_entry, NULL, 0, stack, sizeof stack), VOS_ERR_ARG);
    VT_EQ(vos_task_create(&t, "x", nop_entry, NULL, VOS_PRIO_MAX + 1, stack, sizeof stack),
          VOS_ERR_ARG);
    VT_EQ(vos_task_create(&t, "x", nop_entry, NULL, 5, stack, VOS_CFG_STACK_MIN - 8), VOS_ERR_ARG);
    /* Nothing was created. */
    VT_EQ(vos_task_state(&t), VOS_ERR_INVALID);
}

static volatile int live_state;

static void parked(void *arg)
{
    (void)arg;
    vos_sleep(vos_ms(5));
}

VT_TEST(create_over_a_live_task_is_refused)
{
    vos_task_t *t = vt_spawn(0, "parked", parked, NULL, VT_RUNNER_PRIO - 1);
    VT_EQ(vos_task_create(t, "again", nop_entry, NULL, 5, vt_stack(1), VT_STACK_SIZE),
          VOS_ERR_INVALID);
    VT_ASSERT(strcmp(t->name, "parked") == 0);
    vt_join(1, 100);
}

VT_TEST(foreign_and_null_tasks)
{
    vos_sem_t s;
    vos_sem_init(&s, 0, 1);
    vos_task_t *foreign = (vos_task_t *)&s;
    VT_EQ(vos_task_suspend(foreign), VOS_ERR_INVALID);
    VT_EQ(vos_task_resume(foreign), VOS_ERR_INVALID);
    VT_EQ(vos_task_set_priority(foreign, 5), VOS_ERR_INVALID);
    VT_EQ(vos_task_priority(foreign), VOS_ERR_INVALID);
    VT_EQ(vos_task_state(foreign), VOS_ERR_INVALID);
    VT_EQ(vos_task_state(NULL), VOS_ERR_INVALID);
    VT_EQ(vos_task_resume(NULL), VOS_ERR_INVALID);
    VT_EQ(vos_task_set_priority(NULL, VOS_PRIO_MAX + 1), VOS_ERR_ARG);
    VT_EQ(vos_task_set_priority(NULL, 0), VOS_ERR_ARG);
    VT_EQ(vos_sem_count(&s), 0);                 /* untouched */
    VT_EQ(vos_task_priority(NULL), VT_RUNNER_PRIO);
}

VT_TEST(start_twice_is_refused)
{
    VT_EQ(vos_start(), VOS_ERR_STATE);
}

/* --- From an interrupt handler ------------------------------------------- */

static volatile int isr_sleep, isr_until, isr_suspend_self, isr_create, isr_resume_task_form,
    isr_prio, isr_yield;
static volatile bool isr_ran;

static void bad_isr(void)
{
    static vos_task_t t;
    static uint64_t stack[512 / 8];
    isr_sleep = vos_sleep(vos_ms(1));
    isr_until = vos_sleep_until(vos_now() + 10);
    isr_suspend_self = vos_task_suspend(NULL);
    isr_create = vos_task_create(&t, "isr", nop_entry, NULL, 5, stack, sizeof stack);
    isr_resume_task_form = vos_task_resume(vt_task(0));
    isr_prio = vos_task_set_priority(vt_task(0), 5);
    isr_yield = vos_yield();
    isr_ran = true;
}

VT_TEST(blocking_from_an_interrupt_is_refused)
{
    vt_spawn(0, "victim", parked, NULL, VT_RUNNER_PRIO - 1);
    isr_ran = false;
    board_swi_init(0, 0x80, bad_isr);
    board_swi_pend(0);
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    VT_ASSERT(isr_ran);
    VT_EQ(isr_sleep, VOS_ERR_CONTEXT);
    VT_EQ(isr_until, VOS_ERR_CONTEXT);
    VT_EQ(isr_suspend_self, VOS_ERR_CONTEXT);    /* no calling task in a handler */
    VT_EQ(isr_create, VOS_ERR_CONTEXT);
    VT_EQ(isr_resume_task_form, VOS_ERR_CONTEXT);
    VT_EQ(isr_prio, VOS_ERR_CONTEXT);
    VT_EQ(isr_yield, VOS_ERR_CONTEXT);
    VT_EQ(vos_task_priority(vt_task(0)), VT_RUNNER_PRIO - 1);
    VT_EQ(vos_task_priority(NULL), VT_RUNNER_PRIO);
    vt_join(1, 100);
}
