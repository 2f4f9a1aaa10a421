/* SPDX-License-Identifier: MIT */
/*
 * Host tests of the heap (kernel/heap.c): initialisation and its errors,
 * every error path of vos_heap_free (foreign, misaligned, middle, double,
 * overwritten headers and boundary tags) with proof that the heap did not
 * change, alignment, exact statistics, long randomised runs with fixed
 * seeds and vos_heap_check after every operation, and the fragmentation
 * bounds of docs/allocator.md. Built with ASan/UBSan (and run under
 * valgrind in a plain build); prints one line per case and
 * "N passed, M failed".
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include "vaios/heap.h"
#include "vaios/error.h"
#include "port.h"
#include "htest.h"

#define SLC       VOS_HEAP_SL_COUNT
#define ARENA     (256u * 1024u)

static uint8_t arena[ARENA + 64] __attribute__((aligned(8)));
static uint8_t arena2[16384] __attribute__((aligned(8)));

/* The block vos_heap_alloc (align 0) or vos_heap_alloc_aligned gives, or
 * NULL when the call fails. */
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

/* The error of that call; a failed call must also leave NULL in its out
 * pointer, and a violation of that reads as 1, which no case expects. */
static int t_alloc_err(vos_heap_t *h, size_t n, size_t align)
{
    void *p = &p;
    int err = align ? vos_heap_alloc_aligned(h, n, align, &p) : vos_heap_alloc(h, n, &p);
    return err != VOS_OK && p != NULL ? 1 : err;
}

/* Block bytes a request of n takes (the contract in heap.h). */
static size_t blk_bytes(size_t n)
{
    size_t b = (n + VOS_HEAP_OVERHEAD + 7u) & ~(size_t)7u;
    return b < VOS_HEAP_MIN_BLOCK ? VOS_HEAP_MIN_BLOCK : b;
}

/* The kernel lock is not held (the low 31 bits are the nesting depth in
 * the host port). */
static bool lock_free(void)
{
    return (arch_host_lock_depth & 0x7FFFFFFFu) == 0;
}

static vos_heap_stats_t stats(const vos_heap_t *h)
{
    vos_heap_stats_t s;
    memset(&s, 0xEE, sizeof s);
    if (vos_heap_stats(h, &s) != VOS_OK)
        memset(&s, 0, sizeof s);
    return s;
}

static bool same_stats(const vos_heap_stats_t *a, const vos_heap_stats_t *b)
{
    return a->total_bytes == b->total_bytes && a->free_bytes == b->free_bytes &&
           a->min_free_bytes == b->min_free_bytes && a->largest_free == b->largest_free &&
           a->max_alloc == b->max_alloc && a->free_blocks == b->free_blocks &&
           a->allocs == b->allocs && a->frees == b->frees && a->failures == b->failures;
}

static void fill(void *p, size_t n, uint32_t tag)
{
    uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        b[i] = (uint8_t)(tag * 131u + i * 7u + (i >> 8));
}

static bool intact(const void *p, size_t n, uint32_t tag)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != (uint8_t)(tag * 131u + i * 7u + (i >> 8)))
            return false;
    return true;
}

/* --- Initialisation ------------------------------------------------------ */

static void test_init_errors(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(NULL, arena, ARENA), VOS_ERR_INVALID);
    HT_EQ(vos_heap_init(&h, NULL, ARENA), VOS_ERR_ARG);
    HT_EQ(vos_heap_init(&h, arena, 0), VOS_ERR_ARG);
    HT_EQ(vos_heap_init(&h, arena, VOS_HEAP_OVERHEAD + VOS_HEAP_MIN_BLOCK - 1), VOS_ERR_ARG);
    HT_EQ(vos_heap_init(&h, arena + 1, VOS_HEAP_OVERHEAD + VOS_HEAP_MIN_BLOCK), VOS_ERR_ARG);
    HT_EQ(vos_heap_init(&h, arena, VOS_HEAP_OVERHEAD + VOS_HEAP_MIN_BLOCK), VOS_OK);
    HT_EQ(vos_heap_check(&h), VOS_OK);
    /* The arena must stay below 2^VOS_CFG_HEAP_MAX_LOG2 bytes. */
    size_t big = ((size_t)1 << VOS_CFG_HEAP_MAX_LOG2) + 64u;
    uint8_t *mem = malloc(big);
    HT_ASSERT(mem != NULL);
    int too_big = vos_heap_init(&h, mem, big);
    int just_fits = vos_heap_init(&h, mem, ((size_t)1 << VOS_CFG_HEAP_MAX_LOG2));
    int ok_check = vos_heap_check(&h);
    void *p = t_alloc(&h, VOS_HEAP_MAX_REQUEST);
    int freed = vos_heap_free(&h, p);
    free(mem);
    HT_EQ(too_big, VOS_ERR_ARG);
    HT_EQ(just_fits, VOS_OK);
    HT_EQ(ok_check, VOS_OK);
    HT_ASSERT(p != NULL);
    HT_EQ(freed, VOS_OK);
    /* Calls on something that is not a heap. */
    vos_heap_t junk;
    memset(&junk, 0, sizeof junk);
    vos_heap_stats_t s;
    HT_EQ(t_alloc_err(&junk, 8, 0), VOS_ERR_INVALID);
    HT_EQ(t_alloc_err(NULL, 8, 0), VOS_ERR_INVALID);
    HT_EQ(t_alloc_err(&junk, 8, 64), VOS_ERR_INVALID);
    HT_EQ(vos_heap_free(&junk, arena + 8), VOS_ERR_INVALID);
    HT_EQ(vos_heap_free(NULL, arena + 8), VOS_ERR_INVALID);
    HT_EQ(vos_heap_stats(&junk, &s), VOS_ERR_INVALID);
    HT_EQ(vos_heap_stats(NULL, &s), VOS_ERR_INVALID);
    HT_EQ(vos_heap_check(&junk), VOS_ERR_INVALID);
    HT_EQ(vos_heap_check(NULL), VOS_ERR_INVALID);
    HT_EQ(vos_heap_init(&h, arena, ARENA), VOS_OK);
    HT_EQ(vos_heap_stats(&h, NULL), VOS_ERR_ARG);
    /* No out pointer: refused before anything is taken. */
    vos_heap_stats_t before = stats(&h);
    HT_EQ(vos_heap_alloc(&h, 8, NULL), VOS_ERR_ARG);
    HT_EQ(vos_heap_alloc_aligned(&h, 8, 64, NULL), VOS_ERR_ARG);
    vos_heap_stats_t after = stats(&h);
    HT_EQ(after.free_bytes, before.free_bytes);
    HT_EQ(after.allocs, before.allocs);
    HT_ASSERT(lock_free());
}

static void test_init_state(void)
{
    for (unsigned skew = 0; skew < 8; skew++) {
        vos_heap_t h;
        HT_EQ(vos_heap_init(&h, arena + skew, ARENA - skew), VOS_OK);
        vos_heap_stats_t s = stats(&h);
        size_t lead = (8u - skew) & 7u;
        size_t total = ((ARENA - skew - lead) & ~(size_t)7u) - VOS_HEAP_OVERHEAD;
        HT_EQ(s.total_bytes, total);
        HT_EQ(s.free_bytes, total);
        HT_EQ(s.min_free_bytes, total);
        HT_EQ(s.largest_free, total);
        HT_EQ(s.max_alloc, total - VOS_HEAP_OVERHEAD);
        HT_EQ(s.free_blocks, 1);
        HT_EQ(s.allocs, 0);
        HT_EQ(s.frees, 0);
        HT_EQ(s.failures, 0);
        /* The whole arena in one piece, inside the memory given. */
        uint8_t *p = t_alloc(&h, s.max_alloc);
        HT_ASSERT(p != NULL);
        HT_ASSERT(p >= arena + skew && p + s.max_alloc <= arena + ARENA);
        HT_EQ((uintptr_t)p & 7u, 0);
        HT_EQ(t_alloc_err(&h, 1, 0), VOS_ERR_NO_MEMORY);
        HT_EQ(vos_heap_check(&h), VOS_OK);
        HT_EQ(vos_heap_free(&h, p), VOS_OK);
        HT_EQ(vos_heap_check(&h), VOS_OK);
        HT_EQ(stats(&h).free_bytes, total);
    }
}

/* --- Allocation ----------------------------------------------------------- */

static void test_sizes_and_alignment(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena, ARENA), VOS_OK);
    static uint8_t *p[600];
    size_t used = 0;
    for (size_t n = 1; n <= 600; n++) {
        p[n - 1] = t_alloc(&h, n);
        HT_ASSERT(p[n - 1] != NULL);
        HT_EQ((uintptr_t)p[n - 1] & (VOS_HEAP_ALIGN - 1u), 0);
        fill(p[n - 1], n, (uint32_t)n);
        used += blk_bytes(n);
        HT_EQ(stats(&h).free_bytes, stats(&h).total_bytes - used);
        HT_EQ(vos_heap_check(&h), VOS_OK);
    }
    for (size_t n = 1; n <= 600; n++) {
        HT_ASSERT(intact(p[n - 1], n, (uint32_t)n));
        HT_EQ(vos_heap_free(&h, p[n - 1]), VOS_OK);
        HT_EQ(vos_heap_check(&h), VOS_OK);
    }
    HT_EQ(stats(&h).free_blocks, 1);
    HT_ASSERT(lock_free());
}

static void test_size_zero_and_too_big(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena2, sizeof arena2), VOS_OK);
    vos_heap_stats_t s0 = stats(&h);
    HT_EQ(t_alloc_err(&h, 0, 0), VOS_ERR_ARG);
    HT_EQ(t_alloc_err(&h, sizeof arena2, 0), VOS_ERR_NO_MEMORY);
    HT_EQ(t_alloc_err(&h, s0.max_alloc + 1, 0), VOS_ERR_NO_MEMORY);
    HT_EQ(t_alloc_err(&h, VOS_HEAP_MAX_REQUEST + 1, 0), VOS_ERR_ARG);
    HT_EQ(t_alloc_err(&h, SIZE_MAX, 0), VOS_ERR_ARG);
    HT_EQ(t_alloc_err(&h, SIZE_MAX - 7, 0), VOS_ERR_ARG);
    HT_EQ(t_alloc_err(&h, 0, 64), VOS_ERR_ARG);
    HT_EQ(t_alloc_err(&h, SIZE_MAX, 64), VOS_ERR_ARG);
    vos_heap_stats_t s1 = stats(&h);
    HT_EQ(s1.failures, 8);
    HT_EQ(s1.allocs, 0);
    HT_EQ(s1.free_bytes, s0.free_bytes);
    HT_EQ(s1.min_free_bytes, s0.min_free_bytes);
    HT_EQ(vos_heap_check(&h), VOS_OK);
    /* The largest request that fits is granted exactly. */
    void *p = t_alloc(&h, s0.max_alloc);
    HT_ASSERT(p != NULL);
    HT_EQ(stats(&h).free_bytes, 0);
    HT_EQ(vos_heap_free(&h, p), VOS_OK);
    HT_ASSERT(lock_free());
}

static void test_aligned(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena + 8, ARENA - 8), VOS_OK);
    uint32_t seed = 0xA11A11u;
    static void *p[400];
    static size_t n[400];
    for (int i = 0; i < 400; i++) {
        size_t align = (size_t)1 << (ht_rand(&seed) % 13);       /* 1 .. 4096 */
        n[i] = 1 + ht_rand(&seed) % 700;
        p[i] = t_alloc_aligned(&h, n[i], align);
        HT_ASSERT(p[i] != NULL);
        HT_EQ((uintptr_t)p[i] & (align - 1u), 0);
        HT_EQ((uintptr_t)p[i] & (VOS_HEAP_ALIGN - 1u), 0);
        fill(p[i], n[i], (uint32_t)i);
        HT_EQ(vos_heap_check(&h), VOS_OK);
        if (ht_rand(&seed) % 3 == 0) {      /* free a random earlier block */
            int j = (int)(ht_rand(&seed) % (uint32_t)(i + 1));
            if (p[j] != NULL) {
                HT_ASSERT(intact(p[j], n[j], (uint32_t)j));
                HT_EQ(vos_heap_free(&h, p[j]), VOS_OK);
                p[j] = NULL;
                HT_EQ(vos_heap_check(&h), VOS_OK);
            }
        }
    }
    for (int i = 0; i < 400; i++) {
        if (p[i] != NULL) {
            HT_ASSERT(intact(p[i], n[i], (uint32_t)i));
            HT_EQ(vos_heap_free(&h, p[i]), VOS_OK);
            HT_EQ(vos_heap_check(&h), VOS_OK);
        }
    }
    HT_EQ(stats(&h).free_blocks, 1);
    /* Bad alignments are refused and counted. */
    uint32_t f0 = stats(&h).failures;
    HT_EQ(t_alloc_err(&h, 16, 24), VOS_ERR_ARG);
    HT_EQ(t_alloc_err(&h, 16, 48), VOS_ERR_ARG);
    HT_EQ(t_alloc_err(&h, 16, VOS_HEAP_MAX_REQUEST * 2), VOS_ERR_ARG);
    HT_EQ(t_alloc_err(&h, ARENA, 64), VOS_ERR_NO_MEMORY);
    HT_EQ(stats(&h).failures, f0 + 4);
    /* On a fresh heap the block comes from the top after a gap of 0 or at
     * least VOS_HEAP_MIN_BLOCK bytes: the largest request that fits
     * beside that gap succeeds, 8 bytes more fail cleanly. */
    for (size_t align = 16; align <= 4096; align *= 2) {
        vos_heap_t h2;
        HT_EQ(vos_heap_init(&h2, arena2, sizeof arena2), VOS_OK);
        size_t top = stats(&h2).total_bytes;
        uintptr_t pay = (uintptr_t)arena2 + VOS_HEAP_OVERHEAD;
        size_t gap = (size_t)(-pay & (align - 1u));
        while (gap != 0 && gap < VOS_HEAP_MIN_BLOCK)
            gap += align;
        size_t fit = top - gap - VOS_HEAP_OVERHEAD;
        HT_EQ(t_alloc_err(&h2, fit + 8, align), VOS_ERR_NO_MEMORY);
        HT_EQ(stats(&h2).failures, 1);
        HT_EQ(stats(&h2).free_bytes, top);
        HT_EQ(vos_heap_check(&h2), VOS_OK);
        uint8_t *q = t_alloc_aligned(&h2, fit, align);
        HT_ASSERT(q != NULL);
        HT_EQ((uintptr_t)q & (align - 1u), 0);
        HT_EQ(vos_heap_check(&h2), VOS_OK);
        HT_EQ(stats(&h2).free_bytes, gap);
        HT_EQ(vos_heap_free(&h2, q), VOS_OK);
        HT_EQ(stats(&h2).free_blocks, 1);
    }
    HT_ASSERT(lock_free());
}

/* --- Errors of vos_heap_free --------------------------------------------- */

static void test_free_foreign_and_misaligned(void)
{
    vos_heap_t h, h2;
    HT_EQ(vos_heap_init(&h, arena, ARENA), VOS_OK);
    HT_EQ(vos_heap_init(&h2, arena2, sizeof arena2), VOS_OK);
    uint8_t *a = t_alloc(&h, 200);
    uint8_t *b = t_alloc(&h2, 200);
    HT_ASSERT(a != NULL && b != NULL);
    vos_heap_stats_t s = stats(&h), s2 = stats(&h2);
    int local;
    HT_EQ(vos_heap_free(&h, NULL), VOS_OK);
    HT_EQ(vos_heap_free(&h, &local), VOS_ERR_INVALID);
    HT_EQ(vos_heap_free(&h, b), VOS_ERR_INVALID);          /* the other heap's */
    HT_EQ(vos_heap_free(&h2, a), VOS_ERR_INVALID);
    HT_EQ(vos_heap_free(&h, arena), VOS_ERR_INVALID);      /* before the first payload */
    HT_EQ(vos_heap_free(&h, arena + ARENA + 8), VOS_ERR_INVALID);
    for (int off = 1; off < 8; off++)
        HT_EQ(vos_heap_free(&h, a + off), VOS_ERR_INVALID);
    HT_EQ(vos_heap_free(&h, a - 1), VOS_ERR_INVALID);
    vos_heap_stats_t t = stats(&h), t2 = stats(&h2);
    HT_ASSERT(same_stats(&s, &t));
    HT_ASSERT(same_stats(&s2, &t2));
    HT_EQ(vos_heap_check(&h), VOS_OK);
    HT_EQ(vos_heap_check(&h2), VOS_OK);
    HT_EQ(vos_heap_free(&h, a), VOS_OK);
    HT_EQ(vos_heap_free(&h2, b), VOS_OK);
    HT_ASSERT(lock_free());
}

static void test_free_middle(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena, ARENA), VOS_OK);
    uint8_t *a = t_alloc(&h, 64);
    uint8_t *b = t_alloc(&h, 4000);
    uint8_t *c = t_alloc(&h, 64);
    HT_ASSERT(a && b && c);
    memset(b, 0, 4000);
    vos_heap_stats_t s = stats(&h);
    for (size_t off = 8; off < 4000; off += 8)
        HT_EQ(vos_heap_free(&h, b + off), VOS_ERR_INVALID);
    /* Data that looks like nothing in particular. */
    fill(b, 4000, 9);
    for (size_t off = 8; off < 4000; off += 8)
        HT_EQ(vos_heap_free(&h, b + off), VOS_ERR_INVALID);
    /* The middle of the free top. */
    HT_EQ(vos_heap_free(&h, c + 4096), VOS_ERR_INVALID);
    vos_heap_stats_t t = stats(&h);
    HT_ASSERT(same_stats(&s, &t));
    HT_EQ(vos_heap_check(&h), VOS_OK);
    HT_ASSERT(intact(b, 4000, 9));
    HT_EQ(vos_heap_free(&h, b), VOS_OK);
    HT_EQ(vos_heap_free(&h, a), VOS_OK);
    HT_EQ(vos_heap_free(&h, c), VOS_OK);
    HT_EQ(stats(&h).free_blocks, 1);
    HT_ASSERT(lock_free());
}

static void test_double_free(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena, ARENA), VOS_OK);
    void *a = t_alloc(&h, 100);
    void *b = t_alloc(&h, 100);
    void *c = t_alloc(&h, 100);
    void *d = t_alloc(&h, 100);
    HT_ASSERT(a && b && c && d);
    /* A block alone between used neighbours. */
    HT_EQ(vos_heap_free(&h, b), VOS_OK);
    vos_heap_stats_t s = stats(&h);
    HT_EQ(vos_heap_free(&h, b), VOS_ERR_STATE);
    vos_heap_stats_t t = stats(&h);
    HT_ASSERT(same_stats(&s, &t));
    /* A block merged into its free predecessor: its header is dead. */
    HT_EQ(vos_heap_free(&h, c), VOS_OK);
    s = stats(&h);
    HT_EQ(vos_heap_free(&h, c), VOS_ERR_STATE);
    HT_EQ(vos_heap_free(&h, b), VOS_ERR_STATE);
    t = stats(&h);
    HT_ASSERT(same_stats(&s, &t));
    /* A block merged with the top, then the whole heap merged. */
    HT_EQ(vos_heap_free(&h, d), VOS_OK);
    HT_EQ(vos_heap_free(&h, d), VOS_ERR_STATE);
    HT_EQ(vos_heap_free(&h, a), VOS_OK);
    HT_EQ(vos_heap_free(&h, a), VOS_ERR_STATE);
    HT_EQ(vos_heap_free(&h, c), VOS_ERR_STATE);
    HT_EQ(vos_heap_check(&h), VOS_OK);
    t = stats(&h);
    HT_EQ(t.free_blocks, 1);
    HT_EQ(t.frees, 4);
    HT_EQ(t.allocs, 4);
    HT_ASSERT(lock_free());
}

/* Overwrite n bytes at p with garbage, run op, put the bytes back. */
static int with_garbage(uint8_t *p, size_t n, int (*op)(vos_heap_t *, void *), vos_heap_t *h, void *arg)
{
    uint8_t save[32];
    memcpy(save, p, n);
    for (size_t i = 0; i < n; i++)
        p[i] ^= (uint8_t)(0x5Bu + 17u * i);
    int r = op(h, arg);
    memcpy(p, save, n);
    return r;
}

static int op_free(vos_heap_t *h, void *p)
{
    return vos_heap_free(h, p);
}

static int op_check(vos_heap_t *h, void *p)
{
    (void)p;
    return vos_heap_check(h);
}

static void test_overwritten_headers(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena, ARENA), VOS_OK);
    uint8_t *a = t_alloc(&h, 100);
    uint8_t *b = t_alloc(&h, 100);
    uint8_t *c = t_alloc(&h, 100);
    uint8_t *d = t_alloc(&h, 100);
    HT_ASSERT(a && b && c && d);
    vos_heap_stats_t s = stats(&h);
    /* The block's own header: every byte of it. */
    for (size_t i = 0; i < VOS_HEAP_OVERHEAD; i++)
        HT_EQ(with_garbage(b - VOS_HEAP_OVERHEAD + i, 1, op_free, &h, b), VOS_ERR_CORRUPT);
    /* A buffer overrun from b into c's header. */
    HT_EQ(with_garbage(b + blk_bytes(100) - VOS_HEAP_OVERHEAD, 4, op_free, &h, b), VOS_ERR_CORRUPT);
    HT_EQ(with_garbage(c - 4, 4, op_free, &h, b), VOS_ERR_CORRUPT);
    vos_heap_stats_t t = stats(&h);
    HT_ASSERT(same_stats(&s, &t));
    HT_EQ(vos_heap_check(&h), VOS_OK);
    /* b free: its boundary tag (its last word) and its header. */
    HT_EQ(vos_heap_free(&h, b), VOS_OK);
    s = stats(&h);
    HT_EQ(with_garbage(c - VOS_HEAP_OVERHEAD - sizeof(void *), sizeof(void *), op_free, &h, c),
          VOS_ERR_CORRUPT);
    HT_EQ(with_garbage(b - VOS_HEAP_OVERHEAD, 4, op_free, &h, c), VOS_ERR_CORRUPT);
    t = stats(&h);
    HT_ASSERT(same_stats(&s, &t));
    /* vos_heap_check finds each of them, and a broken free-list link. */
    HT_EQ(with_garbage(b - VOS_HEAP_OVERHEAD, 4, op_check, &h, NULL), VOS_ERR_CORRUPT);
    HT_EQ(with_garbage(b - VOS_HEAP_OVERHEAD + 4, 4, op_check, &h, NULL), VOS_ERR_CORRUPT);
    HT_EQ(with_garbage(c - VOS_HEAP_OVERHEAD - sizeof(void *), sizeof(void *), op_check, &h, NULL),
          VOS_ERR_CORRUPT);
    HT_EQ(with_garbage(b, sizeof(void *), op_check, &h, NULL), VOS_ERR_CORRUPT);
    HT_EQ(with_garbage(b + sizeof(void *), sizeof(void *), op_check, &h, NULL), VOS_ERR_CORRUPT);
    HT_EQ(with_garbage(c - VOS_HEAP_OVERHEAD, 4, op_check, &h, NULL), VOS_ERR_CORRUPT);
    HT_EQ(with_garbage(d + blk_bytes(100) - VOS_HEAP_OVERHEAD, 8, op_check, &h, NULL),
          VOS_ERR_CORRUPT);                                  /* the top's header */
    HT_EQ(vos_heap_check(&h), VOS_OK);
    /* All intact again: everything frees and merges. */
    HT_EQ(vos_heap_free(&h, c), VOS_OK);
    HT_EQ(vos_heap_free(&h, a), VOS_OK);
    HT_EQ(vos_heap_free(&h, d), VOS_OK);
    HT_EQ(vos_heap_check(&h), VOS_OK);
    HT_EQ(stats(&h).free_blocks, 1);
    HT_ASSERT(lock_free());
}

static void test_free_of_free_space(void)
{
    /* A pointer that was never handed out but lies where a free block's
     * payload starts is refused as a double free, and changes nothing. */
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena, ARENA), VOS_OK);
    uint8_t *a = t_alloc(&h, 40);
    HT_ASSERT(a != NULL);
    vos_heap_stats_t s = stats(&h);
    HT_EQ(vos_heap_free(&h, a + blk_bytes(40)), VOS_ERR_STATE);     /* the top */
    vos_heap_stats_t t = stats(&h);
    HT_ASSERT(same_stats(&s, &t));
    HT_EQ(vos_heap_free(&h, a), VOS_OK);
    HT_EQ(vos_heap_free(&h, arena + VOS_HEAP_OVERHEAD), VOS_ERR_STATE);
    HT_EQ(vos_heap_check(&h), VOS_OK);
    HT_ASSERT(lock_free());
}

/* --- Statistics ------------------------------------------------------------ */

static void test_stats_exact(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena, ARENA), VOS_OK);
    size_t total = stats(&h).total_bytes;
    void *a = t_alloc(&h, 100);
    void *b = t_alloc(&h, 200);
    void *c = t_alloc(&h, 3000);
    HT_ASSERT(a && b && c);
    HT_EQ(vos_heap_free(&h, b), VOS_OK);
    HT_EQ(t_alloc_err(&h, 0, 0), VOS_ERR_ARG);
    HT_EQ(t_alloc_err(&h, ARENA, 0), VOS_ERR_NO_MEMORY);
    HT_EQ(vos_heap_free(&h, b), VOS_ERR_STATE);          /* not counted */
    vos_heap_stats_t s = stats(&h);
    HT_EQ(s.total_bytes, total);
    HT_EQ(s.free_bytes, total - blk_bytes(100) - blk_bytes(3000));
    HT_EQ(s.min_free_bytes, total - blk_bytes(100) - blk_bytes(200) - blk_bytes(3000));
    HT_EQ(s.allocs, 3);
    HT_EQ(s.frees, 1);
    HT_EQ(s.failures, 2);
    HT_EQ(s.free_blocks, 2);                  /* b's hole and the top */
    HT_EQ(s.largest_free, total - blk_bytes(100) - blk_bytes(200) - blk_bytes(3000));
    HT_EQ(s.max_alloc, s.largest_free - VOS_HEAP_OVERHEAD);
    HT_EQ(vos_heap_free(&h, a), VOS_OK);
    HT_EQ(vos_heap_free(&h, c), VOS_OK);
    s = stats(&h);
    HT_EQ(s.free_bytes, total);
    HT_EQ(s.min_free_bytes, total - blk_bytes(100) - blk_bytes(200) - blk_bytes(3000));
    HT_EQ(s.allocs, 3);
    HT_EQ(s.frees, 3);
    HT_EQ(s.free_blocks, 1);
    /* Re-initialising starts the statistics afresh. */
    HT_EQ(vos_heap_init(&h, arena, ARENA), VOS_OK);
    s = stats(&h);
    HT_EQ(s.allocs + s.frees + s.failures, 0);
    HT_EQ(s.min_free_bytes, total);
}

/* max_alloc is exactly the largest request that succeeds now, and never
 * less than the class-rounding bound under the largest free block. */
static int probe_max_alloc(vos_heap_t *h, const char **why, size_t *low)
{
    vos_heap_stats_t s = stats(h);
    *why = NULL;
    *low = s.free_bytes;
    if (s.free_blocks == 0)
        return s.max_alloc == 0 ? 0 : (*why = "max_alloc without free blocks", -1);
    size_t bound = s.largest_free * SLC / (SLC + 1u);
    if (s.max_alloc + VOS_HEAP_OVERHEAD < bound && s.max_alloc < VOS_HEAP_MAX_REQUEST)
        return *why = "max_alloc below the class-rounding bound", -1;
    if (s.max_alloc + VOS_HEAP_OVERHEAD > s.largest_free)
        return *why = "max_alloc above the largest free block", -1;
    void *p = t_alloc(h, s.max_alloc);
    if (p == NULL)
        return *why = "alloc(max_alloc) failed", -1;
    *low = stats(h).free_bytes;
    int want = s.max_alloc + 1 > VOS_HEAP_MAX_REQUEST ? VOS_ERR_ARG : VOS_ERR_NO_MEMORY;
    if (t_alloc_err(h, s.max_alloc + 1, 0) != want)
        return *why = "alloc(max_alloc + 1) not refused as documented", -1;
    if (vos_heap_free(h, p) != VOS_OK || vos_heap_check(h) != VOS_OK)
        return *why = "free after probe", -1;
    return 0;
}

/* --- Randomised runs ------------------------------------------------------- */

#define SLOTS 300

struct live {
    uint8_t *p;
    size_t n;
    uint32_t tag;
};

/* Request sizes over the whole range, weighted towards small ones:
 * log-uniform up to the largest request, plus exact small sizes. */
static size_t random_size(uint32_t *seed)
{
    uint32_t r = ht_rand(seed);
    if (r % 4 == 0)
        return 1 + ht_rand(seed) % 64;
    uint32_t bits = 1 + ht_rand(seed) % (VOS_CFG_HEAP_MAX_LOG2 - 1);
    return 1 + ht_rand(seed) % ((uint32_t)1 << bits);
}

/* One long run: allocations (some aligned) and frees in random order,
 * vos_heap_check and exact counters after every operation, contents
 * verified on free and, every 97 operations, for every live block. */
static int random_run(uint32_t seed, size_t arena_len, unsigned skew, int ops, bool probe,
                      const char **why)
{
    static struct live lv[SLOTS];
    memset(lv, 0, sizeof lv);
    vos_heap_t h;
    *why = NULL;
    if (vos_heap_init(&h, arena + skew, arena_len) != VOS_OK)
        return *why = "init", -1;
    uint32_t allocs = 0, frees = 0, fails = 0;
    size_t min_free = stats(&h).free_bytes;
    uint8_t *lo = arena + skew, *hi = arena + skew + arena_len;
    for (int op = 0; op < ops; op++) {
        struct live *l = &lv[ht_rand(&seed) % SLOTS];
        if (l->p != NULL) {
            if (!intact(l->p, l->n, l->tag))
                return *why = "contents changed", -1;
            if (vos_heap_free(&h, l->p) != VOS_OK)
                return *why = "free failed", -1;
            frees++;
            l->p = NULL;
        } else {
            size_t n = random_size(&seed);
            uint32_t r = ht_rand(&seed);
            size_t align = (r % 8 == 0) ? (size_t)1 << (r / 8 % 12) : 0;
            void *vp = lo;
            int err = align ? vos_heap_alloc_aligned(&h, n, align, &vp)
                            : vos_heap_alloc(&h, n, &vp);
            uint8_t *p = vp;
            if (err != VOS_OK) {
                if (p != NULL || (err != VOS_ERR_NO_MEMORY && err != VOS_ERR_ARG) ||
                    (n == 0 && err != VOS_ERR_ARG))
                    return *why = "refused allocation: wrong error or out pointer", -1;
                fails++;
            } else {
                allocs++;
                if (p < lo || p + n > hi || ((uintptr_t)p & 7u) != 0 ||
                    (align && ((uintptr_t)p & (align - 1u)) != 0))
                    return *why = "bad block address", -1;
                l->p = p;
                l->n = n;
                l->tag = ht_rand(&seed);
                fill(p, n, l->tag);
                size_t fb = stats(&h).free_bytes;
                if (fb < min_free)
                    min_free = fb;
            }
        }
        if (vos_heap_check(&h) != VOS_OK)
            return *why = "vos_heap_check", -1;
        if (!lock_free())
            return *why = "lock left held", -1;
        vos_heap_stats_t s = stats(&h);
        if (s.allocs != allocs || s.frees != frees || s.failures != fails ||
            s.min_free_bytes != min_free)
            return *why = "counters", -1;
        if (probe && op % 7 == 0 && s.free_blocks != 0) {
            size_t low;
            if (probe_max_alloc(&h, why, &low) != 0)
                return -1;
            fails++;                     /* the probe's refused max_alloc + 1 */
            allocs++;
            frees++;
            if (low < min_free)
                min_free = low;
        }
        if (op % 97 == 0)
            for (int i = 0; i < SLOTS; i++)
                if (lv[i].p != NULL && !intact(lv[i].p, lv[i].n, lv[i].tag))
                    return *why = "contents changed (sweep)", -1;
    }
    for (int i = 0; i < SLOTS; i++) {
        if (lv[i].p != NULL) {
            if (!intact(lv[i].p, lv[i].n, lv[i].tag) || vos_heap_free(&h, lv[i].p) != VOS_OK)
                return *why = "final free", -1;
            if (vos_heap_check(&h) != VOS_OK)
                return *why = "vos_heap_check (final)", -1;
        }
    }
    vos_heap_stats_t s = stats(&h);
    if (s.free_blocks != 1 || s.free_bytes != s.total_bytes)
        return *why = "not back to one free block", -1;
    return 0;
}

static void test_random_small_arena(void)
{
    static const uint32_t seeds[] = {1u, 0xC0FFEEu, 0xDEADBEEFu, 12345u};
    for (unsigned i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        const char *why;
        int r = random_run(seeds[i], 24u * 1024u, i, 30000, true, &why);
        if (r != 0)
            ht_fail(__FILE__, __LINE__, why, (long long)seeds[i], 0);
        HT_EQ(r, 0);
    }
}

static void test_random_large_arena(void)
{
    static const uint32_t seeds[] = {7u, 0x9E3779B9u, 0x5EED5EEDu};
    for (unsigned i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
        const char *why;
        int r = random_run(seeds[i], ARENA, 3 + i, 40000, i == 0, &why);
        if (r != 0)
            ht_fail(__FILE__, __LINE__, why, (long long)seeds[i], 0);
        HT_EQ(r, 0);
    }
}

/* --- Fragmentation --------------------------------------------------------- */

/* Freeing any contiguous run of blocks, in any order, leaves one free
 * block of the run's total size, and a request of up to
 * (2^SL / (2^SL + 1)) * run - 8 bytes is then served from that hole
 * (good fit: the lists come before the top). */
static void test_frag_contiguous_runs(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena, ARENA), VOS_OK);
    static uint8_t *p[2100];
    static size_t sz[2100];
    uint32_t seed = 0xF4A6u;
    int n = 0;
    while (n < 2100) {
        sz[n] = 1 + ht_rand(&seed) % 200;
        p[n] = t_alloc(&h, sz[n]);
        if (p[n] == NULL)
            break;
        n++;
    }
    HT_ASSERT(n == 2100);
    /* Runs of length 1..41 start every 50 blocks; the blocks between keep
     * them apart. Each run is freed in a scrambled order, then refilled
     * by the request the bound promises, which stays allocated so that
     * later runs compete only with small leftovers. */
    static uint8_t *fillers[64];
    int nf = 0;
    for (int start = 1; start + 42 < n; start += 50) {
        int len = 1 + start / 50;
        size_t run = 0;
        for (int k = 0; k < len; k++)
            run += blk_bytes(sz[start + k]);
        for (int k = 0; k < len; k++) {
            int j = start + (int)((uint32_t)(k * 17 + 5) % (uint32_t)len);
            if (p[j] != NULL) {
                HT_EQ(vos_heap_free(&h, p[j]), VOS_OK);
                p[j] = NULL;
            }
        }
        for (int k = 0; k < len; k++) {     /* those the scramble missed */
            if (p[start + k] != NULL) {
                HT_EQ(vos_heap_free(&h, p[start + k]), VOS_OK);
                p[start + k] = NULL;
            }
        }
        HT_EQ(vos_heap_check(&h), VOS_OK);
        size_t want = ((run * SLC / (SLC + 1u)) & ~(size_t)7u) - VOS_HEAP_OVERHEAD;
        uint8_t *q = t_alloc(&h, want);
        HT_ASSERT(q != NULL);
        HT_ASSERT(q == p[start - 1] + blk_bytes(sz[start - 1]));
        fillers[nf++] = q;
    }
    HT_ASSERT(nf > 30);
    for (int i = 0; i < nf; i++)
        HT_EQ(vos_heap_free(&h, fillers[i]), VOS_OK);
    for (int i = 0; i < n; i++)
        if (p[i] != NULL)
            HT_EQ(vos_heap_free(&h, p[i]), VOS_OK);
    HT_EQ(vos_heap_check(&h), VOS_OK);
    HT_EQ(stats(&h).free_blocks, 1);
    HT_ASSERT(lock_free());
}

/* A random workload held near 60% occupancy with sizes 8..2048: at every
 * step the largest request granted (max_alloc, verified by allocating it)
 * is at least (2^SL / (2^SL + 1)) * largest free block - 8. The lowest
 * ratio of max_alloc to free bytes seen is printed for the record. */
static void test_frag_steady_state(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena, 64u * 1024u), VOS_OK);
    static uint8_t *p[1000];
    uint32_t seed = 0x51EAD7u;
    size_t total = stats(&h).total_bytes;
    double worst = 1.0;
    for (int op = 0; op < 40000; op++) {
        int i = (int)(ht_rand(&seed) % 1000);
        vos_heap_stats_t s = stats(&h);
        if (p[i] != NULL && (s.free_bytes < total * 4 / 10 || ht_rand(&seed) % 2)) {
            HT_EQ(vos_heap_free(&h, p[i]), VOS_OK);
            p[i] = NULL;
        } else if (p[i] == NULL && s.free_bytes > total * 4 / 10) {
            p[i] = t_alloc(&h, 8 + ht_rand(&seed) % 2041);
        }
        if (op % 5 == 0) {
            const char *why;
            size_t low;
            int r = probe_max_alloc(&h, &why, &low);
            if (r != 0)
                ht_fail(__FILE__, __LINE__, why, op, 0);
            HT_EQ(r, 0);
            s = stats(&h);
            if (op > 2000 && s.free_bytes > 0) {
                double ratio = (double)s.max_alloc / (double)s.free_bytes;
                if (ratio < worst)
                    worst = ratio;
            }
        }
    }
    for (int i = 0; i < 1000; i++)
        if (p[i] != NULL)
            HT_EQ(vos_heap_free(&h, p[i]), VOS_OK);
    HT_EQ(stats(&h).free_blocks, 1);
    printf("   note: steady state at ~60%% use: lowest max_alloc / free_bytes = %.3f\n", worst);
}

/* --- Context --------------------------------------------------------------- */

static void test_from_interrupt_context(void)
{
    vos_heap_t h;
    HT_EQ(vos_heap_init(&h, arena2, sizeof arena2), VOS_OK);
    arch_host_isr = true;
    uint32_t outer = arch_lock();            /* called with the lock held too */
    void *a = t_alloc(&h, 50);
    void *b = t_alloc_aligned(&h, 50, 256);
    int fa = vos_heap_free(&h, a);
    int fb = vos_heap_free(&h, b);
    uint32_t depth = arch_host_lock_depth;
    arch_unlock(outer);
    arch_host_isr = false;
    HT_ASSERT(a != NULL && b != NULL);
    HT_EQ(fa, VOS_OK);
    HT_EQ(fb, VOS_OK);
    HT_EQ(depth & 0x7FFFFFFFu, 1);
    HT_EQ(vos_heap_check(&h), VOS_OK);
    HT_ASSERT(lock_free());
}

int main(void)
{
    printf("heap: SL=%u (%u classes per power of two), max arena 2^%u, heap object %zu bytes\n",
           VOS_CFG_HEAP_SL_LOG2, SLC, VOS_CFG_HEAP_MAX_LOG2, sizeof(vos_heap_t));
    HT_RUN(test_init_errors);
    HT_RUN(test_init_state);
    HT_RUN(test_sizes_and_alignment);
    HT_RUN(test_size_zero_and_too_big);
    HT_RUN(test_aligned);
    HT_RUN(test_free_foreign_and_misaligned);
    HT_RUN(test_free_middle);
    HT_RUN(test_double_free);
    HT_RUN(test_overwritten_headers);
    HT_RUN(test_free_of_free_space);
    HT_RUN(test_stats_exact);
    HT_RUN(test_random_small_arena);
    HT_RUN(test_random_large_arena);
    HT_RUN(test_frag_contiguous_runs);
    HT_RUN(test_frag_steady_state);
    HT_RUN(test_from_interrupt_context);
    return ht_finish();
}
