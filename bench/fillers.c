/* SPDX-License-Identifier: MIT */
/*
 * Filler tasks for the scale rows: they exist, hold a stack and wait on a
 * semaphore, at priorities spread over the levels below the measured
 * tasks (so they populate the kernel's structures without running). Their
 * stacks are carved from the benchmark's shared arena (vb_arena, core.h),
 * which bounds how many fit on a board.
 */
#include "core.h"

/* A filler's stack in bytes: 256, or the backend's OSAL_FILLER_STACK for
 * a kernel whose thread needs more room to block and be interrupted. */
#ifdef OSAL_FILLER_STACK
#define FILLER_STACK OSAL_FILLER_STACK
#else
#define FILLER_STACK 256
#endif
#if defined(OSAL_TASKS_MAX) && OSAL_TASKS_MAX < VB_ARENA_SIZE / FILLER_STACK
#define VB_FILLER_MAX OSAL_TASKS_MAX
#else
#define VB_FILLER_MAX (VB_ARENA_SIZE / FILLER_STACK)
#endif

static os_task_t fillers[VB_FILLER_MAX];
typedef uint64_t filler_stack_t[FILLER_STACK / 8];
#define filler_stacks ((filler_stack_t *)vb_arena.u64)
static os_sem_t filler_sem;
static int nfill;
static volatile bool stopping;

static void filler(void *arg)
{
    (void)arg;
    while (!stopping)
        os_sem_take(&filler_sem);
}

int vb_fillers_start(int n)
{
    if (n > VB_FILLER_MAX || !OSAL_STACK_ANY_MEMORY)
        return -1;
    stopping = false;
    os_sem_init(&filler_sem, 0, (unsigned)n + 1);
    for (int i = 0; i < n; i++) {
        /* Priorities 1 .. VB_MAIN_PRIO: all below the measured pair. The
         * fillers run once (now, or when main sleeps) and block. */
        int prio = 1 + i % VB_MAIN_PRIO;
        if (os_task_create(&fillers[i], "fill", filler, NULL, prio, filler_stacks[i],
                           FILLER_STACK) != 0)
            return -1;
    }
    nfill = n;
    os_sleep(os_us(100));       /* let every filler reach its wait */
    return 0;
}

void vb_fillers_stop(void)
{
    stopping = true;
    for (int i = 0; i < nfill; i++)
        os_sem_give(&filler_sem);
    for (int i = 0; i < nfill; i++)
        while (!os_task_done(&fillers[i]))
            os_sleep(os_us(10));
    nfill = 0;
}
