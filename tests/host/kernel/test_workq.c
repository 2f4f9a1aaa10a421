/* SPDX-License-Identifier: MIT */
/*
 * Work queues on the host port: items run in submission order at the
 * worker's priority; submit from a task and from an interrupt; delayed
 * items at their exact time on the kernel's timers; exact cancel (a
 * cancelled item never starts; a running one finishes and is reported
 * with VOS_ERR_BUSY); flush; an item that resubmits itself; every misuse
 * refused with its own code and nothing changed.
 */
#include "harness.h"
#include "kernel.h"

static uint64_t wq_stack[T_STACK / 8];
static uint64_t wq2_stack[T_STACK / 8];
static vos_workq_t wq, wq2;
static vos_work_t wa, wb, wc;

static void log_fn(vos_work_t *w, void *arg)
{
    (void)w;
    t_log("%s@%llu", (const char *)arg, (unsigned long long)vos_now());
}

static void queue_at(unsigned prio)
{
    memset(&wq, 0, sizeof wq);
    CHECK_EQ(vos_workq_init(&wq, "wq", prio, wq_stack, sizeof wq_stack), VOS_OK);
    t_watch_task(&wq.task);
}

/* --- Order and priority ---------------------------------------------------- */

static void order_main(void *arg)
{
    (void)arg;
    queue_at(3);                   /* below the caller: runs when it sleeps */
    CHECK_EQ(vos_work_init(&wa, log_fn, "a"), VOS_OK);
    CHECK_EQ(vos_work_init(&wb, log_fn, "b"), VOS_OK);
    CHECK_EQ(vos_work_init(&wc, log_fn, "c"), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wb), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wc), VOS_OK);
    CHECK_EQ(vos_work_pending(&wa), 1);
    t_log("submitted");
    vos_sleep_until(100);
    CHECK_EQ(vos_work_pending(&wa), 0);
    CHECK_EQ(wq.done, 3);
    /* Raised above the caller, the worker runs each item before the
     * submit returns. */
    CHECK_EQ(vos_task_set_priority(&wq.task, 8), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_OK);
    t_log("after");
    CHECK_INV();
}

static void case_order_and_priority(void)
{
    CHECK_EQ(t_run(order_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("submitted b@0 a@0 c@0 a@100 after");
}

/* --- From an interrupt ------------------------------------------------------- */

static void submit_isr(void)
{
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_ERR_STATE);   /* already queued */
    t_log("isr");
}

static void isr_main(void *arg)
{
    (void)arg;
    queue_at(8);
    CHECK_EQ(vos_work_init(&wa, log_fn, "a"), VOS_OK);
    vos_sleep_until(40);
    host_irq(submit_isr);          /* the item runs as the handler returns */
    t_log("back");
    CHECK_INV();
}

static void case_submit_from_an_interrupt(void)
{
    CHECK_EQ(t_run(isr_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("isr a@40 back");
}

/* --- Delayed items ----------------------------------------------------------- */

static void delayed_main(void *arg)
{
    (void)arg;
    queue_at(8);
    CHECK_EQ(vos_work_init(&wa, log_fn, "a"), VOS_OK);
    CHECK_EQ(vos_work_init(&wb, log_fn, "b"), VOS_OK);
    CHECK_EQ(vos_workq_submit_after(&wq, &wa, vos_cycles(100)), VOS_OK);
    CHECK_EQ(vos_workq_submit_after(&wq, &wb, vos_cycles(150)), VOS_OK);
    CHECK_EQ(vos_work_pending(&wb), 1);
    CHECK_EQ(vos_workq_submit(&wq, &wb), VOS_ERR_STATE);    /* delayed: pending */
    vos_sleep_until(120);
    CHECK_EQ(vos_workq_cancel(&wb), VOS_OK);                /* before its timer */
    CHECK_EQ(vos_work_pending(&wb), 0);
    CHECK_EQ(vos_workq_cancel(&wb), VOS_ERR_STATE);
    vos_sleep_until(400);
    /* Again, to a second queue, after the cancel: the item is free. */
    memset(&wq2, 0, sizeof wq2);
    CHECK_EQ(vos_workq_init(&wq2, "wq2", 7, wq2_stack, sizeof wq2_stack), VOS_OK);
    t_watch_task(&wq2.task);
    CHECK_EQ(vos_workq_submit_after(&wq2, &wb, vos_cycles(50)), VOS_OK);
    vos_sleep_until(1000);
    CHECK_INV();
}

static void case_delayed_items(void)
{
    CHECK_EQ(t_run(delayed_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("a@100 b@450");
}

/* --- Exact cancel --------------------------------------------------------------- */

static void slow_fn(vos_work_t *w, void *arg)
{
    (void)w;
    t_log("%s+%llu", (const char *)arg, (unsigned long long)vos_now());
    host_advance(100);
    t_log("%s-%llu", (const char *)arg, (unsigned long long)vos_now());
}

/* Preempts the slow item in its middle. */
static void canceller(void *arg)
{
    (void)arg;
    vos_sleep_until(50);
    CHECK_EQ(vos_workq_cancel(&wc), VOS_OK);       /* queued behind it: never starts */
    CHECK_EQ(vos_workq_cancel(&wa), VOS_ERR_BUSY); /* running: finishes */
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_OK);  /* running is not pending */
    CHECK_EQ(vos_workq_cancel(&wa), VOS_ERR_BUSY); /* that submission removed, still BUSY */
    CHECK_EQ(vos_work_pending(&wa), 0);
    t_log("cancelled@%llu", (unsigned long long)vos_now());
}

static void cancel_main(void *arg)
{
    (void)arg;
    queue_at(4);
    CHECK_EQ(vos_work_init(&wa, slow_fn, "a"), VOS_OK);
    CHECK_EQ(vos_work_init(&wc, log_fn, "c"), VOS_OK);
    CHECK_EQ(vos_workq_cancel(&wa), VOS_ERR_STATE);   /* idle */
    t_task("canceller", canceller, NULL, 6);
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wc), VOS_OK);
    vos_sleep_until(500);
    CHECK_EQ(vos_workq_cancel(&wa), VOS_ERR_STATE);   /* done */
    CHECK_EQ(wq.done, 1);
    CHECK_INV();
}

static void case_cancel_is_exact(void)
{
    CHECK_EQ(t_run(cancel_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("a+0 cancelled@50 a-100");
}

/* --- Self-resubmission; cancel from the item itself --------------------------- */

static int rounds;

static void again_fn(vos_work_t *w, void *arg)
{
    (void)arg;
    t_log("r%d", rounds);
    if (++rounds < 3)
        CHECK_EQ(vos_workq_submit(&wq, w), VOS_OK);
    /* A cancel from its own function is refused and changes nothing: the
     * resubmission stays. */
    CHECK_EQ(vos_workq_cancel(w), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_work_pending(w), rounds < 3 ? 1 : 0);
    CHECK_EQ(vos_workq_flush(&wq, VOS_FOREVER), VOS_ERR_DEADLOCK);
}

static void resubmit_main(void *arg)
{
    (void)arg;
    queue_at(3);
    rounds = 0;
    CHECK_EQ(vos_work_init(&wa, again_fn, NULL), VOS_OK);
    CHECK_EQ(vos_work_init(&wb, log_fn, "b"), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wb), VOS_OK);
    vos_sleep_until(10);
    CHECK_EQ(rounds, 3);
    CHECK_INV();
}

static void case_item_resubmits_itself(void)
{
    CHECK_EQ(t_run(resubmit_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("r0 b@0 r1 r2");    /* the resubmission queues behind b */
}

/* --- Flush ------------------------------------------------------------------------ */

static void flush_main(void *arg)
{
    (void)arg;
    queue_at(3);                  /* below the caller */
    CHECK_EQ(vos_work_init(&wa, slow_fn, "a"), VOS_OK);
    CHECK_EQ(vos_work_init(&wb, slow_fn, "b"), VOS_OK);
    CHECK_EQ(vos_workq_flush(&wq, VOS_NO_WAIT), VOS_OK);   /* nothing queued */
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wb), VOS_OK);
    CHECK_EQ(vos_workq_flush(&wq, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_workq_flush(&wq, vos_cycles(150)), VOS_ERR_TIMEOUT);
    t_log("timeout@%llu", (unsigned long long)vos_now());
    CHECK_EQ(vos_workq_flush(&wq, VOS_FOREVER), VOS_OK);
    t_log("flushed@%llu", (unsigned long long)vos_now());
    /* A self-resubmitting item does not hold a flush for ever: the flush
     * waits for the submission made before it only. */
    rounds = 0;
    CHECK_EQ(vos_work_init(&wc, again_fn, NULL), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wc), VOS_OK);
    CHECK_EQ(vos_workq_flush(&wq, VOS_FOREVER), VOS_OK);
    t_log("flushed2:%d", rounds);
    CHECK_INV();
}

static void case_flush(void)
{
    CHECK_EQ(t_run(flush_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("a+0 a-100 b+100 timeout@150 b-200 flushed@200 r0 flushed2:1 r1 r2");
}

/* --- Misuse ------------------------------------------------------------------------ */

static vos_sem_t not_a_queue;

static void ctx_isr(void)
{
    CHECK_EQ(vos_workq_cancel(&wa), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_workq_flush(&wq, VOS_NO_WAIT), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_work_init(&wb, log_fn, NULL), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_workq_init(&wq2, "x", 3, wq2_stack, sizeof wq2_stack), VOS_ERR_CONTEXT);
    t_log("isr");
}

static void above_isr(void)
{
    CHECK_EQ(vos_workq_submit(&wq, &wb), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_workq_submit_after(&wq, &wb, vos_cycles(5)), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_work_pending(&wb), VOS_ERR_CONTEXT);
    t_log("above");
}

static void misuse_main(void *arg)
{
    (void)arg;
    queue_at(3);
    CHECK_EQ(vos_sem_init(&not_a_queue, 0, 1), VOS_OK);
    vos_workq_t *foreign_q = (vos_workq_t *)(void *)&not_a_queue;
    vos_work_t *foreign_w = (vos_work_t *)(void *)&not_a_queue;
    vos_task_t *out;

    CHECK_EQ(vos_work_init(NULL, log_fn, NULL), VOS_ERR_INVALID);
    CHECK_EQ(vos_work_init(&wa, NULL, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_work_init(&wa, log_fn, "a"), VOS_OK);
    CHECK_EQ(vos_work_init(&wb, log_fn, "b"), VOS_OK);
    CHECK_EQ(vos_workq_init(NULL, "x", 3, wq2_stack, sizeof wq2_stack), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_init(&wq, "x", 3, wq2_stack, sizeof wq2_stack), VOS_ERR_INVALID);
    memset(&wq2, 0, sizeof wq2);
    CHECK_EQ(vos_workq_init(&wq2, "x", 3, NULL, sizeof wq2_stack), VOS_ERR_ARG);
    CHECK_EQ(vos_workq_init(&wq2, "x", VOS_PRIO_MAX + 1, wq2_stack, sizeof wq2_stack),
             VOS_ERR_ARG);
    CHECK_EQ(vos_workq_init(&wq2, "x", 3, wq2_stack, 16), VOS_ERR_ARG);
    CHECK_EQ(vos_workq_submit(&wq2, &wa), VOS_ERR_INVALID);   /* its init failed */
    CHECK_EQ(vos_workq_submit(NULL, &wa), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_submit(&wq, NULL), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_submit(foreign_q, &wa), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_submit(&wq, foreign_w), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_submit_after(foreign_q, &wa, vos_cycles(1)), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_submit_after(&wq, &wa, VOS_FOREVER), VOS_ERR_ARG);
    CHECK_EQ(vos_workq_submit_after(&wq, &wa, VOS_DUR_MAX), VOS_ERR_ARG);
    CHECK_EQ(vos_workq_cancel(NULL), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_cancel(foreign_w), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_flush(NULL, VOS_NO_WAIT), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_flush(foreign_q, VOS_NO_WAIT), VOS_ERR_INVALID);
    CHECK_EQ(vos_work_pending(foreign_w), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_task(foreign_q, &out), VOS_ERR_INVALID);
    CHECK_EQ(vos_workq_task(&wq, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_workq_task(&wq, &out), VOS_OK);
    CHECK(out == &wq.task);
    CHECK_EQ(vos_sem_count(&not_a_queue), 0);      /* the foreign object untouched */
    CHECK_EQ(not_a_queue.tag, VOS_TAG_SEM);

    /* Submitted twice: refused, the one submission stays (runs once). */
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_ERR_STATE);
    CHECK_EQ(vos_workq_submit_after(&wq, &wa, vos_cycles(10)), VOS_ERR_STATE);
    CHECK_EQ(vos_work_init(&wa, log_fn, "z"), VOS_ERR_INVALID);   /* pending */
    memset(&wq2, 0, sizeof wq2);
    CHECK_EQ(vos_workq_init(&wq2, "wq2", 2, wq2_stack, sizeof wq2_stack), VOS_OK);
    t_watch_task(&wq2.task);
    CHECK_EQ(vos_workq_submit(&wq2, &wa), VOS_ERR_STATE);        /* pending on wq */
    CHECK_EQ(vos_workq_submit_after(&wq, &wb, vos_cycles(10)), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq2, &wb), VOS_ERR_STATE);        /* delayed on wq */
    host_irq(ctx_isr);
    host_irq_above(above_isr);
    CHECK_EQ(vos_workq_flush(&wq, VOS_FOREVER), VOS_OK);
    vos_sleep_until(100);
    CHECK_EQ(wq.done, 2);
    CHECK_EQ(wq2.done, 0);
    CHECK(wq.head == NULL && wq.tail == NULL && wq2.head == NULL);
    CHECK_INV();
}

static void case_misuse(void)
{
    CHECK_EQ(t_run(misuse_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("isr above a@0 b@10");
}

/* The scheduler locked: flush cannot block. */
static void locked_main(void *arg)
{
    (void)arg;
    queue_at(3);
    CHECK_EQ(vos_work_init(&wa, log_fn, "a"), VOS_OK);
    CHECK_EQ(vos_workq_submit(&wq, &wa), VOS_OK);
    CHECK_EQ(vos_sched_lock(), VOS_OK);
    CHECK_EQ(vos_workq_flush(&wq, VOS_FOREVER), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sched_unlock(), VOS_OK);
    CHECK_EQ(vos_workq_flush(&wq, VOS_FOREVER), VOS_OK);
    CHECK_INV();
}

static void case_flush_with_scheduler_locked(void)
{
    CHECK_EQ(t_run(locked_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("a@0");
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"order_and_priority", case_order_and_priority},
        {"submit_from_an_interrupt", case_submit_from_an_interrupt},
        {"delayed_items", case_delayed_items},
        {"cancel_is_exact", case_cancel_is_exact},
        {"item_resubmits_itself", case_item_resubmits_itself},
        {"flush", case_flush},
        {"misuse", case_misuse},
        {"flush_with_scheduler_locked", case_flush_with_scheduler_locked},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
