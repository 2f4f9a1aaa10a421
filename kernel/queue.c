/* SPDX-License-Identifier: MIT */
/*
 * Message queues.
 *
 * The ring: items live in [buf, end) at multiples of item_size; rd is the
 * oldest, wr the slot after the newest. Both move by adding item_size and
 * wrap by comparing with end (no division anywhere). A send to the front
 * steps rd back one slot.
 *
 * Invariants (kernel lock held):
 *  - Receivers wait only while count == 0 and senders only while
 *    count == capacity, so one wait queue serves both; the side that waits
 *    is read off count (0: receivers, otherwise senders).
 *  - The fast-path limits: send_max <= capacity and recv_min >= 0 always;
 *    send_max == 0 while receivers wait and recv_min == capacity while
 *    senders wait. So "count < send_max" proves there is room and no
 *    receiver to hand the item to, and "count > recv_min" that there is an
 *    item and no sender to refill the slot: each fast path is one compare.
 *    The limits are closed when a task starts to wait and opened again by
 *    the next slow-path call that finds nobody waiting (a waiter that left
 *    by timeout or deletion leaves them closed until then; that costs one
 *    slow call, never a wrong result).
 *  - A send that finds receivers waiting copies into the first one's
 *    buffer (its wait_data) and wakes it; the item never enters the ring.
 *  - A receive that finds senders waiting (the queue was full) moves the
 *    first sender's item (its wait_data; wait_arg != 0: to the front) into
 *    the slot just freed and wakes it, so count stays at capacity.
 *  - The waker completes the operation: a woken task returns its
 *    wait_result and never touches the queue again.
 *
 * Costs: a fast send or receive of a 4-, 8- or 16-byte item is one short
 * critical section with no call, no list walk and no scheduler entry. The
 * slow paths add an O(1) wake, or the O(waiters) priority insertion of a
 * task that starts to wait.
 */
#include <string.h>
#include "kernel.h"

static VOS__ALWAYS_INLINE bool queue_valid(const vos_queue_t *q)
{
    return q != NULL && q->tag == VOS_TAG_QUEUE;
}

/* Copy one item: word moves for the 4- and 8-byte cases (the Cortex-M4
 * handles unaligned words), memcpy otherwise (word moves again for a
 * constant size: the 16-byte paths' four). */
static VOS__ALWAYS_INLINE void item_copy(void *dst, const void *src, uint32_t size)
{
    if (VOS__LIKELY(size == 4))
        __builtin_memcpy(dst, src, 4);
    else if (size == 8)
        __builtin_memcpy(dst, src, 8);
    else
        memcpy(dst, src, size);
}

/* The ring's steps, for every path (slow, 16-byte, fast) with its own
 * size: a constant where the path knows it. */

/* The slot after p, wrapping at end. */
static VOS__ALWAYS_INLINE uint8_t *ring_next(const vos_queue_t *q, uint8_t *p, uint32_t size)
{
    p += size;
    if (p == q->end)
        p = q->buf;
    return p;
}

/* The slot a send stores into: wr, or for the front the slot before rd. */
static VOS__ALWAYS_INLINE uint8_t *send_slot(const vos_queue_t *q, uint32_t size, bool front)
{
    uint8_t *p;
    if (front) {
        p = q->rd;
        if (p == q->buf)
            p = q->end;
        p -= size;
    } else {
        p = q->wr;
    }
    return p;
}

/* The item just stored at p (send_slot) joins the ring; count is the
 * caller's. */
static VOS__ALWAYS_INLINE void send_commit(vos_queue_t *q, uint8_t *p, uint32_t size, bool front)
{
    if (front)
        q->rd = p;
    else
        q->wr = ring_next(q, p, size);
}

/* Store item in the ring (count < capacity). Lock held. */
static VOS__ALWAYS_INLINE void ring_put_sized(vos_queue_t *q, const void *item, uint32_t size,
                                              bool front)
{
    uint8_t *p = send_slot(q, size, front);
    item_copy(p, item, size);
    send_commit(q, p, size, front);
    q->count++;
}

static void ring_put(vos_queue_t *q, const void *item, bool front)
{
    ring_put_sized(q, item, q->item_size, front);
}

/* Take the oldest item out of the ring (count > 0). Lock held. */
static VOS__ALWAYS_INLINE void ring_get_sized(vos_queue_t *q, void *out, uint32_t size)
{
    uint8_t *p = q->rd;
    item_copy(out, p, size);
    q->rd = ring_next(q, p, size);
    q->count--;
}

static void ring_get(vos_queue_t *q, void *out)
{
    ring_get_sized(q, out, q->item_size);
}

/* End of a slow-path call that did not wait: reopen the fast paths if
 * nobody waits any more. Lock held. */
static VOS__ALWAYS_INLINE void limits_update(vos_queue_t *q)
{
    if (q->waiters.head == NULL) {
        q->send_max = q->capacity;
        q->recv_min = 0;
    }
}

/* Give item to the receiver w, the first waiter, and wake it; it runs at
 * once (when the lock is released) if it outranks the caller. Lock held. */
static VOS__ALWAYS_INLINE void hand_to_receiver(vos_queue_t *q, vos_task_t *w, const void *item)
{
    item_copy(w->wait_data, item, q->item_size);
    vos__wake(w, VOS_OK);
    limits_update(q);
    if (w->prio > vos__cur->prio)
        arch_switch();
}

/* A send that found a receiver waiting, lock held as key. */
static __attribute__((noinline)) int send_handover(vos_queue_t *q, const void *item,
                                                   uint32_t key)
{
    hand_to_receiver(q, q->waiters.head, item);
    vos__unlock(key);
    VOS_TRACE_QUEUE_SEND(q, VOS_OK);
    return VOS_OK;
}

/* --- Slow paths: every case, lock taken here ------------------------------- */

static int send_any(vos_queue_t *q, const void *item, vos_dur_t timeout, bool front)
{
    uint32_t key = vos__lock();
    vos_task_t *w = q->waiters.head;
    int err;

    if (w != NULL && q->count == 0) {
        hand_to_receiver(q, w, item);
        err = VOS_OK;
    } else if (q->count < q->capacity) {
        ring_put(q, item, front);
        err = VOS_OK;
    } else if (vos_dur_cycles(timeout) == 0) {
        err = VOS_ERR_WOULD_BLOCK;
    } else if (arch_in_isr() || !vos__started) {
        err = VOS_ERR_CONTEXT;
    } else {
        /* Full: wait. A receiver moves the item in and wakes us. */
        vos_task_t *cur = vos__cur;
        cur->wait_data = (void *)(uintptr_t)item;
        cur->wait_arg = front;
        q->recv_min = q->capacity;      /* receivers must come here to refill */
        err = vos__block(&q->waiters, vos__deadline(timeout), key,
                         VOS_TRACE_WAIT_QUEUE_SEND, q);
        VOS_TRACE_QUEUE_SEND(q, err);
        return err;
    }
    limits_update(q);
    vos__unlock(key);
    VOS_TRACE_QUEUE_SEND(q, err);
    return err;
}

/* Two instances, so that the fast paths reach them with a tail call. */
static __attribute__((noinline)) int send_back_any(vos_queue_t *q, const void *item,
                                                   vos_dur_t timeout)
{
    return send_any(q, item, timeout, false);
}

static __attribute__((noinline)) int send_front_any(vos_queue_t *q, const void *item,
                                                    vos_dur_t timeout)
{
    return send_any(q, item, timeout, true);
}

static __attribute__((noinline)) int recv_any(vos_queue_t *q, void *out, vos_dur_t timeout)
{
    uint32_t key = vos__lock();
    int err;

    if (q->count > 0) {
        ring_get(q, out);
        vos_task_t *w = q->waiters.head;
        if (w != NULL) {
            /* Senders wait on a full queue: the first one's item takes
             * the slot just freed. */
            ring_put(q, w->wait_data, w->wait_arg != 0);
            vos__wake(w, VOS_OK);
            if (w->prio > vos__cur->prio)
                arch_switch();
        }
        err = VOS_OK;
    } else if (vos_dur_cycles(timeout) == 0) {
        err = VOS_ERR_WOULD_BLOCK;
    } else if (arch_in_isr() || !vos__started) {
        err = VOS_ERR_CONTEXT;
    } else {
        /* Empty: wait. A sender copies straight into out and wakes us. */
        vos__cur->wait_data = out;
        q->send_max = 0;                /* senders must come here to hand over */
        err = vos__block(&q->waiters, vos__deadline(timeout), key,
                         VOS_TRACE_WAIT_QUEUE_RECV, q);
        VOS_TRACE_QUEUE_RECV(q, err);
        return err;
    }
    limits_update(q);
    vos__unlock(key);
    VOS_TRACE_QUEUE_RECV(q, err);
    return err;
}

/* --- Fast paths ---------------------------------------------------------------
 * Shared by the task and interrupt forms. Anything but a 4-, 8- or 16-byte
 * item with the limits open leaves the lock and takes the slow path (which
 * looks at the queue afresh). */

/* The fast paths of a 16-byte item (Thread-Metric's message size), out of
 * line so that the 4- and 8-byte paths keep their registers. Called by a
 * fast path that found the limits open, lock held as key, released here. */
static VOS__ALWAYS_INLINE int send_fast16(vos_queue_t *q, const void *item, uint32_t key,
                                          bool front)
{
    ring_put_sized(q, item, 16, front);
    vos__unlock(key);
    VOS_TRACE_QUEUE_SEND(q, VOS_OK);
    return VOS_OK;
}

static __attribute__((noinline)) int send_back16(vos_queue_t *q, const void *item,
                                                 uint32_t key)
{
    return send_fast16(q, item, key, false);
}

static __attribute__((noinline)) int send_front16(vos_queue_t *q, const void *item,
                                                  uint32_t key)
{
    return send_fast16(q, item, key, true);
}

static __attribute__((noinline)) int recv_fast16(vos_queue_t *q, void *out, uint32_t key)
{
    ring_get_sized(q, out, 16);
    vos__unlock(key);
    VOS_TRACE_QUEUE_RECV(q, VOS_OK);
    return VOS_OK;
}

static VOS__ALWAYS_INLINE int send_fast(vos_queue_t *q, const void *item,
                                        vos_dur_t timeout, bool front)
{
    uint32_t key = vos__lock();
    uint32_t n = q->count;
    if (VOS__LIKELY(n < q->send_max)) {
        uint32_t size = q->item_size;
        uint8_t *p = send_slot(q, size, front);
        if (VOS__LIKELY(size == 4))
            __builtin_memcpy(p, item, 4);
        else if (size == 8)
            __builtin_memcpy(p, item, 8);
        else if (size == 16)
            return front ? send_front16(q, item, key) : send_back16(q, item, key);
        else
            goto slow;
        send_commit(q, p, size, front);
        q->count = n + 1;
        vos__unlock(key);
        VOS_TRACE_QUEUE_SEND(q, VOS_OK);
        return VOS_OK;
    }
    /* A receiver waits: the message-latency path, without leaving the
     * lock (and in its own function, so this one stays a leaf). */
    if (q->waiters.head != NULL && n == 0)
        return send_handover(q, item, key);
slow:
    vos__unlock(key);
    return front ? send_front_any(q, item, timeout) : send_back_any(q, item, timeout);
}

static VOS__ALWAYS_INLINE int recv_fast(vos_queue_t *q, void *out, vos_dur_t timeout)
{
    uint32_t key = vos__lock();
    uint32_t n = q->count;
    if (VOS__LIKELY(n > q->recv_min)) {
        uint32_t size = q->item_size;
        uint8_t *p = q->rd;
        if (VOS__LIKELY(size == 4))
            __builtin_memcpy(out, p, 4);
        else if (size == 8)
            __builtin_memcpy(out, p, 8);
        else if (size == 16)
            return recv_fast16(q, out, key);
        else
            goto slow;
        q->rd = ring_next(q, p, size);
        q->count = n - 1;
        vos__unlock(key);
        VOS_TRACE_QUEUE_RECV(q, VOS_OK);
        return VOS_OK;
    }
slow:
    vos__unlock(key);
    return recv_any(q, out, timeout);
}

/* --- Public calls ---------------------------------------------------------- */

int vos_queue_init(vos_queue_t *q, void *buffer, size_t item_size, size_t capacity)
{
    VOS__CHECK(q != NULL, VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    VOS__CHECK(buffer != NULL && item_size > 0 && capacity > 0, VOS_ERR_ARG);
    VOS__CHECK(item_size <= UINT32_MAX && capacity <= INT32_MAX, VOS_ERR_ARG);
    uint64_t bytes = (uint64_t)item_size * capacity;
    VOS__CHECK(bytes <= UINTPTR_MAX - (uintptr_t)buffer, VOS_ERR_ARG);

    uint8_t *b = buffer;
    *q = (vos_queue_t){
        .tag = VOS_TAG_QUEUE,
        .send_max = (uint32_t)capacity,
        .item_size = (uint32_t)item_size,
        .capacity = (uint32_t)capacity,
        .rd = b, .wr = b, .buf = b, .end = b + bytes,
    };
    return VOS_OK;
}

int vos_queue_send(vos_queue_t *q, const void *item, vos_dur_t timeout)
{
    VOS__CHECK(queue_valid(q), VOS_ERR_INVALID);
    VOS__CHECK(item != NULL, VOS_ERR_ARG);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    return send_fast(q, item, timeout, false);
}

int vos_queue_send_front(vos_queue_t *q, const void *item, vos_dur_t timeout)
{
    VOS__CHECK(queue_valid(q), VOS_ERR_INVALID);
    VOS__CHECK(item != NULL, VOS_ERR_ARG);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    return send_fast(q, item, timeout, true);
}

int vos_queue_send_isr(vos_queue_t *q, const void *item)
{
    VOS__CHECK(queue_valid(q), VOS_ERR_INVALID);
    VOS__CHECK(item != NULL, VOS_ERR_ARG);
    VOS__CHECK_ISR();
    return send_fast(q, item, VOS_NO_WAIT, false);
}

int vos_queue_send_front_isr(vos_queue_t *q, const void *item)
{
    VOS__CHECK(queue_valid(q), VOS_ERR_INVALID);
    VOS__CHECK(item != NULL, VOS_ERR_ARG);
    VOS__CHECK_ISR();
    return send_fast(q, item, VOS_NO_WAIT, true);
}

int vos_queue_recv(vos_queue_t *q, void *item_out, vos_dur_t timeout)
{
    VOS__CHECK(queue_valid(q), VOS_ERR_INVALID);
    VOS__CHECK(item_out != NULL, VOS_ERR_ARG);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    return recv_fast(q, item_out, timeout);
}

int vos_queue_recv_isr(vos_queue_t *q, void *item_out)
{
    VOS__CHECK(queue_valid(q), VOS_ERR_INVALID);
    VOS__CHECK(item_out != NULL, VOS_ERR_ARG);
    VOS__CHECK_ISR();
    return recv_fast(q, item_out, VOS_NO_WAIT);
}

int vos_queue_count(const vos_queue_t *q)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(queue_valid(q), VOS_ERR_INVALID);
    return (int)q->count;
}

int vos_queue_delete(vos_queue_t *q)
{
    VOS__CHECK(queue_valid(q), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    uint32_t key = vos__lock();
    q->count = 0;
    q->send_max = 0;
    return vos__delete_locked(&q->waiters, &q->tag, key);
}
