/* SPDX-License-Identifier: MIT */
/*
 * Task control from outside the task: termination (of a task in every
 * state and every kind of wait, of the holder of several mutexes with
 * waiters, of each link of a priority-inheritance chain, of the caller
 * itself), join, aborting a wait, the scheduler lock, the list of live
 * tasks, the stack high-water mark, the next kernel event and the idle and
 * termination hooks. Every step is checked against the invariant checker;
 * every misuse against its documented error.
 */
#include "harness.h"
#include "kernel.h"
#include "puppet.h"

#define DIRECTOR VOS_PRIO_MAX

static vos_sem_t sem;
static vos_mutex_t m1, m2, m3;
static vos_queue_t q;
static uint32_t qbuf[4];
static vos_event_t ev;

/* --- Hooks -------------------------------------------------------------------------- */

static bool log_terminated;

void vos_hook_task_terminated(vos_task_t *t)
{
    if (log_terminated)
        t_log("gone:%s", t->name);
}

static vos_time_t idle_seen[8];
static unsigned idle_calls;

void vos_hook_idle(vos_time_t next_event)
{
    if (idle_calls < 8)
        idle_seen[idle_calls] = next_event;
    idle_calls++;
    arch_idle();
}

/* --- Helpers ------------------------------------------------------------------------ */

static struct puppet pp[6];

static struct puppet *puppet(int i, const char *name, unsigned prio)
{
    void *stack;
    size_t size;
    vos_task_t *t = t_tcb(&stack, &size);
    CHECK_EQ(pup_start(&pp[i], name, prio, t, stack, size), VOS_OK);
    t_watch_sem(&pp[i].go);
    return &pp[i];
}

static void watch_mutexes(void)
{
    vos_mutex_init(&m1);
    vos_mutex_init(&m2);
    vos_mutex_init(&m3);
    t_watch_mutex(&m1);
    t_watch_mutex(&m2);
    t_watch_mutex(&m3);
}

static bool listed(const vos_task_t *t)
{
    vos_task_t *all[64];
    int n = vos_task_enumerate(all, 64);
    for (int i = 0; i < n && i < 64; i++)
        if (all[i] == t)
            return true;
    return false;
}

/* --- Termination -------------------------------------------------------------------- */

static void never(void *arg)
{
    t_log("ran:%s", (const char *)arg);
}

static void second_life(void *arg)
{
    (void)arg;
    t_log("again");
}

static void term_ready_main(void *arg)
{
    (void)arg;
    log_terminated = true;
    void *stack;
    size_t size;
    vos_task_t *t = t_tcb(&stack, &size);
    CHECK_EQ(vos_task_create(t, "low", never, "low", 3, stack, size), VOS_OK);
    CHECK(listed(t));
    CHECK_EQ(vos_task_terminate(t), VOS_OK);
    CHECK_EQ(vos_task_state(t), VOS_TASK_EXITED);
    CHECK(!listed(t));
    CHECK_INV();
    CHECK_EQ(vos_task_terminate(t), VOS_ERR_STATE);
    /* The control block and the stack are free for a new task. */
    CHECK_EQ(vos_task_create(t, "low2", second_life, NULL, 3, stack, size), VOS_OK);
    CHECK(listed(t));
    CHECK_EQ(vos_task_join(t, VOS_FOREVER), VOS_OK);
    t_log("joined");
    CHECK_INV();
}

static void case_terminate_ready(void)
{
    CHECK_EQ(t_run(term_ready_main, NULL, 5), HOST_IDLE);
    /* The hook reports termination and exit alike. */
    CHECK_LOG("gone:low again gone:low2 joined gone:main");
}

/* A task that has run, terminated by another while it is ready, blocked
 * or suspended: its control block and stack may be reused at once
 * (task.h), so the port must have let go of the stack at termination. On
 * the host port a stack that was used still carries its record and the
 * sanitizer's marks until the port releases it; reusing it before the fix
 * ran into both (an ASan report, or the record linked twice). */
static void reused_body(void *arg)
{
    t_log("again:%s", (const char *)arg);
}

static void parked(void *arg)
{
    int how = (int)(uintptr_t)arg;
    char frame[512];                     /* a deep frame on the stack to reuse */
    memset(frame, how, sizeof frame);
    if (how == 0)
        vos_sleep(vos_ms(10));
    else if (how == 1)
        vos_task_suspend(NULL);
    else
        for (;;)
            host_advance(1000);          /* computes: preempted, so ready */
    t_log("returned:%d", frame[0]);
}

static void term_reuse_main(void *arg)
{
    int how = (int)(uintptr_t)arg;
    void *stack;
    size_t size;
    vos_task_t *t = t_tcb(&stack, &size);
    /* how 2: a lower-priority task that computes (ready when terminated) */
    unsigned prio = how == 2 ? 4 : 6;
    for (int round = 0; round < 3; round++) {
        CHECK_EQ(vos_task_create(t, "parked", parked, (void *)(uintptr_t)how, prio, stack, size),
                 VOS_OK);
        vos_sleep(vos_cycles(10));       /* it has run and waits (or is ready) */
        CHECK_EQ(vos_task_state(t), how == 0 ? VOS_TASK_BLOCKED
                                   : how == 1 ? VOS_TASK_SUSPENDED : VOS_TASK_READY);
        CHECK_EQ(vos_task_terminate(t), VOS_OK);
        CHECK_INV();
    }
    CHECK_EQ(vos_task_create(t, "reused", reused_body, "x", 6, stack, size), VOS_OK);
    CHECK_EQ(vos_task_join(t, VOS_FOREVER), VOS_OK);
    CHECK_INV();
}

static void case_terminate_then_reuse_stack(void)
{
    for (int how = 0; how < 3; how++) {
        t_scenario_reset();
        t_log_clear();
        CHECK_EQ(t_run(term_reuse_main, (void *)(uintptr_t)how, 5), HOST_IDLE);
        CHECK_LOG("again:x");
    }
}

/* A task blocked in each kind of wait: terminated, it leaves the wait
 * (the object no longer lists it), and nothing it waited for is taken. */
enum wait_kind { W_SEM, W_MUTEX, W_SLEEP, W_QSEND, W_QRECV, W_EVENT, W_NOTIFY, W_JOIN,
                 W_SUSPENDED, W_BLOCKED_SUSPENDED, W_COUNT };
static const char *const wait_names[W_COUNT] = {
    "sem", "mutex", "sleep", "qsend", "qrecv", "event", "notify", "join", "suspended",
    "blocked+suspended"};
static vos_task_t *join_target;

static void waiter(void *arg)
{
    enum wait_kind k = (enum wait_kind)(uintptr_t)arg;
    uint32_t v = 7;
    int r = VOS_OK;
    switch (k) {
    case W_SEM: r = vos_sem_take(&sem, VOS_FOREVER); break;
    case W_MUTEX: r = vos_mutex_lock(&m1, vos_ms(10)); break;
    case W_SLEEP: r = vos_sleep(vos_ms(10)); break;
    case W_QSEND: r = vos_queue_send(&q, &v, VOS_FOREVER); break;
    case W_QRECV: r = vos_queue_recv(&q, &v, VOS_FOREVER); break;
    case W_EVENT: r = vos_event_wait(&ev, 1u, VOS_EVENT_ANY, VOS_FOREVER, NULL); break;
    case W_NOTIFY: r = vos_notify_take(true, VOS_FOREVER, NULL); break;
    case W_JOIN: r = vos_task_join(join_target, VOS_FOREVER); break;
    case W_SUSPENDED: r = vos_task_suspend(NULL); break;
    case W_BLOCKED_SUSPENDED: r = vos_sleep(vos_ms(10)); break;
    default: break;
    }
    t_log("returned:%d", r);
}

static void idle_forever(void *arg)
{
    (void)arg;
    vos_sem_t never_given;
    vos_sem_init(&never_given, 0, 1);
    vos_sem_take(&never_given, VOS_FOREVER);
}

static void term_wait_main(void *arg)
{
    enum wait_kind k = (enum wait_kind)(uintptr_t)arg;
    vos_sem_init(&sem, 0, 4);
    t_watch_sem(&sem);
    watch_mutexes();
    vos_queue_init(&q, qbuf, sizeof qbuf[0], 4);
    vos_event_init(&ev, 0);
    uint32_t v = 1;
    if (k == W_QSEND)
        for (int i = 0; i < 4; i++)
            CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
    if (k == W_MUTEX)
        CHECK_EQ(vos_mutex_lock(&m1, VOS_FOREVER), VOS_OK);
    join_target = t_task("target", idle_forever, NULL, 2);
    vos_task_t *t = t_task(wait_names[k], waiter, (void *)(uintptr_t)k, 4);
    vos_sleep(vos_cycles(1));
    if (k == W_BLOCKED_SUSPENDED)
        CHECK_EQ(vos_task_suspend(t), VOS_OK);
    CHECK_EQ(vos_task_state(t), k == W_SUSPENDED ? VOS_TASK_SUSPENDED : VOS_TASK_BLOCKED);
    if (k == W_MUTEX)
        CHECK_EQ(vos_task_priority(NULL), 5);   /* the director lends nothing */

    CHECK_EQ(vos_task_terminate(t), VOS_OK);
    CHECK_EQ(vos_task_state(t), VOS_TASK_EXITED);
    CHECK_INV();
    /* Nothing waits any more: what the waiter would have had stays. */
    CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    CHECK_EQ(vos_sem_count(&sem), 1);
    if (k == W_QSEND)
        CHECK_EQ(vos_queue_count(&q), 4);
    if (k == W_QRECV) {
        CHECK_EQ(vos_queue_send(&q, &v, VOS_NO_WAIT), VOS_OK);
        CHECK_EQ(vos_queue_count(&q), 1);
    }
    if (k == W_MUTEX)
        CHECK_EQ(vos_mutex_unlock(&m1), VOS_OK);
    vos_time_t at;
    CHECK_EQ(vos_next_event(&at), VOS_ERR_WOULD_BLOCK);   /* its timeout went too */
    vos_sleep(vos_ms(20));
    CHECK_INV();
    CHECK_EQ(vos_task_terminate(join_target), VOS_OK);
}

static void case_terminate_in_every_wait(void)
{
    for (int k = 0; k < W_COUNT; k++) {
        t_scenario_reset();
        t_log_clear();
        CHECK_EQ(t_run(term_wait_main, (void *)(uintptr_t)k, 5), HOST_IDLE);
        CHECK_LOG("");      /* the waiter never returned from its wait */
    }
}

/* A holds m1 and m2; B waits for m1, C for m2 (C outranks B). A runs at
 * C's priority. Terminated, A hands m1 to B and m2 to C, as unlocks would. */
static void term_holder_main(void *arg)
{
    (void)arg;
    watch_mutexes();
    struct puppet *a = puppet(0, "A", 2), *b = puppet(1, "B", 6), *c = puppet(2, "C", 8);
    struct puppet *d = puppet(3, "D", 4);
    CHECK_EQ(pup_do(a, PUP_LOCK, &m1, VOS_FOREVER), VOS_OK);
    CHECK_EQ(pup_do(a, PUP_LOCK, &m2, VOS_FOREVER), VOS_OK);
    CHECK_EQ(pup_do(a, PUP_LOCK, &m3, VOS_FOREVER), VOS_OK);   /* nobody waits for m3 */
    CHECK_EQ(pup_do(b, PUP_LOCK, &m1, VOS_FOREVER), PUP_PENDING);
    CHECK_EQ(pup_do(c, PUP_LOCK, &m2, VOS_FOREVER), PUP_PENDING);
    CHECK_EQ(pup_do(d, PUP_LOCK, &m2, VOS_FOREVER), PUP_PENDING);
    CHECK_EQ(vos_task_priority(a->task), 8);
    CHECK_INV();

    CHECK_EQ(vos_task_terminate(a->task), VOS_OK);
    CHECK_INV();
    vos_task_t *o;
    o = ht_owner(&m1);
    CHECK(o == b->task);
    o = ht_owner(&m2);
    CHECK(o == c->task);
    CHECK(ht_owner(&m3) == NULL);
    CHECK_EQ(vos_task_priority(c->task), 8);
    CHECK_EQ(vos_task_priority(b->task), 6);
    pup_settle();
    CHECK_EQ(b->result, VOS_OK);
    CHECK_EQ(c->result, VOS_OK);
    /* D still waits for m2, now C's: C keeps its own 8, and when C lets go
     * D gets it. m3 is free for the next locker. */
    CHECK_EQ(pup_do(c, PUP_UNLOCK, &m2, VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(d->result, VOS_OK);
    CHECK(ht_owner(&m2) == d->task);
    CHECK_EQ(pup_do(b, PUP_LOCK, &m3, VOS_FOREVER), VOS_OK);
    CHECK_INV();
    host_stop(0);
}

static void case_terminate_holder_of_several(void)
{
    CHECK_EQ(t_run(term_holder_main, NULL, DIRECTOR), 0);
}

/* A chain: T0 holds m1; T1 holds m2 and waits for m1; T2 waits for m2.
 * T2's priority runs down the chain to T0. Terminate each link in turn
 * (one scenario each) and check every priority against the rule. */
static void term_chain_main(void *arg)
{
    int victim = (int)(uintptr_t)arg;
    watch_mutexes();
    struct puppet *t0 = puppet(0, "T0", 2), *t1 = puppet(1, "T1", 3), *t2 = puppet(2, "T2", 9);
    CHECK_EQ(pup_do(t0, PUP_LOCK, &m1, VOS_FOREVER), VOS_OK);
    CHECK_EQ(pup_do(t1, PUP_LOCK, &m2, VOS_FOREVER), VOS_OK);
    CHECK_EQ(pup_do(t1, PUP_LOCK, &m1, VOS_FOREVER), PUP_PENDING);
    CHECK_EQ(pup_do(t2, PUP_LOCK, &m2, VOS_FOREVER), PUP_PENDING);
    CHECK_EQ(vos_task_priority(t0->task), 9);
    CHECK_EQ(vos_task_priority(t1->task), 9);
    CHECK_INV();

    CHECK_EQ(vos_task_terminate(pp[victim].task), VOS_OK);
    CHECK_INV();
    switch (victim) {
    case 0:   /* m1 passes to T1, which T2 still boosts */
        CHECK(ht_owner(&m1) == t1->task);
        CHECK_EQ(vos_task_priority(t1->task), 9);
        break;
    case 1:   /* T1 leaves m1's queue (T0 falls back) and hands m2 to T2 */
        CHECK(ht_owner(&m1) == t0->task);
        CHECK_EQ(vos_task_priority(t0->task), 2);
        CHECK(ht_owner(&m2) == t2->task);
        break;
    case 2:   /* T2's boost leaves the chain; T1 still waits for m1 */
        CHECK_EQ(vos_task_priority(t0->task), 3);
        CHECK_EQ(vos_task_priority(t1->task), 3);
        CHECK(ht_owner(&m2) == t1->task);
        break;
    }
    pup_settle();
    CHECK_INV();
    host_stop(0);
}

static void case_terminate_each_link_of_a_chain(void)
{
    for (int v = 0; v < 3; v++) {
        t_scenario_reset();
        CHECK_EQ(t_run(term_chain_main, (void *)(uintptr_t)v, DIRECTOR), 0);
    }
}

static void self_ender(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_lock(&m1, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_sched_lock(), VOS_OK);       /* dropped with the task */
    t_log("self");
    vos_task_terminate(NULL);
    t_log("not-reached");
}

static void joiner(void *arg)
{
    vos_task_t *t = arg;
    int r = vos_task_join(t, VOS_FOREVER);
    t_log("join:%s:%d", vos_self()->name, r);
}

static void term_self_main(void *arg)
{
    (void)arg;
    log_terminated = true;
    watch_mutexes();
    vos_task_t *s = t_task("S", self_ender, NULL, 3);
    t_task("J1", joiner, s, 4);
    t_task("J2", joiner, s, 6);
    vos_sleep(vos_cycles(1));
    CHECK_EQ(vos_task_state(s), VOS_TASK_EXITED);
    CHECK_EQ(vos_sched_lock_depth(), 0);
    CHECK_EQ(vos_mutex_lock(&m1, VOS_NO_WAIT), VOS_OK);   /* left free */
    CHECK_EQ(vos_mutex_unlock(&m1), VOS_OK);
    CHECK_INV();
}

static void case_terminate_self(void)
{
    CHECK_EQ(t_run(term_self_main, NULL, 9), HOST_IDLE);
    /* Joiners wake in priority order. */
    CHECK_LOG("self gone:S join:J2:0 gone:J2 join:J1:0 gone:J1 gone:main");
}

static void term_errors_main(void *arg)
{
    (void)arg;
    vos_task_t *all[64];
    int n = vos_task_enumerate(all, 64);
    CHECK(n >= 2);
    vos_task_t *idle = NULL;
    for (int i = 0; i < n; i++)
        if (vos_task_priority(all[i]) == VOS_PRIO_IDLE)
            idle = all[i];
    CHECK(idle != NULL);
    CHECK_EQ(vos_task_terminate(idle), VOS_ERR_ARG);
    CHECK_EQ(vos_task_terminate((vos_task_t *)&sem), VOS_ERR_INVALID);
    CHECK_EQ(vos_task_join(NULL, VOS_FOREVER), VOS_ERR_INVALID);
    CHECK_EQ(vos_task_abort_wait(NULL), VOS_ERR_INVALID);
    CHECK_EQ(vos_task_abort_wait(vos_self()), VOS_ERR_STATE);
    CHECK_EQ(vos_task_enumerate(NULL, 3), VOS_ERR_ARG);
    CHECK_EQ(vos_task_stack_high_water((vos_task_t *)&sem, NULL), VOS_ERR_INVALID);
    size_t hw;
    CHECK_EQ(vos_task_stack_high_water(NULL, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_task_stack_high_water((vos_task_t *)&sem, &hw), VOS_ERR_INVALID);
    CHECK_EQ(vos_next_event(NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_sched_unlock(), VOS_ERR_STATE);
}

static void case_misuse(void)
{
    vos_sem_init(&sem, 0, 1);
    /* Before the start: no caller to terminate or lock for. */
    CHECK_EQ(vos_task_terminate(NULL), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sched_lock(), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sched_unlock(), VOS_ERR_CONTEXT);
    CHECK_EQ(t_run(term_errors_main, NULL, 5), HOST_IDLE);
}

/* --- Join --------------------------------------------------------------------------- */

static vos_task_t *peer_a, *peer_b;

static void join_peer(void *arg)
{
    (void)arg;
    int r = vos_task_join(peer_a, VOS_FOREVER);
    t_log("b:%d", r);
}

static void worker(void *arg)
{
    (void)arg;
    vos_sleep(vos_cycles(1000));
    t_log("w-done");
}

static void join_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_task_join(vos_self(), VOS_FOREVER), VOS_ERR_DEADLOCK);
    vos_task_t *w = t_task("W", worker, NULL, 3);
    CHECK_EQ(vos_task_join(w, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_task_join(w, vos_cycles(400)), VOS_ERR_TIMEOUT);
    CHECK_TIME(vos_now(), 400);
    CHECK_EQ(vos_task_join(w, VOS_FOREVER), VOS_OK);
    CHECK_TIME(vos_now(), 1000);
    CHECK_EQ(vos_task_join(w, VOS_NO_WAIT), VOS_OK);   /* already gone */
    /* B joins me: my joining B would close a cycle. */
    peer_a = vos_self();
    peer_b = t_task("B", join_peer, NULL, 7);
    CHECK_EQ(vos_task_state(peer_b), VOS_TASK_BLOCKED);
    CHECK_EQ(vos_task_join(peer_b, VOS_FOREVER), VOS_ERR_DEADLOCK);
    CHECK_EQ(vos_sched_lock(), VOS_OK);
    CHECK_EQ(vos_task_join(peer_b, VOS_FOREVER), VOS_ERR_DEADLOCK);
    vos_task_t *w2 = t_task("W2", worker, NULL, 3);
    CHECK_EQ(vos_task_join(w2, VOS_FOREVER), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sched_unlock(), VOS_OK);
    CHECK_INV();
}

static void case_join(void)
{
    CHECK_EQ(t_run(join_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("w-done b:0 w-done");
}

/* --- Aborting a wait ----------------------------------------------------------------- */

static vos_task_t *sleeper_t;

static void sleeper(void *arg)
{
    (void)arg;
    int r = vos_sleep(vos_ms(5));
    t_log("sleep:%d@%llu", r, (unsigned long long)vos_now());
    r = vos_sem_take(&sem, VOS_FOREVER);
    t_log("take:%d@%llu", r, (unsigned long long)vos_now());
    r = vos_mutex_lock(&m1, VOS_FOREVER);
    t_log("lock:%d", r);
    r = vos_sleep(vos_ms(1));
    t_log("late:%d@%llu", r, (unsigned long long)vos_now());
}

static void abort_isr(void)
{
    CHECK_EQ(vos_task_abort_wait(sleeper_t), VOS_OK);
}

static void abort_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 1);
    t_watch_sem(&sem);
    watch_mutexes();
    CHECK_EQ(vos_mutex_lock(&m1, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_task_set_priority(NULL, 2), VOS_OK);
    sleeper_t = t_task("S", sleeper, NULL, 8);
    host_advance(100);
    CHECK_EQ(vos_task_abort_wait(sleeper_t), VOS_OK);    /* the sleep, at 100 */
    host_advance(100);
    host_irq(abort_isr);                                 /* the take, at 200, from a handler */
    CHECK_EQ(vos_task_priority(NULL), 8);                /* S waits for m1: boost */
    host_advance(100);
    CHECK_EQ(vos_task_abort_wait(sleeper_t), VOS_OK);    /* the lock: boost gone */
    CHECK_EQ(vos_task_priority(NULL), 2);
    CHECK_INV();
    /* Suspended while blocked: the abort ends the wait, the task stays
     * suspended until resumed. */
    CHECK_EQ(vos_task_suspend(sleeper_t), VOS_OK);
    CHECK_EQ(vos_task_abort_wait(sleeper_t), VOS_OK);
    CHECK_EQ(vos_task_state(sleeper_t), VOS_TASK_SUSPENDED);
    CHECK_EQ(vos_task_abort_wait(sleeper_t), VOS_ERR_STATE);
    host_advance(100);
    CHECK_EQ(vos_task_resume(sleeper_t), VOS_OK);
    CHECK_EQ(vos_sem_count(&sem), 0);
    CHECK_EQ(vos_mutex_unlock(&m1), VOS_OK);
    CHECK_INV();
}

static void case_abort_wait(void)
{
    CHECK_EQ(t_run(abort_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("sleep:-13@100 take:-13@200 lock:-13 late:-13@400");
}

/* --- Scheduler lock ---------------------------------------------------------------------- */

static void high(void *arg)
{
    (void)arg;
    t_log("H@%llu", (unsigned long long)vos_now());
}

static void give_isr(void)
{
    CHECK_EQ(vos_sem_give_isr(&sem), VOS_OK);
}

static void sem_high(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sem_take(&sem, VOS_FOREVER), VOS_OK);
    t_log("SH@%llu", (unsigned long long)vos_now());
}

static void equal(void *arg)
{
    (void)arg;
    t_log("E");
}

static void lock_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 1);
    t_watch_sem(&sem);
    watch_mutexes();
    t_task("SH", sem_high, NULL, 9);
    CHECK_EQ(vos_sched_lock(), VOS_OK);
    CHECK_EQ(vos_sched_lock(), VOS_OK);
    CHECK_EQ(vos_sched_lock_depth(), 2);
    t_task("H", high, NULL, 8);          /* ready, does not run */
    host_irq(give_isr);                  /* SH ready from a handler: waits too */
    t_task("E", equal, NULL, 5);
    vos_yield();                         /* deferred like the rest */
    host_advance(50);
    CHECK_INV();
    t_log("locked@%llu", (unsigned long long)vos_now());
    /* Every blocking call is refused and changes nothing. */
    CHECK_EQ(vos_sleep(vos_cycles(10)), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sleep_until(vos_now() + 10), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_take(&sem, vos_cycles(10)), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_task_suspend(NULL), VOS_ERR_CONTEXT);
    vos_time_t at;
    CHECK_EQ(vos_next_event(&at), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_sched_unlock(), VOS_OK);
    t_log("inner");
    CHECK_EQ(vos_sched_unlock(), VOS_OK);    /* SH and H run here */
    t_log("unlocked");
    CHECK_EQ(vos_sched_unlock(), VOS_ERR_STATE);
    CHECK_INV();
}

static void case_sched_lock(void)
{
    CHECK_EQ(t_run(lock_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("locked@50 inner SH@50 H@50 unlocked E");
}

/* A contended mutex while locked: refused, the owner is not boosted. */
static void lock_mutex_main(void *arg)
{
    (void)arg;
    watch_mutexes();
    struct puppet *o = puppet(0, "O", 2);
    CHECK_EQ(pup_do(o, PUP_LOCK, &m1, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_sched_lock(), VOS_OK);
    CHECK_EQ(vos_mutex_lock(&m1, VOS_FOREVER), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_task_priority(o->task), 2);
    CHECK_INV();
    CHECK_EQ(vos_sched_unlock(), VOS_OK);
    CHECK_EQ(vos_mutex_lock(&m1, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(pup_do(o, PUP_UNLOCK, &m1, VOS_NO_WAIT), VOS_OK);
    CHECK_INV();
    host_stop(0);
}

static void case_sched_lock_refuses_mutex_wait(void)
{
    CHECK_EQ(t_run(lock_mutex_main, NULL, DIRECTOR), 0);
}

static void lock_exit(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sched_lock(), VOS_OK);
    t_log("X");
}

static void lock_exit_main(void *arg)
{
    (void)arg;
    t_task("X", lock_exit, NULL, 7);
    t_log("main:%d", vos_sched_lock_depth());
}

static void case_sched_lock_ends_with_its_task(void)
{
    CHECK_EQ(t_run(lock_exit_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("X main:0");
}

/* --- Enumeration and stacks ---------------------------------------------------------------- */

static void deep(int n)
{
    volatile uint8_t buf[512];
    buf[0] = (uint8_t)n;
    buf[511] = buf[0];
    if (n > 0)
        deep(n - 1);
}

static void enum_main(void *arg)
{
    (void)arg;
    vos_task_t *all[8];
    int n0 = vos_task_enumerate(NULL, 0);
    CHECK_EQ(n0, 2);                           /* main and idle */
    vos_task_t *a = t_task("A", worker, NULL, 3);
    vos_task_t *b = t_task("B", worker, NULL, 3);
    CHECK_EQ(vos_task_enumerate(all, 8), 4);
    CHECK(all[0] == b && all[1] == a);        /* newest first */
    CHECK_EQ(vos_task_enumerate(all, 1), 4);  /* counted beyond the cap */
    CHECK(all[0] == b);
    vos_sleep(vos_cycles(2000));
    CHECK_EQ(vos_task_enumerate(all, 8), 2);

    size_t hw0, hw1, size = vos_self()->stack_size;
    CHECK_EQ(vos_task_stack_high_water(NULL, &hw0), VOS_OK);
    CHECK(hw0 > 0 && hw0 <= size - VOS_CFG_STACK_GUARD);
    size_t unused = 0;
    CHECK_EQ(vos_task_stack_unused(NULL, &unused), VOS_OK);
    CHECK_EQ(size - VOS_CFG_STACK_GUARD - hw0, unused);
    deep(8);
    CHECK_EQ(vos_task_stack_high_water(vos_self(), &hw1), VOS_OK);
    CHECK(hw1 > hw0);      /* (the sanitizer may keep buf off this stack) */
}

static void case_enumerate_and_high_water(void)
{
    CHECK_EQ(t_run(enum_main, NULL, 5), HOST_IDLE);
}

/* --- Next event and the idle hook ------------------------------------------------------- */

static void late_sleeper(void *arg)
{
    (void)arg;
    vos_sleep_until(7000);
}

static void next_main(void *arg)
{
    (void)arg;
    vos_time_t at;
    CHECK_EQ(vos_next_event(&at), VOS_ERR_WOULD_BLOCK);
    t_task("L", late_sleeper, NULL, 3);
    CHECK_EQ(vos_next_event(&at), VOS_ERR_WOULD_BLOCK);   /* L has not run yet */
    idle_calls = 0;
    vos_sleep_until(5000);
    CHECK_TIME(vos_now(), 5000);
    /* The idle task ran once while both slept, and told the hook when the
     * first of them was due. */
    CHECK_EQ(idle_calls, 1);
    CHECK_TIME(idle_seen[0], 5000);
    CHECK_EQ(vos_next_event(&at), VOS_OK);
    CHECK_TIME(at, 7000);
    vos_sleep_until(7000);
    CHECK_EQ(idle_calls, 2);
    CHECK_TIME(idle_seen[1], 7000);
    idle_calls = 0;
}

static void case_next_event_and_idle_hook(void)
{
    CHECK_EQ(t_run(next_main, NULL, 5), HOST_IDLE);
    /* The scenario ends when nothing is pending: the idle hook saw that. */
    CHECK_EQ(idle_calls, 1);
    CHECK_TIME(idle_seen[0], VOS_TIME_NEVER);
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"terminate_ready", case_terminate_ready},
        {"terminate_in_every_wait", case_terminate_in_every_wait},
        {"terminate_then_reuse_stack", case_terminate_then_reuse_stack},
        {"terminate_holder_of_several", case_terminate_holder_of_several},
        {"terminate_each_link_of_a_chain", case_terminate_each_link_of_a_chain},
        {"terminate_self", case_terminate_self},
        {"misuse", case_misuse},
        {"join", case_join},
        {"abort_wait", case_abort_wait},
        {"sched_lock", case_sched_lock},
        {"sched_lock_refuses_mutex_wait", case_sched_lock_refuses_mutex_wait},
        {"sched_lock_ends_with_its_task", case_sched_lock_ends_with_its_task},
        {"enumerate_and_high_water", case_enumerate_and_high_water},
        {"next_event_and_idle_hook", case_next_event_and_idle_hook},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
