/* SPDX-License-Identifier: MIT */
/*
 * Task control on the emulated board: termination of a mutex holder with
 * waiters and of tasks in each kind of wait, join, aborting a wait from a
 * real interrupt, the scheduler lock against a real interrupt, the idle
 * hook's next event, and interrupt nesting through the kernel (kernel-level
 * handlers preempting each other in every order, a zero-latency handler
 * preempting a kernel-level one inside its masked section).
 */
#include "vtest.h"
#include "kernel.h"

static vos_sem_t sem;
static vos_mutex_t ma, mb;

/* --- Idle hook ------------------------------------------------------------------- */

static volatile uint32_t idle_calls;
static volatile vos_time_t idle_next;

void vos_hook_idle(vos_time_t next_event)
{
    idle_calls++;
    idle_next = next_event;
    arch_idle();
}

VT_TEST(idle_hook_sees_the_next_event)
{
    vos_time_t until = vos_now() + vos_dur_cycles(vos_ms(2));
    idle_calls = 0;
    VT_EQ(vos_sleep_until(until), VOS_OK);
    /* Nothing else was due: the idle task slept once, told exactly when. */
    VT_ASSERT(idle_calls >= 1);
    VT_EQ(idle_next, until);
    VT_ASSERT(vos_now() >= until);
}

/* --- Termination ----------------------------------------------------------------- */

static void holder(void *arg)
{
    (void)arg;
    VT_EQ(vos_mutex_lock(&ma, VOS_FOREVER), VOS_OK);
    VT_EQ(vos_mutex_lock(&mb, VOS_FOREVER), VOS_OK);
    vos_sem_take(&sem, VOS_FOREVER);      /* holds both until terminated */
    vt_log('X');
}

static void locker(void *arg)
{
    vos_mutex_t *m = arg;
    VT_EQ(vos_mutex_lock(m, VOS_FOREVER), VOS_OK);
    vt_log(m == &ma ? 'a' : 'b');
    VT_EQ(vos_mutex_unlock(m), VOS_OK);
}

VT_TEST(terminate_holder_hands_every_mutex_over)
{
    vt_log_reset();
    vos_sem_init(&sem, 0, 1);
    vos_mutex_init(&ma);
    vos_mutex_init(&mb);
    vos_task_t *h = vt_spawn(0, "holder", holder, NULL, 5);
    vos_sleep(vos_ms(1));
    vos_task_t *la = vt_spawn(1, "la", locker, &ma, 8);
    vos_task_t *lb = vt_spawn(2, "lb", locker, &mb, 12);
    vos_sleep(vos_ms(1));
    VT_EQ(vos_task_priority(h), 12);
    VT_EQ(vos_task_state(la), VOS_TASK_BLOCKED);
    VT_EQ(vos_task_terminate(h), VOS_OK);
    vos_sleep(vos_ms(1));
    VT_ASSERT(vt_log_is("ba"));           /* both waiters got their mutex */
    VT_EQ(vos_task_state(lb), VOS_TASK_EXITED);
    VT_ASSERT(vt_owner(&ma) == NULL);
    /* The slot is reusable at once. */
    vt_log_reset();
    vt_spawn(0, "again", locker, &ma, 5);
    vt_join(3, 100);
    VT_ASSERT(vt_log_is("a"));
}

static vos_queue_t q;
static uint32_t qbuf[2];
static vos_event_t ev;

static void blocker(void *arg)
{
    uint32_t v;
    int r = VOS_OK;
    switch ((int)(uintptr_t)arg) {
    case 0: r = vos_sem_take(&sem, VOS_FOREVER); break;
    case 1: r = vos_sleep(vos_ms(50)); break;
    case 2: r = vos_queue_recv(&q, &v, VOS_FOREVER); break;
    case 3: r = vos_event_wait(&ev, 1u, VOS_EVENT_ANY, vos_ms(50), NULL); break;
    case 4: r = vos_notify_take(true, VOS_FOREVER, NULL); break;
    case 5: r = vos_mutex_lock(&ma, VOS_FOREVER); break;
    }
    (void)r;
    vt_log('!');                           /* never: terminated in the wait */
}

VT_TEST(terminate_in_each_wait)
{
    vt_log_reset();
    vos_sem_init(&sem, 0, 1);
    vos_queue_init(&q, qbuf, sizeof qbuf[0], 2);
    vos_event_init(&ev, 0);
    vos_mutex_init(&ma);
    VT_EQ(vos_mutex_lock(&ma, VOS_FOREVER), VOS_OK);
    for (int k = 0; k < 6; k++) {
        vos_task_t *t = vt_spawn(k, "blk", blocker, (void *)(uintptr_t)k, 22);
        VT_EQ(vos_task_state(t), VOS_TASK_BLOCKED);
        VT_EQ(vos_task_terminate(t), VOS_OK);
        VT_EQ(vos_task_state(t), VOS_TASK_EXITED);
    }
    VT_EQ(vos_task_priority(NULL), VT_RUNNER_PRIO);   /* the lock waiter's boost went */
    VT_EQ(vos_mutex_unlock(&ma), VOS_OK);
    VT_EQ(vos_sem_give(&sem), VOS_OK);
    VT_EQ(vos_sem_count(&sem), 1);
    vos_sleep(vos_ms(60));
    VT_ASSERT(vt_log_is(""));
    vos_time_t at;
    VT_EQ(vos_next_event(&at), VOS_ERR_WOULD_BLOCK);
}

/* --- Join and abort from an interrupt ---------------------------------------------- */

static vos_task_t *sleeper_t;
static volatile int sleep_result;

static void long_sleeper(void *arg)
{
    (void)arg;
    sleep_result = vos_sleep(vos_ms(500));
}

static void abort_from_isr(void)
{
    VT_EQ(vos_task_abort_wait(sleeper_t), VOS_OK);
    VT_EQ(vos_task_abort_wait(sleeper_t), VOS_ERR_STATE);
    VT_ASSERT(vos_in_isr());
    VT_ASSERT(vos_self() == vt_task(1));   /* the task the interrupt preempted */
}

static void trigger(void *arg)
{
    vt_run_in_isr((void (*)(void))arg);
}

static void joiner(void *arg)
{
    (void)arg;
    VT_EQ(vos_task_join(sleeper_t, vos_ms(100)), VOS_OK);
    vt_log('j');
}

VT_TEST(join_and_abort_from_interrupt)
{
    vt_log_reset();
    VT_ASSERT(!vos_in_isr());
    sleeper_t = vt_spawn(0, "sleeper", long_sleeper, NULL, 10);
    vt_spawn(2, "joiner", joiner, NULL, 11);
    vos_task_t *me = vos_self();
    VT_EQ(vos_task_join(me, VOS_FOREVER), VOS_ERR_DEADLOCK);
    vos_time_t t0 = vos_now();
    /* Run the handler from a lower task so vos_self() in it is that task. */
    vt_spawn(1, "trigger", trigger, (void *)abort_from_isr, 9);
    vos_sleep(vos_ms(2));
    VT_EQ(sleep_result, VOS_ERR_ABORTED);
    VT_ASSERT(vt_log_is("j"));
    VT_LE(vos_now() - t0, vos_dur_cycles(vos_ms(5)));
    vt_join(3, 100);
}

/* --- Scheduler lock against an interrupt ------------------------------------------- */

static void taker(void *arg)
{
    (void)arg;
    VT_EQ(vos_sem_take(&sem, VOS_FOREVER), VOS_OK);
    vt_log('T');
}

static void give_from_isr(void)
{
    VT_EQ(vos_sem_give_isr(&sem), VOS_OK);
}

VT_TEST(sched_lock_defers_a_task_an_interrupt_wakes)
{
    vt_log_reset();
    vos_sem_init(&sem, 0, 1);
    vt_spawn(0, "taker", taker, NULL, 25);
    VT_EQ(vos_sched_lock(), VOS_OK);
    vt_run_in_isr(give_from_isr);
    vt_log('L');
    VT_EQ(vos_sleep(vos_ms(1)), VOS_ERR_CONTEXT);
    VT_EQ(vos_sem_take(&sem, vos_ms(1)), VOS_ERR_CONTEXT);
    vos_yield();
    vt_log('l');
    VT_EQ(vos_sched_unlock(), VOS_OK);
    vt_log('U');
    VT_ASSERT(vt_log_is("LlTU"));
    VT_EQ(vos_sched_unlock(), VOS_ERR_STATE);
    vt_join(1, 10);
}

/* --- Interrupt nesting --------------------------------------------------------------- */

#define PRIO_LOW  0xA0u   /* kernel level, less urgent */
#define PRIO_HIGH 0x60u   /* kernel level, more urgent */
#define PRIO_ZERO 0x20u   /* above the kernel's mask: never delayed, never calls it */

static volatile int order;   /* which scenario the handlers play */

static void h_high(void)
{
    vt_log('H');
    VT_EQ(vos_sem_give_isr(&sem), VOS_OK);
    if (order == 2)
        board_swi_pend(0);     /* the lower one runs after this returns */
    vt_log('h');
}

static void h_low(void)
{
    vt_log('L');
    if (order == 0) {
        board_swi_pend(1);     /* preempted here by the higher one */
    } else if (order == 1) {
        VT_EQ(vos_sem_give_isr(&sem), VOS_OK);
        board_swi_pend(1);
    } else {
        VT_EQ(vos_sem_give_isr(&sem), VOS_OK);
    }
    vt_log('l');
}

static void sem_waiter(void *arg)
{
    (void)arg;
    while (vos_sem_take(&sem, vos_ms(20)) == VOS_OK)
        vt_log('T');
}

VT_TEST(interrupt_nesting_in_every_order)
{
    static const char *const want[3] = { "LHhlTU", "LHhlTTU", "HhLlTTU" };
    board_swi_init(0, PRIO_LOW, h_low);
    board_swi_init(1, PRIO_HIGH, h_high);
    for (int o = 0; o < 3; o++) {
        vt_log_reset();
        vos_sem_init(&sem, 0, 4);
        order = o;
        vt_spawn(0, "waiter", sem_waiter, NULL, 24);
        /* Whichever handler starts, the task they wake runs only once the
         * last handler has returned (PendSV is the least urgent). */
        board_swi_pend(o == 2 ? 1 : 0);
        __asm__ volatile("dsb\n\tisb" ::: "memory");
        vos_sleep(vos_ms(1));
        vt_log('U');
        if (!vt_log_is(want[o]))
            vt_note("order %d: %s (want %s)\n", o, vt_log_text(), want[o]);
        VT_ASSERT(vt_log_is(want[o]));
        vt_join(1, 50);
    }
}

static volatile uint32_t zero_ran_masked;
static volatile bool in_masked;

static void h_zero(void)
{
    if (in_masked)
        zero_ran_masked++;
}

static void h_masking(void)
{
    /* A kernel-level handler inside the kernel's masked section: the
     * zero-latency interrupt still runs at once. */
    uint32_t key = vos__lock();
    in_masked = true;
    board_swi_pend(1);
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    in_masked = false;
    vos__unlock(key);
}

VT_TEST(zero_latency_preempts_a_masked_kernel_handler)
{
    zero_ran_masked = 0;
    board_swi_init(1, PRIO_ZERO, h_zero);
    vt_run_in_isr(h_masking);
    VT_EQ(zero_ran_masked, 1);
    /* And the reverse: a kernel-level interrupt pended in a masked section
     * waits for the unlock. */
    board_swi_init(1, PRIO_HIGH, h_zero);
    zero_ran_masked = 0;
    vt_run_in_isr(h_masking);
    VT_EQ(zero_ran_masked, 0);
}

/* The board's four direct software-interrupt lines (board.h,
 * BOARD_SWI_DIRECT_HANDLER): one STIR store raises line n, whose vector is
 * the function below of that name, and the barrier makes it run before
 * the next statement. Each line reaches its own function only, and a
 * line raised again runs again (its pending bit is cleared on entry). */
static volatile uint32_t swid_runs[4];

void BOARD_SWI_DIRECT_HANDLER(0)(void) { swid_runs[0]++; }
void BOARD_SWI_DIRECT_HANDLER(1)(void) { swid_runs[1]++; }
void BOARD_SWI_DIRECT_HANDLER(2)(void) { swid_runs[2]++; }
void BOARD_SWI_DIRECT_HANDLER(3)(void) { swid_runs[3]++; }

#define SWID_RAISE_AND_CHECK(n)                                      \
    do {                                                             \
        BOARD_SWI_DIRECT_RAISE(n);                                   \
        board_barrier();                                             \
        for (int k = 0; k < 4; k++)                                  \
            VT_EQ(swid_runs[k], k == (n) ? round + 1u : round + (k < (n))); \
    } while (0)

VT_TEST(direct_software_interrupts_reach_their_own_vector)
{
    for (int n = 0; n < 4; n++)
        board_swi_direct_init(n, PRIO_LOW);
    for (uint32_t round = 0; round < 2; round++) {
        SWID_RAISE_AND_CHECK(0);
        SWID_RAISE_AND_CHECK(1);
        SWID_RAISE_AND_CHECK(2);
        SWID_RAISE_AND_CHECK(3);
    }
}

/* --- Enumeration, stacks ---------------------------------------------------------------- */

VT_TEST(enumerate_and_high_water)
{
    vos_task_t *all[16];
    int n = vos_task_enumerate(all, 16);
    VT_ASSERT(n >= 2);                     /* the runner and idle at least */
    bool found = false;
    for (int i = 0; i < n && i < 16; i++) {
        size_t hw;
        VT_EQ(vos_task_stack_high_water(all[i], &hw), VOS_OK);
        VT_ASSERT(hw > 0 && hw < all[i]->stack_size);
        found |= all[i] == vos_self();
    }
    VT_ASSERT(found);
    VT_EQ(vos_task_enumerate(NULL, 4), VOS_ERR_ARG);
}
