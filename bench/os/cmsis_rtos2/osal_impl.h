/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's OS adaptation layer through the CMSIS-RTOS2 API only
 * (cmsis_os2.h, version 2.x), so that one build of the harness runs on any
 * kernel that implements it: RTX5, CMSIS-FreeRTOS, Zephyr's CMSIS-RTOS2
 * subsystem, VAIOS's own layer (cmsis/). Nothing here names a kernel.
 *
 *   tasks    joinable osThreadNew threads on the harness's stacks; the
 *            control block comes from the kernel's own allocation. A task
 *            that has ended is detached by os_task_done (which frees it).
 *            Bench level p is CMSIS priority osPriorityLow + 2p, so that a
 *            layer that maps two CMSIS priorities to one kernel level (as
 *            VAIOS's does, 32 levels for 56) still keeps every bench
 *            level distinct
 *   time     osKernelGetSysTimerCount extended to 64 bits; sleeps in
 *            kernel ticks (osDelay, osDelayUntil), so os_sleep_resolution
 *            is one tick; the system timer must count at the rate of the
 *            board's counter (board_cycles), which the families compare
 *            with it (README.md)
 *   sem      osSemaphore; mutex osMutex with osMutexPrioInherit; queue
 *            osMessageQueue (the caller's buffer is not used)
 *   lock     osKernelLock / osKernelUnlock
 *
 * What the API cannot express (README.md lists them with the metrics
 * they remove; results.json carries each as a skip with its reason):
 *   heap     CMSIS-RTOS2 has no general-purpose allocator (osMemoryPool
 *            hands out blocks of one size)
 *   resume from an interrupt: osThreadResume is not callable there
 *   the kernel's timer interrupt: the API has no view of its duration
 *   interrupt masking level: the API does not name it, so the NVIC
 *            levels come from the build (VAIOS_BENCH_IRQ_PRIO_* in
 *            bench/CMakeLists.txt), stated for the kernel used
 *   software timers: osTimer counts in ticks; the timer rows need cycles
 *
 * Calling contexts: as bench/osal.h; the _isr calls use only functions
 * the CMSIS-RTOS2 specification allows in interrupt handlers
 * (osSemaphoreRelease, osMessageQueuePut with a zero timeout).
 */
#ifndef OSAL_IMPL_H
#define OSAL_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include "cmsis_os2.h"
#include "board.h"

#define OSAL_NAME      "cmsis_rtos2"
#define OSAL_PRIO_MAX  15
#define OSAL_HAS_QUEUE 1
#define OSAL_HAS_HEAP  0
#define OSAL_NO_HEAP_WHY "the CMSIS-RTOS2 API has no general-purpose allocator (osMemoryPool " \
                         "gives blocks of one size)"
#define OSAL_HAS_RESUME_ISR 0
#define OSAL_NO_RESUME_ISR_WHY "the CMSIS-RTOS2 API does not allow osThreadResume in an " \
                               "interrupt handler"
#define OSAL_NO_TICK_ISR_WHY "the CMSIS-RTOS2 API has no view of the kernel's timer interrupt"
#define OSAL_STACK_ANY_MEMORY 1   /* stack_mem: any 8-byte-aligned memory */
/* Filler tasks for the scale rows: their control blocks come from the
 * kernel's object memory, which is sized by the kernel's configuration
 * (VAIOS's layer: VOS_CMSIS_HEAP_SIZE, 32 KB), so the 256-task row is
 * skipped unless the build raises this. */
#ifndef OSAL_TASKS_MAX
#define OSAL_TASKS_MAX 64
#endif
/* The harness's scratch arena (bench/core.h): 64 filler stacks of 256
 * bytes (16 KB) or the interrupt rows' 5000 samples (20 KB) fit 24 KB,
 * and the kernel under the API needs RAM of its own (VAIOS's layer: its
 * 32 KB object memory). A board with less than 128 KB of RAM (the
 * Nucleo-F401RE's 96 KB, less its 4 KB main stack) holds the 24 KB, the
 * layer's 32 KB, the harness's task stacks and distributions, not 32. */
#ifndef OSAL_ARENA_SIZE
#if BOARD_RAM_SIZE < 128u * 1024u
#define OSAL_ARENA_SIZE (24 * 1024)
#else
#define OSAL_ARENA_SIZE (32 * 1024)
#endif
#endif
#define OSAL_CRIT_STATS 0
#define OSAL_TRACE      0

/* NVIC levels relative to the kernel's masking level, which the API does
 * not name: given by the build for the kernel in use (never guessed). */
#if !defined(OSAL_IRQ_PRIO_KERNEL) || !defined(OSAL_IRQ_PRIO_KERNEL_LOW)
#error "the CMSIS-RTOS2 backend needs OSAL_IRQ_PRIO_KERNEL and OSAL_IRQ_PRIO_KERNEL_LOW for your kernel (bench/os/cmsis_rtos2/README.md)"
#endif
#ifdef OSAL_IRQ_PRIO_ZERO_LATENCY
#define OSAL_HAS_ZERO_LATENCY 1
#endif
/* A spinning thread below the bench levels instead of the kernel's idle
 * (osal_cmsis.c; VAIOS_BENCH_SPIN_IDLE). */
#ifndef OSAL_SPIN_IDLE
#define OSAL_SPIN_IDLE 0
#endif
/* How the kernel codes osKernelGetInfo's versions (osal_cmsis.c). */
#ifndef OSAL_CMSIS_VERSION_CODING
#define OSAL_CMSIS_VERSION_CODING cmsis
#endif
/* The kernel's behaviours the API leaves open, stated by the build
 * (VAIOS_BENCH_PI_TRANSITIVE, VAIOS_BENCH_NO_PI_CHAIN_WHY,
 * VAIOS_BENCH_PREEMPT_KEEPS_TURN in bench/CMakeLists.txt), with
 * bench/osal.h's defaults (1, 1) when it does not. */

/* The one thing the API leaves to each implementation that the harness
 * may use: the size of a thread's control block, so that a task's own
 * storage holds it (cb_mem) and hundreds of tasks (the scale rows) do not
 * exhaust the kernel's object memory. Optional: without it the kernel
 * allocates the control block. E.g. VAIOS's layer: "os2_vaios.h" and
 * VOS_CMSIS_THREAD_CB_SIZE; RTX5: "rtx_os.h" and osRtxThreadCbSize. */
#ifdef OSAL_CMSIS_KERNEL_HEADER
#include OSAL_CMSIS_KERNEL_HEADER
#endif

typedef struct os_task {
#ifdef OSAL_CMSIS_THREAD_CB_SIZE
    uint64_t cb[(OSAL_CMSIS_THREAD_CB_SIZE + 7) / 8];
#endif
    osThreadId_t id;
    void (*fn)(void *);
    void *arg;
    volatile bool ended;            /* its function returned (the trampoline) */
    bool done;                      /* ended, exited and detached */
} os_task_t;

typedef struct { osSemaphoreId_t id; } os_sem_t;
typedef struct { osMutexId_t id; } os_mutex_t;
typedef struct { osMessageQueueId_t id; } os_queue_t;

/* --- Tasks (osal_cmsis.c) --------------------------------------------------- */

int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg, int prio,
                   void *stack, unsigned size);
bool os_task_done(os_task_t *t);
void os_task_kill(os_task_t *t);
void os_start(void) __attribute__((noreturn));
void os_print_config(void);

static inline osPriority_t osal_cmsis_prio(int p)
{
    return (osPriority_t)(osPriorityLow + 2 * p);
}

static inline void os_task_exit(void)                  { osThreadExit(); }
static inline void os_yield(void)                      { (void)osThreadYield(); }
static inline void os_suspend_self(void)               { (void)osThreadSuspend(osThreadGetId()); }
/* osThreadResume of a thread that is not suspended fails: ignored. */
static inline void os_resume(os_task_t *t)             { (void)osThreadResume(t->id); }
static inline void os_resume_isr(os_task_t *t)         { (void)t; }   /* not in the API */

static inline int os_prio(os_task_t *t)
{
    osPriority_t p = osThreadGetPriority(t != NULL ? t->id : osThreadGetId());
    return ((int)p - osPriorityLow) / 2;
}

static inline void os_set_prio(os_task_t *t, int p)
{
    (void)osThreadSetPriority(t != NULL ? t->id : osThreadGetId(), osal_cmsis_prio(p));
}

/* --- Time --------------------------------------------------------------------- */

/* The system timer extended to 64 bits (osal_cmsis.c): any task; needs a
 * call at least once per wrap of the 32-bit count. */
uint64_t os_now(void);

/* System-timer counts per kernel tick and per second, set before
 * the first task runs (osal_cmsis.c). */
extern uint32_t osal_cmsis_tick_counts, osal_cmsis_timer_hz;

static inline uint64_t os_sleep_resolution(void) { return osal_cmsis_tick_counts; }

/* Until the first tick boundary at or after t (the tick count and the
 * system timer count from the same origin, as on RTX5 and VAIOS). */
void os_sleep_until(uint64_t t);

/* os_sleep(d) keeps bench/osal.h's "at least d": to the first tick
 * boundary at or after now + d. osDelay(n) alone would not: it ends at
 * the n-th tick from now, between n - 1 and n tick periods later. */
#define OSAL_COUNTS_HZ osal_cmsis_timer_hz
#include "../common/osal_counts.h"

/* --- Semaphores, mutexes, queues --------------------------------------------------- */

void os_sem_init(os_sem_t *s, unsigned init, unsigned max);
/* A release at the maximum count fails with osErrorResource: dropped. */
static inline void os_sem_give(os_sem_t *s)            { (void)osSemaphoreRelease(s->id); }
static inline void os_sem_give_isr(os_sem_t *s)        { (void)osSemaphoreRelease(s->id); }
static inline int os_sem_take(os_sem_t *s)             { return (int)osSemaphoreAcquire(s->id, osWaitForever); }
static inline int os_sem_trytake(os_sem_t *s)          { return (int)osSemaphoreAcquire(s->id, 0); }

void os_mutex_init(os_mutex_t *m);
static inline int os_mutex_lock(os_mutex_t *m)         { return (int)osMutexAcquire(m->id, osWaitForever); }
static inline int os_mutex_unlock(os_mutex_t *m)       { return (int)osMutexRelease(m->id); }

void os_queue_init(os_queue_t *q, void *buf, unsigned item, unsigned n);
static inline int os_queue_send(os_queue_t *q, const void *item)
{
    return (int)osMessageQueuePut(q->id, item, 0, osWaitForever);
}
static inline int os_queue_send_isr(os_queue_t *q, const void *item)
{
    return (int)osMessageQueuePut(q->id, item, 0, 0);
}
static inline int os_queue_recv(os_queue_t *q, void *item)
{
    return (int)osMessageQueueGet(q->id, item, NULL, osWaitForever);
}

#define OSAL_HAS_SCHED_LOCK 1
#define OSAL_HAS_TM_PORT 1      /* tm_port.c (tm_irq_preempt: a skip, OSAL_HAS_RESUME_ISR 0) */
static inline void os_sched_lock(void)                 { (void)osKernelLock(); }
static inline void os_sched_unlock(void)               { (void)osKernelUnlock(); }

#endif /* OSAL_IMPL_H */
