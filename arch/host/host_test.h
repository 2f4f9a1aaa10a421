/* SPDX-License-Identifier: MIT */
/*
 * The host port's test interface: run the kernel inside a Linux process,
 * drive its virtual clock and raise simulated interrupts, deterministically.
 * See docs/host-port.md. Every name here is host_ (HOST_ for constants);
 * the port's own symbols are arch_host_ (port_private.h, port_impl.h).
 *
 * Model. The process is one CPU. Kernel code takes no time: the virtual
 * clock (1 GHz, 1 cycle = 1 ns) moves only when a task says it computes
 * (host_advance), when a test handler does, or when every task is blocked
 * and the idle task jumps the clock to the next alarm ("sleep=off", as the
 * emulated board does). The alarm interrupt fires exactly at the time the
 * kernel programmed. Interrupt handlers and the context switch run on the
 * process's own stack (the "main stack"), tasks on theirs.
 *
 * A scenario is one run of the kernel, from vos_start() to host_stop() or
 * to the moment nothing can ever happen again. Between scenarios the port
 * resets the kernel's state: every scenario starts as a fresh boot, at
 * virtual time 0 plus whatever host_advance() added before host_run().
 * Objects of an ended scenario (task control blocks, semaphores, mutexes)
 * are abandoned as they were; zero or re-initialise them before reusing
 * their memory.
 */
#ifndef VAIOS_ARCH_HOST_HOST_TEST_H
#define VAIOS_ARCH_HOST_HOST_TEST_H

#include <stdint.h>
#include "vaios/vaios.h"

/* host_run() result when every task is blocked (or suspended, or exited)
 * and no alarm is armed: the system is idle for ever. Distinct from every
 * vos_err_t and from the statuses tests pass to host_stop(). */
#define HOST_IDLE (-1000)

/* Stack of the task host_run() creates, in bytes. */
#define HOST_MAIN_STACK (256u * 1024u)

/* Run one scenario: reset the kernel, create the task "main" running
 * entry(arg) at priority prio (none if entry is NULL: tasks created before
 * the call run), start the kernel, and return when a task or handler calls
 * host_stop(status) (returns status) or the system is idle for ever
 * (returns HOST_IDLE). Returns the vos_err_t of vos_task_create() or
 * vos_start() if they refuse. Context: the test program, outside any
 * scenario. */
int host_run(vos_entry_t entry, void *arg, unsigned prio);

/* End the scenario: host_run() returns status. From a task, it does not
 * return. From a simulated handler, the scenario ends when the handler
 * returns. */
void host_stop(int status);

/* The calling task computes for n cycles: virtual time advances by n of
 * its own execution. The alarm fires at its exact time meanwhile and may
 * preempt the caller; the rest of its n cycles is spent when it runs again,
 * so at least n cycles have passed when this returns. From a handler, or
 * outside a scenario, the clock just moves on by n (a due alarm fires when
 * the handler returns). Not with the kernel lock held. */
void host_advance(uint64_t n);

/* Current virtual time (same as vos_now()). Any context. */
vos_time_t host_now(void);

/* Time the alarm is armed for, VOS_TIME_NEVER if disarmed. Any context. */
vos_time_t host_alarm_at(void);

/* Raise a simulated kernel-level interrupt whose handler is fn: fn runs
 * now in handler mode (arch_in_isr() true, on the main stack), then any
 * alarm that came due fires, then a switch the handlers requested is
 * taken, exactly as PendSV tail-chains on Cortex-M. From a handler, fn
 * runs nested at once. Outside a scenario fn runs in handler mode with no
 * switch. Not from a task that holds the kernel lock. */
void host_irq(void (*fn)(void));

/* Raise a simulated interrupt more urgent than the kernel's level (on
 * Cortex-M: NVIC priority numerically below VOS_CFG_KERNEL_IRQ_PRIO, such
 * as 0x00): as host_irq, but arch_isr_kernel() is false while fn runs, so
 * every kernel call fn makes is refused (VOS_ERR_CONTEXT with
 * VOS_CFG_CHECKS; a halt naming the exception with VOS_CFG_ASSERT and the
 * checks off). Same contexts as host_irq. */
void host_irq_above(void (*fn)(void));

/* Deliver fn as an interrupt (as host_irq) between the next load-linked
 * and store-conditional the kernel does (arch_ll/arch_sc), which then
 * fails, as on Cortex-M: the way to test the kernel's lock-free fast
 * paths against an interrupt, or a switch, in their window. Any context. */
void host_irq_in_next_sc(void (*fn)(void));

/* Deliver fn as an interrupt (as host_irq) when a task releases the
 * kernel lock to unlocked for the n-th time from now (n >= 1; 0 disarms):
 * an interrupt that became pending while the kernel masked it and is
 * taken as the mask drops, as on Cortex-M. The way to land an interrupt
 * (and the switch it causes) inside a kernel operation that releases the
 * lock between its steps, such as a message copied in pieces. Thread
 * mode, outside the lock. */
void host_irq_at_unlock(unsigned n, void (*fn)(void));

/* Number of context switches (the running task changed) since the
 * current or last scenario started. */
uint64_t host_switches(void);

/* Cost of a context switch, in cycles: the clock moves on by n at every
 * switch to another task (default 0: kernel code takes no time), so that
 * a test sees a wake-up path of known length, as the wake-on-time
 * calibration (kernel/time.c) does on a board. Kept until changed; any
 * context outside a critical section. */
void host_switch_cost(uint64_t n);

/* The longest final wait of a sleep (arch_spin, arch/port.h) since the
 * current or last scenario started, in cycles. */
uint64_t host_spin_max(void);

#endif /* VAIOS_ARCH_HOST_HOST_TEST_H */
