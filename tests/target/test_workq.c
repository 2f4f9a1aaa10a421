/* SPDX-License-Identifier: MIT */
/*
 * Work queues on the emulated board: items submitted from a real hardware
 * timer interrupt run in order, each once per submission, none lost while
 * the worker keeps up, and refused (VOS_ERR_STATE, nothing changed) while
 * still pending; a delayed item runs on the kernel's timers, not before
 * its delay; exact cancel against items in flight (a cancelled item never
 * starts, a running one reports VOS_ERR_BUSY and finishes); flush; an
 * item that resubmits itself; the misuse of a real interrupt context.
 */
#include "vtest.h"

static uint64_t wq_stack[1024 / 8];
static vos_workq_t wq;
static vos_work_t wa, wb, wc;
static volatile uint32_t n_run, n_submit, n_refused, n_isr;
static volatile uint64_t ran_at, last_due;

static void queue_at(unsigned prio)
{
    static bool made;
    if (!made) {
        VT_EQ(vos_workq_init(&wq, "wq", prio, wq_stack, sizeof wq_stack), VOS_OK);
        made = true;
    } else {
        VT_EQ(vos_task_set_priority(&wq.task, prio), VOS_OK);
    }
}

static void count_fn(vos_work_t *w, void *arg)
{
    (void)w;
    (void)arg;
    n_run++;
}

/* --- From a hardware interrupt ---------------------------------------------- */

static void submit_isr(void)
{
    n_isr++;
    int err = vos_workq_submit(&wq, &wa);
    if (err == VOS_OK)
        n_submit++;
    else if (err == VOS_ERR_STATE)
        n_refused++;
}

VT_TEST(items_from_a_hardware_interrupt)
{
    queue_at(VT_RUNNER_PRIO + 2);
    VT_EQ(vos_work_init(&wa, count_fn, NULL), VOS_OK);
    n_run = n_submit = n_refused = n_isr = 0;
    board_irq_start(0, 20011, 0x80, submit_isr);
    while (n_isr < 500)
        vos_sleep(vos_ms(1));
    board_irq_stop(0);
    VT_EQ(vos_workq_flush(&wq, vos_ms(10)), VOS_OK);
    /* The worker outranks the runner: every submission ran before the
     * next interrupt, none was refused, none lost. */
    VT_EQ(n_submit, n_isr);
    VT_EQ(n_refused, 0);
    VT_EQ(n_run, n_submit);
    VT_EQ(wq.done, n_run);
}

/* Below a busy runner the item stays pending: the handler's second submit
 * is refused and the item runs once. */
VT_TEST(pending_item_refused_from_an_interrupt)
{
    queue_at(VT_RUNNER_PRIO - 1);
    VT_EQ(vos_work_init(&wa, count_fn, NULL), VOS_OK);
    n_run = n_submit = n_refused = n_isr = 0;
    vt_run_in_isr(submit_isr);
    vt_run_in_isr(submit_isr);
    VT_EQ(n_submit, 1);
    VT_EQ(n_refused, 1);
    VT_EQ(n_run, 0);
    VT_EQ(vos_work_pending(&wa), 1);
    VT_EQ(vos_workq_flush(&wq, vos_ms(10)), VOS_OK);
    VT_EQ(n_run, 1);
    VT_EQ(vos_work_pending(&wa), 0);
}

/* --- Delayed ---------------------------------------------------------------- */

static void stamp_fn(vos_work_t *w, void *arg)
{
    (void)w;
    (void)arg;
    ran_at = vos_now();
    n_run++;
}

VT_TEST(delayed_item_on_the_kernel_timers)
{
    queue_at(VT_RUNNER_PRIO + 2);
    VT_EQ(vos_work_init(&wb, stamp_fn, NULL), VOS_OK);
    n_run = 0;
    uint64_t t0 = vos_now();
    VT_EQ(vos_workq_submit_after(&wq, &wb, vos_us(500)), VOS_OK);
    VT_EQ(vos_workq_submit(&wq, &wb), VOS_ERR_STATE);
    vos_sleep(vos_ms(2));
    VT_EQ(n_run, 1);
    uint64_t d = ran_at - t0;
    VT_ASSERT(d >= vos_dur_cycles(vos_us(500)));
    VT_LE(d, vos_dur_cycles(vos_us(500)) + 2000);   /* the alarm, a switch */
    /* Cancelled before its time: never runs, and the timer is free. */
    VT_EQ(vos_workq_submit_after(&wq, &wb, vos_us(300)), VOS_OK);
    VT_EQ(vos_workq_cancel(&wb), VOS_OK);
    vos_sleep(vos_ms(1));
    VT_EQ(n_run, 1);
    VT_EQ(vos_work_pending(&wb), 0);
    VT_EQ(vos_timer_active(&wb.timer), 0);
}

/* --- Exact cancel ------------------------------------------------------------- */

static void slow_fn(vos_work_t *w, void *arg)
{
    (void)w;
    (void)arg;
    vt_log('s');
    uint64_t end = vos_now() + vos_dur_cycles(vos_us(300));
    while (vos_now() < end) {
    }
    vt_log('e');
}

static void log_c(vos_work_t *w, void *arg)
{
    (void)w;
    (void)arg;
    vt_log('c');
}

static void canceller(void *arg)
{
    (void)arg;
    vos_sleep(vos_us(100));             /* the slow item is running */
    vt_log('x');
    VT_EQ(vos_workq_cancel(&wc), VOS_OK);
    VT_EQ(vos_workq_cancel(&wa), VOS_ERR_BUSY);
    VT_EQ(vos_workq_submit(&wq, &wa), VOS_OK);
    VT_EQ(vos_workq_cancel(&wa), VOS_ERR_BUSY);
    VT_EQ(vos_work_pending(&wa), 0);
}

VT_TEST(cancel_is_exact)
{
    queue_at(VT_RUNNER_PRIO + 1);
    vt_log_reset();
    VT_EQ(vos_work_init(&wa, slow_fn, NULL), VOS_OK);
    VT_EQ(vos_work_init(&wc, log_c, NULL), VOS_OK);
    vt_spawn(0, "cancel", canceller, NULL, VT_RUNNER_PRIO + 2);
    VT_EQ(vos_sched_lock(), VOS_OK);
    VT_EQ(vos_workq_submit(&wq, &wa), VOS_OK);   /* runs at the unlock */
    VT_EQ(vos_workq_submit(&wq, &wc), VOS_OK);   /* never: cancelled */
    VT_EQ(vos_sched_unlock(), VOS_OK);
    vt_join(1, 100);
    VT_EQ(vos_workq_flush(&wq, vos_ms(10)), VOS_OK);
    VT_ASSERT(vt_log_is("sxe"));
}

/* --- Self-resubmission --------------------------------------------------------- */

static volatile int rounds;

static void again_fn(vos_work_t *w, void *arg)
{
    (void)arg;
    vt_log('r');
    if (++rounds < 5)
        VT_EQ(vos_workq_submit(&wq, w), VOS_OK);
    VT_EQ(vos_workq_cancel(w), VOS_ERR_CONTEXT);
    VT_EQ(vos_workq_flush(&wq, VOS_NO_WAIT), VOS_ERR_DEADLOCK);
}

VT_TEST(item_resubmits_itself)
{
    queue_at(VT_RUNNER_PRIO - 1);
    vt_log_reset();
    rounds = 0;
    VT_EQ(vos_work_init(&wa, again_fn, NULL), VOS_OK);
    VT_EQ(vos_work_init(&wc, log_c, NULL), VOS_OK);
    VT_EQ(vos_workq_submit(&wq, &wa), VOS_OK);
    VT_EQ(vos_workq_submit(&wq, &wc), VOS_OK);
    VT_EQ(vos_workq_flush(&wq, vos_ms(10)), VOS_OK);   /* a and c, not the resubmissions */
    VT_ASSERT(vt_log_is("rc") || vt_log_is("rcr"));
    vos_sleep(vos_ms(1));
    VT_EQ(rounds, 5);
    VT_ASSERT(vt_log_is("rcrrrr"));
}

/* --- Misuse from a real interrupt ------------------------------------------------ */

static volatile int isr_cancel, isr_flush, isr_init;

static void misuse_isr(void)
{
    isr_cancel = vos_workq_cancel(&wa);
    isr_flush = vos_workq_flush(&wq, VOS_NO_WAIT);
    isr_init = vos_work_init(&wc, log_c, NULL);
}

VT_TEST(misuse)
{
    VT_EQ(vos_work_init(&wa, count_fn, NULL), VOS_OK);
    vt_run_in_isr(misuse_isr);
    VT_EQ(isr_cancel, VOS_ERR_CONTEXT);
    VT_EQ(isr_flush, VOS_ERR_CONTEXT);
    VT_EQ(isr_init, VOS_ERR_CONTEXT);
    VT_EQ(vos_workq_submit(NULL, &wa), VOS_ERR_INVALID);
    VT_EQ(vos_workq_submit(&wq, NULL), VOS_ERR_INVALID);
    VT_EQ(vos_workq_submit((vos_workq_t *)(void *)&wa, &wa), VOS_ERR_INVALID);
    VT_EQ(vos_workq_submit_after(&wq, &wa, VOS_FOREVER), VOS_ERR_ARG);
    VT_EQ(vos_workq_cancel(&wa), VOS_ERR_STATE);
    VT_EQ(vos_workq_flush(&wq, VOS_NO_WAIT), VOS_OK);
    VT_EQ(vos_workq_init(&wq, "again", 3, wq_stack, sizeof wq_stack), VOS_ERR_INVALID);
}
