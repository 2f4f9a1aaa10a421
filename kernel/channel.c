/* SPDX-License-Identifier: MIT */
/*
 * Channels: synchronous send / receive / reply (see vaios/channel.h).
 *
 * States of a client (the task in vos_msg_send), lock held:
 *   queued   BLOCKED on ch->senders, wait_mutex NULL;
 *   held     BLOCKED on the message hold in its own send descriptor
 *            (wait_mutex == &d->hold, a mutex owned by the server: see
 *            kernel/mutex.c, "Message holds"), request already copied;
 *   done     woken with the reply length, a status or an error.
 * Its wait_data points at its struct msg_send (buffers, sequence number,
 * hold) on its own stack in both waiting states. A server blocked in
 * vos_msg_receive is BLOCKED on ch->receivers with wait_data pointing at
 * a struct msg_recv on its stack.
 *
 * Invariants (lock held):
 *  - A server's held list holds, besides its mutexes, exactly one message
 *    hold per client it has received and not replied to, with that client
 *    as the hold's one waiter. So the server's effective priority is
 *    recomputed by the mutex code's one rule (required_prio) and passed on
 *    along wait_mutex, through servers that send to other servers and
 *    through mutexes alike; no code here sets a priority. Receive and
 *    reply call vos__pi_update; a client that leaves any other way
 *    (timeout, abort, termination) goes through vos__wake_abort and
 *    vos__mutex_waiter_left like any mutex waiter.
 *  - A channel with pending signals has no waiting receiver, and a
 *    channel with waiting receivers has no queued sender (whoever comes
 *    second completes the meeting at once).
 *  - The waker completes the operation: the copy, the handle, the result.
 *
 * The copies run with the kernel lock held (both buffers belong to tasks
 * that cannot run meanwhile, and a client that times out frees its stack
 * the moment it runs): a message lengthens that critical section by its
 * copy, about one instruction per byte on the target. Keep messages short
 * or pass a pointer in them.
 *
 * Costs: send and receive O(1) plus one priority-ordered queue insertion;
 * reply O(1) plus the recomputation of the server (its mutexes and
 * message holds) and of the chain above it.
 */
#include <string.h>
#include "kernel.h"

/* The client's side of a send, on its stack while it waits. */
struct msg_send {
    const void *req;
    size_t req_len;
    void *reply;
    size_t reply_cap;
    uint32_t seq;
    vos_task_t *server;      /* who holds us (valid while the hold is tracked) */
    vos_mutex_t hold;        /* owned by the server while it holds us */
};

/* The server's side of a receive, on its stack while it waits. */
struct msg_recv {
    void *buf;
    size_t cap;
    vos_msg_client_t *client;
};

/* Sequence numbers of sends, so that a handle names one send, not a task
 * (it wraps after 2^32 sends: a stale handle would have to be kept that
 * long to alias). Lock held. */
static uint32_t msg_seq;

/* Durations are read through vos_dur_cycles only (vaios/time.h). */
static inline bool no_wait(vos_dur_t timeout)
{
    return vos_dur_cycles(timeout) == vos_dur_cycles(VOS_NO_WAIT);
}

static inline bool chan_valid(const vos_chan_t *ch)
{
    return ch != NULL && ch->tag == VOS_TAG_CHAN;
}

/* Make d's hold a tracked mutex of server with client as its waiter
 * (queue: put client on it too; else vos__block_prepare will). The caller
 * recomputes the server. Lock held. */
static void hold(struct msg_send *d, vos_task_t *server, vos_task_t *client, bool queue)
{
    vos_mutex_t *h = &d->hold;
    *h = (vos_mutex_t){ .tag = VOS_TAG_MUTEX, .count = 1, .reserved = VOS__MTX_MSG_HOLD,
                        .owner_word = (uintptr_t)server | VOS__MTX_TRACKED,
                        .next_held = server->held };
    server->held = h;
    d->server = server;
    client->wait_mutex = h;
    if (queue) {
        client->waitq = &h->waiters;
        vos__waitq_insert(&h->waiters, client);
    }
}

/* Take d's hold off its server's held list. Lock held. */
static void unhold(struct msg_send *d)
{
    vos_mutex_t **pp = &d->server->held;
    while (*pp != &d->hold)
        pp = &(*pp)->next_held;
    *pp = d->hold.next_held;
    d->hold = (vos_mutex_t){ .tag = VOS_TAG_DEAD };
}

/* The held client left its wait another way than by a reply (timeout,
 * abort, termination): from vos__mutex_waiter_left, which then
 * recomputes the server. Lock held. */
void vos__msg_left(struct vos_mutex *m)
{
    unhold((struct msg_send *)((char *)m - offsetof(struct msg_send, hold)));
}

static void fill_client(vos_msg_client_t *cl, vos_task_t *c, const struct msg_send *d)
{
    *cl = (vos_msg_client_t){ .task = c, .seq = d->seq, .len = d->req_len,
                              .reply_cap = d->reply_cap };
}

/* Hand client c (send d) to server s (receive r): copy and hold, or refuse
 * a request that does not fit. c is the caller or queued (already off its
 * queue); s is the caller or a woken receiver. Returns the server's
 * result. Lock held. */
static int deliver(vos_task_t *c, const struct msg_send *d, vos_task_t *s,
                   const struct msg_recv *r)
{
    (void)s;
    fill_client(r->client, c, d);
    if (VOS__UNLIKELY(d->req_len > r->cap))
        return VOS_ERR_TOO_BIG;
    if (d->req_len != 0)
        memcpy(r->buf, d->req, d->req_len);
    return (int)d->req_len;
}

int vos_chan_init(vos_chan_t *ch)
{
    VOS__CHECK(ch != NULL, VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    *ch = (vos_chan_t){ .tag = VOS_TAG_CHAN };
    return VOS_OK;
}

int vos_chan_delete(vos_chan_t *ch)
{
    VOS__CHECK(chan_valid(ch), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    uint32_t key = vos__lock();
    vos__wake_all(&ch->senders, VOS_ERR_DELETED);
    vos__wake_all(&ch->receivers, VOS_ERR_DELETED);
    ch->tag = VOS_TAG_DEAD;
    if (vos__started)
        vos__resched();
    vos__unlock(key);
    return VOS_OK;
}

static int send_locked(vos_chan_t *ch, struct msg_send *d, vos_dur_t timeout, uint32_t key)
{
    vos_task_t *cur = vos__cur;
    vos_task_t *s = ch->receivers.head;
    d->seq = ++msg_seq;
    if (s != NULL) {
        /* A server waits: the meeting happens now, in the caller. */
        int res = deliver(cur, d, s, s->wait_data);
        vos__wake(s, res);
        if (VOS__UNLIKELY(res < 0)) {
            vos__resched();
            vos__unlock(key);
            return res;
        }
        cur->wait_data = d;
        vos_time_t dl = vos__deadline(no_wait(timeout) ? VOS_FOREVER : timeout);
        hold(d, s, cur, false);
        vos__block_prepare(&d->hold.waiters, dl, VOS_TRACE_WAIT_MSG_REPLY, s);
        vos__pi_update(s);       /* s now serves us: it runs at least at our priority */
        return vos__block_commit(key);

    }
    if (no_wait(timeout)) {
        vos__unlock(key);
        return VOS_ERR_WOULD_BLOCK;
    }
    cur->wait_data = d;
    return vos__block(&ch->senders, vos__deadline(timeout), key, VOS_TRACE_WAIT_MSG_SEND, ch);
}

int vos_msg_send(vos_chan_t *ch, const void *req, size_t req_len, void *reply,
                 size_t reply_cap, vos_dur_t timeout)
{
    VOS__CHECK(chan_valid(ch), VOS_ERR_INVALID);
    VOS__CHECK((req != NULL || req_len == 0) && (reply != NULL || reply_cap == 0),
               VOS_ERR_ARG);
    VOS__CHECK(req_len <= INT32_MAX && reply_cap <= INT32_MAX, VOS_ERR_ARG);
    int err = vos__can_block();
    if (VOS__UNLIKELY(err != VOS_OK || vos__cur == NULL))
        return VOS_ERR_CONTEXT;
    struct msg_send d = { .req = req, .req_len = req_len, .reply = reply,
                          .reply_cap = reply_cap };
    uint32_t key = vos__lock();
    if (VOS__UNLIKELY(ch->tag != VOS_TAG_CHAN)) {
        vos__unlock(key);          /* deleted since the entry check */
        return VOS_ERR_INVALID;
    }
    err = send_locked(ch, &d, timeout, key);
    if (VOS__UNLIKELY(err == VOS_OK) && d.hold.owner_word == (uintptr_t)vos__cur)
        err = VOS_ERR_DELETED;     /* the server ended: it handed us our own hold */
    VOS_TRACE_MSG_SEND(ch, err);
    return err;
}

static int receive_locked(vos_chan_t *ch, struct msg_recv *r, vos_dur_t timeout, uint32_t key)
{
    vos_task_t *cur = vos__cur;
    if (ch->signals != 0) {
        *r->client = (vos_msg_client_t){ .signals = ch->signals };
        ch->signals = 0;
        vos__unlock(key);
        return 0;
    }
    vos_task_t *c = ch->senders.head;
    if (c != NULL) {
        struct msg_send *d = c->wait_data;
        int res = deliver(c, d, cur, r);
        vos__waitq_remove(&ch->senders, c);
        if (VOS__UNLIKELY(res < 0)) {
            c->waitq = NULL;       /* off the queue already: no second removal */
            vos__wake(c, res);
            vos__resched();
        } else {
            hold(d, cur, c, true);
            VOS_TRACE_TASK_BLOCK(c, cur, VOS_TRACE_WAIT_MSG_REPLY);
            vos__pi_update(cur);
        }
        vos__unlock(key);
        return res;
    }
    if (no_wait(timeout)) {
        vos__unlock(key);
        return VOS_ERR_WOULD_BLOCK;
    }
    cur->wait_data = r;
    return vos__block(&ch->receivers, vos__deadline(timeout), key, VOS_TRACE_WAIT_MSG_RECV, ch);
}

int vos_msg_receive(vos_chan_t *ch, void *buf, size_t cap, vos_msg_client_t *client,
                    vos_dur_t timeout)
{
    VOS__CHECK(chan_valid(ch), VOS_ERR_INVALID);
    VOS__CHECK(client != NULL && (buf != NULL || cap == 0), VOS_ERR_ARG);
    if (VOS__UNLIKELY(vos__can_block() != VOS_OK || vos__cur == NULL))
        return VOS_ERR_CONTEXT;
    struct msg_recv r = { .buf = buf, .cap = cap, .client = client };
    uint32_t key = vos__lock();
    if (VOS__UNLIKELY(ch->tag != VOS_TAG_CHAN)) {
        vos__unlock(key);
        return VOS_ERR_INVALID;
    }
    int err = receive_locked(ch, &r, timeout, key);
    VOS_TRACE_MSG_RECV(ch, err, err >= 0 ? client->task : NULL);
    return err;
}

/* The reply, by the holder (holder == the caller) or from an interrupt
 * (holder NULL: any server). Takes the lock itself. */
static int reply(const vos_msg_client_t *cl, const void *data, size_t len, int status,
                 const vos_task_t *holder)
{
    VOS__CHECK(cl != NULL && (data != NULL || len == 0), VOS_ERR_ARG);
    VOS__CHECK(status == VOS_OK || status <= VOS_MSG_STATUS_APP, VOS_ERR_ARG);
    VOS__CHECK(len <= INT32_MAX, VOS_ERR_ARG);
    vos_task_t *c = cl->task;
    VOS__CHECK(c != NULL && c->tag == VOS_TAG_TASK, VOS_ERR_INVALID);

    uint32_t key = vos__lock();
    vos_mutex_t *h = c->state == VOS_TASK_BLOCKED ? c->wait_mutex : NULL;
    struct msg_send *d = h != NULL && h->reserved == VOS__MTX_MSG_HOLD ? c->wait_data : NULL;
    vos_task_t *s = d != NULL ? d->server : NULL;
    int err = VOS_OK;
    if (d == NULL || d->seq != cl->seq) {
        err = VOS_ERR_STATE;       /* replied, timed out, aborted, gone */
    } else if (holder != NULL && s != holder) {
        err = VOS_ERR_NOT_OWNER;
    } else {
        int res = status;
        if (status == VOS_OK) {
            if (VOS__UNLIKELY(len > d->reply_cap)) {
                err = VOS_ERR_TOO_BIG;
                goto out;
            }
            if (len != 0)
                memcpy(d->reply, data, len);
            res = (int)len;
        }
        c->wait_mutex = NULL;
        vos__wake(c, res);
        unhold(d);
        vos__pi_update(s);        /* s falls to what it still requires */
        vos__resched();
    }
out:
    VOS_TRACE_MSG_REPLY(c, err, s);
    vos__unlock(key);
    return err;
}

int vos_msg_reply(const vos_msg_client_t *client, const void *data, size_t len, int status)
{
    if (VOS__UNLIKELY(arch_in_isr() || vos__cur == NULL))
        return VOS_ERR_CONTEXT;
    return reply(client, data, len, status, vos__cur);
}

int vos_msg_reply_isr(const vos_msg_client_t *client, const void *data, size_t len,
                      int status)
{
    if (VOS__UNLIKELY(!arch_in_isr()))
        return VOS_ERR_CONTEXT;
    return reply(client, data, len, status, NULL);
}

static int signal_chan(vos_chan_t *ch, uint32_t bits)
{
    uint32_t key = vos__lock();
    if (VOS__UNLIKELY(ch->tag != VOS_TAG_CHAN)) {
        vos__unlock(key);
        return VOS_ERR_INVALID;
    }
    vos_task_t *s = ch->receivers.head;
    if (s != NULL) {
        const struct msg_recv *r = s->wait_data;
        *r->client = (vos_msg_client_t){ .signals = bits };
        vos__wake(s, 0);
        if (vos__started)
            vos__resched();
    } else {
        ch->signals |= bits;
    }
    vos__unlock(key);
    return VOS_OK;
}

int vos_msg_signal(vos_chan_t *ch, uint32_t bits)
{
    VOS__CHECK(chan_valid(ch), VOS_ERR_INVALID);
    VOS__CHECK(bits != 0, VOS_ERR_ARG);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    return signal_chan(ch, bits);
}

int vos_msg_signal_isr(vos_chan_t *ch, uint32_t bits)
{
    VOS__CHECK(chan_valid(ch), VOS_ERR_INVALID);
    VOS__CHECK(bits != 0, VOS_ERR_ARG);
    VOS__CHECK(arch_in_isr(), VOS_ERR_CONTEXT);
    return signal_chan(ch, bits);
}
