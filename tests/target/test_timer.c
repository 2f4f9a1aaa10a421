/* SPDX-License-Identifier: MIT */
/*
 * Software timers on the emulated board: a periodic interrupt-context
 * timer keeps its phase exactly (every callback within a bound of its due
 * time, none late by a period), a task-context timer runs in the service
 * task, a starved service task turns missed expiries into overruns, timers
 * started and stopped from a real interrupt, an application interrupt
 * preempting the alarm handler, and no alarm interrupt at all while no
 * timer is armed.
 */
#include "vtest.h"
#include "vaios/config.h"   /* VOS_CFG_ALARM_IRQ_PRIO */

static uint64_t svc_stack[1024 / 8];
static vos_timer_t tm;
static volatile int n_fired;
static volatile uint64_t first;
static volatile uint64_t worst;
static volatile bool ctx_isr;

static void periodic_cb(vos_timer_t *t, void *arg)
{
    uint64_t now = vos_now();
    uint64_t due = first + (uint64_t)n_fired * vos_dur_cycles(vos_us(250));
    uint64_t late = now - due;
    if (now < due || late > worst)
        worst = now < due ? UINT64_MAX : late;
    ctx_isr = vos_in_isr();
    n_fired++;
    if (n_fired == (int)(uintptr_t)arg)
        vos_timer_stop(t);
}

VT_TEST(service_starts)
{
    VT_EQ(vos_timer_service_start(VT_RUNNER_PRIO + 2, svc_stack, sizeof svc_stack), VOS_OK);
    VT_EQ(vos_timer_service_start(VT_RUNNER_PRIO + 2, svc_stack, sizeof svc_stack),
          VOS_ERR_STATE);
    vos_task_t *svc;
    VT_EQ(vos_timer_service_task(&svc), VOS_OK);
    VT_EQ(vos_task_priority(svc), VT_RUNNER_PRIO + 2);
}

VT_TEST(isr_timer_keeps_its_phase)
{
    n_fired = 0;
    worst = 0;
    VT_EQ(vos_timer_init(&tm, "p", periodic_cb, (void *)200, VOS_TIMER_ISR), VOS_OK);
    first = vos_now() + vos_dur_cycles(vos_us(100));
    VT_EQ(vos_timer_start_at(&tm, first, vos_us(250)), VOS_OK);
    vos_sleep(vos_ms(60));
    VT_EQ(n_fired, 200);
    VT_ASSERT(ctx_isr);
    /* Every expiry within a few hundred instructions of first + n * period. */
    VT_LE(worst, 1000);
    VT_EQ(vos_timer_active(&tm), 0);
    uint32_t ov;
    VT_EQ(vos_timer_overruns(&tm, &ov), VOS_OK);
    VT_EQ(ov, 0);
}

VT_TEST(task_timer_runs_in_the_service_task)
{
    n_fired = 0;
    worst = 0;
    VT_EQ(vos_timer_init(&tm, "t", periodic_cb, (void *)40, 0), VOS_OK);
    first = vos_now() + vos_dur_cycles(vos_us(100));
    VT_EQ(vos_timer_start_at(&tm, first, vos_us(250)), VOS_OK);
    vos_sleep(vos_ms(20));
    VT_EQ(n_fired, 40);
    VT_ASSERT(!ctx_isr);
    VT_LE(worst, 2000);
}

/* The runner (below the service task) cannot starve it; a task above it
 * can: the expiries it misses become overruns, the phase stays. */
static void spinner(void *arg)
{
    (void)arg;
    uint64_t end = vos_now() + vos_dur_cycles(vos_ms(2));
    while (vos_now() < end)
        ;
}

static void count_cb(vos_timer_t *t, void *arg)
{
    (void)t;
    (void)arg;
    n_fired++;
}

VT_TEST(starved_service_counts_overruns)
{
    n_fired = 0;
    VT_EQ(vos_timer_init(&tm, "o", count_cb, NULL, 0), VOS_OK);
    VT_EQ(vos_timer_start(&tm, vos_us(100), vos_us(200)), VOS_OK);
    vos_sleep(vos_ms(1));
    int before = n_fired;
    /* Runs to its end before vt_spawn returns: ~10 expiries fall in it;
     * the first is queued, the rest are overruns, and the queued one runs
     * once the spinner is gone. */
    vt_spawn(0, "spin", spinner, NULL, VT_RUNNER_PRIO + 5);
    int after = n_fired;
    VT_EQ(vos_timer_stop(&tm), VOS_OK);
    uint32_t ov;
    VT_EQ(vos_timer_overruns(&tm, &ov), VOS_OK);
    VT_ASSERT(after - before >= 1 && after - before <= 2);
    VT_ASSERT(ov >= 8 && ov <= 10);
    vt_join(1, 10);
}

static void from_isr(void)
{
    VT_EQ(vos_timer_start(&tm, vos_us(50), vos_cycles(0)), VOS_OK);
    VT_EQ(vos_timer_active(&tm), 1);
}

static void stop_isr(void)
{
    VT_EQ(vos_timer_stop(&tm), VOS_OK);
    VT_EQ(vos_timer_stop(&tm), VOS_ERR_STATE);
}

VT_TEST(start_and_stop_from_an_interrupt)
{
    n_fired = 0;
    VT_EQ(vos_timer_init(&tm, "i", count_cb, NULL, VOS_TIMER_ISR), VOS_OK);
    vt_run_in_isr(from_isr);
    vos_sleep(vos_ms(1));
    VT_EQ(n_fired, 1);
    vt_run_in_isr(from_isr);
    vt_run_in_isr(stop_isr);
    vos_sleep(vos_ms(1));
    VT_EQ(n_fired, 1);
    VT_EQ(vos_timer_delete(&tm), VOS_OK);
    VT_EQ(vos_timer_start(&tm, vos_us(1), vos_cycles(0)), VOS_ERR_INVALID);
}

/* The alarm is the least urgent kernel-level interrupt
 * (VOS_CFG_ALARM_IRQ_PRIO, docs/porting.md): an application interrupt at
 * 0x80 pended by an interrupt-context timer's callback, which runs in the
 * alarm's handler, runs at once, before the callback goes on, and may call
 * the kernel there. */
#define APP_IRQ_PRIO 0x80u
_Static_assert(VOS_CFG_ALARM_IRQ_PRIO > APP_IRQ_PRIO, "the alarm must be less urgent than 0x80");
static vos_sem_t nest_sem;
static volatile bool nest_ran, nest_ran_inside, nest_in_isr;

static void nest_swi(void)
{
    nest_ran = true;
    VT_EQ(vos_sem_give_isr(&nest_sem), VOS_OK);
}

static void nest_cb(vos_timer_t *t, void *arg)
{
    (void)t;
    (void)arg;
    nest_in_isr = vos_in_isr();
    board_swi_pend(1);
    board_barrier();
    nest_ran_inside = nest_ran;
}

VT_TEST(an_application_interrupt_preempts_the_alarm_handler)
{
    nest_ran = nest_ran_inside = nest_in_isr = false;
    VT_EQ(vos_sem_init(&nest_sem, 0, 1), VOS_OK);
    board_swi_init(1, APP_IRQ_PRIO, nest_swi);
    VT_EQ(vos_timer_init(&tm, "n", nest_cb, NULL, VOS_TIMER_ISR), VOS_OK);
    VT_EQ(vos_timer_start(&tm, vos_us(50), vos_cycles(0)), VOS_OK);
    VT_EQ(vos_sem_take(&nest_sem, vos_ms(5)), VOS_OK);
    VT_ASSERT(nest_in_isr);
    VT_ASSERT(nest_ran_inside);
    VT_EQ(vos_timer_delete(&tm), VOS_OK);
}

VT_TEST(next_event_sees_a_timer_only_while_armed)
{
    /* Tickless: with nothing armed and nobody sleeping but us, the next
     * event is our own wake-up, and nothing else comes before it. */
    vos_time_t at;
    uint64_t until = vos_now() + vos_dur_cycles(vos_ms(3));
    VT_EQ(vos_timer_init(&tm, "x", count_cb, NULL, 0), VOS_OK);
    VT_EQ(vos_next_event(&at), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_sleep_until(until), VOS_OK);
    VT_EQ(vos_timer_start_at(&tm, until + 1000000, vos_cycles(0)), VOS_OK);
    VT_EQ(vos_next_event(&at), VOS_OK);
    VT_EQ(at, until + 1000000);
    VT_EQ(vos_timer_stop(&tm), VOS_OK);
}
