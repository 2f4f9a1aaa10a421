/* SPDX-License-Identifier: MIT */
/*
 * Private interface between the host port's files (port.c: the CPU,
 * contexts and scenarios; clock.c: the virtual time base and alarm).
 * Not for tests: they use host.h.
 */
#ifndef VAIOS_ARCH_HOST_PORT_H
#define VAIOS_ARCH_HOST_PORT_H

#include "vaios/time.h"

/* Time the alarm is armed for, VOS_TIME_NEVER when disarmed. */
vos_time_t host__alarm_next(void);

/* Disarm the alarm because it is being delivered now. */
void host__alarm_take(void);

/* Set the virtual time (never backwards, except by host__clock_reset). */
void host__clock_set(vos_time_t t);

/* Back to time 0, alarm disarmed: the start of a scenario. */
void host__clock_reset(void);

/* Ask port.c to deliver the alarm as soon as interrupts allow (the alarm
 * was set to a time that has already come). */
void host__alarm_pend(void);

#endif /* VAIOS_ARCH_HOST_PORT_H */
