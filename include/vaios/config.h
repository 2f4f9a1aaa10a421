/* SPDX-License-Identifier: MIT */
/*
 * Kernel configuration: every VOS_CFG_ option, in one table.
 *
 * The project's "vaios_config.h" (in the include directory of its CMake
 * target vaios_config, docs/start.md) sets any option; then the board's
 * defaults apply (vaios_board_config.h, generated from the board's
 * board.cmake); everything else takes the default of the table below.
 *
 * VOS__CFG_OPTIONS is that table, one X(name, default, check, message) row
 * per option (name without its VOS_CFG_ prefix):
 *   default  a constant expression, which may use the options above it;
 *            VOS__CFG_REQUIRED: there is none (the board or vaios_config.h
 *            must give it);
 *   check    a constant expression that must hold for the configured value,
 *            asserted at compile time with message.
 * Everything else derives from it: the #ifndef defaults below (generated
 * by tools/config_table.py, which make test runs to check they are
 * current), the compile-time checks, the link-time signature at the end of
 * this file, and make test's check that docs/api.md's options table lists
 * exactly these options. A new option is one row here, then
 * `python3 -m tools.config_table --write` and its row in docs/api.md.
 *
 * The kernel library and every file that includes these headers must see
 * the same configuration; a file that does not fails to link (the
 * signature, at the end of this file).
 */
#ifndef VAIOS_CONFIG_H
#define VAIOS_CONFIG_H

/* A compiler without __has_include must find both headers: the project's
 * vaios_config.h and the board's generated defaults. */
#if defined(__has_include)
#if __has_include("vaios_config.h")
#include "vaios_config.h"
#endif
#if __has_include("vaios_board_config.h")
#include "vaios_board_config.h"
#endif
#else
#include "vaios_config.h"
#include "vaios_board_config.h"
#endif

/* VOS_CFG_WAKE_LEAD's value for "calibrated at run time". */
#define VOS_WAKE_LEAD_AUTO (-1)

#define VOS__CFG_OPTIONS(X)                                                        \
    /* Frequency of the board's free-running time base (arch_now), in Hz: the  \
     * unit of every vos_dur_t. The board gives it (board.cmake, VAIOS_CLOCK_HZ); \
     * with VAIOS_BOARD=none, vaios_config.h must. */                            \
    X(CLOCK_HZ, VOS__CFG_REQUIRED, VOS_CFG_CLOCK_HZ >= 1000,                       \
      "the time base's rate in Hz, at least 1 kHz")                               \
    /* Priority levels, 0 (idle) .. VOS_CFG_PRIO_LEVELS-1 (highest). */            \
    X(PRIO_LEVELS, 32, VOS_CFG_PRIO_LEVELS >= 2 && VOS_CFG_PRIO_LEVELS <= 32,      \
      "must be 2..32 (one 32-bit ready bitmap)")                                  \
    /* Parameter checks on every public call (type tags, ranges, context). */      \
    X(CHECKS, 1, VOS_CFG_CHECKS == 0 || VOS_CFG_CHECKS == 1, "is 0 or 1")          \
    /* Internal invariant assertions (test builds). */                             \
    X(ASSERT, 0, VOS_CFG_ASSERT == 0 || VOS_CFG_ASSERT == 1, "is 0 or 1")          \
    /* Round-robin time slice among equal priorities, in time-base cycles;       \
     * 0 disables time slicing. A task may still opt out. */                      \
    X(TIMESLICE, 0, VOS_CFG_TIMESLICE >= 0, "must not be negative")                \
    /* Memory protection with the MPU (Cortex-M port; docs/api.md, "Memory       \
     * protection"): the guard at the low end of every task stack and of the     \
     * interrupt stack is an MPU region no code may access, switched with the    \
     * task; protection domains. 0: none of it is compiled. */                    \
    X(MPU, 0, VOS_CFG_MPU == 0 || VOS_CFG_MPU == 1, "is 0 or 1")                   \
    /* Bytes of guard at the low end of every task stack. Without the MPU a      \
     * pattern checked at every switch away from the task (0 disables it);       \
     * with it a region no access reaches, a power of two of at least 32 to      \
     * which vos_task_create aligns the stack (VOS_STACK_ALIGN). */              \
    X(STACK_GUARD, 32,                                                             \
      VOS_CFG_STACK_GUARD % 8 == 0 &&                                             \
          (!VOS_CFG_MPU || (VOS_CFG_STACK_GUARD >= 32 &&                          \
                            (VOS_CFG_STACK_GUARD & (VOS_CFG_STACK_GUARD - 1)) == 0)), \
      "a multiple of 8; with VOS_CFG_MPU an MPU region: a power of two, 32 or more") \
    /* Smallest stack vos_task_create accepts, in bytes, guard included. */        \
    X(STACK_MIN, (VOS_CFG_MPU ? 224 + VOS_CFG_STACK_GUARD : 256),                  \
      VOS_CFG_STACK_MIN >= 128 + VOS_CFG_STACK_GUARD,                             \
      "must be at least 128 bytes above the guard")                               \
    /* The idle task's stack, in bytes (a static array of kernel/sched.c). */      \
    X(IDLE_STACK, (VOS_CFG_MPU ? 480 + VOS_CFG_STACK_GUARD : 512),                 \
      VOS_CFG_IDLE_STACK >= VOS_CFG_STACK_MIN && VOS_CFG_IDLE_STACK % 8 == 0,     \
      "a multiple of 8, at least VOS_CFG_STACK_MIN")                              \
    /* How many owners priority inheritance follows along a chain. */              \
    X(PI_DEPTH, 8, VOS_CFG_PI_DEPTH >= 1 && VOS_CFG_PI_DEPTH <= 64, "must be 1..64") \
    /* Kernel interrupt mask level, a BASEPRI value (Cortex-M port): the kernel  \
     * lock masks every interrupt whose NVIC priority is numerically greater    \
     * than or equal to it; a more urgent interrupt is never masked and must    \
     * not call the kernel. STM32 implements the top 4 bits of the priority. */   \
    X(KERNEL_IRQ_PRIO, 0x40,                                                       \
      (VOS_CFG_KERNEL_IRQ_PRIO & 0x0F) == 0 && VOS_CFG_KERNEL_IRQ_PRIO > 0 &&     \
          VOS_CFG_KERNEL_IRQ_PRIO <= 0xF0,                                        \
      "a multiple of 0x10, 0x10..0xF0 (the top 4 priority bits)")                 \
    /* NVIC priority of the time base's interrupts (the alarm, which calls      \
     * vos__alarm_isr, and the counter's wrap), which the board sets: a         \
     * kernel-level interrupt, by default the least urgent level above PendSV   \
     * and SVC, so an application interrupt waits for the kernel's masked       \
     * sections only, never for the whole alarm handler (docs/porting.md,       \
     * "Priority"). */                                                           \
    X(ALARM_IRQ_PRIO,                                                              \
      (VOS_CFG_KERNEL_IRQ_PRIO > 0xE0 ? VOS_CFG_KERNEL_IRQ_PRIO : 0xE0),           \
      (VOS_CFG_ALARM_IRQ_PRIO & 0x0F) == 0 &&                                     \
          VOS_CFG_ALARM_IRQ_PRIO >= VOS_CFG_KERNEL_IRQ_PRIO &&                    \
          VOS_CFG_ALARM_IRQ_PRIO <= 0xF0,                                         \
      "a kernel-level interrupt (masked by the kernel lock), a multiple of 0x10 up to 0xF0") \
    /* Synchronous channels (vaios/channel.h). 1: a client queued on a channel  \
     * (sent, not yet received) lends its priority to the channel's server      \
     * while that server is ready; 0 lends nothing until the request is         \
     * received (why 0 is the default: vaios/channel.h, "Queued clients"). */    \
    X(MSG_LEND_QUEUED, 0, VOS_CFG_MSG_LEND_QUEUED == 0 || VOS_CFG_MSG_LEND_QUEUED == 1, \
      "is 0 or 1")                                                                \
    /* The most bytes a message copy moves with kernel interrupts masked; a     \
     * longer one is copied in pieces with the lock released between them. */    \
    X(MSG_CHUNK, 64, VOS_CFG_MSG_CHUNK >= 4 && VOS_CFG_MSG_CHUNK <= 4096,          \
      "must be 4..4096 bytes")                                                    \
    /* The board's time base never counts faster than the CPU clock: the port   \
     * can then end a sleeper's final wait to the cycle (arch_spin) instead of  \
     * within its poll's length. A board whose time base runs at its CPU clock  \
     * sets it in its board.cmake (VAIOS_BOARD_DEFAULTS); 0 is right for any. */ \
    X(TIME_AT_CPU_CLOCK, 0, VOS_CFG_TIME_AT_CPU_CLOCK == 0 || VOS_CFG_TIME_AT_CPU_CLOCK == 1, \
      "is 0 or 1")                                                                \
    /* The bound of what a sleeper spins per wake, in time-base cycles: the     \
     * wake-on-time lead (fixed or calibrated), so an early wake's final busy   \
     * wait, and the whole of a sleep too short to block. Per wake a sleeper    \
     * takes at most this much more CPU from the tasks below it than with the   \
     * lead off (kernel/time.c, "The bound"). Default 1,000 cycles (1 us at 1   \
     * GHz), or 10 us if that is fewer (below 100 MHz), at least 1; with the    \
     * calibrated lead at most 2^22 (its stamps keep 24 bits of time). */        \
    X(WAKE_LEAD_MAX,                                                               \
      (VOS_CFG_CLOCK_HZ >= 100000000u ? 1000u                                     \
       : VOS_CFG_CLOCK_HZ >= 100000u ? VOS_CFG_CLOCK_HZ / 100000u : 1u),           \
      VOS_CFG_WAKE_LEAD_MAX >= 1 && VOS_CFG_WAKE_LEAD_MAX <= (1u << 30) &&        \
          (VOS_CFG_WAKE_LEAD >= 0 || VOS_CFG_WAKE_LEAD_MAX <= (1u << 22)),        \
      "must be 1..2^30 cycles (the final wait counts in 32 bits), 1..2^22 with the calibrated lead") \
    /* Wake on time (kernel/time.c, docs/api.md): how far ahead of a sleep's    \
     * deadline its alarm is programmed; the woken task waits out the rest on   \
     * the time base and returns at its deadline, never before.                 \
     * VOS_WAKE_LEAD_AUTO (-1): calibrated at run time from the undisturbed     \
     * wakes only (the alarm interrupt switched straight to the sleeper); 0:    \
     * off (the alarm at the deadline, no final wait); N > 0: a fixed lead of N \
     * cycles, at most VOS_CFG_WAKE_LEAD_MAX. */                                  \
    X(WAKE_LEAD, VOS_WAKE_LEAD_AUTO,                                               \
      VOS_CFG_WAKE_LEAD >= VOS_WAKE_LEAD_AUTO &&                                  \
          (VOS_CFG_WAKE_LEAD < 0 ||                                               \
           (unsigned long long)VOS_CFG_WAKE_LEAD <= VOS_CFG_WAKE_LEAD_MAX),       \
      "is VOS_WAKE_LEAD_AUTO (-1), 0 (off) or 1..VOS_CFG_WAKE_LEAD_MAX cycles")   \
    /* Event tracing into a RAM ring buffer (vaios/trace.h). */                    \
    X(TRACE, 0, VOS_CFG_TRACE == 0 || VOS_CFG_TRACE == 1, "is 0 or 1")             \
    /* Records in the trace ring buffer (16 bytes each). */                        \
    X(TRACE_RECORDS, 1024, VOS_CFG_TRACE_RECORDS >= 16 && VOS_CFG_TRACE_RECORDS <= (1 << 24), \
      "must be 16..2^24")                                                         \
    /* When the trace buffer is full: 1 overwrites the oldest records (flight   \
     * recorder), 0 stops recording and counts every further event as lost. */   \
    X(TRACE_OVERWRITE, 1, VOS_CFG_TRACE_OVERWRITE == 0 || VOS_CFG_TRACE_OVERWRITE == 1, \
      "is 0 or 1")                                                                \
    /* 1: the trace records from the first event (task creations in main()      \
     * included); 0: nothing is recorded until vos_trace_start(). */              \
    X(TRACE_AUTOSTART, 1, VOS_CFG_TRACE_AUTOSTART == 0 || VOS_CFG_TRACE_AUTOSTART == 1, \
      "is 0 or 1")                                                                \
    /* Entries of the trace's task name table; tasks created after it is full   \
     * are traced under their address. */                                        \
    X(TRACE_TASKS, 16, VOS_CFG_TRACE_TASKS >= 1 && VOS_CFG_TRACE_TASKS <= 1024,    \
      "must be 1..1024")                                                          \
    /* Bytes of a task name kept by the trace (longer names are cut). */           \
    X(TRACE_NAME_LEN, 16,                                                          \
      VOS_CFG_TRACE_NAME_LEN >= 4 && VOS_CFG_TRACE_NAME_LEN <= 60 &&              \
          VOS_CFG_TRACE_NAME_LEN % 4 == 0,                                        \
      "must be a multiple of 4 in 4..60")                                         \
    /* Longest-critical-section instrumentation (vos_crit_stats, the crit_max   \
     * metric). */                                                                \
    X(CRIT_STATS, 0, VOS_CFG_CRIT_STATS == 0 || VOS_CFG_CRIT_STATS == 1, "is 0 or 1") \
    /* The fault record (vaios/fault.h): the boards' hard-fault handler saves   \
     * its report into no-init RAM and resets the system, and the next boot's  \
     * start-up prints it. 0: the handler reports and ends the run as before,  \
     * saving nothing (the API still links and finds no record). */            \
    X(FAULT_RECORD, 0, VOS_CFG_FAULT_RECORD == 0 || VOS_CFG_FAULT_RECORD == 1, "is 0 or 1") \
    /* Run-time statistics per task and per kernel interrupt (vaios/stats.h): \
     * the switch stamps every activation. 0: none of it is compiled. */         \
    X(RUNTIME_STATS, 0, VOS_CFG_RUNTIME_STATS == 0 || VOS_CFG_RUNTIME_STATS == 1, \
      "is 0 or 1")                                                                \
    /* log2 of the heap's linear second-level classes per power of two: 4 (16   \
     * classes, at most 1/17 of a block lost to class rounding) or 3 (8         \
     * classes, 1/9, and a heap object half the size). */                        \
    X(HEAP_SL_LOG2, 4, VOS_CFG_HEAP_SL_LOG2 == 3 || VOS_CFG_HEAP_SL_LOG2 == 4,     \
      "is 3 or 4")                                                                \
    /* Heap arenas are smaller than 2^VOS_CFG_HEAP_MAX_LOG2 bytes and requests  \
     * at most half of that; vos_heap_t grows with it (VOS_HEAP_CLASSES). */      \
    X(HEAP_MAX_LOG2, 20, VOS_CFG_HEAP_MAX_LOG2 >= 12 && VOS_CFG_HEAP_MAX_LOG2 <= 31, \
      "must be 12..31")

/* --- Defaults: generated from the table by tools/config_table.py --------- */
/* config-table:begin */
#ifndef VOS_CFG_CLOCK_HZ
#error "VOS_CFG_CLOCK_HZ has no default: the board (board.cmake) or vaios_config.h must define it"
#endif
#ifndef VOS_CFG_PRIO_LEVELS
#define VOS_CFG_PRIO_LEVELS 32
#endif
#ifndef VOS_CFG_CHECKS
#define VOS_CFG_CHECKS 1
#endif
#ifndef VOS_CFG_ASSERT
#define VOS_CFG_ASSERT 0
#endif
#ifndef VOS_CFG_TIMESLICE
#define VOS_CFG_TIMESLICE 0
#endif
#ifndef VOS_CFG_MPU
#define VOS_CFG_MPU 0
#endif
#ifndef VOS_CFG_STACK_GUARD
#define VOS_CFG_STACK_GUARD 32
#endif
#ifndef VOS_CFG_STACK_MIN
#define VOS_CFG_STACK_MIN (VOS_CFG_MPU ? 224 + VOS_CFG_STACK_GUARD : 256)
#endif
#ifndef VOS_CFG_IDLE_STACK
#define VOS_CFG_IDLE_STACK (VOS_CFG_MPU ? 480 + VOS_CFG_STACK_GUARD : 512)
#endif
#ifndef VOS_CFG_PI_DEPTH
#define VOS_CFG_PI_DEPTH 8
#endif
#ifndef VOS_CFG_KERNEL_IRQ_PRIO
#define VOS_CFG_KERNEL_IRQ_PRIO 0x40
#endif
#ifndef VOS_CFG_ALARM_IRQ_PRIO
#define VOS_CFG_ALARM_IRQ_PRIO (VOS_CFG_KERNEL_IRQ_PRIO > 0xE0 ? VOS_CFG_KERNEL_IRQ_PRIO : 0xE0)
#endif
#ifndef VOS_CFG_MSG_LEND_QUEUED
#define VOS_CFG_MSG_LEND_QUEUED 0
#endif
#ifndef VOS_CFG_MSG_CHUNK
#define VOS_CFG_MSG_CHUNK 64
#endif
#ifndef VOS_CFG_TIME_AT_CPU_CLOCK
#define VOS_CFG_TIME_AT_CPU_CLOCK 0
#endif
#ifndef VOS_CFG_WAKE_LEAD_MAX
#define VOS_CFG_WAKE_LEAD_MAX (VOS_CFG_CLOCK_HZ >= 100000000u ? 1000u : VOS_CFG_CLOCK_HZ >= 100000u ? VOS_CFG_CLOCK_HZ / 100000u : 1u)
#endif
#ifndef VOS_CFG_WAKE_LEAD
#define VOS_CFG_WAKE_LEAD VOS_WAKE_LEAD_AUTO
#endif
#ifndef VOS_CFG_TRACE
#define VOS_CFG_TRACE 0
#endif
#ifndef VOS_CFG_TRACE_RECORDS
#define VOS_CFG_TRACE_RECORDS 1024
#endif
#ifndef VOS_CFG_TRACE_OVERWRITE
#define VOS_CFG_TRACE_OVERWRITE 1
#endif
#ifndef VOS_CFG_TRACE_AUTOSTART
#define VOS_CFG_TRACE_AUTOSTART 1
#endif
#ifndef VOS_CFG_TRACE_TASKS
#define VOS_CFG_TRACE_TASKS 16
#endif
#ifndef VOS_CFG_TRACE_NAME_LEN
#define VOS_CFG_TRACE_NAME_LEN 16
#endif
#ifndef VOS_CFG_CRIT_STATS
#define VOS_CFG_CRIT_STATS 0
#endif
#ifndef VOS_CFG_FAULT_RECORD
#define VOS_CFG_FAULT_RECORD 0
#endif
#ifndef VOS_CFG_RUNTIME_STATS
#define VOS_CFG_RUNTIME_STATS 0
#endif
#ifndef VOS_CFG_HEAP_SL_LOG2
#define VOS_CFG_HEAP_SL_LOG2 4
#endif
#ifndef VOS_CFG_HEAP_MAX_LOG2
#define VOS_CFG_HEAP_MAX_LOG2 20
#endif
/* config-table:end */

/* --- Checks ---------------------------------------------------------------- */
#ifndef __ASSEMBLER__   /* the ports' assembly includes this header too */
#define VOS__CFG_CHECK(name, dflt, ok, msg) _Static_assert(ok, "VOS_CFG_" #name ": " msg);
VOS__CFG_OPTIONS(VOS__CFG_CHECK)
#undef VOS__CFG_CHECK
#endif

/* --- Link-time configuration check ------------------------------------
 *
 * Every translation unit that includes this header refers to a symbol
 * whose name spells the configuration it was compiled with: every option
 * of the table, name and value; kernel/config.c defines the one of the
 * kernel library's own build. A file compiled with any other
 * configuration than the kernel's therefore fails to link, with
 *     undefined reference to `vaios_config( CLOCK_HZ=... PRIO_LEVELS=... ...)'
 * naming that file's configuration (`nm libvaios.a | grep vaios_config`
 * shows the kernel's). The reference sits in a non-allocated, retained
 * section: it costs no flash and no RAM. */
#define VOS__CFG_STR_(x) #x
#define VOS__CFG_STR(x) VOS__CFG_STR_(x)
#define VOS__CFG_SIG(name, dflt, ok, msg) " " #name "=" VOS__CFG_STR(VOS_CFG_##name)
#define VOS__CFG_SIGNATURE "vaios_config(" VOS__CFG_OPTIONS(VOS__CFG_SIG) ")"

#if !defined(VOS__CFG_DEFINE_SIGNATURE) && !defined(__ASSEMBLER__)
__asm__(".pushsection .vaios.config,\"R\",%progbits\n\t"
        ".dc.a \"" VOS__CFG_SIGNATURE "\"\n\t"
        ".popsection");
#endif

#endif /* VAIOS_CONFIG_H */
