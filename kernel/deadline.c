/* SPDX-License-Identifier: MIT */
/*
 * Periodic deadlines: a vos_sleep_until whose time had already passed when
 * it was called is a missed deadline (the periodic loop that called it
 * finished its work after the start of its next period). The sleep
 * returns VOS_ERR_LATE at once instead of VOS_OK, the running task's
 * overrun count grows by one, and the trace records DEADLINE_MISS with the
 * task and the lateness (now - t, in cycles, saturated to 32 bits).
 *
 * A deadline equal to the current time is met (the loop is exactly on
 * time): VOS_OK. The count is per task, kept in its control block from
 * its creation on (vos_task_create zeroes it), and read by
 * vos_task_overruns; nothing else in the kernel reads it.
 *
 * Invariant: overruns only grows, under the kernel lock, by the task that
 * owns it (a sleep is always the running task's own call).
 */
#include "kernel.h"

int vos__deadline_missed(vos_time_t t, vos_time_t now)
{
    vos_task_t *self = vos__cur;
    if (self->overruns != UINT32_MAX)
        self->overruns++;
    VOS_TRACE_DEADLINE_MISS(self, now - t);
    (void)t;            /* the trace's only */
    (void)now;
    return VOS_ERR_LATE;
}

/* The task a call names: t, or the caller for NULL (none before the
 * start). */
static const vos_task_t *named(const vos_task_t *t)
{
    return t != NULL ? t : vos__cur;
}

int vos_task_overruns(const vos_task_t *t, uint32_t *out)
{
    VOS__CHECK_LEVEL();
    const vos_task_t *task = named(t);
    VOS__CHECK(task != NULL && task->tag == VOS_TAG_TASK, VOS_ERR_INVALID);
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    *out = task->overruns;
    return VOS_OK;
}
