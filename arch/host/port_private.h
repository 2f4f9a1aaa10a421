/* SPDX-License-Identifier: MIT */
/*
 * Private interface between the host port's files (port.c: the CPU,
 * contexts and scenarios; clock.c: the virtual time base and alarm).
 * Not for tests: they use host_test.h.
 *
 * The host port's names, one prefix per role:
 *   host_test.h     the test API (host_run, host_irq, host_advance...):
 *                   prefix host_, constants HOST_;
 *   port_impl.h     the port contract's inline part (arch/port.h), and
 *   port_private.h  this file: the port's own symbols, shared between its
 *                   files or with its assembly (switch.S): prefix
 *                   arch_host_, constants ARCH_HOST_.
 * The kernel's vos__cpu_* (vaios/critical.h) are the public critical
 * section's entry points, which port.c defines for the host.
 */
#ifndef VAIOS_ARCH_HOST_PORT_PRIVATE_H
#define VAIOS_ARCH_HOST_PORT_PRIVATE_H

#include "vaios/time.h"

/* Time the alarm is armed for, VOS_TIME_NEVER when disarmed. */
vos_time_t arch_host_alarm_next(void);

/* Disarm the alarm because it is being delivered now. */
void arch_host_alarm_take(void);

/* Set the virtual time (never backwards, except by arch_host_clock_reset). */
void arch_host_clock_set(vos_time_t t);

/* Back to time 0, alarm disarmed: the start of a scenario. */
void arch_host_clock_reset(void);

/* Ask port.c to deliver the alarm as soon as interrupts allow (the alarm
 * was set to a time that has already come). */
void arch_host_alarm_pend(void);

#endif /* VAIOS_ARCH_HOST_PORT_PRIVATE_H */
