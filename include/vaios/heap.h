/* SPDX-License-Identifier: MIT */
/*
 * Heaps: a two-level segregated-fit allocator (the TLSF class of
 * allocators) over memory the caller provides. Several independent heaps
 * may exist; each is a vos_heap_t plus the arena it manages.
 *
 * Cost: vos_heap_alloc and vos_heap_free run in constant time whatever the
 * number of blocks or the fragmentation (two bitmap searches with
 * find-first-set, a few list links, no loop over blocks) and hold the
 * kernel lock only for that constant-time part. Freed blocks are merged at
 * once with both physical neighbours. Requests are served from the free
 * lists first (good fit) and from the free block at the end of the arena
 * only when no list can serve them. On the Cortex-M4 an allocation on a
 * fresh heap is 64 instructions and its free 59 (docs/allocator.md has
 * every path).
 *
 * Safety: every block carries an 8-byte header (size and flags, and a
 * check word binding them to the block's address). vos_heap_free refuses,
 * without changing anything, a pointer that is not from this heap, one
 * into the middle of a block, a block that is already free, and a block
 * whose header (or whose neighbour's header) was overwritten.
 * vos_heap_check verifies every invariant of the whole heap.
 *
 * Every returned pointer is aligned to VOS_HEAP_ALIGN (8) bytes.
 * See docs/allocator.md for the design, bounds and measured costs.
 */
#ifndef VAIOS_HEAP_H
#define VAIOS_HEAP_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/config.h"
#include "vaios/kobj.h"

/* VOS_CFG_HEAP_SL_LOG2 and VOS_CFG_HEAP_MAX_LOG2: vaios/config.h. */

/* Alignment of every pointer the heap returns. */
#define VOS_HEAP_ALIGN 8u

/* Bytes of header in front of every block, and the smallest block (header
 * included; a free block holds two links and a boundary tag). A request
 * of n bytes takes max(VOS_HEAP_MIN_BLOCK, round_up(n + 8, 8)) bytes. */
#define VOS_HEAP_OVERHEAD  8u
#define VOS_HEAP_MIN_BLOCK ((VOS_HEAP_OVERHEAD + 3u * sizeof(void *) + 7u) & ~(size_t)7u)

/* Largest request vos_heap_alloc accepts (the arena must be larger). */
#define VOS_HEAP_MAX_REQUEST ((size_t)1 << (VOS_CFG_HEAP_MAX_LOG2 - 1))

/* Class layout: first-level class 0 holds blocks below
 * 2^(VOS_CFG_HEAP_SL_LOG2 + 3) bytes in steps of 8; class f >= 1 holds
 * [2^(f+SL+2), 2^(f+SL+3)) split into 2^SL equal ranges. */
#define VOS_HEAP_SL_COUNT (1u << VOS_CFG_HEAP_SL_LOG2)
#define VOS_HEAP_FL_COUNT (VOS_CFG_HEAP_MAX_LOG2 - VOS_CFG_HEAP_SL_LOG2 - 2)
#define VOS_HEAP_CLASSES  (VOS_HEAP_FL_COUNT * VOS_HEAP_SL_COUNT)

struct vos__heap_blk;

/* A heap. Declared by the application, set up by vos_heap_init; the fields
 * belong to the kernel. */
typedef struct vos_heap {
    uint32_t tag;                     /* VOS_TAG_HEAP once initialised */
    uint32_t fl_map;                  /* bit f: some list of class f non-empty */
    uint32_t sl_map[VOS_HEAP_FL_COUNT]; /* bit s of [f]: list (f,s) non-empty */
    struct vos__heap_blk *lists[VOS_HEAP_CLASSES]; /* free lists, by class */
    struct vos__heap_blk *top;        /* free block before the end sentinel, or NULL */
    uint32_t top_size;                /* its size, 0 if none */
    uint8_t *first;                   /* first block (start of the arena) */
    uint8_t *end;                     /* end sentinel block (size 0, in use) */
    uintptr_t span8;                  /* (end - first) / 8 */
    uint32_t total;                   /* bytes in blocks, headers included */
    uint32_t free_bytes;              /* bytes in free blocks */
    uint32_t min_free;                /* lowest free_bytes since init */
    uint32_t frees;                   /* successful frees */
    uint32_t failures;                /* allocation calls refused on this heap */
} vos_heap_t;

/* What vos_heap_stats reports. Byte counts include block headers except
 * max_alloc, which is a request size. */
typedef struct vos_heap_stats {
    size_t total_bytes;    /* bytes under management: all blocks */
    size_t free_bytes;     /* bytes in free blocks */
    size_t min_free_bytes; /* lowest free_bytes since init (high-water mark of use) */
    size_t largest_free;   /* size of the largest free block */
    size_t max_alloc;      /* largest size vos_heap_alloc would grant now (0: none);
                              at least largest_free * 2^SL / (2^SL + 1) - 8 */
    size_t free_blocks;    /* number of free blocks */
    uint32_t allocs;       /* successful allocations since init */
    uint32_t frees;        /* successful frees of a block (NULL not counted) */
    uint32_t failures;     /* allocation calls refused (VOS_ERR_ARG, VOS_ERR_NO_MEMORY) */
} vos_heap_stats_t;

/* Make [mem, mem + size) a heap managed through h. mem need not be
 * aligned: the arena is [mem, mem + size) trimmed to 8-byte boundaries at
 * both ends, and it holds the blocks and an 8-byte end marker. h must not
 * lie inside it.
 * Re-initialising a heap forgets every block it had.
 * Context: thread, or before vos_start(); not concurrently with any other
 * call on h.
 * Errors: VOS_ERR_INVALID (h NULL), VOS_ERR_ARG (mem NULL, size too small
 * for one block, trimmed arena 2^VOS_CFG_HEAP_MAX_LOG2 bytes or more: the
 * largest accepted is 2^VOS_CFG_HEAP_MAX_LOG2 - 8). */
int vos_heap_init(vos_heap_t *h, void *mem, size_t size);

/* Allocate size bytes, 8-byte aligned, and store the block's address in
 * *out. Contents of the block are undefined. On every error *out is set
 * to NULL (out itself must not be NULL) and the heap is unchanged apart
 * from its failure count: each refused request on a valid heap counts as
 * a failure in the statistics.
 * Errors: VOS_ERR_INVALID (h not a heap), VOS_ERR_ARG (out NULL; size 0,
 * which is refused rather than given a unique pointer; size above
 * VOS_HEAP_MAX_REQUEST), VOS_ERR_NO_MEMORY (no free block large enough).
 * Context: thread or kernel-level interrupt handler (constant time under
 * the kernel lock). */
int vos_heap_alloc(vos_heap_t *h, size_t size, void **out);

/* Allocate size bytes at an address that is a multiple of align (a power
 * of two; align <= 8 is the same as vos_heap_alloc) into *out. The block
 * is freed with vos_heap_free.
 * Errors: as vos_heap_alloc, and VOS_ERR_ARG also for an align that is
 * not a power of two or exceeds VOS_HEAP_MAX_REQUEST.
 * Context: as vos_heap_alloc (constant time; it searches for
 * size + align + 16 bytes so that any block found can be aligned). */
int vos_heap_alloc_aligned(vos_heap_t *h, size_t size, size_t align, void **out);

/* Return the block at p to h and merge it with free neighbours.
 * p == NULL is accepted and does nothing (VOS_OK).
 * Errors (the heap is left unchanged on each):
 *   VOS_ERR_INVALID  h not a heap; p not inside h's arena, misaligned, or
 *                    pointing into the middle of a block
 *   VOS_ERR_STATE    the block is already free (double free)
 *   VOS_ERR_CORRUPT  the block's header, or the header of a physical
 *                    neighbour it would merge with, was overwritten
 * The checks use the header contents: garbage that happens to form a valid
 * header (chance about 2^-32) is not recognised. The error paths that must
 * tell a middle pointer from an overwritten header walk the blocks (linear
 * time, under the lock); the success path is constant time.
 * Context: thread or kernel-level interrupt handler. */
int vos_heap_free(vos_heap_t *h, void *p);

/* Fill *s with h's statistics (a consistent snapshot). Linear in the
 * number of blocks (it walks them), under the kernel lock.
 * Context: thread (allowed in handlers, but not constant time).
 * Errors: VOS_ERR_INVALID (h not a heap), VOS_ERR_ARG (s NULL). */
int vos_heap_stats(const vos_heap_t *h, vos_heap_stats_t *s);

/* Verify every invariant of h: each block's header, size and flags; the
 * boundary tags of free blocks; no two free blocks adjacent; every free
 * block in the list of its class exactly once and nothing else in the
 * lists; list links; both bitmaps match the lists; the byte counters.
 * Takes the kernel lock for the whole walk (linear in the number of
 * blocks): a debugging and test tool, not for time-critical code.
 * Context: thread.
 * Errors: VOS_ERR_INVALID (h not a heap), VOS_ERR_CORRUPT (any invariant
 * broken). */
int vos_heap_check(const vos_heap_t *h);

#endif /* VAIOS_HEAP_H */
