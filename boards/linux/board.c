/* SPDX-License-Identifier: MIT */
/*
 * The Linux host as a benchmark board: console, exit, the run's placement
 * (one CPU, a SCHED_FIFO window), memory locking and the host description
 * for the report. The interrupt sources are in irq.c; the time base is
 * board_cycles() in board_regs.h.
 *
 * Process model (bench/linux/main.c): a parent process checks the
 * parameters here, then runs each metric family in a child process that
 * calls board_linux_enter() first. The console is the process's stdout;
 * board_exit() ends the calling process (one family), never the parent.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "board.h"
#include "board_linux.h"

const char board_name[] = "linux";
const char board_cycle_unit[] = "ns";

/* The kernel's timer interrupt cannot be timed from user space: stays 0,
 * and tick_isr is reported as skipped. */
struct board_alarm_stats board_alarm_stats;

struct board_linux board_linux = { .cpu = -1, .fifo_base = 0, .fifo = false, .dma_fd = -1 };

/* --- Console and exit ----------------------------------------------------- */

void board_console_write(const char *s)
{
    fputs(s, stdout);
}

int board_vprintf(const char *fmt, va_list ap)
{
    return vfprintf(stdout, fmt, ap);
}

int board_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(stdout, fmt, ap);
    va_end(ap);
    return n;
}

/* Ends the process without running atexit handlers: other tasks of the
 * family may still be runnable, and nothing of theirs must run after the
 * status is decided. */
void board_exit(int status)
{
    fflush(stdout);
    _exit(status);
}

/* --- Placement ------------------------------------------------------------ */

static void say(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void say(char *why, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
}

/* Ask the kernel's PM QoS for 0 us exit latency from idle states while the
 * file stays open (what cyclictest does unless --laptop): without it an
 * idle CPU may sit in a deep C-state and every wake-up pays its exit. */
static void hold_dma_latency(void)
{
    int fd = open("/dev/cpu_dma_latency", O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(board_linux.dma_note, sizeof board_linux.dma_note, "unavailable (%s)",
                 strerror(errno));
        return;
    }
    int32_t zero = 0;
    if (write(fd, &zero, sizeof zero) != (ssize_t)sizeof zero) {
        snprintf(board_linux.dma_note, sizeof board_linux.dma_note, "refused (%s)",
                 strerror(errno));
        close(fd);
        return;
    }
    /* Family processes share it (fork keeps descriptors); the request
     * ends when the last of them and the parent have exited. */
    board_linux.dma_fd = fd;
    snprintf(board_linux.dma_note, sizeof board_linux.dma_note, "0us");
}

int board_linux_setup(int cpu, int fifo_base, bool allow_other, char *why, size_t n)
{
    cpu_set_t allowed;
    if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) {
        say(why, n, "cannot read this process's CPU affinity: %s", strerror(errno));
        return BOARD_LINUX_BAD_PARAM;
    }
    if (cpu < 0 || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &allowed)) {
        say(why, n, "CPU %d is not online or not in this process's affinity set (%d CPU(s) allowed)",
            cpu, CPU_COUNT(&allowed));
        return BOARD_LINUX_BAD_PARAM;
    }
    int lo = sched_get_priority_min(SCHED_FIFO), hi = sched_get_priority_max(SCHED_FIFO);
    if (fifo_base + 1 < lo || fifo_base + BOARD_LINUX_LEVELS > hi) {
        say(why, n, "the harness needs SCHED_FIFO priorities %d .. %d, outside this system's %d .. %d",
            fifo_base + 1, fifo_base + BOARD_LINUX_LEVELS, lo, hi);
        return BOARD_LINUX_BAD_PARAM;
    }
    board_linux.cpu = cpu;
    board_linux.fifo_base = fifo_base;

    /* Try the highest priority the run will use, then return to normal:
     * the parent itself stays SCHED_OTHER. */
    struct sched_param top = { .sched_priority = fifo_base + BOARD_LINUX_LEVELS };
    if (sched_setscheduler(0, SCHED_FIFO, &top) == 0) {
        struct sched_param zero = { .sched_priority = 0 };
        sched_setscheduler(0, SCHED_OTHER, &zero);
        board_linux.fifo = true;
    } else if (allow_other) {
        board_linux.fifo = false;
    } else {
        say(why, n, "SCHED_FIFO priority %d is not permitted here (%s): run as root, or give the "
            "user CAP_SYS_NICE or an RLIMIT_RTPRIO of at least %d (limits.conf rtprio); "
            "--allow-other measures under SCHED_OTHER instead, with every figure labelled so",
            top.sched_priority, strerror(errno), top.sched_priority);
        return BOARD_LINUX_NO_FIFO;
    }
    hold_dma_latency();
    return BOARD_LINUX_OK;
}

void board_linux_pin(void)
{
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(board_linux.cpu, &one);
    sched_setaffinity(0, sizeof one, &one);
}

/* Every allowed CPU but the measured one (all of them on a single CPU). */
void board_linux_release_cpu(void)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    cpu_set_t others;
    CPU_ZERO(&others);
    for (long c = 0; c < ncpu && c < CPU_SETSIZE; c++)
        if (c != board_linux.cpu)
            CPU_SET((int)c, &others);
    if (CPU_COUNT(&others) == 0 || sched_setaffinity(0, sizeof others, &others) != 0) {
        CPU_SET(board_linux.cpu, &others);
        sched_setaffinity(0, sizeof others, &others);
    }
}

void board_linux_enter(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
    board_linux_pin();
    if (mlockall(MCL_CURRENT | MCL_FUTURE) == 0)
        board_printf("@VOS config mlockall=current+future\n");
    else
        board_printf("@VOS config mlockall=\"failed: %s\"\n", strerror(errno));
}

/* --- Host description ------------------------------------------------------- */

/* First line of a file, without its newline; "-" when unreadable. */
static void read_line(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "r");
    if (f == NULL || fgets(buf, (int)n, f) == NULL) {
        snprintf(buf, n, "-");
    } else {
        buf[strcspn(buf, "\n")] = 0;
    }
    if (f != NULL)
        fclose(f);
    for (char *p = buf; *p; p++)       /* no quotes inside a quoted value */
        if (*p == '"' || *p == '\\')
            *p = '\'';
}

/* The value after "key<spaces>:" in /proc/cpuinfo, first occurrence. */
static void cpuinfo(const char *key, char *buf, size_t n)
{
    snprintf(buf, n, "-");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[256];
    size_t k = strlen(key);
    while (fgets(line, sizeof line, f) != NULL) {
        char *colon = strchr(line, ':');
        if (strncmp(line, key, k) == 0 && colon != NULL) {
            char *v = colon + 1;
            while (*v == ' ')
                v++;
            v[strcspn(v, "\n")] = 0;
            snprintf(buf, n, "%s", v);
            break;
        }
    }
    fclose(f);
}

/* The preemption model as the kernel states it: PREEMPT_RT kernels have
 * /sys/kernel/realtime = 1; PREEMPT_DYNAMIC ones name the current mode in
 * debugfs (in parentheses) when it is mounted. */
static const char *preempt_model(const struct utsname *u, char *mode, size_t n)
{
    char rt[16];
    read_line("/sys/kernel/realtime", rt, sizeof rt);
    snprintf(mode, n, "-");
    if (strcmp(rt, "1") == 0 || strstr(u->version, "PREEMPT_RT") != NULL)
        return "PREEMPT_RT";
    if (strstr(u->version, "PREEMPT_DYNAMIC") != NULL) {
        char line[128];
        read_line("/sys/kernel/debug/sched/preempt", line, sizeof line);
        char *open = strchr(line, '('), *close = open ? strchr(open, ')') : NULL;
        if (open != NULL && close != NULL) {
            *close = 0;
            snprintf(mode, n, "%s", open + 1);
        }
        return "PREEMPT_DYNAMIC";
    }
    if (strstr(u->version, "PREEMPT") != NULL)
        return "PREEMPT";
    return "none (voluntary or server)";
}

void board_linux_print_config(void)
{
    struct utsname u;
    uname(&u);
    char mode[32], runtime[32], period[32], clocksrc[48], model[96], xeno[64];
    const char *model_name = preempt_model(&u, mode, sizeof mode);
    read_line("/proc/sys/kernel/sched_rt_runtime_us", runtime, sizeof runtime);
    read_line("/proc/sys/kernel/sched_rt_period_us", period, sizeof period);
    read_line("/sys/devices/system/clocksource/clocksource0/current_clocksource", clocksrc,
              sizeof clocksrc);
    read_line("/proc/xenomai/version", xeno, sizeof xeno);
    cpuinfo("model name", model, sizeof model);
    board_printf("@VOS config os=\"Linux %s %s\" machine=%s preempt=%s preempt_mode=%s\n",
                 u.release, u.version, u.machine, model_name, mode);
    board_printf("@VOS config cpu_model=\"%s\" cpus_online=%ld measured_cpu=%d clocksource=%s "
                 "xenomai=\"%s\"\n", model, sysconf(_SC_NPROCESSORS_ONLN), board_linux.cpu,
                 clocksrc, xeno);
    if (board_linux.fifo)
        board_printf("@VOS config policy=SCHED_FIFO fifo_levels=%d..%d irq_thread_fifo=%d\n",
                     board_linux.fifo_base + 1, board_linux.fifo_base + BOARD_LINUX_LEVELS - 1,
                     board_linux_irq_fifo());
    else
        board_printf("@VOS config policy=SCHED_OTHER fifo_levels=none irq_thread_fifo=none\n");
    board_printf("@VOS config sched_rt_runtime_us=%s sched_rt_period_us=%s "
                 "cpu_dma_latency=\"%s\"\n", runtime, period, board_linux.dma_note);
}
