/* SPDX-License-Identifier: MIT */
/*
 * Host port: the virtual time base and the one alarm (port contract:
 * arch_time_init, arch_now, arch_alarm_set, arch_alarm_cancel, and the
 * word arch_time_lo, kept equal to the clock's low 32 bits).
 *
 * The time base is a 64-bit cycle count at VOS_CFG_CLOCK_HZ (1 GHz) that
 * moves only when port.c moves it: a task computing (host_advance), a
 * handler doing so, or the idle task jumping to the alarm. The alarm is a
 * time, or VOS_TIME_NEVER when disarmed; port.c delivers it exactly when the
 * clock reaches it, never early and never late, so a host test can assert
 * a wake-up to the cycle.
 *
 * Invariant: "now" never goes backwards within a scenario.
 */
#include "port_api.h"
#include "host_test.h"
#include "port_private.h"

static vos_time_t now;
volatile uint32_t arch_time_lo;
static vos_time_t alarm_at = VOS_TIME_NEVER;

void arch_time_init(void)
{
    alarm_at = VOS_TIME_NEVER;
}

vos_time_t arch_now(void)
{
    return now;
}

uint32_t arch_cycles(void)
{
    return (uint32_t)now;
}

void arch_alarm_set(vos_time_t t)
{
    alarm_at = t;
    /* A time already reached: the interrupt is pending at once and is
     * taken when the lock drops (or the running handler returns). */
    if (t <= now)
        arch_host_alarm_pend();
}

void arch_alarm_cancel(void)
{
    alarm_at = VOS_TIME_NEVER;
}

vos_time_t host_now(void)
{
    return now;
}

vos_time_t host_alarm_at(void)
{
    return alarm_at;
}

vos_time_t arch_host_alarm_next(void)
{
    return alarm_at;
}

void arch_host_alarm_take(void)
{
    alarm_at = VOS_TIME_NEVER;
}

void arch_host_clock_set(vos_time_t t)
{
    if (t < now)
        arch_halt("host clock: time would go backwards");
    now = t;
    arch_time_lo = (uint32_t)t;
}

void arch_host_clock_reset(void)
{
    now = 0;
    arch_time_lo = 0;
    alarm_at = VOS_TIME_NEVER;
}
