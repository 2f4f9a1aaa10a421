/* SPDX-License-Identifier: MIT */
/*
 * Run-time statistics (VOS_CFG_RUNTIME_STATS): for every task, the time it
 * ran, how often it was switched in, its shortest, mean and longest
 * activation, and its share of the CPU over a window the caller chooses;
 * the same for the interrupts the kernel's own handlers take (the alarm).
 * With the option off this header declares nothing and the kernel is the
 * same code as without it (the switch does not change).
 *
 * What is measured. An activation of a task is the time from a context
 * switch that makes it the running task to the next switch away from it,
 * stamped with the time base (arch_now) inside the switch: the first part
 * of the switch counts for the outgoing task, the rest for the incoming.
 * The kernel's part of the alarm interrupt (vos__alarm_isr: wakes, timer
 * expiries, time slices) is timed the same way and taken out of the
 * activation it interrupted, so every cycle since vos_start() is counted
 * once: in a task (the idle task included) or in an interrupt source. An
 * interrupt of the application's own is counted in whatever it
 * interrupted (a task, or the alarm if it preempted the alarm's handler).
 *
 * Windows. Nothing is ever reset: the figures count from the task's
 * creation (interrupts: from vos_start), and a reader takes two readings
 * (vos_stats_task, vos_stats_irq or vos_stats_snapshot) and compares
 * them (vos_stats_share, vos_stats_top). Any number of readers, each with
 * its own window, therefore never disturb each other, and a reading is
 * never lost to someone else's reset. The shortest and longest activation
 * are since creation, not per window (a window of its own would need a
 * reset); the mean is that of the completed activations since creation.
 *
 * Sums. One vos_stats_snapshot reads every source at the same instant
 * (its at): the cycles of the interrupt sources and of the live tasks
 * add up to the time since vos_start(), exactly, less the time of the
 * tasks that have ended (they are no longer listed). Between two
 * snapshots the differences therefore add up to the window (at - at),
 * when no task ended within it.
 *
 * Cost. Each context switch calls the kernel once more (the ctx_switch_stats
 * row of the benchmark, docs/benchmark.md, gives the instructions), reads
 * the time base once and updates the two tasks' records; the alarm
 * interrupt reads the time base twice more. 24 bytes more per task. The
 * reading calls are short sections with kernel interrupts masked, except
 * vos_stats_snapshot, which is O(tasks) masked (a call for a supervisor or
 * a console, not for a control loop).
 *
 * Units: time-base cycles (VOS_CFG_CLOCK_HZ), as vos_time_t. An
 * activation longer than 2^32 - 1 cycles counts in full in cycles but as
 * 2^32 - 1 in min and max.
 */
#ifndef VAIOS_STATS_H
#define VAIOS_STATS_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/config.h"
#include "vaios/error.h"
#include "vaios/kobj.h"
#include "vaios/task.h"
#include "vaios/time.h"

#if VOS_CFG_RUNTIME_STATS

/* The interrupt sources measured: the kernel's own handlers. */
enum vos_stats_irq {
    VOS_STATS_IRQ_ALARM = 0,   /* the alarm (timeouts, timers, time slices) */
    VOS_STATS_IRQS             /* how many there are */
};

/* vos_stats_t.irq of a task's record. */
#define VOS_STATS_TASK (-1)

/* One reading of one source (a task or an interrupt), filled by the
 * kernel. The application reads the fields and keeps the record for a
 * later comparison; it never writes them. */
typedef struct vos_stats {
    uint32_t tag;              /* VOS_TAG_STATS: filled by the kernel */
    int16_t irq;               /* enum vos_stats_irq, or VOS_STATS_TASK */
    uint8_t prio;              /* a task's effective priority at the read */
    uint8_t running;           /* 1: the source was running at the read */
    const vos_task_t *task;    /* the task; NULL for an interrupt source */
    const char *name;          /* the task's name ("alarm" for the alarm) */
    vos_time_t at;             /* the time of the reading (vos_now) */
    uint64_t cycles;           /* run until at, interrupts excluded; the
                                  running activation's part included */
    uint64_t activations;      /* times switched in (interrupts: taken),
                                  the running one included */
    uint32_t min;              /* shortest completed activation, 0: none */
    uint32_t mean;             /* mean of the completed activations */
    uint32_t max;              /* longest completed activation */
} vos_stats_t;

/* Read task t's figures into *out (t == NULL: the caller). An ended task
 * (exited, terminated, faulted) keeps its last figures until its control
 * block is reused.
 * Context: any (thread, kernel-level interrupt, before the start).
 * Errors: VOS_ERR_ARG (out NULL), VOS_ERR_INVALID (t not a task),
 * VOS_ERR_CONTEXT (t NULL outside a task, or a handler above the kernel's
 * level). */
int vos_stats_task(const vos_task_t *t, vos_stats_t *out);

/* Read interrupt source irq (enum vos_stats_irq) into *out. Context: any.
 * Errors: VOS_ERR_ARG (out NULL, irq not a source), VOS_ERR_CONTEXT. */
int vos_stats_irq(int irq, vos_stats_t *out);

/* Read every interrupt source (first, in enum order) and every live task
 * (most recently created first) into out[0..cap-1], all at the same
 * instant, and their number into *count.
 * Context: thread, kernel-level interrupt or before the start. Cost:
 * O(tasks), all of it with kernel interrupts masked.
 * Errors: VOS_ERR_ARG (out or count NULL), VOS_ERR_TOO_BIG (more sources
 * than cap: out holds the first cap, *count says how many there are),
 * VOS_ERR_CONTEXT. */
int vos_stats_snapshot(vos_stats_t *out, size_t cap, size_t *count);

/* The share of the window [before->at, after->at] that the source of both
 * readings ran, in parts per million, into *ppm (rounded down).
 * Context: any.
 * Errors: VOS_ERR_ARG (a pointer NULL; the readings are of two different
 * sources; after is not later than before), VOS_ERR_INVALID (a record the
 * kernel did not fill: its tag). */
int vos_stats_share(const vos_stats_t *before, const vos_stats_t *after, uint32_t *ppm);

/* The console "top": the table of one window between two snapshots
 * (vos_stats_snapshot), one line per source of after (a source missing
 * from before counts from zero: created within the window), written one
 * character at a time through put(c, ctx). Columns: the name, the
 * priority (irq for an interrupt), the share of the window in percent
 * with two decimals, the cycles and activations within the window, the
 * shortest, mean and longest activation since creation. A first line
 * gives the window's length in cycles. No library call: the kernel
 * formats the numbers itself.
 * Context: any where put may run. Errors: VOS_ERR_ARG (a pointer NULL,
 * nafter 0, after not later than before), VOS_ERR_INVALID (a record the
 * kernel did not fill). */
typedef void (*vos_stats_put_t)(char c, void *ctx);
int vos_stats_top(const vos_stats_t *before, size_t nbefore, const vos_stats_t *after,
                  size_t nafter, vos_stats_put_t put, void *ctx);

/* vos_stats_top into buf[0..size-1], NUL-terminated, its length (without
 * the NUL) into *len. Errors: those of vos_stats_top; VOS_ERR_ARG (buf or
 * len NULL, size 0); VOS_ERR_TOO_BIG (the table did not fit: buf holds
 * its first size - 1 characters, *len the length it needs). */
int vos_stats_top_buf(const vos_stats_t *before, size_t nbefore, const vos_stats_t *after,
                      size_t nafter, char *buf, size_t size, size_t *len);

#endif /* VOS_CFG_RUNTIME_STATS */

#endif /* VAIOS_STATS_H */
