/* SPDX-License-Identifier: MIT */
/*
 * Event flag groups: any/all/clear semantics for immediate and blocking
 * waits, several waiters released by one set (in priority order, with the
 * flags each saw), broadcast with clear, timeouts, deletion with waiters,
 * bad input and wrong context, the interrupt form from a real handler, and
 * a randomised run that checks after every set that no waiter is left
 * blocked whose condition the flags meet.
 */
#include "vtest.h"
#include "port.h"   /* arch_lock: a consistent look at flags and task states */


static uint32_t flags_of(const vos_event_t *e)
{
    uint32_t f = 0xBADu;
    VT_EQ(vos_event_get(e, &f), VOS_OK);
    return f;
}

/* --- Before the scheduler starts ------------------------------------------ */

static vos_event_t pre_e;
static int pre_r[8];
static uint32_t pre_got;

void vt_before_start(void)
{
    pre_r[0] = vos_event_init(&pre_e, 0x10);
    pre_r[1] = vos_event_set(&pre_e, 0x01);
    pre_r[2] = vos_event_wait(&pre_e, 0x11, VOS_EVENT_ALL | VOS_EVENT_CLEAR, VOS_FOREVER, &pre_got);
    pre_r[3] = vos_event_wait(&pre_e, 0x01, VOS_EVENT_ANY, vos_ms(1), NULL);
    pre_r[4] = vos_event_wait(&pre_e, 0x01, VOS_EVENT_ANY, VOS_NO_WAIT, NULL);
    pre_r[5] = vos_event_set_isr(&pre_e, 0x01);
    pre_r[6] = vos_event_clear(&pre_e, 0x01);
}

VT_TEST(before_start)
{
    VT_EQ(pre_r[0], VOS_OK);
    VT_EQ(pre_r[1], VOS_OK);
    VT_EQ(pre_r[2], VOS_OK);
    VT_EQ(pre_got, 0x11);
    VT_EQ(pre_r[3], VOS_ERR_CONTEXT);
    VT_EQ(pre_r[4], VOS_ERR_WOULD_BLOCK);
    VT_EQ(pre_r[5], VOS_ERR_CONTEXT);
    VT_EQ(pre_r[6], VOS_OK);
    VT_EQ(flags_of(&pre_e), 0);
    VT_EQ(vos_event_delete(&pre_e), VOS_OK);
}

/* --- Immediate semantics ---------------------------------------------------- */

VT_TEST(any_all_clear_without_waiting)
{
    vos_event_t e;
    uint32_t got = 0;
    VT_EQ(vos_event_init(&e, 0), VOS_OK);
    VT_EQ(vos_event_wait(&e, 0x1, VOS_EVENT_ANY, VOS_NO_WAIT, &got), VOS_ERR_WOULD_BLOCK);
    VT_EQ(got, 0);                                       /* not written on error */
    VT_EQ(vos_event_set(&e, 0x5), VOS_OK);
    VT_EQ(flags_of(&e), 0x5);
    VT_EQ(vos_event_wait(&e, 0x6, VOS_EVENT_ANY, VOS_NO_WAIT, &got), VOS_OK);
    VT_EQ(got, 0x5);
    VT_EQ(vos_event_wait(&e, 0x7, VOS_EVENT_ALL, VOS_NO_WAIT, &got), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_event_wait(&e, 0x5, VOS_EVENT_ALL, VOS_NO_WAIT, NULL), VOS_OK);
    VT_EQ(flags_of(&e), 0x5);                            /* no CLEAR: unchanged */
    VT_EQ(vos_event_wait(&e, 0x3, VOS_EVENT_ANY | VOS_EVENT_CLEAR, VOS_NO_WAIT, &got), VOS_OK);
    VT_EQ(got, 0x5);
    VT_EQ(flags_of(&e), 0x4);                            /* bits 0 and 1 cleared */
    VT_EQ(vos_event_set(&e, 0x80000001u), VOS_OK);
    VT_EQ(vos_event_wait(&e, 0x80000005u, VOS_EVENT_ALL | VOS_EVENT_CLEAR, VOS_NO_WAIT, &got),
          VOS_OK);
    VT_EQ(got, 0x80000005u);
    VT_EQ(flags_of(&e), 0);
    VT_EQ(vos_event_set(&e, 0xF0), VOS_OK);
    VT_EQ(vos_event_clear(&e, 0x30), VOS_OK);
    VT_EQ(flags_of(&e), 0xC0);
    VT_EQ(vos_event_delete(&e), VOS_OK);
}

/* --- Waiters ------------------------------------------------------------------ */

static vos_event_t ev;

struct waiter {
    uint32_t bits;
    unsigned options;
    vos_dur_t timeout;
    int err;
    uint32_t got;
};
static struct waiter wt[6];
static volatile int run_order[6], n_run;

static void waiter_task(void *arg)
{
    struct waiter *w = &wt[(uintptr_t)arg];
    w->got = 0xBADu;
    w->err = vos_event_wait(&ev, w->bits, w->options, w->timeout, &w->got);
    run_order[n_run++] = (int)(uintptr_t)arg;
}

static void start_waiter(int i, uint32_t bits, unsigned options, unsigned prio)
{
    wt[i] = (struct waiter){ .bits = bits, .options = options, .timeout = VOS_FOREVER, .err = 1 };
    vt_spawn(i, "w", waiter_task, (void *)(uintptr_t)i, prio);
    vos_sleep(vos_us(30));   /* a lower task gets to block */
    VT_EQ(vos_task_state(vt_task(i)), VOS_TASK_BLOCKED);
}

VT_TEST(several_waiters_any_all_clear)
{
    VT_EQ(vos_event_init(&ev, 0), VOS_OK);
    n_run = 0;
    start_waiter(0, 0x1, VOS_EVENT_ANY, 5);
    start_waiter(1, 0x3, VOS_EVENT_ALL, 6);
    start_waiter(2, 0x2, VOS_EVENT_ANY | VOS_EVENT_CLEAR, 8);
    start_waiter(3, 0x5, VOS_EVENT_ALL | VOS_EVENT_CLEAR, 7);

    VT_EQ(vos_event_set(&ev, 0x1), VOS_OK);        /* releases 0 only */
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_READY);
    for (int i = 1; i < 4; i++)
        VT_EQ(vos_task_state(vt_task(i)), VOS_TASK_BLOCKED);
    VT_EQ(flags_of(&ev), 0x1);

    VT_EQ(vos_event_set(&ev, 0x2), VOS_OK);        /* releases 1 and 2; 2 clears bit 1 */
    VT_EQ(vos_task_state(vt_task(1)), VOS_TASK_READY);
    VT_EQ(vos_task_state(vt_task(2)), VOS_TASK_READY);
    VT_EQ(vos_task_state(vt_task(3)), VOS_TASK_BLOCKED);
    VT_EQ(flags_of(&ev), 0x1);

    VT_EQ(vos_event_set(&ev, 0x4), VOS_OK);        /* releases 3, which clears 0 and 2 */
    VT_EQ(flags_of(&ev), 0x0);

    vt_join(4, 50);                                /* they run now, highest first */
    VT_EQ(n_run, 4);
    VT_EQ(run_order[0], 2);
    VT_EQ(run_order[1], 3);
    VT_EQ(run_order[2], 1);
    VT_EQ(run_order[3], 0);
    VT_EQ(wt[0].err, VOS_OK);
    VT_EQ(wt[0].got, 0x1);
    VT_EQ(wt[1].err, VOS_OK);
    VT_EQ(wt[1].got, 0x3);
    VT_EQ(wt[2].err, VOS_OK);
    VT_EQ(wt[2].got, 0x3);      /* saw the flags before the clear */
    VT_EQ(wt[3].err, VOS_OK);
    VT_EQ(wt[3].got, 0x5);
    VT_EQ(vos_event_delete(&ev), VOS_OK);
}

VT_TEST(broadcast_releases_every_waiter_of_a_flag)
{
    VT_EQ(vos_event_init(&ev, 0), VOS_OK);
    n_run = 0;
    start_waiter(0, 0x8, VOS_EVENT_ANY | VOS_EVENT_CLEAR, 4);
    start_waiter(1, 0x8, VOS_EVENT_ANY | VOS_EVENT_CLEAR, 9);
    start_waiter(2, 0x8, VOS_EVENT_ALL, 9);
    start_waiter(3, 0x18, VOS_EVENT_ALL, 12);      /* needs bit 4 too */
    VT_EQ(vos_event_set(&ev, 0x8), VOS_OK);
    VT_EQ(flags_of(&ev), 0);                       /* cleared once all were examined */
    VT_EQ(vos_task_state(vt_task(3)), VOS_TASK_BLOCKED);
    vt_join(3, 50);
    VT_EQ(run_order[0], 1);                        /* 9, FIFO among the two 9s, then 4 */
    VT_EQ(run_order[1], 2);
    VT_EQ(run_order[2], 0);
    for (int i = 0; i < 3; i++) {
        VT_EQ(wt[i].err, VOS_OK);
        VT_EQ(wt[i].got, 0x8);
    }
    VT_EQ(vos_event_set(&ev, 0x18), VOS_OK);
    vt_join(4, 50);
    VT_EQ(wt[3].got, 0x18);
    VT_EQ(flags_of(&ev), 0x18);
    VT_EQ(vos_event_delete(&ev), VOS_OK);
}

VT_TEST(higher_waiter_runs_before_set_returns)
{
    VT_EQ(vos_event_init(&ev, 0), VOS_OK);
    n_run = 0;
    wt[0] = (struct waiter){ .bits = 0x40, .options = VOS_EVENT_ANY, .timeout = VOS_FOREVER };
    vt_spawn(0, "hi", waiter_task, (void *)0, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    VT_EQ(vos_event_set(&ev, 0x41), VOS_OK);
    VT_EQ(n_run, 1);
    VT_EQ(wt[0].err, VOS_OK);
    VT_EQ(wt[0].got, 0x41);
    vt_join(1, 10);
    VT_EQ(vos_event_delete(&ev), VOS_OK);
}

VT_TEST(wait_timeout)
{
    VT_EQ(vos_event_init(&ev, 0x2), VOS_OK);
    uint32_t got = 0x77;
    vos_time_t t0 = vos_now();
    VT_EQ(vos_event_wait(&ev, 0x3, VOS_EVENT_ALL, vos_ms(1), &got), VOS_ERR_TIMEOUT);
    vos_time_t d = vos_now() - t0;
    VT_ASSERT(d >= vos_dur_cycles(vos_ms(1)));
    VT_LE(d, vos_dur_cycles(vos_ms(1)) + vos_dur_cycles(vos_us(20)));
    VT_EQ(got, 0x77);

    /* A waiter that timed out is gone: a later set releases nobody and
     * CLEAR is not applied for it. */
    n_run = 0;
    wt[0] = (struct waiter){ .bits = 0x1, .options = VOS_EVENT_ANY | VOS_EVENT_CLEAR,
                             .timeout = vos_us(100) };
    vt_spawn(0, "to", waiter_task, (void *)0, 5);
    vos_sleep(vos_us(300));
    VT_EQ(n_run, 1);
    VT_EQ(wt[0].err, VOS_ERR_TIMEOUT);
    VT_EQ(wt[0].got, 0xBADu);
    VT_EQ(vos_event_set(&ev, 0x1), VOS_OK);
    VT_EQ(flags_of(&ev), 0x3);
    vt_join(1, 10);
    VT_EQ(vos_event_delete(&ev), VOS_OK);
}

VT_TEST(delete_wakes_waiters)
{
    VT_EQ(vos_event_init(&ev, 0), VOS_OK);
    n_run = 0;
    start_waiter(0, 0x1, VOS_EVENT_ANY, 5);
    start_waiter(1, 0x3, VOS_EVENT_ALL | VOS_EVENT_CLEAR, 9);
    wt[2] = (struct waiter){ .bits = 0x1, .timeout = VOS_FOREVER, .err = 1 };
    vt_spawn(2, "hi", waiter_task, (void *)2, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_event_delete(&ev), VOS_OK);
    VT_EQ(n_run, 1);                               /* the higher one ran at once */
    vt_join(3, 10);
    for (int i = 0; i < 3; i++) {
        VT_EQ(wt[i].err, VOS_ERR_DELETED);
        VT_EQ(wt[i].got, 0xBADu);
    }
    uint32_t f;
    VT_EQ(vos_event_set(&ev, 1), VOS_ERR_INVALID);
    VT_EQ(vos_event_clear(&ev, 1), VOS_ERR_INVALID);
    VT_EQ(vos_event_get(&ev, &f), VOS_ERR_INVALID);
    VT_EQ(vos_event_wait(&ev, 1, VOS_EVENT_ANY, VOS_NO_WAIT, &f), VOS_ERR_INVALID);
    VT_EQ(vos_event_delete(&ev), VOS_ERR_INVALID);
}

/* --- Bad input and wrong context ---------------------------------------------- */

VT_TEST(bad_objects_and_arguments)
{
    vos_event_t zero = { 0 };
    vos_sem_t sem;
    VT_EQ(vos_sem_init(&sem, 1, 1), VOS_OK);
    vos_event_t *foreign = (vos_event_t *)(void *)&sem;
    vos_event_t *bad[] = { NULL, &zero, foreign };
    uint32_t f;
    for (unsigned i = 0; i < 3; i++) {
        VT_EQ(vos_event_set(bad[i], 1), VOS_ERR_INVALID);
        VT_EQ(vos_event_clear(bad[i], 1), VOS_ERR_INVALID);
        VT_EQ(vos_event_get(bad[i], &f), VOS_ERR_INVALID);
        VT_EQ(vos_event_wait(bad[i], 1, VOS_EVENT_ANY, VOS_FOREVER, &f), VOS_ERR_INVALID);
        VT_EQ(vos_event_delete(bad[i]), VOS_ERR_INVALID);
    }
    VT_EQ(vos_sem_count(&sem), 1);                  /* untouched */
    VT_EQ(vos_sem_delete(&sem), VOS_OK);
    VT_EQ(vos_event_init(NULL, 0), VOS_ERR_INVALID);

    VT_EQ(vos_event_init(&ev, 0x1), VOS_OK);
    VT_EQ(vos_event_wait(&ev, 0, VOS_EVENT_ANY, VOS_NO_WAIT, &f), VOS_ERR_ARG);
    VT_EQ(vos_event_wait(&ev, 1, 0x4, VOS_NO_WAIT, &f), VOS_ERR_ARG);
    VT_EQ(vos_event_get(&ev, NULL), VOS_ERR_ARG);
    VT_EQ(vos_event_set_isr(&ev, 0x2), VOS_ERR_CONTEXT);
    VT_EQ(flags_of(&ev), 0x1);
    VT_EQ(vos_event_delete(&ev), VOS_OK);
}

static int isr_r[8];
static uint32_t isr_f;

static void isr_calls(void)
{
    vos_event_t tmp;
    isr_r[0] = vos_event_wait(&ev, 0x1, VOS_EVENT_ANY, VOS_NO_WAIT, &isr_f);
    isr_r[1] = vos_event_wait(&ev, 0x1, VOS_EVENT_ANY, VOS_FOREVER, &isr_f);
    isr_r[2] = vos_event_set(&ev, 0x2);
    isr_r[3] = vos_event_delete(&ev);
    isr_r[4] = vos_event_init(&tmp, 0);
    isr_r[5] = vos_event_clear(&ev, 0x1);     /* any context */
    isr_r[6] = vos_event_get(&ev, &isr_f);    /* any context */
    isr_r[7] = vos_event_set_isr(&ev, 0x100); /* releases the waiter */
}

VT_TEST(interrupt_context)
{
    VT_EQ(vos_event_init(&ev, 0x1), VOS_OK);
    n_run = 0;
    wt[0] = (struct waiter){ .bits = 0x100, .options = VOS_EVENT_ANY, .timeout = VOS_FOREVER };
    vt_spawn(0, "hi", waiter_task, (void *)0, VT_RUNNER_PRIO + 1);
    vt_run_in_isr(isr_calls);
    VT_EQ(isr_r[0], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[1], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[2], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[3], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[4], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[5], VOS_OK);
    VT_EQ(isr_r[6], VOS_OK);
    VT_EQ(isr_f, 0);
    VT_EQ(isr_r[7], VOS_OK);
    VT_EQ(n_run, 1);                 /* ran as the handler returned */
    VT_EQ(wt[0].err, VOS_OK);
    VT_EQ(wt[0].got, 0x100);
    vt_join(1, 10);
    VT_EQ(vos_event_delete(&ev), VOS_OK);
}

/* --- Randomised consistency ------------------------------------------------------
 * Waiters of mixed priorities loop on random conditions with random
 * timeouts; a timer interrupt sets random flags; the runner, above them
 * all, sets and clears random flags and after every set checks that each
 * waiter still blocked has a condition the flags do not meet. Each
 * released waiter checks that the flags it got meet its condition. */

#define RW_TASKS 6
static volatile struct {
    uint32_t bits;
    unsigned options;
    bool waiting;
} rw[RW_TASKS];
static volatile int rw_bad, rw_rounds[RW_TASKS], rw_ok[RW_TASKS];
static volatile bool rw_stop;
static uint32_t rw_isr_rng = 0xACE1u;

static bool met(uint32_t f, uint32_t bits, unsigned options)
{
    return (options & VOS_EVENT_ALL) ? (f & bits) == bits : (f & bits) != 0;
}

static void rw_task(void *arg)
{
    int id = (int)(uintptr_t)arg;
    uint32_t s = 0x2545F491u * (uint32_t)(id + 1);
    while (!rw_stop) {
        uint32_t r = vt_rand(&s);
        uint32_t bits = (r & 0xFF) ? (r & 0xFF) : 0x10;
        unsigned options = (r >> 8) & 3;
        vos_dur_t timeout = (r >> 12) % 3 == 0 ? vos_us(20 + (r >> 24)) : vos_ms(2);
        rw[id].bits = bits;
        rw[id].options = options;
        rw[id].waiting = true;
        uint32_t got;
        int err = vos_event_wait(&ev, bits, options, timeout, &got);
        rw[id].waiting = false;
        if (err == VOS_OK) {
            if (!met(got, bits, options))
                rw_bad++;
            rw_ok[id]++;
        } else if (err != VOS_ERR_TIMEOUT) {
            rw_bad++;
        }
        rw_rounds[id]++;
    }
}

static void rw_isr(void)
{
    uint32_t r = vt_rand(&rw_isr_rng);
    if (vos_event_set_isr(&ev, (r & 0xFF) & (r >> 8)) != VOS_OK)
        rw_bad++;
}

VT_TEST(randomised_no_waiter_left_behind)
{
    static const unsigned prio[RW_TASKS] = { 3, 7, 7, 11, 15, 19 };
    VT_EQ(vos_event_init(&ev, 0), VOS_OK);
    rw_stop = false;
    rw_bad = 0;
    for (int i = 0; i < RW_TASKS; i++) {
        rw_rounds[i] = rw_ok[i] = 0;
        vt_spawn(i, "rw", rw_task, (void *)(uintptr_t)i, prio[i]);
    }
    board_irq_start(0, 25013, 0x80, rw_isr);
    uint32_t s = 0xBEEF1u;
    int checks = 0, left_behind = 0;
    for (int round = 0; round < 4000; round++) {
        uint32_t r = vt_rand(&s);
        if (r & 1) {
            VT_EQ(vos_event_set(&ev, (r >> 1) & (r >> 9) & 0xFF), VOS_OK);
            /* The waiters are all below the runner: the released ones are
             * READY, not yet run. With kernel interrupts masked (the timer
             * only releases more), every one still blocked must have a
             * condition the flags do not meet. */
            uint32_t key = arch_lock();
            uint32_t f = flags_of(&ev);
            for (int i = 0; i < RW_TASKS; i++) {
                if (vos_task_state(vt_task(i)) != VOS_TASK_BLOCKED)
                    continue;
                checks++;
                if (met(f, rw[i].bits, rw[i].options))
                    left_behind++;
            }
            arch_unlock(key);
        } else {
            VT_EQ(vos_event_clear(&ev, (r >> 1) & 0xFF), VOS_OK);
        }
        if ((r >> 20) & 1)
            vos_sleep(vos_us((r >> 24) & 15));
    }
    board_irq_stop(0);
    rw_stop = true;
    VT_EQ(vos_event_set(&ev, 0xFF), VOS_OK);
    vt_join(RW_TASKS, 50);
    VT_EQ(rw_bad, 0);
    VT_EQ(left_behind, 0);
    VT_ASSERT(checks > 1000);
    int released = 0, rounds = 0;
    for (int i = 0; i < RW_TASKS; i++) {
        VT_ASSERT(rw_ok[i] > 0);
        released += rw_ok[i];
        rounds += rw_rounds[i];
    }
    vt_note("%d waits, %d released by a set, %d blocked waiters checked\n", rounds, released,
            checks);
    VT_EQ(vos_event_delete(&ev), VOS_OK);
}
