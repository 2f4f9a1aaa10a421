/* SPDX-License-Identifier: MIT */
/*
 * Fixed-block pools (contract in include/vaios/pool.h).
 *
 * The free blocks form a LIFO list through their first word. The second
 * word of a free block is check = next ^ address ^ POOL_MAGIC; an
 * allocated block has that word cleared when it is handed out. So:
 *   - "blk is free" is one comparison on blk's own words: no search, no
 *     bitmap, no memory beyond the blocks themselves;
 *   - a free block whose link was overwritten no longer checks, and
 *     vos_pool_alloc refuses to follow it.
 *
 * Invariants: the list holds exactly `available` blocks, each the start of
 * a block of the pool and each checking valid; min_available <= available.
 *
 * Locking: the list and the counters change under vos__lock(), a handful
 * of instructions per call; the pointer checks in vos_pool_free run
 * before the lock is taken.
 */
#include "kernel.h"
#include "vaios/pool.h"

#define POOL_MAGIC 0x5A5A5A5Au   /* a Thumb-2 immediate */

typedef struct pool_free {
    struct pool_free *next;
    uint32_t check;
} pool_free_t;

_Static_assert(sizeof(pool_free_t) <= VOS_POOL_MIN_BLOCK, "free block larger than the minimum");

static inline uint32_t pool_check(const pool_free_t *b, const pool_free_t *next)
{
    return (uint32_t)(uintptr_t)next ^ (uint32_t)(uintptr_t)b ^ POOL_MAGIC;
}

int vos_pool_init(vos_pool_t *p, void *mem, size_t block_size, size_t count)
{
    VOS__CHECK(p != NULL, VOS_ERR_INVALID);
    if (mem == NULL || ((uintptr_t)mem & (VOS_POOL_ALIGN - 1u)) != 0 ||
        block_size < VOS_POOL_MIN_BLOCK || (block_size & (VOS_POOL_ALIGN - 1u)) != 0 ||
        count == 0 || count > UINT32_MAX / block_size)
        return VOS_ERR_ARG;

    uint8_t *m = mem;
    pool_free_t *next = NULL;
    for (size_t i = count; i-- > 0; ) {       /* the list runs in address order */
        pool_free_t *b = (pool_free_t *)(uintptr_t)(m + i * block_size);
        b->next = next;
        b->check = pool_check(b, next);
        next = b;
    }
    p->free = next;
    p->start = m;
    p->span = (uint32_t)(block_size * count);
    p->block_size = (uint32_t)block_size;
    p->count = (uint32_t)count;
    p->available = (uint32_t)count;
    p->min_available = (uint32_t)count;
    p->tag = VOS_TAG_POOL;
    return VOS_OK;
}

/* Stores the block in *out on success only. */
static inline __attribute__((always_inline)) int pool_alloc(vos_pool_t *p, void **out)
{
#if VOS_CFG_CHECKS
    if (VOS__UNLIKELY(p == NULL || p->tag != VOS_TAG_POOL))
        return VOS_ERR_INVALID;
#endif
    int err = VOS_ERR_NO_MEMORY;
    uint32_t k = vos__lock();
    pool_free_t *b = p->free;
    if (VOS__LIKELY(b != NULL)) {
        pool_free_t *next = b->next;
        if (VOS__LIKELY(b->check == pool_check(b, next))) {
            p->free = next;
            b->check = 0;
            uint32_t av = p->available - 1u;
            p->available = av;
            if (av < p->min_available)
                p->min_available = av;
            *out = b;
            err = VOS_OK;
        } else {
            err = VOS_ERR_CORRUPT;
        }
    }
    vos__unlock(k);
    return err;
}

static inline int pool_free(vos_pool_t *p, void *blk)
{
    VOS__CHECK(p != NULL && p->tag == VOS_TAG_POOL, VOS_ERR_INVALID);
    uintptr_t off = (uintptr_t)blk - (uintptr_t)p->start;
    if (VOS__UNLIKELY(off >= p->span || off % p->block_size != 0))
        return VOS_ERR_INVALID;
    pool_free_t *b = blk;

    int err = VOS_OK;
    uint32_t k = vos__lock();
    if (VOS__UNLIKELY(b->check == pool_check(b, b->next))) {
        err = VOS_ERR_STATE;
    } else {
        pool_free_t *head = p->free;
        b->next = head;
        b->check = pool_check(b, head);
        p->free = b;
        p->available++;
    }
    vos__unlock(k);
    return err;
}

/* The public entry points, traced (the hooks are empty unless VOS_CFG_TRACE). */
int vos_pool_alloc(vos_pool_t *p, void **out)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    int err = pool_alloc(p, out);
    if (VOS__UNLIKELY(err != VOS_OK))
        *out = NULL;
    VOS_TRACE_POOL_ALLOC(p, *out, err);
    return err;
}

int vos_pool_free(vos_pool_t *p, void *blk)
{
    VOS__CHECK_LEVEL();
    int err = pool_free(p, blk);
    VOS_TRACE_POOL_FREE(p, blk, err);
    return err;
}

int vos_pool_available(const vos_pool_t *p)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(p != NULL && p->tag == VOS_TAG_POOL, VOS_ERR_INVALID);
    return (int)p->available;
}

int vos_pool_min_available(const vos_pool_t *p)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(p != NULL && p->tag == VOS_TAG_POOL, VOS_ERR_INVALID);
    return (int)p->min_available;
}
