/* SPDX-License-Identifier: MIT */
/*
 * Direct task notifications: counting give/take (decrement and clear),
 * flag set/wait with clear masks, release and switch to a higher waiter,
 * timeouts (and a give that lands after the timeout), suspended waiters,
 * bad input and wrong context, the interrupt forms from a real handler,
 * a randomised give/take run against timeouts with nothing lost, and the
 * path lengths.
 */
#include "vtest.h"


/* Take everything pending on the caller, so a case starts from zero. */
static void drain(void)
{
    while (vos_notify_take(true, VOS_NO_WAIT, NULL) == VOS_OK)
        ;
}

/* --- Before the scheduler starts ------------------------------------------ */

static int pre_r[6];
static volatile int pre_take_err;
static volatile uint32_t pre_take_value;

static void pre_task(void *arg)
{
    (void)arg;
    uint32_t v = 0;
    pre_take_err = vos_notify_take(false, VOS_NO_WAIT, &v);
    pre_take_value = v;
}

void vt_before_start(void)
{
    vos_task_t *t = vt_spawn(0, "pre", pre_task, NULL, 5);
    pre_r[0] = vos_notify_give(t);
    pre_r[1] = vos_notify_give(t);
    pre_r[2] = vos_notify_take(false, VOS_NO_WAIT, NULL);   /* no caller task yet */
    pre_r[3] = vos_notify_wait(1, 0, VOS_NO_WAIT, NULL);
    pre_r[4] = vos_notify_give_isr(t);
    pre_r[5] = vos_notify_set(t, 0x100);
}

VT_TEST(before_start)
{
    VT_EQ(pre_r[0], VOS_OK);
    VT_EQ(pre_r[1], VOS_OK);
    VT_EQ(pre_r[2], VOS_ERR_CONTEXT);
    VT_EQ(pre_r[3], VOS_ERR_CONTEXT);
    VT_EQ(pre_r[4], VOS_ERR_CONTEXT);
    VT_EQ(pre_r[5], VOS_OK);
    vt_join(1, 10);
    VT_EQ(pre_take_err, VOS_OK);
    VT_EQ(pre_take_value, 0x102);   /* two gives and a flag, made before start */
}

/* --- Counting ------------------------------------------------------------------ */

VT_TEST(give_take_counting)
{
    vos_task_t *me = vos_self();
    uint32_t v = 0;
    drain();
    VT_EQ(vos_notify_take(false, VOS_NO_WAIT, &v), VOS_ERR_WOULD_BLOCK);
    VT_EQ(v, 0);                                    /* not written on error */
    for (int i = 0; i < 3; i++)
        VT_EQ(vos_notify_give(me), VOS_OK);
    VT_EQ(vos_notify_take(false, VOS_NO_WAIT, &v), VOS_OK);
    VT_EQ(v, 3);
    VT_EQ(vos_notify_take(false, VOS_FOREVER, &v), VOS_OK);
    VT_EQ(v, 2);
    VT_EQ(vos_notify_give(me), VOS_OK);
    VT_EQ(vos_notify_take(true, VOS_NO_WAIT, &v), VOS_OK);   /* clear: takes all */
    VT_EQ(v, 2);
    VT_EQ(vos_notify_take(true, VOS_NO_WAIT, NULL), VOS_ERR_WOULD_BLOCK);
}

static volatile int w_err[4], w_done;
static volatile uint32_t w_value[4];
static volatile bool w_clear[4];
static volatile vos_dur_t w_timeout[4];

static void taker(void *arg)
{
    int id = (int)(uintptr_t)arg;
    uint32_t v = 0xBADu;
    w_err[id] = vos_notify_take(w_clear[id], w_timeout[id], &v);
    w_value[id] = v;
    w_done++;
}

static void start_taker(int id, bool clear, vos_dur_t timeout, unsigned prio)
{
    w_clear[id] = clear;
    w_timeout[id] = timeout;
    w_err[id] = 1;
    w_value[id] = 0;
    vt_spawn(id, "take", taker, (void *)(uintptr_t)id, prio);
}

VT_TEST(give_releases_higher_taker_at_once)
{
    w_done = 0;
    start_taker(0, false, VOS_FOREVER, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    VT_EQ(vos_notify_give(vt_task(0)), VOS_OK);
    VT_EQ(w_done, 1);                 /* ran before give returned */
    VT_EQ(w_err[0], VOS_OK);
    VT_EQ(w_value[0], 1);
    vt_join(1, 10);
}

static volatile uint32_t after_value;
static volatile int after_err;

static void taker_twice(void *arg)
{
    (void)arg;
    uint32_t v = 0;
    w_err[0] = vos_notify_take(false, VOS_FOREVER, &v);
    w_value[0] = v;
    after_err = vos_notify_take(false, VOS_NO_WAIT, &v);
    after_value = v;
}

VT_TEST(gives_to_a_lower_taker_are_counted)
{
    vt_spawn(0, "take2", taker_twice, NULL, 5);
    vos_sleep(vos_us(30));
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    VT_EQ(vos_notify_give(vt_task(0)), VOS_OK);   /* releases it: 1 taken, 0 left */
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_READY);
    VT_EQ(vos_notify_give(vt_task(0)), VOS_OK);   /* counted */
    VT_EQ(vos_notify_give(vt_task(0)), VOS_OK);   /* counted */
    vt_join(1, 10);
    VT_EQ(w_err[0], VOS_OK);
    VT_EQ(w_value[0], 1);
    VT_EQ(after_err, VOS_OK);
    VT_EQ(after_value, 2);
}

VT_TEST(take_clear_on_release)
{
    w_done = 0;
    start_taker(0, true, VOS_FOREVER, 5);
    vos_sleep(vos_us(30));
    VT_EQ(vos_notify_give(vt_task(0)), VOS_OK);
    VT_EQ(vos_notify_give(vt_task(0)), VOS_OK);   /* after the release: counted */
    vt_join(1, 10);
    VT_EQ(w_err[0], VOS_OK);
    VT_EQ(w_value[0], 1);
}

static void taker_then_poll(void *arg)
{
    (void)arg;
    uint32_t v = 0xBADu;
    w_err[0] = vos_notify_take(false, vos_us(50), &v);
    w_value[0] = v;
    after_err = vos_notify_take(false, VOS_NO_WAIT, &v);
    after_value = v;
}

VT_TEST(take_timeouts)
{
    drain();
    vos_time_t t0 = vos_now();
    VT_EQ(vos_notify_take(false, vos_ms(1), NULL), VOS_ERR_TIMEOUT);
    vos_time_t d = vos_now() - t0;
    VT_ASSERT(d >= vos_dur_cycles(vos_ms(1)));
    VT_LE(d, vos_dur_cycles(vos_ms(1)) + vos_dur_cycles(vos_us(20)));

    /* A give that lands after the timeout but before the timed-out task
     * ran: the task still reports the timeout and the give stays counted. */
    vt_spawn(0, "tpoll", taker_then_poll, NULL, 5);
    vos_sleep(vos_us(20));                          /* it blocks */
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    vos_time_t until = vos_now() + vos_dur_cycles(vos_us(100));
    while (vos_now() < until)                       /* busy: it times out, cannot run */
        ;
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_READY);
    VT_EQ(vos_notify_give(vt_task(0)), VOS_OK);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_READY);
    vt_join(1, 10);
    VT_EQ(w_err[0], VOS_ERR_TIMEOUT);
    VT_EQ(w_value[0], 0xBADu);
    VT_EQ(after_err, VOS_OK);
    VT_EQ(after_value, 1);
}

VT_TEST(suspended_taker_keeps_its_release)
{
    w_done = 0;
    start_taker(0, false, VOS_FOREVER, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_task_suspend(vt_task(0)), VOS_OK);
    VT_EQ(vos_notify_give(vt_task(0)), VOS_OK);
    VT_EQ(w_done, 0);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_SUSPENDED);
    VT_EQ(vos_task_resume(vt_task(0)), VOS_OK);
    VT_EQ(w_done, 1);
    VT_EQ(w_err[0], VOS_OK);
    VT_EQ(w_value[0], 1);
    vt_join(1, 10);
}

/* --- Flags ------------------------------------------------------------------------ */

static volatile uint32_t f_bits, f_clear, f_got;
static volatile int f_err, f_done;

static void flag_waiter(void *arg)
{
    (void)arg;
    uint32_t got = 0xBADu;
    f_err = vos_notify_wait(f_bits, f_clear, VOS_FOREVER, &got);
    f_got = got;
    f_done++;
    /* What is left after the exit action. */
    f_err = f_err == VOS_OK ? vos_notify_wait(~0u, ~0u, VOS_NO_WAIT, &got) : f_err;
    if (f_err == VOS_OK)
        f_got = f_got << 16 | got;   /* before << 16 | rest (both fit 16 bits here) */
}

VT_TEST(flags_set_and_wait)
{
    vos_task_t *me = vos_self();
    uint32_t got = 0;
    drain();
    VT_EQ(vos_notify_wait(0x1, 0, VOS_NO_WAIT, &got), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_notify_set(me, 0x6), VOS_OK);
    VT_EQ(vos_notify_wait(0x1, 0, VOS_NO_WAIT, &got), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_notify_wait(0x3, 0x2, VOS_NO_WAIT, &got), VOS_OK);
    VT_EQ(got, 0x6);
    VT_EQ(vos_notify_wait(0x6, 0, VOS_NO_WAIT, &got), VOS_OK);   /* 0x2 was cleared */
    VT_EQ(got, 0x4);
    VT_EQ(vos_notify_wait(0x4, ~0u, VOS_NO_WAIT, NULL), VOS_OK);
    VT_EQ(vos_notify_wait(~0u, 0, VOS_NO_WAIT, NULL), VOS_ERR_WOULD_BLOCK);
    got = 0x55;
    VT_EQ(vos_notify_set(me, 0x8), VOS_OK);
    vos_time_t t0 = vos_now();
    VT_EQ(vos_notify_wait(0x1000, 0, vos_us(100), &got), VOS_ERR_TIMEOUT);
    VT_ASSERT(vos_now() - t0 >= vos_dur_cycles(vos_us(100)));
    VT_EQ(got, 0x55);                                  /* not written on error */
    VT_EQ(vos_notify_wait(0x8, 0x8, VOS_NO_WAIT, &got), VOS_OK);   /* still there */
    VT_EQ(got, 0x8);

    /* A lower waiter for flag 0x10, clearing 0x30 on exit. */
    f_bits = 0x10;
    f_clear = 0x30;
    f_done = 0;
    vt_spawn(0, "fw", flag_waiter, NULL, 5);
    vos_sleep(vos_us(30));
    VT_EQ(vos_notify_set(vt_task(0), 0x21), VOS_OK);   /* not its flag */
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_BLOCKED);
    VT_EQ(vos_notify_set(vt_task(0), 0x10), VOS_OK);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_READY);
    vt_join(1, 10);
    VT_EQ(f_done, 1);
    VT_EQ(f_err, VOS_OK);
    VT_EQ(f_got, 0x31u << 16 | 0x01u);                 /* saw 0x31; 0x01 left */
}

VT_TEST(give_releases_a_flag_waiter_and_set_a_taker)
{
    /* The two raises release either kind of wait when the value meets
     * its condition. */
    f_bits = 0x1;
    f_clear = 0x1;
    f_done = 0;
    vt_spawn(0, "fw", flag_waiter, NULL, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_notify_give(vt_task(0)), VOS_OK);        /* value 1: bit 0 */
    VT_EQ(f_done, 1);
    VT_EQ(f_err, VOS_ERR_WOULD_BLOCK);                 /* nothing left after the clear */
    vt_join(1, 10);

    w_done = 0;
    start_taker(0, false, VOS_FOREVER, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_notify_set(vt_task(0), 0x80), VOS_OK);
    VT_EQ(w_done, 1);
    VT_EQ(w_value[0], 0x80);
    vt_join(1, 10);
}

/* --- Bad input and wrong context ----------------------------------------------------- */

static void quick_exit(void *arg)
{
    (void)arg;
}

VT_TEST(bad_targets_and_arguments)
{
    vos_task_t zero = { 0 };
    vos_sem_t sem;
    VT_EQ(vos_sem_init(&sem, 0, 1), VOS_OK);
    vos_task_t *foreign = (vos_task_t *)(void *)&sem;
    VT_EQ(vos_notify_give(NULL), VOS_ERR_INVALID);
    VT_EQ(vos_notify_give(&zero), VOS_ERR_INVALID);
    VT_EQ(vos_notify_give(foreign), VOS_ERR_INVALID);
    VT_EQ(vos_notify_set(NULL, 1), VOS_ERR_INVALID);
    VT_EQ(vos_notify_set(&zero, 1), VOS_ERR_INVALID);
    VT_EQ(vos_sem_count(&sem), 0);
    VT_EQ(vos_sem_delete(&sem), VOS_OK);

    vt_spawn(0, "quick", quick_exit, NULL, VT_RUNNER_PRIO + 1);
    VT_EQ(vos_task_state(vt_task(0)), VOS_TASK_EXITED);
    VT_EQ(vos_notify_give(vt_task(0)), VOS_ERR_STATE);
    VT_EQ(vos_notify_set(vt_task(0), 1), VOS_ERR_STATE);
    vt_join(1, 10);

    vos_task_t *me = vos_self();
    VT_EQ(vos_notify_set(me, 0), VOS_ERR_ARG);
    VT_EQ(vos_notify_wait(0, 0, VOS_NO_WAIT, NULL), VOS_ERR_ARG);
    VT_EQ(vos_notify_give_isr(me), VOS_ERR_CONTEXT);
    VT_EQ(vos_notify_set_isr(me, 1), VOS_ERR_CONTEXT);

    /* Overflow: the count stays at its maximum. */
    drain();
    VT_EQ(vos_notify_set(me, ~0u), VOS_OK);
    VT_EQ(vos_notify_give(me), VOS_ERR_OVERFLOW);
    uint32_t v = 0;
    VT_EQ(vos_notify_take(false, VOS_NO_WAIT, &v), VOS_OK);
    VT_EQ(v, ~0u);
    VT_EQ(vos_notify_take(true, VOS_NO_WAIT, &v), VOS_OK);
    VT_EQ(v, ~0u - 1);
}

static int isr_r[8];
static vos_task_t *isr_target;

static void isr_calls(void)
{
    isr_r[0] = vos_notify_take(false, VOS_NO_WAIT, NULL);
    isr_r[1] = vos_notify_wait(1, 0, VOS_FOREVER, NULL);
    isr_r[2] = vos_notify_give(isr_target);
    isr_r[3] = vos_notify_set(isr_target, 1);
    isr_r[4] = vos_notify_give_isr(NULL);
    isr_r[5] = vos_notify_set_isr(isr_target, 0);
    isr_r[6] = vos_notify_give_isr(isr_target);     /* releases the taker */
    isr_r[7] = w_done;                              /* not before the handler returns */
}

VT_TEST(interrupt_forms_from_a_handler)
{
    w_done = 0;
    start_taker(0, false, VOS_FOREVER, VT_RUNNER_PRIO + 1);
    isr_target = vt_task(0);
    vt_run_in_isr(isr_calls);
    VT_EQ(isr_r[0], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[1], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[2], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[3], VOS_ERR_CONTEXT);
    VT_EQ(isr_r[4], VOS_ERR_INVALID);
    VT_EQ(isr_r[5], VOS_ERR_ARG);
    VT_EQ(isr_r[6], VOS_OK);
    VT_EQ(isr_r[7], 0);
    VT_EQ(w_done, 1);
    VT_EQ(w_value[0], 1);
    vt_join(1, 10);
}

/* --- Randomised: interrupts and a task give, a consumer takes with random
 * timeouts and modes; nothing is lost or invented. ------------------------------ */

static volatile uint32_t rz_given, rz_isr_given, rz_taken;
static volatile int rz_bad, rz_timeouts;
static volatile bool rz_stop;
static vos_task_t *rz_consumer;
static uint32_t rz_isr_rng = 0x7777u;

static void rz_consume(void *arg)
{
    (void)arg;
    uint32_t s = 0x1F123BB5u;
    for (;;) {
        uint32_t r = vt_rand(&s);
        vos_dur_t timeout = (r & 3) == 0 ? VOS_NO_WAIT : vos_us(1 + ((r >> 4) & 63));
        uint32_t v = 0;
        int err = vos_notify_take((r & 0x100) != 0, timeout, &v);
        if (err == VOS_OK) {
            if (v == 0)
                rz_bad++;
            rz_taken += (r & 0x100) ? v : 1;
        } else if (err == VOS_ERR_TIMEOUT || err == VOS_ERR_WOULD_BLOCK) {
            rz_timeouts++;
            if (rz_stop)
                return;
        } else {
            rz_bad++;
        }
    }
}

static void rz_isr(void)
{
    uint32_t r = vt_rand(&rz_isr_rng);
    int n = (int)(r & 3);
    for (int i = 0; i < n; i++) {
        if (vos_notify_give_isr(rz_consumer) == VOS_OK)
            rz_isr_given++;
        else
            rz_bad++;
    }
}

static void rz_give(void *arg)
{
    (void)arg;
    uint32_t s = 0xDEADBEEFu;
    for (int i = 0; i < 3000; i++) {
        uint32_t r = vt_rand(&s);
        if (vos_notify_give(rz_consumer) == VOS_OK)
            rz_given++;
        else
            rz_bad++;
        if ((r & 7) == 0)
            vos_sleep(vos_us((r >> 8) & 31));
    }
}

VT_TEST(randomised_nothing_lost)
{
    rz_given = rz_isr_given = rz_taken = 0;
    rz_bad = rz_timeouts = 0;
    rz_stop = false;
    rz_consumer = vt_spawn(0, "cons", rz_consume, NULL, 8);
    vt_spawn(1, "give", rz_give, NULL, 6);
    board_irq_start(0, 3001, 0x80, rz_isr);
    while (vos_task_state(vt_task(1)) != VOS_TASK_EXITED)
        vos_sleep(vos_ms(1));
    board_irq_stop(0);
    vos_sleep(vos_ms(1));
    rz_stop = true;
    vt_join(2, 50);
    VT_EQ(rz_bad, 0);
    VT_EQ(rz_taken, rz_given + rz_isr_given);
    VT_ASSERT(rz_timeouts > 100);
    VT_ASSERT(rz_isr_given > 100);
    vt_note("%u given by the task, %u by the interrupt, %d empty/timed-out takes\n",
            (unsigned)rz_given, (unsigned)rz_isr_given, rz_timeouts);
}

/* --- Path lengths (for information) ---------------------------------------------- */

static volatile uint32_t pl_t1;

static void pl_taker(void *arg)
{
    (void)arg;
    for (int i = 0; i < 8; i++) {
        if (vos_notify_take(true, VOS_FOREVER, NULL) != VOS_OK)
            return;
        pl_t1 = board_cycles();
    }
}

VT_TEST(path_lengths)
{
    vos_task_t *me = vos_self();
    drain();
    uint32_t empty = UINT32_MAX, pair = UINT32_MAX, give = UINT32_MAX;
    for (int i = 0; i < 16; i++) {
        uint32_t t0 = board_cycles();
        __asm__ volatile("" ::: "memory");
        uint32_t t1 = board_cycles();
        __asm__ volatile("" ::: "memory");
        uint32_t t2 = board_cycles();
        __asm__ volatile("" ::: "memory");
        vos_notify_give(me);
        __asm__ volatile("" ::: "memory");
        uint32_t t3 = board_cycles();
        __asm__ volatile("" ::: "memory");
        vos_notify_take(true, VOS_NO_WAIT, NULL);
        __asm__ volatile("" ::: "memory");
        uint32_t t4 = board_cycles();
        __asm__ volatile("" ::: "memory");
        if (t1 - t0 < empty)
            empty = t1 - t0;
        if (t4 - t2 < pair)
            pair = t4 - t2;
        if (t3 - t2 < give)
            give = t3 - t2;
    }
    vt_note("notify give+take, same task: %u insn (give %u), empty window %u subtracted\n",
            (unsigned)(pair - empty), (unsigned)(give - empty), (unsigned)empty);

    vos_task_t *t = vt_spawn(0, "pl", pl_taker, NULL, VT_RUNNER_PRIO + 1);
    uint32_t lat = UINT32_MAX;
    for (int i = 0; i < 8; i++) {
        uint32_t t0 = board_cycles();
        vos_notify_give(t);
        if (pl_t1 - t0 < lat)
            lat = pl_t1 - t0;
    }
    vt_note("notify wake (give -> higher taker runs): %u insn\n", (unsigned)(lat - empty));
    vt_join(1, 10);
}
