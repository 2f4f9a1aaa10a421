/* SPDX-License-Identifier: MIT */
/*
 * Scheduling order: priority preemption, FIFO among equals, yield
 * rotation, suspend and resume, priority changes taking effect at once,
 * task exit.
 */
#include <stdio.h>
#include "harness.h"
#include "kernel.h"

static vos_sem_t sem;
static vos_task_t *tk[8];

static void log_name(void *arg)
{
    t_log("%s", (const char *)arg);
}

/* --- Preemption ------------------------------------------------------------------ */

static void create_main(void *arg)
{
    (void)arg;
    t_log("m0");
    t_task("H", log_name, "H", 10);
    t_log("m1");
    t_task("L", log_name, "L", 2);
    t_log("m2");
    CHECK_INV();
}

static void case_preempt_on_create(void)
{
    CHECK_EQ(t_run(create_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("m0 H m1 m2 L");
}

static void log_prio(void *arg)
{
    t_log("%d", (int)(intptr_t)arg);
    CHECK_INV();
}

static void many_main(void *arg)
{
    (void)arg;
    unsigned order[VOS_PRIO_MAX - 1];
    unsigned n = 0;
    for (unsigned p = VOS_PRIO_MIN; p < VOS_PRIO_MAX; p++)
        order[n++] = p;
    for (unsigned i = n - 1; i > 0; i--) {
        unsigned j = t_rand() % (i + 1), x = order[i];
        order[i] = order[j];
        order[j] = x;
    }
    for (unsigned i = 0; i < n; i++)
        t_task("p", log_prio, (void *)(intptr_t)order[i], order[i]);
    CHECK_EQ(__builtin_popcount(vos__ready_map), (int)n + 2);   /* + main, idle */
    CHECK_INV();
}

static void case_every_level_highest_first(void)
{
    CHECK_EQ(t_run(many_main, NULL, VOS_PRIO_MAX), HOST_IDLE);
    char want[256] = "";
    size_t len = 0;
    for (int p = VOS_PRIO_MAX - 1; p >= VOS_PRIO_MIN; p--)
        len += (size_t)snprintf(want + len, sizeof want - len, len ? " %d" : "%d", p);
    CHECK_LOG(want);
}

static void fifo_main(void *arg)
{
    (void)arg;
    t_task("A", log_name, "A", 5);
    t_task("B", log_name, "B", 5);
    t_task("C", log_name, "C", 5);
    t_log("main");
}

static void case_fifo_among_equals(void)
{
    CHECK_EQ(t_run(fifo_main, NULL, 10), HOST_IDLE);
    CHECK_LOG("main A B C");
}

static void sleeper_h(void *arg)
{
    (void)arg;
    vos_sleep(vos_cycles(100));
    t_log("H@%llu", (unsigned long long)vos_now());
}

static void busy_a(void *arg)
{
    (void)arg;
    t_task("B", log_name, "B", 5);
    t_task("H", sleeper_h, NULL, 9);
    host_advance(200);
    t_log("A@%llu", (unsigned long long)vos_now());
}

/* A task preempted by a higher one resumes before its equals. */
static void case_preempted_resumes_first(void)
{
    CHECK_EQ(t_run(busy_a, NULL, 5), HOST_IDLE);
    CHECK_LOG("H@100 A@200 B");
}

/* --- Yield -------------------------------------------------------------------------------- */

static void yielder(void *arg)
{
    for (int i = 1; i <= 3; i++) {
        t_log("%s%d", (const char *)arg, i);
        vos_yield();
        CHECK_INV();
    }
}

static void yield_main(void *arg)
{
    (void)arg;
    t_task("A", yielder, "A", 5);
    t_task("B", yielder, "B", 5);
    t_task("C", yielder, "C", 5);
    t_task("L", log_name, "L", 4);
}

static void case_yield_rotation(void)
{
    CHECK_EQ(t_run(yield_main, NULL, 10), HOST_IDLE);
    CHECK_LOG("A1 B1 C1 A2 B2 C2 A3 B3 C3 L");
}

static void yield_lower_main(void *arg)
{
    (void)arg;
    t_task("L", log_name, "L", 2);
    uint64_t n = host_switches();
    CHECK_EQ(vos_yield(), VOS_OK);      /* nobody of equal priority: no switch */
    CHECK_EQ(host_switches(), n);
    t_log("main");
}

static void yield_in_isr(void)
{
    CHECK_EQ(vos_yield(), VOS_ERR_CONTEXT);           /* refused in a handler */
    t_log("isr");
}

static void case_yield_never_to_lower(void)
{
    CHECK_EQ(t_run(yield_lower_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("main L");
    t_log_clear();
    host_irq(yield_in_isr);
    CHECK_LOG("isr");
}

/* --- Suspend and resume ------------------------------------------------------------------ */

static void self_suspender(void *arg)
{
    (void)arg;
    t_log("X0");
    CHECK_EQ(vos_task_suspend(NULL), VOS_OK);
    t_log("X1");
}

static void suspend_main(void *arg)
{
    (void)arg;
    vos_task_t *x = t_task("X", self_suspender, NULL, 7);
    t_log("m0");
    CHECK_EQ(vos_task_state(x), VOS_TASK_SUSPENDED);
    CHECK_EQ(vos_task_suspend(x), VOS_ERR_STATE);
    CHECK_INV();
    CHECK_EQ(vos_task_resume(x), VOS_OK);      /* X outranks: runs now */
    t_log("m1");
    CHECK_EQ(vos_task_resume(x), VOS_ERR_STATE);   /* exited */

    vos_task_t *l = t_task("L", log_name, "L", 2);
    CHECK_EQ(vos_task_suspend(l), VOS_OK);
    vos_sleep(vos_cycles(10));                               /* L must not run */
    t_log("m2");
    CHECK_EQ(vos_task_resume(l), VOS_OK);        /* lower: not yet */
    t_log("m3");
    CHECK_EQ(vos_task_suspend(vos__ready[VOS_PRIO_IDLE]), VOS_ERR_CONTEXT);
    CHECK_INV();
}

static void case_suspend_resume(void)
{
    CHECK_EQ(t_run(suspend_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("X0 m0 X1 m1 m2 m3 L");
}

static void sem_waiter(void *arg)
{
    int r = vos_sem_take(&sem, VOS_FOREVER);
    t_log("%s:%s", (const char *)arg, vos_strerror(r));
}

static void suspend_blocked_main(void *arg)
{
    (void)arg;
    vos_sem_init(&sem, 0, 5);
    t_watch_sem(&sem);
    vos_task_t *w = t_task("W", sem_waiter, "W", 7);
    CHECK_EQ(vos_task_state(w), VOS_TASK_BLOCKED);
    CHECK_EQ(vos_task_suspend(w), VOS_OK);
    CHECK_EQ(vos_task_suspend(w), VOS_ERR_STATE);
    CHECK_EQ(vos_task_state(w), VOS_TASK_BLOCKED);
    CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    /* The unit went to W, which is now suspended instead of ready. */
    CHECK_EQ(vos_task_state(w), VOS_TASK_SUSPENDED);
    CHECK_EQ(vos_sem_count(&sem), 0);
    CHECK_INV();
    t_log("m0");
    CHECK_EQ(vos_task_resume(w), VOS_OK);
    t_log("m1");

    /* Suspended then resumed while still blocked: the wait goes on. */
    vos_task_t *v = t_task("V", sem_waiter, "V", 7);
    CHECK_EQ(vos_task_suspend(v), VOS_OK);
    CHECK_EQ(vos_task_resume(v), VOS_OK);
    CHECK_EQ(vos_task_state(v), VOS_TASK_BLOCKED);
    CHECK_EQ(vos_task_resume(v), VOS_ERR_STATE);
    CHECK_EQ(vos_sem_give(&sem), VOS_OK);
    t_log("m2");
    CHECK_INV();
}

static void case_suspend_blocked_task(void)
{
    CHECK_EQ(t_run(suspend_blocked_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("m0 W:ok m1 V:ok m2");
}

static void resume_handler(void)
{
    CHECK_EQ(vos_task_resume_isr(tk[0]), VOS_OK);
    CHECK_EQ(vos_task_resume(tk[0]), VOS_ERR_CONTEXT);
    t_log("isr");
}

static void resume_isr_main(void *arg)
{
    (void)arg;
    tk[0] = t_task("X", self_suspender, NULL, 7);
    CHECK_EQ(vos_task_resume_isr(tk[0]), VOS_ERR_CONTEXT);
    host_irq(resume_handler);
    t_log("m");
}

static void case_resume_from_interrupt(void)
{
    CHECK_EQ(t_run(resume_isr_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("X0 isr X1 m");
}

/* --- Priority changes ---------------------------------------------------------------------- */

static void prio_main(void *arg)
{
    (void)arg;
    vos_task_t *l = t_task("L", log_name, "L", 3);
    t_log("m0");
    CHECK_EQ(vos_task_set_priority(l, 6), VOS_OK);     /* above main: now */
    t_log("m1");

    tk[0] = t_task("A", log_name, "A", 2);
    t_log("m2");
    CHECK_EQ(vos_task_set_priority(NULL, 1), VOS_OK);  /* below A: A now */
    t_log("m3");
    CHECK_EQ(vos_task_priority(NULL), 1);
    CHECK_EQ(vos_task_base_priority(NULL), 1);
}

static void case_priority_change_immediate(void)
{
    CHECK_EQ(t_run(prio_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("m0 L m1 m2 A m3");
}

static void requeue_main(void *arg)
{
    (void)arg;
    t_task("A", log_name, "A", 5);
    t_task("B", log_name, "B", 5);
    vos_task_t *c = t_task("C", log_name, "C", 3);
    vos_task_t *d = t_task("D", log_name, "D", 7);
    CHECK_EQ(vos_task_set_priority(c, 5), VOS_OK);     /* behind A and B */
    CHECK_EQ(vos_task_set_priority(d, 5), VOS_OK);     /* behind C */
    CHECK_INV();
    /* The running task lowered to its equals keeps the CPU. */
    CHECK_EQ(vos_task_set_priority(NULL, 5), VOS_OK);
    t_log("main");
    CHECK_INV();
}

static void case_priority_change_requeues(void)
{
    CHECK_EQ(t_run(requeue_main, NULL, 10), HOST_IDLE);
    CHECK_LOG("main A B C D");
}

static void suspended_prio_main(void *arg)
{
    (void)arg;
    vos_task_t *x = t_task("X", self_suspender, NULL, 7);
    CHECK_EQ(vos_task_set_priority(x, 3), VOS_OK);
    CHECK_EQ(vos_task_priority(x), 3);
    CHECK_EQ(vos_task_resume(x), VOS_OK);              /* lower now: later */
    t_log("m");
    CHECK_EQ(vos_task_set_priority(vos__ready[VOS_PRIO_IDLE], 3), VOS_ERR_ARG);
    CHECK_EQ(vos_task_set_priority(NULL, 0), VOS_ERR_ARG);
    CHECK_EQ(vos_task_set_priority(NULL, VOS_PRIO_MAX + 1), VOS_ERR_ARG);
}

static void case_priority_of_suspended_task(void)
{
    CHECK_EQ(t_run(suspended_prio_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("X0 m X1");
}

/* --- Exit ---------------------------------------------------------------------------------- */

static void exits_explicitly(void *arg)
{
    (void)arg;
    t_log("E");
    vos_task_exit();
}

static void exit_main(void *arg)
{
    (void)arg;
    vos_task_t *r = t_task("R", log_name, "R", 7);
    vos_task_t *e = t_task("E", exits_explicitly, NULL, 7);
    CHECK_EQ(vos_task_state(r), VOS_TASK_EXITED);
    CHECK_EQ(vos_task_state(e), VOS_TASK_EXITED);
    CHECK_INV();
    /* An exited task's memory takes a new task. */
    CHECK_EQ(vos_task_create(r, "R2", log_name, "R2", 7, r->stack_base, r->stack_size),
             VOS_OK);
    /* A live one's does not. */
    vos_task_t *l = t_task("L", log_name, "L", 2);
    CHECK_EQ(vos_task_create(l, "L2", log_name, "L2", 2, l->stack_base, l->stack_size),
             VOS_ERR_INVALID);
    CHECK_EQ(vos_task_suspend(e), VOS_ERR_STATE);
    t_log("m");
}

static void case_task_exit(void)
{
    CHECK_EQ(t_run(exit_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("R E R2 m L");
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"preempt_on_create", case_preempt_on_create},
        {"every_level_highest_first", case_every_level_highest_first},
        {"fifo_among_equals", case_fifo_among_equals},
        {"preempted_resumes_first", case_preempted_resumes_first},
        {"yield_rotation", case_yield_rotation},
        {"yield_never_to_lower", case_yield_never_to_lower},
        {"suspend_resume", case_suspend_resume},
        {"suspend_blocked_task", case_suspend_blocked_task},
        {"resume_from_interrupt", case_resume_from_interrupt},
        {"priority_change_immediate", case_priority_change_immediate},
        {"priority_change_requeues", case_priority_change_requeues},
        {"priority_of_suspended_task", case_priority_of_suspended_task},
        {"task_exit", case_task_exit},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
