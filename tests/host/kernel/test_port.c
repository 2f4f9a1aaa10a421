/* SPDX-License-Identifier: MIT */
/*
 * The host port itself: scenarios, the virtual clock, simulated interrupts,
 * the pending-switch (PendSV) rules, the stack guard, halts, and the reset
 * between scenarios.
 */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>
#include "harness.h"
#include "kernel.h"

static vos_sem_t sem;
static vos_task_t *faulted_by_hook;
static vos_time_t stamp;

void vos_hook_stack_overflow(vos_task_t *t)
{
    faulted_by_hook = t;
}

/* --- Scenarios ------------------------------------------------------------------ */

static void just_return(void *arg)
{
    (void)arg;
    t_log("main");
}

static void case_idle_ends_scenario(void)
{
    CHECK_EQ(t_run(just_return, NULL, 5), HOST_IDLE);
    CHECK_LOG("main");
}

static void stop_42(void *arg)
{
    (void)arg;
    t_log("before");
    host_stop(42);
    t_log("after");
}

static void case_stop_status(void)
{
    CHECK_EQ(t_run(stop_42, NULL, 5), 42);
    CHECK_LOG("before");
    /* The next scenario starts afresh. */
    CHECK_EQ(t_run(stop_42, NULL, 7), 42);
    CHECK_LOG("before before");
}

static void log_prio(void *arg)
{
    t_log("%s", (const char *)arg);
}

static void case_tasks_created_before_run(void)
{
    t_task("a", log_prio, "a", 3);
    t_task("b", log_prio, "b", 9);
    t_task("c", log_prio, "c", 3);
    CHECK_EQ(t_run(NULL, NULL, 0), HOST_IDLE);
    CHECK_LOG("b a c");
}

static void start_again(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_start(), VOS_ERR_STATE);
    CHECK(vos_running());
}

static void case_start_inside_scenario(void)
{
    CHECK_EQ(t_run(start_again, NULL, 5), HOST_IDLE);
}

/* --- Clock --------------------------------------------------------------------------- */

static void advance_exact(void *arg)
{
    (void)arg;
    vos_time_t t0 = vos_now();
    host_advance(1000);
    CHECK_TIME(vos_now(), t0 + 1000);
    host_advance(1);
    CHECK_TIME(vos_now(), t0 + 1001);
    host_advance(0);
    CHECK_TIME(host_now(), t0 + 1001);
}

static void case_advance_exact(void)
{
    CHECK_EQ(t_run(advance_exact, NULL, 5), HOST_IDLE);
}

static void starts_late(void *arg)
{
    (void)arg;
    CHECK_TIME(vos_now(), 5000000000ull);
    CHECK_EQ(vos_sleep(vos_ms(1)), VOS_OK);
    CHECK_TIME(vos_now(), 5001000000ull);
}

static void case_time_before_run_and_reset(void)
{
    host_advance(5000000000ull);
    CHECK_TIME(host_now(), 5000000000ull);
    CHECK_EQ(t_run(starts_late, NULL, 5), HOST_IDLE);
    CHECK_TIME(host_now(), 0);
}

static void sleeper_300(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sleep(vos_cycles(300)), VOS_OK);
    t_log("H@%llu", (unsigned long long)vos_now());
    host_advance(50);
    t_log("H-done@%llu", (unsigned long long)vos_now());
}

static void busy_low(void *arg)
{
    (void)arg;
    t_task("H", sleeper_300, NULL, 5);
    host_advance(1000);
    t_log("L@%llu", (unsigned long long)vos_now());
}

static void case_alarm_preempts_busy_task(void)
{
    CHECK_EQ(t_run(busy_low, NULL, 2), HOST_IDLE);
    CHECK_LOG("H@300 H-done@350 L@1050");
}

/* --- Interrupts ------------------------------------------------------------------------ */

static void handler_give(void)
{
    /* vos_self() in a handler is the task it interrupted. */
    t_log("isr:%d,%s", arch_in_isr(), vos_self() == NULL ? "noself" : vos_self()->name);
    CHECK_EQ(vos_sem_give_isr(&sem), VOS_OK);
    t_log("isr-end");
}

static void waiter(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_sem_take(&sem, VOS_FOREVER), VOS_OK);
    t_log("H");
}

static void irq_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 1);
    t_watch_sem(&sem);
    t_task("H", waiter, NULL, 9);
    t_log("L");
    host_irq(handler_give);
    t_log("L-after");
    CHECK_INV();
}

static void case_irq_switch_after_handler(void)
{
    CHECK_EQ(t_run(irq_main, NULL, 3), HOST_IDLE);
    CHECK_LOG("L isr:1,main isr-end H L-after");
}

static void inner(void)
{
    t_log("inner:%d", arch_in_isr());
}

static void outer(void)
{
    t_log("outer");
    host_irq(inner);
    t_log("outer-end:%d", arch_in_isr());
}

static void nested_main(void *arg)
{
    (void)arg;
    host_irq(outer);
    t_log("thread:%d", arch_in_isr());
}

static void case_irq_nested_and_outside(void)
{
    CHECK_EQ(t_run(nested_main, NULL, 3), HOST_IDLE);
    CHECK_LOG("outer inner:1 outer-end:1 thread:0");
    t_log_clear();
    host_irq(inner);          /* outside any scenario */
    CHECK_LOG("inner:1");
    CHECK(!arch_in_isr());
}

static void stop_from_handler(void)
{
    host_stop(7);
    t_log("handler-continues");
}

static void stop_irq_main(void *arg)
{
    (void)arg;
    host_irq(stop_from_handler);
    t_log("not-reached");
}

static void case_stop_from_handler(void)
{
    CHECK_EQ(t_run(stop_irq_main, NULL, 3), 7);
    CHECK_LOG("handler-continues");
}

/* --- Pending switch ---------------------------------------------------------------------- */

static void suspended_hi(void *arg)
{
    (void)arg;
    t_log("H");
}

static void locked_main(void *arg)
{
    (void)arg;
    void *stack;
    size_t size;
    vos_task_t *t = t_tcb(&stack, &size);
    t_log("main");
    uint32_t key = arch_lock();
    CHECK_EQ(vos_task_create(t, "H", suspended_hi, NULL, 9, stack, size), VOS_OK);
    t_log("locked");
    arch_unlock(key);
    t_log("unlocked");
}

static void case_switch_waits_for_unlock(void)
{
    CHECK_EQ(t_run(locked_main, NULL, 3), HOST_IDLE);
    CHECK_LOG("main locked H unlocked");
}

static void yield_alone(void *arg)
{
    (void)arg;
    uint64_t n = host_switches();
    vos_yield();
    vos_yield();
    CHECK_EQ(host_switches(), n);
    CHECK_EQ(vos_sleep(vos_cycles(10)), VOS_OK);      /* to idle and back */
    CHECK_EQ(host_switches(), n + 2);
}

static void case_switch_count(void)
{
    CHECK_EQ(t_run(yield_alone, NULL, 3), HOST_IDLE);
}

/* An alarm set for a time already past fires when the lock drops. */
static void sleep_100(void *arg)
{
    (void)arg;
    vos_sleep(vos_cycles(100));
}

static void alarm_past_main(void *arg)
{
    (void)arg;
    t_task("S", sleep_100, NULL, 9);
    CHECK_TIME(host_alarm_at(), 100);
    uint32_t key = arch_lock();
    arch_alarm_set(0);
    CHECK_TIME(host_alarm_at(), 0);
    arch_unlock(key);
    /* Delivered: nothing was due, so the kernel re-armed for S. */
    CHECK_TIME(host_alarm_at(), 100);
    CHECK_INV();
}

static void case_alarm_in_the_past(void)
{
    CHECK_EQ(t_run(alarm_past_main, NULL, 3), HOST_IDLE);
}

/* --- Stack guard ----------------------------------------------------------------------- */

static vos_mutex_t guard_mutex;

static void overflow_holder(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_lock(&guard_mutex, VOS_FOREVER), VOS_OK);
    *vos_self()->guard = 0;            /* what an overflow does first */
    vos_sleep(vos_cycles(10));                      /* switched out: caught here */
    t_log("overflowed-task-ran");
}

static void guard_waiter(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_mutex_lock(&guard_mutex, VOS_FOREVER), VOS_OK);
    t_log("W-got-mutex");
    vos_mutex_unlock(&guard_mutex);
}

static void guard_main(void *arg)
{
    (void)arg;
    vos_mutex_init(&guard_mutex);
    t_watch_mutex(&guard_mutex);
    faulted_by_hook = NULL;
    vos_task_t *o = t_task("O", overflow_holder, NULL, 9);
    t_task("W", guard_waiter, NULL, 8);
    vos_sleep(vos_cycles(100));
    CHECK_EQ(vos_task_state(o), VOS_TASK_FAULTED);
    CHECK(vos_stack_overflow_task() == o);
    CHECK(faulted_by_hook == o);
    CHECK(ht_owner(&guard_mutex) == NULL);
    CHECK_INV();
    t_log("main");
}

static void case_stack_guard_fault(void)
{
    CHECK_EQ(t_run(guard_main, NULL, 3), HOST_IDLE);
    CHECK_LOG("W-got-mutex main");
}

/* The idle task's stack is the kernel's (VOS_CFG_IDLE_STACK); the port's
 * work for idle runs on the main stack, so idle needs only a few frames. */
static vos_task_t *idle;

static void idle_probe(void *arg)
{
    (void)arg;
    for (int i = 0; i < 5; i++)
        vos_sleep(vos_cycles(1000));
    idle = vos__ready[VOS_PRIO_IDLE];
}

static void case_idle_stack_fits(void)
{
    CHECK_EQ(t_run(idle_probe, NULL, 3), HOST_IDLE);
    /* Read once the scenario is over: a live task's stack holds saved
     * registers that memcheck rightly calls undefined. */
    size_t unused = 0;
    CHECK_EQ(vos_task_stack_unused(idle, &unused), VOS_OK);
    printf("     idle stack: %zu of %d bytes never used\n", unused, VOS_CFG_IDLE_STACK);
    CHECK(unused >= 64);
}

/* --- Signals ------------------------------------------------------------------------- */

/* A signal handled while a task runs must not land on the task's stack:
 * its frame (3 KiB with AVX-512 state) can be bigger than the whole stack
 * (the idle task's is 512 bytes, with kernel data right below it). The
 * test installs a handler without SA_ONSTACK and checks where it ran. */
static volatile uintptr_t handler_frame;
static vos_task_t *signalled;

static void on_usr1(int sig)
{
    int local;
    (void)sig;
    handler_frame = (uintptr_t)&local;
}

static void signalled_task(void *arg)
{
    (void)arg;
    signalled = vos_self();
    kill(getpid(), SIGUSR1);            /* delivered on return from the call */
    t_log("task-done");
}

static void signal_main(void *arg)
{
    (void)arg;
    t_task("S", signalled_task, NULL, 7);
}

static void case_signals_off_task_stacks(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_usr1;
    sigaction(SIGUSR1, &sa, NULL);
    handler_frame = 0;
    CHECK_EQ(t_run(signal_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("task-done");
    CHECK(handler_frame != 0);
    uintptr_t lo = (uintptr_t)signalled->stack_base, hi = lo + signalled->stack_size;
    CHECK(handler_frame < lo || handler_frame >= hi);
}

/* --- Reset between scenarios ------------------------------------------------------------- */

static void sleep_long(void *arg)
{
    (void)arg;
    vos_sleep(vos_cycles(1000000));
    t_log("never");
}

static void leave_sleepers(void *arg)
{
    (void)arg;
    t_task("s1", sleep_long, NULL, 4);
    t_task("s2", sleep_long, NULL, 4);
    CHECK_EQ(vos_sem_init(&sem, 0, 1), VOS_OK);
    t_task("w", waiter, NULL, 4);
    vos_sleep(vos_cycles(10));
    host_stop(1);
}

static void fresh_scenario(void *arg)
{
    (void)arg;
    CHECK_TIME(vos_now(), 0);
    CHECK_TIME(host_alarm_at(), VOS_TIME_NEVER);
    CHECK_EQ(vos_sleep(vos_cycles(500)), VOS_OK);
    CHECK_TIME(vos_now(), 500);
    stamp = vos_now();
}

static void case_reset_between_scenarios(void)
{
    CHECK_EQ(t_run(leave_sleepers, NULL, 3), 1);
    CHECK_TIME(host_now(), 0);
    CHECK_EQ(t_run(fresh_scenario, NULL, 3), HOST_IDLE);
    CHECK_TIME(stamp, 500);
    CHECK_LOG("");
}

/* --- Halts --------------------------------------------------------------------------------- */

static void exit_outside(void)
{
    vos_task_exit();
}

static void stop_outside(void)
{
    host_stop(0);
}

static void advance_locked_main(void *arg)
{
    (void)arg;
    uint32_t key = arch_lock();
    host_advance(10);
    arch_unlock(key);
}

static void advance_locked(void)
{
    t_run(advance_locked_main, NULL, 3);
}

static void start_outside(void)
{
    vos_start();
}

static void case_halts(void)
{
    CHECK(t_dies(exit_outside, "vos_task_exit outside a task"));
    CHECK(t_dies(stop_outside, "host_stop() outside a scenario"));
    CHECK(t_dies(advance_locked, "with the lock held"));
    CHECK(t_dies(start_outside, "vos_start() outside host_run()"));
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"idle_ends_scenario", case_idle_ends_scenario},
        {"stop_status", case_stop_status},
        {"tasks_created_before_run", case_tasks_created_before_run},
        {"start_inside_scenario", case_start_inside_scenario},
        {"advance_exact", case_advance_exact},
        {"time_before_run_and_reset", case_time_before_run_and_reset},
        {"alarm_preempts_busy_task", case_alarm_preempts_busy_task},
        {"irq_switch_after_handler", case_irq_switch_after_handler},
        {"irq_nested_and_outside", case_irq_nested_and_outside},
        {"stop_from_handler", case_stop_from_handler},
        {"switch_waits_for_unlock", case_switch_waits_for_unlock},
        {"switch_count", case_switch_count},
        {"alarm_in_the_past", case_alarm_in_the_past},
        {"stack_guard_fault", case_stack_guard_fault},
        {"idle_stack_fits", case_idle_stack_fits},
        {"signals_off_task_stacks", case_signals_off_task_stacks},
        {"reset_between_scenarios", case_reset_between_scenarios},
        {"halts", case_halts},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
