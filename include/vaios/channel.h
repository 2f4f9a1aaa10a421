/* SPDX-License-Identifier: MIT */
/*
 * Synchronous message passing: send, receive, reply.
 *
 * A channel is a meeting point in caller memory. A client calls
 * vos_msg_send() and stays blocked until a server has received its
 * request with vos_msg_receive() and answered it with vos_msg_reply().
 * The kernel copies the request straight from the client's buffer into
 * the server's, and the reply straight from the server's buffer into the
 * client's: there is no intermediate buffer and no size limit but the
 * buffers'.
 *
 * Order. Waiting clients are received highest effective priority first,
 * FIFO among equals. Several tasks may receive on one channel (a pool of
 * servers); one server may hold any number of received clients at once
 * and reply to them in any order, from any task or interrupt that has the
 * handle.
 *
 * Priority. The kernel keeps one invariant for mutexes and messages
 * alike (see vaios/mutex.h): a task's effective priority is the maximum
 * of its base priority, the ceilings of the ceiling mutexes it holds, the
 * effective priorities of the tasks waiting for the mutexes it holds, and
 * the effective priorities of the clients it has received and not yet
 * replied to. It is recomputed, never adjusted, on every event that
 * changes the right-hand side (receive, reply, a client's timeout,
 * abort or termination, a priority change), and passed on along the
 * chain: a server that itself sends to another server, or waits for a
 * mutex, lends that server or the mutex's owner what it was lent (at most
 * VOS_CFG_PI_DEPTH steps). Replies in any order leave the server at
 * exactly what its remaining clients require.
 *
 * Queued clients. A client waiting on a channel that no server has
 * received yet lends nothing by default. With VOS_CFG_MSG_LEND_QUEUED = 1
 * it lends to the channel's server, the task that last called
 * vos_msg_receive on it, while that server is ready (running or
 * preempted): blocked on nothing else. A server waiting in its receive on
 * the channel needs no lend (the client meets it at once); a server
 * blocked on anything else (a mutex, a reply, a sleep, another channel,
 * its suspension) is not raised and the chain stops there. Why 0 is the
 * default: a channel has no owner (any task may receive on it, several
 * may share it), so the last receiver is a guess that is wrong for a
 * pool; and a ready server runs whatever precedes its next receive
 * (unrelated work) at the client's priority, ahead of medium tasks that a
 * schedulability analysis assumed it could not delay. A server that must
 * not delay urgent clients receives at the priority they need, or is
 * made of a pool of receivers. (docs/api.md says more.)
 *
 * Signals: waiting for a channel or a notification together. A server
 * waits in vos_msg_receive() alone; what would be a notification is
 * raised on the channel instead, with vos_msg_signal() or, from an
 * interrupt, vos_msg_signal_isr(): up to 32 flags, ORed into the
 * channel. A receive returns pending flags before any client (they come
 * from interrupts and cost no copy) as a "signal" receipt: client.task is
 * NULL and client.signals holds the flags, which are cleared.
 *
 * Endings. A server that exits or is terminated (or faults) with clients
 * it has not replied to releases them: their sends return
 * VOS_ERR_DELETED. A client that times out, is aborted
 * (vos_task_abort_wait) or is terminated while it is served leaves the
 * server's priority at what the others require, and the server's later
 * reply to it returns VOS_ERR_STATE and touches nothing (the handle
 * carries a sequence number, so it never reaches a later send of the
 * same task). Deleting a channel fails the queued sends and receives
 * with VOS_ERR_DELETED; received clients are held by their server, not
 * by the channel, and can still be replied to.
 *
 * Copies. The receiver copies a request (a client that finds a server
 * waiting copies a request of one piece itself) and the replier a reply,
 * in pieces of at most VOS_CFG_MSG_CHUNK bytes, each with the kernel lock
 * held and the lock released between them: the longest masked section
 * does not grow with the message. Before every piece the kernel checks
 * that the client still waits in that send; if it left (timeout, abort,
 * termination, its server's end) the copy stops: a receive goes on with
 * the next client (or waits on, with its first deadline), a reply
 * returns VOS_ERR_STATE, and a client whose server ended during the
 * reply returns VOS_ERR_DELETED with its reply buffer partly written.
 *
 * Protection domains: there is no MPU support yet, so every task can
 * read every buffer and the kernel copies without checking regions.
 * When the MPU arrives, the copy is the one place that must check both
 * buffers against their owners' regions.
 */
#ifndef VAIOS_CHANNEL_H
#define VAIOS_CHANNEL_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/mutex.h"
#include "vaios/task.h"

/* Application reply statuses: a reply status is VOS_OK or at most this,
 * so that a server's own error codes never read as the kernel's. */
#define VOS_MSG_STATUS_APP (-256)

typedef struct vos_chan {
    uint32_t tag;                  /* VOS_TAG_CHAN */
#if VOS_CFG_MSG_LEND_QUEUED
    vos_mutex_t lend;              /* waiters: the clients waiting to be
                                      received; owner: the last receiver */
#else
    struct vos_waitq senders;      /* clients waiting to be received */
#endif
    struct vos_waitq receivers;    /* servers waiting for a client */
    uint32_t signals;              /* flags raised and not yet received */
} vos_chan_t;

/* What a receive gives the server: the handle of the client to reply to
 * (task, seq), the request's true length, the room for the reply, or,
 * for a signal receipt, task NULL and the flags. */
typedef struct vos_msg_client {
    vos_task_t *task;              /* the client; NULL: a signal receipt */
    uint32_t seq;                  /* which send of that client */
    size_t len;                    /* bytes of the request */
    size_t reply_cap;              /* bytes the client's reply buffer holds */
    uint32_t signals;              /* a signal receipt's flags, else 0 */
} vos_msg_client_t;

/* Initialise a channel. Context: thread or before start.
 * Errors: VOS_ERR_INVALID (ch NULL), VOS_ERR_CONTEXT (interrupt). */
int vos_chan_init(vos_chan_t *ch);

/* Delete: queued clients and waiting servers wake with VOS_ERR_DELETED;
 * received clients stay with their servers. Context: thread.
 * Errors: VOS_ERR_INVALID, VOS_ERR_CONTEXT. */
int vos_chan_delete(vos_chan_t *ch);

/* Send req[0..req_len-1] and wait, at most timeout for the whole
 * exchange, for the reply, copied into reply[0..reply_cap-1]. Returns the
 * reply's length (>= 0), or the server's status when it replied with one
 * (<= VOS_MSG_STATUS_APP), or an error. req and reply may be NULL when
 * their length or capacity is 0; they may be the same buffer.
 * Context: thread. Errors: VOS_ERR_INVALID (ch), VOS_ERR_ARG (NULL buffer
 * with a non-zero size), VOS_ERR_CONTEXT (interrupt, before start,
 * scheduler locked), VOS_ERR_WOULD_BLOCK (VOS_NO_WAIT and no server
 * waiting; a server found waiting is still waited for),
 * VOS_ERR_TOO_BIG (the server's receive buffer was smaller than req_len),
 * VOS_ERR_TIMEOUT, VOS_ERR_ABORTED, VOS_ERR_DELETED (channel deleted while
 * queued, or the server ended before replying). */
int vos_msg_send(vos_chan_t *ch, const void *req, size_t req_len, void *reply,
                 size_t reply_cap, vos_dur_t timeout);

/* Receive the highest-priority queued client (FIFO among equals), or
 * pending signals first, waiting at most timeout. The request is copied
 * into buf[0..cap-1], *client is filled and the return value is the
 * request's length; from then on the caller holds the client (and runs
 * at least at its priority) until it replies. A signal receipt returns 0
 * with client->task NULL.
 * Context: thread. Errors: VOS_ERR_INVALID (ch), VOS_ERR_ARG (client
 * NULL, buf NULL with cap > 0), VOS_ERR_CONTEXT, VOS_ERR_WOULD_BLOCK
 * (VOS_NO_WAIT, nothing queued), VOS_ERR_TIMEOUT, VOS_ERR_ABORTED,
 * VOS_ERR_DELETED, VOS_ERR_TOO_BIG (the request is longer than cap:
 * nothing is copied, *client is filled with its true length, and the
 * client's send returns VOS_ERR_TOO_BIG; nothing is held). */
int vos_msg_receive(vos_chan_t *ch, void *buf, size_t cap, vos_msg_client_t *client,
                    vos_dur_t timeout);

/* Reply to a held client: data[0..len-1] is copied into its reply buffer
 * and its send returns len (status VOS_OK) or status (a status at most
 * VOS_MSG_STATUS_APP: nothing is copied). The server's priority falls to
 * what its other clients (and mutexes) still require.
 * Context: thread, by the server holding the client (vos_msg_reply), or
 * an interrupt handler, for any held client whose handle it has
 * (vos_msg_reply_isr: a server that passed the request on to a device
 * replies when the device is done). Never blocks.
 * Errors: VOS_ERR_ARG (client NULL, data NULL with len > 0, a status that
 * is neither VOS_OK nor at most VOS_MSG_STATUS_APP), VOS_ERR_INVALID
 * (client->task not a task), VOS_ERR_CONTEXT, VOS_ERR_NOT_OWNER (held by
 * another server), VOS_ERR_STATE (the client no longer waits for this
 * reply: already replied, timed out, aborted, terminated),
 * VOS_ERR_TOO_BIG (len exceeds client->reply_cap: nothing is copied and
 * the client stays held, to be replied to again). */
int vos_msg_reply(const vos_msg_client_t *client, const void *data, size_t len, int status);
int vos_msg_reply_isr(const vos_msg_client_t *client, const void *data, size_t len,
                      int status);

/* Raise flags (bits != 0) on ch: a waiting server wakes with a signal
 * receipt, else they wait in the channel for the next receive.
 * Context: thread (vos_msg_signal) or interrupt (vos_msg_signal_isr).
 * Errors: VOS_ERR_INVALID, VOS_ERR_ARG (bits 0), VOS_ERR_CONTEXT. */
int vos_msg_signal(vos_chan_t *ch, uint32_t bits);
int vos_msg_signal_isr(vos_chan_t *ch, uint32_t bits);

#endif /* VAIOS_CHANNEL_H */
