/* SPDX-License-Identifier: MIT */
/*
 * Protection domains (vaios/domain.h, VOS_CFG_MPU), in the MPU build of
 * tools/mpu_run.py: region layouts the MPU cannot express are refused, an
 * unprivileged task reaches the kernel only through granted objects and
 * buffers in its own memory (VOS_ERR_PERM otherwise), never above its
 * domain's priority ceiling, and a task that writes another domain's
 * memory is stopped and reported while a 1 kHz control loop keeps every
 * deadline; a supervisor restarts a stopped domain.
 *
 * Unprivileged code here touches only its own stack and its domain's
 * data (struct rogue_data): it reports what its calls returned there, and
 * the privileged runner checks it.
 */
#include <string.h>
#include "vtest.h"
#include "mpu_code.h"

_Static_assert(VOS_CFG_MPU == 1, "the MPU suites run in the MPU build");

#define CTRL_PRIO  (VT_RUNNER_PRIO + 2)
#define ROGUE_CEIL 8

/* --- Fault reports ------------------------------------------------------- */

static vos_task_t *volatile fault_task;
static vos_fault_t fault_info;
static volatile int fault_calls;

void vos_hook_fault(vos_task_t *t, const vos_fault_t *f)
{
    fault_task = t;
    fault_info = *f;
    fault_calls++;
}

static void reset_faults(void)
{
    fault_task = NULL;
    memset(&fault_info, 0, sizeof fault_info);
    fault_calls = 0;
}

/* --- The rogue domain: its data, stacks and granted objects ------------- */

struct rogue_data {
    volatile int step;
    volatile int got[16];
    volatile uint32_t item;
    volatile int after_fault;      /* set only if a forbidden store went on */
};
static union {
    struct rogue_data d;
    uint8_t bytes[1024];
} rogue __attribute__((aligned(1024)));
/* The read-only region: in RAM, outside the code region, because regions
 * of one domain that overlap are refused on PMSAv8 (the code region's
 * read-execute and this one's read-only would both cover it there). */
static uint32_t rogue_ro[8] __attribute__((aligned(32))) = { 1 };

static uint64_t ustack[3][2048 / 8] __attribute__((aligned(2048)));
static vos_task_t utask[3];

static vos_sem_t granted_sem, other_sem;
static vos_queue_t granted_q;
static uint32_t granted_q_buf[4];
static vos_mutex_t granted_mx;
static const void *const rogue_grants[] = { &granted_sem, &granted_q, &granted_mx };

static vos_domain_t rogue_dom;

static int rogue_init(void)
{
    /* The grants must be kernel objects when the domain is made. */
    if (vos_sem_init(&granted_sem, 0, 1) != VOS_OK || vos_sem_init(&other_sem, 1, 1) != VOS_OK ||
        vos_queue_init(&granted_q, granted_q_buf, sizeof(uint32_t), 4) != VOS_OK ||
        vos_mutex_init(&granted_mx) != VOS_OK)
        return VOS_ERR_STATE;
    const vos_region_t regions[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &rogue, sizeof rogue, VOS_MEM_READ | VOS_MEM_WRITE },
        { rogue_ro, sizeof rogue_ro, VOS_MEM_READ },
    };
    return vos_domain_init(&rogue_dom, "rogue", ROGUE_CEIL, regions, 3, rogue_grants, 3);
}

/* --- The control loop: privileged, 1 kHz, its memory another domain's --- */

static volatile uint32_t ctrl_state;        /* what the rogue task tries to overwrite */
static volatile unsigned ctrl_periods, ctrl_misses;
static volatile int64_t ctrl_late_max;
static volatile bool ctrl_stop;

static void control_loop(void *arg)
{
    (void)arg;
    vos_time_t next = vos_now();
    while (!ctrl_stop) {
        next = vos_time_add(next, vos_ms(1));
        vos_sleep_until(next);
        int64_t late = (int64_t)(vos_now() - next);
        if (late > ctrl_late_max)
            ctrl_late_max = late;
        if (late > (int64_t)vos_dur_cycles(vos_us(50)))
            ctrl_misses++;
        ctrl_state = ctrl_state + 1;
        ctrl_periods++;
    }
}

/* --- Layouts --------------------------------------------------------------- */

static vos_domain_t scratch;
static uint8_t area[4096] __attribute__((aligned(4096)));

static int init1(const void *base, size_t size, unsigned access)
{
    vos_region_t r = { base, size, access };
    return vos_domain_init(&scratch, "scratch", 5, &r, 1, NULL, 0);
}

/* PMSAv8 (Armv8-M, arch/cortex-m/pmsav8.h) maps any range of whole 32-byte
 * granules, which PMSAv7 refuses unless it is a power of two or whole
 * eighths of one; and it refuses regions of one domain that overlap, which
 * PMSAv7 resolves by region number. */
#if defined(__ARM_ARCH_8M_MAIN__)
#define V7_ONLY_LAYOUT VOS_OK
#define V8_ONLY_LAYOUT VOS_ERR_LAYOUT
#else
#define V7_ONLY_LAYOUT VOS_ERR_LAYOUT
#define V8_ONLY_LAYOUT VOS_OK
#endif

static int init2(const void *b0, size_t s0, const void *b1, size_t s1)
{
    vos_region_t r[2] = { { b0, s0, VOS_MEM_READ }, { b1, s1, VOS_MEM_READ | VOS_MEM_WRITE } };
    return vos_domain_init(&scratch, "scratch", 5, r, 2, NULL, 0);
}

VT_TEST(layouts_the_mpu_cannot_express_are_refused)
{
    VT_EQ(init1(area, 4096, VOS_MEM_READ), VOS_OK);             /* a block */
    VT_EQ(init1(area + 256, 768, VOS_MEM_READ), VOS_OK);        /* eighths of 2 KB */
    VT_EQ(init1(area + 512, 1536, VOS_MEM_READ), VOS_OK);       /* eighths of 2 KB */
    VT_EQ(init1(area + 4, 32, VOS_MEM_READ), VOS_ERR_LAYOUT);   /* misaligned */
    VT_EQ(init1(area, 16, VOS_MEM_READ), VOS_ERR_LAYOUT);       /* below 32 bytes */
    VT_EQ(init1(area, 96, VOS_MEM_READ), VOS_OK);               /* three eighths of 256 */
    VT_EQ(init1(area, 80, VOS_MEM_READ), VOS_ERR_LAYOUT);       /* no whole eighths, granules */
    VT_EQ(init1(area + 32, 256, VOS_MEM_READ), V7_ONLY_LAYOUT); /* not whole eighths */
    VT_EQ(init1(area + 1024, 3072, VOS_MEM_READ), VOS_OK);      /* eighths of 4 KB */
    VT_EQ(init1(area + 1792, 512, VOS_MEM_READ), V7_ONLY_LAYOUT); /* across a 2 KB line */
    VT_EQ(init1(area + 32, 4032, VOS_MEM_READ), V7_ONLY_LAYOUT);  /* 126 granules */
    VT_EQ(init1(area + 4064, 32, VOS_MEM_READ), VOS_OK);        /* the last granule */
    VT_EQ(init1(area + 32, 4008, VOS_MEM_READ), VOS_ERR_LAYOUT); /* not whole granules */
    VT_EQ(init2(area, 256, area + 256, 256), VOS_OK);           /* side by side */
    VT_EQ(init2(area, 512, area + 256, 256), V8_ONLY_LAYOUT);   /* one inside the other */
    VT_EQ(init2(area + 256, 512, area, 512), V8_ONLY_LAYOUT);   /* one granule shared: 256 of them */
    VT_EQ(init2(area, 2048, area + 2016, 32), V8_ONLY_LAYOUT);  /* the last granule shared */
    vos_region_t five[5];
    for (int i = 0; i < 5; i++)
        five[i] = (vos_region_t){ area + 512 * i, 512, VOS_MEM_READ };
    VT_EQ(vos_domain_init(&scratch, "x", 5, five, 5, NULL, 0), VOS_ERR_LAYOUT);
    VT_EQ(init1(area, 4096, 0), VOS_ERR_ARG);
    VT_EQ(init1(area, 4096, VOS_MEM_WRITE | VOS_MEM_EXEC), VOS_ERR_ARG);
    VT_EQ(init1(area, 4096, VOS_MEM_READ | VOS_MEM_DEVICE | VOS_MEM_EXEC), VOS_ERR_ARG);
    VT_EQ(init1(area, 4096, 0x100), VOS_ERR_ARG);
    vos_region_t r = { area, 4096, VOS_MEM_READ };
    VT_EQ(vos_domain_init(&scratch, "x", 0, &r, 1, NULL, 0), VOS_ERR_ARG);
    VT_EQ(vos_domain_init(&scratch, "x", VOS_PRIO_MAX + 1, &r, 1, NULL, 0), VOS_ERR_ARG);
    VT_EQ(vos_domain_init(NULL, "x", 5, &r, 1, NULL, 0), VOS_ERR_INVALID);
    VT_EQ(vos_domain_init(&scratch, "x", 5, NULL, 1, NULL, 0), VOS_ERR_ARG);
    VT_EQ(vos_domain_init(&scratch, "x", 5, &r, 1, NULL, 1), VOS_ERR_ARG);
}

VT_TEST(kernel_memory_stays_out_of_a_domains_writable_regions)
{
    static uint8_t data[1024] __attribute__((aligned(1024)));
    vos_sem_t *inside = (vos_sem_t *)(void *)(data + 64);
    VT_EQ(vos_sem_init(inside, 0, 1), VOS_OK);
    const void *grants[] = { inside };
    vos_region_t rw = { data, sizeof data, VOS_MEM_READ | VOS_MEM_WRITE };
    VT_EQ(vos_domain_init(&scratch, "x", 5, &rw, 1, grants, 1), VOS_ERR_PERM);
    vos_region_t ro = { data, sizeof data, VOS_MEM_READ };
    VT_EQ(vos_domain_init(&scratch, "x", 5, &ro, 1, grants, 1), VOS_OK);  /* read-only: fine */
    vos_domain_t *dom_inside = (vos_domain_t *)(void *)(data + 256);
    VT_EQ(vos_domain_init(dom_inside, "x", 5, &rw, 1, NULL, 0), VOS_ERR_PERM);
    static const uint32_t not_an_object = 0x12345678;
    const void *bad[] = { &not_an_object };
    VT_EQ(vos_domain_init(&scratch, "x", 5, &ro, 1, bad, 1), VOS_ERR_INVALID);
    VT_EQ(vos_domain_set_fault_policy(&scratch, 7), VOS_ERR_ARG);
    VT_EQ(vos_domain_set_fault_policy(NULL, VOS_FAULT_STOP_TASK), VOS_ERR_INVALID);
}

static void idle_entry(void *arg)
{
    (void)arg;
}

VT_TEST(create_in_checks_ceiling_and_stack)
{
    VT_EQ(rogue_init(), VOS_OK);
    VT_EQ(vos_task_create_in(&rogue_dom, &utask[0], "u", idle_entry, NULL, ROGUE_CEIL + 1,
                             ustack[0], sizeof ustack[0]), VOS_ERR_PERM);
#if defined(__ARM_ARCH_8M_MAIN__)   /* PMSAv8: the stack is not whole granules */
    VT_EQ(vos_task_create_in(&rogue_dom, &utask[0], "u", idle_entry, NULL, ROGUE_CEIL,
                             ustack[0], sizeof ustack[0] - 16), VOS_ERR_LAYOUT);
#else                                /* PMSAv7: not whole eighths of a block */
    VT_EQ(vos_task_create_in(&rogue_dom, &utask[0], "u", idle_entry, NULL, ROGUE_CEIL,
                             (uint8_t *)ustack[0] + 1024, 1536), VOS_ERR_LAYOUT);
#endif
    VT_EQ(vos_task_create_in(&rogue_dom, &utask[0], "u", idle_entry, NULL, ROGUE_CEIL,
                             &rogue, sizeof rogue), VOS_ERR_LAYOUT);       /* inside a region */
    VT_EQ(vos_task_create_in(&scratch, &utask[0], "u", idle_entry, NULL, 1, ustack[0],
                             sizeof ustack[0]), VOS_OK);                  /* a domain without code */
    vos_sleep(vos_ms(1));
    VT_EQ(vos_task_state(&utask[0]), VOS_TASK_FAULTED);   /* its first fetch faults */
    VT_EQ(fault_info.kind, VOS_FAULT_MEMORY);
    VT_ASSERT(fault_info.domain == &scratch);
    vos_domain_t *d = &scratch;
    VT_EQ(vos_task_domain(NULL, &d), VOS_OK);
    VT_ASSERT(d == NULL);                                  /* the runner: kernel domain */
    VT_EQ(vos_task_domain(&utask[0], &d), VOS_OK);
    VT_ASSERT(d == &scratch);
    VT_EQ(vos_task_domain(NULL, NULL), VOS_ERR_ARG);
    VT_EQ(vos_task_domain((vos_task_t *)&scratch, &d), VOS_ERR_INVALID);
    VT_EQ(vos_task_create_in((vos_domain_t *)&granted_sem, &utask[0], "u", idle_entry, NULL, 1,
                             ustack[0], sizeof ustack[0]), VOS_ERR_INVALID);
    reset_faults();
}

/* The rogue task: every call's result into rogue.d.got[], step by step. */
static void rogue_task(void *arg)
{
    (void)arg;
    struct rogue_data *r = &rogue.d;
    uint32_t local = 0xC0DE;
    r->got[0] = vos_u_sem_give(&granted_sem);                          /* granted */
    r->got[1] = vos_u_sem_give(&other_sem);                            /* not granted */
    r->got[2] = vos_u_queue_send(&granted_q, &local, VOS_NO_WAIT);     /* own stack */
    r->got[3] = vos_u_queue_send(&granted_q, (const void *)&ctrl_state, VOS_NO_WAIT);
    r->got[4] = vos_u_queue_recv(&granted_q, (void *)&r->item, VOS_NO_WAIT);
    r->got[5] = vos_u_queue_recv(&granted_q, (void *)rogue_ro, VOS_NO_WAIT);   /* read-only */
    r->got[6] = vos_u_set_priority(ROGUE_CEIL + 1);
    r->got[7] = vos_u_set_priority(ROGUE_CEIL);
    r->got[8] = vos_u_sem_take(&other_sem, VOS_NO_WAIT);
    r->got[9] = vos_u_mutex_lock((vos_mutex_t *)&granted_sem, VOS_NO_WAIT);  /* granted, wrong type */
    r->got[10] = vos_u_sleep(vos_ms(3));
    r->step = 1;
    /* Busy for 20 ms at the ceiling, below the control loop. */
    for (volatile uint32_t i = 0; i < 2000000; i++)
        ;
    r->step = 2;
    ctrl_state = 0xBAD;          /* another domain's memory: stopped here */
    r->after_fault = 1;
}

VT_TEST(unprivileged_task_is_refused_and_stopped_while_the_loop_keeps_its_deadlines)
{
    reset_faults();
    memset(&rogue, 0, sizeof rogue);
    VT_EQ(rogue_init(), VOS_OK);
    ctrl_stop = false;
    ctrl_periods = ctrl_misses = 0;
    ctrl_late_max = 0;
    ctrl_state = 0;
    vt_spawn(0, "control", control_loop, NULL, CTRL_PRIO);
    VT_EQ(vos_task_create_in(&rogue_dom, &utask[0], "rogue", rogue_task, NULL, ROGUE_CEIL - 1,
                             ustack[0], sizeof ustack[0]), VOS_OK);
    vos_sleep(vos_ms(60));
    VT_EQ(rogue.d.got[0], VOS_OK);
    VT_EQ(rogue.d.got[1], VOS_ERR_PERM);
    VT_EQ(rogue.d.got[2], VOS_OK);
    VT_EQ(rogue.d.got[3], VOS_ERR_PERM);
    VT_EQ(rogue.d.got[4], VOS_OK);
    VT_EQ(rogue.d.item, 0xC0DE);
    VT_EQ(rogue.d.got[5], VOS_ERR_PERM);
    VT_EQ(rogue.d.got[6], VOS_ERR_PERM);
    VT_EQ(rogue.d.got[7], VOS_OK);
    VT_EQ(rogue.d.got[8], VOS_ERR_PERM);
    VT_EQ(rogue.d.got[9], VOS_ERR_INVALID);
    VT_EQ(rogue.d.got[10], VOS_OK);
    VT_EQ(vos_sem_take(&granted_sem, VOS_NO_WAIT), VOS_OK);   /* the give reached it */
    VT_EQ(vos_sem_take(&other_sem, VOS_NO_WAIT), VOS_OK);     /* untouched */
    VT_EQ(rogue.d.step, 2);
    VT_EQ(rogue.d.after_fault, 0);
    VT_EQ(fault_calls, 1);
    VT_ASSERT(fault_task == &utask[0]);
    VT_EQ(fault_info.kind, VOS_FAULT_MEMORY);
    VT_EQ(fault_info.addr, (uintptr_t)&ctrl_state);
    VT_ASSERT(fault_info.domain == &rogue_dom);
    VT_EQ(fault_info.stopped, 1);
    VT_EQ(vos_task_state(&utask[0]), VOS_TASK_FAULTED);
    VT_ASSERT(ctrl_state != 0xBAD);
    unsigned before = ctrl_periods;
    vos_sleep(vos_ms(5));
    ctrl_stop = true;
    vt_join(1, 100);
    VT_ASSERT(ctrl_periods >= before + 4);
    VT_ASSERT(ctrl_periods >= 60);
    VT_EQ(ctrl_misses, 0);
    vt_note("control loop: %u periods, max lateness %ld insn, misses %u\n", ctrl_periods,
            (long)ctrl_late_max, ctrl_misses);
}

/* --- The board's counter, read unprivileged --------------------------------- */

/* The benchmark's unprivileged tasks time themselves with
 * board_user_cycles() (bench/mpu.c, board.h): its block,
 * BOARD_USER_CYCLES_BLOCK (board_regs.h), mapped device read-only in
 * their domain. On mps2_an505 the board's start-up must also open the
 * block's peripheral protection port to unprivileged access; a blocked
 * read returns 0 there without a fault (RAZ), which made every
 * unprivileged row 0. The task's reads must lie, in order, between the
 * runner's privileged reads of the same counter around it. Every board
 * names the counter: on the Nucleo boards TIM2's, not board_cycles()'s
 * DWT CYCCNT, which an unprivileged load never reaches (board.h fails the
 * build of a board that names a counter in that bus); there this test
 * is built here and runs on the board. */
static union {
    struct { volatile uint32_t t[2]; volatile uint32_t work; volatile int done; } d;
    uint8_t bytes[256];
} clk __attribute__((aligned(256)));
static vos_domain_t clk_dom;

static void counter_reader(void *arg)
{
    (void)arg;
    clk.d.t[0] = board_user_cycles();
    for (uint32_t i = 0; i < 2000; i++)     /* hundreds of counts at 25 MHz */
        clk.d.work = clk.d.work + i;
    clk.d.t[1] = board_user_cycles();
    clk.d.done = 1;
}

VT_TEST(an_unprivileged_task_reads_the_board_counter)
{
    reset_faults();
    memset(&clk, 0, sizeof clk);
    const vos_region_t regions[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &clk, sizeof clk, VOS_MEM_READ | VOS_MEM_WRITE },
        { (const void *)BOARD_USER_CYCLES_BLOCK, BOARD_USER_CYCLES_BLOCK_SIZE,
          VOS_MEM_READ | VOS_MEM_DEVICE },
    };
    VT_EQ(vos_domain_init(&clk_dom, "clock", 4, regions, 3, NULL, 0), VOS_OK);
    uint32_t p0 = board_user_cycles();
    VT_EQ(vos_task_create_in(&clk_dom, &utask[0], "clock", counter_reader, NULL, 4, ustack[0],
                             sizeof ustack[0]), VOS_OK);
    VT_EQ(vos_task_join(&utask[0], vos_ms(10)), VOS_OK);
    uint32_t p1 = board_user_cycles();
    VT_EQ(clk.d.done, 1);
    VT_EQ(fault_calls, 0);
    uint32_t span = p1 - p0;                 /* modulo 2^32: the counter may wrap */
    uint32_t u0 = clk.d.t[0] - p0, u1 = clk.d.t[1] - p0;
    vt_note("privileged %lu .. %lu, unprivileged %lu .. %lu\n", (unsigned long)p0,
            (unsigned long)p1, (unsigned long)clk.d.t[0], (unsigned long)clk.d.t[1]);
    VT_ASSERT(u0 <= u1 && u1 <= span);       /* p0 <= t0 <= t1 <= p1 */
    VT_ASSERT(u1 > u0);                      /* it counted across the work */
}

/* --- The ceiling and inheritance --------------------------------------------- */

static vos_mutex_t m1;
static const void *const pi_grants[] = { &m1, &granted_mx };
static vos_domain_t pi_dom;
static union {
    volatile int step;
    uint8_t bytes[256];
} pi_data __attribute__((aligned(256)));
#define holder_step (pi_data.step)

/* L: holds m1 until told to go. */
static void holder(void *arg)
{
    (void)arg;
    vos_u_mutex_lock(&m1, VOS_FOREVER);
    holder_step = 1;
    while (holder_step != 2)
        vos_u_sleep(vos_us(200));
    vos_u_mutex_unlock(&m1);
}

/* H (same domain): holds granted_mx, then waits for m1. */
static void middle(void *arg)
{
    (void)arg;
    vos_u_mutex_lock(&granted_mx, VOS_FOREVER);
    vos_u_mutex_lock(&m1, VOS_FOREVER);
    vos_u_mutex_unlock(&m1);
    vos_u_mutex_unlock(&granted_mx);
}

static void boss(void *arg)
{
    (void)arg;
    vos_mutex_lock(&granted_mx, VOS_FOREVER);   /* privileged: another domain */
    vos_mutex_unlock(&granted_mx);
}

VT_TEST(ceiling_caps_inheritance_within_the_domain_not_from_outside)
{
    const vos_region_t regions[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &pi_data, sizeof pi_data, VOS_MEM_READ | VOS_MEM_WRITE },
    };
    VT_EQ(vos_mutex_init(&m1), VOS_OK);
    VT_EQ(vos_mutex_init(&granted_mx), VOS_OK);
    VT_EQ(vos_domain_init(&pi_dom, "pi", 6, regions, 2, pi_grants, 2), VOS_OK);
    holder_step = 0;
    VT_EQ(vos_task_create_in(&pi_dom, &utask[0], "L", holder, NULL, 3, ustack[0],
                             sizeof ustack[0]), VOS_OK);
    vos_sleep(vos_ms(1));
    VT_EQ(holder_step, 1);
    /* H of the same domain at the ceiling waits: L inherits 6. */
    VT_EQ(vos_task_create_in(&pi_dom, &utask[1], "H", middle, NULL, 6, ustack[1],
                             sizeof ustack[1]), VOS_OK);
    vos_sleep(vos_ms(1));
    VT_EQ(vos_task_priority(&utask[0]), 6);
    VT_EQ(vos_task_priority(&utask[1]), 6);
    /* A privileged task of 12 waits for H's mutex: H inherits 12 from
     * another domain; L, through its own domain's H, only the ceiling. */
    vt_spawn(0, "boss", boss, NULL, 12);
    vos_sleep(vos_ms(1));
    VT_EQ(vos_task_priority(&utask[1]), 12);
    VT_EQ(vos_task_priority(&utask[0]), 6);
    /* The ceiling for a set base priority too. */
    VT_EQ(vos_task_set_priority(&utask[0], 7), VOS_ERR_PERM);
    VT_EQ(vos_task_set_priority(&utask[0], 5), VOS_OK);
    VT_EQ(vos_task_priority(&utask[0]), 6);
    holder_step = 2;
    vos_sleep(vos_ms(2));
    vt_join(1, 100);
    VT_EQ(vos_task_state(&utask[0]), VOS_TASK_EXITED);
    VT_EQ(vos_task_state(&utask[1]), VOS_TASK_EXITED);
    VT_ASSERT(vt_owner(&m1) == NULL);
    VT_ASSERT(vt_owner(&granted_mx) == NULL);
}

/* --- Fault policy and restart ---------------------------------------------- */

static vos_domain_t pay_dom;
static union {
    struct { volatile unsigned runs[2]; volatile unsigned loops[2]; } d;
    uint8_t bytes[256];
} pay __attribute__((aligned(256)));

static void payload(void *arg)
{
    int i = (int)(intptr_t)arg;
    pay.d.runs[i]++;
    for (;;) {
        pay.d.loops[i]++;
        if (i == 1 && pay.d.loops[i] % 3 == 0)
            __asm__ volatile("udf #0");          /* a usage fault */
        vos_u_sleep(vos_ms(1));
    }
}

static void supervise(void)
{
    /* The supervisor's restart: join what stopped, create it again. */
    for (int i = 0; i < 2; i++) {
        VT_EQ(vos_task_join(&utask[i], vos_ms(10)), VOS_OK);
        VT_EQ(vos_task_create_in(&pay_dom, &utask[i], i ? "pay1" : "pay0", payload,
                                 (void *)(intptr_t)i, 4, ustack[i], sizeof ustack[i]), VOS_OK);
    }
}

VT_TEST(a_fault_stops_the_domain_and_a_supervisor_restarts_it)
{
    reset_faults();
    memset(&pay, 0, sizeof pay);
    const vos_region_t regions[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &pay, sizeof pay, VOS_MEM_READ | VOS_MEM_WRITE },
    };
    VT_EQ(vos_domain_init(&pay_dom, "payload", 4, regions, 2, NULL, 0), VOS_OK);
    VT_EQ(vos_domain_set_fault_policy(&pay_dom, VOS_FAULT_STOP_DOMAIN), VOS_OK);
    ctrl_stop = false;
    ctrl_misses = 0;
    vt_spawn(0, "control", control_loop, NULL, CTRL_PRIO);
    for (int i = 0; i < 2; i++)
        VT_EQ(vos_task_create_in(&pay_dom, &utask[i], i ? "pay1" : "pay0", payload,
                                 (void *)(intptr_t)i, 4, ustack[i], sizeof ustack[i]), VOS_OK);
    vos_sleep(vos_ms(10));
    VT_EQ(fault_calls, 1);
    VT_ASSERT(fault_task == &utask[1]);
    VT_EQ(fault_info.kind, VOS_FAULT_USAGE);
    VT_ASSERT(fault_info.domain == &pay_dom);
    VT_EQ(fault_info.stopped, 2);
    VT_EQ(vos_task_state(&utask[0]), VOS_TASK_FAULTED);
    VT_EQ(vos_task_state(&utask[1]), VOS_TASK_FAULTED);
    unsigned loops0 = pay.d.loops[0];
    vos_sleep(vos_ms(3));
    VT_EQ(pay.d.loops[0], loops0);                     /* stopped for good */
    VT_EQ(vos_domain_set_fault_policy(&pay_dom, VOS_FAULT_STOP_TASK), VOS_OK);
    supervise();
    vos_sleep(vos_ms(10));
    VT_EQ(pay.d.runs[0], 2);
    VT_EQ(pay.d.runs[1], 2);
    VT_EQ(fault_calls, 2);                              /* pay1 again, alone now */
    VT_EQ(fault_info.stopped, 1);
    VT_EQ(vos_task_state(&utask[1]), VOS_TASK_FAULTED);
    VT_ASSERT(vos_task_state(&utask[0]) == VOS_TASK_BLOCKED ||
              vos_task_state(&utask[0]) == VOS_TASK_READY);
    VT_EQ(vos_task_terminate(&utask[0]), VOS_OK);
    ctrl_stop = true;
    vt_join(1, 100);
    VT_EQ(ctrl_misses, 0);
}

/* A kernel call runs privileged on the caller's stack: a stack pointer
 * aimed anywhere else (here at the top of its domain's data, which the
 * domain's other tasks could write meanwhile) stops the task instead. */
static void sp_hijack(void *arg)
{
    (void)arg;
    __asm__ volatile("mov  sp, %0   \n\t"
                     "svc  #1       \n\t"
                     :: "r"(&rogue.bytes[sizeof rogue - 64]) : "memory");
    rogue.d.after_fault = 1;
}

VT_TEST(a_kernel_call_with_a_foreign_stack_pointer_stops_the_task)
{
    memset(&rogue, 0, sizeof rogue);
    VT_EQ(rogue_init(), VOS_OK);
    VT_EQ(vos_task_create_in(&rogue_dom, &utask[2], "hijack", sp_hijack, NULL, 3, ustack[2],
                             sizeof ustack[2]), VOS_OK);
    vos_sleep(vos_ms(1));
    VT_EQ(vos_task_state(&utask[2]), VOS_TASK_FAULTED);
    VT_ASSERT(vos_stack_overflow_task() == &utask[2]);
    VT_EQ(rogue.d.after_fault, 0);
    /* Its exception frame is the 32 bytes below the pointer; the kernel's
     * entry would have pushed below that. */
    for (unsigned i = sizeof rogue - 64 - 32 - 64; i < sizeof rogue - 64 - 32; i++)
        VT_EQ(rogue.bytes[i], 0);
}

/* A stack overflow stops the domain too, under VOS_FAULT_STOP_DOMAIN. */
static void overflow_now(void *arg)
{
    uint8_t *end = arg;            /* its guard's end (given: its control block is the kernel's) */
    vos_u_sleep(vos_ms(1));
    __asm__ volatile("mov  sp, %0   \n\t"
                     "push {r0}     \n\t"
                     :: "r"(end) : "memory");
    pay.d.runs[1] = 99;            /* not reached */
}

VT_TEST(a_stack_overflow_stops_the_domain_under_its_policy)
{
    memset(&pay, 0, sizeof pay);
    const vos_region_t regions[] = {
        { FLASH_BASE, FLASH_SIZE, VOS_MEM_READ | VOS_MEM_EXEC },
        { &pay, sizeof pay, VOS_MEM_READ | VOS_MEM_WRITE },
    };
    VT_EQ(vos_domain_init(&pay_dom, "payload", 4, regions, 2, NULL, 0), VOS_OK);
    VT_EQ(vos_domain_set_fault_policy(&pay_dom, VOS_FAULT_STOP_DOMAIN), VOS_OK);
    VT_EQ(vos_task_create_in(&pay_dom, &utask[0], "pay0", payload, (void *)(intptr_t)0, 4,
                             ustack[0], sizeof ustack[0]), VOS_OK);
    VT_EQ(vos_task_create_in(&pay_dom, &utask[1], "over", overflow_now,
                             (uint8_t *)ustack[1] + VOS_CFG_STACK_GUARD, 4, ustack[1],
                             sizeof ustack[1]), VOS_OK);
    vos_sleep(vos_ms(5));
    VT_ASSERT(vos_stack_overflow_task() == &utask[1]);
    VT_EQ(vos_task_state(&utask[1]), VOS_TASK_FAULTED);
    VT_EQ(vos_task_state(&utask[0]), VOS_TASK_FAULTED);   /* its domain's other task */
    VT_EQ(pay.d.runs[1], 0);
}
