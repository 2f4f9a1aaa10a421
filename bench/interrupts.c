/* SPDX-License-Identifier: MIT */
/*
 * Interrupt metrics (MEASURING.md): irq_latency, irq_to_task, irq_storm,
 * tick_isr, crit_max. Issue 7 brings them; until then the report lists
 * them as not yet measured.
 */
#include "core.h"
#include "families.h"

void bench_interrupts(void)
{
    vb_skip("irq_latency", "interrupt metrics are not in this build yet (issue 7)");
    vb_skip("irq_to_task", "interrupt metrics are not in this build yet (issue 7)");
    vb_skip("irq_storm", "interrupt metrics are not in this build yet (issue 7)");
    vb_skip("tick_isr", "interrupt metrics are not in this build yet (issue 7)");
    vb_skip("crit_max", "interrupt metrics are not in this build yet (issue 7)");
}
