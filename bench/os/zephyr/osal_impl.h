/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's OS adaptation layer for Zephyr, through its public
 * kernel API (zephyr/kernel.h, zephyr/irq.h), with the configuration of
 * app/prj.conf and the board of boards/ beside this file:
 *
 *   tasks    k_thread_create on the harness's stacks, the struct k_thread in
 *            os_task_t; a task ends by returning (Zephyr aborts it) or by
 *            k_thread_abort; os_task_done is k_thread_join with K_NO_WAIT,
 *            after which the thread object and its stack may be reused
 *   prio     bench level p is Zephyr preemptible priority
 *            OSAL_ZEPHYR_PRIO_BASE - p (lower number = more urgent);
 *            k_thread_priority_get gives the current priority, inheritance
 *            included
 *   time     the board's counter extended to 64 bits (every figure's
 *            clock); a sleep is k_sleep to an absolute tick
 *            (K_TIMEOUT_ABS_TICKS), found from the counter by
 *            osal_zephyr_time.h; Zephyr's tick is two SysTick cycles
 *            (CONFIG_SYS_CLOCK_TICKS_PER_SEC = 84 MHz, half the core clock,
 *            tickless: app/prj.conf says why not one), so a sleep's
 *            granularity is two core cycles, twelve counts of the 1 GHz
 *            counter. The kernel's stated timer rate is
 *            checked against the counter before the first figure, and a
 *            difference refuses the run (osal_zephyr.c)
 *   sem      struct k_sem with the harness's maximum as its limit: a give
 *            at the limit is dropped by Zephyr itself
 *   mutex    struct k_mutex: priority inheritance along the owner chain in
 *            the Zephyr read (README.md; CONFIG_VAIOS_BENCH_PI_TRANSITIVE)
 *   queue    struct k_msgq on the caller's buffer
 *   heap     struct k_heap on the memory the harness gives
 *   lock     k_sched_lock / k_sched_unlock
 *
 * Interrupts: the board's handlers are the vectors themselves
 * (IRQ_DIRECT_CONNECT in osal_zephyr.c), kernel-neutral. An _isr call
 * below ends with ISR_DIRECT_FOOTER(1), Zephyr's direct-interrupt exit:
 * if the call made a more urgent thread ready, the switch is pended
 * (PendSV, the lowest level) and happens as the last handler returns.
 * Calling contexts: as bench/osal.h.
 */
#ifndef OSAL_IMPL_H
#define OSAL_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <zephyr/kernel.h>
#include <zephyr/irq.h>
#include "board.h"
#include "vaios/config.h"   /* the board's counter rate (BOARD_CYCLES_HZ), nothing of VAIOS's kernel */
#include "osal_zephyr_time.h"

#define OSAL_NAME      "zephyr"
#define OSAL_PRIO_MAX  11
/* Zephyr priority of bench level p: level 11 is 2, level 1 is 12; 13 is
 * free, the spinning idle thread is at 14 (K_LOWEST_APPLICATION_THREAD_PRIO)
 * and main() at CONFIG_MAIN_THREAD_PRIORITY (0) only starts the run. */
#define OSAL_ZEPHYR_PRIO_BASE (CONFIG_NUM_PREEMPT_PRIORITIES - 2)
#define OSAL_ZEPHYR_PRIO(p)   (OSAL_ZEPHYR_PRIO_BASE - (p))
_Static_assert(OSAL_ZEPHYR_PRIO(OSAL_PRIO_MAX) > CONFIG_MAIN_THREAD_PRIORITY,
               "bench levels must stay below main(): CONFIG_NUM_PREEMPT_PRIORITIES >= 14");
_Static_assert(OSAL_ZEPHYR_PRIO(0) < K_LOWEST_APPLICATION_THREAD_PRIO,
               "the spinning idle thread must be below every bench level");

#define OSAL_HAS_QUEUE 1
#define OSAL_HAS_HEAP  1
#define OSAL_HAS_HEAP_STATS 0   /* CONFIG_SYS_HEAP_RUNTIME_STATS is off: it would cost every call */
#define OSAL_HAS_RESUME_ISR 1
#define OSAL_HAS_SCHED_LOCK 1
#define OSAL_HAS_TM_PORT 1      /* tm_port.c */
#define OSAL_TM_MEMORY_WHAT "128-byte k_mem_slab block alloc+free pairs"
#if defined(CONFIG_VAIOS_BENCH_PI_TRANSITIVE)
#define OSAL_PI_TRANSITIVE 1
#else
#define OSAL_PI_TRANSITIVE 0
#define OSAL_NO_PI_CHAIN_WHY "this Zephyr's k_mutex raises only the mutex's owner, not the owner " \
                             "of a mutex that owner waits on (CONFIG_VAIOS_BENCH_PI_TRANSITIVE=n)"
#endif
/* OSAL_PREEMPT_KEEPS_TURN stays 1: on one CPU Zephyr leaves the running
 * thread in the ready queue where it is when a more urgent one preempts
 * it, and moves it to the tail of its level only when it yields (or its
 * time slice ends: slicing is off). tm_coop checks the strict ring. */
#define OSAL_NO_TICK_ISR_WHY "Zephyr's SysTick driver owns its vector (sys_clock_isr in Zephyr's " \
                             "vector table): the board cannot time it without a wrapper in that path"
/* Any 8-byte-aligned memory may be a stack: this configuration has no
 * stack guards and no user mode (prj.conf: CONFIG_HW_STACK_PROTECTION=n,
 * CONFIG_USERSPACE=n, CONFIG_ARM_MPU=n), so a Zephyr stack object is
 * plain memory at ARCH_STACK_PTR_ALIGN (8). */
#define OSAL_STACK_ANY_MEMORY 1
#if defined(CONFIG_HW_STACK_PROTECTION) || defined(CONFIG_USERSPACE)
#error "the harness carves filler stacks from its arena: build without stack guards and user mode (README.md)"
#endif
/* A filler's stack holds its frames and, while it runs, an interrupt's
 * extended frame (104 bytes with the FPU); the switch context is in the
 * struct k_thread. 512 as on ChibiOS. Each filler's struct k_thread (a
 * few hundred bytes with the FPU context) is in the harness's static
 * os_task_t array, not in the arena: 64 of them (the 64-task rows need
 * 60) keep the image inside the board's 128 KB beside the 64 KB arena and
 * Zephyr's own stacks; the rows above 64 tasks are skipped. Either can be
 * raised with -D on a board with more RAM. */
#define OSAL_FILLER_STACK 512
#ifndef OSAL_TASKS_MAX
#define OSAL_TASKS_MAX 64
#endif
#define OSAL_CRIT_STATS 0
#define OSAL_TRACE      0
#ifndef OSAL_SLOTS
#define OSAL_SLOTS 12
#endif

/* NVIC levels (8-bit, 4 priority bits on the STM32F405). Zephyr's
 * irq_lock() sets BASEPRI to the most urgent level it manages, 0x10 in
 * this configuration (no CONFIG_ZERO_LATENCY_IRQS); osal_zephyr.c reads it
 * at the start and refuses a run whose levels below do not fit. SysTick
 * is at 0x10 (CONFIG_CORTEX_M_SYSTICK_INTERRUPT_PRIORITY 0, the driver's
 * default), PendSV at 0xF0. */
#define OSAL_IRQ_PRIO_KERNEL       0x80
#define OSAL_IRQ_PRIO_KERNEL_LOW   0xC0
#define OSAL_HAS_ZERO_LATENCY      1
#define OSAL_IRQ_PRIO_ZERO_LATENCY 0x00
#define OSAL_ZEPHYR_WRAP_PRIO      0xE0   /* the counter's wrap interrupt (os_now's extension) */

typedef struct os_task {
    struct k_thread thread;
    void (*fn)(void *);
    void *arg;
} os_task_t;

typedef struct { struct k_sem s; } os_sem_t;
typedef struct { struct k_mutex m; } os_mutex_t;
typedef struct { struct k_msgq q; } os_queue_t;
typedef struct { struct k_heap h; } os_heap_t;

/* Stacks are Zephyr thread stack objects. */
#define OSAL_STACK_DEFINE(sym, bytes)          K_THREAD_STACK_DEFINE(sym, bytes)
#define OSAL_STACK_ARRAY_DEFINE(sym, n, bytes) K_THREAD_STACK_ARRAY_DEFINE(sym, n, bytes)
#define OSAL_STACK_SIZEOF(sym)                 K_THREAD_STACK_SIZEOF(sym)

/* --- Tasks (osal_zephyr.c) ---------------------------------------------------- */

int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg, int prio,
                   void *stack, unsigned size);
void os_task_exit(void) __attribute__((noreturn));
static inline bool os_task_done(os_task_t *t)   { return k_thread_join(&t->thread, K_NO_WAIT) == 0; }
/* t is below the caller, ready or suspended: aborted where it stands. */
static inline void os_task_kill(os_task_t *t)   { k_thread_abort(&t->thread); }
void os_start(void) __attribute__((noreturn));
void os_print_config(void);

static inline void os_yield(void)               { k_yield(); }
static inline void os_suspend_self(void)        { k_thread_suspend(k_current_get()); }
/* k_thread_resume of a thread that is not suspended does nothing. */
static inline void os_resume(os_task_t *t)      { k_thread_resume(&t->thread); }
static inline void os_resume_isr(os_task_t *t)
{
    k_thread_resume(&t->thread);
    ISR_DIRECT_FOOTER(1);
}
static inline int os_prio(os_task_t *t)
{
    return OSAL_ZEPHYR_PRIO_BASE - k_thread_priority_get(t != NULL ? &t->thread : k_current_get());
}
static inline void os_set_prio(os_task_t *t, int p)
{
    k_thread_priority_set(t != NULL ? &t->thread : k_current_get(), OSAL_ZEPHYR_PRIO(p));
}

/* --- Time ------------------------------------------------------------------------ */

uint64_t os_now(void);      /* osal_zephyr.c: any context */
void os_sleep_until(uint64_t t);
#define OSAL_COUNTS_HZ BOARD_CYCLES_HZ
#include "../common/osal_counts.h"
static inline uint64_t os_sleep_resolution(void)
{
    return vz_tick_counts(BOARD_CYCLES_HZ, CONFIG_SYS_CLOCK_TICKS_PER_SEC);
}

/* --- Semaphores, mutexes, queues ------------------------------------------------------ */

static inline void os_sem_init(os_sem_t *s, unsigned init, unsigned max)
{
    (void)k_sem_init(&s->s, init, max);
}
static inline void os_sem_give(os_sem_t *s)      { k_sem_give(&s->s); }
static inline void os_sem_give_isr(os_sem_t *s)
{
    k_sem_give(&s->s);
    ISR_DIRECT_FOOTER(1);
}
static inline int os_sem_take(os_sem_t *s)       { return k_sem_take(&s->s, K_FOREVER) == 0 ? 0 : -1; }
static inline int os_sem_trytake(os_sem_t *s)    { return k_sem_take(&s->s, K_NO_WAIT) == 0 ? 0 : -1; }

static inline void os_mutex_init(os_mutex_t *m)  { (void)k_mutex_init(&m->m); }
static inline int os_mutex_lock(os_mutex_t *m)   { return k_mutex_lock(&m->m, K_FOREVER) == 0 ? 0 : -1; }
static inline int os_mutex_unlock(os_mutex_t *m) { return k_mutex_unlock(&m->m) == 0 ? 0 : -1; }

static inline void os_queue_init(os_queue_t *q, void *buf, unsigned item, unsigned n)
{
    k_msgq_init(&q->q, (char *)buf, item, n);
}
static inline int os_queue_send(os_queue_t *q, const void *item)
{
    return k_msgq_put(&q->q, item, K_FOREVER) == 0 ? 0 : -1;
}
static inline int os_queue_send_isr(os_queue_t *q, const void *item)
{
    int r = k_msgq_put(&q->q, item, K_NO_WAIT) == 0 ? 0 : -1;
    ISR_DIRECT_FOOTER(1);
    return r;
}
static inline int os_queue_recv(os_queue_t *q, void *item)
{
    return k_msgq_get(&q->q, item, K_FOREVER) == 0 ? 0 : -1;
}

/* --- Heap ------------------------------------------------------------------------------ */

static inline void os_heap_init(os_heap_t *h, void *mem, unsigned size) { k_heap_init(&h->h, mem, size); }
static inline void *os_malloc(os_heap_t *h, unsigned size) { return k_heap_alloc(&h->h, size, K_NO_WAIT); }
static inline void os_free(os_heap_t *h, void *p)          { k_heap_free(&h->h, p); }

/* --- Scheduler lock ---------------------------------------------------------------------- */

static inline void os_sched_lock(void)   { k_sched_lock(); }
static inline void os_sched_unlock(void) { k_sched_unlock(); }

#endif /* OSAL_IMPL_H */
