/* SPDX-License-Identifier: MIT */
/*
 * The kernel's trace hooks: VOS_TRACE_*(...) at every state change of
 * kernel/ (and the host port's switch), the vocabulary of include/vaios/
 * trace.h. Private to the kernel and its ports: an application records
 * its own events with vos_trace_marker() and its interrupts with
 * VOS_TRACE_ISR_ENTER/EXIT (trace.h).
 *
 * With VOS_CFG_TRACE == 0 every hook is ((void)0): its arguments are not
 * evaluated and no code, data or symbol is produced. With VOS_CFG_TRACE
 * == 1 a hook packs its arguments into one fixed-size record and calls
 * vos__trace_put(); the recorder never looks into a task or an object.
 * Hooks may be called from thread mode and from kernel-level interrupt
 * handlers, lock held or not; never from a zero-latency interrupt.
 */
#ifndef VAIOS_KERNEL_TRACE_HOOKS_H
#define VAIOS_KERNEL_TRACE_HOOKS_H

#include <stdint.h>
#include "vaios/trace.h"

#if VOS_CFG_TRACE

#define VOS__TRACE_INFO(type, arg8, arg16)                                   \
    ((uint32_t)(type) | ((uint32_t)(uint8_t)(arg8) << 8) |                    \
     ((uint32_t)(uint16_t)(arg16) << 16))
#define VOS__TRACE_ID(p)  ((uint32_t)(uintptr_t)(p))
#define VOS__TRACE_RES(r) ((uint8_t)(int8_t)(r))

#define VOS_TRACE_TASK_CREATE(t, name, prio)                                  \
    vos__trace_task_create((t), (name), (prio))
#define VOS_TRACE_TASK_SWITCH(from, to, reason)                               \
    vos__trace_put(VOS__TRACE_INFO(VOS_TEV_TASK_SWITCH, (reason), 0),        \
                   VOS__TRACE_ID(from), VOS__TRACE_ID(to))
#define VOS_TRACE_TASK_READY(t)                                               \
    vos__trace_put(VOS_TEV_TASK_READY, VOS__TRACE_ID(t), 0)
#define VOS_TRACE_TASK_BLOCK(t, obj, on)                                      \
    vos__trace_put(VOS__TRACE_INFO(VOS_TEV_TASK_BLOCK, (on), 0),             \
                   VOS__TRACE_ID(t), VOS__TRACE_ID(obj))
#define VOS_TRACE_TASK_PRIORITY(t, old_prio, new_prio, cause)                 \
    vos__trace_put(VOS__TRACE_INFO(VOS_TEV_TASK_PRIORITY, (cause),           \
                   (uint32_t)(uint8_t)(old_prio) |                            \
                   ((uint32_t)(uint8_t)(new_prio) << 8)),                     \
                   VOS__TRACE_ID(t), 0)
/* An API call's record: the call's result in arg8, the object in a, b as
 * the event defines it (trace.h). */
#define VOS__TRACE_CALL(type, obj, result, b)                                 \
    vos__trace_put(VOS__TRACE_INFO((type), VOS__TRACE_RES(result), 0),        \
                   VOS__TRACE_ID(obj), (b))
#define VOS_TRACE_SEM_GIVE(s, result)                                         \
    VOS__TRACE_CALL(VOS_TEV_SEM_GIVE, s, result, 0)
#define VOS_TRACE_SEM_TAKE(s, result)                                         \
    VOS__TRACE_CALL(VOS_TEV_SEM_TAKE, s, result, 0)
#define VOS_TRACE_MUTEX_LOCK(m, result, owner)                                \
    VOS__TRACE_CALL(VOS_TEV_MUTEX_LOCK, m, result, VOS__TRACE_ID(owner))
#define VOS_TRACE_MUTEX_UNLOCK(m, result, owner)                              \
    VOS__TRACE_CALL(VOS_TEV_MUTEX_UNLOCK, m, result, VOS__TRACE_ID(owner))
#define VOS_TRACE_QUEUE_SEND(q, result)                                       \
    VOS__TRACE_CALL(VOS_TEV_QUEUE_SEND, q, result, 0)
#define VOS_TRACE_QUEUE_RECV(q, result)                                       \
    VOS__TRACE_CALL(VOS_TEV_QUEUE_RECV, q, result, 0)
#define VOS_TRACE_EVENT_SET(e, bits, result)                                  \
    VOS__TRACE_CALL(VOS_TEV_EVENT_SET, e, result, (uint32_t)(bits))
#define VOS_TRACE_EVENT_WAIT(e, bits, result)                                 \
    VOS__TRACE_CALL(VOS_TEV_EVENT_WAIT, e, result, (uint32_t)(bits))
#define VOS_TRACE_HEAP_ALLOC(h, ptr, size, result)                            \
    vos__trace_put2(VOS__TRACE_INFO(VOS_TEV_HEAP_ALLOC, VOS__TRACE_RES(result), 0), \
                    VOS__TRACE_ID(h), VOS__TRACE_ID(ptr), (uint32_t)(size))
#define VOS_TRACE_HEAP_FREE(h, ptr, size, result)                             \
    vos__trace_put2(VOS__TRACE_INFO(VOS_TEV_HEAP_FREE, VOS__TRACE_RES(result), 0), \
                    VOS__TRACE_ID(h), VOS__TRACE_ID(ptr), (uint32_t)(size))
#define VOS_TRACE_POOL_ALLOC(p, block, result)                                \
    VOS__TRACE_CALL(VOS_TEV_POOL_ALLOC, p, result, VOS__TRACE_ID(block))
#define VOS_TRACE_POOL_FREE(p, block, result)                                 \
    VOS__TRACE_CALL(VOS_TEV_POOL_FREE, p, result, VOS__TRACE_ID(block))
#define VOS_TRACE_DEADLINE_MISS(t, late)                                      \
    vos__trace_put(VOS_TEV_DEADLINE_MISS, VOS__TRACE_ID(t),                   \
                   (uint64_t)(late) > UINT32_MAX ? UINT32_MAX : (uint32_t)(late))
#define VOS_TRACE_MARKER(id, value)                                           \
    vos__trace_put(VOS_TEV_MARKER, (uint32_t)(id), (uint32_t)(value))
#define VOS_TRACE_TASK_TERMINATE(t)                                           \
    vos__trace_put(VOS_TEV_TASK_TERMINATE, VOS__TRACE_ID(t), 0)
#define VOS_TRACE_TIMER_EXPIRE(tm, overruns)                                  \
    vos__trace_put(VOS_TEV_TIMER_EXPIRE, VOS__TRACE_ID(tm), (uint32_t)(overruns))
/* A send's or receive's result is a length or an error: arg8 carries the
 * error (0 for a length), b the length (send) or the client (receive). */
#define VOS__TRACE_ERR(r) VOS__TRACE_RES((r) < 0 ? (r) : 0)
#define VOS_TRACE_MSG_SEND(ch, result)                                        \
    vos__trace_put(VOS__TRACE_INFO(VOS_TEV_MSG_SEND, VOS__TRACE_ERR(result), 0), \
                   VOS__TRACE_ID(ch), (uint32_t)((result) < 0 ? 0 : (result)))
#define VOS_TRACE_MSG_RECV(ch, result, client)                                \
    vos__trace_put(VOS__TRACE_INFO(VOS_TEV_MSG_RECV, VOS__TRACE_ERR(result), 0), \
                   VOS__TRACE_ID(ch), VOS__TRACE_ID(client))
#define VOS_TRACE_MSG_REPLY(client, result, server)                           \
    VOS__TRACE_CALL(VOS_TEV_MSG_REPLY, client, result, VOS__TRACE_ID(server))

#else /* !VOS_CFG_TRACE: arguments are not evaluated */

#define VOS_TRACE_TASK_CREATE(t, name, prio)          ((void)0)
#define VOS_TRACE_TASK_SWITCH(from, to, reason)       ((void)0)
#define VOS_TRACE_TASK_READY(t)                       ((void)0)
#define VOS_TRACE_TASK_BLOCK(t, obj, on)              ((void)0)
#define VOS_TRACE_TASK_PRIORITY(t, old_prio, new_prio, cause) ((void)0)
#define VOS_TRACE_SEM_GIVE(s, result)                 ((void)0)
#define VOS_TRACE_SEM_TAKE(s, result)                 ((void)0)
#define VOS_TRACE_MUTEX_LOCK(m, result, owner)        ((void)0)
#define VOS_TRACE_MUTEX_UNLOCK(m, result, owner)      ((void)0)
#define VOS_TRACE_QUEUE_SEND(q, result)               ((void)0)
#define VOS_TRACE_QUEUE_RECV(q, result)               ((void)0)
#define VOS_TRACE_EVENT_SET(e, bits, result)          ((void)0)
#define VOS_TRACE_EVENT_WAIT(e, bits, result)         ((void)0)
#define VOS_TRACE_HEAP_ALLOC(h, ptr, size, result)    ((void)0)
#define VOS_TRACE_HEAP_FREE(h, ptr, size, result)     ((void)0)
#define VOS_TRACE_POOL_ALLOC(p, block, result)        ((void)0)
#define VOS_TRACE_POOL_FREE(p, block, result)         ((void)0)
#define VOS_TRACE_DEADLINE_MISS(t, late)              ((void)0)
#define VOS_TRACE_MARKER(id, value)                   ((void)0)
#define VOS_TRACE_TASK_TERMINATE(t)                   ((void)0)
#define VOS_TRACE_TIMER_EXPIRE(tm, overruns)          ((void)0)
#define VOS_TRACE_MSG_SEND(ch, result)                ((void)0)
#define VOS_TRACE_MSG_RECV(ch, result, client)        ((void)0)
#define VOS_TRACE_MSG_REPLY(client, result, server)   ((void)0)

#endif /* VOS_CFG_TRACE */


/* The reason for the next switch away from the running task, noted by the
 * code that causes it and read by the switch's trace (vos__trace_switch,
 * kernel/sched.c). */
#if VOS_CFG_TRACE
extern uint8_t vos__sw_reason;
#define VOS__SW_REASON(r) (vos__sw_reason = (uint8_t)(r))
#else
#define VOS__SW_REASON(r) ((void)0)
#endif

#endif /* VAIOS_KERNEL_TRACE_HOOKS_H */
