/* SPDX-License-Identifier: MIT */
/*
 * Semaphores and mutexes without inheritance questions: counts, hand-over
 * to the right waiter, no stealing, interrupts, timeouts, deletion with
 * waiters, recursion, deadlock refusal, exit while holding, ceilings.
 */
#include <stdio.h>
#include <sys/mman.h>
#include "harness.h"
#include "kernel.h"

static vos_sem_t sem;
static vos_mutex_t mx, mx2;

static void log_name(void *arg)
{
    t_log("%s", (const char *)arg);
}

/* --- Semaphores ---------------------------------------------------------------- */

static void counts_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sem_init(&sem, 2, 3), VOS_OK);
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(vos_sem_take(&sem, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    for (int i = 0; i < 3; i++)
        CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    CHECK_EQ(vos_sem_give(&sem), VOS_ERR_OVERFLOW);
    CHECK_EQ(vos_sem_count(&sem), 3);
}

static void case_sem_counts(void)
{
    CHECK_EQ(t_run(counts_main, NULL, 5), HOST_IDLE);
}

static void sem_waiter(void *arg)
{
    int r = vos_sem_take(&sem, VOS_FOREVER);
    t_log("%s:%s", (const char *)arg, vos_strerror(r));
}

static void order_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 10);
    t_watch_sem(&sem);
    /* Each blocks as soon as it is created (all outrank main). */
    t_task("L1", sem_waiter, "L1", 3);
    t_task("H1", sem_waiter, "H1", 8);
    t_task("L2", sem_waiter, "L2", 3);
    t_task("H2", sem_waiter, "H2", 8);
    t_task("M", sem_waiter, "M", 5);
    CHECK_INV();
    for (int i = 0; i < 5; i++)
        CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    CHECK_EQ(vos_sem_count(&sem), 0);
}

static void case_sem_waiters_priority_then_fifo(void)
{
    CHECK_EQ(t_run(order_main, NULL, 2), HOST_IDLE);
    CHECK_LOG("H1:ok H2:ok M:ok L1:ok L2:ok");
}

static void no_steal_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 1);
    t_watch_sem(&sem);
    vos_task_t *l = t_task("L", sem_waiter, "L", 3);
    vos_sleep(vos_cycles(1));                         /* L blocks */
    CHECK_EQ(vos_sem_give(&sem), VOS_OK); /* the unit is L's now */
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_task_state(l), VOS_TASK_READY);
    CHECK_INV();
    t_log("M");
    /* A waiter of higher priority runs before the give returns. */
    t_task("H", sem_waiter, "H", 9);
    t_log("give");
    CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    t_log("given");
}

static void case_sem_no_steal_and_preempt(void)
{
    CHECK_EQ(t_run(no_steal_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("M give H:ok given L:ok");
}

static void give_handler(void)
{
    CHECK_EQ(vos_sem_give_isr(&sem), VOS_OK);
    CHECK_EQ(vos_sem_give(&sem), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_ERR_CONTEXT);
    t_log("isr");
}

static void take_handler(void)
{
    t_log("take:%s", vos_strerror(vos_sem_take_isr(&sem)));
}

static void isr_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 2);
    t_watch_sem(&sem);
    t_task("H", sem_waiter, "H", 9);
    host_irq(give_handler);               /* wakes H after the handler */
    host_irq(give_handler);               /* nobody waits: count 1 */
    CHECK_EQ(vos_sem_count(&sem), 1);
    host_irq(take_handler);
    host_irq(take_handler);
    CHECK_EQ(vos_sem_take_isr(&sem), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_sem_give_isr(&sem), VOS_ERR_CONTEXT);
}

static void case_sem_from_interrupts(void)
{
    CHECK_EQ(t_run(isr_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("isr H:ok isr take:ok take:would block");
}

static void timed_waiter(void *arg)
{
    int r = vos_sem_take(&sem, vos_cycles(100));
    t_log("%s:%s@%llu", (const char *)arg, vos_strerror(r), (unsigned long long)vos_now());
}

static void sem_delete_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 1);
    t_watch_sem(&sem);
    t_task("A", sem_waiter, "A", 7);
    t_task("B", timed_waiter, "B", 8);
    t_task("C", sem_waiter, "C", 6);
    CHECK_INV();
    CHECK_EQ(vos_sem_delete(&sem), VOS_OK);   /* all three run now */
    t_log("m");
    CHECK_EQ(vos_sem_give(&sem), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_count(&sem), VOS_ERR_INVALID);
    CHECK_EQ(vos_sem_delete(&sem), VOS_ERR_INVALID);
    CHECK_INV();
    vos_sleep(vos_cycles(1000));                          /* B's old deadline passes */
    CHECK_EQ(vos_sem_init(&sem, 1, 1), VOS_OK);
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_OK);
}

static void case_sem_delete_with_waiters(void)
{
    CHECK_EQ(t_run(sem_delete_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("B:object deleted@0 A:object deleted C:object deleted m");
}

static void timeout_order_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 5);
    t_watch_sem(&sem);
    t_task("A", timed_waiter, "A", 7);
    t_task("B", sem_waiter, "B", 7);
    t_task("C", sem_waiter, "C", 7);
    vos_sleep(vos_cycles(200));                           /* A times out at 100 */
    CHECK_INV();
    CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    CHECK_EQ(vos_sem_give(&sem), VOS_OK);
}

static void case_sem_timeout_keeps_queue(void)
{
    CHECK_EQ(t_run(timeout_order_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("A:timeout@100 B:ok C:ok");
}

/* --- Mutexes ------------------------------------------------------------------------- */

/* A task control block may live anywhere in the address space: on a
 * 64-bit host, above 4 GiB (mmap returns such addresses; so do a PIE
 * binary's own globals). */
static vos_task_t *high_tcb;

static void high_owner(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    CHECK(ht_owner(&mx) == vos_self());
    vos_sleep(vos_cycles(10));
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
}

static void high_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_init(&mx), VOS_OK);
    void *stack;
    size_t size;
    (void)t_tcb(&stack, &size);
    CHECK_EQ(vos_task_create(high_tcb, "high", high_owner, NULL, 7, stack, size), VOS_OK);
    CHECK(ht_owner(&mx) == high_tcb);
}

static void case_mutex_owner_anywhere(void)
{
    void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    CHECK(p != MAP_FAILED);
    if (p == MAP_FAILED)
        return;
    high_tcb = p;
    printf("     task control block at %p\n", p);
    CHECK(t_run(high_main, NULL, 5) == HOST_IDLE);
    munmap(p, 4096);
}

static void recursive_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_init(&mx), VOS_OK);
    t_watch_mutex(&mx);
    for (int i = 0; i < 3; i++)
        CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    CHECK(ht_owner(&mx) == vos_self());
    CHECK_INV();
    for (int i = 0; i < 3; i++)
        CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
    CHECK(ht_owner(&mx) == NULL);
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_ERR_NOT_OWNER);
    CHECK_INV();
    /* The recursion limit: lock twice, then set the count near the limit
     * rather than lock 65535 times. */
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(mx.count, 2);
    mx.count = VOS_MUTEX_MAX_RECURSION - 1;
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_ERR_OVERFLOW);
    CHECK_EQ(mx.count, VOS_MUTEX_MAX_RECURSION);
    mx.count = 1;
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
    CHECK(ht_owner(&mx) == NULL);
}

static void case_mutex_recursive(void)
{
    CHECK_EQ(t_run(recursive_main, NULL, 5), HOST_IDLE);
}

static void locker(void *arg)
{
    int r = vos_mutex_lock(&mx, VOS_FOREVER);
    t_log("%s:%s", (const char *)arg, vos_strerror(r));
    if (r == VOS_OK) {
        CHECK(ht_owner(&mx) == vos_self());
        CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
    }
}

static void handover_main(void *arg)
{
    (void)arg;
    vos_mutex_init(&mx);
    t_watch_mutex(&mx);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    /* They queue in the order L1 H1 L2 H2. */
    static const char *names[] = {"L1", "H1", "L2", "H2"};
    static const unsigned prios[] = {3, 8, 3, 8};
    for (int i = 0; i < 4; i++) {
        t_task(names[i], locker, (void *)names[i], prios[i]);
        vos_sleep(vos_cycles(1));
    }
    t_task("O", log_name, "O", 2);
    CHECK_INV();
    t_log("unlock");
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
    t_log("m");
}

static void case_mutex_handover_order(void)
{
    CHECK_EQ(t_run(handover_main, NULL, 9), HOST_IDLE);
    CHECK_LOG("unlock m H1:ok H2:ok L1:ok L2:ok O");
}

static void no_steal_mutex_main(void *arg)
{
    (void)arg;
    vos_mutex_init(&mx);
    t_watch_mutex(&mx);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    vos_task_t *w = t_task("W", locker, "W", 3);
    vos_sleep(vos_cycles(1));                             /* W waits */
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);  /* W owns it, not yet running */
    CHECK(ht_owner(&mx) == w);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_ERR_NOT_OWNER);
    CHECK_INV();
    t_log("m");
    CHECK_EQ(vos_mutex_lock(&mx, vos_cycles(1000)), VOS_OK);   /* W inherits 5, finishes */
    t_log("m-got");
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
}

static void case_mutex_no_steal(void)
{
    CHECK_EQ(t_run(no_steal_mutex_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("m W:ok m-got");
}

static void timed_locker(void *arg)
{
    vos_time_t t0 = vos_now();
    int r = vos_mutex_lock(&mx, vos_cycles((uintptr_t)arg));
    t_log("%s@%llu", vos_strerror(r), (unsigned long long)(vos_now() - t0));
}

static void mutex_timeout_main(void *arg)
{
    (void)arg;
    vos_mutex_init(&mx);
    t_watch_mutex(&mx);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    t_task("T", timed_locker, (void *)(uintptr_t)300, 7);
    CHECK_EQ(vos_task_priority(NULL), 7);
    vos_sleep(vos_cycles(1000));
    CHECK_EQ(vos_task_priority(NULL), 5);
    CHECK_INV();
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
}

static void case_mutex_lock_timeout(void)
{
    CHECK_EQ(t_run(mutex_timeout_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("timeout@300");
}

static void lock_then_other(void *arg)
{
    vos_mutex_t **pair = arg;
    CHECK_EQ(vos_mutex_lock(pair[0], VOS_FOREVER), VOS_OK);
    vos_sleep(vos_cycles(10));
    int r = vos_mutex_lock(pair[1], VOS_FOREVER);
    t_log("%s", vos_strerror(r));
    if (r == VOS_OK)
        vos_mutex_unlock(pair[1]);
    vos_mutex_unlock(pair[0]);
}

static void deadlock_main(void *arg)
{
    (void)arg;
    static vos_mutex_t m3;
    static vos_mutex_t *ab[2] = {&mx, &mx2}, *bc[2] = {&mx2, &m3}, *ca[2] = {&m3, &mx};
    vos_mutex_init(&mx);
    vos_mutex_init(&mx2);
    vos_mutex_init(&m3);
    t_watch_mutex(&mx);
    t_watch_mutex(&mx2);
    t_watch_mutex(&m3);
    /* A waits for B, B for C; C closing the cycle is refused. */
    t_task("A", lock_then_other, ab, 4);
    t_task("B", lock_then_other, bc, 4);
    t_task("C", lock_then_other, ca, 4);
    vos_sleep(vos_cycles(5));                             /* each holds its first */
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
}

static void case_mutex_deadlock_refused(void)
{
    CHECK_EQ(t_run(deadlock_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("deadlock ok ok");
}

static void delete_waiter(void *arg)
{
    int r = vos_mutex_lock(&mx, arg ? vos_cycles(500) : VOS_FOREVER);
    t_log("%s:%s", arg ? "T" : "F", vos_strerror(r));
}

static void mutex_delete_main(void *arg)
{
    (void)arg;
    vos_mutex_init(&mx);
    t_watch_mutex(&mx);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    t_task("T", delete_waiter, (void *)1, 6);
    t_task("F", delete_waiter, NULL, 9);
    CHECK_EQ(vos_task_priority(NULL), 9);
    CHECK_EQ(vos_mutex_delete(&mx), VOS_OK);
    t_log("m");
    CHECK_EQ(vos_task_priority(NULL), 2);
    CHECK(vos_self()->held == NULL);
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_ERR_INVALID);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_ERR_INVALID);
    CHECK(ht_owner(&mx) == &ht_owner_error);     /* deleted: refused */
    CHECK_INV();
    vos_sleep(vos_cycles(1000));                           /* T's old deadline passes */
}

static void case_mutex_delete_with_waiters(void)
{
    CHECK_EQ(t_run(mutex_delete_main, NULL, 2), HOST_IDLE);
    CHECK_LOG("F:object deleted T:object deleted m");
}

static void exit_holding(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_mutex_lock(&mx2, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_mutex_lock(&mx2, VOS_FOREVER), VOS_OK);   /* recursive */
    vos_sleep(vos_cycles(10));
    t_log("E-exits");
}

static void locker2(void *arg)
{
    int r = vos_mutex_lock(&mx2, VOS_FOREVER);
    t_log("%s:%s", (const char *)arg, vos_strerror(r));
    CHECK(ht_owner(&mx2) == vos_self());
    CHECK_EQ(vos_mutex_unlock(&mx2), VOS_OK);
}

static void exit_main(void *arg)
{
    (void)arg;
    vos_mutex_init(&mx);
    vos_mutex_init(&mx2);
    t_watch_mutex(&mx);
    t_watch_mutex(&mx2);
    t_task("E", exit_holding, NULL, 3);
    t_task("A", locker, "A", 6);
    t_task("B", locker2, "B", 7);
    CHECK_INV();
}

static void case_mutex_released_on_exit(void)
{
    CHECK_EQ(t_run(exit_main, NULL, 2), HOST_IDLE);
    CHECK_LOG("E-exits B:ok A:ok");
    CHECK(ht_owner(&mx) == NULL);
    CHECK(ht_owner(&mx2) == NULL);
}

/* --- Lock-free fast paths against an interrupt in their LL/SC window ------------------ */

static vos_task_t *high;

static void isr_give(void)
{
    t_log("isr-give:%s", vos_strerror(vos_sem_give_isr(&sem)));
}

static void isr_take(void)
{
    t_log("isr-take:%s", vos_strerror(vos_sem_take_isr(&sem)));
}

static void llsc_sem_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 1, 2);
    t_watch_sem(&sem);
    host_irq_in_next_sc(isr_give);          /* count 1 -> 2 inside the take */
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(vos_sem_count(&sem), 1);
    host_irq_in_next_sc(isr_take);          /* the last unit goes to the handler */
    CHECK_EQ(vos_sem_take(&sem, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    CHECK_EQ(vos_sem_count(&sem), 0);
    CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    host_irq_in_next_sc(isr_give);          /* fills it: the give overflows */
    CHECK_EQ(vos_sem_give(&sem), VOS_ERR_OVERFLOW);
    CHECK_EQ(vos_sem_count(&sem), 2);
    CHECK_INV();
}

static void case_sem_fast_path_interrupted(void)
{
    CHECK_EQ(t_run(llsc_sem_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("isr-give:ok isr-take:ok isr-give:ok");
}

/* A waiter arrives in the window of the giver's fast path: the give must
 * go to it, not to the count. */
static void sem_waiter_high(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_task_suspend(NULL), VOS_OK);
    t_log("H-takes");
    CHECK_EQ(vos_sem_take(&sem, VOS_FOREVER), VOS_OK);
    t_log("H-got");
}

static void isr_resume_high(void)
{
    CHECK_EQ(vos_task_resume_isr(high), VOS_OK);
}

static void llsc_give_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 1);
    t_watch_sem(&sem);
    high = t_task("H", sem_waiter_high, NULL, 9);
    host_irq_in_next_sc(isr_resume_high);   /* H runs and waits, mid-give */
    CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    t_log("L");
    CHECK_EQ(vos_sem_count(&sem), 0);
    CHECK_INV();
}

static void case_sem_give_meets_new_waiter(void)
{
    CHECK_EQ(t_run(llsc_give_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("H-takes H-got L");
}

/* Mutexes: a higher task switched in during the lock's window takes the
 * mutex first; during the unlock's window it blocks on it (which tracks
 * the mutex and boosts the owner), so the unlock must hand it over. */
static void mutex_high(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_task_suspend(NULL), VOS_OK);
    t_log("H-locks");
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    t_log("H-got");
    vos_sleep(vos_cycles(10));
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
}

static void llsc_lock_main(void *arg)
{
    (void)arg;
    vos_mutex_init(&mx);
    t_watch_mutex(&mx);
    high = t_task("H", mutex_high, NULL, 9);
    host_irq_in_next_sc(isr_resume_high);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);   /* after H's turn */
    t_log("L-got");
    CHECK(ht_owner(&mx) == vos_self());
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
    CHECK_INV();
}

static void case_mutex_lock_window(void)
{
    CHECK_EQ(t_run(llsc_lock_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("H-locks H-got L-got");
}

static void llsc_unlock_main(void *arg)
{
    (void)arg;
    vos_mutex_init(&mx);
    t_watch_mutex(&mx);
    high = t_task("H", mutex_high, NULL, 9);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    host_irq_in_next_sc(isr_resume_high);   /* H blocks on mx mid-unlock */
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
    t_log("L");
    CHECK_EQ(vos_task_priority(NULL), 5);
    CHECK(vos_self()->held == NULL);
    CHECK_INV();
}

static void case_mutex_unlock_window(void)
{
    CHECK_EQ(t_run(llsc_unlock_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("H-locks H-got L");
}

/* vos_task_exit (task.h): "Mutexes it still holds are released". Also a
 * mutex nobody waited for, locked on the fast path. */
static void exit_holding_quietly(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
}

static void exit_untracked_main(void *arg)
{
    (void)arg;
    vos_mutex_init(&mx);
    t_watch_mutex(&mx);
    vos_task_t *e = t_task("E", exit_holding_quietly, NULL, 7);
    CHECK_EQ(vos_task_state(e), VOS_TASK_EXITED);
    CHECK(ht_owner(&mx) == NULL);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_NO_WAIT), VOS_OK);
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
}

static void case_mutex_released_on_exit_uncontended(void)
{
    CHECK_EQ(t_run(exit_untracked_main, NULL, 5), HOST_IDLE);
}

/* --- Ceiling ---------------------------------------------------------------------------- */

static void ceiling_user(void *arg)
{
    int r = vos_mutex_lock(&mx, VOS_FOREVER);
    t_log("%s:%s:%d", (const char *)arg, vos_strerror(r), vos_task_priority(NULL));
    if (r == VOS_OK)
        vos_mutex_unlock(&mx);
}

static void ceiling_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_init_ceiling(&mx, 7), VOS_OK);
    t_watch_mutex(&mx);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    CHECK_EQ(vos_task_priority(NULL), 7);
    CHECK_EQ(vos_task_base_priority(NULL), 2);
    t_task("M", log_name, "M", 5);            /* below the ceiling: waits */
    CHECK_INV();
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);  /* M runs now */
    CHECK_EQ(vos_task_priority(NULL), 2);
    t_task("H", ceiling_user, "H", 9);        /* free: refused at once */
    t_log("m");
}

static void case_ceiling_basic(void)
{
    CHECK_EQ(t_run(ceiling_main, NULL, 2), HOST_IDLE);
    CHECK_LOG("M H:invalid argument:9 m");
}

/* The contract: "a task of higher base priority must not lock it". The
 * refusal must not depend on whether the mutex happens to be free. */
static void ceiling_contended_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_init_ceiling(&mx, 7), VOS_OK);
    t_watch_mutex(&mx);
    CHECK_EQ(vos_mutex_lock(&mx, VOS_FOREVER), VOS_OK);
    t_task("H", ceiling_user, "H", 9);
    t_log("m:%d", vos_task_priority(NULL));
    CHECK_EQ(vos_mutex_unlock(&mx), VOS_OK);
}

static void case_ceiling_contended_refused(void)
{
    CHECK_EQ(t_run(ceiling_contended_main, NULL, 2), HOST_IDLE);
    CHECK_LOG("H:invalid argument:9 m:7");
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"sem_counts", case_sem_counts},
        {"sem_waiters_priority_then_fifo", case_sem_waiters_priority_then_fifo},
        {"sem_no_steal_and_preempt", case_sem_no_steal_and_preempt},
        {"sem_from_interrupts", case_sem_from_interrupts},
        {"sem_delete_with_waiters", case_sem_delete_with_waiters},
        {"sem_timeout_keeps_queue", case_sem_timeout_keeps_queue},
        {"mutex_owner_anywhere", case_mutex_owner_anywhere},
        {"mutex_recursive", case_mutex_recursive},
        {"mutex_handover_order", case_mutex_handover_order},
        {"mutex_no_steal", case_mutex_no_steal},
        {"mutex_lock_timeout", case_mutex_lock_timeout},
        {"mutex_deadlock_refused", case_mutex_deadlock_refused},
        {"mutex_delete_with_waiters", case_mutex_delete_with_waiters},
        {"mutex_released_on_exit", case_mutex_released_on_exit},
        {"mutex_released_on_exit_uncontended", case_mutex_released_on_exit_uncontended},
        {"sem_fast_path_interrupted", case_sem_fast_path_interrupted},
        {"sem_give_meets_new_waiter", case_sem_give_meets_new_waiter},
        {"mutex_lock_window", case_mutex_lock_window},
        {"mutex_unlock_window", case_mutex_unlock_window},
        {"ceiling_basic", case_ceiling_basic},
        {"ceiling_contended_refused", case_ceiling_contended_refused},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
