/* SPDX-License-Identifier: MIT */
/*
 * Message queues of fixed-size items, copied by value into a ring buffer
 * the application provides.
 *
 * A send that finds a receiver waiting (the queue is then empty) copies the
 * item straight into that receiver's buffer and wakes it; the receiver runs
 * at once if it outranks the sender. A receive that frees a slot while a
 * sender waits (the queue is then full) moves that sender's item into the
 * queue and wakes it. Either way the woken task finds its operation done:
 * it never retries. Senders and receivers wait in priority order, FIFO
 * among equals.
 *
 * Cost: send and receive without a waiter on the other side are a short
 * critical section (a word or two copied for 4- and 8-byte items, memcpy
 * otherwise) and never enter the scheduler. Waking a waiter is O(1);
 * queueing a waiter walks the waiters of higher or equal priority.
 *
 * Usage:
 *     static struct sample buf[16];
 *     static vos_queue_t q;
 *     vos_queue_init(&q, buf, sizeof buf[0], 16);
 */
#ifndef VAIOS_QUEUE_H
#define VAIOS_QUEUE_H

#include "vaios/task.h"

typedef struct vos_queue {
    uint32_t tag;               /* VOS_TAG_QUEUE */
    uint32_t send_max;          /* fast sends while count < send_max */
    uint32_t count;             /* items stored, 0..capacity */
    uint32_t recv_min;          /* fast receives while count > recv_min */
    uint8_t *wr;                /* slot of the next item sent to the back */
    uint32_t item_size;         /* bytes per item, >= 1 */
    uint8_t *rd;                /* oldest item (next to receive) */
    uint8_t *end;               /* one past the last slot */
    uint8_t *buf;               /* first slot */
    uint32_t capacity;          /* items the buffer holds, >= 1 */
    struct vos_waitq waiters;   /* receivers (count == 0) or senders (count == capacity) */
} vos_queue_t;

/* Initialise q over buffer, which holds capacity items of item_size bytes
 * (any alignment; 4- and 8-byte items at their natural alignment are the
 * fastest). The buffer belongs to the queue until it is deleted.
 * Context: task or before vos_start(), not interrupt.
 * Errors: VOS_ERR_INVALID (q NULL), VOS_ERR_ARG (buffer NULL, item_size or
 * capacity 0, item_size * capacity beyond the address space),
 * VOS_ERR_CONTEXT (interrupt). */
int vos_queue_init(vos_queue_t *q, void *buffer, size_t item_size, size_t capacity);

/* Copy item_size bytes from item to the back (vos_queue_send) or the front
 * (vos_queue_send_front: it is the next one received) of the queue, waiting
 * at most timeout for room (VOS_NO_WAIT: never wait; VOS_FOREVER).
 * Context: task; before vos_start() only without waiting.
 * Errors: VOS_ERR_INVALID (q not a live queue), VOS_ERR_ARG (item NULL),
 * VOS_ERR_CONTEXT (interrupt; or a wait needed before vos_start()),
 * VOS_ERR_WOULD_BLOCK (full and VOS_NO_WAIT), VOS_ERR_TIMEOUT,
 * VOS_ERR_DELETED (deleted while waiting: the item was not sent). */
int vos_queue_send(vos_queue_t *q, const void *item, vos_dur_t timeout);
int vos_queue_send_front(vos_queue_t *q, const void *item, vos_dur_t timeout);

/* Receive the oldest item (or the one last sent to the front) into
 * item_out (item_size bytes), waiting at most timeout for one.
 * Context: task; before vos_start() only without waiting.
 * Errors: VOS_ERR_INVALID, VOS_ERR_ARG (item_out NULL), VOS_ERR_CONTEXT,
 * VOS_ERR_WOULD_BLOCK (empty and VOS_NO_WAIT), VOS_ERR_TIMEOUT,
 * VOS_ERR_DELETED. item_out is written only on success. */
int vos_queue_recv(vos_queue_t *q, void *item_out, vos_dur_t timeout);

/* Interrupt forms: never wait. A task they wake runs when the handler
 * returns, if it outranks the interrupted task.
 * Context: interrupt handler at kernel level (not a "zero-latency" one).
 * Errors: VOS_ERR_INVALID, VOS_ERR_ARG, VOS_ERR_CONTEXT (called from a
 * task), VOS_ERR_WOULD_BLOCK (full / empty). */
int vos_queue_send_isr(vos_queue_t *q, const void *item);
int vos_queue_send_front_isr(vos_queue_t *q, const void *item);
int vos_queue_recv_isr(vos_queue_t *q, void *item_out);

/* Items stored (>= 0) or VOS_ERR_INVALID. Any context. */
int vos_queue_count(const vos_queue_t *q);

/* Delete q: every waiting sender and receiver wakes with VOS_ERR_DELETED,
 * items still stored are dropped, and later calls on q fail with
 * VOS_ERR_INVALID until it is initialised again. The buffer is free for
 * other use when this returns.
 * Context: task or before vos_start(). Errors: VOS_ERR_INVALID,
 * VOS_ERR_CONTEXT. */
int vos_queue_delete(vos_queue_t *q);

#endif /* VAIOS_QUEUE_H */
