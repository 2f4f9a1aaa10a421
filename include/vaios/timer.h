/* SPDX-License-Identifier: MIT */
/*
 * Software timers: one-shot and periodic, in caller memory, on the
 * kernel's one alarm (no periodic tick appears because a timer exists).
 *
 * A timer's callback runs either in the timer service task (the default:
 * the callback may use any task-context call; the service task's priority
 * is the application's, vos_timer_service_start) or, for a timer created
 * with VOS_TIMER_ISR, in the alarm interrupt itself (the lowest latency;
 * the callback may use only _isr calls and must be short).
 *
 * A periodic timer never drifts: expiry n is at first + n * period
 * exactly, whenever the callbacks run. An expiry whose time has passed
 * before the previous callback ran (service task starved, interrupts
 * masked too long) is not run late: it is counted in the timer's overruns
 * and the timer goes on at the next period boundary in the future.
 *
 * Costs: armed timers are kept in a leftist heap ordered by expiry time:
 * start, stop, restart and each expiry are O(log n) in the number of
 * armed timers, worst case; the next expiry is read in O(1).
 */
#ifndef VAIOS_TIMER_H
#define VAIOS_TIMER_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/time.h"

typedef struct vos_timer vos_timer_t;
typedef void (*vos_timer_fn_t)(vos_timer_t *tm, void *arg);

#define VOS_TIMER_ISR 0x1u   /* callback runs in interrupt context (only _isr calls) */

/* The timer object; its fields are the kernel's. */
struct vos_timer {
    uint32_t tag;                      /* VOS_TAG_TIMER */
    struct vos_timer *left, *right, *parent;  /* heap links while armed */
    struct vos_timer *qnext;           /* service queue link while pending */
    vos_time_t due;                    /* next expiry while armed */
    vos_dur_t period;                  /* 0: one-shot */
    vos_timer_fn_t fn;
    void *arg;
    const char *name;
    uint32_t overruns;                 /* expiries skipped since the start */
    uint8_t npl;                       /* heap: null-path length */
    uint8_t flags;                     /* VOS_TIMER_ISR */
    uint8_t armed;                     /* in the heap */
    uint8_t pending;                   /* callback queued for the service task */
};

/* Initialise tm (stopped). name may be NULL. Any context.
 * Errors: VOS_ERR_INVALID (tm NULL; tm is an active timer),
 * VOS_ERR_ARG (fn NULL, unknown flags). */
int vos_timer_init(vos_timer_t *tm, const char *name, vos_timer_fn_t fn, void *arg,
                   unsigned flags);

/* Arm tm to expire first after `first` (at least; VOS_NO_WAIT: at the
 * next alarm interrupt), then every `period` (0: once). An active timer is
 * restarted (its pending callback, if any, is dropped and its overrun
 * count cleared). Any context (thread or kernel-level interrupt).
 * Errors: VOS_ERR_INVALID, VOS_ERR_ARG (first or period VOS_DUR_MAX or
 * more, VOS_FOREVER among them), VOS_ERR_NO_SERVICE (a task-context timer
 * while vos_timer_service_start has never succeeded: its callback could
 * never run; refused at VOS_CFG_CHECKS = 0 too). */
int vos_timer_start(vos_timer_t *tm, vos_dur_t first, vos_dur_t period);

/* The same with an absolute first expiry (a time already past expires at
 * once, its callback possibly before this call returns; the periods count
 * from it). Any context.
 * Errors: VOS_ERR_INVALID, VOS_ERR_ARG (first VOS_TIME_NEVER, period
 * VOS_DUR_MAX or more), VOS_ERR_NO_SERVICE (as vos_timer_start). */
int vos_timer_start_at(vos_timer_t *tm, vos_time_t first, vos_dur_t period);

/* Disarm tm and drop its pending callback. Any context.
 * VOS_OK (and VOS_ERR_STATE) promise that no callback of tm starts after
 * this call returns. VOS_ERR_BUSY: tm is stopped all the same, but a
 * callback of it is in progress in another context, committed before this
 * call: the service task has taken it off its queue (about to call it, or
 * running it, possibly blocked in it), or the alarm interrupt is calling
 * it and the caller is a handler nested in it. That callback runs to its
 * end; none starts after it. A callback that stops its own timer is not
 * "another context" and gets VOS_OK (or VOS_ERR_STATE).
 * Errors: VOS_ERR_INVALID, VOS_ERR_STATE (not active), VOS_ERR_BUSY. */
int vos_timer_stop(vos_timer_t *tm);

/* 1 if tm is active (armed, or its callback waits for the service task),
 * 0 if not, or VOS_ERR_INVALID. Any context. */
int vos_timer_active(const vos_timer_t *tm);

/* Time until tm's next expiry into *out (0 if it is due). Any context.
 * Errors: VOS_ERR_INVALID (tm not a timer), VOS_ERR_ARG (out NULL),
 * VOS_ERR_STATE (not armed). */
int vos_timer_remaining(const vos_timer_t *tm, vos_dur_t *out);

/* Expiries of a periodic timer skipped because they were already past
 * (see above), since it was last started, into *out. Any context.
 * Errors: VOS_ERR_INVALID (tm not a timer), VOS_ERR_ARG (out NULL). */
int vos_timer_overruns(const vos_timer_t *tm, uint32_t *out);

/* Stop tm if active and make it invalid (a later call with it gives
 * VOS_ERR_INVALID until it is initialised again). May be called from its
 * own callback. Any context. VOS_OK promises that no callback of tm
 * starts after the call; VOS_ERR_BUSY (deleted all the same) that one
 * committed in another context runs, as for vos_timer_stop: its memory
 * must not be reused before that callback has returned.
 * Errors: VOS_ERR_INVALID, VOS_ERR_BUSY. */
int vos_timer_delete(vos_timer_t *tm);

/* Create the timer service task at priority prio on the given stack (any
 * alignment; at least VOS_CFG_STACK_MIN bytes). Task-context timers can
 * be started only once it has succeeded (VOS_ERR_NO_SERVICE before);
 * callbacks of those that expire while it is terminated wait for the next
 * one. Before or after vos_start(),
 * thread context. Errors: VOS_ERR_STATE (already running), VOS_ERR_ARG
 * (stack NULL, priority, stack size), VOS_ERR_CONTEXT. */
int vos_timer_service_start(unsigned prio, void *stack, size_t stack_size);

struct vos_task;

/* The service task into *out (for its priority, its stack high-water
 * mark, or to terminate it: it may then be started again, on another
 * stack; task-timer callbacks wait meanwhile). Any context.
 * Errors: VOS_ERR_STATE (not running), VOS_ERR_ARG (out NULL). */
int vos_timer_service_task(struct vos_task **out);

#endif /* VAIOS_TIMER_H */
