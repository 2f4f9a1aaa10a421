/* SPDX-License-Identifier: MIT */
/*
 * What the Linux "board" adds to boards/include/board.h: the run's
 * placement (one CPU, a window of SCHED_FIFO priorities) and the calls
 * that set it up. Used by bench/linux/main.c and by the POSIX adaptation
 * layer (bench/os/posix), never by the metric code.
 *
 * Priorities: bench task level p (0 .. BOARD_LINUX_LEVELS-1, higher = more
 * urgent, bench/osal.h) runs at SCHED_FIFO priority fifo_base + p. The
 * emulated interrupt lines (boards/linux/irq.c) run one level above the
 * highest task level, at board_linux_irq_fifo(). Under --allow-other
 * (fifo == false) every thread is SCHED_OTHER and the levels only exist in
 * the harness's bookkeeping.
 */
#ifndef BOARD_LINUX_H
#define BOARD_LINUX_H

#include <stdbool.h>
#include <stddef.h>

/* Task levels 0 .. 8: bench/os/posix sets OSAL_PRIO_MAX to 8. */
#define BOARD_LINUX_LEVELS 9

struct board_linux {
    int cpu;                /* every task and interrupt thread runs on this CPU */
    int fifo_base;          /* level p runs at SCHED_FIFO fifo_base + p */
    bool fifo;              /* false: SCHED_OTHER, figures labelled as such */
    int dma_fd;             /* /dev/cpu_dma_latency held at 0 us, or -1 */
    char dma_note[64];      /* what happened to that request, for the report */
};
extern struct board_linux board_linux;

/* SCHED_FIFO priority of the emulated interrupt threads. */
static inline int board_linux_irq_fifo(void)
{
    return board_linux.fifo_base + BOARD_LINUX_LEVELS;
}

/* Outcome of board_linux_setup(). */
enum {
    BOARD_LINUX_OK = 0,
    BOARD_LINUX_BAD_PARAM = -1,     /* cpu or priority window impossible here */
    BOARD_LINUX_NO_FIFO = -2,       /* SCHED_FIFO refused and not allowed to fall back */
};

/* Check and record the run's placement, in the parent process before any
 * family runs: cpu must be online and in this process's affinity set;
 * fifo_base + 1 .. fifo_base + BOARD_LINUX_LEVELS must be valid SCHED_FIFO
 * priorities; SCHED_FIFO at the top of that window must be permitted,
 * unless allow_other (then the run uses SCHED_OTHER). Holds
 * /dev/cpu_dma_latency at 0 us for the rest of the process's life, as
 * cyclictest does. On failure writes why into why[n]. */
int board_linux_setup(int cpu, int fifo_base, bool allow_other, char *why, size_t n);

/* Pin the calling thread to the run's CPU (the parent does this while it
 * calibrates, then gives the CPU back with board_linux_release_cpu()). */
void board_linux_pin(void);
void board_linux_release_cpu(void);

/* In a family's process, before its first task: pin to the CPU, lock all
 * memory (mlockall current and future), line-buffer the console, and
 * report how that went as "@VOS config" lines. */
void board_linux_enter(void);

/* "@VOS config" lines describing the host: kernel, preemption model, RT
 * throttling, CPU, clock source, latency request. */
void board_linux_print_config(void);

#endif /* BOARD_LINUX_H */
