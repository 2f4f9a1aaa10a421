/* SPDX-License-Identifier: MIT */
/*
 * WP proof of put_free (kernel/heap.c), the step every free and the
 * aligned allocation's gap split end with: a free block b of sz bytes
 * becomes the top or is filed in the list of its class. For a heap whose
 * bitmaps are exactly its non-empty lists (i5, heap_i5.c) and a block b
 * apart from the descriptor and from every listed block:
 *   top:    b ends at the end sentinel: b's header is valid and says
 *           sz | HB_FREE, h->top is b and h->top_size sz; no list, no
 *           bitmap, no other memory changes (I4's top, I5 kept);
 *   listed: otherwise b's header is valid and says sz | HB_FREE, b's
 *           boundary tag (its last word) holds b (I3), b is the head of
 *           a list k < VOS_HEAP_CLASSES whose old head follows it, with
 *           b's back link pointing to the list head (I4's links), and i5
 *           holds afterwards (I5).
 * Also proved: class_shift and class_floor (every block size below
 * 2^VOS_CFG_HEAP_MAX_LOG2 maps to an existing class, so the list and
 * bitmap word the block is filed under exist), hb_seal, addr32; every
 * memory access valid, no shift out of range (-wp-rte). list_push's
 * contract is heap_i5.c's, proved by the heap_i5 run.
 *
 * The model (assumptions; docs/evidence.md lists them; tagp, addr32 and
 * hb_seal are stated in heap_model.h, shared with heap_top.c and
 * heap_take.c):
 *  - hb_tag(b, sz) is tagp(b, sz), a logic function (its body is the
 *    byte arithmetic itself, which WP's typed model does not represent);
 *    the caller states that this word is valid and apart from the
 *    descriptor, b's header and links and every listed block's back link
 *    (true of the last word of a block of at least HB_MIN bytes in flat
 *    memory);
 *  - __builtin_clz(x) for x != 0 is the number of zero bits above x's
 *    highest set bit (GCC's definition, stated as a contract below);
 *  - C_or: for x, y >= 0, x | y is at least x and at least y (C11
 *    6.5.12: its bits include both operands' bits), stated as an axiom
 *    (the provers do not derive orderings from bits);
 *  - WP's Typed+cast memory model, as in heap_top.c.
 * Not proved here: that put_free's callers meet these preconditions;
 * that the list is the one of class_floor(sz) (the proof says "a list
 * k"; heap_class_scheme.c's run heap_class_put proves it is); I1-I2 and I6 (put_free does not touch the flags of b's neighbours
 * or the counters).
 *
 * The code proved is kernel/heap.c itself, included (through
 * heap_i5.c) whole: this file adds only contracts.
 */
/* Included by several proofs (heap_take.c, heap_class_scheme.c, ...): once per run. */
#ifndef EV_WP_HEAP_PUT_C
#define EV_WP_HEAP_PUT_C
#include "heap_i5.c"
#include "heap_model.h"

/*@ axiomatic C_or {
      axiom or_ge: \forall integer x, y; 0 <= x && 0 <= y ==> x <= (x | y) && y <= (x | y);
    }
    lemma shr_small: \forall integer s, sh; 3 <= sh <= 15 && 0 <= s < (1 << (sh + 5)) ==>
      0 <= (s >> sh) < 32;
    lemma shl_sl: \forall integer x; 0 <= x <= 12 ==> (x << SL) == x * VOS_HEAP_SL_COUNT;
    lemma or_small: \forall integer s; 0 <= s < 1048576 ==> (s | 128) < 1048576;
*/

/*@ requires x != 0;
    assigns \nothing;
    ensures 0 <= \result < 32;
    ensures (1 << (31 - \result)) <= x;
    ensures \result > 0 ==> x < (1 << (32 - \result));
*/
int __builtin_clz(unsigned int x);

/*@ requires 0 < s < 1048576;
    assigns \nothing;
    ensures 3 <= \result <= 15;
    ensures s < (1 << (\result + 5));
*/
INLINE uint32_t class_shift(uint32_t s);

/*@ requires 0 < s < 1048576;
    assigns \nothing;
    ensures 0 <= \result < VOS_HEAP_CLASSES;
*/
INLINE uint32_t class_floor(uint32_t s);

/*@ predicate listed_apart(vos_heap_t *h, blk_t *b) =
      \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
        \valid(h->lists[k]) && \separated(h->lists[k], h) && \separated(h->lists[k], b);
*/

/*@ requires \valid(h) && \valid(b) && \separated(b, h);
    requires HB_MIN <= sz < 1048576;
    requires i5(h);
    requires listed_apart(h, b);
    // Both behaviors' assigns, for the callers' proofs (WP takes a call's
    // frame from this clause).
    assigns b->size, b->check, h->top, h->top_size, *tagp(b, sz), b->next_free, b->pprev,
            h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev,
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map;
    behavior top:
      assumes (uint8_t *)b + sz == h->end;
      assigns b->size, b->check, h->top, h->top_size;
      ensures b->size == (sz | HB_FREE) && b->check == seal(sz | HB_FREE, b);
      ensures h->top == b && h->top_size == sz;
      ensures \forall integer j; 0 <= j < VOS_HEAP_CLASSES ==> h->lists[j] == \old(h->lists[j]);
      ensures i5(h);
    behavior listed:
      assumes (uint8_t *)b + sz != h->end;
      requires \valid(tagp(b, sz)) && \separated(tagp(b, sz), h) && \separated(tagp(b, sz), b);
      requires \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
        \separated(tagp(b, sz), h->lists[k]);
      assigns b->size, b->check, *tagp(b, sz), b->next_free, b->pprev,
              h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev,
              h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map;
      ensures b->size == (sz | HB_FREE) && b->check == seal(sz | HB_FREE, b);
      ensures *tagp(b, sz) == b;
      ensures h->top == \old(h->top) && h->top_size == \old(h->top_size);
      ensures \forall integer j; 0 <= j < VOS_HEAP_CLASSES ==>
        h->lists[j] == \old(h->lists[j]) || h->lists[j] == b;
      ensures \exists integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] == b &&
        b->pprev == &h->lists[k] && b->next_free == \old(h->lists[k]);
      ensures i5(h);
    complete behaviors;
    disjoint behaviors;
*/
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);

#endif /* EV_WP_HEAP_PUT_C */
