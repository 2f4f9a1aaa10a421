/* SPDX-License-Identifier: MIT */
/*
 * Time, kernel-private: the timeout list and the alarm (kernel/time.c),
 * time slices (kernel/slice.c), and the software timers' hooks into the
 * alarm (kernel/timer.c). Sleeping is kernel/sleep.c's, through
 * vos__block; what it shares with the alarm interrupt is kernel/wake.h's.
 * Included by kernel.h.
 *
 * Contract: every function here is called with the kernel lock held,
 * except vos__alarm_isr (the board's alarm interrupt, which takes it) and
 * vos__time_start (vos_start, lock held as well). A task is on the
 * timeout list exactly when its deadline is non-zero; the alarm is
 * programmed for the earliest of the list's head, the slice's end and
 * vos__timer_due (time.c states the exception).
 */
#ifndef VAIOS_KERNEL_KTIME_H
#define VAIOS_KERNEL_KTIME_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/vaios.h"
#include "port_api.h"       /* arch_now */

/* --- Timeouts and the alarm (time.c) -------------------------------------- */

/* Put t on the timeout list for deadline (0 is taken as 1: 0 means "on no
 * list"); programs the alarm if t is now the earliest. */
void vos__timeout_add(vos_task_t *t, vos_time_t deadline);
/* Take t off the timeout list; the alarm is left as it is. */
void vos__timeout_del(vos_task_t *t);
/* vos__alarm_isr, the alarm's interrupt: arch/port.h. */
void vos__time_start(void);           /* program the first alarm */
void vos__time_reset(void);           /* empty the timeout list, no slice, no calibration */
/* vos_sleep_until found t passed at now (t < now): the running task's
 * missed deadline counted and traced; returns VOS_ERR_LATE. Lock held,
 * after the start (kernel/deadline.c). */
int vos__deadline_missed(vos_time_t t, vos_time_t now);
/* The overrun count sits in the padding the 64-bit deadline's alignment
 * would leave on a 32-bit target (with and without VOS_CFG_MPU): a control
 * block is no larger for it (the benchmark's 256 filler tasks have no room
 * for +8 B each: issue 33 item 2). */
_Static_assert(sizeof(void *) != 4u ||
                   ((offsetof(vos_task_t, overruns) % 8u) == 4u &&
                    (offsetof(vos_task_t, overruns) + 4u) == offsetof(vos_task_t, deadline)),
               "the overrun count fills the deadline's alignment padding");
/* Earliest pending timeout, VOS_TIME_NEVER if none. */
vos_time_t vos__next_timeout(void);
/* Program the alarm for the earliest kernel event. */
void vos__alarm_program(void);

/* Absolute deadline for a relative timeout starting now (VOS_FOREVER and
 * anything past VOS_DUR_MAX: no deadline). */
static inline vos_time_t vos__deadline(vos_dur_t timeout)
{
    if (vos_dur_cycles(timeout) >= vos_dur_cycles(VOS_DUR_MAX))
        return VOS_TIME_NEVER;
    return vos_time_add(arch_now(), timeout);
}

/* Wake on time, calibrated (VOS_WAKE_LEAD_AUTO): an undisturbed wake-up
 * path longer than the lead raises it by this many cycles, a shorter one
 * lowers it by one (kernel/sleep.c). */
#define VOS__WAKE_STEP_UP 16u

/* --- Time slices (slice.c) ------------------------------------------------ */

#if VOS_CFG_TIMESLICE > 0
/* The end of the current slice, 0: none armed. Written by slice.c only. */
extern vos_time_t vos__slice_end;
/* Arm the time slice if the task that must run now has sliced equals and
 * no slice runs (the slice interrupt exists only while it is needed). */
void vos__slice_check(void);
#define VOS__SLICE_CHECK() vos__slice_check()
void vos__slice_start(void);               /* at vos_start: a slice if one is needed */
void vos__slice_reset(void);               /* no slice */
void vos__slice_shift(uint64_t by);        /* vos_time_skip: the end by cycles closer */
/* The slice's end has come (the alarm interrupt, at now): the running
 * task goes behind its sliced equals, the next slice armed if needed. */
void vos__slice_expire(vos_time_t now);
#else
#define VOS__SLICE_CHECK()    ((void)0)
#define vos__slice_start()    ((void)0)
#define vos__slice_reset()    ((void)0)
#define vos__slice_shift(by)  ((void)(by))
#endif

/* --- Software timers (timer.c) -------------------------------------------- */

/* Earliest armed timer's expiry, VOS_TIME_NEVER if none. */
extern vos_time_t vos__timer_due;
#define vos__timer_next() (vos__timer_due)
/* Expire every timer due at now, from the alarm interrupt. Called with the
 * lock held as key; returns the key it holds on return (each expiry is a
 * critical section of its own, an ISR callback runs unlocked). */
uint32_t vos__timer_expire(vos_time_t now, uint32_t key);
/* Forget every timer and the service task (vos__reset). A weak reference:
 * an image without timers links none of timer.c. */
void vos__timer_reset(void) __attribute__((weak));

#endif /* VAIOS_KERNEL_KTIME_H */
