/* SPDX-License-Identifier: MIT */
/*
 * The POSIX adaptation layer's out-of-line part (osal_impl.h has the
 * contract): task creation and priorities, mutex and queue set-up, the
 * heap's options, the configuration lines. Nothing here runs inside a
 * measurement window.
 *
 * Task life: os_task_create() starts a detached pthread on the run's CPU
 * at SCHED_FIFO fifo_base + level (SCHED_OTHER under --allow-other). Like
 * a VAIOS task created at a higher priority, it runs before
 * os_task_create() returns; at an equal or lower one it waits. When its
 * function returns the task is EXITED, after which the thread never
 * touches its os_task_t again, so bench/core.c may reuse the slot at once
 * while the thread finishes leaving.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <gnu/libc-version.h>
#include <malloc.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "osal.h"

/* Stack of every task: room for the bench's frames, the C library's
 * printf and the thread's TLS; 256 fillers take 16 MB of locked memory. */
#define OSAL_STACK_MIN (64u * 1024u)

__thread os_task_t *osal_posix_self;

static int fifo_of(int level)
{
    return board_linux.fifo_base + level;
}

static void *trampoline(void *arg)
{
    os_task_t *t = arg;
    osal_posix_self = t;
    atomic_store(&t->tid, (int)gettid());
    char name[16];
    snprintf(name, sizeof name, "vb-%s", t->name);
    pthread_setname_np(pthread_self(), name);
    t->fn(t->arg);
    atomic_store(&t->state, OSAL_TASK_EXITED);    /* last access to *t */
    return NULL;
}

int os_task_create(os_task_t *t, const char *name, void (*fn)(void *), void *arg, int prio,
                   void *stack, unsigned size)
{
    (void)stack;
    if (prio < 1 || prio > OSAL_PRIO_MAX || fn == NULL)
        return -EINVAL;
    t->fn = fn;
    t->arg = arg;
    t->name = name != NULL ? name : "task";
    t->prio = prio;
    atomic_store(&t->tid, 0);
    atomic_store(&t->suspended, false);
    if (t->resume_ready)
        sem_destroy(&t->resume);
    sem_init(&t->resume, 0, 0);
    t->resume_ready = true;
    atomic_store(&t->state, OSAL_TASK_LIVE);

    pthread_attr_t a;
    pthread_attr_init(&a);
    pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&a, size > OSAL_STACK_MIN ? size : OSAL_STACK_MIN);
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(board_linux.cpu, &one);
    pthread_attr_setaffinity_np(&a, sizeof one, &one);
    if (board_linux.fifo) {
        struct sched_param sp = { .sched_priority = fifo_of(prio) };
        pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED);
        pthread_attr_setschedpolicy(&a, SCHED_FIFO);
        pthread_attr_setschedparam(&a, &sp);
    }
    int err = pthread_create(&t->thread, &a, trampoline, t);
    pthread_attr_destroy(&a);
    if (err != 0) {
        atomic_store(&t->state, OSAL_TASK_NONE);
        return -err;
    }
    return 0;
}

void os_task_exit(void)
{
    atomic_store(&osal_posix_self->state, OSAL_TASK_EXITED);
    pthread_exit(NULL);
}

void os_set_prio(os_task_t *t, int p)
{
    os_task_t *task = t != NULL ? t : osal_posix_self;
    if (p < 1)
        p = 1;
    if (p > OSAL_PRIO_MAX)
        p = OSAL_PRIO_MAX;
    task->prio = p;
    if (board_linux.fifo)
        pthread_setschedprio(t != NULL ? t->thread : pthread_self(), fifo_of(p));
}

/* The kernel's effective priority of thread tid: field 18 of its stat
 * line is -1 - rt_priority for real-time threads, boost included. Returns
 * the SCHED_FIFO priority, or -1 when not real-time or unreadable. */
static int effective_fifo(int tid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", tid);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = 0;
    char *p = strrchr(buf, ')');       /* the name may hold spaces and parentheses */
    if (p == NULL)
        return -1;
    /* Fields after the name: 3 (state) ... 18 (priority). */
    for (int field = 2; field < 18 && p != NULL; field++)
        p = strchr(p + 1, ' ');
    if (p == NULL)
        return -1;
    int kprio = atoi(p + 1);
    return kprio <= -2 ? -1 - kprio : -1;
}

int os_prio(os_task_t *t)
{
    os_task_t *task = t != NULL ? t : osal_posix_self;
    int tid = t != NULL ? atomic_load(&t->tid) : (int)gettid();
    /* A task that never ran holds no mutex: its base level is its level. */
    if (!board_linux.fifo || tid == 0)
        return task->prio;
    int fifo = effective_fifo(tid);
    return fifo < 0 ? task->prio : fifo - board_linux.fifo_base;
}

void os_start(void)
{
    for (;;)
        pause();
}

void os_mutex_init(os_mutex_t *m)
{
    if (m->ready)
        pthread_mutex_destroy(&m->m);
    pthread_mutexattr_t a;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_setprotocol(&a, PTHREAD_PRIO_INHERIT);
    pthread_mutex_init(&m->m, &a);
    pthread_mutexattr_destroy(&a);
    m->ready = true;
}

void os_queue_init(os_queue_t *q, void *buf, unsigned item, unsigned n)
{
    static atomic_uint seq;
    (void)buf;
    if (q->ready)
        mq_close(q->mq);
    char name[48];
    snprintf(name, sizeof name, "/vaios-bench-%d-%u", (int)getpid(), atomic_fetch_add(&seq, 1));
    struct mq_attr a = { .mq_maxmsg = (long)n, .mq_msgsize = (long)item };
    mqd_t d = mq_open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0600, &a);
    if (d == (mqd_t)-1) {
        board_printf("!! osal: mq_open of a queue of %u x %u bytes failed: %s\n", n, item,
                     strerror(errno));
        board_exit(2);
    }
    mq_unlink(name);                    /* private: gone when closed */
    q->mq = d;
    q->item = item;
    q->ready = true;
}

void os_heap_init(os_heap_t *h, void *mem, unsigned size)
{
    (void)mem;
    (void)size;
    h->unused = 0;
    mallopt(M_TRIM_THRESHOLD, -1);
    mallopt(M_MMAP_MAX, 0);
}

void os_print_config(void)
{
    /* The kernel under test is the host's: its release is the version. */
    struct utsname u;
    board_printf("@VOS config version=\"%s\"\n", uname(&u) == 0 ? u.release : "unknown");
    board_printf("@VOS config kernel=linux-posix osal=%s libc=\"glibc %s\" clock=CLOCK_MONOTONIC "
                 "clock_hz=%lu prio_levels=%d mutex=PTHREAD_PRIO_INHERIT queue=mq heap=malloc "
                 "suspend_resume=emulated_semaphore\n", OSAL_NAME, gnu_get_libc_version(),
                 (unsigned long)VOS_CFG_CLOCK_HZ, OSAL_PRIO_MAX);
}
