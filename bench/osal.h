/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's OS adaptation layer: the only way the metric code
 * reaches a kernel. Nothing in the metric files (bench/<family>.c) names a kernel, a kernel option or
 * an interrupt-masking level; all of it comes through this contract.
 *
 * A backend is bench/os/<kernel>/osal_impl.h (plus, if needed, one .c
 * beside it) and a README.md saying what its kernel's configuration must
 * be for its figures to compare with the others'. It is chosen when the
 * build is configured: -DVAIOS_BENCH_OS=vaios|cmsis_rtos2|freertos|chibios|posix
 * (bench/CMakeLists.txt; posix is the bench/linux project), or, for
 * Zephyr, by the Zephyr module bench/os/zephyr, which a Zephyr workspace
 * builds. tools/check_backends.py holds every backend to this contract.
 *
 * Keep the wrappers inline: whatever they add lands inside the measured
 * windows. Every call below is made from a task (a thread the backend
 * created with os_task_create) unless it says otherwise; an "_isr" call is
 * made from an interrupt handler running at OSAL_IRQ_PRIO_KERNEL or
 * OSAL_IRQ_PRIO_KERNEL_LOW, never above the kernel's masking level.
 *
 * --- Identity ---------------------------------------------------------------
 *   OSAL_NAME              the kernel's name, as in results.json's config
 *   void os_print_config(void)
 *                          prints the kernel and every option that changes a
 *                          figure as "@VOS config key=value ..." lines
 *                          (docs/results.schema.json: kernel= is required);
 *                          called once from the bench main task
 *   void os_start(void)    starts the kernel with the one task already
 *                          created by main(); never returns
 *
 * --- Tasks --------------------------------------------------------------------
 *   os_task_t              a task's handle storage, owned by the harness
 *   int os_task_create(t, name, fn, arg, prio, stack, size)
 *                          0 or a negative code; prio 1 .. OSAL_PRIO_MAX,
 *                          higher = more urgent, every level distinct (the
 *                          harness never relies on two levels being equal
 *                          unless it gives the same number); the task runs
 *                          at once if it is above the caller. stack/size:
 *                          memory declared with OSAL_STACK_DEFINE (or carved
 *                          from the arena when OSAL_STACK_ANY_MEMORY)
 *   void os_task_exit(void)        the calling task ends
 *   bool os_task_done(t)           t has ended (exited or faulted)
 *   void os_task_kill(t)   t, another task below the caller (ready or
 *                          suspended, never blocked on an object; needed
 *                          with OSAL_HAS_TM_PORT), ends
 *                          where it stands, as if it had called
 *                          os_task_exit there; os_task_done(t) then holds.
 *                          Thread-Metric's threads loop for ever, as the
 *                          suite's, and end this way (bench/threadmetric.c)
 *   uint32_t os_task_overruns(t)   (OSAL_HAS_OVERRUNS only) the kernel's count of
 *                                  t's os_sleep_until calls whose time had passed
 *   void os_yield(void)            to the next task of the same level
 *   void os_suspend_self(void)     blocks until os_resume
 *   void os_resume(t), os_resume_isr(t)
 *                          makes a suspended t ready; a resume of a task that
 *                          is not suspended is ignored (not remembered).
 *                          os_resume_isr only when OSAL_HAS_RESUME_ISR
 *   int  os_prio(t)                the effective priority (with inheritance)
 *   void os_set_prio(t, p)         the base priority
 *   The rule of NULL: os_prio(NULL) and os_set_prio(NULL, p) mean the
 *   calling task (bench/core.c and bench/sync.c rely on it).
 *   OSAL_PRIO_MAX          the highest level the harness may use: 8 for the
 *                          families of bench/linux, 11 for all of them
 *
 * --- Stacks ---------------------------------------------------------------------
 *   OSAL_STACK_DEFINE(sym, bytes)          a declaration: static may precede it
 *   OSAL_STACK_ARRAY_DEFINE(sym, n, bytes) n stacks, sym[i] each
 *   OSAL_STACK_SIZEOF(sym)                 the size to give os_task_create
 *                          (so a kernel with stack objects, Zephyr's
 *                          K_THREAD_STACK_DEFINE style, can add guards or
 *                          alignment of its own)
 *   OSAL_TASKS_MAX         optional: how many filler tasks the kernel can hold
 *                          at once (default: as many stacks as the arena
 *                          holds); a scale row above it is skipped
 *   OSAL_FILLER_STACK      optional: bytes of a filler's stack (default 256)
 *   OSAL_TM_MEMORY_WHAT    optional: what tm_memory's blocks are, for its note,
 *                          when the porting layer has no fixed-block pool
 *                          (default "128-byte pool block allocate+release pairs")
 *   OSAL_STACK_ANY_MEMORY  1 when any 8-byte-aligned memory may be a stack:
 *                          the scale rows' fillers and the timer service
 *                          carve theirs from the shared arena; 0 skips them
 *   OSAL_ARENA_SIZE        optional: bytes of the harness's scratch arena
 *                          (bench/core.h; default by the board's RAM), for a
 *                          kernel that needs RAM of its own
 *   OSAL_SLOTS             optional: the harness's task slots (default 12;
 *                          at least the 10 ctx_yield_10 needs), each with a
 *                          VB_STACK stack
 *   OSAL_HEAP_OWN_MEMORY   1 when os_heap_init ignores the memory it is given
 *                          (the kernel's heap has its own), so the arena need
 *                          not hold the allocator rows' 32 KB heap
 *
 * --- Time -------------------------------------------------------------------------
 *   uint64_t os_now(void)          the kernel's time, in time-base cycles,
 *                          which count at the rate of the board's counter
 *                          (board_cycles, BOARD_CYCLES_HZ), every figure's
 *                          clock: each backend checks it and refuses a run
 *                          where the two differ (vaios and chibios: one
 *                          counter, checked at compile time; freertos: the
 *                          tick measured on the counter; cmsis_rtos2: the
 *                          rate the kernel states and the rate seen; zephyr:
 *                          the cycle and tick rates Zephyr states against
 *                          those seen on the counter)
 *   void os_sleep(d)               at least d cycles (relative)
 *   void os_sleep_until(t)         until os_now() >= t (absolute)
 *   uint64_t os_ms(n), os_us(n), os_ns(n)    durations in time-base cycles
 *   uint64_t os_sleep_resolution(void)
 *                          the granularity of a sleep in cycles (1 on a
 *                          tickless kernel, a tick otherwise): a periodic
 *                          metric shorter than ten of them is skipped
 *
 * --- Semaphores, mutexes, queues ------------------------------------------------------
 *   os_sem_t   os_sem_init(s, init, max) os_sem_give(s) os_sem_give_isr(s)
 *              int os_sem_take(s) (forever) int os_sem_trytake(s) (0 if taken)
 *              a give at the maximum count is dropped
 *   os_mutex_t os_mutex_init(m) int os_mutex_lock(m) int os_mutex_unlock(m)
 *              with priority inheritance (the pi_* rows measure it)
 *              OSAL_PI_TRANSITIVE (default 1): inheritance follows a chain of
 *              owners (pi_chain); else OSAL_NO_PI_CHAIN_WHY says what the
 *              kernel does instead, and pi_chain is skipped with it
 *   OSAL_HAS_QUEUE, os_queue_t  os_queue_init(q, buf, item_size, n)
 *              int os_queue_send(q, p) int os_queue_send_isr(q, p) (never
 *              blocks) int os_queue_recv(q, p)
 *
 * --- Heap (OSAL_HAS_HEAP) ----------------------------------------------------------------
 *   os_heap_t  os_heap_init(h, mem, size) void *os_malloc(h, n) (NULL when
 *              it fails) os_free(h, p)
 *   with OSAL_HAS_HEAP_STATS: os_heap_usage(h, &free_bytes, &min_free)
 *   OSAL_NO_HEAP_WHY       without a heap: why (the rows are skipped with it)
 *
 * --- Optional families ---------------------------------------------------------------------
 *   OSAL_HAS_TIMER: os_timer_t os_timer_fn_t(tm, arg)
 *            os_timer_init(tm, fn, arg, isr) os_timer_start(tm, first, period)
 *            os_timer_start_at(tm, at, period) os_timer_stop(tm) os_timer_delete(tm)
 *            os_timer_service(prio, stack, size)   (the service task of task timers)
 *            os_timer_service_end()   (ends it: its stack is free again)
 *   OSAL_HAS_SCHED_LOCK: os_sched_lock() os_sched_unlock()
 *   OSAL_HAS_TM_PORT: the backend has a Thread-Metric porting layer,
 *            bench/os/<kernel>/tm_port.c of bench/tm_api.h (real functions,
 *            as the suite requires); without it the tm_* rows are skipped
 *   OSAL_PREEMPT_KEEPS_TURN: 1 (default) when a task preempted by a higher
 *            one runs again before the other tasks of its level; 0 when the
 *            kernel passes the turn on (tm_coop then checks a looser ring)
 *   OSAL_HAS_CMSIS_ROWS: the family bench_cmsis() (bench/cmsis.c: the cost
 *            of VAIOS's CMSIS-RTOS2 layer over the same kernel), vaios only
 *   OSAL_HAS_CHANNEL: the family bench_channel() (bench/channel.c: VAIOS's
 *            synchronous message passing), vaios only
 *   OSAL_HAS_WORKQ: the family bench_workq() (bench/workq.c: VAIOS's work
 *            queues beside a semaphore-woken task), vaios only
 *   Which families a build runs follows from these options
 *   (bench/families.def, bench/families.c).
 *
 * --- Interrupts ------------------------------------------------------------------------------
 * NVIC priorities for the board's test sources (boards/include/board.h),
 * relative to the kernel's masking level, which only the backend knows:
 *   OSAL_IRQ_PRIO_KERNEL      a kernel-level interrupt that may call the
 *                             _isr functions (an application's interrupt)
 *   OSAL_IRQ_PRIO_KERNEL_LOW  kernel level, less urgent than
 *                             OSAL_IRQ_PRIO_KERNEL
 *   (where the kernel's own timer interrupt sits is the kernel's choice:
 *   below both on VAIOS and FreeRTOS, docs/porting.md)
 *   OSAL_HAS_ZERO_LATENCY, OSAL_IRQ_PRIO_ZERO_LATENCY
 *                             above the kernel's masking level (never delayed
 *                             by it; calls no kernel function); without it
 *                             the zero_latency scenario is skipped
 *   OSAL_HAS_TICK_ISR_STATS: os_tick_isr_reset() and uint32_t os_tick_isr_max(),
 *            the longest run of the kernel's own timer interrupt since the
 *            reset, first to last instruction (tick_isr); else OSAL_NO_TICK_ISR_WHY
 *
 * --- Instrumented builds -------------------------------------------------------------------------
 *   OSAL_CRIT_STATS (0/1): os_crit_stats(&max, &count, &site, reset), the
 *            longest masked interval; the image then measures only crit_max
 *   OSAL_TRACE (0/1): os_trace_marker(id, value); the image then measures
 *            only trace_event
 *   OSAL_MPU (0/1): the kernel's memory protection is on (VAIOS's MPU
 *            build); the image then measures only the MPU rows (bench/mpu.c)
 *   OSAL_RUNTIME_STATS (0/1): the kernel's run-time statistics stamp every
 *            switch (VAIOS's VOS_CFG_RUNTIME_STATS); the image then
 *            measures only ctx_switch_stats (bench/runstats.c)
 *
 * --- A host process (OSAL_HOST_PROCESS 1: bench/linux over bench/os/posix) -----------
 * The harness runs as a process of a general-purpose OS: no image and no
 * hardware interrupts (the families that need the board are skipped,
 * bench/families.def), each family in a process of its own, and a
 * placement set once before any family runs:
 *   int  os_host_setup(cpu, prio_base, allow_other, why, n)
 *            checks and records the placement: every task on CPU cpu, task
 *            level p at the host's real-time priority prio_base + p and the
 *            board's interrupt threads at prio_base + OSAL_PRIO_MAX + 1;
 *            without permission for real-time priorities it refuses unless
 *            allow_other. 0, or a negative code with why[n] written
 *   bool os_host_realtime(void)    the tasks run at real-time priorities
 *                                  (false: allow_other fell back; every
 *                                  figure must be labelled so)
 *   void os_host_pin(void), os_host_unpin(void)
 *                                  the calling thread on the run's CPU, and
 *                                  off it again (the parent calibrates)
 *   void os_host_enter(void)       in a family's process, before its first
 *                                  task (pins, locks memory, reports it)
 *   void os_host_print_config(void)  the host as "@VOS config" lines
 *
 * The board interface (boards/include/board.h) gives the counter
 * (board_cycles), the console, the interrupt sources and board_barrier().
 */
#ifndef BENCH_OSAL_H
#define BENCH_OSAL_H

#include <stdint.h>
#include <stdbool.h>
#include "osal_impl.h"
#include "board.h"

/* What a backend may leave out, and its meaning then. */
#ifndef OSAL_HOST_PROCESS
#define OSAL_HOST_PROCESS 0
#endif
#ifndef OSAL_HAS_QUEUE
#define OSAL_HAS_QUEUE 0
#endif
#ifndef OSAL_HAS_HEAP
#define OSAL_HAS_HEAP 1
#endif
#ifndef OSAL_PI_TRANSITIVE
#define OSAL_PI_TRANSITIVE 1
#endif
#ifndef OSAL_HAS_RESUME_ISR
#define OSAL_HAS_RESUME_ISR 1
#endif
#ifndef OSAL_HAS_ZERO_LATENCY
#define OSAL_HAS_ZERO_LATENCY 0
#endif
#ifndef OSAL_HAS_TICK_ISR_STATS
#define OSAL_HAS_TICK_ISR_STATS 0
#endif
#ifndef OSAL_HAS_CMSIS_ROWS
#define OSAL_HAS_CMSIS_ROWS 0
#endif
#ifndef OSAL_HAS_TM_PORT
#define OSAL_HAS_TM_PORT 0
#endif
#ifndef OSAL_HEAP_OWN_MEMORY
#define OSAL_HEAP_OWN_MEMORY 0
#endif
#ifndef OSAL_PREEMPT_KEEPS_TURN
#define OSAL_PREEMPT_KEEPS_TURN 1
#endif
#ifndef OSAL_HAS_CHANNEL
#define OSAL_HAS_CHANNEL 0      /* VAIOS's vos_chan rows (bench/channel.c) */
#endif
#ifndef OSAL_HAS_OVERRUNS
#define OSAL_HAS_OVERRUNS 0     /* os_task_overruns: the kernel counts missed deadlines */
#endif
#ifndef OSAL_HAS_WORKQ
#define OSAL_HAS_WORKQ 0        /* VAIOS's vos_workq rows (bench/workq.c) */
#endif
#ifndef OSAL_STACK_ANY_MEMORY
#define OSAL_STACK_ANY_MEMORY 1
#endif
#ifndef OSAL_STACK_DEFINE
#define OSAL_STACK_DEFINE(sym, bytes)          uint64_t sym[(bytes) / 8]
#define OSAL_STACK_ARRAY_DEFINE(sym, n, bytes) uint64_t sym[n][(bytes) / 8]
#define OSAL_STACK_SIZEOF(sym)                 (sizeof(sym))
#endif
#ifndef OSAL_CRIT_STATS
#define OSAL_CRIT_STATS 0
#endif
#ifndef OSAL_TRACE
#define OSAL_TRACE 0
#endif
#ifndef OSAL_MPU
#define OSAL_MPU 0
#endif
#ifndef OSAL_RUNTIME_STATS
#define OSAL_RUNTIME_STATS 0
#endif

#endif /* BENCH_OSAL_H */
