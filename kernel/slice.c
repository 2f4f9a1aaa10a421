/* SPDX-License-Identifier: MIT */
/*
 * Time slices (VOS_CFG_TIMESLICE > 0): round-robin among the tasks of one
 * priority level that take part in slicing (VOS__TF_SLICE).
 *
 * A slice is armed only while it can matter: when the task that runs has
 * an equal on its level to share with. Its end is one more event for the
 * one alarm (time.c programs the alarm for the earliest of the timeout
 * list, the timers and vos__slice_end). At the end, the running task, if
 * it takes part and is still at the head of its level, goes behind its
 * equals, and the next slice is armed if the task that then runs has an
 * equal too. A slice's end stays where it is when the running task
 * changes otherwise (it blocks, yields, is preempted): at that end,
 * whichever task runs then is the one that goes behind its equals, if it
 * takes part.
 *
 * Invariant (kernel lock held): vos__slice_end is 0 exactly when no slice
 * is armed; otherwise it is the slice's end, and the alarm is programmed
 * for it or for an earlier event.
 *
 * Calling context: everything here runs with the kernel lock held, from
 * the scheduler (vos__slice_check, when a task becomes ready or leaves its
 * level) and the alarm interrupt (vos__slice_expire).
 */
#include "kernel.h"

#if VOS_CFG_TIMESLICE > 0

vos_time_t vos__slice_end;             /* end of the current slice, 0: none */

/* Does the task that runs now share its level with a sliced equal? */
static bool slice_needed(void)
{
    vos_task_t *top = vos__pick_inline();
    return top->next != top && (top->flags & VOS__TF_SLICE);
}

void vos__slice_start(void)
{
    vos__slice_end = slice_needed() ? arch_now() + VOS_CFG_TIMESLICE : 0;
}

void vos__slice_reset(void)
{
    vos__slice_end = 0;
}

void vos__slice_shift(uint64_t by)
{
    if (vos__slice_end != 0)
        vos__slice_end = vos__slice_end > by ? vos__slice_end - by : 1u;
}

/* End of a time slice: the running task, if it takes part in slicing,
 * goes behind its equals. The next slice is armed only if the task that
 * then runs has equals to share with: no slice interrupt otherwise.
 * Lock held, interrupt context. */
void vos__slice_expire(vos_time_t now)
{
    vos_task_t *cur = vos__cur;
    if ((cur->flags & VOS__TF_SLICE) && cur->state == VOS_TASK_READY &&
        vos__ready[cur->prio] == cur && cur->next != cur)
        vos__ready[cur->prio] = cur->next;
    vos__slice_end = slice_needed() ? now + VOS_CFG_TIMESLICE : 0;
}

void vos__slice_check(void)
{
    if (vos__slice_end == 0 && vos__started && slice_needed()) {
        vos__slice_end = arch_now() + VOS_CFG_TIMESLICE;
        vos__alarm_program();
    }
}

#endif /* VOS_CFG_TIMESLICE > 0 */
