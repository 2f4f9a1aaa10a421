/* SPDX-License-Identifier: MIT */
/*
 * A small harness for the kernel's host tests: a table of cases, checks
 * that record the first failure and go on, tasks from a pool of stacks,
 * an event log for ordering assertions, the invariant checker over
 * everything the case created, and death tests in a child process.
 *
 * Output: one line per case ("PASS name" or "FAIL name: file:line what"),
 * then "N passed, M failed"; exit status 1 if any case failed. Each case
 * runs in its own child process (a crash, or a hang past T_TIMEOUT seconds,
 * default 300, fails that case only); set T_NOFORK=1 to run them in one
 * process, e.g. under a debugger.
 */
#ifndef VAIOS_TEST_HARNESS_H
#define VAIOS_TEST_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "vaios/vaios.h"
#include "host_test.h"
#include "invariants.h"

struct t_case {
    const char *name;
    void (*fn)(void);
};

/* Run every case (or those whose name contains argv[1]); returns the
 * process exit status. */
int t_main(int argc, char **argv, const struct t_case *cases, size_t n);

/* --- Checks ---------------------------------------------------------------- */

void t_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
bool t_failed(void);

#define CHECK(c)                                                               \
    do {                                                                       \
        if (!(c))                                                              \
            t_fail(__FILE__, __LINE__, "%s", #c);                              \
    } while (0)

#define CHECK_EQ(a, b)                                                         \
    do {                                                                       \
        long long a_ = (long long)(a), b_ = (long long)(b);                    \
        if (a_ != b_)                                                          \
            t_fail(__FILE__, __LINE__, "%s is %lld, expected %lld (%s)", #a,   \
                   a_, b_, #b);                                                \
    } while (0)

#define CHECK_TIME(a, b)                                                       \
    do {                                                                       \
        unsigned long long a_ = (a), b_ = (b);                                 \
        if (a_ != b_)                                                          \
            t_fail(__FILE__, __LINE__, "%s is %llu, expected %llu (%s)", #a,   \
                   a_, b_, #b);                                                \
    } while (0)

#define CHECK_STR(a, b)                                                        \
    do {                                                                       \
        const char *a_ = (a), *b_ = (b);                                       \
        if (strcmp(a_, b_) != 0)                                               \
            t_fail(__FILE__, __LINE__, "%s is \"%s\", expected \"%s\"", #a,    \
                   a_, b_);                                                    \
    } while (0)

/* The event log so far equals expected (tokens separated by one space). */
#define CHECK_LOG(expected) CHECK_STR(t_log_text(), (expected))

/* Every kernel invariant holds; call from a task (thread mode). */
#define CHECK_INV() t_check_inv(__FILE__, __LINE__, true)

void t_check_inv(const char *file, int line, bool thread);

/* The invariant checker over everything watched: NULL or what is broken. */
const char *t_inv_why(bool thread);

/* --- Tasks and objects -------------------------------------------------------- */

#define T_STACK (64u * 1024u)   /* ASan frames and printf need room */
#define T_POOL  40u

/* A zeroed control block and stack from the case's pool (for tests that
 * call vos_task_create themselves). The task is watched by the checker. */
vos_task_t *t_tcb(void **stack, size_t *size);

/* Create a task from the pool; a failed creation fails the case. */
vos_task_t *t_task(const char *name, vos_entry_t fn, void *arg, unsigned prio);

/* Objects the invariant checker looks at (up to 64 of each). */
void t_watch_mutex(vos_mutex_t *m);
void t_watch_sem(vos_sem_t *s);
void t_watch_timer(vos_timer_t *tm);
/* A task created outside the pool (the scenario's main task is added by
 * t_run). */
void t_watch_task(vos_task_t *t);

/* --- Event log ---------------------------------------------------------------- */

void t_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
const char *t_log_text(void);
void t_log_clear(void);

/* --- Scenarios ------------------------------------------------------------- */

/* Forget the tasks and watched objects of earlier scenarios of this case
 * (for cases that run many scenarios); the log and failures stay. */
void t_scenario_reset(void);

/* host_run(entry, arg, prio) with the main task watched. */
int t_run(vos_entry_t entry, void *arg, unsigned prio);

/* Run fn in a child process; true if it ended in arch_halt (SIGABRT) with
 * a message containing needle on stderr. */
bool t_dies(void (*fn)(void), const char *needle);

/* Run fn in a child process; true if fn returned (the child exits 0).
 * A crash, a sanitizer report or a halt in fn gives false. */
bool t_survives(void (*fn)(void));

/* Deterministic pseudo-random numbers (xorshift), seeded per case. */
uint32_t t_rand(void);

#endif /* VAIOS_TEST_HARNESS_H */
