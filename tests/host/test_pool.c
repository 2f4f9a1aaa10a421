/* SPDX-License-Identifier: MIT */
/*
 * Host tests of fixed-block pools (kernel/pool.c): initialisation and its
 * errors, exhaustion, every error path of vos_pool_free (foreign,
 * misaligned, middle, double) with proof that the pool did not change, a
 * free block overwritten after its free, and a long randomised run with
 * contents verified. Prints one line per case and "N passed, M failed".
 */
#include <stdbool.h>
#include <string.h>
#include "vaios/pool.h"
#include "vaios/error.h"
#include "port.h"
#include "htest.h"

static uint8_t mem[VOS_POOL_MEM_SIZE(48, 64)] __attribute__((aligned(8)));

/* The block vos_pool_alloc gives, or NULL when the call fails. */
static void *t_pool_alloc(vos_pool_t *p)
{
    void *b = &b;
    return vos_pool_alloc(p, &b) == VOS_OK ? b : NULL;
}

/* The error of vos_pool_alloc; a failed call must also leave NULL in its
 * out pointer, and a violation of that reads as 1, which no case expects. */
static int t_pool_err(vos_pool_t *p)
{
    void *b = &b;
    int err = vos_pool_alloc(p, &b);
    return err != VOS_OK && b != NULL ? 1 : err;
}

static bool lock_free(void)
{
    return (arch_host_lock_depth & 0x7FFFFFFFu) == 0;
}

static void test_init_errors(void)
{
    vos_pool_t p;
    size_t bs = VOS_POOL_BLOCK(48);
    HT_EQ(bs, 48);
    HT_EQ(VOS_POOL_BLOCK(1), VOS_POOL_MIN_BLOCK);
    HT_EQ(VOS_POOL_BLOCK(VOS_POOL_MIN_BLOCK + 1), VOS_POOL_MIN_BLOCK + 8);
    HT_EQ(vos_pool_init(NULL, mem, bs, 4), VOS_ERR_INVALID);
    HT_EQ(vos_pool_init(&p, NULL, bs, 4), VOS_ERR_ARG);
    HT_EQ(vos_pool_init(&p, mem + 4, bs, 4), VOS_ERR_ARG);
    HT_EQ(vos_pool_init(&p, mem, 0, 4), VOS_ERR_ARG);
    HT_EQ(vos_pool_init(&p, mem, VOS_POOL_MIN_BLOCK - 8, 4), VOS_ERR_ARG);
    HT_EQ(vos_pool_init(&p, mem, bs + 4, 4), VOS_ERR_ARG);
    HT_EQ(vos_pool_init(&p, mem, bs, 0), VOS_ERR_ARG);
    HT_EQ(vos_pool_init(&p, mem, bs, (size_t)UINT32_MAX / bs + 1u), VOS_ERR_ARG);
    HT_EQ(vos_pool_init(&p, mem, VOS_POOL_MIN_BLOCK, 1), VOS_OK);
    HT_EQ(vos_pool_available(&p), 1);
    /* Calls on something that is not a pool. */
    vos_pool_t junk;
    memset(&junk, 0, sizeof junk);
    HT_EQ(t_pool_err(&junk), VOS_ERR_INVALID);
    HT_EQ(t_pool_err(NULL), VOS_ERR_INVALID);
    HT_EQ(vos_pool_free(&junk, mem), VOS_ERR_INVALID);
    HT_EQ(vos_pool_free(NULL, mem), VOS_ERR_INVALID);
    HT_EQ(vos_pool_available(&junk), VOS_ERR_INVALID);
    HT_EQ(vos_pool_available(NULL), VOS_ERR_INVALID);
    HT_EQ(vos_pool_min_available(&junk), VOS_ERR_INVALID);
    HT_ASSERT(lock_free());
}

static void test_exhaust_and_refill(void)
{
    vos_pool_t p;
    HT_EQ(vos_pool_init(&p, mem, 48, 64), VOS_OK);
    HT_EQ(vos_pool_available(&p), 64);
    static uint8_t *b[64];
    for (int i = 0; i < 64; i++) {
        b[i] = t_pool_alloc(&p);
        HT_ASSERT(b[i] != NULL);
        HT_ASSERT(b[i] >= mem && b[i] + 48 <= mem + sizeof mem);
        HT_EQ((size_t)(b[i] - mem) % 48, 0);
        HT_EQ((uintptr_t)b[i] & (VOS_POOL_ALIGN - 1u), 0);
        for (int j = 0; j < i; j++)
            HT_ASSERT(b[j] != b[i]);
        memset(b[i], i, 48);
        HT_EQ(vos_pool_available(&p), 63 - i);
    }
    HT_EQ(t_pool_err(&p), VOS_ERR_NO_MEMORY);
    HT_EQ(vos_pool_available(&p), 0);
    HT_EQ(vos_pool_min_available(&p), 0);
    HT_EQ(vos_pool_free(&p, b[0]), VOS_OK);
    HT_EQ(vos_pool_alloc(&p, NULL), VOS_ERR_ARG);    /* no out pointer: nothing taken */
    HT_EQ(vos_pool_available(&p), 1);
    HT_ASSERT(t_pool_alloc(&p) == b[0]);
    for (int i = 0; i < 64; i++)
        for (int k = 0; k < 48; k++)
            HT_EQ(b[i][k], i);
    /* Free in a scrambled order; each block comes back once. */
    for (int i = 0; i < 64; i++)
        HT_EQ(vos_pool_free(&p, b[(i * 37) % 64]), VOS_OK);
    HT_EQ(vos_pool_available(&p), 64);
    HT_EQ(vos_pool_min_available(&p), 0);
    for (int i = 0; i < 64; i++)
        HT_ASSERT(t_pool_alloc(&p) != NULL);
    HT_EQ(t_pool_err(&p), VOS_ERR_NO_MEMORY);
    /* Re-initialising frees everything. */
    HT_EQ(vos_pool_init(&p, mem, 48, 64), VOS_OK);
    HT_EQ(vos_pool_available(&p), 64);
    HT_EQ(vos_pool_min_available(&p), 64);
    HT_ASSERT(lock_free());
}

static void test_free_errors(void)
{
    vos_pool_t p, q;
    static uint8_t other[VOS_POOL_MEM_SIZE(48, 4)] __attribute__((aligned(8)));
    HT_EQ(vos_pool_init(&p, mem, 48, 64), VOS_OK);
    HT_EQ(vos_pool_init(&q, other, 48, 4), VOS_OK);
    uint8_t *a = t_pool_alloc(&p);
    uint8_t *c = t_pool_alloc(&q);
    HT_ASSERT(a != NULL && c != NULL);
    int local;
    HT_EQ(vos_pool_free(&p, NULL), VOS_ERR_INVALID);
    HT_EQ(vos_pool_free(&p, &local), VOS_ERR_INVALID);
    HT_EQ(vos_pool_free(&p, c), VOS_ERR_INVALID);        /* the other pool's */
    HT_EQ(vos_pool_free(&q, a), VOS_ERR_INVALID);
    HT_EQ(vos_pool_free(&p, mem + sizeof mem), VOS_ERR_INVALID);
    HT_EQ(vos_pool_free(&p, (void *)((uintptr_t)mem - 48u)), VOS_ERR_INVALID);
    for (int off = 1; off < 48; off++)
        HT_EQ(vos_pool_free(&p, a + off), VOS_ERR_INVALID);
    HT_EQ(vos_pool_available(&p), 63);
    HT_EQ(vos_pool_available(&q), 3);
    /* Double free: of a block just freed, of the head of the free list, of
     * a block deep in it, and of one never handed out. */
    HT_EQ(vos_pool_free(&p, a), VOS_OK);
    HT_EQ(vos_pool_free(&p, a), VOS_ERR_STATE);
    HT_EQ(vos_pool_available(&p), 64);
    uint8_t *x = t_pool_alloc(&p), *y = t_pool_alloc(&p), *z = t_pool_alloc(&p);
    HT_ASSERT(x && y && z);
    HT_EQ(vos_pool_free(&p, y), VOS_OK);
    HT_EQ(vos_pool_free(&p, z), VOS_OK);
    HT_EQ(vos_pool_free(&p, y), VOS_ERR_STATE);
    HT_EQ(vos_pool_free(&p, z), VOS_ERR_STATE);
    HT_EQ(vos_pool_free(&p, mem + 48 * 60), VOS_ERR_STATE);
    HT_EQ(vos_pool_available(&p), 63);
    /* The list is intact: exactly 63 more distinct blocks come out. */
    static uint8_t *all[64];
    int n = 0;
    while ((all[n] = t_pool_alloc(&p)) != NULL)
        n++;
    HT_EQ(n, 63);
    for (int i = 0; i < n; i++)
        HT_ASSERT(all[i] != x);
    HT_EQ(vos_pool_free(&p, x), VOS_OK);
    HT_EQ(vos_pool_free(&q, c), VOS_OK);
    HT_ASSERT(lock_free());
}

static void test_use_after_free_detected(void)
{
    /* Garbage written into a free block breaks its check: the allocation
     * that reaches it fails with VOS_ERR_CORRUPT instead of following the
     * broken link. */
    vos_pool_t p;
    HT_EQ(vos_pool_init(&p, mem, 48, 8), VOS_OK);
    uint8_t *a = t_pool_alloc(&p);
    HT_ASSERT(a != NULL);
    HT_EQ(vos_pool_free(&p, a), VOS_OK);
    uint8_t save[16];
    memcpy(save, a, sizeof save);
    memset(a, 0x77, sizeof(void *));            /* the link */
    HT_EQ(t_pool_err(&p), VOS_ERR_CORRUPT);
    HT_EQ(vos_pool_available(&p), 8);
    memcpy(a, save, sizeof save);
    memset(a + sizeof(void *), 0x11, 4);        /* the check word */
    HT_EQ(t_pool_err(&p), VOS_ERR_CORRUPT);
    memcpy(a, save, sizeof save);
    HT_ASSERT(t_pool_alloc(&p) == a);
    HT_ASSERT(lock_free());
}

static void test_random(void)
{
    enum { N = 64, BS = 48 };
    vos_pool_t p;
    HT_EQ(vos_pool_init(&p, mem, BS, N), VOS_OK);
    uint8_t *live[N] = {0};
    uint8_t tag[N];
    int nlive = 0, low = N;
    uint32_t seed = 0x9001u;
    for (int op = 0; op < 200000; op++) {
        int i = (int)(ht_rand(&seed) % N);
        if (live[i] != NULL) {
            for (int k = 0; k < BS; k++)
                HT_EQ(live[i][k], (uint8_t)(tag[i] + k));
            HT_EQ(vos_pool_free(&p, live[i]), VOS_OK);
            HT_EQ(vos_pool_free(&p, live[i]), VOS_ERR_STATE);
            live[i] = NULL;
            nlive--;
        } else {
            live[i] = t_pool_alloc(&p);
            HT_ASSERT(live[i] != NULL);              /* never more than N live */
            tag[i] = (uint8_t)ht_rand(&seed);
            for (int k = 0; k < BS; k++)
                live[i][k] = (uint8_t)(tag[i] + k);
            nlive++;
        }
        if (N - nlive < low)
            low = N - nlive;
        HT_EQ(vos_pool_available(&p), N - nlive);
        HT_EQ(vos_pool_min_available(&p), low);
        HT_ASSERT(lock_free());
    }
}

static void test_from_interrupt_context(void)
{
    vos_pool_t p;
    HT_EQ(vos_pool_init(&p, mem, 48, 2), VOS_OK);
    arch_host_isr = true;
    uint32_t outer = arch_lock();
    void *a = t_pool_alloc(&p);
    int r = vos_pool_free(&p, a);
    uint32_t depth = arch_host_lock_depth & 0x7FFFFFFFu;
    arch_unlock(outer);
    arch_host_isr = false;
    HT_ASSERT(a != NULL);
    HT_EQ(r, VOS_OK);
    HT_EQ(depth, 1);
    HT_ASSERT(lock_free());
}

int main(void)
{
    HT_RUN(test_init_errors);
    HT_RUN(test_exhaust_and_refill);
    HT_RUN(test_free_errors);
    HT_RUN(test_use_after_free_detected);
    HT_RUN(test_random);
    HT_RUN(test_from_interrupt_context);
    return ht_finish();
}
