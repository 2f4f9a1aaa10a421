/* SPDX-License-Identifier: MIT */
/*
 * Round-robin time slicing (kernel built with VOS_CFG_TIMESLICE = 1000
 * cycles): rotation among equals at exact slice boundaries, opting out,
 * and what slicing does to the alarm when nobody needs it.
 */
#include "harness.h"
#include "kernel.h"

_Static_assert(VOS_CFG_TIMESLICE == 1000, "this test expects 1000-cycle slices");

static void worker(void *arg)
{
    t_log("%s+%llu", (const char *)arg, (unsigned long long)vos_now());
    host_advance(2300);
    t_log("%s-%llu", (const char *)arg, (unsigned long long)vos_now());
}

/* With slicing, the alarm stays armed: the scenario ends by host_stop. */
static void ender(void *arg)
{
    (void)arg;
    host_stop(0);
}

static void rr_main(void *arg)
{
    bool a_opts_out = arg != NULL;
    vos_task_t *a = t_task("A", worker, "A", 5);
    t_task("B", worker, "B", 5);
    t_task("C", worker, "C", 5);
    t_task("end", ender, NULL, 1);
    if (a_opts_out)
        CHECK_EQ(vos_task_set_slicing(a, false), VOS_OK);
}

static void case_round_robin(void)
{
    CHECK_EQ(t_run(rr_main, NULL, 9), 0);
    /* Slices end at 1000, 2000, ...: A B C A B C, then each finishes its
     * 2300 cycles, the next one taking over the rest of the slice. */
    CHECK_LOG("A+0 B+1000 C+2000 A-6300 B-6600 C-6900");
}

static void case_opt_out(void)
{
    CHECK_EQ(t_run(rr_main, (void *)1, 9), 0);
    /* A runs to its end with no slice interrupt (it opted out); when it
     * ends, B starts with an equal to share with and gets a whole slice,
     * then B and C alternate. */
    CHECK_LOG("A+0 A-2300 B+2300 C+3300 B-6600 C-6900");
}

static void yielder(void *arg)
{
    for (int i = 0; i < 3; i++) {
        t_log("%s%d@%llu", (const char *)arg, i, (unsigned long long)vos_now());
        host_advance(400);
        vos_yield();
    }
}

static void yield_main(void *arg)
{
    (void)arg;
    t_task("A", yielder, "A", 5);
    t_task("B", yielder, "B", 5);
    t_task("end", ender, NULL, 1);
}

/* Yields and slices together. Slices end at 1000, 2000 whoever runs: A is
 * rotated at 1000 with 200 of its 400 cycles to go, finishes them when B
 * yields at 1400, yields at 1600; B's last 400 end exactly at the 2000
 * boundary, where B is rotated behind A. */
static void case_yield_and_slices(void)
{
    CHECK_EQ(t_run(yield_main, NULL, 9), 0);
    CHECK_LOG("A0@0 B0@400 A1@800 B1@1000 B2@1600 A2@2000");
}

/* Tickless: a task that has no equal to share with needs no slice
 * interrupt, and neither does the idle task. */
static void alone(void *arg)
{
    (void)arg;
    host_advance(5000);
    CHECK_TIME(host_alarm_at(), VOS_TIME_NEVER);
    t_log("alone-done");
}

static void alone_main(void *arg)
{
    (void)arg;
    t_task("L", alone, NULL, 5);
    t_task("end", ender, NULL, 1);
}

static void case_no_slice_alarm_without_peers(void)
{
    CHECK_EQ(t_run(alone_main, NULL, 9), 0);
    CHECK_LOG("alone-done");
}

/* Equals ready when the kernel starts: the first slice is armed by
 * vos_start itself. */
static void first(void *arg)
{
    CHECK_TIME(host_alarm_at(), 1000);      /* armed before any task ran */
    worker(arg);
}

static void case_sliced_from_the_start(void)
{
    t_task("A", first, "A", 5);
    t_task("B", worker, "B", 5);
    t_task("end", ender, NULL, 1);
    CHECK_EQ(t_run(NULL, NULL, 0), 0);
    CHECK_LOG("A+0 B+1000 A-4300 B-4600");
}

/* A sleeper above the sliced equals: its wake-ups come before the slice
 * ends and are taken at their exact times; the slices go on around them,
 * each slice losing the sleeper's share of it (a slice is time, not
 * the task's own computing). */
static void sleeper(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++) {
        CHECK_EQ(vos_sleep(vos_cycles(300)), VOS_OK);
        t_log("S@%llu", (unsigned long long)vos_now());
        host_advance(100);
    }
}

static void sleeper_main(void *arg)
{
    (void)arg;
    t_task("A", worker, "A", 5);
    t_task("B", worker, "B", 5);
    t_task("S", sleeper, NULL, 7);
    t_task("end", ender, NULL, 1);
}

static void case_sleeper_inside_slices(void)
{
    CHECK_EQ(t_run(sleeper_main, NULL, 9), 0);
    /* A: 800 of its cycles in 0..1000, 1800 by 3000, the rest by 4500;
     * B: 900 by 2000, 1900 by 4000; all 4900 cycles of work by 4900. */
    CHECK_LOG("A+0 S@300 S@700 B+1000 S@1100 A-4500 B-4900");
}

/* A slice that ends while a task above the sliced equals runs (sliced
 * itself but alone at its level, or not sliced): nothing rotates, and no
 * slice is armed while it runs; when it ends, the task it preempted gets
 * a whole new slice. */
static void high(void *arg)
{
    if (arg != NULL)
        CHECK_EQ(vos_task_set_slicing(vos_self(), false), VOS_OK);
    CHECK_EQ(vos_sleep(vos_cycles(500)), VOS_OK);
    t_log("H+%llu", (unsigned long long)vos_now());
    host_advance(1000);
    CHECK_TIME(host_alarm_at(), VOS_TIME_NEVER);  /* alone at its level */
    t_log("H-%llu", (unsigned long long)vos_now());
}

static void high_main(void *arg)
{
    t_task("A", worker, "A", 5);
    t_task("B", worker, "B", 5);
    t_task("H", high, arg, 7);
    t_task("end", ender, NULL, 1);
}

static void case_slice_ends_under_a_higher_task(void)
{
    for (int off = 0; off < 2; off++) {
        t_scenario_reset();
        t_log_clear();
        CHECK_EQ(t_run(high_main, off ? (void *)1 : NULL, 9), 0);
        /* A: 500 by 500, a new slice 1500..2500 (1500), the rest 3500..4300. */
        CHECK_LOG("A+0 H+500 H-1500 B+2500 A-4300 B-5600");
    }
}

/* vos_time_skip brings the slice's end nearer with every other event
 * (kernel/slice.c, vos__slice_shift). A, 200 cycles into its slice,
 * skips 300: its slice ends at 700 by the counter, not 1000. B, 100 into
 * its own (700..1700), skips 5000, past the slice's end: B is rotated at
 * once, at 800, and A's next slice is 800..1800. main skips first, with
 * no slice armed (it is alone on its level): nothing to bring nearer. */
static void skipper(void *arg)
{
    bool a = *(const char *)arg == 'A';
    t_log("%s+%llu", (const char *)arg, (unsigned long long)vos_now());
    host_advance(a ? 200 : 100);
    CHECK_EQ(vos_time_skip(vos_cycles(a ? 300 : 5000)), VOS_OK);
    host_advance(2000);
    t_log("%s-%llu", (const char *)arg, (unsigned long long)vos_now());
}

static void skip_main(void *arg)
{
    (void)arg;
    CHECK_EQ(vos_time_skip(vos_cycles(10)), VOS_OK);
    t_task("A", skipper, "A", 5);
    t_task("B", skipper, "B", 5);
    t_task("end", ender, NULL, 1);
}

static void case_time_skip_brings_the_slice_end(void)
{
    CHECK_EQ(t_run(skip_main, NULL, 9), 0);
    /* A 0..700, B 700..800 (skips past its end), A 800..1800, B
     * 1800..2800, A ends at 3300 (200 + 500 + 1000 + 500 of its 2200), B
     * alone to 4300. */
    CHECK_LOG("A+0 B+700 A-3300 B-4300");
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"round_robin", case_round_robin},
        {"opt_out", case_opt_out},
        {"yield_and_slices", case_yield_and_slices},
        {"no_slice_alarm_without_peers", case_no_slice_alarm_without_peers},
        {"sliced_from_the_start", case_sliced_from_the_start},
        {"sleeper_inside_slices", case_sleeper_inside_slices},
        {"slice_ends_under_a_higher_task", case_slice_ends_under_a_higher_task},
        {"time_skip_brings_the_slice_end", case_time_skip_brings_the_slice_end},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
