/* SPDX-License-Identifier: MIT */
/*
 * Misuse never corrupts, in either setting of VOS_CFG_CHECKS (issue 21).
 *
 * Built twice: test_misuse against a kernel with the parameter checks on,
 * test_misuse_nochk against one with VOS_CFG_CHECKS = 0, where only what
 * docs/api.md ("Checks") says stays checked is expected.
 *
 * Two parts:
 *  - the findings: an object deleted inside a lock-free LL/SC window (the
 *    host port lands an interrupt between the load-linked and the
 *    store-conditional, and the task it wakes deletes the object), and the
 *    always-on checks that were missing without VOS_CFG_CHECKS;
 *  - the misuse matrix (misuse_matrix.c): one table of call x input class
 *    x expected result, every probe isolated and followed by a heap check
 *    and normal use of the same objects.
 */
#include <stdio.h>
#include "harness.h"
#include "kernel.h"
#include "misuse_matrix.h"

/* --- An object deleted inside a fast path's LL/SC window ---------------------- */
#if VOS_CFG_CHECKS

static vos_sem_t win_sem;
static vos_mutex_t win_mx;
static vos_sem_t deleter_go;
static int deleter_what;         /* 0: delete win_sem, 1: delete win_mx */
static int deleter_result;

/* Higher than main: runs as soon as the interrupt that wakes it returns,
 * that is, inside main's window. */
static void deleter_main(void *arg)
{
    (void)arg;
    for (;;) {
        if (vos_sem_take(&deleter_go, VOS_FOREVER) != VOS_OK)
            return;
        deleter_result = deleter_what == 0 ? vos_sem_delete(&win_sem)
                                           : vos_mutex_delete(&win_mx);
    }
}

static void wake_deleter_isr(void)
{
    CHECK_EQ(vos_sem_give_isr(&deleter_go), VOS_OK);
}

static void window_setup(int what)
{
    CHECK_EQ(vos_sem_init(&deleter_go, 0, 1), VOS_OK);
    deleter_what = what;
    deleter_result = 1;
    t_task("deleter", deleter_main, NULL, 10);
}

/* The deleted object reads as deleted, and nothing else changed. */
static void window_after_sem(uintptr_t count)
{
    CHECK_EQ(deleter_result, VOS_OK);
#if VOS_CFG_CHECKS
    CHECK_EQ(win_sem.tag, VOS_TAG_DEAD);
#endif
    CHECK_EQ(win_sem.count, count);
    CHECK(win_sem.waiters.head == NULL);
    CHECK_INV();
}

static void win_sem_give_main(void *arg)
{
    (void)arg;
    window_setup(0);
    CHECK_EQ(vos_sem_init(&win_sem, 0, 5), VOS_OK);
    host_irq_in_next_sc(wake_deleter_isr);
    int r = vos_sem_give(&win_sem);
    CHECK(r == VOS_ERR_INVALID || r == VOS_ERR_DELETED);
    window_after_sem(0);
}

static void win_sem_take_main(void *arg)
{
    (void)arg;
    window_setup(0);
    CHECK_EQ(vos_sem_init(&win_sem, 1, 5), VOS_OK);
    host_irq_in_next_sc(wake_deleter_isr);
    int r = vos_sem_take(&win_sem, VOS_NO_WAIT);
    CHECK(r == VOS_ERR_INVALID || r == VOS_ERR_DELETED);
    window_after_sem(1);
}

static void win_mutex_lock_main(void *arg)
{
    (void)arg;
    window_setup(1);
    CHECK_EQ(vos_mutex_init(&win_mx), VOS_OK);
    host_irq_in_next_sc(wake_deleter_isr);
    int r = vos_mutex_lock(&win_mx, VOS_NO_WAIT);
    CHECK(r == VOS_ERR_INVALID || r == VOS_ERR_DELETED);
    CHECK_EQ(deleter_result, VOS_OK);
    CHECK_EQ(win_mx.owner_word, 0);
    CHECK(vos_self()->held == NULL);
    CHECK_INV();
}

static void win_mutex_unlock_main(void *arg)
{
    (void)arg;
    window_setup(1);
    CHECK_EQ(vos_mutex_init(&win_mx), VOS_OK);
    CHECK_EQ(vos_mutex_lock(&win_mx, VOS_NO_WAIT), VOS_OK);
    host_irq_in_next_sc(wake_deleter_isr);
    int r = vos_mutex_unlock(&win_mx);
    /* Before the fix: VOS_ERR_NOT_OWNER, as if the caller had never held it. */
    CHECK(r == VOS_ERR_INVALID || r == VOS_ERR_DELETED);
    CHECK_EQ(deleter_result, VOS_OK);
    CHECK_EQ(win_mx.owner_word, 0);
    CHECK_INV();
}

/* The interrupt form: the handler's give is the one in the window, and
 * a nested handler wakes the deleter, which runs when both return; the
 * first handler's retry comes before that, so only the task forms can
 * meet a delete in their window. Checked here: the retry in a handler
 * still works on a live object. */
static void give_isr_twice(void)
{
    host_irq_in_next_sc(wake_deleter_isr);
    CHECK_EQ(vos_sem_give_isr(&win_sem), VOS_OK);
}

static void win_isr_main(void *arg)
{
    (void)arg;
    window_setup(0);
    CHECK_EQ(vos_sem_init(&win_sem, 0, 5), VOS_OK);
    host_irq(give_isr_twice);
    CHECK_EQ(deleter_result, VOS_OK);   /* deleted after the handler's give */
    CHECK_EQ(win_sem.count, 1);
    CHECK_INV();
}

static void case_window_sem_give(void)
{
    CHECK_EQ(t_run(win_sem_give_main, NULL, 5), HOST_IDLE);
}

static void case_window_sem_take(void)
{
    CHECK_EQ(t_run(win_sem_take_main, NULL, 5), HOST_IDLE);
}

static void case_window_mutex_lock(void)
{
    CHECK_EQ(t_run(win_mutex_lock_main, NULL, 5), HOST_IDLE);
}

static void case_window_mutex_unlock(void)
{
    CHECK_EQ(t_run(win_mutex_unlock_main, NULL, 5), HOST_IDLE);
}

static void case_window_isr(void)
{
    CHECK_EQ(t_run(win_isr_main, NULL, 5), HOST_IDLE);
}

#endif /* VOS_CFG_CHECKS */

/* --- Always-on checks from an interrupt (both settings) ------------------------ */

static vos_event_t ev;
static vos_mutex_t isr_mx;
static int isr_results[8];
static uint32_t isr_got;

static void event_wait_isr(void)
{
    isr_got = 0xC0FFEEu;
    isr_results[0] = vos_event_wait(&ev, 1u, 0, vos_ms(1), &isr_got);
    isr_results[1] = vos_event_wait(&ev, 1u, VOS_EVENT_ALL, VOS_FOREVER, &isr_got);
}

static void event_isr_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_event_init(&ev, 0), VOS_OK);
    vos_time_t t0 = vos_now();
    host_irq(event_wait_isr);
    CHECK_EQ(isr_results[0], VOS_ERR_CONTEXT);
    CHECK_EQ(isr_results[1], VOS_ERR_CONTEXT);
    CHECK_EQ(isr_got, 0xC0FFEEu);           /* not written on error */
    CHECK_TIME(vos_now(), t0);              /* the interrupted task never waited */
    CHECK(ev.waiters.head == NULL);
    CHECK_EQ(vos_task_state(vos_self()), VOS_TASK_READY);
    /* The group still works. */
    CHECK_EQ(vos_event_set(&ev, 1u), VOS_OK);
    uint32_t got = 0;
    CHECK_EQ(vos_event_wait(&ev, 1u, VOS_EVENT_CLEAR, VOS_NO_WAIT, &got), VOS_OK);
    CHECK_EQ(got, 1u);
    CHECK_INV();
}

static void case_event_wait_isr(void)
{
    CHECK_EQ(t_run(event_isr_main, NULL, 5), HOST_IDLE);
}

static void mutex_isr(void)
{
    isr_results[0] = vos_mutex_init(&isr_mx);
    isr_results[1] = vos_mutex_init_ceiling(&isr_mx, 7);
    isr_results[2] = vos_mutex_delete(&isr_mx);
    isr_results[3] = vos_mutex_lock(&isr_mx, VOS_NO_WAIT);
    isr_results[4] = vos_mutex_unlock(&isr_mx);
}

static void mutex_isr_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_init(&isr_mx), VOS_OK);
    t_watch_mutex(&isr_mx);
    CHECK_EQ(vos_mutex_lock(&isr_mx, VOS_FOREVER), VOS_OK);
    host_irq(mutex_isr);
    for (int i = 0; i < 5; i++)
        CHECK_EQ(isr_results[i], VOS_ERR_CONTEXT);
    /* Not re-initialised nor deleted under its owner. */
    vos_task_t *o = NULL;
    CHECK_EQ(vos_mutex_owner(&isr_mx, &o), VOS_OK);
    CHECK(o == vos_self());
    CHECK_EQ(isr_mx.tag, VOS_TAG_MUTEX);
    CHECK_EQ(isr_mx.ceiling, 0);
    CHECK_EQ(vos_mutex_unlock(&isr_mx), VOS_OK);
    CHECK_EQ(vos_mutex_owner(&isr_mx, &o), VOS_OK);
    CHECK(o == NULL);
    CHECK_INV();
}

static void case_mutex_isr(void)
{
    CHECK_EQ(t_run(mutex_isr_main, NULL, 5), HOST_IDLE);
}

/* --- A handler above the kernel's level --------------------------------------- */

/* vos_sem_give_isr and friends from an interrupt more urgent than
 * VOS_CFG_KERNEL_IRQ_PRIO (on Cortex-M, NVIC priority 0x00): with the
 * checks, VOS_ERR_CONTEXT and nothing changed; without them (this build
 * has VOS_CFG_ASSERT), a halt naming the exception. Before the fix the
 * give returned VOS_OK and raced the kernel. */
static vos_sem_t above_sem;
static vos_queue_t above_q;
static uint32_t above_qbuf[2];
static vos_timer_t above_tm;

static void above_nop(vos_timer_t *tm, void *arg)
{
    (void)tm;
    (void)arg;
}

static void above_isr(void)
{
    uint32_t v = 1;
    CHECK_EQ(vos_sem_give_isr(&above_sem), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_take_isr(&above_sem), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_queue_send_isr(&above_q, &v), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_timer_start(&above_tm, vos_cycles(10), vos_cycles(0)), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_count(&above_sem), VOS_ERR_CONTEXT);
}

#if VOS_CFG_CHECKS
static void kernel_level_isr(void)
{
    uint32_t v = 1;
    CHECK_EQ(vos_sem_give_isr(&above_sem), VOS_OK);
    CHECK_EQ(vos_queue_send_isr(&above_q, &v), VOS_OK);
}
#endif

static void above_setup(void)
{
    CHECK_EQ(vos_sem_init(&above_sem, 1, 2), VOS_OK);
    CHECK_EQ(vos_queue_init(&above_q, above_qbuf, sizeof above_qbuf[0], 2), VOS_OK);
    CHECK_EQ(vos_timer_init(&above_tm, "above", above_nop, NULL, VOS_TIMER_ISR), VOS_OK);
}

#if VOS_CFG_CHECKS
static void above_main(void *arg)
{
    (void)arg;
    above_setup();
    host_irq_above(above_isr);
    CHECK_EQ(vos_sem_count(&above_sem), 1);
    CHECK_EQ(vos_queue_count(&above_q), 0);
    CHECK_EQ(vos_timer_active(&above_tm), 0);
    host_irq(kernel_level_isr);       /* the same calls at the kernel's level */
    CHECK_EQ(vos_sem_count(&above_sem), 2);
    CHECK_EQ(vos_queue_count(&above_q), 1);
    CHECK_INV();
}
#else
static void above_halts(void)
{
    above_setup();
    host_irq_above(above_isr);
}
#endif

static void case_above_kernel_level(void)
{
#if VOS_CFG_CHECKS
    CHECK_EQ(t_run(above_main, NULL, 5), HOST_IDLE);
#else
    CHECK(t_dies(above_halts, "kernel call from exception 048, above VOS_CFG_KERNEL_IRQ_PRIO"));
#endif
}

/* --- The matrix ---------------------------------------------------------------- */

static void case_matrix(void)
{
    struct mm_result r = mm_run();
    printf("     misuse matrix, VOS_CFG_CHECKS=%d: %u probes run (%u calls, %u input "
           "classes, %u from above the kernel's level, %u without the timer service), %u "
           "failed; %u probes of parameter checks not in this build\n",
           VOS_CFG_CHECKS, r.run, r.calls, r.classes, r.above, r.no_service, r.failed,
           r.skipped);
    CHECK(r.run > 0);
    CHECK(!VOS_CFG_CHECKS || r.above > 100);
    CHECK(r.no_service >= 8);
    CHECK_EQ(r.failed, 0);
}

static const struct t_case cases[] = {
#if VOS_CFG_CHECKS    /* without the checks nothing reads the tag */
    { "window_sem_give", case_window_sem_give },
    { "window_sem_take", case_window_sem_take },
    { "window_mutex_lock", case_window_mutex_lock },
    { "window_mutex_unlock", case_window_mutex_unlock },
    { "window_isr_retry", case_window_isr },
#endif
    { "event_wait_isr", case_event_wait_isr },
    { "mutex_calls_isr", case_mutex_isr },
    { "above_kernel_level", case_above_kernel_level },
    { "matrix", case_matrix },
};

int main(int argc, char **argv)
{
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
