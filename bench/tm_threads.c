/* SPDX-License-Identifier: MIT */
/*
 * Thread-Metric's threads (bench/tm_api.h), the same for every porting
 * layer: each thread is a harness task slot (vb_spawn, bench/core.h), so
 * that the harness can join it when a test ends, and runs a shell that
 * calls the test's entry function, as the suite's porting layers do. The
 * kernel-specific thread calls (resume, suspend, relinquish) are in
 * bench/os/<kernel>/tm_port.c.
 */
#include <stdint.h>
#include "tm_port.h"

os_task_t *tm_threads[TM_MAX_THREADS];
static void (*tm_entries[TM_MAX_THREADS])(void);

static void tm_shell(void *arg)
{
    tm_entries[(uintptr_t)arg]();
}

int tm_thread_create(int thread_id, int priority, void (*entry_function)(void))
{
    if (thread_id < 0 || thread_id >= TM_MAX_THREADS || entry_function == NULL)
        return TM_ERROR;
    tm_entries[thread_id] = entry_function;
    tm_threads[thread_id] = vb_spawn(thread_id, "tm_thread", tm_shell,
                                     (void *)(uintptr_t)thread_id, priority);
    return TM_SUCCESS;
}
