/* SPDX-License-Identifier: MIT */
/*
 * Puppets: tasks that carry out one kernel call at a time on request, so a
 * director (a test, or the fuzzer, running as the highest-priority task)
 * can build any interleaving of calls from several tasks step by step and
 * check the kernel's state between steps.
 *
 * A puppet waits on its own semaphore for a command, performs it, records
 * the result and waits again. A command that blocks (a contended lock, a
 * take, a sleep) stays in progress until the kernel wakes the puppet; the
 * director sees that as pup_busy(). pup_settle() lets every puppet run
 * until all of them are blocked again: the director sleeps one cycle, and
 * since kernel calls take no virtual time, everything that can run does so
 * before the idle task moves the clock.
 */
#ifndef VAIOS_TEST_PUPPET_H
#define VAIOS_TEST_PUPPET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "vaios/vaios.h"

enum pup_op {
    PUP_LOCK,       /* vos_mutex_lock(obj, arg) */
    PUP_UNLOCK,     /* vos_mutex_unlock(obj) */
    PUP_TAKE,       /* vos_sem_take(obj, arg) */
    PUP_GIVE,       /* vos_sem_give(obj) */
    PUP_SLEEP,      /* vos_sleep(arg) */
    PUP_BUSY,       /* host_advance(arg): compute for arg cycles */
    PUP_YIELD,      /* vos_yield() */
    PUP_SETPRIO,    /* vos_task_set_priority(obj, arg) */
    PUP_EXIT,       /* vos_task_exit() */
    PUP_SCHED_LOCK, /* lock the scheduler 1 + arg % 3 deep, compute for arg
                       cycles (no other task may run meanwhile), try a
                       sleep and a sleep until a time ahead (refused:
                       VOS_ERR_CONTEXT), a zero sleep and a sleep until
                       now or a time passed (VOS_OK, no switch), unlock every level,
                       then one unlock too many (VOS_ERR_STATE); the result
                       is VOS_OK, the first unexpected error, or
                       VOS_ERR_CORRUPT if a task switch or a wrong depth
                       was seen while locked */
    PUP_SEND,       /* vos_msg_send(obj, msg, 4, rep, 4, arg) */
    PUP_RECV,       /* vos_msg_receive(obj, msg, 4, &client, arg) */
    PUP_REPLY,      /* vos_msg_reply(obj (a vos_msg_client_t), msg, 4, VOS_OK) */
    PUP_SEND_LONG,  /* vos_msg_send(obj, lbuf, llen, lrep, sizeof lrep, arg) */
    PUP_RECV_LONG,  /* vos_msg_receive(obj, lbuf, sizeof lbuf, &client, arg) */
    PUP_REPLY_LONG, /* vos_msg_reply(obj (a vos_msg_client_t), lbuf, llen, VOS_OK) */
};

#define PUP_LONG_WORDS 64   /* messages of up to 256 bytes: several pieces */

struct puppet {
    const char *name;
    vos_task_t *task;
    vos_sem_t go;              /* the director's signal */
    enum pup_op op;            /* the command in progress or last done */
    void *obj;
    vos_dur_t arg;
    int result;                /* of the last finished command */
    vos_time_t started;        /* when the last command's call was made */
    vos_time_t finished;       /* when it returned */
    unsigned done;             /* commands finished */
    bool busy;                 /* a command is in progress */
    void (*after)(struct puppet *p);   /* called in the puppet after each command */
    uint32_t msg;              /* request sent (PUP_SEND), received (PUP_RECV) or
                                  reply sent (PUP_REPLY) */
    uint32_t rep;              /* reply received (PUP_SEND) */
    vos_msg_client_t client;   /* the last PUP_RECV's handle */
    uint32_t lbuf[PUP_LONG_WORDS];   /* *_LONG: request sent, received, reply sent */
    uint32_t lrep[PUP_LONG_WORDS];   /* PUP_SEND_LONG: the reply */
    size_t llen;                     /* bytes of lbuf sent or replied */
};

/* Start puppet p as task tcb at priority prio on the given stack. */
int pup_start(struct puppet *p, const char *name, unsigned prio, vos_task_t *tcb,
              void *stack, size_t stack_size);

/* Hand p a command (p must not be busy). It starts when p is scheduled. */
void pup_cmd(struct puppet *p, enum pup_op op, void *obj, vos_dur_t arg);

/* Let every ready task run until all are blocked: the calling director
 * sleeps one cycle. */
void pup_settle(void);

/* pup_cmd then pup_settle; returns the result if the command finished,
 * PUP_PENDING if it is still in progress (blocked). */
#define PUP_PENDING 1
int pup_do(struct puppet *p, enum pup_op op, void *obj, vos_dur_t arg);

static inline bool pup_busy(const struct puppet *p)
{
    return p->busy;
}

#endif /* VAIOS_TEST_PUPPET_H */
