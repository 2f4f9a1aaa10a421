/* SPDX-License-Identifier: MIT */
/*
 * The board's interrupt sources, emulated as far as POSIX allows: a user
 * process cannot take a hardware interrupt, so each line (timer sources
 * 0 and 1, software lines 0 and 1) is a thread at board_linux_irq_fifo(),
 * above every bench task, pinned to the run's CPU. A timer line sleeps
 * until its next period (sem_clockwait on CLOCK_MONOTONIC, absolute) and
 * calls the handler; a pend posts the line's semaphore, so the handler
 * runs at once, preempting the task that pended it - the threaded
 * interrupt handlers of PREEMPT_RT work the same way.
 *
 * What is therefore not an interrupt: the "handler" runs in a thread and
 * pays a context switch in and out; the NVIC priority argument is
 * ignored (one level for every line); "masked" does not exist. The
 * interrupt metrics are skipped on Linux for that reason (bench/linux/
 * main.c); these sources exist for the load of the timing family's
 * "loaded" scenarios.
 *
 * Like an NVIC pending bit, pends coalesce: several pends before the
 * handler runs give one call. A timer period that ends while the previous
 * call is still running is lost, as on hardware; `next` then skips to the
 * first period boundary in the future.
 *
 * Contexts: start and swi_init from a task (they create the line's thread
 * on first use); stop and pend from anywhere, a handler included.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "board.h"
#include "board_linux.h"

#define NLINES 4          /* timer 0, timer 1, software 0, software 1 */

struct line {
    bool created;                        /* touched only from task context */
    sem_t kick;                          /* pend, or reconfiguration */
    atomic_bool enabled;
    atomic_bool pending;                 /* a pend not yet served */
    _Atomic uint64_t period;             /* ns; 0 for a software line */
    _Atomic uint64_t next;               /* absolute CLOCK_MONOTONIC ns */
    void (*_Atomic handler)(void);
};

static struct line lines[NLINES];

static void fatal(const char *what, int n)
{
    board_printf("!! board: %s (line %d)\n", what, n);
    board_exit(2);
}

static void *line_thread(void *arg)
{
    struct line *l = arg;
    for (;;) {
        uint64_t period = atomic_load(&l->period);
        int r;
        if (atomic_load(&l->enabled) && period != 0) {
            uint64_t next = atomic_load(&l->next);
            struct timespec ts = { .tv_sec = (time_t)(next / 1000000000u),
                                   .tv_nsec = (long)(next % 1000000000u) };
            r = sem_clockwait(&l->kick, CLOCK_MONOTONIC, &ts);
        } else {
            r = sem_wait(&l->kick);
        }
        int err = r == 0 ? 0 : errno;
        if (err == EINTR)
            continue;
        if (!atomic_load(&l->enabled)) {
            atomic_store(&l->pending, false);
            continue;
        }
        void (*h)(void) = atomic_load(&l->handler);
        if (err == ETIMEDOUT) {
            uint64_t next = atomic_load(&l->next) + period;
            h();
            uint64_t now = board_linux_ns();
            if (next <= now)                      /* periods lost while late */
                next += ((now - next) / period + 1) * period;
            atomic_store(&l->next, next);
        } else if (atomic_exchange(&l->pending, false)) {
            h();
        }
        /* else: start() changed the period; wait again with the new one */
    }
    return NULL;
}

/* The line's thread, created on first use. */
static void ensure_thread(int n)
{
    struct line *l = &lines[n];
    if (l->created)
        return;
    if (sem_init(&l->kick, 0, 0) != 0)
        fatal("sem_init failed", n);
    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&a, 64 * 1024);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(board_linux.cpu, &one);
    pthread_attr_setaffinity_np(&a, sizeof one, &one);
    if (board_linux.fifo) {
        struct sched_param sp = { .sched_priority = board_linux_irq_fifo() };
        pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
        pthread_attr_setschedpolicy(&a, SCHED_FIFO);
        pthread_attr_setschedparam(&a, &sp);
    }
    pthread_t th;
    int err = pthread_create(&th, &a, line_thread, l);
    pthread_attr_destroy(&a);
    if (err != 0)
        fatal(strerror(err), n);
    pthread_setname_np(th, n < 2 ? "vb-irq" : "vb-swi");
    l->created = true;
}

static void configure(int n, uint64_t period, void (*handler)(void))
{
    struct line *l = &lines[n];
    ensure_thread(n);
    atomic_store(&l->enabled, false);
    atomic_store(&l->handler, handler);
    atomic_store(&l->period, period);
    atomic_store(&l->next, board_linux_ns() + period);
    atomic_store(&l->pending, false);
    atomic_store(&l->enabled, true);
    sem_post(&l->kick);                 /* re-arm with the new period */
}

static void pend(int n)
{
    struct line *l = &lines[n];
    if (!l->created || !atomic_load(&l->enabled))
        return;                         /* a disabled line ignores pends */
    if (!atomic_exchange(&l->pending, true))
        sem_post(&l->kick);
}

void board_irq_start(int n, uint32_t period, uint8_t prio, void (*handler)(void))
{
    (void)prio;                         /* one emulated interrupt level */
    if (n < 0 || n > 1)
        fatal("board_irq_start: no such timer source", n);
    if (period == 0 || handler == NULL)
        fatal("board_irq_start: period must be > 0 ns and the handler set", n);
    configure(n, period, handler);
}

void board_irq_stop(int n)
{
    if (n < 0 || n > 1)
        fatal("board_irq_stop: no such timer source", n);
    atomic_store(&lines[n].enabled, false);
}

void board_irq_pend(int n)
{
    if (n < 0 || n > 1)
        fatal("board_irq_pend: no such timer source", n);
    pend(n);
}

void board_swi_init(int n, uint8_t prio, void (*handler)(void))
{
    (void)prio;
    if (n < 0 || n > 1 || handler == NULL)
        fatal("board_swi_init: no such software line, or no handler", n);
    configure(2 + n, 0, handler);
}

void board_swi_pend(int n)
{
    if (n < 0 || n > 1)
        fatal("board_swi_pend: no such software line", n);
    pend(2 + n);
}
