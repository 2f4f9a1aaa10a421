/* SPDX-License-Identifier: MIT */
/* Thread-Metric rows (tm_*): not yet in this build. */
#include "core.h"
#include "families.h"

void bench_threadmetric(void)
{
    static const char *const ids[] = { "tm_basic", "tm_coop", "tm_preempt", "tm_irq",
                                       "tm_irq_preempt", "tm_message", "tm_sync", "tm_memory" };
    for (unsigned i = 0; i < sizeof ids / sizeof ids[0]; i++)
        vb_skip(ids[i], "Thread-Metric tests are not in this build yet");
}
