/* SPDX-License-Identifier: MIT */
/*
 * Time. The kernel counts time in cycles of the board's free-running time
 * base (VOS_CFG_CLOCK_HZ): 1 GHz on the emulated board, where one cycle is
 * one instruction, the core clock on a real board. Time is 64 bits wide and
 * never wraps in practice (584 years at 1 GHz).
 *
 * Conversions from human units round UP, here and nowhere else: a timeout
 * or sleep of N means "at least N".
 */
#ifndef VAIOS_TIME_H
#define VAIOS_TIME_H

#include <stdint.h>
#include "vaios/config.h"

typedef uint64_t vos_time_t;   /* absolute time, cycles since start */

/* A duration or timeout, in cycles. A structure, not an integer, so that
 * a vos_time_t passed where a duration is expected (or the converse) does
 * not compile. It is 8 bytes and passed in registers like a uint64_t; the
 * functions that return one are inline. Build and read it only through
 * the calls below (vos_ns/us/ms, vos_cycles, vos_dur_cycles), never
 * through its field. */
typedef struct vos_dur {
    uint64_t cyc;
} vos_dur_t;

#define VOS_NO_WAIT  ((vos_dur_t){ 0u })           /* poll: never block */
#define VOS_FOREVER  ((vos_dur_t){ UINT64_MAX })   /* block until satisfied */

/* Longest finite duration (about 146 years at 1 GHz): a sleep or timeout
 * of VOS_DUR_MAX or more means VOS_FOREVER (no deadline). */
#define VOS_DUR_MAX  ((vos_dur_t){ (uint64_t)INT64_MAX })

/* The absolute time that never comes: no deadline, no event pending, an
 * alarm disarmed (vos_hook_idle's argument when nothing is due). */
#define VOS_TIME_NEVER ((vos_time_t)UINT64_MAX)

/* n units of 1/div second to cycles, rounded up; exact for any n below
 * 2^64 / VOS_CFG_CLOCK_HZ * div (no 128-bit arithmetic on the target). */
static inline vos_dur_t vos__units(uint64_t n, uint64_t div)
{
    uint64_t whole = n / div, frac = n % div;
    return (vos_dur_t){ whole * (uint64_t)VOS_CFG_CLOCK_HZ +
                        (frac * (uint64_t)VOS_CFG_CLOCK_HZ + div - 1u) / div };
}
static inline vos_dur_t vos_ns(uint64_t ns) { return vos__units(ns, 1000000000u); }
static inline vos_dur_t vos_us(uint64_t us) { return vos__units(us, 1000000u); }
static inline vos_dur_t vos_ms(uint64_t ms) { return vos__units(ms, 1000u); }

/* A duration of n time-base cycles, and the cycles of a duration. Code
 * that builds or reads durations uses these (and vos_ns/us/ms), never the
 * representation, so that durations and absolute times stay distinct. */
static inline vos_dur_t vos_cycles(uint64_t n) { return (vos_dur_t){ n }; }
static inline uint64_t vos_dur_cycles(vos_dur_t d) { return d.cyc; }

/* The absolute time d after t: how a deadline is built from a time and a
 * duration (t + d does not compile). */
static inline vos_time_t vos_time_add(vos_time_t t, vos_dur_t d) { return t + d.cyc; }

/* Cycles to nanoseconds, rounded down (for reporting). */
static inline uint64_t vos_to_ns(vos_dur_t d)
{
    return d.cyc / VOS_CFG_CLOCK_HZ * 1000000000u +
           d.cyc % VOS_CFG_CLOCK_HZ * 1000000000u / VOS_CFG_CLOCK_HZ;
}

/* Current time. Any context (thread or kernel-level interrupt). */
vos_time_t vos_now(void);

/* Sleep for at least d. Thread context only; d == 0 is a yield (with the
 * scheduler locked, a yield that does nothing: VOS_OK).
 * Returns VOS_OK, or VOS_ERR_CONTEXT from an interrupt, before the
 * scheduler started, from the idle task, or for d > 0 with the scheduler
 * locked (vos_sched_lock). */
int vos_sleep(vos_dur_t d);

/* Sleep until the absolute time t. A periodic loop that adds its period
 * to t every turn never drifts.
 * A t already past when the call is made is a missed deadline: the call
 * returns VOS_ERR_LATE at once (also with the scheduler locked), counts
 * it in the caller's overruns (vos_task_overruns) and records the trace
 * event DEADLINE_MISS (the task, now - t). A t equal to the current time
 * is met: VOS_OK at once. The caller's loop decides how to catch up (the
 * whole periods missed are (now - t) / period).
 * Same errors as vos_sleep (a t still ahead with the scheduler locked:
 * VOS_ERR_CONTEXT). */
int vos_sleep_until(vos_time_t t);

#endif /* VAIOS_TIME_H */
