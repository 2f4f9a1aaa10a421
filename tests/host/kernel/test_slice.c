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

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"round_robin", case_round_robin},
        {"opt_out", case_opt_out},
        {"yield_and_slices", case_yield_and_slices},
        {"no_slice_alarm_without_peers", case_no_slice_alarm_without_peers},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
