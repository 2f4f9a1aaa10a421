/* SPDX-License-Identifier: MIT */
/*
 * Puppet tasks for director-driven tests (see puppet.h).
 */
#include "puppet.h"
#include "host_test.h"

/* PUP_SCHED_LOCK (see puppet.h). */
static int sched_locked(vos_dur_t arg)
{
    uint64_t n = vos_dur_cycles(arg);
    int depth = 1 + (int)(n % 3u), locked = 0, err = VOS_OK;
    if (vos_sched_lock_depth() != 0)
        return VOS_ERR_CORRUPT;
    while (locked < depth && (err = vos_sched_lock()) == VOS_OK)
        locked++;
    if (err == VOS_OK) {
        uint64_t sw = host_switches();
        host_advance(n);
        if (host_switches() != sw || vos_sched_lock_depth() != depth)
            err = VOS_ERR_CORRUPT;
        int s = vos_sleep(vos_cycles(1));
        if (s != VOS_ERR_CONTEXT && err == VOS_OK)
            err = s == VOS_OK ? VOS_ERR_CORRUPT : s;
        s = vos_sleep_until(vos_now() + 1 + n % 97u);
        if (s != VOS_ERR_CONTEXT && err == VOS_OK)
            err = s == VOS_OK ? VOS_ERR_CORRUPT : s;
        /* Sleeps that need no wait: a yield that does nothing while
         * locked, a deadline already passed (issue 28, 6). */
        s = vos_sleep(VOS_NO_WAIT);
        if (s != VOS_OK && err == VOS_OK)
            err = s;
        s = vos_sleep_until(vos_now() - n % 2u);   /* a passed one is a miss (VOS_ERR_LATE) */
        if (s != (n % 2u != 0u ? VOS_ERR_LATE : VOS_OK) && err == VOS_OK)
            err = s == VOS_OK ? VOS_ERR_CORRUPT : s;
        if (host_switches() != sw && err == VOS_OK)
            err = VOS_ERR_CORRUPT;
    }
    while (locked-- > 0) {
        int u = vos_sched_unlock();
        if (u != VOS_OK && err == VOS_OK)
            err = u;
    }
    int u = vos_sched_unlock();
    if (u != VOS_ERR_STATE && err == VOS_OK)
        err = VOS_ERR_CORRUPT;
    return err;
}

static void puppet_main(void *arg)
{
    struct puppet *p = arg;
    for (;;) {
        if (vos_sem_take(&p->go, VOS_FOREVER) != VOS_OK)
            return;
        int r;
        p->started = vos_now();
        switch (p->op) {
        case PUP_LOCK:
            r = vos_mutex_lock(p->obj, p->arg);
            break;
        case PUP_UNLOCK:
            r = vos_mutex_unlock(p->obj);
            break;
        case PUP_TAKE:
            r = vos_sem_take(p->obj, p->arg);
            break;
        case PUP_GIVE:
            r = vos_sem_give(p->obj);
            break;
        case PUP_SLEEP:
            r = vos_sleep(p->arg);
            break;
        case PUP_BUSY:
            host_advance(vos_dur_cycles(p->arg));
            r = VOS_OK;
            break;
        case PUP_YIELD:
            vos_yield();
            r = VOS_OK;
            break;
        case PUP_SETPRIO:
            r = vos_task_set_priority(p->obj, (unsigned)vos_dur_cycles(p->arg));
            break;
        case PUP_SCHED_LOCK:
            r = sched_locked(p->arg);
            break;
        case PUP_SEND:
            r = vos_msg_send(p->obj, &p->msg, sizeof p->msg, &p->rep, sizeof p->rep, p->arg);
            break;
        case PUP_RECV:
            r = vos_msg_receive(p->obj, &p->msg, sizeof p->msg, &p->client, p->arg);
            break;
        case PUP_REPLY:
            r = vos_msg_reply(p->obj, &p->msg, sizeof p->msg, VOS_OK);
            break;
        case PUP_SEND_LONG:
            r = vos_msg_send(p->obj, p->lbuf, p->llen, p->lrep, sizeof p->lrep, p->arg);
            break;
        case PUP_RECV_LONG:
            r = vos_msg_receive(p->obj, p->lbuf, sizeof p->lbuf, &p->client, p->arg);
            break;
        case PUP_REPLY_LONG:
            r = vos_msg_reply(p->obj, p->lbuf, p->llen, VOS_OK);
            break;
        case PUP_EXIT:
            p->busy = false;
            p->done++;
            vos_task_exit();
        default:
            r = VOS_ERR_ARG;
            break;
        }
        p->finished = vos_now();
        p->result = r;
        p->done++;
        p->busy = false;
        if (p->after != NULL)
            p->after(p);
    }
}

int pup_start(struct puppet *p, const char *name, unsigned prio, vos_task_t *tcb,
              void *stack, size_t stack_size)
{
    p->name = name;
    p->task = tcb;
    p->busy = false;
    p->done = 0;
    p->result = VOS_OK;
    int err = vos_sem_init(&p->go, 0, 1);
    if (err != VOS_OK)
        return err;
    return vos_task_create(tcb, name, puppet_main, p, prio, stack, stack_size);
}

void pup_cmd(struct puppet *p, enum pup_op op, void *obj, vos_dur_t arg)
{
    p->op = op;
    p->obj = obj;
    p->arg = arg;
    p->busy = true;
    vos_sem_give(&p->go);
}

void pup_settle(void)
{
    vos_sleep(vos_cycles(1));
}

int pup_do(struct puppet *p, enum pup_op op, void *obj, vos_dur_t arg)
{
    pup_cmd(p, op, obj, arg);
    pup_settle();
    return p->busy ? PUP_PENDING : p->result;
}
