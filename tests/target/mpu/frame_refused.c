/* SPDX-License-Identifier: MIT */
/*
 * Must NOT compile in an MPU build (tools/mpu_run.py builds it and expects
 * the compiler's refusal): a frame larger than the guard could jump it
 * (CMakeLists.txt, VAIOS_MPU: -Werror=frame-larger-than=<guard>).
 */
#include "vaios/vaios.h"

static __attribute__((noinline)) void too_big(void)
{
    volatile uint8_t buf[VOS_CFG_STACK_GUARD + 16];
    for (unsigned i = 0; i < sizeof buf; i++)
        buf[i] = 0;
}

int main(void)
{
    too_big();
    return 0;
}
