/* SPDX-License-Identifier: MIT */
/*
 * The STM32Cube HAL's time base on VAIOS's time base: HAL_InitTick,
 * HAL_IncTick, HAL_GetTick, HAL_Delay, HAL_SuspendTick, HAL_ResumeTick
 * (contracts in vaios_hal_timebase.h). Our own implementations of the
 * documented HAL functions, no ST code.
 *
 * Invariant: HAL_GetTick() is vos_now() in whole milliseconds, truncated
 * to 32 bits; there is no tick counter to drift from it, and no interrupt
 * feeds it. HAL_Delay's deadline is built once from vos_now(), so a wait
 * that first sleeps and then busy-waits (or is preempted) still ends at
 * the same time, never before Delay milliseconds have passed.
 */
#include <stdint.h>
#include "vaios/vaios.h"
#include "port.h"
#include "vaios_hal_timebase.h"

int HAL_InitTick(uint32_t TickPriority)
{
    if (TickPriority >= VOS_HAL_TICK_PRIO_LEVELS)
        return VOS_HAL_ERROR;
    /* Before the start the time base may not run yet (vos_start starts
     * it); a board's arch_time_init leaves a running time base running. */
    if (!vos_running())
        arch_time_init();
    return VOS_HAL_OK;
}

void HAL_IncTick(void)
{
}

uint32_t HAL_GetTick(void)
{
    uint64_t now = vos_now();
    uint64_t hz = (uint64_t)VOS_CFG_CLOCK_HZ;
    return (uint32_t)(now / hz * 1000u + now % hz * 1000u / hz);
}

void HAL_Delay(uint32_t Delay)
{
    vos_time_t end = vos_time_add(vos_now(), vos_ms(Delay));
    if (vos_running() && !vos_in_isr() && vos_sched_lock_depth() == 0 &&
        vos_sleep_until(end) == VOS_OK)
        return;
    while (vos_now() < end) {
    }
}

void HAL_SuspendTick(void)
{
}

void HAL_ResumeTick(void)
{
}
