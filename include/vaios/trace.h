/* SPDX-License-Identifier: MIT */
/*
 * Event tracing: a record of what the kernel did, kept in a RAM ring buffer
 * and decoded on a host (tools/vtrace) into a CTF trace and a timeline.
 *
 * This header holds the record vocabulary (what the kernel records and how
 * a dump encodes it), the public API (start, stop, clear, markers, task
 * names, access to the buffer for a dump as raw memory or hex lines over a
 * console) and the two hooks an interrupt handler may call. The kernel's
 * own hooks, one at every state change, are private (kernel/
 * trace_hooks.h); with VOS_CFG_TRACE == 0 each is ((void)0), so a build
 * without tracing is the same build as one without the hooks.
 *
 * Identities. A task or object appears in a record as the low 32 bits of its
 * address (the whole address on the 32-bit target). Each task also gets a
 * small id (1, 2, ... in creation order) and its name is kept in a name
 * table inside the dump region, so a viewer names every lane even when the
 * creation records were overwritten long ago.
 *
 * Hooks may be called from thread mode and from kernel-level interrupt
 * handlers, with or without the kernel lock held. Interrupts above
 * VOS_CFG_KERNEL_IRQ_PRIO ("zero-latency") must not call them, as they must
 * not call the kernel at all. Cost per event is bounded (no loop) and is
 * reported by the benchmark row trace_event; see docs/tracing.md.
 */
#ifndef VAIOS_TRACE_H
#define VAIOS_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/config.h"
#include "vaios/error.h"

struct vos_task;

/* The trace's options (VOS_CFG_TRACE_RECORDS, _OVERWRITE, _AUTOSTART, _TASKS,
 * _NAME_LEN) are in vaios/config.h's table. */

/* --- Hook argument vocabularies ------------------------------------------ */

/* Why the running task stopped running (VOS_TRACE_TASK_SWITCH). The kernel
 * knows it where it decides to switch, the port where the switch happens:
 * the kernel notes it and the switch path passes it on. */
enum vos_trace_switch {
    VOS_TRACE_SW_PREEMPT = 1,  /* a higher-priority task became ready */
    VOS_TRACE_SW_YIELD,        /* vos_yield or end of a time slice */
    VOS_TRACE_SW_BLOCK,        /* waits on an object (see VOS_TRACE_TASK_BLOCK) */
    VOS_TRACE_SW_SLEEP,        /* vos_sleep / vos_sleep_until */
    VOS_TRACE_SW_EXIT,         /* returned or called vos_task_exit */
    VOS_TRACE_SW_SUSPEND,      /* suspended itself or was suspended */
    VOS_TRACE_SW_FAULT,        /* stopped by the kernel (stack overflow) */
    VOS_TRACE_SW_START,        /* first switch at vos_start (from is NULL) */
};

/* Why a task's effective priority changed (VOS_TRACE_TASK_PRIORITY). */
enum vos_trace_prio_cause {
    VOS_TRACE_PRIO_SET = 1,   /* vos_task_set_priority */
    VOS_TRACE_PRIO_INHERIT,   /* raised by priority inheritance (boost) */
    VOS_TRACE_PRIO_RESTORE,   /* inheritance ended or fell (restore) */
    VOS_TRACE_PRIO_CEILING,   /* priority-ceiling protocol */
};

/* What a task blocks on (VOS_TRACE_TASK_BLOCK). */
enum vos_trace_wait {
    VOS_TRACE_WAIT_SEM = 1,
    VOS_TRACE_WAIT_MUTEX,
    VOS_TRACE_WAIT_QUEUE_SEND, /* queue full */
    VOS_TRACE_WAIT_QUEUE_RECV, /* queue empty */
    VOS_TRACE_WAIT_EVENT,
    VOS_TRACE_WAIT_NOTIFY,
    VOS_TRACE_WAIT_DELAY,      /* sleep: obj is NULL */
    VOS_TRACE_WAIT_JOIN,       /* vos_task_join: obj is the task joined */
    VOS_TRACE_WAIT_TIMER,      /* the timer service task waits for work */
    VOS_TRACE_WAIT_MSG_SEND,   /* a client queued on a channel: obj is the channel */
    VOS_TRACE_WAIT_MSG_REPLY,  /* a client held by a server: obj is the server task */
    VOS_TRACE_WAIT_MSG_RECV,   /* a server waits on a channel: obj is the channel */
    VOS_TRACE_WAIT_WORKQ,      /* a work queue's worker waits for items, or a task
                                  in vos_workq_flush: obj is the queue */
};

/* Record types. The numbers are the dump format (docs/tracing.md) and are
 * known to tools/vtrace: never renumber, only append. */
enum vos_trace_ev {
    VOS_TEV_NONE = 0,          /* never written */
    VOS_TEV_TIME_HI,           /* a = new high time word, b = previous one */
    VOS_TEV_CONT,              /* extra arguments of the record before it */
    VOS_TEV_TASK_CREATE,       /* a = task, arg8 = prio, arg16 = task id */
    VOS_TEV_TASK_NAME,         /* a = task, arg16 = task id (name in table) */
    VOS_TEV_TASK_SWITCH,       /* a = from, b = to, arg8 = enum vos_trace_switch */
    VOS_TEV_TASK_READY,        /* a = task */
    VOS_TEV_TASK_BLOCK,        /* a = task, b = obj, arg8 = enum vos_trace_wait */
    VOS_TEV_TASK_PRIORITY,     /* a = task, arg8 = cause, arg16 = old | new << 8 */
    VOS_TEV_ISR_ENTER,         /* a = irq */
    VOS_TEV_ISR_EXIT,          /* a = irq */
    VOS_TEV_SEM_GIVE,          /* a = sem, arg8 = result */
    VOS_TEV_SEM_TAKE,          /* a = sem, arg8 = result */
    VOS_TEV_MUTEX_LOCK,        /* a = mutex, b = owner after the call, arg8 = result */
    VOS_TEV_MUTEX_UNLOCK,      /* a = mutex, b = new owner (or 0), arg8 = result */
    VOS_TEV_QUEUE_SEND,        /* a = queue, arg8 = result */
    VOS_TEV_QUEUE_RECV,        /* a = queue, arg8 = result */
    VOS_TEV_EVENT_SET,         /* a = event group, b = bits, arg8 = result */
    VOS_TEV_EVENT_WAIT,        /* a = event group, b = bits, arg8 = result */
    VOS_TEV_HEAP_ALLOC,        /* a = heap, b = ptr, arg8 = result; CONT a = size */
    VOS_TEV_HEAP_FREE,         /* a = heap, b = ptr, arg8 = result; CONT a = size */
    VOS_TEV_POOL_ALLOC,        /* a = pool, b = block, arg8 = result */
    VOS_TEV_POOL_FREE,         /* a = pool, b = block, arg8 = result */
    VOS_TEV_DEADLINE_MISS,     /* a = task, b = lateness in cycles (saturated) */
    VOS_TEV_MARKER,            /* a = id, b = value */
    VOS_TEV_TASK_TERMINATE,    /* a = task that ended (exit or vos_task_terminate) */
    VOS_TEV_TIMER_EXPIRE,      /* a = timer, b = overruns so far; as its callback starts */
    VOS_TEV_MSG_SEND,          /* a = channel, b = reply length, arg8 = error (0: ok) */
    VOS_TEV_MSG_RECV,          /* a = channel, b = client (0: signals), arg8 = error */
    VOS_TEV_MSG_REPLY,         /* a = client, b = server, arg8 = result */
    VOS_TEV__COUNT
};

/* --- Public API ---------------------------------------------------------- */

#if VOS_CFG_TRACE

/* Start (or resume) recording. Any context. */
void vos_trace_start(void);

/* Stop recording; events after this are neither stored nor counted as
 * lost. The buffer stays as it is for a dump. Any context. */
void vos_trace_stop(void);

/* Forget every record and the lost count; task names and ids are kept, and
 * recording stays on or off as it was. Any context. */
void vos_trace_clear(void);

/* A user event: id and value are the application's (phase numbers, loop
 * counts, sensor readings). Any context. */
void vos_trace_marker(uint32_t id, uint32_t value);

/* Record the name of a task that was created before tracing could see it
 * (or rename one): the name table entry of t is set (added if t has none
 * and the table has room) and a TASK_NAME record refers to it. name is
 * copied, up to VOS_CFG_TRACE_NAME_LEN bytes. Thread context (its cost grows
 * with VOS_CFG_TRACE_TASKS; it is not an event path). */
void vos_trace_task_name(const struct vos_task *t, const char *name);

/* The dump region: header, name table and records, one contiguous block
 * whose layout docs/tracing.md defines. For a consistent image stop
 * recording first. Any context. Returns VOS_OK; VOS_ERR_ARG if p or len is
 * NULL. */
int vos_trace_buffer(const void **p, size_t *len);

/* Write the dump region as text lines through put (one call per line, no
 * line terminator; put adds its own):
 *   "@VOS trace begin <size, 8 hex digits>"
 *   "@VOS trace <hex>"            64 bytes (128 hex digits) per line
 *   "@VOS trace end <size, 8 hex> <CRC-32 of the bytes, 8 hex>"
 * Thread context, recording stopped. Returns VOS_OK, VOS_ERR_ARG (put
 * NULL) or VOS_ERR_STATE (recording is on: the image would be torn). */
int vos_trace_emit(void (*put)(const char *line));

#else /* !VOS_CFG_TRACE: the API stays callable and compiles to nothing */

static inline void vos_trace_start(void) {}
static inline void vos_trace_stop(void) {}
static inline void vos_trace_clear(void) {}
static inline void vos_trace_marker(uint32_t id, uint32_t value) { (void)id; (void)value; }
static inline void vos_trace_task_name(const struct vos_task *t, const char *name)
{ (void)t; (void)name; }
/* Tracing is compiled out: there is no buffer (VOS_ERR_STATE). */
static inline int vos_trace_buffer(const void **p, size_t *len)
{ if (p) *p = NULL; if (len) *len = 0; return VOS_ERR_STATE; }
static inline int vos_trace_emit(void (*put)(const char *line))
{ (void)put; return VOS_ERR_STATE; }

#endif /* VOS_CFG_TRACE */

/* --- Interrupt hooks ------------------------------------------------------
 *
 * The two hooks a board's or an application's interrupt handler may call
 * (first and last statement of the handler), so that its interrupts show
 * on the timeline. Every other hook is the kernel's own (kernel/
 * trace_hooks.h). With VOS_CFG_TRACE == 0 they are ((void)0). */

#if VOS_CFG_TRACE
/* The recorder (kernel/trace.c). info packs type | arg8 << 8 | arg16 << 16.
 * Any kernel-level context, lock held or not. */
void vos__trace_put(uint32_t info, uint32_t a, uint32_t b);
/* The same with a continuation record carrying c (two slots, atomically). */
void vos__trace_put2(uint32_t info, uint32_t a, uint32_t b, uint32_t c);
/* Registers t in the name table and records TASK_CREATE. */
void vos__trace_task_create(const struct vos_task *t, const char *name, unsigned prio);

#define VOS_TRACE_ISR_ENTER(irq)                                              \
    vos__trace_put(VOS_TEV_ISR_ENTER, (uint32_t)(irq), 0)
#define VOS_TRACE_ISR_EXIT(irq)                                               \
    vos__trace_put(VOS_TEV_ISR_EXIT, (uint32_t)(irq), 0)
#else
#define VOS_TRACE_ISR_ENTER(irq)                      ((void)0)
#define VOS_TRACE_ISR_EXIT(irq)                       ((void)0)
#endif

#endif /* VAIOS_TRACE_H */
