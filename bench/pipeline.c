/* SPDX-License-Identifier: MIT */
/* imu_pipeline: not yet in this build (issue 7). */
#include "core.h"
#include "families.h"

void bench_pipeline(void)
{
    vb_skip("imu_pipeline", "the flight pipeline is not in this build yet (issue 7)");
}
