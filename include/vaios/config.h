/* SPDX-License-Identifier: MIT */
/*
 * Kernel configuration. The project's "vaios_config.h" (in the include
 * directory of its CMake target vaios_config, docs/start.md) sets any
 * option below; then the board's defaults apply (vaios_board_config.h,
 * generated from the board's board.cmake); everything else takes the
 * default given here. Every option is checked at compile time.
 *
 * VOS_CFG_CLOCK_HZ is the frequency of the board's free-running time base:
 * the board's board.cmake gives it (VAIOS_CLOCK_HZ); with VAIOS_BOARD=none
 * vaios_config.h must.
 *
 * The kernel library and every file that includes these headers must see
 * the same configuration; a file that does not fails to link (the check is
 * at the end of this file).
 */
#ifndef VAIOS_CONFIG_H
#define VAIOS_CONFIG_H

#if defined(__has_include)
#if __has_include("vaios_config.h")
#include "vaios_config.h"
#endif
#if __has_include("vaios_board_config.h")
#include "vaios_board_config.h"
#endif
#endif

/* Frequency of the time base in Hz (set by the board). */
#ifndef VOS_CFG_CLOCK_HZ
#error "VOS_CFG_CLOCK_HZ: no board gives it (VAIOS_BOARD=none?): define it in vaios_config.h as the rate of arch_now()"
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

/* Memory protection with the MPU (Cortex-M port only; docs/api.md,
 * "Memory protection"). 1: the guard at the low end of every task stack
 * and of the interrupt (main) stack is an MPU region that no code may
 * read or write, switched with the task: the first access below a stack's
 * usable part faults at once and the task is stopped (the interrupt stack:
 * the system halts). 0: none of it is compiled. */
#ifndef VOS_CFG_MPU
#define VOS_CFG_MPU 0
#endif

/* Stack guard: bytes at the low end of every task stack. Without the MPU,
 * a pattern checked on every context switch (0 disables the check). With
 * the MPU, a region no access reaches: a power of two of at least 32, to
 * which vos_task_create aligns the stack (VOS_STACK_ALIGN); a local array
 * whose frame jumps further than the guard below the stack writes below
 * it, so the guard is as large as the largest frame it must catch. */
#ifndef VOS_CFG_STACK_GUARD
#define VOS_CFG_STACK_GUARD 32
#endif

/* Smallest stack a task may be created with, in bytes (guard included). */
#ifndef VOS_CFG_STACK_MIN
#if VOS_CFG_MPU
#define VOS_CFG_STACK_MIN (224 + VOS_CFG_STACK_GUARD)
#else
#define VOS_CFG_STACK_MIN 256
#endif
#endif

/* Stack of the idle task, in bytes. */
#ifndef VOS_CFG_IDLE_STACK
#if VOS_CFG_MPU
#define VOS_CFG_IDLE_STACK (480 + VOS_CFG_STACK_GUARD)
#else
#define VOS_CFG_IDLE_STACK 512
#endif
#endif

/* Depth to which priority inheritance follows a chain of owners. */
#ifndef VOS_CFG_PI_DEPTH
#define VOS_CFG_PI_DEPTH 8
#endif

/* Synchronous channels (vaios/channel.h).
 *
 * VOS_CFG_MSG_LEND_QUEUED: 1 makes a client queued on a channel (sent, not
 * yet received) lend its priority to the channel's server, the task that
 * last called vos_msg_receive on it, while that server is ready (running
 * or preempted, blocked on nothing); 0 (the default) lends nothing until
 * the request is received. Why 0 is the default: vaios/channel.h,
 * "Queued clients", and docs/api.md.
 *
 * VOS_CFG_MSG_CHUNK: the most bytes a message copy moves with kernel
 * interrupts masked; a longer request or reply is copied in pieces of
 * this size with the lock released between them, so the longest masked
 * section does not grow with message length. */
#ifndef VOS_CFG_MSG_LEND_QUEUED
#define VOS_CFG_MSG_LEND_QUEUED 0
#endif

#ifndef VOS_CFG_MSG_CHUNK
#define VOS_CFG_MSG_CHUNK 64
#endif

/* Wake on time (kernel/time.c): a sleep's alarm (vos_sleep,
 * vos_sleep_until) is programmed this many time-base cycles before its
 * deadline, the length of the wake-up path (alarm interrupt, wake,
 * switch), and the woken task waits out what is left of it on the time
 * base, so that it returns at its deadline rather than one path length
 * after it, and never before it.
 *   VOS_WAKE_LEAD_AUTO (-1, the default): calibrated at run time, from the
 *     first timed wake on: each woken sleeper measures its path, a longer
 *     one raises the lead by VOS__WAKE_STEP_UP (16) cycles, a shorter one
 *     lowers it by one, so it covers fifteen wakes in sixteen (on an
 *     undisturbed system: the path itself, to the cycle, plus the room
 *     the port's final wait needs to end to the cycle, ARCH_SPIN_MARGIN:
 *     32 cycles on Cortex-M with VOS_CFG_TIME_AT_CPU_CLOCK, else 0);
 *   0: off, the alarm at the deadline (no final wait);
 *   N > 0: a fixed lead of N cycles (a board whose path varies: a lead
 *     that covers the variation buys exactness with a longer final wait).
 * The final wait is a busy wait of the woken task, at its priority, of at
 * most the lead; a sleep shorter than twice the lead is spun whole. Either
 * is never more than VOS_CFG_WAKE_LEAD_MAX cycles. */
#define VOS_WAKE_LEAD_AUTO (-1)
#ifndef VOS_CFG_WAKE_LEAD
#define VOS_CFG_WAKE_LEAD VOS_WAKE_LEAD_AUTO
#endif

/* The board's time base never counts faster than the CPU clock (one count
 * per cycle at most): then the port can end the final wait to the cycle
 * (arch/cortex-m/port.c, arch_spin: a run of single-cycle instructions
 * after the poll) instead of within the poll's own length. A board whose
 * time base is at its CPU clock sets it in its board.cmake
 * (VAIOS_BOARD_DEFAULTS); 0, the default, is right for any board. */
#ifndef VOS_CFG_TIME_AT_CPU_CLOCK
#define VOS_CFG_TIME_AT_CPU_CLOCK 0
#endif

/* Bound of the lead and of the final wait, in time-base cycles (default
 * 10 us); a calibrated wake-up path longer than this is not taken. */
#ifndef VOS_CFG_WAKE_LEAD_MAX
#define VOS_CFG_WAKE_LEAD_MAX (VOS_CFG_CLOCK_HZ / 100000u)
#endif

/* Options of one port only (the Cortex-M port's kernel interrupt level
 * VOS_CFG_KERNEL_IRQ_PRIO) have their defaults in that port's
 * port_config.h (arch/cortex-m/port_config.h). */

/* Event tracing into a RAM ring buffer (see vaios/trace.h). */
#ifndef VOS_CFG_TRACE
#define VOS_CFG_TRACE 0
#endif

/* Longest-critical-section instrumentation (crit_max metric). */
#ifndef VOS_CFG_CRIT_STATS
#define VOS_CFG_CRIT_STATS 0
#endif

#ifndef __ASSEMBLER__   /* the ports' assembly includes this header too */
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
_Static_assert(VOS_CFG_MSG_LEND_QUEUED == 0 || VOS_CFG_MSG_LEND_QUEUED == 1,
               "VOS_CFG_MSG_LEND_QUEUED is 0 or 1");
_Static_assert(VOS_CFG_MSG_CHUNK >= 4 && VOS_CFG_MSG_CHUNK <= 4096,
               "VOS_CFG_MSG_CHUNK must be 4..4096 bytes");
_Static_assert(VOS_CFG_MPU == 0 || VOS_CFG_MPU == 1, "VOS_CFG_MPU is 0 or 1");
_Static_assert(!VOS_CFG_MPU || (VOS_CFG_STACK_GUARD >= 32 &&
                                (VOS_CFG_STACK_GUARD & (VOS_CFG_STACK_GUARD - 1)) == 0),
               "with VOS_CFG_MPU the stack guard is an MPU region: a power of two, 32 or more");
_Static_assert(VOS_CFG_WAKE_LEAD_MAX >= 1 && VOS_CFG_WAKE_LEAD_MAX <= (1u << 30),
               "VOS_CFG_WAKE_LEAD_MAX must be 1..2^30 cycles (the final wait counts in 32 bits)");
_Static_assert(VOS_CFG_WAKE_LEAD >= VOS_WAKE_LEAD_AUTO &&
                   (VOS_CFG_WAKE_LEAD < 0 || (unsigned long long)VOS_CFG_WAKE_LEAD <= VOS_CFG_WAKE_LEAD_MAX),
               "VOS_CFG_WAKE_LEAD is VOS_WAKE_LEAD_AUTO (-1), 0 (off) or 1..VOS_CFG_WAKE_LEAD_MAX cycles");
#endif /* __ASSEMBLER__ */

/* --- Link-time configuration check ------------------------------------
 *
 * Every translation unit that includes this header refers to a symbol
 * whose name spells the configuration it was compiled with;
 * kernel/config.c defines the one of the kernel library's own build. A
 * file compiled with any other configuration than the kernel's therefore
 * fails to link, with
 *     undefined reference to `vaios_config(CLOCK_HZ=... PRIO_LEVELS=... ...)'
 * naming that file's configuration (`nm libvaios.a | grep vaios_config`
 * shows the kernel's). An option a header defines later (heap, trace)
 * appears by its own name when no one set it. The reference sits in a
 * non-allocated, retained section: it costs no flash and no RAM.
 *
 * A new option joins this list. */
#define VOS__CFG_STR_(x) #x
#define VOS__CFG_STR(x) VOS__CFG_STR_(x)
#define VOS__CFG_SIGNATURE "vaios_config("                                  \
    "CLOCK_HZ=" VOS__CFG_STR(VOS_CFG_CLOCK_HZ)                               \
    " PRIO_LEVELS=" VOS__CFG_STR(VOS_CFG_PRIO_LEVELS)                        \
    " CHECKS=" VOS__CFG_STR(VOS_CFG_CHECKS)                                  \
    " ASSERT=" VOS__CFG_STR(VOS_CFG_ASSERT)                                  \
    " TIMESLICE=" VOS__CFG_STR(VOS_CFG_TIMESLICE)                            \
    " STACK_GUARD=" VOS__CFG_STR(VOS_CFG_STACK_GUARD)                        \
    " STACK_MIN=" VOS__CFG_STR(VOS_CFG_STACK_MIN)                            \
    " IDLE_STACK=" VOS__CFG_STR(VOS_CFG_IDLE_STACK)                          \
    " PI_DEPTH=" VOS__CFG_STR(VOS_CFG_PI_DEPTH)                              \
    " KERNEL_IRQ_PRIO=" VOS__CFG_STR(VOS_CFG_KERNEL_IRQ_PRIO)                \
    " TRACE=" VOS__CFG_STR(VOS_CFG_TRACE)                                    \
    " CRIT_STATS=" VOS__CFG_STR(VOS_CFG_CRIT_STATS)                          \
    " MSG_LEND_QUEUED=" VOS__CFG_STR(VOS_CFG_MSG_LEND_QUEUED)                \
    " MSG_CHUNK=" VOS__CFG_STR(VOS_CFG_MSG_CHUNK)                            \
    " MPU=" VOS__CFG_STR(VOS_CFG_MPU)                                        \
    " WAKE_LEAD=" VOS__CFG_STR(VOS_CFG_WAKE_LEAD)                            \
    " WAKE_LEAD_MAX=" VOS__CFG_STR(VOS_CFG_WAKE_LEAD_MAX)                    \
    " " VOS__CFG_STR(VOS_CFG_HEAP_SL_LOG2)                                   \
    " " VOS__CFG_STR(VOS_CFG_HEAP_MAX_LOG2)                                  \
    " " VOS__CFG_STR(VOS_CFG_TRACE_RECORDS)                                  \
    " " VOS__CFG_STR(VOS_CFG_TRACE_OVERWRITE)                                \
    " " VOS__CFG_STR(VOS_CFG_TRACE_AUTOSTART)                                \
    " " VOS__CFG_STR(VOS_CFG_TRACE_TASKS)                                    \
    " " VOS__CFG_STR(VOS_CFG_TRACE_NAME_LEN) ")"

#if !defined(VOS__CFG_DEFINE_SIGNATURE) && !defined(__ASSEMBLER__)
__asm__(".pushsection .vaios.config,\"R\",%progbits\n\t"
        ".dc.a \"" VOS__CFG_SIGNATURE "\"\n\t"
        ".popsection");
#endif

#endif /* VAIOS_CONFIG_H */
