/* SPDX-License-Identifier: MIT */
/*
 * The benchmark image: runs every metric family in turn from the main
 * task and prints "@VOS" result lines (see docs/results-json.md), read by
 * tools/vaios_report.py.
 */
#include "core.h"
#include "families.h"
#include "vb_commit.h" /* VB_COMMIT, written at build time by cmake/vb_commit.cmake */
#ifndef VB_CFLAGS
#define VB_CFLAGS "unknown"
#endif

/* How the idle task waits in this image: defined by an idle body that
 * replaces the port's WFI (boards/netduinoplus2/idle_exact.c). */
extern const char vb_idle_mode[] __attribute__((weak));

static os_task_t main_task;
static uint64_t main_stack[4096 / 8];

static void bench_main(void *arg)
{
    (void)arg;
    vb_calibrate();
    board_printf("@VOS config commit=%s board=%s unit=%s\n", VB_COMMIT, board_name,
                 board_cycle_unit);
    board_printf("@VOS config cc=\"gcc %s\" cflags=\"%s\"\n", __VERSION__, VB_CFLAGS);
    os_print_config();
    vb_print_config();
    board_printf("@VOS config idle=\"%s\"\n", vb_idle_mode != NULL ? vb_idle_mode : "wfi");
    board_printf("@VOS config empty_measurement=%lu note=\"subtracted from every sample whose start point is a counter read\"\n",
                 (unsigned long)vb_overhead);

#if OSAL_CRIT_STATS
    /* The image with critical-section statistics measures only crit_max. */
    bench_interrupts();
#elif OSAL_TRACE
    /* The image with tracing measures only the cost of an event. */
    bench_tracing();
#elif defined(VB_SOAK_ONLY)
    /* make soak: the long flight only. */
    bench_soak();
#else
    bench_switching();
    bench_sync();
    bench_messaging();
    bench_channel();
    bench_cmsis();
    bench_memory();
    bench_timing();
    bench_timers();
    bench_interrupts();
    bench_threadmetric();
    bench_pipeline();
    bench_soak();
#endif
    board_printf("@VOS done 0\n");
    board_exit(0);
}

int main(void)
{
    os_task_create(&main_task, "bench", bench_main, NULL, VB_MAIN_PRIO, main_stack,
                   sizeof main_stack);
    os_start();
    return 1;
}
