/* SPDX-License-Identifier: MIT */
/*
 * Fixed-block pools: count blocks of block_size bytes in memory the caller
 * provides. Allocation and free take a few instructions under the kernel
 * lock and are allowed in interrupt handlers (at or below the kernel
 * interrupt level).
 *
 * A free block carries the free-list link and a check word bound to its
 * address, so vos_pool_free recognises, without searching, a block that is
 * already free (VOS_ERR_STATE); a pointer outside the pool or not at the
 * start of a block is refused (VOS_ERR_INVALID). Garbage written into a
 * free block (use after free) is found by the next vos_pool_alloc that
 * reaches it, which then returns VOS_ERR_CORRUPT rather than a bad pointer.
 */
#ifndef VAIOS_POOL_H
#define VAIOS_POOL_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/kobj.h"

/* Alignment of the pool memory and of block_size; every block is aligned
 * to it. */
#define VOS_POOL_ALIGN 8u

/* Smallest block_size: a free block holds a link and a check word. */
#define VOS_POOL_MIN_BLOCK \
    ((sizeof(void *) + 4u + VOS_POOL_ALIGN - 1u) & ~(size_t)(VOS_POOL_ALIGN - 1u))

/* block_size rounded up to what vos_pool_init accepts, and the bytes of
 * memory a pool of count such blocks needs. */
#define VOS_POOL_BLOCK(size) \
    ((size) < VOS_POOL_MIN_BLOCK ? VOS_POOL_MIN_BLOCK \
                                 : ((size) + VOS_POOL_ALIGN - 1u) & ~(size_t)(VOS_POOL_ALIGN - 1u))
#define VOS_POOL_MEM_SIZE(size, count) (VOS_POOL_BLOCK(size) * (size_t)(count))

/* A pool. Declared by the application, set up by vos_pool_init; the fields
 * belong to the kernel. */
typedef struct vos_pool {
    uint32_t tag;            /* VOS_TAG_POOL once initialised */
    uint32_t available;      /* free blocks */
    void *free;              /* first free block, NULL when empty */
    uint8_t *start;          /* first block */
    uint32_t span;           /* block_size * count */
    uint32_t block_size;
    uint32_t count;
    uint32_t min_available;  /* lowest `available` since init */
} vos_pool_t;

/* Make the count blocks of block_size bytes at mem a pool, all free.
 * block_size must be a multiple of VOS_POOL_ALIGN and at least
 * VOS_POOL_MIN_BLOCK (VOS_POOL_BLOCK(n) gives one), mem must be aligned to
 * VOS_POOL_ALIGN and hold block_size * count bytes
 * (VOS_POOL_MEM_SIZE(n, count)). Re-initialising a pool frees every block.
 * Context: thread, or before vos_start(); not concurrently with another
 * call on p.
 * Errors: VOS_ERR_INVALID (p NULL), VOS_ERR_ARG (mem NULL or misaligned,
 * block_size not as above, count 0, total size 4 GiB or more). */
int vos_pool_init(vos_pool_t *p, void *mem, size_t block_size, size_t count);

/* Take a free block of p and store its address in *out. Contents are
 * undefined. On every error *out is set to NULL (out itself must not be
 * NULL) and p is unchanged.
 * Errors: VOS_ERR_INVALID (p not a pool), VOS_ERR_ARG (out NULL),
 * VOS_ERR_NO_MEMORY (no block left), VOS_ERR_CORRUPT (the next free block
 * was found overwritten: a use after free; the pool stays refused until
 * re-initialised).
 * Context: thread or kernel-level interrupt handler. */
int vos_pool_alloc(vos_pool_t *p, void **out);

/* Return blk to p.
 * Errors (p is left unchanged on each):
 *   VOS_ERR_INVALID  p not a pool; blk NULL, outside p's memory, or not
 *                    the start of a block
 *   VOS_ERR_STATE    blk is already free (double free)
 * The double-free check reads the block's own words: data in an allocated
 * block that happens to form a valid free-block check (chance about
 * 2^-32) makes its free fail with VOS_ERR_STATE.
 * Context: thread or kernel-level interrupt handler. */
int vos_pool_free(vos_pool_t *p, void *blk);

/* Number of free blocks, or VOS_ERR_INVALID if p is not a pool. Any
 * context. */
int vos_pool_available(const vos_pool_t *p);

/* Lowest number of free blocks since vos_pool_init (the pool's high-water
 * mark of use), or VOS_ERR_INVALID. Any context. */
int vos_pool_min_available(const vos_pool_t *p);

#endif /* VAIOS_POOL_H */
