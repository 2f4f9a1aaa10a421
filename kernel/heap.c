/* SPDX-License-Identifier: MIT */
/*
 * Two-level segregated-fit heap (see include/vaios/heap.h for the contract
 * and docs/allocator.md for the design notes and measured costs).
 *
 * Memory layout. The arena is a sequence of blocks followed by an end
 * sentinel (a header of size 0, in use). A block is
 *     [ size|flags : 4 ][ check : 4 ][ payload ... ]
 * size counts the header, is a multiple of 8 and at least HB_MIN; the
 * flags are HB_FREE (this block is free) and HB_PREV_FREE (the block
 * physically before it is free). check = size|flags ^ address ^ HB_MAGIC,
 * so a header is valid only where it was written. A free block holds a
 * list link and a back link after the header, and its own address in its
 * last pointer-sized word (the boundary tag through which the next block
 * finds it). An allocated block's payload extends over that word.
 *
 * The top. A free block that ends at the sentinel is the "top" (the
 * wilderness): it is in no list; h->top and h->top_size describe it
 * (NULL and 0 when the last block is in use). Allocation takes from the
 * lists first and carves the top only when no list can serve, so the one
 * large block at the end is kept whole as long as possible (wilderness
 * preservation), and the common cases - a fresh heap, a heap whose holes
 * are all too small - need no list or bitmap work at all.
 *
 * Classes. A block of size s belongs to class idx = floor-class(s):
 * sh = max(floor(log2 s) - SL, 3), idx = ((sh - 3) << SL) + (s >> sh).
 * For s < 2^(SL+3) that is s/8 (exact sizes, first level 0); above, the
 * first level is floor(log2 s) - SL - 2 and the second level the next SL
 * bits of s. A request of block size s searches from ceil-class(s), the
 * lowest class whose every block holds s, so any block found fits without
 * walking a list (good fit; at most 1/(2^SL+1) of a block lost to it).
 * lists[idx] is a NULL-terminated list; each free block also holds the
 * address of the pointer that points to it (pprev), so a block leaves or
 * is replaced in its list without knowing the list. Bit idx%2^SL of
 * sl_map[idx>>SL] is set iff the list is non-empty, bit f of fl_map iff
 * sl_map[f] != 0.
 *
 * Invariants (checked by vos_heap_check):
 *   I1 blocks tile [first, end) exactly; every header is valid
 *   I2 HB_PREV_FREE of a block == HB_FREE of the block before it (the
 *      first block's is 0, the sentinel's too); no two free blocks are
 *      adjacent
 *   I3 a free block other than the top holds its address in its last word
 *   I4 the free block before the sentinel, if any, is h->top (of size
 *      h->top_size) and in no list; every other free block is in
 *      lists[floor-class(size)] exactly once; the lists hold nothing else;
 *      every pprev points to its referrer
 *   I5 the bitmaps are exactly the non-empty lists
 *   I6 free_bytes is the sum of free block sizes; min_free <= free_bytes
 *
 * Locking. Every operation that reads or changes the blocks or the lists
 * does so under vos__lock(); alloc and free hold it for a constant number
 * of steps. Parameter checks and size arithmetic happen outside it.
 *
 * Double free. A freed block's header is always rewritten with HB_FREE,
 * also when the block is merged into its predecessor and the header
 * becomes dead bytes inside a larger block. So a header that checks valid
 * and says "in use" is always a live allocated block, and freeing a stale
 * pointer finds HB_FREE (VOS_ERR_STATE) unless the bytes were reused.
 */
#include <string.h>
#include "kernel.h"
#include "vaios/heap.h"

#define SL        VOS_CFG_HEAP_SL_LOG2
#define SL_MASK   (VOS_HEAP_SL_COUNT - 1u)
#define SMALL     (1u << (SL + 3))          /* first size of first level 1 */

#define HB_FREE       1u
#define HB_PREV_FREE  2u
#define HB_FLAGS      7u
#define HB_MAGIC      0xA5A5A5A5u           /* a Thumb-2 immediate */
#define HB_HDR        VOS_HEAP_OVERHEAD     /* header bytes */
#define HB_FOOT       ((uint32_t)sizeof(void *))
#define HB_MIN        ((uint32_t)VOS_HEAP_MIN_BLOCK)

typedef struct vos__heap_blk {
    uint32_t size;                        /* bytes incl. header | flags */
    uint32_t check;                       /* size ^ address ^ HB_MAGIC */
    struct vos__heap_blk *next_free;      /* listed free blocks: list link */
    struct vos__heap_blk **pprev;         /* the pointer that points here: a
                                             list head or a next_free */
} blk_t;

_Static_assert(sizeof(blk_t) + HB_FOOT <= HB_MIN && HB_HDR == 8u,
               "a free block must hold its header, links and boundary tag");
_Static_assert(VOS_HEAP_MAX_REQUEST + HB_HDR + 7u < ((size_t)1 << VOS_CFG_HEAP_MAX_LOG2),
               "largest request must map to an existing class");
_Static_assert(VOS_HEAP_FL_COUNT + 1 < 32, "first-level shift must stay below 32");

#define INLINE static inline __attribute__((always_inline))

/* --- Local helpers ---------------------------------------------------- */

INLINE uint32_t addr32(const void *p)
{
    return (uint32_t)(uintptr_t)p;
}

INLINE blk_t *blk_at(const void *base, uint32_t off)
{
    return (blk_t *)__builtin_assume_aligned((uint8_t *)(uintptr_t)base + off, 8);
}

/* Write a header: size|flags and its check word. */
INLINE void hb_seal(blk_t *b, uint32_t w)
{
    b->size = w;
    b->check = w ^ addr32(b) ^ HB_MAGIC;
}

INLINE int hb_valid(const blk_t *b, uint32_t w)
{
    return (w ^ b->check ^ addr32(b)) == HB_MAGIC;
}

/* The boundary-tag word of a free block of sz bytes at b. */
INLINE blk_t **hb_tag(const blk_t *b, uint32_t sz)
{
    return (blk_t **)(uintptr_t)((const uint8_t *)b + sz - HB_FOOT);
}

INLINE uint32_t ctz32(uint32_t x)
{
    return (uint32_t)__builtin_ctz(x);
}

INLINE uint32_t class_shift(uint32_t s)
{
    return (31u - SL) - (uint32_t)__builtin_clz(s | SMALL);
}

/* Class a free block of size s is filed under. */
INLINE uint32_t class_floor(uint32_t s)
{
    uint32_t sh = class_shift(s);
    return ((sh - 3u) << SL) + (s >> sh);
}

/* Lowest class whose every block holds s bytes (s a multiple of 8). The
 * flat index carries into the next first level when s rounds up past a
 * power of two. */
INLINE uint32_t class_ceil(uint32_t s)
{
    uint32_t sh = class_shift(s);
    return (sh << SL) + ((s - 1u) >> sh) - ((3u << SL) - 1u);
}

/* Smallest block size in class idx. */
static uint32_t class_low(uint32_t idx)
{
    uint32_t fl = idx >> SL, sl = idx & SL_MASK;
    if (fl == 0)
        return sl * 8u;
    return (VOS_HEAP_SL_COUNT + sl) << (fl + 2u);
}

INLINE void map_set(vos_heap_t *h, uint32_t idx)
{
    uint32_t fl = idx >> SL;
    uint32_t m = h->sl_map[fl];
    h->sl_map[fl] = m | (1u << (idx & SL_MASK));
    if (m == 0)
        h->fl_map |= 1u << fl;
}

INLINE void map_clear(vos_heap_t *h, uint32_t idx)
{
    uint32_t fl = idx >> SL;
    uint32_t m = h->sl_map[fl] & ~(1u << (idx & SL_MASK));
    h->sl_map[fl] = m;
    if (m == 0)
        h->fl_map &= ~(1u << fl);
}

/* Put free block b at the head of list idx. */
INLINE void list_push(vos_heap_t *h, blk_t *b, uint32_t idx)
{
    blk_t **slot = &h->lists[idx];
    blk_t *head = *slot;
    b->next_free = head;
    b->pprev = slot;
    *slot = b;
    if (head)
        head->pprev = &b->next_free;
    else
        map_set(h, idx);
}

/* Take free block b out of its list; clear the bitmaps if it was alone. */
INLINE void list_unlink(vos_heap_t *h, blk_t *b)
{
    blk_t *nx = b->next_free, **pp = b->pprev;
    *pp = nx;
    if (nx) {
        nx->pprev = pp;
    } else {
        uintptr_t at = (uintptr_t)pp - (uintptr_t)h->lists;
        if (at < sizeof(h->lists))
            map_clear(h, (uint32_t)(at / sizeof(h->lists[0])));
    }
}

/* Take b, the head of list idx, out of it. */
INLINE void list_pop(vos_heap_t *h, blk_t *b, uint32_t idx)
{
    blk_t *nx = b->next_free;
    h->lists[idx] = nx;
    if (nx)
        nx->pprev = &h->lists[idx];
    else
        map_clear(h, idx);
}

/* Put b in old's place in old's list (the bitmaps stay as they are). */
INLINE void list_replace(blk_t *old, blk_t *b)
{
    blk_t *nx = old->next_free, **pp = old->pprev;
    b->next_free = nx;
    b->pprev = pp;
    *pp = b;
    if (nx)
        nx->pprev = &b->next_free;
}

/* Index of a non-empty list of class >= idx, or -1. Lock held. */
INLINE int32_t find_class(const vos_heap_t *h, uint32_t idx)
{
    uint32_t fl = idx >> SL;
    uint32_t m = h->sl_map[fl] >> (idx & SL_MASK);
    if (m != 0)
        return (int32_t)(idx + ctz32(m));
    uint32_t f = h->fl_map & (~0u << (fl + 1u));
    if (f == 0)
        return -1;
    fl = ctz32(f);
    return (int32_t)((fl << SL) + ctz32(h->sl_map[fl]));
}

/* Account for an allocation of bs bytes. Lock held. */
INLINE void count_alloc(vos_heap_t *h, uint32_t bs)
{
    uint32_t fb = h->free_bytes - bs;
    h->free_bytes = fb;
    if (fb < h->min_free)
        h->min_free = fb;
}

/* Take the head block of non-empty list idx and make its first bs bytes an
 * allocated block; the rest, if it can form a block, stays free. Returns
 * the block, whose header says HB_PREV_FREE = 0. The block's header must
 * say exactly HB_FREE, as every listed block's does (its predecessor is
 * in use: no two free blocks are adjacent). Lock held. */
INLINE blk_t *take(vos_heap_t *h, uint32_t idx, uint32_t bs)
{
    blk_t *b = h->lists[idx];
    uint32_t bw = b->size;              /* size | HB_FREE */
    uint32_t rw = bw - bs;              /* remainder's size | HB_FREE */

    if (rw > HB_MIN) {
        blk_t *r = blk_at(b, bs);
        hb_seal(r, rw);
        *hb_tag(r, rw - HB_FREE) = r;
        /* Same class iff the size bits above the class's step agree. */
        if (((bw ^ rw) >> class_shift(bw)) == 0) {
            list_replace(b, r);
        } else {
            list_pop(h, b, idx);
            list_push(h, r, class_floor(rw - HB_FREE));
        }
    } else {
        blk_t *n = blk_at(b, bw - HB_FREE);
        list_pop(h, b, idx);
        hb_seal(n, n->size & ~HB_PREV_FREE);
        bs = bw - HB_FREE;
    }
    hb_seal(b, bs);
    count_alloc(h, bs);
    return b;
}

/* Carve bs bytes off the start of the top, or return NULL if the top is
 * smaller. The block's header says HB_PREV_FREE = 0. Lock held. */
INLINE blk_t *take_top(vos_heap_t *h, uint32_t bs)
{
    blk_t *b = h->top;
    uint32_t tsz = h->top_size;
    if (tsz < bs)
        return NULL;
    uint32_t rem = tsz - bs;
    if (rem >= HB_MIN) {
        blk_t *r = blk_at(b, bs);
        hb_seal(r, rem | HB_FREE);
        h->top = r;
        h->top_size = rem;
    } else {
        h->top = NULL;
        h->top_size = 0;
        hb_seal((blk_t *)(uintptr_t)h->end, 0);
        bs = tsz;
    }
    hb_seal(b, bs);
    count_alloc(h, bs);
    return b;
}

/* Make b, a free block of sz bytes, the top or file it in its list,
 * whichever its place requires. The block after it must already say
 * HB_PREV_FREE. Lock held. */
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz)
{
    hb_seal(b, sz | HB_FREE);
    if ((uint8_t *)b + sz == h->end) {
        h->top = b;
        h->top_size = sz;
    } else {
        *hb_tag(b, sz) = b;
        list_push(h, b, class_floor(sz));
    }
}

/* A refused request on a valid heap: counted as a failure. */
static int alloc_failed(vos_heap_t *h, int err)
{
    uint32_t k = vos__lock();
    h->failures++;
    vos__unlock(k);
    return err;
}

/* Tell apart, for a header at b that does not check, a pointer into the
 * middle of a block (VOS_ERR_INVALID) and an overwritten header at a block
 * boundary (VOS_ERR_CORRUPT) by walking the blocks from the start. Lock
 * held; only reads. */
/* The walk below in ACSL, for its WP proof (tools/evidence/wp/
 * heap_free_fast.c, docs/evidence.md; comments only, no code):
 * cbh_walk(h, b, q) says the walk from h->first reaches q, every header
 * it passed (below b) checking valid with a size in [HB_MIN, end - p];
 * cbh_good(h, q) is the loop's test on the header at q, as the code
 * computes it. */
/*@ logic integer cbh_sz{L}(uint8_t *q) = ((blk_t *)q)->size & 0xFFFFFFF8u;
    predicate cbh_good{L}(vos_heap_t *h, uint8_t *q) =
      (uint32_t)((uint32_t)(((blk_t *)q)->size ^ ((blk_t *)q)->check) ^ (uint32_t)(uintptr_t)q) ==
        HB_MAGIC &&
      cbh_sz(q) >= HB_MIN && cbh_sz(q) <= (uint32_t)(h->end - q);
    inductive cbh_walk{L}(vos_heap_t *h, blk_t *b, uint8_t *q) {
      case cbh_start{L}: \forall vos_heap_t *h, blk_t *b; cbh_walk(h, b, h->first);
      case cbh_step{L}: \forall vos_heap_t *h, blk_t *b, uint8_t *q;
        cbh_walk(h, b, q) && q < (uint8_t *)b && cbh_good(h, q) ==>
        cbh_walk(h, b, q + cbh_sz(q));
    }
*/
__attribute__((noinline)) static int classify_bad_header(const vos_heap_t *h, const blk_t *b)
{
    const uint8_t *p = h->first;
    /*@ loop invariant cbh_at: \base_addr(p) == \base_addr(b);
        loop invariant cbh_on: cbh_walk((vos_heap_t *)h, (blk_t *)b, (uint8_t *)p);
        loop assigns p;
        loop variant (const uint8_t *)b - p; */
    while (p < (const uint8_t *)b) {
        const blk_t *c = (const blk_t *)(uintptr_t)p;
        uint32_t w = c->size, sz = w & ~HB_FLAGS;
        if (!hb_valid(c, w) || sz < HB_MIN || sz > (uint32_t)(h->end - p))
            return VOS_ERR_CORRUPT;
        p += sz;
    }
    return p == (const uint8_t *)b ? VOS_ERR_CORRUPT : VOS_ERR_INVALID;
}

/* The listed free block before b (b says HB_PREV_FREE), or NULL if its
 * boundary tag or header does not hold up. Lock held; only reads. */
static blk_t *prev_free_block(const vos_heap_t *h, const blk_t *b)
{
    blk_t *pb = *hb_tag(b, 0);
    /* pb in [first, b) and 8-aligned, in one unsigned compare. */
    uintptr_t off = (uintptr_t)pb - (uintptr_t)h->first;
    off = (off >> 3) | (off << (sizeof(uintptr_t) * 8u - 3u));
    if (off >= (uintptr_t)((const uint8_t *)b - h->first) >> 3)
        return NULL;
    uint32_t w = pb->size;
    if (!hb_valid(pb, w) || w != ((uint32_t)((const uint8_t *)b - (uint8_t *)pb) | HB_FREE))
        return NULL;
    return pb;
}

/* Free b (valid header word w, in use), whose successor n has the valid
 * header word nw, in the general case: merge with the predecessor if it
 * is free (validated first: nothing changes on VOS_ERR_CORRUPT) and with
 * the successor if it is free. Lock held. */
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw)
{
    blk_t *pb = NULL;
    if (w & HB_PREV_FREE) {
        pb = prev_free_block(h, b);
        if (pb == NULL)
            return VOS_ERR_CORRUPT;
    }
    uint32_t sz = w & ~HB_FLAGS;
    h->free_bytes += sz;
    h->frees++;
    if (nw & HB_FREE) {
        if (n == h->top)
            h->top = NULL;
        else
            list_unlink(h, n);
        sz += nw - HB_FREE;
    } else {
        hb_seal(n, nw | HB_PREV_FREE);
    }
    if (pb != NULL) {
        uint32_t pw = pb->size;                 /* its size | HB_FREE */
        uint32_t mw = pw + sz;
        hb_seal(b, w | HB_FREE);        /* dead header: see the file notes */
        if ((uint8_t *)pb + (mw - HB_FREE) != h->end &&
            ((mw ^ pw) >> class_shift(pw)) == 0) {
            /* Still of pb's class: pb grows where it is in its list. */
            hb_seal(pb, mw);
            *hb_tag(pb, mw - HB_FREE) = pb;
            return VOS_OK;
        }
        list_unlink(h, pb);
        sz = mw - HB_FREE;
        b = pb;
    }
    put_free(h, b, sz);
    return VOS_OK;
}

/* --- Public functions --------------------------------------------------- */

int vos_heap_init(vos_heap_t *h, void *mem, size_t size)
{
    VOS__CHECK(h != NULL, VOS_ERR_INVALID);
    VOS__CHECK(mem != NULL, VOS_ERR_ARG);
    uintptr_t a = ((uintptr_t)mem + 7u) & ~(uintptr_t)7u;
    size_t lead = (size_t)(a - (uintptr_t)mem);
    if (size < lead + HB_HDR + HB_MIN)
        return VOS_ERR_ARG;
    size_t n = (size - lead) & ~(size_t)7u;   /* arena incl. end sentinel */
    if (n >= ((size_t)1 << VOS_CFG_HEAP_MAX_LOG2))
        return VOS_ERR_ARG;                   /* heap.h: the arena counts its end marker */
    size_t blocks = n - HB_HDR;

    memset(h, 0, sizeof(*h));
    h->first = (uint8_t *)a;
    h->end = (uint8_t *)a + blocks;
    h->span8 = blocks >> 3;
    h->total = (uint32_t)blocks;
    h->free_bytes = (uint32_t)blocks;
    h->min_free = (uint32_t)blocks;
    hb_seal((blk_t *)(uintptr_t)h->end, HB_PREV_FREE);
    put_free(h, (blk_t *)(uintptr_t)a, (uint32_t)blocks);
    h->tag = VOS_TAG_HEAP;
    return VOS_OK;
}

/* The allocations below store the block in *out on success only; the
 * public entry points clear *out on every error. */
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out)
{
#if VOS_CFG_CHECKS
    if (VOS__UNLIKELY(h == NULL || h->tag != VOS_TAG_HEAP))
        return VOS_ERR_INVALID;
#endif
    if (VOS__UNLIKELY(size - 1u >= VOS_HEAP_MAX_REQUEST))
        return alloc_failed(h, VOS_ERR_ARG);
    uint32_t bs = ((uint32_t)size + HB_HDR + 7u) & ~7u;
    if (bs < HB_MIN)
        bs = HB_MIN;
    uint32_t want = class_ceil(bs);

    blk_t *b;
    uint32_t k = vos__lock();
    int32_t idx = find_class(h, want);
    if (idx >= 0) {
        b = take(h, (uint32_t)idx, bs);
    } else {
        b = take_top(h, bs);
        if (VOS__UNLIKELY(b == NULL)) {
            h->failures++;
            vos__unlock(k);
            return VOS_ERR_NO_MEMORY;
        }
    }
    vos__unlock(k);
    *out = (uint8_t *)b + HB_HDR;
    return VOS_OK;
}

static inline int heap_alloc_aligned(vos_heap_t *h, size_t size, size_t align, void **out)
{
#if VOS_CFG_CHECKS
    if (h == NULL || h->tag != VOS_TAG_HEAP)
        return VOS_ERR_INVALID;
#endif
    if ((align & (align - 1u)) != 0 || align > VOS_HEAP_MAX_REQUEST ||
        size - 1u >= VOS_HEAP_MAX_REQUEST)
        return alloc_failed(h, VOS_ERR_ARG);
    uint32_t bs = ((uint32_t)size + HB_HDR + 7u) & ~7u;
    if (bs < HB_MIN)
        bs = HB_MIN;
    /* A listed block of this size fits bs after a leading gap: the gap is
     * 0, or at least HB_MIN so it can stand as a free block. */
    uint32_t want = class_ceil(bs + (uint32_t)align + HB_MIN);
    if (want >= VOS_HEAP_CLASSES)
        return alloc_failed(h, VOS_ERR_ARG);

    uint32_t k = vos__lock();
    int32_t idx = find_class(h, want);
    blk_t *b = idx >= 0 ? h->lists[idx] : h->top;
    uint32_t gap = 0;
    if (b != NULL) {
        uintptr_t pay = (uintptr_t)b + HB_HDR;
        gap = (uint32_t)(((pay + align - 1u) & ~(uintptr_t)(align - 1u)) - pay);
        /* ACSL (comments only): the loop adds align once or twice and
         * ends, for align a power of two of at least 16 (the aligns
         * vos_heap_alloc_aligned sends here); proved by the heap_aligned_fn
         * run (tools/evidence/wp/heap_aligned_fn.c). */
        /*@ loop invariant gap_steps: gap == \at(gap, LoopEntry) ||
              (0 < \at(gap, LoopEntry) < HB_MIN && gap - align < HB_MIN &&
               (gap == \at(gap, LoopEntry) + align || gap == \at(gap, LoopEntry) + 2 * align));
            loop assigns gap;
            loop variant HB_MIN - gap;
        */
        while (gap != 0 && gap < HB_MIN)    /* at most twice: align >= 16 */
            gap += (uint32_t)align;
    }
    if (b == NULL || (idx < 0 && h->top_size < gap + bs)) {
        h->failures++;
        vos__unlock(k);
        return VOS_ERR_NO_MEMORY;
    }
    if (gap != 0) {
        /* Split off the gap as a free block (its predecessor is in use, as
         * b was free). The rest, a, is filed without HB_PREV_FREE as
         * take() and take_top() expect; the flag is set below. */
        uint32_t bsz = b->size & ~HB_FLAGS;
        blk_t *a = blk_at(b, gap);
        if (idx >= 0)
            list_unlink(h, b);
        hb_seal(b, gap | HB_FREE);
        *hb_tag(b, gap) = b;
        list_push(h, b, class_floor(gap));
        hb_seal(a, (bsz - gap) | HB_FREE);
        if (idx >= 0) {
            *hb_tag(a, bsz - gap) = a;
            idx = (int32_t)class_floor(bsz - gap);
            list_push(h, a, (uint32_t)idx);     /* now the head of idx */
        } else {
            h->top = a;
            h->top_size = bsz - gap;
        }
    }
    b = idx >= 0 ? take(h, (uint32_t)idx, bs) : take_top(h, bs);
    if (gap != 0)
        hb_seal(b, b->size | HB_PREV_FREE);
    vos__unlock(k);
    *out = (uint8_t *)b + HB_HDR;
    return VOS_OK;
}

static inline int heap_free(vos_heap_t *h, void *p)
{
    VOS__CHECK(h != NULL && h->tag == VOS_TAG_HEAP, VOS_ERR_INVALID);
    if (p == NULL)
        return VOS_OK;
    blk_t *b = (blk_t *)(uintptr_t)((uint8_t *)p - HB_HDR);
    /* In the arena and 8-aligned in one compare: misalignment rotates
     * into the top bits. */
    uintptr_t off = (uintptr_t)b - (uintptr_t)h->first;
    off = (off >> 3) | (off << (sizeof(uintptr_t) * 8u - 3u));
    if (VOS__UNLIKELY(off >= h->span8))
        return VOS_ERR_INVALID;

    int err;
    uint32_t k = vos__lock();
    uint32_t w = b->size;
    if (VOS__UNLIKELY(!hb_valid(b, w))) {
        err = classify_bad_header(h, b);
    } else if (VOS__UNLIKELY(w & HB_FREE)) {
        err = VOS_ERR_STATE;
    } else {
        /* n lies within the arena because b's header is valid. */
        blk_t *n = blk_at(b, w & ~HB_FLAGS);
        uint32_t nw = n->size;
        err = VOS_ERR_CORRUPT;
        if (VOS__LIKELY(hb_valid(n, nw))) {
            err = VOS_OK;
            if ((w & HB_PREV_FREE) == 0 && (nw & HB_FREE) != 0) {
                /* The common cases: merge with the free successor only.
                 * w is the size (no flag set). */
                uint32_t mw = w + nw;           /* merged size | HB_FREE */
                h->free_bytes += w;
                h->frees++;
                if (n == h->top) {
                    hb_seal(b, mw);
                    h->top = b;
                    h->top_size = mw - HB_FREE;
                } else if (((mw ^ nw) >> class_shift(nw)) == 0) {
                    /* The merged block is of n's class: it takes n's place. */
                    hb_seal(b, mw);
                    *hb_tag(b, mw - HB_FREE) = b;
                    list_replace(n, b);
                } else {
                    list_unlink(h, n);
                    put_free(h, b, mw - HB_FREE);
                }
            } else {
                err = free_general(h, b, w, n, nw);
            }
        }
    }
    vos__unlock(k);
    return err;
}

/* The public entry points: the operations above, traced (the hooks are
 * empty unless VOS_CFG_TRACE). */
int vos_heap_alloc(vos_heap_t *h, size_t size, void **out)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    int err = heap_alloc(h, size, out);
    if (VOS__UNLIKELY(err != VOS_OK))
        *out = NULL;
    VOS_TRACE_HEAP_ALLOC(h, *out, size, err);
    return err;
}

int vos_heap_alloc_aligned(vos_heap_t *h, size_t size, size_t align, void **out)
{
    VOS__CHECK_LEVEL();
    if (align <= VOS_HEAP_ALIGN)
        return vos_heap_alloc(h, size, out);
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    int err = heap_alloc_aligned(h, size, align, out);
    if (VOS__UNLIKELY(err != VOS_OK))
        *out = NULL;
    VOS_TRACE_HEAP_ALLOC(h, *out, size, err);
    return err;
}

int vos_heap_free(vos_heap_t *h, void *p)
{
    VOS__CHECK_LEVEL();
    int err = heap_free(h, p);
    VOS_TRACE_HEAP_FREE(h, p, 0, err);
    return err;
}

int vos_heap_stats(const vos_heap_t *h, vos_heap_stats_t *s)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(h != NULL && h->tag == VOS_TAG_HEAP, VOS_ERR_INVALID);
    VOS__CHECK(s != NULL, VOS_ERR_ARG);
    uint32_t k = vos__lock();
    s->total_bytes = h->total;
    s->free_bytes = h->free_bytes;
    s->min_free_bytes = h->min_free;
    s->frees = h->frees;
    s->failures = h->failures;
    s->largest_free = 0;
    s->max_alloc = 0;
    s->free_blocks = 0;
    /* Every successful allocation made one block that only a successful
     * free removes, so allocs = frees + blocks in use (modulo 2^32); the
     * hot paths need not count allocations. */
    uint32_t used = 0;
    for (const uint8_t *p = h->first; p < h->end; ) {
        const blk_t *b = (const blk_t *)(uintptr_t)p;
        uint32_t w = b->size, sz = w & ~HB_FLAGS;
        if (w & HB_FREE) {
            s->free_blocks++;
            if (sz > s->largest_free)
                s->largest_free = sz;
        } else {
            used++;
        }
        if (sz == 0)
            break;                  /* corrupt; vos_heap_check says so */
        p += sz;
    }
    s->allocs = h->frees + used;
    /* The largest request served: the lowest size of the highest listed
     * class (every block there holds it), or what the top holds. */
    size_t m = 0;
    if (h->fl_map != 0) {
        uint32_t fl = 31u - (uint32_t)__builtin_clz(h->fl_map);
        uint32_t top = (fl << SL) + 31u - (uint32_t)__builtin_clz(h->sl_map[fl]);
        m = class_low(top) - HB_HDR;
    }
    if (h->top_size != 0 && h->top_size - HB_HDR > m)
        m = h->top_size - HB_HDR;
    s->max_alloc = m < VOS_HEAP_MAX_REQUEST ? m : VOS_HEAP_MAX_REQUEST;
    vos__unlock(k);
    return VOS_OK;
}

/* vos_heap_check with the lock held. Reads only, and checks every pointer
 * against the arena before following it, so a corrupt heap cannot make
 * it fault. */
static int check_locked(const vos_heap_t *h)
{
    const uint8_t *p = h->first, *end = h->end;
    if (((uintptr_t)p & 7u) != 0 || end < p || (size_t)(end - p) != h->total ||
        h->span8 != (uintptr_t)h->total >> 3)
        return VOS_ERR_CORRUPT;

    /* I1-I4, I6: the physical walk. The sums of the listed free blocks'
     * addresses and squared addresses are compared with the lists' below:
     * equal counts, distinct entries and equal sums leave no room for a
     * list entry that is not a real free block. */
    uint32_t prev_free = 0, nfree = 0, fbytes = 0;
    uint64_t asum = 0, asq = 0;
    const blk_t *last_free = NULL;
    while (p < end) {
        const blk_t *b = (const blk_t *)(uintptr_t)p;
        uint32_t w = b->size, sz = w & ~HB_FLAGS;
        if (!hb_valid(b, w) || (w & ~(HB_FREE | HB_PREV_FREE) & HB_FLAGS) != 0 ||
            sz < HB_MIN || sz > (size_t)(end - p) ||
            ((w & HB_PREV_FREE) != 0) != (prev_free != 0))
            return VOS_ERR_CORRUPT;
        last_free = NULL;
        if (w & HB_FREE) {
            if (prev_free)
                return VOS_ERR_CORRUPT;
            fbytes += sz;
            last_free = b;
            if (p + sz != end) {
                if (*hb_tag(b, sz) != b)
                    return VOS_ERR_CORRUPT;
                nfree++;
                asum += (uintptr_t)b;
                asq += (uint64_t)(uintptr_t)b * (uintptr_t)b;
            }
        }
        prev_free = w & HB_FREE;
        p += sz;
    }
    const blk_t *e = (const blk_t *)(uintptr_t)end;
    if (!hb_valid(e, e->size) || e->size != (prev_free ? HB_PREV_FREE : 0u))
        return VOS_ERR_CORRUPT;
    if (h->top != last_free ||
        h->top_size != (last_free ? last_free->size & ~HB_FLAGS : 0u))
        return VOS_ERR_CORRUPT;
    if (fbytes != h->free_bytes || h->min_free > h->free_bytes)
        return VOS_ERR_CORRUPT;

    /* I4, I5: the lists and bitmaps. */
    uint32_t listed = 0;
    uint64_t lsum = 0, lsq = 0;
    for (uint32_t fl = 0; fl < VOS_HEAP_FL_COUNT; fl++) {
        uint32_t smap = 0;
        for (uint32_t sl = 0; sl < VOS_HEAP_SL_COUNT; sl++) {
            uint32_t idx = (fl << SL) + sl;
            blk_t *const *pp = &h->lists[idx];
            for (const blk_t *b = h->lists[idx]; b != NULL; b = b->next_free) {
                if (++listed > nfree || ((uintptr_t)b & 7u) != 0 ||
                    (const uint8_t *)b < h->first || (const uint8_t *)b >= end)
                    return VOS_ERR_CORRUPT;
                uint32_t w = b->size;
                if (!hb_valid(b, w) || (w & HB_FLAGS) != HB_FREE ||
                    class_floor(w & ~HB_FLAGS) != idx || b->pprev != pp)
                    return VOS_ERR_CORRUPT;
                lsum += (uintptr_t)b;
                lsq += (uint64_t)(uintptr_t)b * (uintptr_t)b;
                pp = &b->next_free;
            }
            if (h->lists[idx] != NULL)
                smap |= 1u << sl;
        }
        if (smap != h->sl_map[fl] || (smap != 0) != (((h->fl_map >> fl) & 1u) != 0))
            return VOS_ERR_CORRUPT;
    }
    if ((h->fl_map >> VOS_HEAP_FL_COUNT) != 0 || listed != nfree ||
        lsum != asum || lsq != asq)
        return VOS_ERR_CORRUPT;
    return VOS_OK;
}

int vos_heap_check(const vos_heap_t *h)
{
    VOS__CHECK_LEVEL();
    VOS__CHECK(h != NULL && h->tag == VOS_TAG_HEAP, VOS_ERR_INVALID);
    uint32_t k = vos__lock();
    int err = check_locked(h);
    vos__unlock(k);
    return err;
}
