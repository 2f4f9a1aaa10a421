/* SPDX-License-Identifier: MIT */
/*
 * Kernel configuration. An application may provide "vaios_config.h" on its
 * include path to override any option below; everything not overridden
 * takes the default given here. Every option is checked at compile time.
 *
 * VOS_CFG_CLOCK_HZ is the frequency of the board's free-running time base;
 * the board's build passes it (it is not a kernel choice).
 */
#ifndef VAIOS_CONFIG_H
#define VAIOS_CONFIG_H

#if defined(__has_include)
#if __has_include("vaios_config.h")
#include "vaios_config.h"
#endif
#endif

/* Frequency of the time base in Hz (set by the board). */
#ifndef VOS_CFG_CLOCK_HZ
#error "VOS_CFG_CLOCK_HZ must be defined by the board build"
#endif

/* Number of priority levels, 0 (idle) .. VOS_CFG_PRIO_LEVELS-1 (highest). */
#ifndef VOS_CFG_PRIO_LEVELS
#define VOS_CFG_PRIO_LEVELS 32
#endif

/* Parameter checks on every public call (type tags, ranges, context). */
#ifndef VOS_CFG_CHECKS
#define VOS_CFG_CHECKS 1
#endif

/* Internal invariant assertions (test builds). */
#ifndef VOS_CFG_ASSERT
#define VOS_CFG_ASSERT 0
#endif

/* Round-robin time slice among equal priorities, in time-base cycles;
 * 0 disables time slicing (the default). A task may still opt out. */
#ifndef VOS_CFG_TIMESLICE
#define VOS_CFG_TIMESLICE 0
#endif

/* Stack guard: bytes of pattern at the low end of every task stack,
 * checked on every context switch. 0 disables the check. */
#ifndef VOS_CFG_STACK_GUARD
#define VOS_CFG_STACK_GUARD 32
#endif

/* Smallest stack a task may be created with, in bytes (guard included). */
#ifndef VOS_CFG_STACK_MIN
#define VOS_CFG_STACK_MIN 256
#endif

/* Stack of the idle task, in bytes. */
#ifndef VOS_CFG_IDLE_STACK
#define VOS_CFG_IDLE_STACK 512
#endif

/* Depth to which priority inheritance follows a chain of owners. */
#ifndef VOS_CFG_PI_DEPTH
#define VOS_CFG_PI_DEPTH 8
#endif

/* Kernel interrupt mask level: interrupts with a numerically lower
 * (more urgent) NVIC priority than this are never masked by the kernel and
 * must not call it. Upper bits of the 8-bit priority field. */
#ifndef VOS_CFG_KERNEL_IRQ_PRIO
#define VOS_CFG_KERNEL_IRQ_PRIO 0x40
#endif

/* Event tracing into a RAM ring buffer (see vaios/trace.h). */
#ifndef VOS_CFG_TRACE
#define VOS_CFG_TRACE 0
#endif

/* Longest-critical-section instrumentation (crit_max metric). */
#ifndef VOS_CFG_CRIT_STATS
#define VOS_CFG_CRIT_STATS 0
#endif

#ifndef __ASSEMBLER__   /* arch/cortex-m/switch.S reads the options too */
_Static_assert(VOS_CFG_CLOCK_HZ >= 1000, "time base slower than 1 kHz");
_Static_assert(VOS_CFG_PRIO_LEVELS >= 2 && VOS_CFG_PRIO_LEVELS <= 32,
               "VOS_CFG_PRIO_LEVELS must be 2..32 (one 32-bit ready bitmap)");
_Static_assert(VOS_CFG_STACK_GUARD % 8 == 0, "stack guard must keep 8-byte alignment");
_Static_assert(VOS_CFG_STACK_MIN >= 128 + VOS_CFG_STACK_GUARD, "minimum stack too small");
_Static_assert(VOS_CFG_PI_DEPTH >= 1 && VOS_CFG_PI_DEPTH <= 64, "PI depth out of range");
_Static_assert(VOS_CFG_TIMESLICE >= 0, "negative time slice");
_Static_assert(VOS_CFG_CHECKS == 0 || VOS_CFG_CHECKS == 1, "VOS_CFG_CHECKS is 0 or 1");
_Static_assert(VOS_CFG_ASSERT == 0 || VOS_CFG_ASSERT == 1, "VOS_CFG_ASSERT is 0 or 1");
_Static_assert(VOS_CFG_TRACE == 0 || VOS_CFG_TRACE == 1, "VOS_CFG_TRACE is 0 or 1");
#endif

#endif /* VAIOS_CONFIG_H */
