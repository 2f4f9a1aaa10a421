/* SPDX-License-Identifier: MIT */
/*
 * Channels: synchronous send / receive / reply (see vaios/channel.h).
 *
 * States of a client (the task in vos_msg_send), lock held:
 *   queued   BLOCKED on ch's senders queue (SENDERS), wait_mutex NULL (or
 *            the channel's lend, with VOS_CFG_MSG_LEND_QUEUED);
 *   held     BLOCKED on the message hold in its own send descriptor
 *            (wait_mutex == &d->hold, an entry of the server's held list: see
 *            kernel/pi.c, "Message holds"); its request is copied by
 *            the server while it is held;
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
 *  - The waker completes the operation (the handle, the result), except
 *    the copy of a request longer than one piece to a waiting server,
 *    which the server makes (see Copies).
 *  - With VOS_CFG_MSG_LEND_QUEUED, queued clients wait on ch->lend
 *    (wait_mutex), a mutex owned by the channel's last receiver and
 *    counted in its priority while it is ready (kernel/pi.c, "Channel
 *    lends"); receive binds the caller, delete and the server's end unbind.
 *
 * Copies (vaios/channel.h, "Copies"): in pieces of VOS_CFG_MSG_CHUNK
 * bytes, one critical section each, by the receiver (request) and the
 * replier (reply); only a request of one piece to a server already
 * waiting is copied by the client, inside the meeting's one critical
 * section. For a longer one the waiting server is woken with the client's
 * name in its struct msg_recv (from, d, seq) after the client held itself
 * to it, and copies when it runs. Both buffers stay
 * valid while the client waits in that send (its descriptor d is on its
 * stack; the server is the caller, or an interrupt handler replying), so
 * "c->wait_mutex is d's hold, c->wait_data is d, d->seq is ours" checked
 * under the lock before every piece (served()) is the whole condition.
 *
 * Costs: send and receive O(1) plus one priority-ordered queue insertion;
 * reply, by a task, the search of its held list for the client's hold
 * (its mutexes and holds, the latest received first: the one place a
 * reply finds its client, so that a handle is never followed), plus the
 * recomputation of the server (the same list) and of the chain above it;
 * from an interrupt O(1) plus the same recomputation.
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

/* The server's side of a receive, on its stack while it waits. A client
 * that finds it waiting holds itself to it and names itself in from, d
 * and seq; the server copies the request when it runs. */
struct msg_recv {
    void *buf;
    size_t cap;
    vos_msg_client_t *client;
    vos_task_t *from;        /* NULL: woken by a signal or an error */
    const struct msg_send *d;
    uint32_t seq;
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

/* The queue of clients waiting to be received, and the mutex they wait
 * on (wait_mutex): the channel's lend, or none. */
#if VOS_CFG_MSG_LEND_QUEUED
#define SENDERS(ch) (&(ch)->lend.waiters)
#define QUEUED_ON(ch) (&(ch)->lend)
#define lend_owner(ch) vos__pi_lend_owner(&(ch)->lend)
#else
#define SENDERS(ch) (&(ch)->senders)
#define QUEUED_ON(ch) NULL
#endif

/* Hold client (send d) to server: d's hold on server's held list
 * (vos__pi_hold, queue as there). The caller recomputes the server. Lock
 * held. */
static inline void hold(struct msg_send *d, vos_task_t *server, vos_task_t *client, bool queue)
{
    vos__pi_hold(&d->hold, server, client, queue);
    d->server = server;
}

static void fill_client(vos_msg_client_t *cl, vos_task_t *c, const struct msg_send *d)
{
    *cl = (vos_msg_client_t){ .task = c, .seq = d->seq, .len = d->req_len,
                              .reply_cap = d->reply_cap };
}

/* Is c still waiting, held, in send d of sequence number seq? (Then d is
 * live: it is on c's stack until that send returns.) Lock held. */
static inline bool served(const vos_task_t *c, const struct msg_send *d, uint32_t seq)
{
    return c->wait_mutex == &d->hold && c->wait_data == d && d->seq == seq;
}

/* The pieces after the first of a copy of n bytes (n > VOS_CFG_MSG_CHUNK)
 * from src to dst for held client c (send d, seq): the lock is released
 * between two pieces, so that the longest masked section does not depend
 * on the message's length, and before each piece c must still be held in
 * that send (a timeout, abort or termination in between, or its server's
 * end, stops the copy: c's buffers may be gone). Called and returns with
 * the lock held as *key. True when all n bytes were copied. */
static __attribute__((noinline)) bool copy_rest(char *dst, const char *src, size_t n,
                                                const vos_task_t *c, const struct msg_send *d,
                                                uint32_t seq, uint32_t *key)
{
    for (size_t done = VOS_CFG_MSG_CHUNK; done < n; done += VOS_CFG_MSG_CHUNK) {
        vos__unlock(*key);
        *key = vos__lock();
        if (VOS__UNLIKELY(!served(c, d, seq)))
            return false;
        memcpy(dst + done, src + done,
               n - done < VOS_CFG_MSG_CHUNK ? n - done : VOS_CFG_MSG_CHUNK);
    }
    return true;
}

/* Copy n bytes for held client c (send d, seq; the caller has just
 * checked that it is held): the first piece at once, the rest by
 * copy_rest. Lock held as *key, also on return. */
static inline bool copy_in_pieces(void *dst, const void *src, size_t n, const vos_task_t *c,
                                  const struct msg_send *d, uint32_t seq, uint32_t *key)
{
    if (n != 0)
        memcpy(dst, src, n < VOS_CFG_MSG_CHUNK ? n : VOS_CFG_MSG_CHUNK);
    return n <= VOS_CFG_MSG_CHUNK || copy_rest(dst, src, n, c, d, seq, key);
}

int vos_chan_init(vos_chan_t *ch)
{
    VOS__CHECK(ch != NULL, VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
#if VOS_CFG_MSG_LEND_QUEUED
    *ch = (vos_chan_t){ .tag = VOS_TAG_CHAN,
                        .lend = { .tag = VOS_TAG_MUTEX, .reserved = (uint8_t)VOS__HELD_LEND } };
#else
    *ch = (vos_chan_t){ .tag = VOS_TAG_CHAN };
#endif
    return VOS_OK;
}

int vos_chan_delete(vos_chan_t *ch)
{
    VOS__CHECK(chan_valid(ch), VOS_ERR_INVALID);
    VOS__CHECK(!arch_in_isr(), VOS_ERR_CONTEXT);
    uint32_t key = vos__lock();
#if VOS_CFG_MSG_LEND_QUEUED
    vos__pi_lend_unbind(&ch->lend);
#endif
    vos__wake_all(SENDERS(ch), VOS_ERR_DELETED);
    return vos__delete_locked(&ch->receivers, &ch->tag, key);
}

/* The send, lock held as key; releases it. */
static int send_locked(vos_chan_t *ch, struct msg_send *d, vos_dur_t timeout, uint32_t key)
{
    vos_task_t *cur = vos__cur;
    vos_task_t *s = ch->receivers.head;
    d->seq = ++msg_seq;
    cur->wait_data = d;
    if (s != NULL) {
        /* A server waits: we hold ourselves to it at once (it runs at
         * least at our priority from now on); a request longer than one
         * piece it copies itself when it runs. */
        struct msg_recv *r = s->wait_data;
        if (VOS__UNLIKELY(d->req_len > r->cap)) {
            fill_client(r->client, cur, d);
            vos__wake(s, VOS_ERR_TOO_BIG);
            vos__resched();
            vos__unlock(key);
            return VOS_ERR_TOO_BIG;
        }
        if (d->req_len <= VOS_CFG_MSG_CHUNK) {
            /* one piece: copied now, as the server would */
            fill_client(r->client, cur, d);
            if (d->req_len != 0)
                memcpy(r->buf, d->req, d->req_len);
            vos__wake(s, (int)d->req_len);
        } else {
            r->from = cur;
            r->d = d;
            r->seq = d->seq;
            vos__wake(s, VOS_OK);
        }
        hold(d, s, cur, false);
        vos_time_t dl = vos__deadline(no_wait(timeout) ? VOS_FOREVER : timeout);
        vos__block_prepare(&d->hold.waiters, dl, VOS_TRACE_WAIT_MSG_REPLY, s);
        vos__pi_update(s);
        return vos__block_commit(key);
    }
    if (no_wait(timeout)) {
        vos__unlock(key);
        return VOS_ERR_WOULD_BLOCK;
    }
    cur->wait_mutex = QUEUED_ON(ch);
    vos__block_prepare(SENDERS(ch), vos__deadline(timeout), VOS_TRACE_WAIT_MSG_SEND, ch);
#if VOS_CFG_MSG_LEND_QUEUED
    vos__pi_update(lend_owner(ch));   /* a ready server runs at least at our priority */
#endif
    return vos__block_commit(key);
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
    if (VOS__UNLIKELY(err == VOS_OK) && vos__pi_hold_returned(&d.hold, vos__cur))
        err = VOS_ERR_DELETED;     /* the server ended: it handed us our own hold */
    VOS_TRACE_MSG_SEND(ch, err);
    return err;
}

/* The caller holds c (send d, seq): copy its request into r's buffer and
 * fill in the handle. Called and returns with the lock held as *key.
 * Returns the request's length, or -1 if c stopped waiting between two
 * pieces of the copy (it is no longer held: it left the way any held
 * client leaves, and our priority was recomputed then). */
static int fetch(const struct msg_recv *r, vos_task_t *c, const struct msg_send *d,
                 uint32_t seq, uint32_t *key)
{
    if (!served(c, d, seq) || !copy_in_pieces(r->buf, d->req, d->req_len, c, d, seq, key))
        return -1;
    fill_client(r->client, c, d);
    return (int)d->req_len;
}

/* A client d of c, queued on ch and too long for r: refused on both
 * sides, nothing held. Lock held. */
static int refuse(vos_chan_t *ch, struct msg_recv *r, vos_task_t *c, const struct msg_send *d)
{
    fill_client(r->client, c, d);
    c->wait_mutex = NULL;
    vos__wake(c, VOS_ERR_TOO_BIG);
#if VOS_CFG_MSG_LEND_QUEUED
    vos__pi_update(lend_owner(ch));      /* c lent to the caller */
#else
    (void)ch;
#endif
    vos__resched();
    return VOS_ERR_TOO_BIG;
}

int vos_msg_receive(vos_chan_t *ch, void *buf, size_t cap, vos_msg_client_t *client,
                    vos_dur_t timeout)
{
    VOS__CHECK(chan_valid(ch), VOS_ERR_INVALID);
    VOS__CHECK(client != NULL && (buf != NULL || cap == 0), VOS_ERR_ARG);
    if (VOS__UNLIKELY(vos__can_block() != VOS_OK || vos__cur == NULL))
        return VOS_ERR_CONTEXT;
    vos_task_t *cur = vos__cur;
    struct msg_recv r = { .buf = buf, .cap = cap, .client = client };
    vos_time_t dl = 0;               /* 0: not waited yet (a deadline is never 0) */
    int res = VOS_ERR_INVALID;       /* deleted since the entry check */
    uint32_t key = vos__lock();
    /* Each turn: a client left between two pieces of its copy (we go on
     * with the next one, or wait on with the same deadline). */
    for (;;) {
        if (VOS__UNLIKELY(ch->tag != VOS_TAG_CHAN))
            break;
#if VOS_CFG_MSG_LEND_QUEUED
        vos__pi_lend_bind(&ch->lend, cur);
#endif
        if (ch->signals != 0) {
            *client = (vos_msg_client_t){ .signals = ch->signals };
            ch->signals = 0;
            res = 0;
            break;
        }
        vos_task_t *c = SENDERS(ch)->head;
        if (c != NULL) {
            struct msg_send *d = c->wait_data;
            vos__waitq_remove(SENDERS(ch), c);
            c->waitq = NULL;
            if (VOS__UNLIKELY(d->req_len > cap)) {
                res = refuse(ch, &r, c, d);
                break;
            }
            hold(d, cur, c, true);
            VOS_TRACE_TASK_BLOCK(c, cur, VOS_TRACE_WAIT_MSG_REPLY);
            vos__pi_update(cur);
            if ((res = fetch(&r, c, d, d->seq, &key)) >= 0)
                break;
            res = VOS_ERR_DELETED;   /* if the channel is gone by the next turn */
            continue;
        }
        if (no_wait(timeout)) {
            res = VOS_ERR_WOULD_BLOCK;
            break;
        }
        if (dl == 0) {
            dl = vos__deadline(timeout);
        } else if (dl != VOS_TIME_NEVER && arch_now() >= dl) {
            res = VOS_ERR_TIMEOUT;
            break;
        }
        r.from = NULL;
        cur->wait_data = &r;
        res = vos__block(&ch->receivers, dl, key, VOS_TRACE_WAIT_MSG_RECV, ch);
        if (r.from == NULL)
            goto out;  /* a request copied by the client, a signal, a refusal, an error */
        key = vos__lock();
        if ((res = fetch(&r, r.from, r.d, r.seq, &key)) >= 0)
            break;
        res = VOS_ERR_DELETED;
    }
    vos__unlock(key);
out:
    VOS_TRACE_MSG_RECV(ch, res, res >= 0 ? client->task : NULL);
    return res;
}

static inline struct msg_send *send_of(vos_mutex_t *h)
{
    return (struct msg_send *)((char *)h - offsetof(struct msg_send, hold));
}

/* Why holder cannot reply to c, which it does not hold: c is a task
 * (checked by the caller) and may be followed. Lock held. */
static int not_held(const vos_task_t *c, const vos_msg_client_t *cl, const vos_task_t *holder)
{
    const struct msg_send *d = vos__pi_held_in(c) != NULL ? c->wait_data : NULL;
    if (d == NULL || d->seq != cl->seq)
        return VOS_ERR_STATE;      /* replied, timed out, aborted, gone */
    return d->server != holder ? VOS_ERR_NOT_OWNER : VOS_ERR_STATE;
}

/* The reply, by the holder (holder == the caller) or from an interrupt
 * (holder NULL: any server). A holder's client is found in its held list
 * (vos__pi_hold_of), so cl->task is followed only from an interrupt or, to tell
 * VOS_ERR_NOT_OWNER from VOS_ERR_STATE, when follow is set (a privileged
 * caller, whose handle is trusted and whose task was type-checked); a
 * domain's reply (vos__msg_reply_held) never follows it. Takes the lock
 * itself. */
static int reply(const vos_msg_client_t *cl, const void *data, size_t len, int status,
                 const vos_task_t *holder, bool follow)
{
    VOS__CHECK(cl != NULL && (data != NULL || len == 0), VOS_ERR_ARG);
    VOS__CHECK(status == VOS_OK || status <= VOS_MSG_STATUS_APP, VOS_ERR_ARG);
    VOS__CHECK(len <= INT32_MAX, VOS_ERR_ARG);
    vos_task_t *c = cl->task;
    VOS__CHECK(c != NULL && (!follow || c->tag == VOS_TAG_TASK), VOS_ERR_INVALID);

    uint32_t key = vos__lock();
    struct msg_send *d;
    int err = VOS_OK;
    if (holder != NULL) {
        vos_mutex_t *h = vos__pi_hold_of(holder, c);
        d = h != NULL ? send_of(h) : NULL;
        if (d == NULL)
            err = follow ? not_held(c, cl, holder) : VOS_ERR_STATE;
    } else {
        d = vos__pi_held_in(c) != NULL ? c->wait_data : NULL;
    }
    vos_task_t *s = d != NULL ? d->server : NULL;
    if (err != VOS_OK) {
        /* not held by the caller */
    } else if (d == NULL || d->seq != cl->seq) {
        err = VOS_ERR_STATE;       /* replied, timed out, aborted, gone */
    } else {
        int res = status;
        if (status == VOS_OK) {
            if (VOS__UNLIKELY(len > d->reply_cap)) {
                err = VOS_ERR_TOO_BIG;
                goto out;
            }
            if (!copy_in_pieces(d->reply, data, len, c, d, cl->seq, &key)) {
                err = VOS_ERR_STATE;   /* the client left during the copy */
                goto out;
            }
            res = (int)len;
        }
        c->wait_mutex = NULL;
        vos__wake(c, res);
        vos__pi_unhold(s, &d->hold);
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
    return reply(client, data, len, status, vos__cur, true);
}

/* vos_u_msg_reply's (kernel/domain.c): as vos_msg_reply, from a task of a
 * domain whose handle (a copy in kernel memory) may name any address: the
 * client must be one the caller holds, found in its held list; any other
 * is VOS_ERR_STATE (also one held by another server: the kernel does not
 * look at a task it does not find there). */
int vos__msg_reply_held(const vos_msg_client_t *client, const void *data, size_t len,
                        int status)
{
    return reply(client, data, len, status, vos__cur, false);
}

int vos_msg_reply_isr(const vos_msg_client_t *client, const void *data, size_t len,
                      int status)
{
    if (VOS__UNLIKELY(!arch_isr_kernel()))
        return VOS_ERR_CONTEXT;       /* a task, or a handler above the kernel's level */
    return reply(client, data, len, status, NULL, true);
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
    VOS__CHECK_ISR();
    return signal_chan(ch, bits);
}
