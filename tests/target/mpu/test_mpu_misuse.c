/* SPDX-License-Identifier: MIT */
/*
 * The misuse matrix of the domain calls (vaios/domain.h, VOS_CFG_MPU), on
 * the emulated board: the host port has no MPU (it refuses VOS_CFG_MPU),
 * so these rows live here rather than in tests/host/kernel/test_misuse.c.
 * Every bad input gets its distinct code and changes nothing; every
 * vos_u_* call is probed from an unprivileged task with objects not
 * granted, granted objects of the wrong type or deleted, and buffers
 * outside, across the end of, or wrapping around its memory.
 */
#include <string.h>
#include "vtest.h"
#include "mpu_code.h"

_Static_assert(VOS_CFG_MPU == 1, "the MPU suites run in the MPU build");


static union {
    struct {
        volatile int got[64];
        volatile uint32_t buf[4];
        volatile int done;
    } d;
    uint8_t bytes[1024];
} mem __attribute__((aligned(1024)));

static uint64_t ustack[2048 / 8] __attribute__((aligned(2048)));
static vos_task_t utask;
static vos_domain_t dom;
static vos_sem_t sem, dead_sem, foreign_sem;
static vos_mutex_t mtx;
static vos_queue_t q;
static uint32_t qbuf[2];
static const void *const grants[] = { &sem, &dead_sem, &mtx, &q };

static void prober(void *arg)
{
    (void)arg;
    volatile int *g = mem.d.got;
    int n = 0;
    uint32_t local = 7;
    /* Objects not granted, NULL, a granted object of another type. */
    g[n++] = vos_u_sem_give(&foreign_sem);
    g[n++] = vos_u_sem_give(NULL);
    g[n++] = vos_u_sem_take(NULL, VOS_NO_WAIT);
    g[n++] = vos_u_mutex_lock(NULL, VOS_NO_WAIT);
    g[n++] = vos_u_mutex_unlock(NULL);
    g[n++] = vos_u_queue_send(NULL, &local, VOS_NO_WAIT);
    g[n++] = vos_u_queue_recv(NULL, &local, VOS_NO_WAIT);
    g[n++] = vos_u_sem_give((vos_sem_t *)&mtx);              /* granted, a mutex */
    g[n++] = vos_u_mutex_unlock((vos_mutex_t *)&sem);        /* granted, a semaphore */
    g[n++] = vos_u_queue_send((vos_queue_t *)&sem, &local, VOS_NO_WAIT);
    g[n++] = vos_u_sem_give(&dead_sem);                      /* granted, deleted */
    /* Buffers: NULL, kernel memory, across the end of its region, wrapping
     * the address space, in flash (read-only) for a receive. */
    g[n++] = vos_u_queue_send(&q, NULL, VOS_NO_WAIT);
    g[n++] = vos_u_queue_send(&q, qbuf, VOS_NO_WAIT);
    g[n++] = vos_u_queue_send(&q, &mem.bytes[sizeof mem - 2], VOS_NO_WAIT);
    g[n++] = vos_u_queue_send(&q, (const void *)0xFFFFFFFEu, VOS_NO_WAIT);
    g[n++] = vos_u_queue_recv(&q, (void *)FLASH_WORD, VOS_NO_WAIT);
    g[n++] = vos_u_queue_send(&q, FLASH_WORD, VOS_NO_WAIT);  /* read from flash: allowed */
    g[n++] = vos_u_queue_recv(&q, (void *)mem.d.buf, VOS_NO_WAIT);
    /* The kernel's own errors come after the checks. */
    g[n++] = vos_u_mutex_unlock(&mtx);                        /* not the owner */
    g[n++] = vos_u_sem_take(&sem, VOS_NO_WAIT);               /* empty */
    g[n++] = vos_u_sem_take(&sem, vos_us(100));               /* times out */
    g[n++] = vos_u_set_priority(0);
    g[n++] = vos_u_set_priority(VOS_PRIO_MAX + 1);
    g[n++] = vos_u_set_priority(6);                           /* above the ceiling (5) */
    g[n++] = vos_u_mutex_lock(&mtx, VOS_NO_WAIT);
    g[n++] = vos_u_mutex_unlock(&mtx);
    mem.d.done = n;
}

static const int want[] = {
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_PERM, VOS_ERR_INVALID, VOS_ERR_INVALID, VOS_ERR_INVALID, VOS_ERR_INVALID,
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_OK, VOS_OK,
    VOS_ERR_NOT_OWNER, VOS_ERR_WOULD_BLOCK, VOS_ERR_TIMEOUT, VOS_ERR_ARG, VOS_ERR_ARG,
    VOS_ERR_PERM, VOS_OK, VOS_OK,
};

VT_TEST(every_u_call_refuses_what_the_domain_was_not_given)
{
    memset(&mem, 0, sizeof mem);
    VT_EQ(vos_sem_init(&sem, 0, 1), VOS_OK);
    VT_EQ(vos_sem_init(&dead_sem, 0, 1), VOS_OK);
    VT_EQ(vos_sem_init(&foreign_sem, 0, 1), VOS_OK);
    VT_EQ(vos_mutex_init(&mtx), VOS_OK);
    VT_EQ(vos_queue_init(&q, qbuf, sizeof qbuf[0], 2), VOS_OK);
    const vos_region_t regions[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &mem, sizeof mem, VOS_MEM_READ | VOS_MEM_WRITE },
    };
    VT_EQ(vos_domain_init(&dom, "probe", 5, regions, 2, grants, 4), VOS_OK);
    VT_EQ(vos_sem_delete(&dead_sem), VOS_OK);
    VT_EQ(vos_task_create_in(&dom, &utask, "prober", prober, NULL, 3, ustack, sizeof ustack),
          VOS_OK);
    vos_sleep(vos_ms(5));
    VT_EQ(mem.d.done, (int)(sizeof want / sizeof want[0]));
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
        if (mem.d.got[i] != want[i])
            vt_note("row %u: %d, want %d\n", i, mem.d.got[i], want[i]);
        VT_EQ(mem.d.got[i], want[i]);
    }
    VT_EQ(vos_task_state(&utask), VOS_TASK_EXITED);
    /* Nothing a refused call named was changed. */
    uint32_t v = 0;
    VT_EQ(vos_sem_take(&foreign_sem, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_queue_recv(&q, &v, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_ASSERT(vt_owner(&mtx) == NULL);
}

static volatile int isr_got[3];

static void from_isr(void)
{
    vos_region_t r = { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ };
    isr_got[0] = vos_domain_init(&dom, "x", 5, &r, 1, NULL, 0);
    isr_got[1] = vos_task_create_in(&dom, &utask, "x", prober, NULL, 3, ustack, sizeof ustack);
    isr_got[2] = vos_task_create_in(NULL, &utask, "x", prober, NULL, 3, ustack, sizeof ustack);
}

static vos_sem_t park;
static const void *const park_grants[] = { &park };

static void parked(void *arg)
{
    (void)arg;
    vos_u_sem_take(&park, VOS_FOREVER);
}

VT_TEST(domain_calls_in_the_wrong_context_or_state)
{
    vt_run_in_isr(from_isr);
    VT_EQ(isr_got[0], VOS_ERR_CONTEXT);
    VT_EQ(isr_got[1], VOS_ERR_CONTEXT);
    VT_EQ(isr_got[2], VOS_ERR_CONTEXT);
    /* A domain with a live task cannot be made again. */
    VT_EQ(vos_sem_init(&park, 0, 1), VOS_OK);
    const vos_region_t regions[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
    };
    VT_EQ(vos_domain_init(&dom, "park", 5, regions, 1, park_grants, 1), VOS_OK);
    VT_EQ(vos_task_create_in(&dom, &utask, "parked", parked, NULL, 3, ustack, sizeof ustack),
          VOS_OK);
    vos_sleep(vos_ms(1));
    VT_EQ(vos_task_state(&utask), VOS_TASK_BLOCKED);
    VT_EQ(vos_domain_init(&dom, "again", 5, regions, 1, park_grants, 1), VOS_ERR_STATE);
    VT_EQ(vos_task_create_in(&dom, &utask, "twice", parked, NULL, 3, ustack, sizeof ustack),
          VOS_ERR_INVALID);                               /* a live task */
    VT_EQ(vos_sem_give(&park), VOS_OK);
    vos_sleep(vos_ms(1));
    VT_EQ(vos_task_state(&utask), VOS_TASK_EXITED);
    VT_EQ(vos_domain_init(&dom, "again", 5, regions, 1, park_grants, 1), VOS_OK);
    /* Bad arguments of create_in, each with its own code. */
    VT_EQ(vos_task_create_in(&dom, NULL, "x", parked, NULL, 3, ustack, sizeof ustack),
          VOS_ERR_INVALID);
    VT_EQ(vos_task_create_in(&dom, &utask, "x", NULL, NULL, 3, ustack, sizeof ustack),
          VOS_ERR_ARG);
    VT_EQ(vos_task_create_in(&dom, &utask, "x", parked, NULL, 0, ustack, sizeof ustack),
          VOS_ERR_ARG);
    VT_EQ(vos_task_create_in(&dom, &utask, "x", parked, NULL, 3, NULL, sizeof ustack),
          VOS_ERR_ARG);
    VT_EQ(vos_task_create_in(&dom, &utask, "x", parked, NULL, 3, ustack, 1000),
          VOS_ERR_LAYOUT);
    VT_EQ(vos_task_create_in(&dom, &utask, "x", parked, NULL, 3, ustack, 256),
          VOS_ERR_ARG);                                   /* a region, but below the minimum */
    vos_domain_t *d = &dom;
    VT_EQ(vos_task_domain(vt_task(0), &d), VOS_ERR_INVALID);   /* never created */
    VT_EQ(vos_domain_set_fault_policy((vos_domain_t *)&park, VOS_FAULT_STOP_TASK),
          VOS_ERR_INVALID);
}

/* --- Events, notifications, time and task state ---------------------- */
static vos_event_t ev, dead_ev, foreign_ev;
static vos_task_t peer, foreign_task;
static uint64_t peer_stack[2048 / 8] __attribute__((aligned(2048)));
static uint32_t kword;                           /* kernel memory */
static volatile uint32_t peer_got;
static volatile int peer_rc = 1;
static const void *const ev_grants[] = { &ev, &dead_ev, &sem, &peer, &utask };

static void peer_entry(void *arg)
{
    (void)arg;
    uint32_t v = 0;
    peer_rc = vos_notify_take(true, VOS_FOREVER, &v);
    peer_got = v;
}

#define RO ((void *)FLASH_WORD)
#define END(n) ((void *)&mem.bytes[sizeof mem - (n)])

static void event_prober(void *arg)
{
    (void)arg;
    volatile int *g = mem.d.got;
    uint32_t *b = (uint32_t *)mem.d.buf;
    vos_time_t tnow = 0;                          /* on its own stack */
    int n = 0;
    uint32_t local = 0;
    /* Not granted, NULL. */
    g[n++] = vos_u_event_set(&foreign_ev, 1);
    g[n++] = vos_u_event_set(NULL, 1);
    g[n++] = vos_u_event_clear(NULL, 1);
    g[n++] = vos_u_event_get(NULL, &local);
    g[n++] = vos_u_event_wait(NULL, 1, VOS_EVENT_ANY, VOS_NO_WAIT, NULL);
    g[n++] = vos_u_event_wait(&foreign_ev, 1, VOS_EVENT_ANY, VOS_NO_WAIT, NULL);
    g[n++] = vos_u_notify_give(NULL);
    g[n++] = vos_u_notify_set(&foreign_task, 1);
    g[n++] = vos_u_task_state(NULL);
    g[n++] = vos_u_task_state(&foreign_task);
    /* Granted, another type; granted, deleted. */
    g[n++] = vos_u_event_set((vos_event_t *)&sem, 1);
    g[n++] = vos_u_event_clear((vos_event_t *)&sem, 1);
    g[n++] = vos_u_event_get((vos_event_t *)&sem, &local);
    g[n++] = vos_u_event_wait((vos_event_t *)&sem, 1, VOS_EVENT_ANY, VOS_NO_WAIT, NULL);
    g[n++] = vos_u_notify_give((vos_task_t *)&ev);
    g[n++] = vos_u_notify_set((vos_task_t *)&sem, 1);
    g[n++] = vos_u_task_state((vos_task_t *)&ev);
    g[n++] = vos_u_event_set(&dead_ev, 1);
    g[n++] = vos_u_event_wait(&dead_ev, 1, VOS_EVENT_ANY, VOS_NO_WAIT, NULL);
    /* Buffers the kernel writes: NULL, kernel memory, across the end of
     * the region, read-only. */
    g[n++] = vos_u_event_get(&ev, NULL);
    g[n++] = vos_u_event_get(&ev, &kword);
    g[n++] = vos_u_event_get(&ev, END(2));
    g[n++] = vos_u_event_get(&ev, RO);
    g[n++] = vos_u_now(NULL);
    g[n++] = vos_u_now((vos_time_t *)(void *)&kword);
    g[n++] = vos_u_now(END(4));
    g[n++] = vos_u_now(RO);
    g[n++] = vos_u_event_wait(&ev, 1, VOS_EVENT_ANY, VOS_NO_WAIT, &kword);
    g[n++] = vos_u_event_wait(&ev, 1, VOS_EVENT_ANY, VOS_NO_WAIT, END(2));
    g[n++] = vos_u_event_wait(&ev, 1, VOS_EVENT_ANY, VOS_NO_WAIT, RO);
    g[n++] = vos_u_notify_take(false, VOS_NO_WAIT, &kword);
    g[n++] = vos_u_notify_take(false, VOS_NO_WAIT, END(2));
    g[n++] = vos_u_notify_take(false, VOS_NO_WAIT, RO);
    g[n++] = vos_u_notify_wait(1, 1, VOS_NO_WAIT, &kword);
    g[n++] = vos_u_notify_wait(1, 1, VOS_NO_WAIT, END(2));
    g[n++] = vos_u_notify_wait(1, 1, VOS_NO_WAIT, RO);
    /* The kernel's own errors come after the checks. */
    g[n++] = vos_u_event_wait(&ev, 0, VOS_EVENT_ANY, VOS_NO_WAIT, NULL);
    g[n++] = vos_u_event_wait(&ev, 1, VOS_EVENT_ANY, VOS_NO_WAIT, NULL);
    g[n++] = vos_u_event_wait(&ev, 1, VOS_EVENT_ANY, vos_us(100), NULL);
    g[n++] = vos_u_notify_take(false, VOS_NO_WAIT, NULL);
    g[n++] = vos_u_notify_wait(0, 0, VOS_NO_WAIT, NULL);
    g[n++] = vos_u_notify_set(&peer, 0);
    /* Granted: each works. */
    g[n++] = vos_u_event_set(&ev, 0x5);                                      /* 41 */
    g[n++] = vos_u_event_get(&ev, &b[0]);
    g[n++] = vos_u_event_wait(&ev, 0x1, VOS_EVENT_ANY | VOS_EVENT_CLEAR, VOS_NO_WAIT, &b[1]);
    g[n++] = vos_u_event_clear(&ev, 0x4);
    g[n++] = vos_u_event_get(&ev, &local);
    b[2] = local;
    g[n++] = vos_u_now(&tnow);
    memcpy(&mem.bytes[512], &tnow, sizeof tnow);
    g[n++] = vos_u_sleep_until(tnow + vos_us(200).cyc);
    g[n++] = vos_u_task_state(&peer);                                        /* blocked */
    g[n++] = vos_u_notify_give(&peer);                                       /* it runs, exits */
    g[n++] = vos_u_task_state(&peer);
    g[n++] = vos_u_notify_give(&utask);
    g[n++] = vos_u_notify_give(&utask);
    g[n++] = vos_u_notify_take(true, VOS_NO_WAIT, &b[3]);                    /* 2 */
    g[n++] = vos_u_notify_set(&utask, 0x8);
    g[n++] = vos_u_notify_wait(0x8, 0x8, VOS_NO_WAIT, &local);
    mem.d.buf[3] = mem.d.buf[3] * 16 + local;                                /* 2 * 16 + 8 */
    mem.d.done = n;
}

static const int ev_want[] = {
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_INVALID, VOS_ERR_INVALID, VOS_ERR_INVALID, VOS_ERR_INVALID, VOS_ERR_INVALID,
    VOS_ERR_INVALID, VOS_ERR_INVALID, VOS_ERR_INVALID, VOS_ERR_INVALID,
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_ARG, VOS_ERR_WOULD_BLOCK, VOS_ERR_TIMEOUT, VOS_ERR_WOULD_BLOCK, VOS_ERR_ARG,
    VOS_ERR_ARG,
    VOS_OK, VOS_OK, VOS_OK, VOS_OK, VOS_OK, VOS_OK, VOS_OK,
    VOS_TASK_BLOCKED, VOS_OK, VOS_TASK_EXITED,
    VOS_OK, VOS_OK, VOS_OK, VOS_OK, VOS_OK,
};

VT_TEST(event_notify_time_and_state_calls_check_grants_and_buffers)
{
    memset(&mem, 0, sizeof mem);
    VT_EQ(vos_sem_init(&sem, 0, 1), VOS_OK);
    VT_EQ(vos_event_init(&ev, 0), VOS_OK);
    VT_EQ(vos_event_init(&dead_ev, 0), VOS_OK);
    VT_EQ(vos_event_init(&foreign_ev, 0), VOS_OK);
    VT_EQ(vos_task_create(&peer, "peer", peer_entry, NULL, 4, peer_stack, sizeof peer_stack),
          VOS_OK);
    const vos_region_t regions[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &mem, sizeof mem, VOS_MEM_READ | VOS_MEM_WRITE },
    };
    VT_EQ(vos_domain_init(&dom, "events", 5, regions, 2, ev_grants, 5), VOS_OK);
    VT_EQ(vos_event_delete(&dead_ev), VOS_OK);
    vos_time_t t0 = vos_now();
    VT_EQ(vos_task_create_in(&dom, &utask, "evprober", event_prober, NULL, 3, ustack,
                             sizeof ustack), VOS_OK);
    vos_sleep(vos_ms(5));
    VT_EQ(mem.d.done, (int)(sizeof ev_want / sizeof ev_want[0]));
    for (unsigned i = 0; i < sizeof ev_want / sizeof ev_want[0]; i++) {
        if (mem.d.got[i] != ev_want[i])
            vt_note("row %u: %d, want %d\n", i, mem.d.got[i], ev_want[i]);
        VT_EQ(mem.d.got[i], ev_want[i]);
    }
    /* What the granted calls did. */
    VT_EQ(mem.d.buf[0], 0x5u);
    VT_EQ(mem.d.buf[1], 0x5u);                    /* before the clear */
    VT_EQ(mem.d.buf[2], 0x0u);                    /* 1 cleared on release, 4 by clear */
    VT_EQ(mem.d.buf[3], 2u * 16 + 8);
    vos_time_t tu;
    memcpy(&tu, &mem.bytes[512], sizeof tu);
    VT_ASSERT(tu >= t0 && tu <= vos_now());
    VT_EQ(peer_rc, VOS_OK);
    VT_EQ(peer_got, 1u);
    /* Nothing a refused call named was changed. */
    uint32_t f = 1;
    VT_EQ(vos_event_get(&foreign_ev, &f), VOS_OK);
    VT_EQ(f, 0u);
    VT_EQ(kword, 0u);
    VT_EQ(vos_task_state(&utask), VOS_TASK_EXITED);
}

/* --- Channels: a client domain and a server domain with no memory in
 * common; the kernel copies between their buffers. -------------------- */
struct side {
    volatile int got[24];
    volatile int n;
    uint8_t req[8], rep[8];
    vos_msg_client_t client;
};
static union { struct side s; uint8_t bytes[512]; } mem_a __attribute__((aligned(512)));
static union { struct side s; uint8_t bytes[512]; } mem_b __attribute__((aligned(512)));
static uint64_t sstack[2048 / 8] __attribute__((aligned(2048)));
static vos_task_t stask;
static vos_domain_t dom_b;
static vos_chan_t ch, dead_ch, foreign_ch;
static vos_msg_client_t kclient;                 /* kernel memory */
static const void *const a_grants[] = { &ch, &dead_ch, &sem };
static const void *const b_grants[] = { &ch };

static void server(void *arg)
{
    (void)arg;
    struct side *m = &mem_b.s;
    volatile int *g = m->got;
    int n = 0;
    g[n++] = vos_u_msg_receive(&foreign_ch, m->req, 8, &m->client, VOS_NO_WAIT);
    g[n++] = vos_u_msg_receive(NULL, m->req, 8, &m->client, VOS_NO_WAIT);
    g[n++] = vos_u_msg_receive(&ch, RO, 8, &m->client, VOS_NO_WAIT);
    g[n++] = vos_u_msg_receive(&ch, &mem_b.bytes[sizeof mem_b - 4], 8, &m->client, VOS_NO_WAIT);
    g[n++] = vos_u_msg_receive(&ch, m->req, 8, &kclient, VOS_NO_WAIT);
    g[n++] = vos_u_msg_receive(&ch, m->req, 8, (vos_msg_client_t *)RO, VOS_NO_WAIT);
    g[n++] = vos_u_msg_receive(&ch, mem_a.s.req, 8, &m->client, VOS_NO_WAIT);   /* the other's */
    g[n++] = vos_u_msg_receive(&ch, m->req, 8, &m->client, VOS_NO_WAIT);         /* nobody */
    g[n++] = vos_u_msg_reply(&kclient, m->rep, 4, VOS_OK);
    g[n++] = vos_u_msg_reply(&m->client, &kword, 4, VOS_OK);
    g[n++] = vos_u_msg_reply(&m->client, m->rep, 4, VOS_OK);    /* task NULL: no client */
    g[n++] = vos_u_msg_signal(&ch, 0);
    /* The exchange: first the client's signal, then its request. */
    g[n++] = vos_u_msg_receive(&ch, m->req, 8, &m->client, VOS_FOREVER);       /* 12 */
    g[n++] = (int)m->client.signals;
    g[n++] = vos_u_msg_receive(&ch, m->req, 8, &m->client, VOS_FOREVER);
    for (unsigned i = 0; i < 4; i++)
        m->rep[i] = (uint8_t)(m->req[i] + 1);
    g[n++] = vos_u_msg_reply(&m->client, m->rep, 4, VOS_OK);
    g[n++] = vos_u_msg_reply(&m->client, m->rep, 4, VOS_OK);    /* replied already */
    m->n = n;
}

static void client(void *arg)
{
    (void)arg;
    struct side *m = &mem_a.s;
    volatile int *g = m->got;
    int n = 0;
    for (unsigned i = 0; i < 4; i++)
        m->req[i] = (uint8_t)(10 * i);
    g[n++] = vos_u_msg_send(NULL, m->req, 4, m->rep, 8, VOS_NO_WAIT);
    g[n++] = vos_u_msg_send(&foreign_ch, m->req, 4, m->rep, 8, VOS_NO_WAIT);
    g[n++] = vos_u_msg_send((vos_chan_t *)&sem, m->req, 4, m->rep, 8, VOS_NO_WAIT);
    g[n++] = vos_u_msg_send(&dead_ch, m->req, 4, m->rep, 8, VOS_NO_WAIT);
    g[n++] = vos_u_msg_send(&ch, &kword, 4, m->rep, 8, VOS_NO_WAIT);
    g[n++] = vos_u_msg_send(&ch, &mem_a.bytes[sizeof mem_a - 2], 4, m->rep, 8, VOS_NO_WAIT);
    g[n++] = vos_u_msg_send(&ch, mem_b.s.req, 4, m->rep, 8, VOS_NO_WAIT);        /* the other's */
    g[n++] = vos_u_msg_send(&ch, m->req, 4, RO, 8, VOS_NO_WAIT);
    g[n++] = vos_u_msg_send(&ch, m->req, 4, &kclient, 8, VOS_NO_WAIT);
    g[n++] = vos_u_msg_send(&ch, m->req, 4, mem_b.s.rep, 8, VOS_NO_WAIT);
    g[n++] = vos_u_msg_send(&ch, m->req, 4, &mem_a.bytes[sizeof mem_a - 4], 8, VOS_NO_WAIT);
    g[n++] = vos_u_msg_signal(&foreign_ch, 1);
    g[n++] = vos_u_msg_signal((vos_chan_t *)&sem, 1);
    g[n++] = vos_u_msg_signal(&ch, 0x2);                       /* the server takes it at once */
    g[n++] = vos_u_msg_send(&ch, m->req, 4, m->rep, 8, vos_ms(2));
    m->n = n;
}

static const int server_want[] = {
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_PERM, VOS_ERR_WOULD_BLOCK, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_INVALID,
    VOS_ERR_ARG, 0, 0x2, 4, VOS_OK, VOS_ERR_STATE,
};
static const int client_want[] = {
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_INVALID, VOS_ERR_INVALID, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM, VOS_ERR_PERM,
    VOS_ERR_PERM, VOS_ERR_INVALID, VOS_OK, 4,
};

static void check_rows(const char *who, const volatile int *got, const int *wanted, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        if (got[i] != wanted[i])
            vt_note("%s row %u: %d, want %d\n", who, i, got[i], wanted[i]);
        VT_EQ(got[i], wanted[i]);
    }
}

VT_TEST(channel_calls_exchange_across_domains_without_shared_memory)
{
    memset(&mem_a, 0, sizeof mem_a);
    memset(&mem_b, 0, sizeof mem_b);
    VT_EQ(vos_sem_init(&sem, 0, 1), VOS_OK);
    VT_EQ(vos_chan_init(&ch), VOS_OK);
    VT_EQ(vos_chan_init(&dead_ch), VOS_OK);
    VT_EQ(vos_chan_init(&foreign_ch), VOS_OK);
    const vos_region_t ra[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &mem_a, sizeof mem_a, VOS_MEM_READ | VOS_MEM_WRITE },
    };
    const vos_region_t rb[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &mem_b, sizeof mem_b, VOS_MEM_READ | VOS_MEM_WRITE },
    };
    VT_EQ(vos_domain_init(&dom, "client", 5, ra, 2, a_grants, 3), VOS_OK);
    VT_EQ(vos_domain_init(&dom_b, "server", 5, rb, 2, b_grants, 1), VOS_OK);
    VT_EQ(vos_chan_delete(&dead_ch), VOS_OK);
    /* A channel is no domain (their tags were once the same). */
    VT_EQ(vos_domain_set_fault_policy((vos_domain_t *)&ch, VOS_FAULT_STOP_TASK),
          VOS_ERR_INVALID);
    VT_EQ(vos_task_create_in(&dom_b, &stask, "server", server, NULL, 4, sstack, sizeof sstack),
          VOS_OK);
    VT_EQ(vos_task_create_in(&dom, &utask, "client", client, NULL, 3, ustack, sizeof ustack),
          VOS_OK);
    vos_sleep(vos_ms(5));
    VT_EQ(mem_b.s.n, (int)(sizeof server_want / sizeof server_want[0]));
    VT_EQ(mem_a.s.n, (int)(sizeof client_want / sizeof client_want[0]));
    check_rows("server", mem_b.s.got, server_want, sizeof server_want / sizeof server_want[0]);
    check_rows("client", mem_a.s.got, client_want, sizeof client_want / sizeof client_want[0]);
    for (unsigned i = 0; i < 4; i++) {
        VT_EQ(mem_b.s.req[i], (uint8_t)(10 * i));
        VT_EQ(mem_a.s.rep[i], (uint8_t)(10 * i + 1));
    }
    VT_EQ(mem_a.s.rep[4], 0);                                  /* only the reply's 4 bytes */
    VT_EQ(kword, 0u);
    VT_EQ(vos_task_state(&stask), VOS_TASK_EXITED);
    VT_EQ(vos_task_state(&utask), VOS_TASK_EXITED);
}
