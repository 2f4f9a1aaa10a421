/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's OS adaptation layer for Linux through POSIX (and so for
 * PREEMPT_RT, and for Xenomai through libcobalt's POSIX wrapping): the
 * calls of bench/osal.h mapped onto
 *
 *   tasks    pthreads, SCHED_FIFO at board_linux.fifo_base + level, all
 *            pinned to one CPU (boards/linux/board_linux.h)
 *   yield    sched_yield()
 *   time     CLOCK_MONOTONIC in ns; sleeps with clock_nanosleep
 *            (sleep_until: TIMER_ABSTIME)
 *   sem      sem_t (unnamed, process-private); the maximum count is kept
 *            by the wrapper (POSIX semaphores have none)
 *   mutex    pthread_mutex_t with PTHREAD_PRIO_INHERIT
 *   queue    POSIX message queues (mq_*), opened and unlinked at once so
 *            they are private to the process; the caller's buffer is not
 *            used (the kernel holds the messages)
 *   heap     the C library's malloc/free; os_heap_t carries nothing
 *            because glibc has one heap per process
 *
 * Emulated, with what differs (docs/linux.md):
 *   os_suspend_self/os_resume: a per-task semaphore. A resume of a task
 *            that is not suspended is ignored, as in VAIOS.
 *   os_prio:  the effective priority (with inheritance) read from
 *            /proc/self/task/<tid>/stat, which is slow: never call it in a
 *            measurement window (the families do not).
 *
 * Everything called inside a measurement window is a static inline
 * wrapper over one C library call; the rest is in osal_posix.c.
 *
 * Calling contexts: any task (thread created by os_task_create) for all
 * calls; from an emulated interrupt handler (boards/linux/irq.c) only the
 * *_isr calls, os_sem_give and os_now. Errors: 0 or a negative errno.
 */
#ifndef OSAL_IMPL_H
#define OSAL_IMPL_H

#include <errno.h>
#include <limits.h>
#include <mqueue.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include "board.h"
#include "board_linux.h"

#define OSAL_NAME       "posix"
#define OSAL_HOST_PROCESS 1     /* the os_host_* calls below: boards/linux's placement */
#define OSAL_PRIO_MAX   (BOARD_LINUX_LEVELS - 1)
#define OSAL_HAS_QUEUE  1
#define OSAL_CRIT_STATS 0      /* no user-space view of the kernel's masked sections */
#define OSAL_TRACE      0

/* The Linux board's interrupt sources are threads at one level above
 * every task (boards/linux/irq.c): the NVIC levels are not used. */
#define OSAL_IRQ_PRIO_KERNEL     0x80
#define OSAL_IRQ_PRIO_KERNEL_LOW 0xC0
#define OSAL_HAS_ZERO_LATENCY    0
#define OSAL_NO_TICK_ISR_WHY     "a Linux process cannot time the kernel's timer interrupt"
#define OSAL_HAS_CMSIS_ROWS      0
#define OSAL_STACK_ANY_MEMORY    1  /* the stack argument is not used (os_task_create) */

/* Task states (os_task_t.state). */
enum { OSAL_TASK_NONE, OSAL_TASK_LIVE, OSAL_TASK_EXITED };

typedef struct os_task {
    pthread_t thread;
    void (*fn)(void *);
    void *arg;
    const char *name;
    int prio;                       /* base level, 1 .. OSAL_PRIO_MAX */
    _Atomic int tid;                /* kernel thread id once it has run, else 0 */
    _Atomic int state;              /* OSAL_TASK_* */
    atomic_bool suspended;          /* inside os_suspend_self() */
    bool resume_ready;              /* `resume` initialised */
    sem_t resume;
} os_task_t;

typedef struct {
    sem_t sem;
    int max;
    bool ready;
} os_sem_t;

typedef struct {
    pthread_mutex_t m;
    bool ready;
} os_mutex_t;

typedef struct {
    mqd_t mq;
    unsigned item;
    bool ready;
} os_queue_t;

typedef struct {
    unsigned long unused;           /* glibc's heap is per process */
} os_heap_t;

/* The calling task, or NULL in an interrupt thread or the parent. */
extern __thread os_task_t *osal_posix_self;

/* --- Tasks (osal_posix.c) ------------------------------------------------- */

/* Create a task at level prio (1 .. OSAL_PRIO_MAX) running fn(arg). The
 * stack argument is not used: a pthread needs room for its TLS and guard
 * page, so each task gets its own mapping of max(size, 64 KB), locked by
 * mlockall. Returns 0 or a negative errno. Task context. */
int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg, int prio,
                   void *stack, unsigned size);
void os_task_exit(void) __attribute__((noreturn));
int os_prio(os_task_t *t);                 /* NULL: the caller */
void os_set_prio(os_task_t *t, int p);     /* NULL: the caller */
/* The first task runs; the calling (non-task) thread waits for ever. */
void os_start(void) __attribute__((noreturn));
void os_print_config(void);

static inline bool os_task_done(os_task_t *t)
{
    return atomic_load(&t->state) == OSAL_TASK_EXITED;
}

static inline void os_yield(void)
{
    sched_yield();
}

static inline void os_suspend_self(void)
{
    os_task_t *t = osal_posix_self;
    atomic_store(&t->suspended, true);
    while (sem_wait(&t->resume) != 0 && errno == EINTR)
        ;
}

/* Wakes t if it is suspended; otherwise nothing (no resume is kept). */
static inline void os_resume(os_task_t *t)
{
    if (atomic_exchange(&t->suspended, false))
        sem_post(&t->resume);
}

static inline void os_resume_isr(os_task_t *t)
{
    os_resume(t);
}

/* --- Time: CLOCK_MONOTONIC nanoseconds --------------------------------------- */

static inline uint64_t os_now(void)
{
    return board_linux_ns();
}

static inline struct timespec osal_ts(uint64_t ns)
{
    struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000u),
                           .tv_nsec = (long)(ns % 1000000000u) };
    return ts;
}

/* The shortest relative sleep. A higher task that polls with sleeps
 * shorter than two context switches (about 2 us each in a VM) never lets a
 * lower task run: each wake-up preempts it again before it leaves the
 * kernel (seen: bench/core.c's vb_join, polling every 1 us, livelocked a
 * lower task that was exiting). Shorter requests sleep this long; "at
 * least d" still holds. */
#define OSAL_MIN_SLEEP_NS 20000u

static inline void os_sleep(uint64_t d)
{
    struct timespec ts = osal_ts(d < OSAL_MIN_SLEEP_NS ? OSAL_MIN_SLEEP_NS : d), rem;
    while (clock_nanosleep(CLOCK_MONOTONIC, 0, &ts, &rem) == EINTR)
        ts = rem;
}

static inline void os_sleep_until(uint64_t t)
{
    struct timespec ts = osal_ts(t);
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
        ;
}

static inline uint64_t os_ms(uint64_t ms) { return ms * 1000000u; }
static inline uint64_t os_us(uint64_t us) { return us * 1000u; }
static inline uint64_t os_ns(uint64_t ns) { return ns; }
/* High-resolution timers: a sleep is not rounded to a tick. */
static inline uint64_t os_sleep_resolution(void) { return 1; }

/* --- Semaphores ------------------------------------------------------------ */

static inline void os_sem_init(os_sem_t *s, unsigned init, unsigned max)
{
    if (s->ready)
        sem_destroy(&s->sem);
    s->max = max > (unsigned)SEM_VALUE_MAX ? SEM_VALUE_MAX : (int)max;
    sem_init(&s->sem, 0, init);
    s->ready = true;
}

/* A give at the maximum count is dropped, as in VAIOS. The check and the
 * post are two steps: two givers racing at max - 1 could exceed it, which
 * no family does (one giver per semaphore). */
static inline void os_sem_give(os_sem_t *s)
{
    int v;
    if (sem_getvalue(&s->sem, &v) == 0 && v >= s->max)
        return;
    sem_post(&s->sem);
}

static inline void os_sem_give_isr(os_sem_t *s)
{
    os_sem_give(s);
}

static inline int os_sem_take(os_sem_t *s)
{
    while (sem_wait(&s->sem) != 0)
        if (errno != EINTR)
            return -errno;
    return 0;
}

static inline int os_sem_trytake(os_sem_t *s)
{
    return sem_trywait(&s->sem) == 0 ? 0 : -errno;
}

/* --- Mutexes with priority inheritance ---------------------------------------- */

void os_mutex_init(os_mutex_t *m);

static inline int os_mutex_lock(os_mutex_t *m)
{
    return -pthread_mutex_lock(&m->m);
}

static inline int os_mutex_unlock(os_mutex_t *m)
{
    return -pthread_mutex_unlock(&m->m);
}

/* --- Message queues ------------------------------------------------------------ */

/* A private queue of n messages of item bytes (buf is not used). n is
 * limited by /proc/sys/fs/mqueue/msg_max for unprivileged users. A queue
 * that cannot be opened ends the family with a "!!" line. */
void os_queue_init(os_queue_t *q, void *buf, unsigned item, unsigned n);

static inline int os_queue_send(os_queue_t *q, const void *item)
{
    while (mq_send(q->mq, (const char *)item, q->item, 0) != 0)
        if (errno != EINTR)
            return -errno;
    return 0;
}

/* Never blocks: a full queue returns -ETIMEDOUT (the deadline is already
 * past). */
static inline int os_queue_send_isr(os_queue_t *q, const void *item)
{
    static const struct timespec past = { 0, 0 };
    return mq_timedsend(q->mq, (const char *)item, q->item, 0, &past) == 0 ? 0 : -errno;
}

static inline int os_queue_recv(os_queue_t *q, void *item)
{
    while (mq_receive(q->mq, (char *)item, q->item, NULL) < 0)
        if (errno != EINTR)
            return -errno;
    return 0;
}

/* --- Heap: the C library's ------------------------------------------------------ */

/* Also sets glibc's real-time options once: no trimming of the heap top
 * and no mmap per allocation, so a free never returns pages that the next
 * allocation would fault in again. */
void os_heap_init(os_heap_t *h, void *mem, unsigned size);

static inline void *os_malloc(os_heap_t *h, unsigned size)
{
    (void)h;
    return malloc(size);
}

static inline void os_free(os_heap_t *h, void *p)
{
    (void)h;
    free(p);
}

/* --- The host process (bench/osal.h, OSAL_HOST_PROCESS): boards/linux ---------- */

/* Task levels 0 .. OSAL_PRIO_MAX; the interrupt threads one above
 * (boards/linux/board_linux.h). */
static inline int os_host_setup(int cpu, int prio_base, bool allow_other, char *why, size_t n)
{
    return board_linux_setup(cpu, prio_base, allow_other, why, n) == BOARD_LINUX_OK ? 0 : -EPERM;
}

static inline bool os_host_realtime(void)
{
    return board_linux.fifo;
}

static inline void os_host_pin(void)
{
    board_linux_pin();
}

static inline void os_host_unpin(void)
{
    board_linux_release_cpu();
}

static inline void os_host_enter(void)
{
    board_linux_enter();
}

static inline void os_host_print_config(void)
{
    board_linux_print_config();
}

#endif /* OSAL_IMPL_H */
