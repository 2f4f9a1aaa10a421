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
    VT_EQ(vos_task_create(&t, "x", NULL, NULL, 5, stack, sizeof stack), VOS_ERR_ARG);
    VT_EQ(vos_task_create(&t, "x", nop_entry, NULL, 5, NULL, sizeof stack), VOS_ERR_ARG);
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

/* A handler more urgent than the kernel's level (NVIC priority 0x00,
 * STM32CubeMX's default for every interrupt) runs even inside the
 * kernel's critical sections: every call allowed in a handler refuses it
 * with VOS_ERR_CONTEXT (VOS_CFG_CHECKS, on in this image) and changes
 * nothing. The same calls at the kernel's level (0x80) succeed. Before
 * the fix the give returned VOS_OK and raced the kernel. */
static vos_sem_t lvl_sem;
static vos_queue_t lvl_q;
static uint32_t lvl_qbuf[2];
static vos_event_t lvl_ev;
static vos_timer_t lvl_tm;
static volatile int lvl_give, lvl_take, lvl_send, lvl_set, lvl_tstart, lvl_count, lvl_resume;
static volatile uint32_t lvl_exc;

static void lvl_nop(vos_timer_t *tm, void *arg)
{
    (void)tm;
    (void)arg;
}

static void lvl_isr(void)
{
    uint32_t v = 7;
    __asm__ volatile("mrs %0, ipsr" : "=r"(lvl_exc));
    lvl_give = vos_sem_give_isr(&lvl_sem);
    lvl_take = vos_sem_take_isr(&lvl_sem);
    lvl_send = vos_queue_send_isr(&lvl_q, &v);
    lvl_set = vos_event_set_isr(&lvl_ev, 0x4u);
    lvl_tstart = vos_timer_start(&lvl_tm, vos_ms(1), VOS_NO_WAIT);
    lvl_count = vos_sem_count(&lvl_sem);
    lvl_resume = vos_task_resume_isr(vt_task(0));
}

VT_TEST(kernel_calls_above_the_kernel_level_are_refused)
{
    VT_EQ(vos_sem_init(&lvl_sem, 1, 2), VOS_OK);
    VT_EQ(vos_queue_init(&lvl_q, lvl_qbuf, sizeof lvl_qbuf[0], 2), VOS_OK);
    VT_EQ(vos_event_init(&lvl_ev, 0), VOS_OK);
    VT_EQ(vos_timer_init(&lvl_tm, "lvl", lvl_nop, NULL, VOS_TIMER_ISR), VOS_OK);
    vt_spawn(0, "parked", parked, NULL, VT_RUNNER_PRIO - 1);
    VT_EQ(vos_task_suspend(vt_task(0)), VOS_OK);

    lvl_exc = 0;
    board_swi_init(0, 0x00, lvl_isr);          /* above VOS_CFG_KERNEL_IRQ_PRIO */
    board_swi_pend(0);
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    VT_ASSERT(lvl_exc >= 16);                  /* it ran, as an interrupt */
    VT_EQ(lvl_give, VOS_ERR_CONTEXT);
    VT_EQ(lvl_take, VOS_ERR_CONTEXT);
    VT_EQ(lvl_send, VOS_ERR_CONTEXT);
    VT_EQ(lvl_set, VOS_ERR_CONTEXT);
    VT_EQ(lvl_tstart, VOS_ERR_CONTEXT);
    VT_EQ(lvl_count, VOS_ERR_CONTEXT);
    VT_EQ(lvl_resume, VOS_ERR_CONTEXT);
    VT_EQ(vos_sem_count(&lvl_sem), 1);          /* nothing changed */
    VT_EQ(vos_queue_count(&lvl_q), 0);
    uint32_t flags = 1;
    VT_EQ(vos_event_get(&lvl_ev, &flags), VOS_OK);
    VT_EQ(flags, 0);
    VT_EQ(vos_timer_active(&lvl_tm), 0);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_SUSPENDED);

    board_swi_init(0, 0x80, lvl_isr);          /* at the kernel's level */
    board_swi_pend(0);
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    VT_EQ(lvl_give, VOS_OK);
    VT_EQ(lvl_take, VOS_OK);
    VT_EQ(lvl_send, VOS_OK);
    VT_EQ(lvl_set, VOS_OK);
    VT_EQ(lvl_tstart, VOS_OK);
    VT_EQ(lvl_count, 1);
    VT_EQ(lvl_resume, VOS_OK);
    VT_EQ(vos_queue_count(&lvl_q), 1);
    VT_EQ(vos_timer_stop(&lvl_tm), VOS_OK);
    vt_join(1, 100);
}
