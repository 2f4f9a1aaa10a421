/* SPDX-License-Identifier: MIT */
/*
 * Tasks, kernel-private (kernel/task.c): the list of live tasks, the
 * joiners' queue and a task's end. Included by kernel.h.
 *
 * Contract (kernel lock held): a task is on vos__all_tasks from its
 * creation until its end (exit, termination, a fault), and only then;
 * every task blocked in vos_task_join is on vos__join_q, the task it
 * joins in its wait_data; vos__task_gone is called once per task, when it
 * no longer runs.
 */
#ifndef VAIOS_KERNEL_KTASK_H
#define VAIOS_KERNEL_KTASK_H

#include "vaios/vaios.h"

/* The list of live tasks (created, not yet exited, terminated or faulted),
 * through all_next/all_prev; for vos_task_enumerate. */
extern vos_task_t *vos__all_tasks;
/* Every task in vos_task_join, the task it joins in its wait_data. */
extern struct vos_waitq vos__join_q;

/* Take t, which no longer runs (exited, terminated, faulted), off the
 * list of live tasks, wake its joiners and report it to the termination
 * hook. Lock held. */
void vos__task_gone(vos_task_t *t);

/* A call's task argument t (a variable) names the calling task when NULL:
 * replaces NULL by vos_self(), without the call (still NULL before
 * vos_start(), which the task check that follows refuses). */
#define VOS__SELF_IF_NULL(t)                                                  \
    do {                                                                      \
        if ((t) == NULL)                                                      \
            (t) = vos__started ? vos__cur : NULL;                             \
    } while (0)

#endif /* VAIOS_KERNEL_KTASK_H */
