/* SPDX-License-Identifier: MIT */
/*
 * Races between interrupt handlers and the switch, and calls made before
 * the scheduler starts.
 */
#include "vtest.h"

/* --- An interrupt that wakes the outgoing task inside the switch ----------
 * A task blocks on a semaphore at every phase relative to a periodic
 * interrupt that gives it, so that some gives land inside PendSV after it
 * picked the next task. The woken task must run at once every time: a
 * busy lower task must never keep it waiting for a whole period. */

#if VOS_CFG_CLOCK_HZ >= 100000000u
/* The sweep steps the phase by one count of the time base, which must be
 * about one instruction for it to reach every point of the switch: on a
 * board whose counter counts far slower (the MPS2 machines' 25 MHz, one
 * count per 40 instructions) the test is not built. */
#define RACE_PERIOD 20000u
#define RACE_ROUNDS 1500u

static vos_sem_t race_sem;
static volatile uint32_t race_t_isr, race_n, race_maxlat;
static volatile bool race_stop;

static void race_isr(void)
{
    race_t_isr = board_cycles();
    vos_sem_give_isr(&race_sem);
}

static void race_blocker(void *arg)
{
    (void)arg;
    while (!race_stop) {
        if (vos_sem_take(&race_sem, vos_ms(5)) != VOS_OK)
            continue;
        uint32_t lat = board_cycles() - race_t_isr;
        if (race_n > 2 && lat > race_maxlat)
            race_maxlat = lat;
        race_n++;
        /* Block again a little before the next interrupt, sweeping the
         * phase by one instruction per round. */
        uint32_t target = race_t_isr + RACE_PERIOD - 700u + (race_n % 700u);
        while ((int32_t)(board_cycles() - target) < 0 && !race_stop)
            ;
    }
}

static void race_spinner(void *arg)
{
    (void)arg;
    while (!race_stop)
        ;
}

VT_TEST(wake_inside_the_switch_is_not_lost)
{
    VT_EQ(vos_sem_init(&race_sem, 0, 1000), VOS_OK);
    race_stop = false;
    race_n = race_maxlat = 0;
    vt_spawn(0, "spin", race_spinner, NULL, VT_RUNNER_PRIO - 10);
    vt_spawn(1, "blocker", race_blocker, NULL, VT_RUNNER_PRIO - 2);
    board_irq_start(0, RACE_PERIOD, 0x80, race_isr);
    while (race_n < RACE_ROUNDS)
        vos_sleep(vos_ms(1));
    board_irq_stop(0);
    race_stop = true;
    vt_join(2, 100);
    vt_note("%lu rounds, worst interrupt-to-task %lu\n", (unsigned long)race_n,
            (unsigned long)race_maxlat);
    VT_LE(race_maxlat, 1000);
    vos_sem_delete(&race_sem);
}

#endif

/* --- Calls before vos_start ---------------------------------------------- */

static vos_task_t early_a, early_b;
static uint64_t early_sa[512 / 8], early_sb[512 / 8];
static int early_suspend_err, early_resume_err;

static void early_entry(void *arg)
{
    (void)arg;
    for (;;)
        vos_sleep(vos_ms(10));
}

void vt_before_start(void)
{
    vos_task_create(&early_a, "early_a", early_entry, NULL, 3, early_sa, sizeof early_sa);
    vos_task_create(&early_b, "early_b", early_entry, NULL, 5, early_sb, sizeof early_sb);
    early_suspend_err = vos_task_suspend(&early_b);
    early_resume_err = vos_task_resume(&early_a);   /* not suspended */
}

VT_TEST(suspend_before_start)
{
    VT_EQ(early_suspend_err, VOS_OK);
    VT_EQ(early_resume_err, VOS_ERR_STATE);
    VT_EQ(vos_task_state(&early_b), VOS_TASK_SUSPENDED);
    VT_EQ(vos_task_resume(&early_b), VOS_OK);
    vos_sleep(vos_ms(1));
    VT_EQ(vos_task_state(&early_b), VOS_TASK_BLOCKED);
    /* Park both for the rest of the suite. */
    VT_EQ(vos_task_suspend(&early_a), VOS_OK);
    VT_EQ(vos_task_suspend(&early_b), VOS_OK);
}
