/* SPDX-License-Identifier: MIT */
/*
 * The unprivileged calls' internals (VOS_CFG_MPU; kernel/syscall.c): the
 * one table of call numbers, and the argument blocks of the calls that
 * take more than four words. A call is added here (one row), in
 * kernel/syscall.c (its stub and its case) and in vaios/domain.h (its
 * declaration); its number comes from its row and nowhere else.
 */
#ifndef VAIOS_KERNEL_SYSCALL_H
#define VAIOS_KERNEL_SYSCALL_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/vaios.h"

/* vos_msg_reply for a task of a domain (kernel/channel.c; called by
 * kernel/syscall.c's dispatch, a weak reference there): the client is
 * looked for among the caller's holds and client->task is never
 * followed. Thread context. */
int vos__msg_reply_held(const vos_msg_client_t *client, const void *data, size_t len,
                        int status);

#if VOS_CFG_MPU

/* The calls, in the order of their numbers (r12 of the SVC), from 1. A
 * row's position is the call's ABI: new rows go at the end. */
#define VOS__SYSCALLS(X)                                                       \
    X(YIELD) X(SLEEP) X(SEM_GIVE) X(SEM_TAKE)                                  \
    X(MUTEX_LOCK) X(MUTEX_UNLOCK) X(QUEUE_SEND) X(QUEUE_RECV)                  \
    X(SET_PRIORITY) X(EXIT)                                                    \
    X(SLEEP_UNTIL) X(NOW) X(TASK_STATE)                                        \
    X(EVENT_SET) X(EVENT_CLEAR) X(EVENT_GET) X(EVENT_WAIT)                     \
    X(NOTIFY_GIVE) X(NOTIFY_SET) X(NOTIFY_TAKE) X(NOTIFY_WAIT)                 \
    X(MSG_SEND) X(MSG_RECEIVE) X(MSG_REPLY) X(MSG_SIGNAL)

#define VOS__SYS_ROW(name) VOS__SYS_##name,
enum vos__sys {
    VOS__SYS_NONE = 0,          /* no call: refused with VOS_ERR_ARG */
    VOS__SYSCALLS(VOS__SYS_ROW)
    VOS__SYS_COUNT              /* one past the last */
};

/* The ABI is fixed: the first and last numbers of the table as shipped. */
_Static_assert(VOS__SYS_YIELD == 1 && VOS__SYS_MSG_SIGNAL == 25, "call numbers are ABI");

/* The arguments of vos_u_msg_send and vos_u_msg_receive, in a block on the
 * caller's stack (r0 points at it; the timeout in r2, r3). */
struct vos__sys_msg_args {
    void *ch;
    const void *in;             /* send: the request */
    size_t in_len;
    void *out;                  /* send: the reply buffer; receive: the request buffer */
    size_t out_cap;
    vos_msg_client_t *client;   /* receive */
};

/* The arguments of vos_u_event_wait and vos_u_notify_wait beyond what the
 * registers carry, in a block on the caller's stack (r0 points at it). */
struct vos__sys_wait_args {
    void *obj;                  /* the event (event_wait) */
    uint32_t bits;
    uint32_t mask;              /* options (event_wait), clear_mask (notify_wait) */
    uint32_t *got;
};

/* The trap out of line, for the stubs in kernel/syscall_notify.c (their
 * own file: see there). Unprivileged. */
int32_t vos__syscall_trap(uint32_t num, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3);

#endif /* VOS_CFG_MPU */
#endif /* VAIOS_KERNEL_SYSCALL_H */
