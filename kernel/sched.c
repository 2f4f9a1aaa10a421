/* SPDX-License-Identifier: MIT */
/*
 * The scheduler: ready lists, the choice of the running task, yield, and
 * starting the system.
 *
 * Invariants (kernel lock held, or read by the port's switch):
 *  - Level p of vos__ready[] is a circular list of the READY tasks of
 *    effective priority p, linked through next/prev; its head is the one
 *    that runs next at that level. Bit p of vos__ready_map is set exactly
 *    when the level is non-empty.
 *  - The running task stays on its level, at the head, until it blocks,
 *    yields or is rotated by a time slice; a preempted task therefore
 *    resumes before its equals.
 *  - The task that must run is vos__pick(): the head of the highest
 *    non-empty level, found with one CLZ. Nothing here depends on the
 *    number of tasks.
 *  - Interrupt handlers add tasks to the ready lists (wake), rotate a
 *    level (time slice) or move a task between levels (a mutex waiter's
 *    timeout lowers its owner's inherited priority); only thread code
 *    takes a task off the ready lists for good. The Cortex-M switch reads
 *    the lists without masking interrupts and copes with each of these
 *    (arch/cortex-m/switch.S).
 *
 *  - The scheduler lock: vos__lock_depth counts vos_sched_lock() calls
 *    and vos__preempt is 0 exactly while it is non-zero (or before the
 *    start). Only a running, READY task holds it; the port's switch keeps
 *    the running task while vos__preempt is 0, and the outermost unlock
 *    makes the pick that was deferred. Nothing else changes: the ready
 *    lists stay exact while locked.
 *
 * The scheduler knows nothing about time: time.c wakes tasks, this file
 * only orders them.
 */
#include <stddef.h>
#include <string.h>
#include "kernel.h"

#define SCHED_LOCK_MAX 255u

struct vos__sched vos__s;
bool vos__started;
uint32_t vos__lock_depth;
#if VOS_CFG_TRACE
uint8_t vos__sw_reason = VOS_TRACE_SW_PREEMPT;

/* From the port's switch, with the outgoing and incoming task. */
void vos__trace_switch(vos_task_t *from, vos_task_t *to)
{
    if (from != to)
        VOS_TRACE_TASK_SWITCH(from, to, vos__sw_reason);
    vos__sw_reason = VOS_TRACE_SW_PREEMPT;
}
#endif

static vos_task_t idle_task;
#if VOS_CFG_MPU
static uint64_t idle_stack[VOS_CFG_IDLE_STACK / 8] __attribute__((aligned(VOS_STACK_ALIGN)));
#else
static uint64_t idle_stack[VOS_CFG_IDLE_STACK / 8];
#endif

/* --- Ready lists ------------------------------------------------------- */

/* Insert t at the head of its level: it runs first among its equals. */
static void ready_insert_head(vos_task_t *t)
{
    vos__ready_insert(t);
    vos__ready[t->prio] = t;
}

void vos__ready_remove(vos_task_t *t)
{
    vos__ready_unlink(t);
    t->next = t->prev = NULL;
}

vos_task_t *vos__pick(void)
{
    return vos__pick_inline();
}

void vos__set_eff_prio(vos_task_t *t, unsigned prio, int cause)
{
    if (t->prio == prio)
        return;
    VOS_TRACE_TASK_PRIORITY(t, t->prio, prio, cause);
    (void)cause;
    if (t->state == VOS_TASK_READY) {
        vos__ready_remove(t);
        t->prio = (uint8_t)prio;
        /* The running task keeps the CPU at its new level; any other
         * task queues behind its new equals. */
        if (t == vos__cur)
            ready_insert_head(t);
        else
            vos__ready_insert(t);
    } else if (t->state == VOS_TASK_BLOCKED && t->waitq != NULL) {
        t->prio = (uint8_t)prio;
        vos__waitq_reposition(t->waitq, t);
    } else {
        t->prio = (uint8_t)prio;
    }
}

/* --- Public calls --------------------------------------------------------- */

/* Lock-free on purpose: the running task is the head of its level (no
 * switch can be pending while thread code runs unlocked), interrupt
 * handlers only append at the tail, and a time-slice rotation writes the
 * same new head. A handler that makes an equal task ready between the
 * read and the write merely finds that task queued behind us. */
int vos_yield(void)
{
    vos_task_t *cur = vos__cur;
    if (VOS__UNLIKELY(arch_in_isr() || !vos__preempt))  /* not started, locked */
        return (cur == NULL || arch_in_isr()) ? VOS_ERR_CONTEXT : VOS_OK;
    vos_task_t *next = cur->next;
    if (next != cur) {
        VOS__ASSERT(vos__ready[cur->prio] == cur);
        vos__ready[cur->prio] = next;
        VOS__SW_REASON(VOS_TRACE_SW_YIELD);
        __asm__ volatile("" ::: "memory");   /* keeps the four live values in r0-r3 */
        arch_switch();
    }
    return VOS_OK;
}

vos_task_t *vos_self(void)
{
    return vos__started ? vos__cur : NULL;
}

bool vos_in_isr(void)
{
    return arch_in_isr();
}

void vos_halt(const char *why)
{
    arch_halt(why);
}

int vos_sched_lock(void)
{
    if (arch_in_isr() || !vos__started)
        return VOS_ERR_CONTEXT;
    /* Only the running task writes these, and once preempt is 0 nothing
     * takes it off the CPU; before that, a switch between the read and the
     * write resumes it with the same values. */
    uint32_t d = vos__lock_depth;
    if (d == SCHED_LOCK_MAX)
        return VOS_ERR_OVERFLOW;
    vos__preempt = 0;
    __asm__ volatile("" ::: "memory");
    vos__lock_depth = d + 1u;
    return VOS_OK;
}

int vos_sched_unlock(void)
{
    if (arch_in_isr() || !vos__started)
        return VOS_ERR_CONTEXT;
    uint32_t d = vos__lock_depth;
    if (d == 0)
        return VOS_ERR_STATE;
    vos__lock_depth = d - 1u;
    if (d > 1u)
        return VOS_OK;
    /* No kernel lock needed: a handler that made a task ready while we
     * were locked already requested the switch (the switch kept us), and
     * one that does so from now on sees preempt set and switches as
     * usual; the pick read here is the lock-free read vos_yield makes. */
    vos__preempt = 1;
    __asm__ volatile("" ::: "memory");
    if (vos__pick_inline() != vos__cur)
        arch_switch();  /* what became ready meanwhile runs now */
    return VOS_OK;
}

int vos_sched_lock_depth(void)
{
    return (int)vos__lock_depth;
}

bool vos_running(void)
{
    return vos__started;
}

/* Weak and without a default: when the application defines none, the
 * idle loop is the bare wait for an interrupt it always was, and nothing
 * is computed for a hook that does not exist. */
void vos_hook_idle(vos_time_t next_event) __attribute__((weak));

static void idle_entry(void *arg)
{
    (void)arg;
    if (vos_hook_idle == NULL) {
        for (;;)
            arch_idle();
    }
    for (;;) {
        vos_time_t next;
        if (vos_next_event(&next) != VOS_OK)
            next = VOS_TIME_NEVER;
        vos_hook_idle(next);
    }
}

int vos_start(void)
{
    if (vos__started)
        return VOS_ERR_STATE;
    if (arch_in_isr())
        return VOS_ERR_CONTEXT;

    /* The idle task is the one task at level 0; it never blocks, so the
     * ready map is never empty and vos__pick() always has an answer. */
    int err = vos_task_create(&idle_task, "idle", idle_entry, NULL, VOS_PRIO_MIN,
                              idle_stack, sizeof idle_stack);
    if (err != VOS_OK)
        return err;
    uint32_t key = vos__lock();
    vos__ready_remove(&idle_task);
    VOS_TRACE_TASK_PRIORITY(&idle_task, idle_task.prio, VOS_PRIO_IDLE, VOS_TRACE_PRIO_SET);
    idle_task.prio = idle_task.base_prio = VOS_PRIO_IDLE;
    vos__ready_insert(&idle_task);

    arch_time_init();
    vos__cur = vos__pick_inline();
    vos__started = true;
    vos__preempt = 1;
    vos__time_start();
    VOS__STATS_START();
    vos__unlock(key);
    arch_start();
}

void vos__reset(void)
{
    uint32_t key = arch_lock();
    vos__time_reset();
    if (idle_task.tag == VOS_TAG_TASK)
        idle_task.state = VOS_TASK_EXITED;     /* vos_start() creates it again */
    memset(vos__ready, 0, sizeof vos__ready);
    vos__ready_map = 0;
    vos__preempt = 0;
    vos__lock_depth = 0;
    vos__all_tasks = NULL;
    vos__join_q.head = NULL;
    if (vos__timer_reset != NULL)
        vos__timer_reset();
    vos__cur = NULL;
    vos__started = false;
    arch_unlock(key);
}

bool vos__is_idle(const vos_task_t *t)
{
    return t == &idle_task;
}

/* A kernel call from a handler above the kernel's level, assertions on
 * and checks off (kcall.h, VOS__CHECK_LEVEL): stop, naming the
 * exception (Cortex-M: 16 + the IRQ number). */
void vos__halt_level(void)
{
    static char why[] = "kernel call from exception 000, above VOS_CFG_KERNEL_IRQ_PRIO";
    uint32_t n = arch_isr_number();
    char *d = why + sizeof "kernel call from exception " - 1;
    d[0] = (char)('0' + n / 100u % 10u);
    d[1] = (char)('0' + n / 10u % 10u);
    d[2] = (char)('0' + n % 10u);
    arch_halt(why);
}
