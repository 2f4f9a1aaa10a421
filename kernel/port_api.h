/* SPDX-License-Identifier: MIT */
/*
 * The kernel's half of the port contract: every kernel symbol a port
 * (arch/<name>/) or a board's time half may use, and nothing else. The
 * list in arch/port.h ("Kernel symbols a port may use") is this header's
 * contents, one for one. Every file under arch/ includes this header,
 * never kernel/kernel.h; the kernel's own files get it through kernel.h.
 *
 * Layout the assembly reads: arch/port_offsets.h, checked here against
 * the C structures at compile time.
 */
#ifndef VAIOS_KERNEL_PORT_API_H
#define VAIOS_KERNEL_PORT_API_H

#include <stddef.h>
#include "vaios/vaios.h"
#include "port.h"
#include "port_offsets.h"

/* --- The scheduler block ------------------------------------------------- */

/* The scheduler's state in one block, so that the port's switch reaches
 * all of it from one base address (offsets in arch/port_offsets.h:
 * ready[] 0, then cur, ready_map and preempt). ready[] comes first so
 * that the address of a level's head is base + 4 * prio, with nothing to
 * add (one instruction less in vos_yield).
 * preempt is 1 once the scheduler runs and while it is not locked
 * (vos_sched_lock); while it is 0 the switch keeps the running task, which
 * is then always READY (blocking is refused, and exit and a stack fault
 * unlock). Before the start it is 0, so that the one test "may the running
 * task be switched away" also says "no task runs yet".
 * A port's switch writes cur, and nothing else of the kernel. */
struct vos__sched {
    vos_task_t *ready[VOS_CFG_PRIO_LEVELS];  /* head = next to run at level p */
    vos_task_t *volatile cur;                /* running task; NULL before start */
    uint32_t ready_map;                      /* bit p: level p non-empty */
    uint32_t preempt;                        /* 1: started and not locked */
};
extern struct vos__sched vos__s;
#define vos__cur (vos__s.cur)

/* The layout the ports' assembly reads (arch/port_offsets.h). */
_Static_assert(offsetof(vos_task_t, tag) == VOS__TASK_TAG, "task tag offset");
_Static_assert(offsetof(vos_task_t, sp) == VOS__TASK_SP, "task sp offset");
_Static_assert(offsetof(vos_task_t, guard) == VOS__TASK_GUARD, "task guard offset");
#if VOS_CFG_MPU
#include "vaios/domain.h"
_Static_assert(offsetof(vos_task_t, domain) == VOS__TASK_DOMAIN, "task domain offset");
_Static_assert(offsetof(vos_task_t, mpu) == VOS__TASK_MPU, "task mpu offset");
_Static_assert(offsetof(vos_task_t, control) == VOS__TASK_CONTROL, "task control offset");
_Static_assert(offsetof(vos_task_t, stack_base) == VOS__TASK_STACK_BASE, "task stack offset");
_Static_assert(offsetof(vos_task_t, stack_size) == VOS__TASK_STACK_SIZE, "task stack size offset");
_Static_assert(offsetof(vos_domain_t, mpu) == VOS__DOMAIN_MPU, "domain mpu offset");
#endif
_Static_assert(offsetof(struct vos__sched, ready) == VOS__SCHED_READY, "ready[] offset");
_Static_assert(offsetof(struct vos__sched, cur) == VOS__SCHED_CUR, "cur offset");
_Static_assert(offsetof(struct vos__sched, ready_map) == VOS__SCHED_MAP, "ready_map offset");
_Static_assert(offsetof(struct vos__sched, preempt) == VOS__SCHED_PREEMPT, "preempt offset");
_Static_assert(sizeof(void *) == VOS__PTR_SIZE, "pointer size");

/* --- Which task runs next ------------------------------------------------ */

/* The rule, stated once: the head of the highest non-empty ready level.
 * Lock held, or the port's switch. The Cortex-M switch makes the same
 * selection in assembly (arch/cortex-m/switch.S, with the constant
 * VOS__PICK_INDEX of port_offsets.h, checked below); the host port calls
 * vos__next(). */
static inline vos_task_t *vos__pick_inline(void)
{
    return vos__s.ready[31 - __builtin_clz(vos__s.ready_map)];
}
vos_task_t *vos__pick(void);

/* The task the switch runs: the pick, or while preempt is 0 (scheduler
 * locked) the running task itself, which is then READY. The switch of
 * every port follows this; the host port calls it. */
static inline vos_task_t *vos__next(void)
{
    return vos__s.preempt ? vos__pick_inline() : vos__s.cur;
}

/* The Cortex-M switch's pick: ready[VOS__PICK_INDEX - clz(ready_map)]
 * in words from the block's base is vos__pick_inline's element. */
_Static_assert((VOS__PICK_INDEX == (31 + (VOS__SCHED_READY / 4))) && (VOS__SCHED_READY == 0),
               "the switch's pick index is ready[31 - clz(map)]");

/* --- Entry points the port calls --------------------------------------- */

/* Where a task's entry function returns to (arch_stack_init's LR). */
void vos__task_return(void) __attribute__((noreturn));

/* The switch found t's stack guard broken or its saved stack pointer at
 * or below t->guard; with VOS_CFG_MPU also the memory fault handler, for
 * the running task that touched its guard holding no kernel lock. */
void vos__stack_fault(vos_task_t *t);

/* vos__alarm_isr: arch/port.h (the board's alarm handler calls it). */

#if VOS_CFG_TRACE
/* The switch, with the outgoing and the incoming task, before the
 * incoming one becomes vos__cur. */
void vos__trace_switch(vos_task_t *from, vos_task_t *to);
#endif

#if VOS_CFG_RUNTIME_STATS
/* The switch, with the outgoing and the incoming task (the same task when
 * the switch keeps it), after the incoming one is chosen and before it
 * becomes vos__cur: ends from's activation and begins to's, stamped with
 * arch_now() (kernel/stats.c). Called with nothing masked; it masks
 * kernel-level interrupts itself for its few instructions. */
void vos__stats_switch(vos_task_t *from, vos_task_t *to);
#endif

/* Forget every task and the scheduler's state: the kernel as before
 * vos_start(), so that a test port can run several scenarios in one
 * process (the host port's only use). The control blocks of the tasks
 * that existed are abandoned as they are; they may be created again.
 * Thread mode, outside any scenario, no task running. */
void vos__reset(void);

#if VOS_CFG_MPU
/* The kernel domain: privileged tasks; its regions 0..3 are disabled. The
 * switch compares a task's domain with the one loaded. */
extern vos_domain_t vos__kernel_domain;

/* The running task t faulted (memory, bus or usage fault; not its stack
 * guard): stop it, or every task of its domain (its fault policy), and
 * report it through vos_hook_fault. Handler mode, no kernel lock held. */
void vos__task_fault(vos_task_t *t, const vos_fault_t *f);

/* The kernel side of a vos_u_* call (kernel/syscall.c), in thread mode,
 * privileged, on the calling task's stack, entered by the port's SVC
 * mechanics with the call's registers: r0-r3 and r12 (num). */
int32_t vos__syscall(uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3, uint32_t num);

/* Where an unprivileged task's entry function returns to (kernel/syscall.c:
 * it ends the task through its exit call); arch_mpu_task_init puts it in
 * the initial frame's LR. */
void vos__u_task_return(void) __attribute__((noreturn));
#endif

#endif /* VAIOS_KERNEL_PORT_API_H */
