/* SPDX-License-Identifier: MIT */
/*
 * Software timers on the host port: exact expiry times of one-shot and
 * periodic timers in both callback contexts, no drift, overruns counted
 * (not run late), stop / restart / remaining / delete including from the
 * timer's own callback, calls from an interrupt, the service task started
 * late, the next kernel event, every misuse, and 64 timers in random order
 * against a model (each fires exactly at its time, in time order).
 */
#include "harness.h"
#include "kernel.h"

static uint64_t svc_stack[T_STACK / 8];

static void service(unsigned prio)
{
    CHECK_EQ(vos_timer_service_start(prio, svc_stack, sizeof svc_stack), VOS_OK);
}

static void log_cb(vos_timer_t *tm, void *arg)
{
    (void)tm;
    t_log("%s@%llu%s", (const char *)arg, (unsigned long long)vos_now(),
          vos_in_isr() ? "i" : "t");
}

/* --- One-shot and periodic --------------------------------------------------------- */

static vos_timer_t ta, tb, tc;

static void basic_main(void *arg)
{
    (void)arg;
    service(10);
    CHECK_EQ(vos_timer_init(&ta, "a", log_cb, "a", 0), VOS_OK);
    CHECK_EQ(vos_timer_init(&tb, "b", log_cb, "b", VOS_TIMER_ISR), VOS_OK);
    CHECK_EQ(vos_timer_active(&ta), 0);
    CHECK_EQ(vos_timer_start(&ta, vos_cycles(1000), vos_cycles(0)), VOS_OK);
    CHECK_EQ(vos_timer_start(&tb, vos_cycles(50), vos_cycles(100)), VOS_OK);
    CHECK_EQ(vos_timer_active(&ta), 1);
    vos_dur_t rem;
    CHECK_EQ(vos_timer_remaining(&ta, &rem), VOS_OK);
    CHECK_EQ(vos_dur_cycles(rem), 1000);
    vos_time_t at;
    CHECK_EQ(vos_next_event(&at), VOS_OK);
    CHECK_TIME(at, 50);
    vos_sleep_until(420);
    CHECK_EQ(vos_timer_stop(&tb), VOS_OK);
    CHECK_EQ(vos_timer_stop(&tb), VOS_ERR_STATE);
    CHECK_EQ(vos_timer_remaining(&tb, &rem), VOS_ERR_STATE);
    vos_sleep_until(2000);
    CHECK_EQ(vos_timer_active(&ta), 0);     /* a one-shot is done */
    CHECK_INV();
}

static void case_one_shot_and_periodic(void)
{
    CHECK_EQ(t_run(basic_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("b@50i b@150i b@250i b@350i a@1000t");
}

/* A busy task above the service task delays the callbacks, never the
 * expiry times: the periodic timer's callbacks run late, once per missed
 * group (the rest counted as overruns), and the timer keeps its phase. */
static void busy(void *arg)
{
    (void)arg;
    vos_sleep_until(120);
    host_advance(330);       /* 120 .. 450: the service task cannot run */
}

static void stamp_cb(vos_timer_t *tm, void *arg)
{
    (void)arg;
    uint32_t ov;
    vos_timer_overruns(tm, &ov);
    t_log("%llu/%u", (unsigned long long)vos_now(), ov);
}

static void drift_main(void *arg)
{
    (void)arg;
    service(4);
    t_task("busy", busy, NULL, 6);
    CHECK_EQ(vos_timer_init(&ta, "p", stamp_cb, NULL, 0), VOS_OK);
    CHECK_EQ(vos_timer_start_at(&ta, 100, vos_cycles(100)), VOS_OK);
    vos_sleep_until(820);
    CHECK_EQ(vos_timer_stop(&ta), VOS_OK);
    /* An interrupt timer started with its first expiry long past: it runs
     * once at once, counts the skipped periods, and keeps the phase. */
    CHECK_EQ(vos_timer_init(&tb, "q", stamp_cb, NULL, VOS_TIMER_ISR), VOS_OK);
    CHECK_EQ(vos_timer_start_at(&tb, vos_now() - 350, vos_cycles(100)), VOS_OK);
    vos_sleep_until(vos_now() + 160);
    CHECK_EQ(vos_timer_delete(&tb), VOS_OK);
    CHECK_EQ(vos_timer_stop(&tb), VOS_ERR_INVALID);
    CHECK_INV();
}

static void case_no_drift_overruns_counted(void)
{
    CHECK_EQ(t_run(drift_main, NULL, 5), HOST_IDLE);
    /* 100: on time. 200, 300, 400 fall in the busy stretch: the 200 one is
     * queued, 300 and 400 find it still queued (2 overruns); it runs at
     * 450. Then 500, 600, 700, 800 on time. The second timer: 820 (late
     * start, 3 skipped), then 870, 970. */
    CHECK_LOG("100/0 450/2 500/2 600/2 700/2 800/2 820/3 870/3 970/3");
}

/* --- Control from the callback and from interrupts ------------------------------------ */

static int fired;

static void self_stop_cb(vos_timer_t *tm, void *arg)
{
    (void)arg;
    fired++;
    if (fired == 3)
        CHECK_EQ(vos_timer_stop(tm), VOS_OK);
}

static void self_delete_cb(vos_timer_t *tm, void *arg)
{
    (void)arg;
    t_log("del@%llu", (unsigned long long)vos_now());
    CHECK_EQ(vos_timer_delete(tm), VOS_OK);
}

static void restart_isr(void)
{
    CHECK_EQ(vos_timer_start(&tc, vos_cycles(30), vos_cycles(0)), VOS_OK);
    CHECK_EQ(vos_timer_active(&tc), 1);
}

static void control_main(void *arg)
{
    (void)arg;
    service(10);
    fired = 0;
    CHECK_EQ(vos_timer_init(&ta, "s", self_stop_cb, NULL, VOS_TIMER_ISR), VOS_OK);
    CHECK_EQ(vos_timer_start(&ta, vos_cycles(10), vos_cycles(10)), VOS_OK);
    CHECK_EQ(vos_timer_init(&tb, "d", self_delete_cb, NULL, 0), VOS_OK);
    CHECK_EQ(vos_timer_start(&tb, vos_cycles(25), vos_cycles(25)), VOS_OK);
    CHECK_EQ(vos_timer_init(&tc, "c", log_cb, "c", 0), VOS_OK);
    CHECK_EQ(vos_timer_start(&tc, vos_cycles(500), vos_cycles(0)), VOS_OK);
    /* Restart: the new expiry replaces the old one. */
    CHECK_EQ(vos_timer_start(&tc, vos_cycles(200), vos_cycles(0)), VOS_OK);
    vos_sleep_until(100);
    host_irq(restart_isr);           /* from an interrupt: now 130 */
    vos_sleep_until(1000);
    CHECK_EQ(fired, 3);
    CHECK_EQ(vos_timer_active(&ta), 0);
    CHECK_EQ(vos_timer_active(&tb), VOS_ERR_INVALID);
    CHECK_EQ(vos_timer_init(&ta, "s2", log_cb, "s2", 0), VOS_OK);   /* reusable */
    CHECK_INV();
}

static void case_control_from_callbacks_and_interrupts(void)
{
    CHECK_EQ(t_run(control_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("del@25 c@130t");
}

/* A task-context callback may block; a service task started again after
 * the expiry (the first one terminated) runs the callback that waited for
 * it. */
static void blocking_cb(vos_timer_t *tm, void *arg)
{
    (void)tm;
    (void)arg;
    t_log("cb@%llu", (unsigned long long)vos_now());
    CHECK_EQ(vos_sleep(vos_cycles(40)), VOS_OK);
    t_log("cb-end@%llu", (unsigned long long)vos_now());
}

static void late_main(void *arg)
{
    (void)arg;
    vos_task_t *svc;
    service(3);
    CHECK_EQ(vos_timer_service_task(&svc), VOS_OK);
    CHECK_EQ(vos_task_terminate(svc), VOS_OK);
    CHECK_EQ(vos_timer_init(&ta, "late", blocking_cb, NULL, 0), VOS_OK);
    CHECK_EQ(vos_timer_start(&ta, vos_cycles(10), vos_cycles(0)), VOS_OK);
    vos_sleep_until(100);
    CHECK_EQ(vos_timer_active(&ta), 1);      /* expired, callback pending */
    CHECK_EQ(vos_timer_remaining(&ta, &(vos_dur_t){0}), VOS_ERR_STATE);
    service(3);
    vos_sleep_until(300);
    CHECK_EQ(vos_timer_active(&ta), 0);
    CHECK_EQ(vos_timer_service_start(3, svc_stack, sizeof svc_stack), VOS_ERR_STATE);
}

static void case_service_started_late(void)
{
    CHECK_EQ(t_run(late_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("cb@100 cb-end@140");
}

/* A pending callback is dropped by stop. */
static void drop_main(void *arg)
{
    (void)arg;
    vos_task_t *svc;
    service(3);
    CHECK_EQ(vos_timer_service_task(&svc), VOS_OK);
    CHECK_EQ(vos_task_terminate(svc), VOS_OK);   /* callbacks wait for the next */
    CHECK_EQ(vos_timer_init(&ta, "x", log_cb, "x", 0), VOS_OK);
    CHECK_EQ(vos_timer_start(&ta, vos_cycles(10), vos_cycles(0)), VOS_OK);
    vos_sleep_until(50);
    CHECK_EQ(vos_timer_stop(&ta), VOS_OK);
    service(3);
    vos_sleep_until(100);
}

static void case_stop_drops_pending_callback(void)
{
    CHECK_EQ(t_run(drop_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("");
}

/* --- Misuse ------------------------------------------------------------------------------ */

static void misuse_isr(void)
{
    CHECK_EQ(vos_timer_service_start(3, svc_stack, sizeof svc_stack), VOS_ERR_CONTEXT);
    CHECK_EQ(vos_timer_start(&ta, vos_cycles(5), vos_cycles(0)), VOS_OK);
    CHECK_EQ(vos_timer_stop(&ta), VOS_OK);
}

static void misuse_main(void *arg)
{
    (void)arg;
    vos_sem_t not_a_timer;
    vos_sem_init(&not_a_timer, 0, 1);
    vos_timer_t *bad = (vos_timer_t *)&not_a_timer;
    uint32_t ov;
    vos_dur_t rem;
    CHECK_EQ(vos_timer_init(NULL, "n", log_cb, NULL, 0), VOS_ERR_INVALID);
    CHECK_EQ(vos_timer_init(&ta, "n", NULL, NULL, 0), VOS_ERR_ARG);
    CHECK_EQ(vos_timer_init(&ta, "n", log_cb, NULL, 0x80), VOS_ERR_ARG);
    CHECK_EQ(vos_timer_start(bad, vos_cycles(1), vos_cycles(0)), VOS_ERR_INVALID);
    CHECK_EQ(vos_timer_start(NULL, vos_cycles(1), vos_cycles(0)), VOS_ERR_INVALID);
    CHECK_EQ(vos_timer_stop(bad), VOS_ERR_INVALID);
    CHECK_EQ(vos_timer_active(bad), VOS_ERR_INVALID);
    CHECK_EQ(vos_timer_remaining(bad, &rem), VOS_ERR_INVALID);
    CHECK_EQ(vos_timer_overruns(bad, &ov), VOS_ERR_INVALID);
    CHECK_EQ(vos_timer_delete(bad), VOS_ERR_INVALID);
    CHECK_EQ(vos_timer_init(&ta, "ok", log_cb, "ok", 0), VOS_OK);
    CHECK_EQ(vos_timer_remaining(&ta, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_timer_overruns(&ta, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_timer_start(&ta, VOS_FOREVER, vos_cycles(0)), VOS_ERR_ARG);
    CHECK_EQ(vos_timer_start(&ta, vos_cycles(1), VOS_FOREVER), VOS_ERR_ARG);
    CHECK_EQ(vos_timer_stop(&ta), VOS_ERR_STATE);
    CHECK_EQ(vos_timer_service_start(3, NULL, 4096), VOS_ERR_ARG);
    CHECK_EQ(vos_timer_service_start(0, svc_stack, sizeof svc_stack), VOS_ERR_ARG);
    CHECK_EQ(vos_timer_service_start(3, svc_stack, 16), VOS_ERR_ARG);
    CHECK_EQ(vos_timer_start(&ta, vos_cycles(100), vos_cycles(0)), VOS_ERR_NO_SERVICE);
    CHECK_EQ(vos_timer_active(&ta), 0);
    service(3);
    CHECK_EQ(vos_timer_start(&ta, vos_cycles(100), vos_cycles(0)), VOS_OK);
    CHECK_EQ(vos_timer_init(&ta, "again", log_cb, NULL, 0), VOS_ERR_INVALID);  /* active */
    CHECK_EQ(vos_timer_active(&ta), 1);        /* and untouched */
    CHECK_EQ(vos_timer_stop(&ta), VOS_OK);
    vos_task_t *svc;
    CHECK_EQ(vos_timer_service_task(&svc), VOS_OK);
    CHECK_EQ(vos_task_terminate(svc), VOS_OK);
    host_irq(misuse_isr);
    CHECK_EQ(vos_timer_active(&ta), 0);
    CHECK_INV();
}

static void case_misuse(void)
{
    CHECK_EQ(t_run(misuse_main, NULL, 5), HOST_IDLE);
}

/* A task-context timer before any service task: refused, with its own
 * code, from a task and from an interrupt, before and after vos_start();
 * an interrupt-context timer needs no service. Before the fix the start
 * returned VOS_OK and the callback never came. */
static void no_service_isr(void)
{
    CHECK_EQ(vos_timer_start(&tb, vos_cycles(5), vos_cycles(0)), VOS_ERR_NO_SERVICE);
}

static void no_service_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_timer_start(&ta, vos_cycles(10), vos_cycles(0)), VOS_OK);   /* interrupt timer */
    CHECK_EQ(vos_timer_init(&tb, "tb", log_cb, "b", 0), VOS_OK);            /* init is fine */
    CHECK_EQ(vos_timer_start(&tb, vos_cycles(10), vos_cycles(0)), VOS_ERR_NO_SERVICE);
    CHECK_EQ(vos_timer_start_at(&tb, 20, vos_cycles(10)), VOS_ERR_NO_SERVICE);
    host_irq(no_service_isr);
    CHECK_EQ(vos_timer_active(&tb), 0);
    CHECK_EQ(vos_timer_stop(&tb), VOS_ERR_STATE);
    vos_sleep_until(100);
    service(3);
    CHECK_EQ(vos_timer_start(&tb, vos_cycles(10), vos_cycles(0)), VOS_OK);
    vos_sleep_until(200);
    CHECK_INV();
}

static void case_task_timer_needs_the_service(void)
{
    CHECK_EQ(vos_timer_init(&ta, "ta", log_cb, "a", VOS_TIMER_ISR), VOS_OK);
    CHECK_EQ(vos_timer_init(&tb, "tb", log_cb, "b", 0), VOS_OK);
    CHECK_EQ(vos_timer_start(&tb, vos_cycles(10), vos_cycles(0)), VOS_ERR_NO_SERVICE);
    CHECK_EQ(t_run(no_service_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("a@10i b@110t");
}

/* A stop that lands between the service task taking a due timer off its
 * queue and calling the callback (an interrupt where the service task
 * releases the lock): the callback is committed, so stop must not say
 * VOS_OK. Each lock release from the arming on is tried in turn. Before
 * the fix stop returned VOS_OK for some of them and the callback then
 * started. After: VOS_OK means no callback starts afterwards; VOS_ERR_BUSY
 * that one is in progress (it runs); the timer never fires again. */
static vos_timer_t race_tm;
static int race_stop = 1;          /* the stop's result; 1: not made yet */
static int race_late;              /* callbacks started after a VOS_OK stop */
static int race_cb;

static void race_callback(vos_timer_t *tm, void *arg)
{
    (void)tm;
    (void)arg;
    race_cb++;
    if (race_stop == VOS_OK)
        race_late++;
}

static void race_stop_isr(void)
{
    if (race_stop == 1)
        race_stop = vos_timer_stop(&race_tm);
}

static void race_main(void *arg)
{
    unsigned n = (unsigned)(uintptr_t)arg;
    service(3);
    CHECK_EQ(vos_timer_init(&race_tm, "race", race_callback, NULL, 0), VOS_OK);
    CHECK_EQ(vos_timer_start(&race_tm, vos_cycles(100), vos_cycles(100)), VOS_OK);
    host_irq_at_unlock(n, race_stop_isr);
    vos_sleep_until(1000);
    host_irq_at_unlock(0, NULL);
    if (race_stop == 1)
        race_stop = vos_timer_stop(&race_tm);
    int cbs = race_cb;
    vos_sleep_until(2000);
    CHECK_EQ(race_cb, cbs);                       /* stopped: nothing after */
    CHECK_EQ(vos_timer_active(&race_tm), 0);
    CHECK_INV();
}

static void case_stop_against_a_committed_callback(void)
{
    unsigned busy = 0;
    for (unsigned n = 1; n <= 8; n++) {
        t_scenario_reset();
        race_stop = 1;
        race_late = race_cb = 0;
        CHECK_EQ(t_run(race_main, (void *)(uintptr_t)n, 5), HOST_IDLE);
        CHECK_EQ(race_late, 0);
        CHECK(race_stop == VOS_OK || race_stop == VOS_ERR_BUSY || race_stop == VOS_ERR_STATE);
        busy += race_stop == VOS_ERR_BUSY;
    }
    CHECK(busy > 0);               /* the window was hit */
}

/* --- Many timers against a model ---------------------------------------------------------- */

#define NTM 64
static vos_timer_t many[NTM];
static vos_time_t want_at[NTM];
static vos_time_t got_at[NTM];
static int got_n, order_bad;
static vos_time_t last_fire;

static void many_cb(vos_timer_t *tm, void *arg)
{
    (void)arg;
    int i = (int)(tm - many);
    vos_time_t now = vos_now();
    got_at[i] = now;
    if (now < last_fire)
        order_bad++;
    last_fire = now;
    got_n++;
}

static void many_main(void *arg)
{
    (void)arg;
    got_n = order_bad = 0;
    last_fire = 0;
    for (int i = 0; i < NTM; i++) {
        CHECK_EQ(vos_timer_init(&many[i], "m", many_cb, NULL, VOS_TIMER_ISR), VOS_OK);
        want_at[i] = 0;
        got_at[i] = 0;
    }
    /* Random starts, restarts and stops, then let everything expire. */
    for (int step = 0; step < 400; step++) {
        int i = (int)(t_rand() % NTM);
        if (t_rand() % 4 == 0) {
            int r = vos_timer_stop(&many[i]);
            CHECK_EQ(r, want_at[i] != 0 ? VOS_OK : VOS_ERR_STATE);
            want_at[i] = 0;
        } else {
            vos_time_t at = 1000 + t_rand() % 5000;
            CHECK_EQ(vos_timer_start_at(&many[i], at, vos_cycles(0)), VOS_OK);
            want_at[i] = at;
        }
    }
    vos_time_t first = 0;
    for (int i = 0; i < NTM; i++)
        if (want_at[i] != 0 && (first == 0 || want_at[i] < first))
            first = want_at[i];
    vos_time_t at;
    CHECK_EQ(vos_next_event(&at), first != 0 ? VOS_OK : VOS_ERR_WOULD_BLOCK);
    if (first != 0)
        CHECK_TIME(at, first);
    vos_sleep_until(7000);
    int want_n = 0;
    for (int i = 0; i < NTM; i++) {
        if (want_at[i] != 0)
            want_n++;
        CHECK_TIME(got_at[i], want_at[i]);
    }
    CHECK_EQ(got_n, want_n);
    CHECK_EQ(order_bad, 0);
    CHECK_INV();
}

static void case_many_timers_against_a_model(void)
{
    for (int round = 0; round < 20; round++) {
        t_scenario_reset();
        CHECK_EQ(t_run(many_main, NULL, 5), HOST_IDLE);
    }
}

/* The same for an interrupt-context callback: an interrupt nested in the
 * alarm's handler while the callback runs (or is about to) gets
 * VOS_ERR_BUSY from stop; the callback stopping its own timer gets VOS_OK
 * (it is not "another context"). */
static int nested_stop;

static void nested_stop_isr(void)
{
    nested_stop = vos_timer_stop(&race_tm);
}

static void isr_race_callback(vos_timer_t *tm, void *arg)
{
    (void)arg;
    race_cb++;
    if (race_cb == 1) {
        host_irq(nested_stop_isr);
        t_log("nested:%d", nested_stop);
    } else {
        t_log("self:%d", vos_timer_stop(tm));
    }
}

static void isr_race_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_timer_init(&race_tm, "race", isr_race_callback, NULL, VOS_TIMER_ISR), VOS_OK);
    CHECK_EQ(vos_timer_start(&race_tm, vos_cycles(100), vos_cycles(100)), VOS_OK);
    vos_sleep_until(150);
    CHECK_EQ(vos_timer_active(&race_tm), 0);      /* the nested stop disarmed it */
    CHECK_EQ(vos_timer_start(&race_tm, vos_cycles(100), vos_cycles(100)), VOS_OK);
    vos_sleep_until(1000);
    CHECK_EQ(race_cb, 2);
}

static void case_isr_callback_stopped_from_a_nested_interrupt(void)
{
    race_cb = 0;
    CHECK_EQ(t_run(isr_race_main, NULL, 5), HOST_IDLE);
    CHECK_LOG("nested:-18 self:0");
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"one_shot_and_periodic", case_one_shot_and_periodic},
        {"no_drift_overruns_counted", case_no_drift_overruns_counted},
        {"control_from_callbacks_and_interrupts", case_control_from_callbacks_and_interrupts},
        {"service_started_late", case_service_started_late},
        {"stop_drops_pending_callback", case_stop_drops_pending_callback},
        {"misuse", case_misuse},
        {"task_timer_needs_the_service", case_task_timer_needs_the_service},
        {"stop_against_a_committed_callback", case_stop_against_a_committed_callback},
        {"isr_callback_stopped_from_a_nested_interrupt",
         case_isr_callback_stopped_from_a_nested_interrupt},
        {"many_timers_against_a_model", case_many_timers_against_a_model},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
