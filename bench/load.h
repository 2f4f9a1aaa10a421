/* SPDX-License-Identifier: MIT */
/*
 * The background loads of the loaded scenarios (bench/load.c), one
 * definition each, shared by the families that measure under load
 * (timing.c, timers.c, interrupts.c, pipeline.c; docs/benchmark.md):
 *
 *   VB_LOAD_BUSY    a task that spins on a counter: the CPU is never idle
 *   VB_LOAD_SEM     two tasks contending for a mutex and passing a semaphore
 *                   back and forth: the kernel's blocking, waking and
 *                   inheritance paths all the time
 *   VB_LOAD_ALLOC   a task allocating and freeing random sizes on a heap
 *                   kept half full, in the arena's first 16 KB (OSAL_HAS_HEAP)
 *   VB_LOAD_KERNEL  a task that takes every kind of critical section (gives,
 *                   takes, a contended mutex, a queue round trip, a short
 *                   sleep) and its partner, which boosts it, one level above
 *   the tick        the board's test source 0 every 99.73 us at
 *                   OSAL_IRQ_PRIO_KERNEL: not 100 us, since a period
 *                   commensurate with a measured one would keep the
 *                   interrupts at one fixed phase of it in this exact
 *                   emulator, and the worst case would never be seen
 *
 * One load at a time: start it, measure, end it (vb_load_end), join its
 * slots. Called from the bench main task (task context), never inside a
 * measurement window.
 */
#ifndef BENCH_LOAD_H
#define BENCH_LOAD_H

#include <stdint.h>

enum {
    VB_LOAD_BUSY   = 1u << 0,
    VB_LOAD_SEM    = 1u << 1,
    VB_LOAD_ALLOC  = 1u << 2,
    VB_LOAD_KERNEL = 1u << 3,
};

/* Spawn the tasks of the loads in kinds into slots slot, slot + 1, ... at
 * level prio (VB_LOAD_KERNEL's partner at prio + 1), in the order of the
 * bits; returns how many. They run until vb_load_end(). */
int vb_load_tasks(unsigned kinds, int slot, int prio);

/* Start the tick; stop it. A stop of a tick that never fired is an error
 * of the run (its scenario would not be loaded): it stops the run with a
 * "!!" line. */
void vb_load_tick_start(void);
void vb_load_tick_stop(void);

/* Ask the load tasks to return; the caller joins their slots. */
void vb_load_end(void);

#endif /* BENCH_LOAD_H */
