/* SPDX-License-Identifier: MIT */
/*
 * ctx_switch_stats: ctx_yield's two tasks yielding in turn (switching.c,
 * the same code), measured in the image built with the kernel's run-time
 * statistics (VOS_CFG_RUNTIME_STATS): each switch then ends one task's
 * activation and begins the other's (kernel/stats.c). Its difference from
 * ctx_yield is the instructions the statistics add to a switch.
 */
#include "core.h"
#include "families.h"

#if OSAL_RUNTIME_STATS
void bench_runstats(void)
{
    vb_yield_run("ctx_switch_stats", "two equal-priority tasks, run-time statistics on; per switch");
}
#endif /* OSAL_RUNTIME_STATS: other images leave ctx_switch_stats to this one (families.def) */
