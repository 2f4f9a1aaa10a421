/* SPDX-License-Identifier: MIT */
/* Bring-up: the first task runs, time advances, a sleep returns. */
#include "vtest.h"

VT_TEST(first_task_runs)
{
    VT_ASSERT(vos_running());
    VT_EQ(vos_task_priority(NULL), VT_RUNNER_PRIO);
}

VT_TEST(time_advances)
{
    /* Strictly later within a few reads: one on the 1 GHz emulated board;
     * a coarser time base (the MPS2 boards' 25 MHz, 40 instructions a
     * count) may read the same count twice. */
    vos_time_t a = vos_now();
    vos_time_t b = vos_now();
    for (int i = 0; i < 100 && b == a; i++)
        b = vos_now();
    VT_ASSERT(b > a);
}

VT_TEST(sleep_1ms)
{
    vos_time_t a = vos_now();
    VT_EQ(vos_sleep(vos_ms(1)), VOS_OK);
    vos_time_t d = vos_now() - a;
    VT_ASSERT(d >= vos_dur_cycles(vos_ms(1)));
    VT_LE(d, vos_dur_cycles(vos_ms(1)) + 500);
    vt_note("sleep(1 ms) took %llu\n", (unsigned long long)d);
}
