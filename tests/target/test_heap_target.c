/* SPDX-License-Identifier: MIT */
/*
 * Heap and pools on the emulated board: the invariants of the host tests
 * (tests/host/test_heap.c, test_pool.c) on the real 32-bit target, with
 * the real BASEPRI lock: every error path of vos_heap_free and
 * vos_pool_free with the heap left unchanged, alignment, exact statistics,
 * a randomised run with vos_heap_check after every operation, calls from
 * a real interrupt handler, and tasks and an interrupt sharing one heap
 * and one pool while they preempt each other.
 */
#include <string.h>
#include "vtest.h"

#define ARENA 16384u

static uint8_t arena[ARENA + 8] __attribute__((aligned(8)));
static vos_heap_t heap;

static uint32_t rng(uint32_t *s)   /* xorshift32 */
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* The block vos_heap_alloc (align 0), vos_heap_alloc_aligned or
 * vos_pool_alloc gives, or NULL when the call fails. */
static void *t_alloc_aligned(vos_heap_t *h, size_t n, size_t align)
{
    void *p = &p;
    int err = align ? vos_heap_alloc_aligned(h, n, align, &p) : vos_heap_alloc(h, n, &p);
    return err == VOS_OK ? p : NULL;
}
static void *t_alloc(vos_heap_t *h, size_t n)
{
    return t_alloc_aligned(h, n, 0);
}
static void *t_pool_alloc(vos_pool_t *pl)
{
    void *b = &b;
    return vos_pool_alloc(pl, &b) == VOS_OK ? b : NULL;
}

/* The error of those calls; a failed call must also leave NULL in its out
 * pointer, and a violation of that reads as 1, which no case expects. */
static int t_alloc_err(vos_heap_t *h, size_t n, size_t align)
{
    void *p = &p;
    int err = align ? vos_heap_alloc_aligned(h, n, align, &p) : vos_heap_alloc(h, n, &p);
    return err != VOS_OK && p != NULL ? 1 : err;
}
static int t_pool_err(vos_pool_t *pl)
{
    void *b = &b;
    int err = vos_pool_alloc(pl, &b);
    return err != VOS_OK && b != NULL ? 1 : err;
}

static size_t blk_bytes(size_t n)
{
    size_t b = (n + VOS_HEAP_OVERHEAD + 7u) & ~(size_t)7u;
    return b < VOS_HEAP_MIN_BLOCK ? VOS_HEAP_MIN_BLOCK : b;
}

static vos_heap_stats_t hstats(void)
{
    vos_heap_stats_t s;
    memset(&s, 0, sizeof s);
    VT_EQ(vos_heap_stats(&heap, &s), VOS_OK);
    return s;
}

static bool same(const vos_heap_stats_t *a, const vos_heap_stats_t *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

static void fill(uint8_t *p, size_t n, uint32_t tag)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (uint8_t)(tag + i * 7u);
}

static bool intact(const uint8_t *p, size_t n, uint32_t tag)
{
    for (size_t i = 0; i < n; i++)
        if (p[i] != (uint8_t)(tag + i * 7u))
            return false;
    return true;
}


/* --- Heap ----------------------------------------------------------------- */

VT_TEST(heap_init_and_state)
{
    VT_EQ(vos_heap_init(NULL, arena, ARENA), VOS_ERR_INVALID);
    VT_EQ(vos_heap_init(&heap, NULL, ARENA), VOS_ERR_ARG);
    VT_EQ(vos_heap_init(&heap, arena, 8), VOS_ERR_ARG);
    VT_EQ(vos_heap_init(&heap, arena + 3, ARENA), VOS_OK);
    vos_heap_stats_t s = hstats();
    VT_EQ(s.total_bytes, ((ARENA - 5u) & ~7u) - VOS_HEAP_OVERHEAD); /* 5 trimmed: alignment */
    VT_EQ(s.free_bytes, s.total_bytes);
    VT_EQ(s.largest_free, s.total_bytes);
    VT_EQ(s.max_alloc, s.total_bytes - VOS_HEAP_OVERHEAD);
    VT_EQ(s.free_blocks, 1);
    VT_EQ(s.allocs + s.frees + s.failures, 0);
    VT_EQ(vos_heap_check(&heap), VOS_OK);
    VT_EQ(VOS_HEAP_MIN_BLOCK, 24);          /* 32-bit target: header, two links, tag */
}

VT_TEST(heap_sizes_alignment_contents)
{
    static uint8_t *p[160];
    VT_EQ(vos_heap_init(&heap, arena, ARENA), VOS_OK);
    size_t used = 0;
    for (unsigned n = 1; n <= 160; n++) {
        p[n - 1] = t_alloc(&heap, n);
        VT_ASSERT(p[n - 1] != NULL);
        if (p[n - 1] == NULL)
            return;
        VT_EQ((uintptr_t)p[n - 1] & 7u, 0);
        fill(p[n - 1], n, n);
        used += blk_bytes(n);
    }
    VT_EQ(hstats().free_bytes, hstats().total_bytes - used);
    VT_EQ(vos_heap_check(&heap), VOS_OK);
    for (unsigned n = 160; n >= 1; n -= 2) {     /* every other one, from the end */
        VT_ASSERT(intact(p[n - 1], n, n));
        VT_EQ(vos_heap_free(&heap, p[n - 1]), VOS_OK);
        VT_EQ(vos_heap_check(&heap), VOS_OK);
    }
    for (unsigned n = 1; n <= 159; n += 2) {
        VT_ASSERT(intact(p[n - 1], n, n));
        VT_EQ(vos_heap_free(&heap, p[n - 1]), VOS_OK);
        VT_EQ(vos_heap_check(&heap), VOS_OK);
    }
    vos_heap_stats_t s = hstats();
    VT_EQ(s.free_blocks, 1);
    VT_EQ(s.allocs, 160);
    VT_EQ(s.frees, 160);
    VT_EQ(s.min_free_bytes, s.total_bytes - used);
}

VT_TEST(heap_free_errors_change_nothing)
{
    VT_EQ(vos_heap_init(&heap, arena, ARENA), VOS_OK);
    uint8_t *a = t_alloc(&heap, 100);
    uint8_t *b = t_alloc(&heap, 100);
    uint8_t *c = t_alloc(&heap, 100);
    VT_ASSERT(a && b && c);
    if (!(a && b && c))
        return;
    fill(b, 100, 3);
    vos_heap_stats_t s = hstats();
    static uint32_t outside[4];
    VT_EQ(vos_heap_free(&heap, NULL), VOS_OK);
    VT_EQ(vos_heap_free(&heap, outside), VOS_ERR_INVALID);
    VT_EQ(vos_heap_free(&heap, b + 3), VOS_ERR_INVALID);          /* misaligned */
    VT_EQ(vos_heap_free(&heap, b + 16), VOS_ERR_INVALID);         /* middle */
    VT_EQ(vos_heap_free(&heap, c + 200), VOS_ERR_INVALID);        /* middle of the top */
    /* Overwritten own header, then a buffer overrun into c's header. */
    uint32_t save = ((uint32_t *)(void *)b)[-2];
    ((uint32_t *)(void *)b)[-2] = save ^ 0x100u;
    VT_EQ(vos_heap_free(&heap, b), VOS_ERR_CORRUPT);
    VT_EQ(vos_heap_check(&heap), VOS_ERR_CORRUPT);
    ((uint32_t *)(void *)b)[-2] = save;
    save = ((uint32_t *)(void *)c)[-1];
    ((uint32_t *)(void *)c)[-1] = 0;
    VT_EQ(vos_heap_free(&heap, b), VOS_ERR_CORRUPT);
    ((uint32_t *)(void *)c)[-1] = save;
    vos_heap_stats_t t = hstats();
    VT_ASSERT(same(&s, &t));
    VT_EQ(vos_heap_check(&heap), VOS_OK);
    VT_ASSERT(intact(b, 100, 3));
    /* Double free, plain and after merging into the free predecessor. */
    VT_EQ(vos_heap_free(&heap, a), VOS_OK);
    VT_EQ(vos_heap_free(&heap, a), VOS_ERR_STATE);
    VT_EQ(vos_heap_free(&heap, b), VOS_OK);
    VT_EQ(vos_heap_free(&heap, b), VOS_ERR_STATE);
    t = hstats();
    VT_EQ(t.frees, 2);
    VT_EQ(vos_heap_free(&heap, c), VOS_OK);
    VT_EQ(vos_heap_check(&heap), VOS_OK);
    VT_EQ(hstats().free_blocks, 1);
    /* Not a heap at all. */
    static vos_heap_t junk;
    VT_EQ(vos_heap_free(&junk, a), VOS_ERR_INVALID);
    VT_EQ(t_alloc_err(&junk, 8, 0), VOS_ERR_INVALID);
    VT_EQ(vos_heap_check(&junk), VOS_ERR_INVALID);
}

VT_TEST(heap_size_limits_and_aligned)
{
    VT_EQ(vos_heap_init(&heap, arena, ARENA), VOS_OK);
    VT_EQ(t_alloc_err(&heap, 0, 0), VOS_ERR_ARG);
    VT_EQ(t_alloc_err(&heap, ARENA, 0), VOS_ERR_NO_MEMORY);
    VT_EQ(t_alloc_err(&heap, SIZE_MAX, 0), VOS_ERR_ARG);
    VT_EQ(t_alloc_err(&heap, 64, 24), VOS_ERR_ARG);
    VT_EQ(hstats().failures, 4);
    static void *p[12];
    for (unsigned i = 0; i < 12; i++) {
        size_t align = (size_t)16 << (i % 8);              /* 16 .. 2048 */
        p[i] = t_alloc_aligned(&heap, 40 + 30 * i, align);
        VT_ASSERT(p[i] != NULL);
        VT_EQ((uintptr_t)p[i] & (align - 1u), 0);
        VT_EQ(vos_heap_check(&heap), VOS_OK);
    }
    for (unsigned i = 0; i < 12; i++) {
        VT_EQ(vos_heap_free(&heap, p[(i * 5) % 12]), VOS_OK);
        VT_EQ(vos_heap_check(&heap), VOS_OK);
    }
    VT_EQ(hstats().free_blocks, 1);
}

VT_TEST(heap_random_run)
{
    enum { SLOTS = 64 };
    static uint8_t *p[SLOTS];
    static uint16_t n[SLOTS];
    static uint32_t tag[SLOTS];
    memset(p, 0, sizeof p);
    VT_EQ(vos_heap_init(&heap, arena + 4, ARENA), VOS_OK);
    uint32_t seed = 0xC0FFEEu, allocs = 0, frees = 0, fails = 0;
    for (int op = 0; op < 4000; op++) {
        int i = (int)(rng(&seed) % SLOTS);
        if (p[i] != NULL) {
            if (!intact(p[i], n[i], tag[i])) {
                VT_ASSERT(!"block contents changed");
                return;
            }
            VT_EQ(vos_heap_free(&heap, p[i]), VOS_OK);
            p[i] = NULL;
            frees++;
        } else {
            uint32_t r = rng(&seed);
            n[i] = (uint16_t)(1 + (r % 4 ? rng(&seed) % 128 : rng(&seed) % 2048));
            p[i] = (r & 0x100u) ? t_alloc_aligned(&heap, n[i], 64)
                                : t_alloc(&heap, n[i]);
            if (p[i] == NULL) {
                fails++;
            } else {
                allocs++;
                tag[i] = rng(&seed);
                fill(p[i], n[i], tag[i]);
            }
        }
        if (vos_heap_check(&heap) != VOS_OK) {
            VT_ASSERT(!"vos_heap_check");
            vt_note("check failed at operation %d\n", op);
            return;
        }
    }
    vos_heap_stats_t s = hstats();
    VT_EQ(s.allocs, allocs);
    VT_EQ(s.frees, frees);
    VT_EQ(s.failures, fails);
    VT_ASSERT(fails > 0 && allocs > 1000);
    for (int i = 0; i < SLOTS; i++)
        if (p[i] != NULL)
            VT_EQ(vos_heap_free(&heap, p[i]), VOS_OK);
    VT_EQ(hstats().free_blocks, 1);
}

static void *isr_a, *isr_b;
static int isr_fa, isr_fb, isr_double;

static void heap_in_isr(void)
{
    isr_a = t_alloc(&heap, 300);
    isr_b = t_alloc_aligned(&heap, 20, 128);
    isr_fa = vos_heap_free(&heap, isr_a);
    isr_double = vos_heap_free(&heap, isr_a);
    isr_fb = vos_heap_free(&heap, isr_b);
}

VT_TEST(heap_from_interrupt_handler)
{
    VT_EQ(vos_heap_init(&heap, arena, ARENA), VOS_OK);
    vt_run_in_isr(heap_in_isr);
    VT_ASSERT(isr_a != NULL && isr_b != NULL);
    VT_EQ((uintptr_t)isr_b & 127u, 0);
    VT_EQ(isr_fa, VOS_OK);
    VT_EQ(isr_double, VOS_ERR_STATE);
    VT_EQ(isr_fb, VOS_OK);
    VT_EQ(vos_heap_check(&heap), VOS_OK);
    VT_EQ(hstats().free_blocks, 1);
}

/* Two tasks of different priorities and an interrupt handler allocate and
 * free on one heap until told to stop; the higher task wakes every
 * millisecond and preempts the lower one, which never sleeps, wherever it
 * is (between and inside heap calls). */
static volatile bool churn_stop;
static volatile uint32_t churn_errors, churn_ops[3];

static void churn(uint32_t seed, int who)
{
    uint8_t *mine[8] = {0};
    size_t len[8] = {0};
    for (int round = 0; round < 100000 && !churn_stop; round++) {
        for (int k = 0; k < 8; k++) {
            if (mine[k] != NULL) {
                if (!intact(mine[k], len[k], (uint32_t)who * 31u + (uint32_t)k) ||
                    vos_heap_free(&heap, mine[k]) != VOS_OK)
                    churn_errors++;
                mine[k] = NULL;
            }
            len[k] = 1 + rng(&seed) % 200;
            mine[k] = t_alloc(&heap, len[k]);
            if (mine[k] != NULL)
                fill(mine[k], len[k], (uint32_t)who * 31u + (uint32_t)k);
            churn_ops[who]++;
        }
        if (who == 1)
            vos_sleep(vos_ms(1));
    }
    for (int k = 0; k < 8; k++)
        if (mine[k] != NULL && vos_heap_free(&heap, mine[k]) != VOS_OK)
            churn_errors++;
}

static void churn_task(void *arg)
{
    churn((uint32_t)(uintptr_t)arg, (int)((uintptr_t)arg & 1u));
}

static void churn_isr(void)
{
    void *p = t_alloc(&heap, 48);
    if (p != NULL && vos_heap_free(&heap, p) != VOS_OK)
        churn_errors++;
    churn_ops[2]++;
}

VT_TEST(heap_shared_by_tasks_and_interrupt)
{
    VT_EQ(vos_heap_init(&heap, arena, ARENA), VOS_OK);
    churn_stop = false;
    churn_errors = 0;
    churn_ops[0] = churn_ops[1] = churn_ops[2] = 0;
    vt_spawn(0, "low", churn_task, (void *)(uintptr_t)0x1234u, VT_RUNNER_PRIO - 2);
    vt_spawn(1, "high", churn_task, (void *)(uintptr_t)0x4321u, VT_RUNNER_PRIO - 1);
    for (int i = 0; i < 20; i++) {
        vos_sleep(vos_us(700));
        vt_run_in_isr(churn_isr);
    }
    churn_stop = true;
    vt_join(2, 2000);
    VT_EQ(churn_errors, 0);
    VT_ASSERT(churn_ops[0] > 0 && churn_ops[1] > 0 && churn_ops[2] == 20);
    vt_note("operations: low task %u, high task %u, interrupt %u\n",
            (unsigned)churn_ops[0], (unsigned)churn_ops[1], (unsigned)churn_ops[2]);
    VT_EQ(vos_heap_check(&heap), VOS_OK);
    VT_EQ(hstats().free_blocks, 1);
}

/* --- Pools ---------------------------------------------------------------- */

static uint8_t pool_mem[VOS_POOL_MEM_SIZE(40, 16)] __attribute__((aligned(8)));
static vos_pool_t pool;

VT_TEST(pool_basic_and_errors)
{
    VT_EQ(vos_pool_init(&pool, pool_mem + 4, 40, 16), VOS_ERR_ARG);
    VT_EQ(vos_pool_init(&pool, pool_mem, 36, 16), VOS_ERR_ARG);
    VT_EQ(vos_pool_init(&pool, pool_mem, 40, 16), VOS_OK);
    static uint8_t *b[16];
    for (int i = 0; i < 16; i++) {
        b[i] = t_pool_alloc(&pool);
        VT_ASSERT(b[i] != NULL);
        if (b[i] == NULL)
            return;
        VT_EQ((size_t)(b[i] - pool_mem) % 40u, 0);
    }
    VT_EQ(t_pool_err(&pool), VOS_ERR_NO_MEMORY);
    VT_EQ(vos_pool_available(&pool), 0);
    VT_EQ(vos_pool_free(&pool, b[3] + 8), VOS_ERR_INVALID);
    VT_EQ(vos_pool_free(&pool, b[3] + 1), VOS_ERR_INVALID);
    VT_EQ(vos_pool_free(&pool, arena), VOS_ERR_INVALID);
    VT_EQ(vos_pool_free(&pool, NULL), VOS_ERR_INVALID);
    VT_EQ(vos_pool_free(&pool, b[3]), VOS_OK);
    VT_EQ(vos_pool_free(&pool, b[3]), VOS_ERR_STATE);
    VT_EQ(vos_pool_available(&pool), 1);
    for (int i = 0; i < 16; i++)
        if (i != 3)
            VT_EQ(vos_pool_free(&pool, b[i]), VOS_OK);
    VT_EQ(vos_pool_available(&pool), 16);
    VT_EQ(vos_pool_min_available(&pool), 0);
}

static void *pool_isr_blk;
static int pool_isr_free, pool_isr_double;

static void pool_in_isr(void)
{
    pool_isr_blk = t_pool_alloc(&pool);
    pool_isr_free = vos_pool_free(&pool, pool_isr_blk);
    pool_isr_double = vos_pool_free(&pool, pool_isr_blk);
}

VT_TEST(pool_from_interrupt_handler)
{
    VT_EQ(vos_pool_init(&pool, pool_mem, 40, 16), VOS_OK);
    vt_run_in_isr(pool_in_isr);
    VT_ASSERT(pool_isr_blk != NULL);
    VT_EQ(pool_isr_free, VOS_OK);
    VT_EQ(pool_isr_double, VOS_ERR_STATE);
    VT_EQ(vos_pool_available(&pool), 16);
}
