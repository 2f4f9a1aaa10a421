/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's OS adaptation layer for FreeRTOS, through its public
 * API only (task.h, semphr.h, queue.h, portable.h; FreeRTOS-Kernel V11),
 * with the configuration of bench/os/freertos/FreeRTOSConfig.h:
 *
 *   tasks    xTaskCreateStatic on the harness's stacks and control blocks
 *            (os_task_t holds the StaticTask_t). A task that ends marks
 *            itself and suspends; os_task_done, called by another task,
 *            deletes it, which frees nothing (static) and unlinks it at
 *            once, so its stack and control block may be reused. The
 *            task's os_task_t is its thread-local pointer 0.
 *   prio     bench level p is FreeRTOS priority p (0 is the idle task's);
 *            uxTaskPriorityGet is the effective, inherited priority
 *   time     board_cycles() extended to 64 bits (the board's counter, the
 *            unit of every figure); a sleep ends on the first tick at or
 *            after its deadline (vTaskDelay to that tick count, the tick
 *            edges located on the counter once: osal_freertos.c), so its
 *            resolution is one tick (1 ms)
 *   sem      counting semaphores (xSemaphoreCreateCountingStatic); a give
 *            at the maximum fails and is dropped
 *   mutex    xSemaphoreCreateMutexStatic: FreeRTOS mutexes inherit
 *            priority (the pi_* rows measure how)
 *   queue    xQueueCreateStatic on the caller's buffer
 *   heap     heap_4 (pvPortMalloc, vPortFree): one heap of
 *            configTOTAL_HEAP_SIZE; os_heap_init's memory is not used
 *   lock     vTaskSuspendAll / xTaskResumeAll
 *
 * Calling contexts: as bench/osal.h. The _isr calls are the FromISR
 * functions with portYIELD_FROM_ISR, from handlers at OSAL_IRQ_PRIO_KERNEL
 * or _LOW, numerically above configMAX_SYSCALL_INTERRUPT_PRIORITY as the
 * port requires.
 */
#ifndef OSAL_IMPL_H
#define OSAL_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include "FreeRTOS.h"
#include "task.h"
#include "semphr.h"
#include "queue.h"
#include "board.h"
#include "vaios/config.h"   /* the board's counter rate (BOARD_CYCLES_HZ), nothing of VAIOS's kernel */

#define OSAL_NAME      "freertos"
#define OSAL_PRIO_MAX  (configMAX_PRIORITIES - 1)
#define OSAL_HAS_QUEUE 1
#define OSAL_HAS_HEAP  1
/* tm_memory's blocks (tm_port.c): FreeRTOS has no fixed-block pool. */
#define OSAL_TM_MEMORY_WHAT "128-byte heap_4 blocks: pvPortMalloc+vPortFree"
#define OSAL_HAS_HEAP_STATS 1
#define OSAL_HAS_RESUME_ISR 1
/* A FreeRTOS mutex raises its holder only, not the holder of the mutex
 * that holder waits on; pi_chain's own checks would stop the run. */
#define OSAL_PI_TRANSITIVE 0
#define OSAL_NO_PI_CHAIN_WHY "FreeRTOS's priority inheritance raises only a mutex's holder, " \
                             "not along a chain of owners"
#define OSAL_NO_TICK_ISR_WHY "FreeRTOS's port owns the SysTick vector (xPortSysTickHandler bound " \
                             "directly): the board cannot time it without a wrapper in that path"
#define OSAL_STACK_ANY_MEMORY 1
#define OSAL_CRIT_STATS 0
#define OSAL_TRACE      0
/* The harness's RAM on this backend (README.md, "RAM"). The kernel's heap
 * is heap_4's own (configTOTAL_HEAP_SIZE, 32 KB), so the shared arena
 * (bench/core.h) need not hold the allocator rows' heap: 20 KB hold its
 * largest user here, the interrupt rows' 5000 samples. 64 filler tasks
 * (the 64-task rows need 60) and ten task slots (ctx_yield_10's ten
 * yielders; the rows that need more do not run on FreeRTOS) are enough.
 * Each can be raised with -D on a board with more RAM. */
#define OSAL_HEAP_OWN_MEMORY 1
#ifndef OSAL_ARENA_SIZE
#define OSAL_ARENA_SIZE (20 * 1024)
#endif
#ifndef OSAL_TASKS_MAX
#define OSAL_TASKS_MAX 64
#endif
#ifndef OSAL_SLOTS
#define OSAL_SLOTS 10
#endif

/* NVIC levels: configMAX_SYSCALL_INTERRUPT_PRIORITY (0x40) is the mask
 * level; the port's own PendSV and SysTick run at the lowest level. */
#define OSAL_IRQ_PRIO_KERNEL       0x80
#define OSAL_IRQ_PRIO_KERNEL_LOW   0xC0
#define OSAL_HAS_ZERO_LATENCY      1
#define OSAL_IRQ_PRIO_ZERO_LATENCY 0x00
_Static_assert(OSAL_IRQ_PRIO_KERNEL >= configMAX_SYSCALL_INTERRUPT_PRIORITY &&
               OSAL_IRQ_PRIO_ZERO_LATENCY < configMAX_SYSCALL_INTERRUPT_PRIORITY,
               "the bench's interrupt levels do not match configMAX_SYSCALL_INTERRUPT_PRIORITY");

typedef struct os_task {
    StaticTask_t tcb;
    TaskHandle_t h;
    void (*fn)(void *);
    void *arg;
    volatile bool ended;            /* its function returned or it called os_task_exit */
    bool done;                      /* ended and deleted */
} os_task_t;

typedef struct { StaticSemaphore_t buf; SemaphoreHandle_t h; } os_sem_t;
typedef struct { StaticSemaphore_t buf; SemaphoreHandle_t h; } os_mutex_t;
typedef struct { StaticQueue_t buf; QueueHandle_t h; } os_queue_t;
typedef struct { int unused; } os_heap_t;    /* heap_4 has one heap */

/* --- Tasks (osal_freertos.c) -------------------------------------------------- */

int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg, int prio,
                   void *stack, unsigned size);
void os_task_exit(void) __attribute__((noreturn));
bool os_task_done(os_task_t *t);
void os_start(void) __attribute__((noreturn));
void os_print_config(void);

/* Suspended and marked ended, as os_task_exit leaves a task, so that
 * os_task_done deletes it. */
static inline void os_task_kill(os_task_t *t)
{
    vTaskSuspend(t->h);
    t->ended = true;
}
static inline void os_yield(void)                      { taskYIELD(); }
static inline void os_suspend_self(void)               { vTaskSuspend(NULL); }
/* vTaskResume of a task that is not suspended does nothing. */
static inline void os_resume(os_task_t *t)             { vTaskResume(t->h); }
static inline void os_resume_isr(os_task_t *t)
{
    BaseType_t yield = xTaskResumeFromISR(t->h);
    portYIELD_FROM_ISR(yield);
}
static inline int os_prio(os_task_t *t)                { return (int)uxTaskPriorityGet(t != NULL ? t->h : NULL); }
static inline void os_set_prio(os_task_t *t, int p)    { vTaskPrioritySet(t != NULL ? t->h : NULL, (UBaseType_t)p); }

/* --- Time ------------------------------------------------------------------------ */

#define OSAL_TICK_CYCLES ((uint64_t)BOARD_CYCLES_HZ / configTICK_RATE_HZ)

uint64_t os_now(void);      /* osal_freertos.c: any task, at least once per counter wrap */
static inline uint64_t os_sleep_resolution(void) { return OSAL_TICK_CYCLES; }

/* Sleeps keep the contract of bench/osal.h, "at least d": they wake at the
 * first tick at or after the deadline (osal_freertos.c). vTaskDelay(n)
 * alone would not: it ends at the n-th tick interrupt from now, between
 * n - 1 and n tick periods later. */
void os_sleep_until(uint64_t t);
#define OSAL_COUNTS_HZ BOARD_CYCLES_HZ
#include "../common/osal_counts.h"

/* --- Semaphores, mutexes, queues ------------------------------------------------------ */

void os_sem_init(os_sem_t *s, unsigned init, unsigned max);
static inline void os_sem_give(os_sem_t *s)            { (void)xSemaphoreGive(s->h); }
static inline void os_sem_give_isr(os_sem_t *s)
{
    BaseType_t yield = pdFALSE;
    (void)xSemaphoreGiveFromISR(s->h, &yield);
    portYIELD_FROM_ISR(yield);
}
static inline int os_sem_take(os_sem_t *s)     { return xSemaphoreTake(s->h, portMAX_DELAY) == pdTRUE ? 0 : -1; }
static inline int os_sem_trytake(os_sem_t *s)  { return xSemaphoreTake(s->h, 0) == pdTRUE ? 0 : -1; }

void os_mutex_init(os_mutex_t *m);
static inline int os_mutex_lock(os_mutex_t *m)   { return xSemaphoreTake(m->h, portMAX_DELAY) == pdTRUE ? 0 : -1; }
static inline int os_mutex_unlock(os_mutex_t *m) { return xSemaphoreGive(m->h) == pdTRUE ? 0 : -1; }

void os_queue_init(os_queue_t *q, void *buf, unsigned item, unsigned n);
static inline int os_queue_send(os_queue_t *q, const void *item)
{
    return xQueueSend(q->h, item, portMAX_DELAY) == pdTRUE ? 0 : -1;
}
static inline int os_queue_send_isr(os_queue_t *q, const void *item)
{
    BaseType_t yield = pdFALSE;
    int r = xQueueSendFromISR(q->h, item, &yield) == pdTRUE ? 0 : -1;
    portYIELD_FROM_ISR(yield);
    return r;
}
static inline int os_queue_recv(os_queue_t *q, void *item)
{
    return xQueueReceive(q->h, item, portMAX_DELAY) == pdTRUE ? 0 : -1;
}

/* --- Heap: heap_4 ------------------------------------------------------------------------ */

static inline void os_heap_init(os_heap_t *h, void *mem, unsigned size)
{
    (void)h;
    (void)mem;
    (void)size;
}
static inline void *os_malloc(os_heap_t *h, unsigned size) { (void)h; return pvPortMalloc(size); }
static inline void os_free(os_heap_t *h, void *p)          { (void)h; vPortFree(p); }
static inline void os_heap_usage(os_heap_t *h, unsigned *free_bytes, unsigned *min_free)
{
    (void)h;
    *free_bytes = (unsigned)xPortGetFreeHeapSize();
    *min_free = (unsigned)xPortGetMinimumEverFreeHeapSize();
}

#define OSAL_HAS_SCHED_LOCK 1
#define OSAL_HAS_TM_PORT 1      /* tm_port.c */
/* After a preemption (and at each tick, with time slicing) FreeRTOS runs
 * the next ready task of the level, not the preempted one. */
#define OSAL_PREEMPT_KEEPS_TURN 0
static inline void os_sched_lock(void)                 { vTaskSuspendAll(); }
static inline void os_sched_unlock(void)               { (void)xTaskResumeAll(); }

#endif /* OSAL_IMPL_H */
