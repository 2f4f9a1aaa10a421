/* SPDX-License-Identifier: MIT */
/*
 * Kernel-private declarations, the umbrella every kernel .c file
 * includes: one header per concept, each with its contract. Nothing
 * outside kernel/ includes this (a port includes port_api.h, its half;
 * the white-box tests include this).
 *
 *   port_api.h     the port contract's kernel half: the scheduler block, the pick
 *   kcall.h        a kernel call's entry: checks, assertions, levels, the lock
 *   ktime.h        timeouts, the alarm, time slices, the timers' hooks
 *   ksched.h       the scheduler's state: ready levels, scheduler lock, flags
 *   waitq.h        wait queues, blocking, waking
 *   ktask.h        the live tasks, joiners, a task's end
 *   pi.h           priority inheritance: held lists and their entries
 *   syscall.h      the unprivileged calls' numbers, arguments and entries
 *   trace_hooks.h  the trace hooks and the switch reason
 *   stats_hooks.h  the run-time statistics' hooks (VOS_CFG_RUNTIME_STATS)
 * (kernel/wake.h, wake on time's shared state, is time.c's and sleep.c's
 * only.)
 */
#ifndef VAIOS_KERNEL_H
#define VAIOS_KERNEL_H

#include <stddef.h>
#include "vaios/vaios.h"
#include "port_api.h"
#include "trace_hooks.h"
#include "kcall.h"
#include "ktime.h"
#include "stats_hooks.h"     /* empty unless VOS_CFG_RUNTIME_STATS */
#include "ksched.h"
#include "waitq.h"
#include "ktask.h"
#include "pi.h"
#include "syscall.h"

/* vos__reset (the host port's): port_api.h. */

/* The fault record's store (kernel/fault.c): its address and size, for
 * the host tests that damage it on purpose. */
void *vos__fault_store(size_t *size);

#endif /* VAIOS_KERNEL_H */
