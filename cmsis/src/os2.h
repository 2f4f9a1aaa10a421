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
 *    interrupt handlers returns osErrorISR (or its NULL / 0 form) there;
 *  - kernel errors map onto osStatus_t in os2_status() and nowhere else.
 */
#ifndef OS2_H
#define OS2_H

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
 * object of the expected kind. Returns from the calling function. */
#define OS2_THREAD_CALL_ON(obj, tag)                                          \
    do {                                                                      \
        if (os2_isr())                                                        \
            return osErrorISR;                                                \
        if (!os2_valid((obj), (tag)))                                         \
            return osErrorParameter;                                          \
    } while (0)

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

/* Memory for a control block: the caller's (cb_mem, checked for size and
 * for the alignment its type needs, no more) or the heap's. Returns NULL on
 * a bad attribute or no memory; *alloc gets OS2_ALLOC_CB when the heap gave
 * it. OS2_CB(attr, p, &alloc) passes the size and alignment of *p. */
void *os2_cb(void *cb_mem, uint32_t cb_size, size_t need, size_t align, uint8_t *alloc);
#define OS2_CB(attr, p, alloc) \
    os2_cb((attr)->cb_mem, (attr)->cb_size, sizeof *(p), _Alignof(__typeof__(*(p))), (alloc))

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
