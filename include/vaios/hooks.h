/* SPDX-License-Identifier: MIT */
/*
 * Application hooks: functions the kernel calls at fixed points. Each has
 * a weak default; an application (or a board, or a test) overrides it by
 * defining a function of the same name.
 */
#ifndef VAIOS_HOOKS_H
#define VAIOS_HOOKS_H

#include "vaios/time.h"

struct vos_task;

/* Called by the idle task, in thread mode with interrupts enabled, each
 * time it finds nothing to run; next_event is what vos_next_event() gave
 * (VOS_TIME_NEVER if nothing is pending). Without one (the symbol is weak and
 * has no default) the idle task just waits for an interrupt (arch_idle:
 * WFI on Cortex-M). A board may instead enter a deeper sleep
 * until at most next_event, provided its wake source is armed for it and
 * the time base keeps counting (or is corrected) across the sleep: the
 * kernel's time stays exact because it only ever reads the time base.
 * The value is a snapshot: an interrupt after it was taken may add an
 * earlier event, so a deeper sleep must be entered with that interrupt
 * able to wake it (on Cortex-M, with PRIMASK set and WFI, then cleared).
 * The hook must return after any interrupt; it must not block. */
void vos_hook_idle(vos_time_t next_event);

/* Called when a task has exited (returned from its entry, vos_task_exit)
 * or been terminated (vos_task_terminate), after it left every kernel
 * structure and its joiners were made ready; not for a stack overflow
 * (vos_hook_stack_overflow). Runs with kernel interrupts masked, in the
 * task that ended or the one that terminated it: it must be short and may
 * only read t and call nothing that blocks or switches (it may, for
 * example, note t for a supervisor). The default does nothing. */
void vos_hook_task_terminated(struct vos_task *t);

/* Called by the kernel, in handler mode with kernel interrupts masked,
 * when t's stack overflowed: at a context switch, the guard of t's stack
 * found overwritten, or the stack pointer saved at or below the guard (a
 * frame larger than the guard jumped it; t->sp then says where it got
 * to); with VOS_CFG_MPU at t's first access to its guard region, from the
 * MemManage handler, or when t's context would not fit above its guard.
 * t is stopped (VOS_TASK_FAULTED) and never runs again. The boards' weak
 * default (boards/common/fault.c) prints one line: the task's name, its
 * stack pointer and its stack's base; without a board nothing is called.
 * An application or test defines its own to replace it. */
void vos_hook_stack_overflow(struct vos_task *t);

/* Called with interrupts disabled when the kernel stops the system after
 * an unrecoverable error (an internal assertion, the idle task exiting);
 * why names it. The default does nothing; a board or test overrides it to
 * report (weak symbol). The system then halts. */
void vos_hook_halt(const char *why);

#endif /* VAIOS_HOOKS_H */
