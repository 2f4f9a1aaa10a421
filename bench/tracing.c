/* SPDX-License-Identifier: MIT */
/*
 * trace_event: the cost of recording one trace event, measured in the
 * image built with tracing on (a user marker: the same recording path as
 * every kernel hook), and the kernel's switch with tracing on for
 * comparison with ctx_yield.
 */
#include "core.h"
#include "families.h"

#define SAMPLES 2000

#if OSAL_TRACE
void bench_tracing(void)
{
    vb_progress("trace_event", 0, SAMPLES);
    vb_reset(0);
    for (int i = 0; i < SAMPLES; i++) {
        uint32_t a = board_cycles();
        os_trace_marker(7, (uint32_t)i);
        uint32_t b = board_cycles();
        vb_add((int64_t)(b - a - vb_overhead));
    }
    vb_report("trace_event", "idle", board_cycle_unit, vb_overhead,
              "one event recorded into the RAM ring (timestamp, lock, record); ring wraps during the run");
}
#endif /* OSAL_TRACE: other images leave trace_event to this one (families.def) */
