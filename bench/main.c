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

#if VB_QUICK || !OSAL_HAS_HEAP || !OSAL_HAS_CMSIS_ROWS || !VB_HAS_FLIGHT || !OSAL_HAS_TM_PORT || \
    !OSAL_HAS_CHANNEL
/* A skip line for each of n metrics (families this image does not run). */
static void skip_all(const char *const *ids, unsigned n, const char *why)
{
    for (unsigned i = 0; i < n; i++)
        vb_skip(ids[i], why);
}
#endif
#if VB_QUICK || !OSAL_HAS_HEAP
/* The metrics of the families that need a heap. */
static const char *const heap_ids[] = { "alloc_8", "alloc_64", "alloc_512", "alloc_4k", "free",
                                        "alloc_frag", "alloc_throughput", "imu_pipeline",
                                        "imu_pipeline_misses", "soak" };
#endif
#define QUICK_WHY "not in the short run of make test (VB_QUICK): a full build of this backend " \
                  "measures it"

static os_task_t main_task;
static OSAL_STACK_DEFINE(main_stack, 4096);

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
#elif OSAL_MPU
    /* The image of the MPU build measures only the memory-protection rows
     * (the rest of the harness is not written for 1 KB stack guards). */
    bench_mpu();
#elif defined(VB_SOAK_ONLY) && VB_HAS_FLIGHT
    /* make soak: the long flight only. */
    bench_soak();
#elif VB_QUICK
    /* The short runs of make test that set two backends side by side
     * (bench/CMakeLists.txt): the families every kernel has, with the
     * sample counts of timing.c reduced; the rest is listed as skipped. */
    bench_switching();
    bench_sync();
    bench_messaging();
#if OSAL_HAS_CMSIS_ROWS
    bench_cmsis();
#endif
    bench_timing();
    bench_interrupts();
    static const char *const not_run[] = { "timer_isr_latency", "timer_task_latency",
        "timer_start_stop", "timer_periodic_jitter", "sched_lock_unlock" };
    skip_all(not_run, sizeof not_run / sizeof not_run[0], QUICK_WHY);
#if OSAL_HAS_TM_PORT
    bench_threadmetric();
#else
    static const char *const tm_quick[] = { "tm_basic", "tm_coop", "tm_preempt", "tm_irq",
                                            "tm_irq_preempt", "tm_message", "tm_sync",
                                            "tm_memory" };
    skip_all(tm_quick, sizeof tm_quick / sizeof tm_quick[0],
             "this backend has no Thread-Metric porting layer (bench/tm_api.h) yet");
#endif
#if OSAL_HAS_HEAP
    skip_all(heap_ids, sizeof heap_ids / sizeof heap_ids[0], QUICK_WHY);
#else
    skip_all(heap_ids, sizeof heap_ids / sizeof heap_ids[0], OSAL_NO_HEAP_WHY);
#endif
#else
    bench_switching();
    bench_sync();
    bench_messaging();
#if OSAL_HAS_CHANNEL
    bench_channel();
#else
    static const char *const chan_ids[] = { "msg_sync_roundtrip", "msg_sync_latency", "pi_msg" };
    skip_all(chan_ids, sizeof chan_ids / sizeof chan_ids[0],
             "VAIOS's synchronous message passing (vos_chan): measured by the vaios backend only");
#endif
#if OSAL_HAS_CMSIS_ROWS
    bench_cmsis();
#endif
#if OSAL_HAS_HEAP
    bench_memory();
#else
    skip_all(heap_ids, sizeof heap_ids / sizeof heap_ids[0], OSAL_NO_HEAP_WHY);
#endif
    bench_timing();
    bench_timers();
    bench_interrupts();
#if OSAL_HAS_TM_PORT
    bench_threadmetric();
#else
    static const char *const tm_ids[] = { "tm_basic", "tm_coop", "tm_preempt", "tm_irq",
                                          "tm_irq_preempt", "tm_message", "tm_sync", "tm_memory" };
    skip_all(tm_ids, sizeof tm_ids / sizeof tm_ids[0],
             "this backend has no Thread-Metric porting layer (bench/tm_api.h) yet");
#endif
#if VB_HAS_FLIGHT
    bench_pipeline();
    bench_soak();
#elif OSAL_HAS_HEAP
    static const char *const flight_ids[] = { "imu_pipeline", "imu_pipeline_misses", "soak" };
    skip_all(flight_ids, sizeof flight_ids / sizeof flight_ids[0], VB_NO_FLIGHT_WHY);
#endif
#endif
#if !OSAL_HAS_CMSIS_ROWS && !OSAL_CRIT_STATS && !OSAL_TRACE
    static const char *const cmsis_rows[] = { "cmsis_yield", "cmsis_sem", "cmsis_mutex",
                                              "cmsis_queue", "cmsis_msg_latency",
                                              "cmsis_flags_wake" };
    skip_all(cmsis_rows, sizeof cmsis_rows / sizeof cmsis_rows[0],
             "the cost of VAIOS's CMSIS-RTOS2 layer over VAIOS's own calls: measured by the "
             "vaios backend only");
#endif
    board_printf("@VOS done 0\n");
    board_exit(0);
}

int main(void)
{
    os_task_create(&main_task, "bench", bench_main, NULL, VB_MAIN_PRIO, main_stack,
                   OSAL_STACK_SIZEOF(main_stack));
    os_start();
    return 1;
}
