/* SPDX-License-Identifier: MIT */
/*
 * The benchmark harness as a Linux program: the metric families of bench/
 * that have a POSIX meaning, through bench/os/posix, printing the same
 * "@VOS" stream as the target image (docs/results-json.md) for
 * tools/vaios_report.py. tools/bench_linux.py builds and runs it and sets
 * its figures beside rt-tests'.
 *
 *   bench-linux [--cpu N] [--prio P] [--families a,b,...] [--timeout S]
 *               [--allow-other]
 *
 *   --cpu N        the CPU every task runs on (default: the last one this
 *                  process may use)
 *   --prio P       SCHED_FIFO priority of the measured periodic task, as
 *                  cyclictest -p (default 90); the harness occupies
 *                  P-3 .. P+4 for tasks and P+5 for interrupt threads
 *   --families     the families to run, of those bench/families.def lets
 *                  this backend build (default all of them)
 *   --timeout S    a family still running after S seconds is killed and
 *                  reported as failed (default 600)
 *   --allow-other  without permission for SCHED_FIFO, run under SCHED_OTHER
 *                  instead of refusing; every figure is labelled so
 *   --config       check the parameters, print the "@VOS config" lines a run
 *                  with them would print, and exit without measuring
 *
 * Exit status: 0 when every family completed, 1 when one failed, 2 for a
 * parameter this system cannot honour (stream not started).
 *
 * Each family runs in its own child process (pinned, memory locked, its
 * main task at VB_MAIN_PRIO like the target's), and the parent forwards
 * its lines: a family that hangs or stops with a "!!" line is reported
 * with the metrics it did not measure, and the next family still runs.
 * The parent never runs on the measured CPU except to calibrate.
 *
 * The families are those of the registry (bench/families.def), as on the
 * board: a family this build has runs in its child, the others' ids are
 * skipped with the registry's reason (posix_why for the families that
 * need a board). The host's placement comes through the adaptation layer
 * (bench/osal.h, the os_host_* calls).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "core.h"
#include "families.h"

/* Level of timing.c's periodic task (cyclic_100us, loop_1khz): --prio
 * names its SCHED_FIFO priority, as cyclictest -p does. */
#define MEASURED_LEVEL (VB_MAIN_PRIO + 2)

/* Room for the registry's families (bench/families.def). */
#define VB_MAX_FAMILIES 32

/* --- Options ------------------------------------------------------------------ */

static void refuse(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void refuse(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("bench-linux: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static long number(const char *opt, const char *text, long lo, long hi)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (errno != 0 || end == text || *end != 0)
        refuse("%s wants a whole number, not '%s'", opt, text);
    if (v < lo || v > hi)
        refuse("%s %ld is outside %ld .. %ld", opt, v, lo, hi);
    return v;
}

static int last_allowed_cpu(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 0;
    for (int c = CPU_SETSIZE - 1; c >= 0; c--)
        if (CPU_ISSET(c, &set))
            return c;
    return 0;
}

/* --- Forwarding a family's stream ------------------------------------------------ */

struct child_run {
    char seen[64][32];          /* ids with a metric or skip line */
    int nseen;
    char last_error[200];       /* its last "!!" line */
};

static void note_id(struct child_run *r, const char *rest)
{
    char id[32];
    size_t n = strcspn(rest, " ");
    if (n == 0 || n >= sizeof id || r->nseen == 64)
        return;
    memcpy(id, rest, n);
    id[n] = 0;
    for (int i = 0; i < r->nseen; i++)
        if (strcmp(r->seen[i], id) == 0)
            return;
    strcpy(r->seen[r->nseen++], id);
}

static bool seen(const struct child_run *r, const char *id, size_t n)
{
    for (int i = 0; i < r->nseen; i++)
        if (strlen(r->seen[i]) == n && strncmp(r->seen[i], id, n) == 0)
            return true;
    return false;
}

/* Under SCHED_OTHER every scenario is renamed <scenario>-sched_other and
 * every note starts with the policy, so no figure can pass for a
 * real-time one. */
static void print_labelled(const char *line)
{
    static const char tag[] = "-sched_other";
    static const char why[] = "SCHED_OTHER, not real-time: ";
    char out[4096];
    const char *cut = NULL, *note = NULL;
    if (strncmp(line, "@VOS metric ", 12) == 0) {
        const char *s = strstr(line, " scenario=");
        cut = s ? s + 10 + strcspn(s + 10, " ") : NULL;
        note = strstr(line, " note=\"");
    } else if (strncmp(line, "@VOS hist ", 10) == 0) {
        const char *id = line + 10;
        const char *scen = id + strcspn(id, " ");
        cut = *scen ? scen + 1 + strcspn(scen + 1, " ") : NULL;
    }
    if (cut == NULL || strlen(line) + sizeof tag + sizeof why + 40 > sizeof out) {
        puts(line);
        return;
    }
    int k = snprintf(out, sizeof out, "%.*s%s", (int)(cut - line), line, tag);
    if (note != NULL)
        snprintf(out + k, sizeof out - (size_t)k, "%.*s%s%s", (int)(note + 7 - cut), cut, why,
                 note + 7);
    else if (line[0] == '@' && line[5] == 'm')
        snprintf(out + k, sizeof out - (size_t)k, "%s note=\"%.*s\"", cut, (int)sizeof why - 3, why);
    else
        snprintf(out + k, sizeof out - (size_t)k, "%s", cut);
    puts(out);
}

static void forward(char *line, struct child_run *r)
{
    if (strncmp(line, "@VOS metric ", 12) == 0)
        note_id(r, line + 12);
    else if (strncmp(line, "@VOS skip ", 10) == 0)
        note_id(r, line + 10);
    else if (strncmp(line, "!! ", 3) == 0) {
        snprintf(r->last_error, sizeof r->last_error, "%s", line + 3);
        for (char *p = r->last_error; *p; p++)
            if (*p == '"')
                *p = '\'';
    }
    if (os_host_realtime())
        puts(line);
    else
        print_labelled(line);
}

/* A skip line with reason for each id of f that r has not seen (r NULL:
 * every id). */
static void skip_ids(const struct vb_family *f, const struct child_run *r, const char *reason)
{
    for (const char *id = f->ids; *id; ) {
        size_t n = strcspn(id, " ");
        if (r == NULL || !seen(r, id, n)) {
            char one[32];
            snprintf(one, sizeof one, "%.*s", (int)n, id);
            vb_skip(one, reason);
        }
        id += n;
        while (*id == ' ')
            id++;
    }
}

/* --- One family in its own process ------------------------------------------------ */

static os_task_t main_task;

static void family_main(void *arg)
{
    const struct vb_family *f = arg;
    f->run();
    board_exit(0);
}

static void child(const struct vb_family *f, int out_fd)
{
    dup2(out_fd, STDOUT_FILENO);
    close(out_fd);
    os_host_enter();
    int err = os_task_create(&main_task, "bench", family_main, (void *)f, VB_MAIN_PRIO, NULL,
                             64 * 1024);
    if (err != 0) {
        board_printf("!! bench-linux: cannot create the main task: %s\n", strerror(-err));
        board_exit(2);
    }
    os_start();
}

static double now_s(void)
{
    return (double)os_now() / (double)os_ms(1000);
}

/* Runs f; returns true when it completed. */
static bool run_family(const struct vb_family *f, int timeout_s)
{
    int fds[2];
    if (pipe(fds) != 0)
        refuse("pipe: %s", strerror(errno));
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0)
        refuse("fork: %s", strerror(errno));
    if (pid == 0) {
        close(fds[0]);
        child(f, fds[1]);
    }
    close(fds[1]);

    static struct child_run r;
    memset(&r, 0, sizeof r);
    static char buf[1 << 16];
    size_t len = 0;
    bool timed_out = false;
    double deadline = now_s() + timeout_s;
    for (;;) {
        int left_ms = (int)((deadline - now_s()) * 1000);
        if (left_ms <= 0) {
            timed_out = true;
            break;
        }
        struct pollfd p = { .fd = fds[0], .events = POLLIN };
        if (poll(&p, 1, left_ms) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (p.revents == 0)
            continue;
        ssize_t n = read(fds[0], buf + len, sizeof buf - 1 - len);
        if (n <= 0)
            break;
        len += (size_t)n;
        buf[len] = 0;
        char *start = buf, *nl;
        while ((nl = strchr(start, '\n')) != NULL) {
            *nl = 0;
            forward(start, &r);
            start = nl + 1;
        }
        len -= (size_t)(start - buf);
        memmove(buf, start, len);
        if (len == sizeof buf - 1) {     /* a line longer than the buffer: pass it on cut */
            buf[len] = 0;
            forward(buf, &r);
            len = 0;
        }
    }
    if (len > 0) {
        buf[len] = 0;
        forward(buf, &r);
    }
    close(fds[0]);
    if (timed_out)
        kill(pid, SIGKILL);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (!timed_out && WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return true;

    char why[320];
    if (timed_out)
        snprintf(why, sizeof why, "killed after %d s without finishing", timeout_s);
    else if (WIFSIGNALED(st))
        snprintf(why, sizeof why, "died of signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
    else
        snprintf(why, sizeof why, "stopped with status %d: %s", WEXITSTATUS(st),
                 r.last_error[0] ? r.last_error : "(no message)");
    if (os_host_realtime())
        board_printf("!! bench-linux: family %s %s\n", f->name, why);
    char reason[400];
    snprintf(reason, sizeof reason, os_host_realtime() ? "FAILED: the %s family %s"
             : "under SCHED_OTHER (no real-time priorities) the %s family %s", f->name, why);
    skip_ids(f, &r, reason);
    return !os_host_realtime();     /* a SCHED_OTHER run tolerates it, labelled */
}

/* --- Main ------------------------------------------------------------------------ */

int main(int argc, char **argv)
{
    int lo = sched_get_priority_min(SCHED_FIFO), hi = sched_get_priority_max(SCHED_FIFO);
    int prio_lo = lo - 1 + MEASURED_LEVEL, prio_hi = hi - (OSAL_PRIO_MAX + 1) + MEASURED_LEVEL;
    int cpu = last_allowed_cpu(), prio = 90 < prio_hi ? 90 : prio_hi, timeout_s = 600;
    bool allow_other = false, config_only = false;
    /* The registry's families this build has; the others are skipped. */
    bool run[VB_MAX_FAMILIES];
    if (vb_nfamilies > VB_MAX_FAMILIES)
        refuse("the registry has %u families, this harness room for %d", vb_nfamilies,
               VB_MAX_FAMILIES);
    char names[200] = "";
    for (unsigned i = 0; i < vb_nfamilies; i++) {
        bool left;
        run[i] = vb_family_why(&vb_families[i], &left) == NULL;
        if (run[i])
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                     names[0] ? ", " : "", vb_families[i].name);
    }

    static const struct option opts[] = {
        { "cpu", required_argument, NULL, 'c' }, { "prio", required_argument, NULL, 'p' },
        { "families", required_argument, NULL, 'f' }, { "timeout", required_argument, NULL, 't' },
        { "allow-other", no_argument, NULL, 'o' }, { "help", no_argument, NULL, 'h' },
        { "config", no_argument, NULL, 'C' },
        { NULL, 0, NULL, 0 },
    };
    int c;
    while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
        switch (c) {
        case 'c': cpu = (int)number("--cpu", optarg, 0, CPU_SETSIZE - 1); break;
        case 'p':
            prio = (int)number("--prio", optarg, INT_MIN, INT_MAX);
            if (prio < prio_lo || prio > prio_hi)
                refuse("--prio %d: this system's SCHED_FIFO priorities are %d .. %d and the "
                       "harness uses P-3 .. P+5, so P must be %d .. %d", prio, lo, hi, prio_lo,
                       prio_hi);
            break;
        case 't': timeout_s = (int)number("--timeout", optarg, 1, 7 * 24 * 3600); break;
        case 'o': allow_other = true; break;
        case 'C': config_only = true; break;
        case 'f': {
            bool pick[VB_MAX_FAMILIES] = { false };
            for (char *tok = strtok(optarg, ","); tok; tok = strtok(NULL, ",")) {
                unsigned k = 0;
                while (k < vb_nfamilies && !(run[k] && strcmp(vb_families[k].name, tok) == 0))
                    k++;
                if (k == vb_nfamilies)
                    refuse("--families: no family '%s' (%s)", tok, names);
                pick[k] = true;
            }
            memcpy(run, pick, sizeof run);
            break;
        }
        case 'h':
            printf("usage: %s [--cpu N] [--prio %d..%d] [--families a,b] [--timeout S] "
                   "[--allow-other] [--config]\n", argv[0], prio_lo, prio_hi);
            return 0;
        default:
            refuse("bad option (see --help)");
        }
    }
    if (optind < argc)
        refuse("unexpected argument '%s'", argv[optind]);

    char why[400];
    if (os_host_setup(cpu, prio - MEASURED_LEVEL, allow_other, why, sizeof why) != 0)
        refuse("%s", why);

    setvbuf(stdout, NULL, _IOLBF, 0);
    os_host_pin();
    vb_calibrate();
    os_host_unpin();
    vb_print_config();
    os_host_print_config();
    board_printf("@VOS config measured_prio=%d family_process=fork\n", prio);
    board_printf("@VOS config empty_measurement=%lu note=\"subtracted from every latency sample\"\n",
                 (unsigned long)vb_overhead);
    if (config_only)
        return 0;

    bool ok = true;
    for (unsigned i = 0; i < vb_nfamilies; i++) {
        const struct vb_family *f = &vb_families[i];
        bool left;
        const char *not_here = vb_family_why(f, &left);
        if (not_here != NULL) {
            if (!left)
                vb_family_skip(f, not_here);
        } else if (!run[i]) {
            char reason[80];
            snprintf(reason, sizeof reason, "not selected in this run (--families without %s)",
                     f->name);
            skip_ids(f, NULL, reason);
        } else {
            ok &= run_family(f, timeout_s);
        }
    }
    board_printf("@VOS done %d\n", ok ? 0 : 1);
    fflush(stdout);
    return ok ? 0 : 1;
}
