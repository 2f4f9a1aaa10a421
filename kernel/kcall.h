/* SPDX-License-Identifier: MIT */
/*
 * The entry of every kernel call, kernel-private: the parameter checks,
 * the internal assertions, the interrupt-level checks, the kernel lock,
 * and what a refused call may read of an object. Included by kernel.h.
 *
 * Contract:
 *  - VOS__CHECK(cond, err) returns err from the calling function when
 *    cond is false (VOS_CFG_CHECKS); without the option cond is not
 *    evaluated. A call's errors are vaios/error.h's codes, one meaning
 *    each.
 *  - VOS__ASSERT(cond) is an internal invariant: it halts, naming cond,
 *    when false (VOS_CFG_ASSERT, the test builds); otherwise it costs
 *    nothing.
 *  - vos__lock() masks the kernel-level interrupts and returns the key
 *    that vos__unlock(key) restores, so sections nest. All kernel state is
 *    changed with the lock held. With VOS_CFG_CRIT_STATS the kernel's
 *    sections are timed with vos_crit_enter's (vaios/critical.h).
 *  - Every kernel object starts with its type tag, and none is smaller
 *    than the two words a refused call may read (checked below).
 */
#ifndef VAIOS_KERNEL_KCALL_H
#define VAIOS_KERNEL_KCALL_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/vaios.h"
#include "port_api.h"

/* --- Checks ------------------------------------------------------------- */

#if VOS_CFG_CHECKS
#define VOS__CHECK(cond, err) do { if (!(cond)) return (err); } while (0)
#else
#define VOS__CHECK(cond, err) do { (void)sizeof(cond); } while (0)
#endif

#if VOS_CFG_ASSERT
#define VOS__ASSERT(cond) do { if (!(cond)) arch_halt("assert: " #cond); } while (0)
#else
#define VOS__ASSERT(cond) do { (void)sizeof(cond); } while (0)
#endif

#define VOS__LIKELY(x)   __builtin_expect(!!(x), 1)
#define VOS__UNLIKELY(x) __builtin_expect(!!(x), 0)

/* For a body that a call's forms share with constant arguments (a task
 * form and an interrupt form, say): inlined at every -O, so each form
 * compiles to its own straight code. */
#define VOS__ALWAYS_INLINE inline __attribute__((always_inline))

/* The interrupt level. A handler above VOS_CFG_KERNEL_IRQ_PRIO runs even
 * inside the kernel's critical sections (arch_lock masks up to that level
 * only), so a kernel call from it would race the kernel: every call
 * allowed in a handler refuses it (arch_isr_kernel, port.h).
 *   VOS__CHECK_ISR()    the _isr forms: the caller is a handler at the
 *                       kernel's level, else VOS_ERR_CONTEXT;
 *   VOS__CHECK_LEVEL()  the calls of any context: the caller is not a
 *                       handler above the kernel's level, else
 *                       VOS_ERR_CONTEXT.
 * With VOS_CFG_CHECKS=0 and VOS_CFG_ASSERT=1 a call from above the level
 * halts instead, naming the exception (vos__halt_level); with both off
 * nothing is checked (a task form called in a handler is then the
 * caller's bug, as before). VOS__ASSERT_LEVEL() is that halt alone, for
 * paths that made the check with VOS_CFG_CHECKS themselves. */
void vos__halt_level(void) __attribute__((noreturn, cold));
#define VOS__ABOVE_KERNEL() (VOS__UNLIKELY(arch_in_isr()) && VOS__UNLIKELY(!arch_isr_kernel()))
#if VOS_CFG_CHECKS
#define VOS__CHECK_ISR() \
    do { if (VOS__UNLIKELY(!arch_isr_kernel())) return VOS_ERR_CONTEXT; } while (0)
#define VOS__CHECK_LEVEL() \
    do { if (VOS__ABOVE_KERNEL()) return VOS_ERR_CONTEXT; } while (0)
#define VOS__ASSERT_LEVEL() ((void)0)
#elif VOS_CFG_ASSERT
#define VOS__CHECK_ISR()    VOS__ASSERT_LEVEL()
#define VOS__CHECK_LEVEL()  VOS__ASSERT_LEVEL()
#define VOS__ASSERT_LEVEL() do { if (VOS__ABOVE_KERNEL()) vos__halt_level(); } while (0)
#else
#define VOS__CHECK_ISR()    ((void)0)
#define VOS__CHECK_LEVEL()  ((void)0)
#define VOS__ASSERT_LEVEL() ((void)0)
#endif

/* --- Lock ---------------------------------------------------------------- */

/* The kernel's sections and vos_crit_enter's (vaios/critical.h) are one
 * population for the statistics. */
#if VOS_CFG_CRIT_STATS
#define vos__lock()        vos__crit_begin()
#define vos__unlock(k)     vos__crit_end((k), __func__)
#else
#define vos__lock()        arch_lock()
#define vos__unlock(k)     arch_unlock(k)
#endif

/* --- Objects ------------------------------------------------------------- */

/* The guarantee of vaios/kobj.h: the tag is the first word of every object. */
_Static_assert(offsetof(vos_task_t, tag) == 0, "task tag first");
_Static_assert(offsetof(vos_sem_t, tag) == 0, "semaphore tag first");
_Static_assert(offsetof(vos_mutex_t, tag) == 0, "mutex tag first");
_Static_assert(offsetof(vos_queue_t, tag) == 0, "queue tag first");
_Static_assert(offsetof(vos_event_t, tag) == 0, "event group tag first");
_Static_assert(offsetof(vos_heap_t, tag) == 0, "heap tag first");
_Static_assert(offsetof(vos_pool_t, tag) == 0, "pool tag first");
_Static_assert(offsetof(vos_timer_t, tag) == 0, "timer tag first");

/* ... and no object is smaller than the two words a check may read before
 * refusing it (the sem and mutex fast paths' second word, asserted in
 * sem.c and mutex.c). */
#define VOS__TWO_WORDS (2 * sizeof(uintptr_t))
_Static_assert(sizeof(vos_task_t) >= VOS__TWO_WORDS && sizeof(vos_sem_t) >= VOS__TWO_WORDS &&
               sizeof(vos_mutex_t) >= VOS__TWO_WORDS && sizeof(vos_queue_t) >= VOS__TWO_WORDS &&
               sizeof(vos_event_t) >= VOS__TWO_WORDS && sizeof(vos_heap_t) >= VOS__TWO_WORDS &&
               sizeof(vos_pool_t) >= VOS__TWO_WORDS && sizeof(vos_timer_t) >= VOS__TWO_WORDS,
               "every kernel object holds the two words a refused call may read");

#endif /* VAIOS_KERNEL_KCALL_H */
