/* SPDX-License-Identifier: MIT */
/*
 * The priority-inversion scenario of the seed studies, for tracing:
 * tSlowTask (low) holds a mutex, tCyclicTask (high) needs it, tWorkTask
 * (medium) becomes ready in between. With inheritance, tSlowTask runs at
 * tCyclicTask's priority until it releases the mutex, so tWorkTask runs
 * only after tCyclicTask got and released it.
 *
 * Built with VAIOS_TRACE=ON (make trace), the image runs ROUNDS rounds,
 * stops recording and prints the trace buffer as "@VOS trace" hex lines
 * for tools/vtrace. It also checks the order itself and exits non-zero if
 * the medium task ever ran while the high one waited.
 */
#include "vaios/vaios.h"
#include "board.h"

#define ROUNDS    3
#define PERIOD_US 200

static vos_task_t slow, work, cyclic, ctrl;
static uint64_t slow_stack[128], work_stack[128], cyclic_stack[128], ctrl_stack[128];
static vos_mutex_t resource;
static vos_sem_t done;
static vos_time_t t0;
static volatile bool cyclic_waiting, work_ran_while_waiting;

/* Busy for at least d cycles of the time base. */
static void busy_until(vos_time_t t)
{
    while (vos_now() < t)
        ;
}

static vos_time_t round_start(int r)
{
    return t0 + (vos_time_t)r * vos_dur_cycles(vos_us(PERIOD_US));
}

static void slow_entry(void *arg)
{
    (void)arg;
    for (int r = 0; r < ROUNDS; r++) {
        vos_sleep_until(round_start(r));
        vos_mutex_lock(&resource, VOS_FOREVER);
        busy_until(vos_time_add(round_start(r), vos_us(50)));     /* long work under the lock */
        vos_mutex_unlock(&resource);
    }
    vos_sem_give(&done);
}

static void work_entry(void *arg)
{
    (void)arg;
    for (int r = 0; r < ROUNDS; r++) {
        vos_sleep_until(vos_time_add(round_start(r), vos_us(12)));  /* ready while tCyclicTask waits */
        if (cyclic_waiting)
            work_ran_while_waiting = true;
        busy_until(vos_time_add(vos_now(), vos_us(30)));
    }
    vos_sem_give(&done);
}

static void cyclic_entry(void *arg)
{
    (void)arg;
    for (int r = 0; r < ROUNDS; r++) {
        vos_sleep_until(vos_time_add(round_start(r), vos_us(10)));
        cyclic_waiting = true;
        vos_mutex_lock(&resource, VOS_FOREVER);
        cyclic_waiting = false;
        vos_trace_marker(1, (uint32_t)r);               /* "got the resource" */
        vos_mutex_unlock(&resource);
    }
    vos_sem_give(&done);
}

static void put_line(const char *line)
{
    board_console_write(line);
    board_console_write("\n");
}

static void ctrl_entry(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++)
        vos_sem_take(&done, VOS_FOREVER);
    vos_trace_stop();
    int err = vos_trace_emit(put_line);
    if (err != VOS_OK)
        board_printf("!! trace: cannot emit the buffer: %s\n", vos_strerror(err));
    board_printf("inversion: %s\n", work_ran_while_waiting
                 ? "FAILED: tWorkTask ran while tCyclicTask waited" : "ok");
    board_exit(work_ran_while_waiting || err != VOS_OK);
}

int main(void)
{
    vos_mutex_init(&resource);
    vos_sem_init(&done, 0, 3);
    t0 = vos_time_add(0, vos_us(100));
    vos_task_create(&slow, "tSlowTask", slow_entry, NULL, 1, slow_stack, sizeof slow_stack);
    vos_task_create(&work, "tWorkTask", work_entry, NULL, 2, work_stack, sizeof work_stack);
    vos_task_create(&cyclic, "tCyclicTask", cyclic_entry, NULL, 3, cyclic_stack,
                    sizeof cyclic_stack);
    vos_task_create(&ctrl, "control", ctrl_entry, NULL, 4, ctrl_stack, sizeof ctrl_stack);
    vos_start();
    return 1;
}
