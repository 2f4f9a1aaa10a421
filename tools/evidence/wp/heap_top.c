/* SPDX-License-Identifier: MIT */
/*
 * WP proof that take_top, the allocation from the top (the wilderness
 * block before the end sentinel; heap_alloc's path when no list can serve,
 * and heap_alloc_aligned's when its gap is 0), keeps the heap's block
 * invariants I1-I6 (kernel/heap.c) for every block it touches and touches
 * no other. For a heap whose top, if any, is a free block reaching the
 * sentinel (top_ok) and a request of bs bytes (a multiple of 8, at least
 * HB_MIN), one of:
 *   fail:  the top is smaller than bs: NULL, nothing written;
 *   split: the top at offset o of size t >= bs + HB_MIN becomes an
 *          allocated block [o, o + bs) whose header is valid and says
 *          size bs with no flag, and a free top [o + bs, end) whose
 *          header is valid and says (t - bs) | HB_FREE; the sentinel
 *          still says HB_PREV_FREE; h->top and h->top_size name the new
 *          top; free_bytes is lower by exactly bs;
 *   whole: bs <= t < bs + HB_MIN: the whole top becomes the allocated
 *          block (header valid, size t, no flag), h->top is NULL and
 *          top_size 0, the sentinel's header is valid and says 0 (its
 *          predecessor is in use); free_bytes is lower by t.
 * In both: min_free <= free_bytes, and the only memory written is the
 * headers at o, o + bs (split) or the sentinel (whole), h->top,
 * top_size, free_bytes and min_free (the assigns clauses): no list, no
 * bitmap, no other block changes. So I1 (the blocks [o, end) are
 * retiled exactly, every header written is valid), I2 (the flags of the
 * new blocks and of the sentinel agree with their predecessors), I3 (no
 * listed block is touched), I4 (the top is the free block before the
 * sentinel, in no list), I5 (the bitmaps are not touched) and I6 (the
 * free bytes drop by exactly what left the free blocks) hold after it
 * if they held before. hb_seal, addr32 and count_alloc are proved too.
 *
 * The model (assumptions; docs/evidence.md lists them; stated in
 * heap_model.h, shared with heap_put.c and heap_take.c):
 *  - B(h, o) is the block header at byte offset o of h's arena, and
 *    blk_at(b, off) with b = B(h, o) is B(h, o + off) (shift_B; blk_at's
 *    contract is assumed, its body is the byte arithmetic itself);
 *  - arena(h): the headers at offsets 0..total that are multiples of 8
 *    are valid memory outside the descriptor, and the sentinel is
 *    B(h, total); hsep: headers 8 or more bytes apart do not overlap
 *    (flat memory; stated for the three headers the call writes);
 *  - WP's Typed+cast memory model: a pointer converted between blk_t *,
 *    void * and uint8_t * keeps its address (true of the target's flat
 *    memory; the model does not check that a location is read with the
 *    type it was written with: the heap writes a header word only as
 *    uint32_t and a link or tag only as a pointer).
 * Not proved here: the global form of I1 (a predicate for the whole block
 * sequence), take, put_free, free_general, heap_free, heap_alloc_aligned's
 * gap split, find_class (docs/evidence.md; take is heap_take.c's).
 *
 * The code proved is kernel/heap.c itself, included whole below: this
 * file adds only contracts, on declarations Frama-C merges with the
 * definitions.
 */
/* Included by several proofs (heap_alloc.c, heap_tile.c, ...): once per run. */
#ifndef EV_WP_HEAP_TOP_C
#define EV_WP_HEAP_TOP_C
#include "heap_source.h"

#include "heap_model.h"

/*@ predicate top_none(vos_heap_t *h) =
      h->top == \null && h->top_size == 0 && hdr(h, h->total, 0);
    predicate top_some(vos_heap_t *h) =
      HB_MIN <= h->top_size <= h->total && h->top_size % 8 == 0 &&
      h->top == B(h, h->total - h->top_size) &&
      hdr(h, h->total - h->top_size, h->top_size | HB_FREE) &&
      hdr(h, h->total, HB_PREV_FREE);
    predicate top_ok(vos_heap_t *h) = top_none(h) || top_some(h);
*/

/*@ requires \valid(h);
    assigns h->free_bytes, h->min_free;
    ensures h->free_bytes == (uint32_t)(\old(h->free_bytes) - bs);
    ensures h->min_free <= h->free_bytes;
*/
INLINE void count_alloc(vos_heap_t *h, uint32_t bs);

/*@ requires \valid(h) && arena(h) && top_ok(h);
    requires HB_MIN <= bs && bs % 8 == 0;
    requires h->top_size <= h->free_bytes;
    behavior fail:
      assumes h->top_size < bs;
      assigns \nothing;
      ensures \result == \null;
    behavior split:
      assumes h->top_size >= bs + HB_MIN;
      requires hsep(h, h->total - h->top_size, h->total - h->top_size + bs);
      requires hsep(h, h->total - h->top_size, h->total);
      requires hsep(h, h->total - h->top_size + bs, h->total);
      assigns h->top, h->top_size, h->free_bytes, h->min_free,
              B(h, h->total - h->top_size)->size, B(h, h->total - h->top_size)->check,
              B(h, h->total - h->top_size + bs)->size, B(h, h->total - h->top_size + bs)->check;
      ensures \result == B(h, \old(h->total - h->top_size));
      ensures hdr(h, \old(h->total - h->top_size), bs);
      ensures h->total == \old(h->total) && h->end == \old(h->end);
      ensures h->top_size == \old(h->top_size) - bs;
      ensures h->free_bytes == \old(h->free_bytes) - bs;
      ensures h->min_free <= h->free_bytes;
      ensures h->top == B(h, \old(h->total - h->top_size) + bs);
      ensures hdr(h, \old(h->total - h->top_size) + bs, (uint32_t)(\old(h->top_size) - bs) | HB_FREE);
      ensures hdr(h, \old(h->total), HB_PREV_FREE);
    behavior whole:
      assumes bs <= h->top_size < bs + HB_MIN;
      requires hsep(h, h->total - h->top_size, h->total);
      assigns h->top, h->top_size, h->free_bytes, h->min_free,
              B(h, h->total - h->top_size)->size, B(h, h->total - h->top_size)->check,
              B(h, h->total)->size, B(h, h->total)->check;
      ensures \result == B(h, \old(h->total - h->top_size));
      ensures hdr(h, \old(h->total - h->top_size), \old(h->top_size));
      ensures h->total == \old(h->total) && h->end == \old(h->end);
      ensures h->free_bytes == \old(h->free_bytes) - \old(h->top_size);
      ensures h->min_free <= h->free_bytes;
      ensures h->top == \null && h->top_size == 0;
      ensures hdr(h, \old(h->total), 0);
    complete behaviors;
    disjoint behaviors;
*/
INLINE blk_t *take_top(vos_heap_t *h, uint32_t bs);

#endif /* EV_WP_HEAP_TOP_C */
