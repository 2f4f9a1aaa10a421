/* SPDX-License-Identifier: MIT */
/*
 * Attacks on the protection boundary (VOS_CFG_MPU; docs/api.md, "Threat
 * model"), on the emulated board: an attacker task runs unprivileged in
 * domain A and tries to reach the kernel's memory, the victim domain B's
 * memory, or privilege, through every vos_u_* call that takes a handle or
 * a pointer (forged objects in its own memory with valid tags, forged
 * channel handles whose pointers lead into the kernel and into B, raw
 * SVCs with forged argument blocks), through SVCs made inside IT blocks,
 * and with its stack pointer where it may not write. Each attack must be
 * refused or contained: nothing outside A changes, A never runs
 * privileged, and B's task keeps its period throughout (the containment
 * check of every case).
 *
 * The attacker reports what its calls returned in A's memory; the
 * privileged runner compares. Fake kernel structures are built with the
 * kernel's own layouts (kernel.h), as an attacker would from the headers.
 */
#include <stddef.h>
#include <string.h>
#include "vtest.h"
#include "mpu_code.h"
#include "kernel.h"

_Static_assert(VOS_CFG_MPU == 1, "the MPU suites run in the MPU build");

#define ROWS 128

/* --- Hooks ------------------------------------------------------------- */

static vos_task_t *volatile so_task, *volatile ft_task;
static volatile int so_calls, ft_calls;
static vos_fault_t ft_info;

void vos_hook_stack_overflow(vos_task_t *t)
{
    so_task = t;
    so_calls++;
}

void vos_hook_fault(vos_task_t *t, const vos_fault_t *f)
{
    ft_task = t;
    ft_info = *f;
    ft_calls++;
}

/* --- The attacker's domain A and the victim's domain B ----------------- */

/* A client's send descriptor as kernel/channel.c lays it out (struct
 * msg_send): what a forged handle's "task" points its wait data at. */
struct fake_send {
    const void *req;
    size_t req_len;
    void *reply;
    size_t reply_cap;
    uint32_t seq;
    vos_task_t *server;
    vos_mutex_t hold;
};

struct a_data {
    volatile int got[ROWS];
    volatile int n;
    volatile int want[ROWS];       /* the matrix's rows: expected, and their lines */
    volatile int line[ROWS];
    volatile int escaped;          /* set by code that ran privileged */
    volatile uint32_t control;     /* CONTROL as the attacker read it after an attack */
    volatile int after;            /* reached the instruction after a refused SVC */
    uint8_t buf[64];
    vos_task_t ftask;              /* forged objects, each with its type's tag */
    struct fake_send fsend;
    vos_sem_t fsem;
    vos_mutex_t fmutex;
    vos_queue_t fqueue;
    vos_event_t fevent;
    vos_chan_t fchan;
    vos_msg_client_t h;
    struct vos__sys_msg_args margs;
    struct vos__sys_wait_args wargs;
};
static union {
    struct a_data d;
    uint8_t bytes[4096];
} amem __attribute__((aligned(4096)));
_Static_assert(sizeof(struct a_data) <= 4096, "A's data fits its region");

struct b_data {
    volatile unsigned ticks;
    volatile int stop;
    volatile uint32_t secret[8];   /* what the attacker tries to write */
    volatile int64_t late_max;
};
static union {
    struct b_data d;
    uint8_t bytes[256];
} bmem __attribute__((aligned(256)));

static uint64_t astack[2048 / 8] __attribute__((aligned(2048)));
static uint64_t bstack[2048 / 8] __attribute__((aligned(2048)));
static vos_task_t atask, btask;
static vos_domain_t dom_a, dom_b;

/* Kernel memory the attacks aim at. */
static volatile uint32_t kword;
static volatile uint32_t ktag;     /* holds the task tag: a read oracle's probe */

static vos_sem_t sem, bsem;
static vos_mutex_t mtx;
static vos_queue_t q;
static uint32_t qbuf[2];
static vos_event_t ev;
static vos_chan_t ch;
static const void *const a_grants[] = { &sem, &mtx, &q, &ev, &ch, &btask };
static const void *const b_grants[] = { &bsem };

#define SECRET 0x5EC12E7u

/* B's task: a 200 us period, its lateness in B's memory. */
static void victim(void *arg)
{
    (void)arg;
    struct b_data *b = &bmem.d;
    vos_time_t next = 0;
    if (vos_u_now(&next) != VOS_OK)
        return;
    while (!b->stop) {
        next += vos_dur_cycles(vos_us(200));
        vos_u_sleep_until(next);
        vos_time_t now = 0;
        vos_u_now(&now);
        if ((int64_t)(now - next) > b->late_max)
            b->late_max = (int64_t)(now - next);
        b->ticks++;
    }
}

/* Kernel objects, both domains, B's task; then the attacker's entry in A
 * at priority 3 (B's task runs at 6, above it). */
static void arena(vos_entry_t attacker, void *arg)
{
    memset(&amem, 0, sizeof amem);
    memset(&bmem, 0, sizeof bmem);
    for (unsigned i = 0; i < 8; i++)
        bmem.d.secret[i] = SECRET + i;
    kword = 0;
    ktag = VOS_TAG_TASK;
    so_task = ft_task = NULL;
    so_calls = ft_calls = 0;
    VT_EQ(vos_sem_init(&sem, 0, 1), VOS_OK);
    VT_EQ(vos_sem_init(&bsem, 0, 1), VOS_OK);
    VT_EQ(vos_mutex_init(&mtx), VOS_OK);
    VT_EQ(vos_queue_init(&q, qbuf, sizeof qbuf[0], 2), VOS_OK);
    VT_EQ(vos_event_init(&ev, 0), VOS_OK);
    VT_EQ(vos_chan_init(&ch), VOS_OK);
    const vos_region_t ra[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &amem, sizeof amem, VOS_MEM_READ | VOS_MEM_WRITE },
    };
    const vos_region_t rb[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &bmem, sizeof bmem, VOS_MEM_READ | VOS_MEM_WRITE },
    };
    VT_EQ(vos_domain_init(&dom_b, "victim", 7, rb, 2, b_grants, 1), VOS_OK);
    VT_EQ(vos_task_create_in(&dom_b, &btask, "victim", victim, NULL, 6, bstack, sizeof bstack),
          VOS_OK);
    VT_EQ(vos_domain_init(&dom_a, "attacker", 5, ra, 2, a_grants,
                          sizeof a_grants / sizeof a_grants[0]), VOS_OK);
    VT_EQ(vos_task_create_in(&dom_a, &atask, "attacker", attacker, arg, 3, astack,
                             sizeof astack), VOS_OK);
}

/* After an attack: nothing outside A changed, and B kept its period
 * (each of its wakes within 50 us of its deadline) and goes on. */
static void contained(void)
{
    unsigned before = bmem.d.ticks;
    vos_sleep(vos_ms(2));
    VT_ASSERT(bmem.d.ticks >= before + 5);
    VT_LE(bmem.d.late_max, (int64_t)vos_dur_cycles(vos_us(50)));
    for (unsigned i = 0; i < 8; i++)
        VT_EQ(bmem.d.secret[i], SECRET + i);
    VT_EQ(kword, 0u);
    VT_EQ(ktag, VOS_TAG_TASK);
    VT_EQ(amem.d.escaped, 0);
    bmem.d.stop = 1;
    vos_sleep(vos_ms(1));
    VT_EQ(vos_task_state(&btask), VOS_TASK_EXITED);
}

static void check_rows(const int *want, unsigned n)
{
    VT_EQ(amem.d.n, (int)n);
    for (unsigned i = 0; i < n; i++) {
        if (amem.d.got[i] != want[i])
            vt_note("row %u: %d, want %d\n", i, amem.d.got[i], want[i]);
        VT_EQ(amem.d.got[i], want[i]);
    }
}

/* A fake client in A's memory, as a forged handle names it: blocked in a
 * send held by server (the attacker itself), whose reply buffer is
 * target. */
static void forge_client(struct a_data *m, vos_task_t *server, void *target, uint32_t seq)
{
    memset(&m->ftask, 0, sizeof m->ftask);
    memset(&m->fsend, 0, sizeof m->fsend);
    m->ftask.tag = VOS_TAG_TASK;
    m->ftask.state = VOS_TASK_BLOCKED;
    m->ftask.prio = m->ftask.base_prio = 1;
    m->ftask.wait_mutex = &m->fsend.hold;
    m->ftask.wait_data = &m->fsend;
    m->fsend.hold.tag = VOS_TAG_MUTEX;
    m->fsend.hold.reserved = (uint8_t)VOS__HELD_MSG;
    m->fsend.hold.owner_word = (uintptr_t)server | VOS__OWNER_TRACKED;
    m->fsend.reply = target;
    m->fsend.reply_cap = 64;
    m->fsend.seq = seq;
    m->fsend.server = server;
    m->h = (vos_msg_client_t){ .task = &m->ftask, .seq = seq, .reply_cap = 64 };
}

/* --- Finding 1: a forged reply handle ---------------------------------- */

/* The handle's task is forged (its wait data names the attacker as the
 * server), or is any kernel word: the reply must be refused without the
 * kernel reading through it. Rows that would not write anything even
 * when accepted, so that the old acceptance shows as a wrong code. */
static void reply_probe(void *self)
{
    struct a_data *m = &amem.d;
    volatile int *g = m->got;
    int n = 0;
    forge_client(m, self, (void *)&kword, 7);
    g[n++] = vos_u_msg_reply(&m->h, m->buf, 65, VOS_OK);       /* beyond the fake's cap */
    /* Read oracle: a word equal to the task tag, and one that is not. */
    m->h = (vos_msg_client_t){ .task = (vos_task_t *)(uintptr_t)&ktag, .seq = 1 };
    g[n++] = vos_u_msg_reply(&m->h, m->buf, 4, VOS_OK);
    m->h = (vos_msg_client_t){ .task = (vos_task_t *)(uintptr_t)&kword, .seq = 1 };
    g[n++] = vos_u_msg_reply(&m->h, m->buf, 4, VOS_OK);
    m->n = n;
}

VT_TEST(a_forged_reply_handle_is_refused_and_tells_nothing)
{
    arena(reply_probe, &atask);
    vos_sleep(vos_ms(2));
    static const int want[] = { VOS_ERR_STATE, VOS_ERR_STATE, VOS_ERR_STATE };
    check_rows(want, sizeof want / sizeof want[0]);
    VT_EQ(vos_task_state(&atask), VOS_TASK_EXITED);
    contained();
}

/* The forged client's reply buffer in the kernel's memory, in B's, and in
 * A's own code: accepted, the reply would be a privileged write there. */
static void reply_write(void *self)
{
    struct a_data *m = &amem.d;
    volatile int *g = m->got;
    int n = 0;
    memset(m->buf, 0xEE, sizeof m->buf);
    forge_client(m, self, (void *)&kword, 9);
    g[n++] = vos_u_msg_reply(&m->h, m->buf, 4, VOS_OK);
    forge_client(m, self, (void *)&bmem.d.secret[0], 10);
    g[n++] = vos_u_msg_reply(&m->h, m->buf, 32, VOS_OK);
    forge_client(m, self, (void *)&dom_a, 11);                  /* A's own domain object */
    g[n++] = vos_u_msg_reply(&m->h, m->buf, 64, VOS_OK);
    forge_client(m, self, (void *)&kword, 12);
    g[n++] = vos_u_msg_reply(&m->h, NULL, 0, VOS_MSG_STATUS_APP);   /* a status: no copy */
    /* A real task that the attacker does not hold: B's. */
    m->h = (vos_msg_client_t){ .task = &btask, .seq = 1 };
    g[n++] = vos_u_msg_reply(&m->h, m->buf, 4, VOS_OK);
    m->h = (vos_msg_client_t){ .task = self, .seq = 1 };
    g[n++] = vos_u_msg_reply(&m->h, m->buf, 4, VOS_OK);
    m->n = n;
}

VT_TEST(a_forged_reply_handle_writes_nowhere)
{
    vos_domain_t before;
    arena(reply_write, &atask);
    memcpy(&before, &dom_a, sizeof before);
    vos_sleep(vos_ms(2));
    static const int want[] = { VOS_ERR_STATE, VOS_ERR_STATE, VOS_ERR_STATE, VOS_ERR_STATE,
                                VOS_ERR_STATE, VOS_ERR_STATE };
    check_rows(want, sizeof want / sizeof want[0]);
    VT_ASSERT(memcmp(&before, &dom_a, sizeof before) == 0);
    VT_EQ(vos_task_state(&atask), VOS_TASK_EXITED);
    contained();
}

/* --- Finding 2: an SVC inside an IT block ------------------------------ */

/* Where the attack returns if the kernel's entry runs under the caller's
 * IT state (its push, call and SVC #2 skipped, its final pop run
 * privileged from the attacker's stack): privileged, it writes the
 * kernel's memory and B's, and returns after the SVC (its LR). */
static __attribute__((noinline, used)) void escape(void)
{
    kword = 0xBAD;
    bmem.d.secret[0] = 0xBAD;
    amem.d.escaped = 1;
}

static uint32_t control_now(void)
{
    uint32_t c;
    __asm__ volatile("mrs %0, control" : "=r"(c));
    return c;
}

/* iteee ne; svcne #1 with the return address escape | 1 stacked where the
 * entry's final pop would take it. Returns r0 after the block. */
static int svc_in_it_block(void)
{
    register uint32_t r0 __asm__("r0") = 0;
    register uint32_t r12 __asm__("r12") = VOS__SYS_YIELD;
    __asm__ volatile("ldr    r1, =escape        \n\t"   /* with its Thumb bit */
                     "push   {r0, r1}           \n\t"   /* the pop's r12, pc */
                     "cmp    r0, #1             \n\t"   /* ne */
                     "iteee  ne                 \n\t"
                     "svcne  #1                 \n\t"
                     "nopeq                     \n\t"
                     "nopeq                     \n\t"
                     "nopeq                     \n\t"
                     "add    sp, sp, #8         \n\t"
                     : "+r"(r0), "+r"(r12)
                     :
                     : "r1", "r2", "r3", "lr", "memory", "cc");
    return (int)r0;
}

/* The SVC as the last instruction of its block: no IT state is left, an
 * ordinary call (a yield: VOS_OK). */
static int svc_ending_it_block(void)
{
    register uint32_t r0 __asm__("r0") = 0;
    register uint32_t r12 __asm__("r12") = VOS__SYS_YIELD;
    __asm__ volatile("cmp    r0, #1             \n\t"
                     "ite    eq                 \n\t"
                     "moveq  r0, #9             \n\t"
                     "svcne  #1                 \n\t"
                     : "+r"(r0), "+r"(r12)
                     :
                     : "r1", "r2", "r3", "lr", "memory", "cc");
    return (int)r0;
}

/* The other SVC numbers from a task: #0 (the first task's start), #2
 * (the kernel call's leave), any other: each does nothing; r0 comes back
 * as it went. */
#define OTHER_SVC(imm)                                                       \
    static int svc_##imm(void)                                               \
    {                                                                        \
        register uint32_t r0 __asm__("r0") = 77;                            \
        __asm__ volatile("svc #" #imm : "+r"(r0) : : "r1", "r2", "r3", "r12", \
                         "lr", "memory", "cc");                             \
        return (int)r0;                                                      \
    }
OTHER_SVC(0)
OTHER_SVC(2)
OTHER_SVC(200)

static void it_attacker(void *arg)
{
    (void)arg;
    struct a_data *m = &amem.d;
    int n = 0;
    m->got[n++] = svc_in_it_block();
    m->control = control_now();
    m->got[n++] = svc_ending_it_block();
    m->got[n++] = svc_0();
    m->got[n++] = svc_2();
    m->got[n++] = svc_200();
    m->got[n++] = (int)(control_now() & 1u);
    m->n = n;
}

VT_TEST(an_svc_in_an_it_block_is_refused_and_stays_unprivileged)
{
    arena(it_attacker, NULL);
    vos_sleep(vos_ms(2));
    static const int want[] = { VOS_ERR_ARG, VOS_OK, 77, 77, 77, 1 };
    check_rows(want, sizeof want / sizeof want[0]);
    VT_EQ(amem.d.control & 1u, 1u);                    /* still unprivileged */
    VT_EQ(vos_task_state(&atask), VOS_TASK_EXITED);
    VT_EQ(so_calls + ft_calls, 0);
    contained();
}

/* --- Finding 3: an SVC with the stack pointer where the task may not write */

/* Each attack sets the stack pointer to arg and executes its instruction;
 * nothing after it may run. */
static void svc_at(void *arg)
{
    __asm__ volatile("mov sp, %0 \n\t svc #1" :: "r"(arg) : "memory");
    amem.d.after = 1;
}

static void udf_at(void *arg)
{
    __asm__ volatile("mov sp, %0 \n\t udf #0" :: "r"(arg) : "memory");
    amem.d.after = 1;
}

static void load_at(void *arg)
{
    __asm__ volatile("mov sp, %0 \n\t ldr r0, [%1]" :: "r"(arg), "r"(&kword) : "r0", "memory");
    amem.d.after = 1;
}

static void run_stopped(vos_entry_t entry, void *sp, const char *what, const char *where)
{
    so_task = ft_task = NULL;
    so_calls = ft_calls = 0;
    amem.d.after = 0;
    VT_EQ(vos_task_create_in(&dom_a, &atask, what, entry, sp, 3, astack, sizeof astack),
          VOS_OK);
    vos_sleep(vos_ms(1));
    if (so_calls != 1 || ft_calls != 0)
        vt_note("%s, stack pointer in %s: %d stack overflow reports, %d fault reports\n",
                what, where, so_calls, ft_calls);
    VT_EQ(vos_task_state(&atask), VOS_TASK_FAULTED);
    VT_EQ(so_calls, 1);                                 /* reported once, as a stack fault */
    VT_ASSERT(so_task == &atask);
    VT_EQ(ft_calls, 0);
    VT_EQ(amem.d.after, 0);
}

static void idle_attacker(void *arg)
{
    (void)arg;
}

VT_TEST(an_svc_or_a_fault_with_the_stack_pointer_out_of_reach_stops_only_its_task)
{
    arena(idle_attacker, NULL);
    vos_sleep(vos_ms(1));
    void *kernel = (void *)((uintptr_t)&kword + 64);
    void *guard = (uint8_t *)astack + VOS_CFG_STACK_GUARD / 2;
    void *other = &bmem.bytes[128];
    void *flash = (void *)((uintptr_t)FLASH_BASE + 4096);
    void *const sps[] = { kernel, guard, other, flash };
    static const char *const names[] = { "kernel", "guard", "other", "flash" };
    for (unsigned i = 0; i < 4; i++) {
        run_stopped(svc_at, sps[i], "svc", names[i]);
        run_stopped(udf_at, sps[i], "udf", names[i]);
        run_stopped(load_at, sps[i], "load", names[i]);
    }
    contained();
}

/* The frame inside the task's stack, but what its return restores above
 * it: an FP frame (104 bytes, of which the hardware writes only the
 * first 32 while the FP state is saved lazily) 32 bytes below the top,
 * or a basic frame whose alignment word lies above the top. The kernel
 * would run privileged with its stack pointer above the task's stack,
 * pushing into what lies there. */
static struct {
    uint64_t stack[2048 / 8];
    volatile uint32_t above[16];
} fst __attribute__((aligned(2048)));

static void svc_fp_at(void *arg)
{
    __asm__ volatile("vmov   s0, %1     \n\t"    /* an FP context: the frame has its area */
                     "mov    sp, %0     \n\t"
                     "mov    r12, %2    \n\t"
                     "svc    #1         \n\t"
                     :: "r"(arg), "r"(0u), "r"(VOS__SYS_YIELD) : "s0", "r12", "memory");
    amem.d.after = 1;
}

static void svc_basic_at(void *arg)
{
    __asm__ volatile("mov    sp, %0     \n\t"
                     "mov    r12, %1    \n\t"
                     "svc    #1         \n\t"
                     :: "r"(arg), "r"(VOS__SYS_YIELD) : "r12", "memory");
    amem.d.after = 1;
}

VT_TEST(an_svc_whose_frame_return_leaves_the_stack_stops_its_task)
{
    arena(idle_attacker, NULL);
    vos_sleep(vos_ms(1));
    uint8_t *top = (uint8_t *)fst.stack + sizeof fst.stack;
    vos_entry_t entries[] = { svc_fp_at, svc_basic_at };
    void *sps[] = { top + 104 - 32, top + 4 };
    for (unsigned i = 0; i < 2; i++) {
        for (unsigned k = 0; k < 16; k++)
            fst.above[k] = 0xAB0E0000u + k;
        so_calls = ft_calls = 0;
        amem.d.after = 0;
        VT_EQ(vos_task_create_in(&dom_a, &atask, "frame", entries[i], sps[i], 3, fst.stack,
                                 sizeof fst.stack), VOS_OK);
        vos_sleep(vos_ms(1));
        if (so_calls != 1 || ft_calls != 0 || amem.d.after != 0)
            vt_note("row %u: %d stack overflow reports, %d fault reports, after %d\n", i,
                    so_calls, ft_calls, amem.d.after);
        VT_EQ(vos_task_state(&atask), VOS_TASK_FAULTED);
        VT_EQ(so_calls, 1);
        VT_EQ(ft_calls, 0);
        VT_EQ(amem.d.after, 0);
        for (unsigned k = 0; k < 16; k++)
            VT_EQ(fst.above[k], 0xAB0E0000u + k);
    }
    contained();
}

/* --- The matrix: every call that takes a handle or a pointer ------------ */

/* An SVC #1 made by hand: any number, any arguments. */
static int raw(uint32_t num, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
    register uint32_t r0 __asm__("r0") = a0;
    register uint32_t r1 __asm__("r1") = a1;
    register uint32_t r2 __asm__("r2") = a2;
    register uint32_t r3 __asm__("r3") = a3;
    register uint32_t r12 __asm__("r12") = num;
    __asm__ volatile("svc #1" : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3), "+r"(r12)
                     : : "lr", "memory", "cc");
    return (int)r0;
}

#define U(p) ((uint32_t)(uintptr_t)(p))
#define R(call, w)                                                            \
    do { m->line[n] = __LINE__; m->want[n] = (w); m->got[n] = (call); n++; } while (0)
#define P VOS_ERR_PERM
#define NOWAIT VOS_NO_WAIT

/* Forged objects in A's memory, each with its type's tag and its pointers
 * aimed at the kernel's word and at B's memory. */
static void forge_objects(struct a_data *m)
{
    memset(&m->fsem, 0, sizeof m->fsem);
    m->fsem.tag = VOS_TAG_SEM;
    memset(&m->fmutex, 0, sizeof m->fmutex);
    m->fmutex.tag = VOS_TAG_MUTEX;
    m->fmutex.owner_word = U(&btask) | VOS__OWNER_TRACKED;
    memset(&m->fqueue, 0, sizeof m->fqueue);
    m->fqueue.tag = VOS_TAG_QUEUE;
    memset(&m->fevent, 0, sizeof m->fevent);
    m->fevent.tag = VOS_TAG_EVENT;
    memset(&m->fchan, 0, sizeof m->fchan);
    m->fchan.tag = VOS_TAG_CHAN;
    forge_client(m, &atask, (void *)&kword, 3);
    m->fevent.waiters.head = &m->ftask;
    m->fchan.receivers.head = &m->ftask;
    m->ftask.wait_data = (void *)&bmem.d.secret[0];
}

static void matrix(void *arg)
{
    (void)arg;
    struct a_data *m = &amem.d;
    int n = 0;
    void *K = (void *)&kword;                   /* the kernel's memory */
    void *O = (void *)&bmem.d.secret[0];        /* B's memory */
    uint8_t *b = m->buf;
    uint32_t v = 0;
    forge_objects(m);
    /* Semaphores, mutexes: forged, another domain's, kernel memory. */
    R(vos_u_sem_give(&m->fsem), P);
    R(vos_u_sem_give(&bsem), P);
    R(vos_u_sem_give(K), P);
    R(vos_u_sem_give(O), P);
    R(vos_u_sem_take(&m->fsem, NOWAIT), P);
    R(vos_u_sem_take(&bsem, NOWAIT), P);
    R(vos_u_sem_take(K, NOWAIT), P);
    R(vos_u_mutex_lock(&m->fmutex, NOWAIT), P);
    R(vos_u_mutex_lock(K, NOWAIT), P);
    R(vos_u_mutex_lock(O, NOWAIT), P);
    R(vos_u_mutex_unlock(&m->fmutex), P);
    R(vos_u_mutex_unlock(K), P);
    /* Queues: the object, then the item in the kernel's or B's memory. */
    R(vos_u_queue_send(&m->fqueue, b, NOWAIT), P);
    R(vos_u_queue_recv(&m->fqueue, b, NOWAIT), P);
    R(vos_u_queue_send(K, b, NOWAIT), P);
    R(vos_u_queue_send(&q, K, NOWAIT), P);
    R(vos_u_queue_send(&q, O, NOWAIT), P);
    R(vos_u_queue_send(&q, &qbuf[0], NOWAIT), P);        /* the queue's own storage */
    R(vos_u_queue_recv(&q, K, NOWAIT), P);
    R(vos_u_queue_recv(&q, O, NOWAIT), P);
    R(vos_u_queue_recv(&q, (void *)&dom_a, NOWAIT), P);  /* its own domain object */
    /* Time, task state. */
    R(vos_u_now(K), P);
    R(vos_u_now(O), P);
    R(vos_u_task_state(&m->ftask), P);
    R(vos_u_task_state(&atask), P);                       /* itself: not granted */
    R(vos_u_task_state(K), P);
    /* Events. */
    R(vos_u_event_set(&m->fevent, 1), P);
    R(vos_u_event_clear(&m->fevent, 1), P);
    R(vos_u_event_set(K, 1), P);
    R(vos_u_event_get(&m->fevent, &v), P);
    R(vos_u_event_get(&ev, K), P);
    R(vos_u_event_get(&ev, O), P);
    R(vos_u_event_wait(&m->fevent, 1, VOS_EVENT_ANY, NOWAIT, NULL), P);
    R(vos_u_event_wait(&ev, 1, VOS_EVENT_ANY, NOWAIT, K), P);
    R(vos_u_event_wait(&ev, 1, VOS_EVENT_ANY, NOWAIT, O), P);
    /* Notifications. */
    R(vos_u_notify_give(&m->ftask), P);
    R(vos_u_notify_give(&atask), P);
    R(vos_u_notify_set(&m->ftask, 1), P);
    R(vos_u_notify_set(K, 1), P);
    R(vos_u_notify_take(false, NOWAIT, K), P);
    R(vos_u_notify_take(false, NOWAIT, O), P);
    R(vos_u_notify_wait(1, 1, NOWAIT, K), P);
    R(vos_u_notify_wait(1, 1, NOWAIT, O), P);
    /* Channels: the channel, each buffer, the client record, the handle. */
    R(vos_u_msg_send(&m->fchan, b, 4, b + 8, 8, NOWAIT), P);
    R(vos_u_msg_send(K, b, 4, b + 8, 8, NOWAIT), P);
    R(vos_u_msg_send(&ch, K, 4, b + 8, 8, NOWAIT), P);
    R(vos_u_msg_send(&ch, O, 4, b + 8, 8, NOWAIT), P);
    R(vos_u_msg_send(&ch, b, 4, K, 8, NOWAIT), P);
    R(vos_u_msg_send(&ch, b, 4, O, 8, NOWAIT), P);
    R(vos_u_msg_receive(&m->fchan, b, 8, &m->h, NOWAIT), P);
    R(vos_u_msg_receive(&ch, K, 8, &m->h, NOWAIT), P);
    R(vos_u_msg_receive(&ch, O, 8, &m->h, NOWAIT), P);
    R(vos_u_msg_receive(&ch, b, 8, K, NOWAIT), P);
    R(vos_u_msg_receive(&ch, b, 8, O, NOWAIT), P);
    R(vos_u_msg_reply(K, b, 4, VOS_OK), P);               /* the handle itself */
    R(vos_u_msg_reply(O, b, 4, VOS_OK), P);
    R(vos_u_msg_reply(&m->h, K, 4, VOS_OK), P);           /* the data */
    R(vos_u_msg_reply(&m->h, O, 4, VOS_OK), P);
    R(vos_u_msg_reply(&m->h, b, 4, VOS_OK), VOS_ERR_STATE);   /* forged: aims at the kernel */
    m->fsend.reply = O;
    R(vos_u_msg_reply(&m->h, b, 4, VOS_OK), VOS_ERR_STATE);   /* forged: aims at B */
    m->h.task = &btask;                                   /* a real task, not held */
    R(vos_u_msg_reply(&m->h, b, 4, VOS_OK), VOS_ERR_STATE);
    m->h.task = (vos_task_t *)&bsem;                      /* a kernel object, not a task */
    R(vos_u_msg_reply(&m->h, b, 4, VOS_OK), VOS_ERR_STATE);
    R(vos_u_msg_signal(&m->fchan, 1), P);
    R(vos_u_msg_signal(K, 1), P);
    /* By hand: argument blocks in the kernel's or B's memory, or in A's
     * with pointers into them; lengths that wrap; numbers that are none. */
    R(raw(VOS__SYS_MSG_SEND, U(K), 0, 0, 0), P);
    R(raw(VOS__SYS_MSG_SEND, U(O), 0, 0, 0), P);
    R(raw(VOS__SYS_MSG_RECEIVE, U(K), 0, 0, 0), P);
    m->margs = (struct vos__sys_msg_args){ &ch, b, 4, b + 8, 8, NULL };
    m->margs.in_len = 0xFFFFFFF0u;                        /* wraps the address space */
    R(raw(VOS__SYS_MSG_SEND, U(&m->margs), 0, 0, 0), P);
    m->margs = (struct vos__sys_msg_args){ &ch, b, 4, K, 8, NULL };
    R(raw(VOS__SYS_MSG_SEND, U(&m->margs), 0, 0, 0), P);
    m->margs = (struct vos__sys_msg_args){ &ch, NULL, 0, b, 8, (vos_msg_client_t *)K };
    R(raw(VOS__SYS_MSG_RECEIVE, U(&m->margs), 0, 0, 0), P);
    m->margs = (struct vos__sys_msg_args){ &m->fchan, NULL, 0, b, 8, &m->h };
    R(raw(VOS__SYS_MSG_RECEIVE, U(&m->margs), 0, 0, 0), P);
    R(raw(VOS__SYS_EVENT_WAIT, U(K), 0, 0, 0), P);
    R(raw(VOS__SYS_NOTIFY_WAIT, U(O), 0, 0, 0), P);
    m->wargs = (struct vos__sys_wait_args){ &m->fevent, 1, VOS_EVENT_ANY, NULL };
    R(raw(VOS__SYS_EVENT_WAIT, U(&m->wargs), 0, 0, 0), P);
    m->wargs = (struct vos__sys_wait_args){ &ev, 1, VOS_EVENT_ANY, (uint32_t *)K };
    R(raw(VOS__SYS_EVENT_WAIT, U(&m->wargs), 0, 0, 0), P);
    R(raw(VOS__SYS_MSG_REPLY, U(&m->h), U(b), 0x80000000u, 0), P);   /* data wraps */
    R(raw(VOS__SYS_QUEUE_SEND, U(&q), 0xFFFFFFFCu, 0, 0), P);
    R(raw(VOS__SYS_NOW, 0xFFFFFFFCu, 0, 0, 0), P);
    R(raw(0, 0, 0, 0, 0), VOS_ERR_ARG);
    R(raw(VOS__SYS_MSG_SIGNAL + 1, U(&sem), 0, 0, 0), VOS_ERR_ARG);
    R(raw(0xFFFFFFFFu, U(&sem), 0, 0, 0), VOS_ERR_ARG);
    R(raw(VOS__SYS_SET_PRIORITY, 6, 0, 0, 0), P);         /* above the ceiling (5) */
    /* What is granted still works after all that. */
    R(vos_u_sem_give(&sem), VOS_OK);
    R(vos_u_sem_take(&sem, NOWAIT), VOS_OK);
    m->n = n;
}

VT_TEST(every_handle_and_pointer_call_refuses_forged_objects_and_foreign_memory)
{
    arena(matrix, NULL);
    vos_sleep(vos_ms(3));
    struct a_data *m = &amem.d;
    VT_ASSERT(m->n > 80);
    for (int i = 0; i < m->n; i++) {
        if (m->got[i] != m->want[i])
            vt_note("row %d (line %d): %d, want %d\n", i, m->line[i], m->got[i], m->want[i]);
        VT_EQ(m->got[i], m->want[i]);
    }
    VT_EQ(vos_task_state(&atask), VOS_TASK_EXITED);
    /* The granted objects the refused calls named are as they were. */
    uint32_t v = 0, flags = 1;
    VT_EQ(vos_queue_recv(&q, &v, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_EQ(vos_event_get(&ev, &flags), VOS_OK);
    VT_EQ(flags, 0u);
    VT_EQ(vos_sem_take(&bsem, VOS_NO_WAIT), VOS_ERR_WOULD_BLOCK);
    VT_ASSERT(vt_owner(&mtx) == NULL);
    contained();
}

/* --- A sibling rewrites a preempted task's saved context --------------- */

/* A task of A that moves its stack pointer into A's memory and spins: a
 * preemption (B's task wakes every 200 us) would save its context there,
 * where every task of A can write, and the switch returns through it
 * privileged (EXC_RETURN, the stacked xPSR). */
#define SAVED_AT 3072u                    /* in amem, 8-aligned */

static void spin_in_domain_memory(void *arg)
{
    __asm__ volatile("mov sp, %0 \n\t 1: b 1b" :: "r"(arg) : "memory");
}

/* With an FP context and the stack pointer 72 bytes above its stack's
 * top: the basic frame fits the stack, its reserved FP area does not, and
 * the switch's first FP instruction would make the lazy save there, from
 * PendSV. */
static void spin_fp_above(void *arg)
{
    __asm__ volatile("vmov s0, %1 \n\t mov sp, %0 \n\t 1: b 1b"
                     :: "r"(arg), "r"(0u) : "s0", "memory");
}

/* The sibling: waits for the spinner to be switched out, then rewrites
 * the exception return and the stacked xPSR of whatever context lies where
 * the switch would have saved it (returning there would run privileged,
 * in handler mode, or fault inside the switch). */
static void rewriter(void *arg)
{
    (void)arg;
    vos_u_sleep(vos_us(700));
    uint32_t *w = (uint32_t *)(void *)&amem.bytes[SAVED_AT];
    for (unsigned i = 1; i <= 18; i++)
        w[-(int)i] = 0xFFFFFFF1u;         /* EXC_RETURN: handler mode */
    w[-1] = 0x01000003u;                  /* the frame's xPSR: an exception number */
}

static uint64_t sib_stack[2048 / 8] __attribute__((aligned(2048)));
static vos_task_t sib;

VT_TEST(a_preempted_context_is_saved_only_in_its_own_stack)
{
    arena(idle_attacker, NULL);
    vos_sleep(vos_ms(1));
    /* Its context would be saved in A's memory. */
    so_calls = ft_calls = 0;
    VT_EQ(vos_task_create_in(&dom_a, &atask, "spinner", spin_in_domain_memory,
                             &amem.bytes[SAVED_AT], 2, astack, sizeof astack), VOS_OK);
    VT_EQ(vos_task_create_in(&dom_a, &sib, "rewriter", rewriter, NULL, 4, sib_stack,
                             sizeof sib_stack), VOS_OK);
    vos_sleep(vos_ms(2));
    VT_EQ(vos_task_state(&atask), VOS_TASK_FAULTED);
    VT_EQ(vos_task_state(&sib), VOS_TASK_EXITED);
    VT_EQ(so_calls, 1);
    VT_ASSERT(so_task == &atask);
    VT_EQ(ft_calls, 0);
    /* Its lazily saved FP state would go above its stack. */
    so_calls = ft_calls = 0;
    uint8_t *top = (uint8_t *)fst.stack + sizeof fst.stack;
    VT_EQ(vos_task_create_in(&dom_a, &atask, "fpspin", spin_fp_above, top + 72, 2, fst.stack,
                             sizeof fst.stack), VOS_OK);
    vos_sleep(vos_ms(2));
    VT_EQ(vos_task_state(&atask), VOS_TASK_FAULTED);
    VT_EQ(so_calls, 1);
    VT_EQ(ft_calls, 0);
    contained();
}

/* --- The checks refuse nothing legitimate ------------------------------- */

/* Calls with the frames a compiler's code makes: the stack pointer 4
 * bytes off an 8-byte boundary (the hardware aligns the frame and says so
 * in xPSR), an FP context live (the frame has its FP area), both; each a
 * yield whose s0 survives. r0 = 0 on the way in, the call's result out. */
static int yield_with(uint32_t off, bool fp)
{
    register uint32_t r0 __asm__("r0") = 0;
    register uint32_t r1 __asm__("r1") = off;
    register uint32_t r2 __asm__("r2") = fp;
    register uint32_t r12 __asm__("r12") = VOS__SYS_YIELD;
    uint32_t s0 = 0, sp = 0;
    __asm__ volatile("mov    r3, sp             \n\t"
                     "bic    r4, r3, #7         \n\t"
                     "sub    r4, r4, #16        \n\t"
                     "sub    r4, r4, r1         \n\t"   /* 0 or 4 bytes off 8 */
                     "mov    sp, r4             \n\t"
                     "str    r3, [sp]           \n\t"   /* the caller's sp, at the new sp */
                     "mov    %2, sp             \n\t"
                     "cbz    r2, 1f             \n\t"
                     "vmov   s0, r12            \n\t"   /* an FP context: s0 = the number */
                     "1: svc #1                 \n\t"
                     "vmov   %1, s0             \n\t"
                     "ldr    r3, [sp]           \n\t"
                     "mov    sp, r3             \n\t"
                     : "+r"(r0), "=&r"(s0), "=&r"(sp), "+r"(r1), "+r"(r2), "+r"(r12)
                     :
                     : "r3", "r4", "s0", "lr", "memory", "cc");
    if ((sp & 7u) != off)
        return -1001;                     /* not the frame meant */
    return fp && s0 != VOS__SYS_YIELD ? -1000 : (int)r0;
}

static void odd_frames(void *arg)
{
    (void)arg;
    struct a_data *m = &amem.d;
    int n = 0;
    m->got[n++] = yield_with(0, false);
    m->got[n++] = yield_with(4, false);
    m->got[n++] = yield_with(0, true);
    m->got[n++] = yield_with(4, true);
    m->got[n++] = vos_u_sem_give(&sem);
    m->got[n++] = vos_u_sem_take(&sem, VOS_NO_WAIT);
    m->n = n;
}

VT_TEST(calls_with_aligned_and_fp_frames_still_work)
{
    arena(odd_frames, NULL);
    vos_sleep(vos_ms(2));
    static const int want[] = { VOS_OK, VOS_OK, VOS_OK, VOS_OK, VOS_OK, VOS_OK };
    check_rows(want, sizeof want / sizeof want[0]);
    VT_EQ(vos_task_state(&atask), VOS_TASK_EXITED);
    VT_EQ(so_calls + ft_calls, 0);
    contained();
}

/* --- The kernel's room on the caller's stack ---------------------------- */

/* Blocking calls made with the stack pointer as low as a call is accepted
 * (the guard's end + 384 bytes + the frame; the wrappers' own frames take
 * the 96 bytes given here down to within 32 bytes of that: at 64 the entry
 * refuses them, as test_mpu_attack showed when it was written; with the
 * FP frame of call_at, 96 + 72 is within 16 bytes of the refusal on
 * mps2_an500): the
 * kernel's deepest paths,
 * its own frames and the switch's save, must fit in what the entry
 * requires, or they would reach the guard privileged, under the kernel
 * lock (a halt). */
static int low_send(void)
{
    return vos_u_msg_send(&ch, amem.d.buf, 4, amem.d.buf + 8, 8, vos_us(300));
}

static int low_take(void)
{
    return vos_u_sem_take(&sem, vos_us(300));
}

static int low_lock(void)
{
    return vos_u_mutex_lock(&mtx, vos_us(300));
}

static int low_recv(void)
{
    return vos_u_queue_recv(&q, amem.d.buf, vos_us(300));
}

static int low_wait(void)
{
    return vos_u_event_wait(&ev, 1, VOS_EVENT_ANY, vos_us(300), NULL);
}

static int low_receive(void)
{
    return vos_u_msg_receive(&ch, amem.d.buf, 8, &amem.d.h, vos_us(300));
}

/* fn with the stack pointer at sp, then back, with an FP context live
 * (s15 written first): the calls' frames have their FP area on every CPU,
 * as they would anyway on the Cortex-M7, where the compiler moves the
 * 64-bit timeouts through the D registers. The frame is then 72 bytes
 * larger (FP_AREA), which the entry counts, and the switch that blocks
 * the call saves the FP registers too: the kernel's room must hold both. */
#define FP_AREA 72u
static int call_at(int (*fn)(void), void *sp)
{
    register uint32_t r0 __asm__("r0") = (uint32_t)(uintptr_t)fn;
    register uint32_t r1 __asm__("r1") = (uint32_t)(uintptr_t)sp;
    __asm__ volatile("vmov   s15, r1    \n\t"   /* an FP context live */
                     "mov    r4, sp     \n\t"
                     "mov    sp, r1     \n\t"
                     "blx    r0         \n\t"
                     "mov    sp, r4     \n\t"
                     : "+r"(r0), "+r"(r1)
                     :
                     : "r2", "r3", "r4", "r12", "lr", "s15", "memory", "cc");
    return (int)r0;
}

static void low_caller(void *arg)
{
    (void)arg;
    struct a_data *m = &amem.d;
    uint8_t *sp = (uint8_t *)astack + VOS_CFG_STACK_GUARD + 384 + 96 + FP_AREA;
    int n = 0;
    m->got[n++] = call_at(low_send, sp);
    m->got[n++] = call_at(low_take, sp);
    m->got[n++] = vos_u_mutex_lock(&mtx, VOS_NO_WAIT);
    m->got[n++] = call_at(low_lock, sp);        /* recursive: not blocking */
    m->got[n++] = vos_u_mutex_unlock(&mtx);
    m->got[n++] = vos_u_mutex_unlock(&mtx);
    m->got[n++] = call_at(low_recv, sp);
    m->got[n++] = call_at(low_wait, sp);
    m->got[n++] = call_at(low_receive, sp);
    m->n = n;
}

VT_TEST(blocking_calls_at_the_lowest_accepted_stack_pointer_fit)
{
    arena(low_caller, NULL);
    vos_sleep(vos_ms(5));
    if (amem.d.n == 0)
        vt_note("state %d, %d stack overflow reports, %d fault reports (kind %u at %x)\n",
                vos_task_state(&atask), so_calls, ft_calls, ft_info.kind,
                (unsigned)ft_info.addr);
    static const int want[] = { VOS_ERR_TIMEOUT, VOS_ERR_TIMEOUT, VOS_OK, VOS_OK, VOS_OK,
                                VOS_OK, VOS_ERR_TIMEOUT, VOS_ERR_TIMEOUT, VOS_ERR_TIMEOUT };
    check_rows(want, sizeof want / sizeof want[0]);
    VT_EQ(vos_task_state(&atask), VOS_TASK_EXITED);
    VT_EQ(so_calls + ft_calls, 0);
    contained();
}
