/* SPDX-License-Identifier: MIT */
/*
 * The host test harness (see harness.h). Single-threaded, like the kernel
 * it drives; the only process it forks is a death test's child.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "harness.h"

#define WATCH_MAX 64u
#define LOG_MAX   (64u * 1024u)

static char first_failure[512];
static unsigned failures;

static vos_task_t pool_tcb[T_POOL];
static void *pool_stack[T_POOL];
static unsigned pool_used;

static vos_task_t *w_tasks[WATCH_MAX + T_POOL];
static vos_mutex_t *w_mutexes[WATCH_MAX];
static vos_sem_t *w_sems[WATCH_MAX];
static vos_timer_t *w_timers[WATCH_MAX];
static size_t n_tasks, n_mutexes, n_sems, n_timers;

static char log_buf[LOG_MAX];
static size_t log_len;

static uint32_t rng;

void t_fail(const char *file, int line, const char *fmt, ...)
{
    if (failures++ == 0) {
        const char *base = strrchr(file, '/');
        int n = snprintf(first_failure, sizeof first_failure, "%s:%d ", base ? base + 1 : file,
                         line);
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(first_failure + n, sizeof first_failure - (size_t)n, fmt, ap);
        va_end(ap);
    }
}

bool t_failed(void)
{
    return failures != 0;
}

const char *t_inv_why(bool thread)
{
    struct inv_world w = {
        .tasks = w_tasks, .ntasks = n_tasks,
        .mutexes = w_mutexes, .nmutexes = n_mutexes,
        .sems = w_sems, .nsems = n_sems,
        .timers = w_timers, .ntimers = n_timers,
    };
    return inv_check(&w, thread);
}

void t_check_inv(const char *file, int line, bool thread)
{
    const char *why = t_inv_why(thread);
    if (why != NULL)
        t_fail(file, line, "invariant: %s", why);
}

vos_task_t *t_tcb(void **stack, size_t *size)
{
    if (pool_used == T_POOL) {
        fprintf(stderr, "harness: task pool exhausted\n");
        abort();
    }
    unsigned i = pool_used++;
    if (pool_stack[i] == NULL)
        pool_stack[i] = malloc(T_STACK);
    if (pool_stack[i] == NULL)
        abort();
    memset(&pool_tcb[i], 0, sizeof pool_tcb[i]);
    *stack = pool_stack[i];
    *size = T_STACK;
    t_watch_task(&pool_tcb[i]);
    return &pool_tcb[i];
}

vos_task_t *t_task(const char *name, vos_entry_t fn, void *arg, unsigned prio)
{
    void *stack;
    size_t size;
    vos_task_t *t = t_tcb(&stack, &size);
    int err = vos_task_create(t, name, fn, arg, prio, stack, size);
    if (err != VOS_OK)
        t_fail(__FILE__, __LINE__, "vos_task_create(%s) = %s", name, vos_strerror(err));
    return t;
}

void t_watch_task(vos_task_t *t)
{
    for (size_t i = 0; i < n_tasks; i++)
        if (w_tasks[i] == t)
            return;
    if (n_tasks < sizeof w_tasks / sizeof w_tasks[0])
        w_tasks[n_tasks++] = t;
}

void t_watch_mutex(vos_mutex_t *m)
{
    if (n_mutexes < WATCH_MAX)
        w_mutexes[n_mutexes++] = m;
}

void t_watch_timer(vos_timer_t *tm)
{
    if (n_timers < WATCH_MAX)
        w_timers[n_timers++] = tm;
}

void t_watch_sem(vos_sem_t *s)
{
    if (n_sems < WATCH_MAX)
        w_sems[n_sems++] = s;
}

void t_log(const char *fmt, ...)
{
    if (log_len != 0 && log_len < LOG_MAX - 1)
        log_buf[log_len++] = ' ';
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(log_buf + log_len, LOG_MAX - log_len, fmt, ap);
    va_end(ap);
    if (n > 0)
        log_len += (size_t)n < LOG_MAX - log_len ? (size_t)n : LOG_MAX - 1 - log_len;
}

const char *t_log_text(void)
{
    return log_buf;
}

void t_log_clear(void)
{
    log_len = 0;
    log_buf[0] = '\0';
}

void t_scenario_reset(void)
{
    pool_used = 0;
    n_tasks = n_mutexes = n_sems = n_timers = 0;
}

static vos_entry_t run_entry;
static void *run_arg;

static void run_main(void *unused)
{
    (void)unused;
    t_watch_task(vos_self());
    run_entry(run_arg);
}

int t_run(vos_entry_t entry, void *arg, unsigned prio)
{
    run_entry = entry;
    run_arg = arg;
    return host_run(entry ? run_main : NULL, NULL, prio);
}

bool t_dies(void (*fn)(void), const char *needle)
{
    int fds[2];
    if (pipe(fds) != 0)
        return false;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        close(fds[0]);
        dup2(fds[1], 2);
        fn();
        _exit(0);
    }
    close(fds[1]);
    char buf[4096];
    size_t len = 0;
    ssize_t n;
    while ((n = read(fds[0], buf + len, sizeof buf - 1 - len)) > 0)
        len += (size_t)n;
    buf[len] = '\0';
    close(fds[0]);
    int status;
    if (waitpid(pid, &status, 0) != pid)
        return false;
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT && strstr(buf, needle) != NULL;
}

bool t_survives(void (*fn)(void))
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        fn();
        _exit(0);
    }
    int status;
    if (waitpid(pid, &status, 0) != pid)
        return false;
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

uint32_t t_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void case_reset(const char *name)
{
    failures = 0;
    first_failure[0] = '\0';
    t_scenario_reset();
    t_log_clear();
    rng = 2463534242u;
    for (const char *c = name; *c; c++)
        rng = rng * 31u + (uint8_t)*c;
    if (rng == 0)
        rng = 1;
}

/* Exit status of a case's child process: passed, failed (line printed).
 * Anything else is a crash (a sanitizer report, a signal). */
#define CHILD_PASS 0
#define CHILD_FAIL 3

static bool run_case(const struct t_case *c)
{
    case_reset(c->name);
    c->fn();
    if (failures == 0) {
        printf("PASS %s\n", c->name);
        return true;
    }
    printf("FAIL %s: %s", c->name, first_failure);
    if (failures > 1)
        printf(" (and %u more)", failures - 1);
    printf("\n");
    return false;
}

/* Seconds a case may take before it counts as hung: T_TIMEOUT, or 300
 * (virtual time makes every case fast; this only catches livelocks). */
static unsigned case_timeout(void)
{
    const char *e = getenv("T_TIMEOUT");
    unsigned v = e ? (unsigned)strtoul(e, NULL, 10) : 0;
    return v ? v : 300;
}

/* Each case runs in a child process, so that it starts from a fresh
 * process and a crash or a hang costs one case, not the whole run.
 * T_NOFORK=1 runs them in this process (for a debugger). */
int t_main(int argc, char **argv, const struct t_case *cases, size_t n)
{
    unsigned passed = 0, failed = 0;
    bool fork_cases = getenv("T_NOFORK") == NULL;
    setvbuf(stdout, NULL, _IOLBF, 0);
    for (size_t i = 0; i < n; i++) {
        if (argc > 1 && strstr(cases[i].name, argv[1]) == NULL)
            continue;
        bool ok;
        if (!fork_cases) {
            ok = run_case(&cases[i]);
        } else {
            fflush(stdout);
            fflush(stderr);
            pid_t pid = fork();
            if (pid < 0) {
                perror("fork");
                return 1;
            }
            if (pid == 0) {
                alarm(case_timeout());
                exit(run_case(&cases[i]) ? CHILD_PASS : CHILD_FAIL);
            }
            int status;
            if (waitpid(pid, &status, 0) != pid)
                status = -1;
            ok = WIFEXITED(status) && WEXITSTATUS(status) == CHILD_PASS;
            if (!ok && !(WIFEXITED(status) && WEXITSTATUS(status) == CHILD_FAIL)) {
                if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
                    printf("FAIL %s: timed out after %u s (a hang)\n", cases[i].name,
                           case_timeout());
                else if (WIFSIGNALED(status))
                    printf("FAIL %s: crashed (signal %d)\n", cases[i].name, WTERMSIG(status));
                else
                    printf("FAIL %s: crashed (exit status %d)\n", cases[i].name,
                           WIFEXITED(status) ? WEXITSTATUS(status) : -1);
            }
        }
        if (ok)
            passed++;
        else
            failed++;
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
