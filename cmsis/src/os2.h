/* SPDX-License-Identifier: MIT */
/*
 * Internal declarations of the CMSIS-RTOS2 layer: the tags, the status
 * and timeout conversions, the layer's heap, and the context checks every
 * call begins with. Nothing outside cmsis/src includes this.
 *
 * Rules every file follows:
 *  - an id is valid when it is non-NULL and its head carries the tag of
 *    its type; anything else is osErrorParameter (or NULL / 0 / the flags
 *    error), never a crash;
 *  - the calling context is checked first: a call the reference forbids in
 *    interrupt handlers returns osErrorISR (or its NULL / 0 form) there
 *    (an osXxxNew, whose every refusal is NULL, has os2_new check it);
 *  - kernel errors map onto osStatus_t in os2_status() and nowhere else.
 */
#ifndef OS2_H
#define OS2_H

#include <stddef.h>
#include <string.h>
#include "os2_vaios.h"

#define OS2_TAG_THREAD  0x05200001u
#define OS2_TAG_EVFLAGS 0x05200002u
#define OS2_TAG_MUTEX   0x05200003u
#define OS2_TAG_SEM     0x05200004u
#define OS2_TAG_MEMPOOL 0x05200005u
#define OS2_TAG_MSGQ    0x05200006u
#define OS2_TAG_TIMER   0x05200007u

#define OS2_ALLOC_CB    0x01u   /* control block from the layer's heap */
#define OS2_ALLOC_MEM   0x02u   /* stack / data memory from the layer's heap */

/* Thread states the layer tracks beyond the kernel's. */
#define OS2_TS_DETACHED   0x01u  /* storage reclaimed at termination */
#define OS2_TS_TERMINATED 0x02u  /* exited, terminated or faulted */

#define OS2_FLAGS_MASK 0x7FFFFFFFu   /* bit 31 of a flags value means error */

static inline bool os2_isr(void)
{
    return vos_in_isr_inline();
}

static inline bool os2_valid(const void *id, uint32_t tag)
{
    return id != NULL && ((const struct os2_head *)id)->tag == tag;
}

/* The preamble of every thread-context call on an object: osErrorISR from
 * an interrupt handler, osErrorParameter for an id that is not a live
 * object of the expected kind (valid false). Returns from the calling
 * function. OS2_THREAD_CALL_ON for an object, OS2_THREAD_CALL_ON_THREAD
 * for a thread (os2_thread_valid). */
#define OS2_THREAD_CALL(valid)                                                \
    do {                                                                      \
        if (os2_isr())                                                        \
            return osErrorISR;                                                \
        if (!(valid))                                                         \
            return osErrorParameter;                                          \
    } while (0)
#define OS2_THREAD_CALL_ON(obj, tag)   OS2_THREAD_CALL(os2_valid((obj), (tag)))
#define OS2_THREAD_CALL_ON_THREAD(th)  OS2_THREAD_CALL(os2_thread_valid(th))

/* A thread id that may be used: a detached thread that has ended is gone
 * (its storage is reclaimed at the next allocation), even before then.
 * The kernel task's tag (the first word) is read first: the layer's head
 * lies beyond the end of every other object, so a foreign id (any other
 * control block, zeroed memory) is refused without reading past it. */
static inline bool os2_thread_valid(const os2_thread_t *th)
{
    return th != NULL && th->task.tag == VOS_TAG_TASK && th->h.tag == OS2_TAG_THREAD &&
           (th->state & (OS2_TS_DETACHED | OS2_TS_TERMINATED)) !=
               (OS2_TS_DETACHED | OS2_TS_TERMINATED);
}

/* A kernel result as an osStatus_t. would_block is what VOS_ERR_WOULD_BLOCK
 * means for the call (always osErrorResource in the reference). */
static inline osStatus_t os2_status(int err)
{
    switch (err) {
    case VOS_OK:              return osOK;
    case VOS_ERR_TIMEOUT:     return osErrorTimeout;
    case VOS_ERR_ABORTED:     return osErrorTimeout;    /* wait ended by osThreadResume */
    case VOS_ERR_WOULD_BLOCK: return osErrorResource;
    case VOS_ERR_CONTEXT:     return os2_isr() ? osErrorISR : osError;
    case VOS_ERR_INVALID:     return osErrorParameter;
    case VOS_ERR_ARG:         return osErrorParameter;
    case VOS_ERR_NO_MEMORY:   return osErrorNoMemory;
    default:                  return osErrorResource;  /* deleted, overflow, state, owner */
    }
}

/* The same as a flags-call error value (bit 31 set). */
static inline uint32_t os2_flags_error(int err)
{
    return (uint32_t)(int32_t)os2_status(err);
}

/* --- Flags: event flags and thread flags, both a VAIOS event group ------- */

/* Set flags in ev (any context) and return the flags it holds after, or
 * the flags error. Under the kernel lock, so the value returned is the one
 * the set left (a waiter it released has already had its clearing done)
 * and no other thread runs in between; a woken thread runs when the lock
 * is released. */
static inline uint32_t os2_flags_set(vos_event_t *ev, uint32_t flags)
{
    uint32_t now;
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    int err = os2_isr() ? vos_event_set_isr(ev, flags) : vos_event_set(ev, flags);
    vos_event_get(ev, &now);
    (void)vos_crit_exit(k);
    return err == VOS_OK ? now : os2_flags_error(err);
}

/* Clear flags in ev and return the flags it held before, under the kernel
 * lock (no set in between). Any context. */
static inline uint32_t os2_flags_clear(vos_event_t *ev, uint32_t flags)
{
    uint32_t before;
    vos_crit_t k;
    (void)vos_crit_enter(&k);
    vos_event_get(ev, &before);
    vos_event_clear(ev, flags);
    (void)vos_crit_exit(k);
    return before;
}

/* The arguments of a wait: at least one flag, no error bit, no option but
 * osFlagsWaitAll and osFlagsNoClear. */
static inline bool os2_flags_wait_args(uint32_t flags, uint32_t options)
{
    return !(flags & ~OS2_FLAGS_MASK) && flags != 0 &&
           !(options & ~(osFlagsWaitAll | osFlagsNoClear));
}

/* A wait's options for vos_event_wait: all or any, cleared on release
 * unless osFlagsNoClear. */
static inline unsigned os2_flags_wait_options(uint32_t options)
{
    return ((options & osFlagsWaitAll) ? VOS_EVENT_ALL : VOS_EVENT_ANY) |
           ((options & osFlagsNoClear) ? 0 : VOS_EVENT_CLEAR);
}

/* A CMSIS timeout in ticks as a kernel timeout that ends on the n-th tick
 * boundary from now (the osDelay rule, applied to every finite wait).
 * The out-of-line half returns cycles, not a vos_dur_t: the AAPCS returns
 * a structure of 8 bytes through memory, an integer in r0:r1. */
uint64_t os2_timeout_cycles(uint32_t ticks);
static inline vos_dur_t os2_timeout(uint32_t ticks)
{
    if (ticks == 0)
        return VOS_NO_WAIT;
    if (ticks == osWaitForever)
        return VOS_FOREVER;
    return vos_cycles(os2_timeout_cycles(ticks));
}

/* --- Kernel semaphores behind a CMSIS call (semaphores, pools, queues) ---- */

/* Take one unit of s for a call with a CMSIS timeout, in the context isr
 * says (os2_isr(), read once by the caller). A handler may only poll: a
 * timeout other than 0 is osErrorParameter there, no unit osErrorResource.
 * A thread waits up to the timeout; the kernel's refusal as os2_status
 * gives it. osOK when the unit is the caller's. */
static inline osStatus_t os2_sem_acquire(vos_sem_t *s, uint32_t timeout, bool isr)
{
    if (isr) {
        if (timeout != 0)
            return osErrorParameter;
        return vos_sem_take_isr(s) == VOS_OK ? osOK : osErrorResource;
    }
    int err = vos_sem_take(s, os2_timeout(timeout));
    return err == VOS_OK ? osOK : os2_status(err);
}

/* Give one unit back to s in the context isr says; the kernel's result
 * (VOS_ERR_OVERFLOW at its maximum). Any context. */
static inline int os2_sem_release(vos_sem_t *s, bool isr)
{
    return isr ? vos_sem_give_isr(s) : vos_sem_give(s);
}

/* The units s holds, for a Get call: 0 when it holds none or is not a
 * live semaphore (a kernel error). Any context. */
static inline uint32_t os2_sem_units(const vos_sem_t *s)
{
    int n = vos_sem_count(s);
    return n > 0 ? (uint32_t)n : 0;
}

/* The current CMSIS tick, 64 bits wide: the time base's tick plus the
 * ticks osKernelResume added (os2_skipped_ticks). Any context. */
uint64_t os2_tick64(void);
extern uint64_t os2_skipped_ticks;

/* The time base's tick (vos_now() / VOS_CMSIS_TICK_CYCLES): what kernel
 * deadlines are computed from. Any context. */
uint64_t os2_ktick(void);

/* The layer's heap. os2_free(NULL) does nothing. Thread context. */
void *os2_alloc(size_t size);
void os2_free(void *p);

/* The start of every osXxxNew, after the checks of its own arguments: the
 * control block of a new object, zeroed, with its head's name and alloc
 * set; or NULL, which the call returns: from an interrupt handler, before
 * osKernelInitialize, a cb_mem too small, misaligned for its type (no more
 * alignment than that is asked) or still holding a live object of any
 * kind (a layer object, a thread not joined yet, a kernel object of the
 * application: os2_new reads the words they would have their tag in,
 * within cb_size), a cb_size without cb_mem, no memory. The block is the
 * caller's cb_mem or the heap's. The caller sets the tag last, once the
 * object is complete (os2_live), and gives back with os2_release a block
 * it cannot complete.
 * OS2_NEW(attr, p) passes attr's name, cb_mem and cb_size and the size,
 * alignment and head offset of *p. */
void *os2_new(const char *name, void *cb_mem, uint32_t cb_size, size_t size, size_t align,
              size_t head);
#define OS2_NEW(attr, p)                                                                    \
    os2_new((attr)->name, (attr)->cb_mem, (attr)->cb_size, sizeof *(p),                     \
            _Alignof(__typeof__(*(p))), offsetof(__typeof__(*(p)), h))

/* The end of an osXxxNew: the object p, complete, becomes live: its head h
 * gets the tag of its kind, last, so that no call takes p as an id and no
 * New takes it as free memory before then. Returns p, the New's result. */
static inline void *os2_live(void *p, struct os2_head *h, uint32_t tag)
{
    h->tag = tag;
    return p;
}

/* Memory for a new object's data (stack, blocks, messages) from the layer's
 * heap, noted in its head h (OS2_ALLOC_MEM). On no memory, the control
 * block p is given back (os2_release) and NULL returned: the osXxxNew then
 * returns NULL. Thread context. */
void *os2_new_mem(void *p, struct os2_head *h, size_t size);

/* Give back what the layer's heap gave an object whose head is h: its data
 * mem (or NULL) when OS2_ALLOC_MEM, then its control block p when
 * OS2_ALLOC_CB. Its tag is cleared (or was never set): no call takes the
 * id after. Thread context. */
void os2_release(void *p, const struct os2_head *h, void *mem);

/* The part of a Delete call (osSemaphoreDelete and its kin) that depends
 * on the object's kind: delete the kernel objects inside obj, whose tag
 * is already cleared (a thread waiting on one returns its call's resource
 * error), and return the object's data memory for os2_release (NULL when
 * it has none). */
typedef void *os2_delete_parts_fn(void *obj);

/* The Delete call of an object whose head comes first (event flags,
 * semaphore, memory pool, message queue, timer): osErrorISR from an
 * interrupt handler, osErrorParameter for an id that is not a live object
 * of the kind of tag. Otherwise the tag is cleared first, so that no call
 * takes the id from then on, delete_parts deletes the kernel objects
 * inside, os2_release gives the storage back, and the result is osOK.
 * The mutex deletes on its own: it clears its tag under the kernel lock,
 * in one step with its removal from the mutex registry. */
static inline osStatus_t os2_delete(void *id, uint32_t tag, os2_delete_parts_fn *delete_parts)
{
    struct os2_head *h = id;
    OS2_THREAD_CALL_ON(h, tag);
    h->tag = 0;
    os2_release(id, h, delete_parts(id));
    return osOK;
}

/* GetName of every object kind but the thread (whose head is not first):
 * the name of a live object of the kind of tag, NULL for any other id. */
static inline const char *os2_name(const void *id, uint32_t tag)
{
    return os2_valid(id, tag) ? ((const struct os2_head *)id)->name : NULL;
}

/* True between osKernelInitialize (or a native vos_start) and forever:
 * objects may be created. */
bool os2_kernel_ready(void);

/* Free the storage of detached threads that have ended (their own exit
 * cannot free the stack it runs on). Thread context. */
void os2_reap(void);

/* Mutex side of reaping: release every layer mutex still marked as owned
 * by a task that has ended, before that task's memory is reused. */
void os2_mutex_drop_dead(void);

/* True between osKernelSuspend and osKernelResume (lock.c). */
bool os2_suspended(void);

/* The CMSIS thread a kernel task belongs to, or NULL for a native task. */
os2_thread_t *os2_thread_of(vos_task_t *t);

#endif /* OS2_H */
