/* SPDX-License-Identifier: MIT */
/*
 * The port contract: everything the portable kernel needs from a CPU and
 * its board, and everything a port may touch of the kernel; nothing more.
 * Two implementations exist: arch/cortex-m and arch/host (a Linux process
 * with a virtual clock, for tests).
 *
 * Who implements what. The CPU half (critical sections, context, idle and
 * halt, the bounded spin) is the port's: arch/<name>/. The time half
 * (arch_time_init, arch_now, arch_alarm_set, arch_alarm_cancel,
 * arch_cycles and the word arch_time_lo) belongs to the timer hardware,
 * so on Cortex-M it is the BOARD's part of the contract, implemented in
 * boards/<name>/timebase.c (a build without a board must provide these
 * six itself); the host port implements both halves.
 *
 * The port provides "port_impl.h" on the include path with static inline
 * definitions of the functions marked [inline]; the rest are ordinary
 * functions. A port's own VOS_CFG_ options are rows of the one options
 * table, include/vaios/config.h. The kernel calls nothing else.
 *
 * Kernel symbols a port (or a board's time half) may use, and nothing else,
 * all declared by kernel/port_api.h, the one kernel header a file under
 * arch/ includes:
 *   vos__s                    the scheduler block: ready[] heads, cur (the
 *                             running task, which the switch writes),
 *                             ready_map and preempt; layout in
 *                             port_offsets.h, checked against the C
 *                             structure at compile time
 *   vos__cur                  vos__s.cur, from C
 *   vos__next()               the task the switch runs: the pick, or the
 *                             running task while preempt is 0 (the rule,
 *                             stated once; VOS__PICK_INDEX is its pick for
 *                             assembly, checked against it)
 *   vos__pick(), vos__pick_inline()
 *                             the task that must run now (highest ready)
 *   vos__task_return()        where a task's entry function returns to
 *   vos__alarm_isr()          called by the alarm's interrupt handler (board)
 *   vos__stack_fault(t)       called by the switch when t's stack guard is
 *                             found broken (VOS__GUARD_WORD, port_offsets.h)
 *                             or the stack pointer it saves for t is at or
 *                             below t->guard (a frame larger than the guard
 *                             jumped it; t->sp then holds that pointer);
 *                             on a CPU with stack-limit registers also
 *                             from the port's stack-limit fault, for the
 *                             running task holding no kernel lock (t->sp
 *                             then holds where its stack pointer got to);
 *                             with VOS_CFG_MPU also from the port's memory
 *                             fault handler, for the running task, when it
 *                             touched its guard holding no kernel lock
 *   vos__trace_switch(f, t)   with VOS_CFG_TRACE only: called by the switch
 *                             with the outgoing and incoming task, before
 *                             the incoming one becomes vos__cur
 *   vos__stats_switch(f, t)   with VOS_CFG_RUNTIME_STATS only: called by
 *                             the switch with the outgoing and incoming
 *                             task (the same one when the switch keeps
 *                             it), before the incoming one becomes
 *                             vos__cur; it reads arch_now() and masks
 *                             kernel interrupts itself (kernel/stats.c)
 *   vos__reset()              host port only: forget every task and the
 *                             scheduler's state between test scenarios
 *   struct vos_task fields    (vaios/task.h) sp, guard, stack_base and
 *                             stack_size only (port_offsets.h; the last
 *                             two for a port whose switch loads a stack
 *                             limit or whose fault path abandons the
 *                             running task's context, the Armv8-M one);
 *                             with VOS_CFG_MPU also domain, mpu, control
 * and with VOS_CFG_MPU:
 *   vos__kernel_domain        the privileged tasks' domain (the switch
 *                             compares the incoming task's with the loaded)
 *   vos__task_fault(t, f)     the memory fault handler, for a task's fault
 *   vos__syscall(a0..a3, num) the kernel side of an unprivileged call,
 *                             which the SVC entry (arch_syscall_thunk)
 *                             calls; the call ABI, numbers and argument
 *                             blocks are the kernel's (kernel/syscall.h)
 *   vos__u_task_return()      where an unprivileged task's entry returns
 *
 * With VOS_CFG_MPU (a port that has an MPU; the host port refuses it) the
 * guard of a task's stack is its VOS_CFG_STACK_GUARD lowest bytes,
 * starting at t->stack_base, a multiple of the guard size: the port makes
 * the running task's guard inaccessible to every access, switching it in
 * the context switch, and the main stack's guard too (the board's linker
 * script names the main stack's lowest address _smain_stack). A switch
 * that would save a context into the guard calls vos__stack_fault instead.
 *
 * Rules every port keeps:
 *   - Lock keys: arch_lock() returns the mask before the call, and a key
 *     of 0 means "this was the outermost lock" (nothing was masked): the
 *     kernel relies on it (critical-section statistics time only the
 *     outermost section). arch_unlock(key) restores exactly that mask.
 *   - The switch runs only when no critical section and no other handler
 *     is active; it changes vos__s.cur and nothing else of the kernel.
 *   - Every function here is called with the constraints its comment
 *     states and must not call back into the kernel except through the
 *     symbols above.
 */
#ifndef VAIOS_ARCH_PORT_H
#define VAIOS_ARCH_PORT_H

#include <stdint.h>
#include <stdbool.h>
#include "vaios/time.h"

struct vos_task;

/* --- Critical sections ------------------------------------------------ */

/* [inline] Mask kernel-level interrupts (BASEPRI on Cortex-M; interrupts
 * above VOS_CFG_KERNEL_IRQ_PRIO stay live) and return the previous mask.
 * Nests: each lock is undone by an unlock with the key it returned. */
static inline uint32_t arch_lock(void);
static inline void arch_unlock(uint32_t key);

/* [inline] True in an interrupt handler (any exception but thread mode). */
static inline bool arch_in_isr(void);

/* [inline] True in a handler the kernel lock masks: one whose priority is
 * VOS_CFG_KERNEL_IRQ_PRIO or less urgent, the only handlers that may call
 * the kernel. False in thread mode and in a handler above that level (NMI,
 * HardFault, an interrupt at a more urgent priority, such as NVIC priority
 * 0x00), whose kernel call would race the kernel's own critical sections.
 * On Cortex-M: IPSR, then the active exception's priority byte (NVIC_IPR
 * for an interrupt, SHPR for a system exception). */
static inline bool arch_isr_kernel(void);

/* [inline] The number of the active exception (Cortex-M: IPSR), 0 in
 * thread mode; distinct for two handlers that are active at once (one
 * preempted by the other). For reports (an assertion names it) and to
 * tell a nested handler from the one it preempted. */
static inline uint32_t arch_isr_number(void);

/* [inline] Load-linked / store-conditional on a machine word (wide
 * enough for a pointer), for the kernel's
 * lock-free fast paths. arch_sc stores v and returns true only if no
 * exception (interrupt, switch) and no other store to *p happened since
 * the matching arch_ll; otherwise it stores nothing and returns false.
 * The sequence between them must be short and must not call anything. */
static inline uintptr_t arch_ll(volatile uintptr_t *p);
static inline bool arch_sc(volatile uintptr_t *p, uintptr_t v);

/* [inline, macros] The same pair on the word at byte offset off from the
 * object at base, off a constant expression, a multiple of 4, at most
 * 1020 (a port checks it at compile time):
 *     arch_ll_at(base, off)     == arch_ll(word)
 *     arch_sc_at(base, off, v)  == arch_sc(word, v)
 * with word = (volatile uintptr_t *)((char *)base + off), each argument
 * evaluated once. They are macros so that the offset reaches the
 * instruction as a constant (Thumb-2 LDREX/STREX encode [Rn, #imm]): a
 * fast path then computes no address and keeps one register less live. */

/* --- Context ----------------------------------------------------------- */

/* Build the initial context of a task on its stack so that the first switch
 * to it calls entry(arg) with a clean register file, and a return from
 * entry lands in vos__task_return(). top is 8-byte aligned. Returns the
 * initial saved stack pointer to store in the task's sp. */
void *arch_stack_init(uint8_t *top, void (*entry)(void *), void *arg);

/* [inline] Request a context switch to vos__pick(). It happens as soon as
 * no critical section and no interrupt handler is active; in thread mode
 * with no lock held that is before this call returns. Calling it when the
 * pick would not change anything is harmless. */
static inline void arch_switch(void);

/* Task t has ended (exit, termination, a fault) and is off every kernel
 * list; its control block and stack may be reused as soon as the kernel
 * lock is released. The port lets go of whatever it keeps for t. When t is
 * the running task (its own exit, a fault of the running task) its stack
 * is still in use until the switch away, where the port finishes with it.
 * Called once per ended task, kernel lock held. */
void arch_task_end(struct vos_task *t);

/* Start multitasking: run vos__cur, never return. Called once, from
 * vos_start(), with kernel interrupts unmasked. */
void arch_start(void) __attribute__((noreturn));

/* --- Time (on Cortex-M these are the board's) ------------------------- */

/* Initialise the time base and the alarm; called by vos_start before
 * arch_start, and possibly once before that by HAL_InitTick
 * (hal/hal_timebase.c, so that the HAL's tick counts in main()): a
 * second call leaves a running time base running (time never goes back). */
void arch_time_init(void);

/* Current time in time-base cycles, 64-bit, monotonic. Callable in thread
 * mode and from kernel-level interrupt handlers. */
vos_time_t arch_now(void);

/* Program the one alarm: vos__alarm_isr() is called from an interrupt at
 * or shortly after t (at once if t has passed). Replaces any earlier
 * setting. The port may fire earlier than t (for instance to keep a
 * narrower hardware counter extended); the kernel then simply re-arms.
 * Called with kernel interrupts masked. */
void arch_alarm_set(vos_time_t t);

/* Disarm the alarm. Called with kernel interrupts masked. */
void arch_alarm_cancel(void);

/* The low 32 bits of arch_now(), as one word that a single load reads at
 * any time, in any context, without a lock: a symbol the board defines
 * (on Cortex-M an absolute symbol at the free-running counter's register,
 * on the host a variable the port keeps equal to its clock). Read only.
 * The kernel reads it where a call to arch_now() would cost too much: at
 * the start of a relative sleep and where a woken sleeper checks that its
 * deadline has come (kernel/time.c, wake on time). */
extern volatile uint32_t arch_time_lo;

/* A free-running 32-bit counter at VOS_CFG_CLOCK_HZ (the time base itself
 * or another counter at the same rate), for the kernel's own
 * instrumentation: only differences are used. Any context, no lock. */
uint32_t arch_cycles(void);

/* Busy-wait until at least n cycles of the time base have passed since
 * arch_time_lo read from (a value the caller read): never fewer; more if
 * interrupts or other tasks take the CPU meanwhile, by at most n after the
 * task runs again, however long it was away. The final wait of a sleep
 * woken before its deadline (n <= VOS_CFG_WAKE_LEAD_MAX). Thread mode,
 * kernel lock not held.
 * [port_impl.h] ARCH_SPIN_MARGIN: how many cycles before the deadline the
 * caller's read (from) must come for the wait to end at the deadline to
 * the cycle rather than somewhere within the port's polling loop: the
 * port's own set-up plus the kernel's instructions between its read and
 * the call. A calibrated lead (kernel/time.c) is the wake-up path plus
 * this margin. 0 for a spin that only polls. */
void arch_spin(uint32_t from, uint32_t n);

/* --- Idle and faults --------------------------------------------------- */

/* Wait for an interrupt (the idle task's body). Thread mode. */
void arch_idle(void);

/* Stop the system after an unrecoverable kernel error. */
void arch_halt(const char *why) __attribute__((noreturn));

#if VOS_CFG_MPU
/* --- Memory protection (VOS_CFG_MPU) ------------------------------------- */
#include <stddef.h>

/* Encode [base, base + size) with the VOS_MEM_* rights access as MPU region
 * n into out[0] (the base register's value, with the region number) and
 * out[1] (the attribute and size register's). VOS_OK, or VOS_ERR_LAYOUT
 * when the MPU cannot express it exactly. Any context. */
int arch_mpu_region(uintptr_t base, size_t size, unsigned access, unsigned n, uint32_t out[2]);

/* [inline] The n regions mpu[0..2n) of one domain (each pair encoded by
 * arch_mpu_region as region i), checked as a set: VOS_OK, or
 * VOS_ERR_LAYOUT when the MPU cannot enforce them loaded together (on
 * PMSAv8, two regions that overlap: an access to the overlap faults
 * whatever either region allows). Any context. */
static inline int arch_mpu_regions_check(const uint32_t *mpu, unsigned n);

/* [inline] The trap of an unprivileged call: number num, arguments
 * a0..a3, the kernel's vos__syscall's result (kernel/syscall.c, the ABI).
 * Registers only: called unprivileged. */
static inline int32_t arch_syscall(uint32_t num, uint32_t a0, uint32_t a1, uint32_t a2,
                                   uint32_t a3);

/* Before t is first made ready, with t's stack, domain and control set:
 * fill t->mpu (stack region: stack_region, or none for a privileged task;
 * the guard region), and for an unprivileged task make a return from its
 * entry function end it through vos_u_task_exit. stack_region is the
 * whole stack's encoding (vos_task_create_in checked it); a port whose
 * MPU faults where two regions overlap (PMSAv8) encodes the stack region
 * itself from t->stack_base and t->stack_size, without the guard. */
void arch_mpu_task_init(struct vos_task *t, const uint32_t *stack_region);
#endif

/* --- Kernel entry points for the port ------------------------------------ */

/* The alarm's interrupt handler calls this (kernel-level priority). */
void vos__alarm_isr(void);

#include "port_impl.h"

#ifndef ARCH_SPIN_MARGIN
#define ARCH_SPIN_MARGIN 0u   /* a port that does not say: its spin only polls */
#endif

#endif /* VAIOS_ARCH_PORT_H */
