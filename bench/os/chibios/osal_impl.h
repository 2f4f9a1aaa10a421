/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's OS adaptation layer for ChibiOS/RT 7.0, through its
 * public API (ch.h: threads, semaphores, mutexes, virtual time; the oslib:
 * mailboxes, objects FIFOs, heaps) with the configuration of chconf.h
 * beside this file:
 *
 *   tasks    chThdCreateStatic on the harness's working areas; a task that
 *            ends calls chThdExit and os_task_done is chThdTerminatedX, after
 *            which its working area may be reused (no registry). ChibiOS
 *            suspends a thread only on a thread reference of its own: each
 *            os_task_t holds one (os_suspend_self, os_resume)
 *   prio     bench level p is ChibiOS priority NORMALPRIO + p; the current
 *            priority (hdr.pqueue.prio) includes what a mutex lends
 *   time     tickless: the system time is the board's 32-bit counter, the
 *            alarm osal_chibios.c's on TIM5 (chconf.h); os_now extends the
 *            counter to 64 bits, and a sleep is chThdSleepUntil to the
 *            exact counter value, so its resolution is one count
 *   sem      semaphore_t; a give at the maximum is dropped, in the kernel
 *            lock, as ChibiOS's binary semaphores do it
 *   mutex    mutex_t: transitive priority inheritance
 *   queue    a mailbox for 4-byte items (the item is the message), an
 *            objects FIFO (a pool and a mailbox of pointers) otherwise
 *   heap     memory_heap_t on the memory the harness gives
 *
 * Interrupts: ChibiOS reschedules as an interrupt returns to a thread,
 * in the CH_IRQ_EPILOGUE every kernel-aware handler ends with. The
 * harness's handlers are kernel-neutral (the board's and the families'),
 * so the _isr calls here do the I-class call in the kernel lock and, when
 * it made a more urgent thread ready, pend the board's software line 1 at
 * the lowest priority: its handler is a prologue and an epilogue only
 * (osal_chibios.c), and it runs as the last handler returns, where the
 * epilogue switches. Calling contexts: as bench/osal.h.
 */
#ifndef OSAL_IMPL_H
#define OSAL_IMPL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "ch.h"
#include "board.h"
#include "vaios/config.h"   /* the board's counter rate (BOARD_CYCLES_HZ), nothing of VAIOS's kernel */

#define OSAL_NAME      "chibios"
#define OSAL_PRIO_MAX  11
#define OSAL_PRIO_BASE NORMALPRIO
#define OSAL_HAS_QUEUE 1
#define OSAL_HAS_HEAP  1
#define OSAL_HAS_RESUME_ISR 1
#define OSAL_NO_TICK_ISR_WHY "the backend's alarm handler calls ChibiOS's chSysTimerHandlerI; its " \
                             "duration is not recorded (no board hook in that path)"
#define OSAL_STACK_ANY_MEMORY 1
/* A filler's working area holds its thread_t, its blocked frames and the
 * switch context, which saves s16-s31 on every switch, and while it runs
 * an interrupt's frame and the epilogue's switch frame (104 bytes each
 * with the FPU): 256 bytes overflow. With 512, the 64 KB arena holds 128
 * fillers, so the 256-task scale rows are skipped here. */
#define OSAL_FILLER_STACK 512
#define OSAL_CRIT_STATS 0
#define OSAL_TRACE      0
#define OSAL_HAS_SCHED_LOCK 0
#define OSAL_HAS_TM_PORT 1      /* tm_port.c */
/* The harness's RAM: the kernel's heap is given the arena's memory as on
 * VAIOS, the working areas are the harness's. */
#ifndef OSAL_SLOTS
#define OSAL_SLOTS 12
#endif

_Static_assert(CH_CFG_ST_FREQUENCY == BOARD_CYCLES_HZ,
               "ChibiOS's system time must count at the board counter's rate (chconf.h)");
_Static_assert(CH_CFG_ST_TIMEDELTA > 0, "the backend runs ChibiOS tickless (chconf.h)");
_Static_assert(NORMALPRIO + OSAL_PRIO_MAX < HIGHPRIO, "bench levels above ChibiOS's range");

/* NVIC levels: ChibiOS masks with BASEPRI at CORTEX_BASEPRI_KERNEL (0x30
 * with 4 priority bits and the port's 2 fast levels); 0x00 and 0x10 are
 * above it. The alarm (0xE0) and the rescheduling line (0xF0) are below
 * every harness interrupt. */
#define OSAL_IRQ_PRIO_KERNEL       0x80
#define OSAL_IRQ_PRIO_KERNEL_LOW   0xC0
#define OSAL_HAS_ZERO_LATENCY      1
#define OSAL_IRQ_PRIO_ZERO_LATENCY 0x00
#define OSAL_CHIBIOS_ALARM_PRIO    0xE0
#define OSAL_CHIBIOS_RESCHED_PRIO  0xF0
#define OSAL_CHIBIOS_RESCHED_SWI   1     /* the board's software line */
_Static_assert(OSAL_IRQ_PRIO_KERNEL >= CORTEX_BASEPRI_KERNEL &&
               OSAL_IRQ_PRIO_KERNEL_LOW >= CORTEX_BASEPRI_KERNEL &&
               OSAL_IRQ_PRIO_ZERO_LATENCY < CORTEX_BASEPRI_KERNEL,
               "the bench's interrupt levels do not match ChibiOS's CORTEX_BASEPRI_KERNEL");

typedef struct os_task {
    thread_t *tp;
    thread_reference_t susp;        /* the thread while it waits in os_suspend_self */
    void (*fn)(void *);
    void *arg;
} os_task_t;

typedef struct { semaphore_t s; cnt_t max; } os_sem_t;
typedef struct { mutex_t m; } os_mutex_t;
#define OSAL_QUEUE_MAX 32               /* items of a queue (its mailbox's slots) */
typedef struct {
    unsigned item;                      /* bytes of an item */
    mailbox_t mb;                       /* item == sizeof (msg_t) */
    objects_fifo_t fifo;                /* otherwise */
    msg_t slots[OSAL_QUEUE_MAX];
} os_queue_t;
typedef struct { memory_heap_t h; } os_heap_t;

/* Stacks are ChibiOS working areas (the thread_t at their top). */
#define OSAL_STACK_DEFINE(sym, bytes) THD_WORKING_AREA(sym, bytes)
#define OSAL_STACK_ARRAY_DEFINE(sym, n, bytes) \
    stkalign_t sym[n][THD_WORKING_AREA_SIZE(bytes) / sizeof(stkalign_t)] \
        __attribute__((aligned(PORT_WORKING_AREA_ALIGN)))
#define OSAL_STACK_SIZEOF(sym) sizeof(sym)

/* --- Interrupt side ------------------------------------------------------------ */

/* osal_chibios.c: pends the rescheduling line. */
void osal_chibios_resched(void);

/* Leave the kernel lock taken with chSysLockFromISR, and have the switch
 * made as the interrupt returns if the I-class calls made a more urgent
 * thread ready. */
static inline void osal_chibios_unlock_isr(void)
{
    bool switch_needed = chSchIsPreemptionRequired();
    chSysUnlockFromISR();
    if (switch_needed)
        osal_chibios_resched();
}

/* --- Tasks (osal_chibios.c) -------------------------------------------------- */

int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg, int prio,
                   void *stack, unsigned size);
static inline void os_task_exit(void)                  { chThdExit(MSG_OK); }
static inline bool os_task_done(os_task_t *t)          { return chThdTerminatedX(t->tp); }
void os_task_kill(os_task_t *t);
void os_start(void) __attribute__((noreturn));
void os_print_config(void);

static inline void os_yield(void)                      { chThdYield(); }
static inline void os_suspend_self(void)
{
    os_task_t *self = chThdGetSelfX()->vb_task;
    chSysLock();
    (void)chThdSuspendS(&self->susp);
    chSysUnlock();
}
/* A resume of a task that is not suspended finds no reference: nothing. */
static inline void os_resume(os_task_t *t)
{
    chSysLock();
    chThdResumeS(&t->susp, MSG_OK);
    chSysUnlock();
}
static inline void os_resume_isr(os_task_t *t)
{
    chSysLockFromISR();
    chThdResumeI(&t->susp, MSG_OK);
    osal_chibios_unlock_isr();
}
static inline int os_prio(os_task_t *t)
{
    thread_t *tp = t != NULL ? t->tp : chThdGetSelfX();
    return (int)tp->hdr.pqueue.prio - OSAL_PRIO_BASE;
}
/* ChibiOS changes the calling thread's priority only: t is NULL here. */
static inline void os_set_prio(os_task_t *t, int p)
{
    (void)t;
    (void)chThdSetPriority((tprio_t)(OSAL_PRIO_BASE + p));
}

/* --- Time ------------------------------------------------------------------------ */

uint64_t os_now(void);      /* osal_chibios.c: any context */
void os_sleep_until(uint64_t t);
#define OSAL_COUNTS_HZ BOARD_CYCLES_HZ
#include "../common/osal_counts.h"
static inline uint64_t os_sleep_resolution(void) { return 1; }

/* --- Semaphores, mutexes, queues ------------------------------------------------------ */

static inline void os_sem_init(os_sem_t *s, unsigned init, unsigned max)
{
    chSemObjectInit(&s->s, (cnt_t)init);
    s->max = (cnt_t)max;
}
static inline void os_sem_give(os_sem_t *s)
{
    chSysLock();
    if (chSemGetCounterI(&s->s) < s->max)
        chSemSignalI(&s->s);
    chSchRescheduleS();
    chSysUnlock();
}
static inline void os_sem_give_isr(os_sem_t *s)
{
    chSysLockFromISR();
    if (chSemGetCounterI(&s->s) < s->max)
        chSemSignalI(&s->s);
    osal_chibios_unlock_isr();
}
static inline int os_sem_take(os_sem_t *s)    { return chSemWait(&s->s) == MSG_OK ? 0 : -1; }
static inline int os_sem_trytake(os_sem_t *s)
{
    return chSemWaitTimeout(&s->s, TIME_IMMEDIATE) == MSG_OK ? 0 : -1;
}

static inline void os_mutex_init(os_mutex_t *m)  { chMtxObjectInit(&m->m); }
static inline int os_mutex_lock(os_mutex_t *m)   { chMtxLock(&m->m); return 0; }
static inline int os_mutex_unlock(os_mutex_t *m) { chMtxUnlock(&m->m); return 0; }

void os_queue_init(os_queue_t *q, void *buf, unsigned item, unsigned n);
static inline int os_queue_send(os_queue_t *q, const void *item)
{
    if (q->item == sizeof(msg_t)) {
        msg_t m;
        memcpy(&m, item, sizeof m);
        return chMBPostTimeout(&q->mb, m, TIME_INFINITE) == MSG_OK ? 0 : -1;
    }
    void *o = chFifoTakeObjectTimeout(&q->fifo, TIME_INFINITE);
    if (o == NULL)
        return -1;
    memcpy(o, item, q->item);
    chFifoSendObject(&q->fifo, o);
    return 0;
}
static inline int os_queue_send_isr(os_queue_t *q, const void *item)
{
    int r = -1;
    chSysLockFromISR();
    if (q->item == sizeof(msg_t)) {
        msg_t m;
        memcpy(&m, item, sizeof m);
        r = chMBPostI(&q->mb, m) == MSG_OK ? 0 : -1;
    } else {
        void *o = chFifoTakeObjectI(&q->fifo);
        if (o != NULL) {
            memcpy(o, item, q->item);
            chFifoSendObjectI(&q->fifo, o);
            r = 0;
        }
    }
    osal_chibios_unlock_isr();
    return r;
}
static inline int os_queue_recv(os_queue_t *q, void *item)
{
    if (q->item == sizeof(msg_t)) {
        msg_t m;
        if (chMBFetchTimeout(&q->mb, &m, TIME_INFINITE) != MSG_OK)
            return -1;
        memcpy(item, &m, sizeof m);
        return 0;
    }
    void *o;
    if (chFifoReceiveObjectTimeout(&q->fifo, &o, TIME_INFINITE) != MSG_OK)
        return -1;
    memcpy(item, o, q->item);
    chFifoReturnObject(&q->fifo, o);
    return 0;
}

/* --- Heap --------------------------------------------------------------------------------- */

static inline void os_heap_init(os_heap_t *h, void *mem, unsigned size)
{
    chHeapObjectInit(&h->h, mem, size);
}
static inline void *os_malloc(os_heap_t *h, unsigned size) { return chHeapAlloc(&h->h, size); }
static inline void os_free(os_heap_t *h, void *p)          { (void)h; chHeapFree(p); }

#endif /* OSAL_IMPL_H */
