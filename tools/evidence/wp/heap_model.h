/* SPDX-License-Identifier: MIT */
/*
 * The arena model the heap's block proofs share (heap_top.c: take_top,
 * heap_put.c: put_free, heap_take.c: take), included after kernel/heap.c.
 * What it assumes (docs/evidence.md lists it):
 *  - B(h, o) is the block header at byte offset o of h's arena, and
 *    blk_at(b, off) is shift(b, off) with shift(B(h, o), off) ==
 *    B(h, o + off) (shift_B); blk_at's contract is assumed, its body is
 *    the byte arithmetic itself, which WP's typed model does not
 *    represent;
 *  - hb_tag(b, sz), the boundary-tag word of a free block of sz bytes at
 *    b, is tagp(b, sz) (hb_tag's contract is assumed, for the same
 *    reason), and the tag of the block at offset o of sz bytes is the
 *    word that ends at offset o + sz, whichever block it belongs to:
 *    tagp(B(h, o), sz) == T(h, o + sz) (tag_B: the flat memory of the
 *    target, where both are first + o + sz - sizeof(void *));
 *  - arena(h): the headers at offsets 0..total that are multiples of 8
 *    are valid memory outside the descriptor, and the sentinel is
 *    B(h, total); hsep: headers 8 or more bytes apart do not overlap
 *    (flat memory; each proof states it for the headers its call writes).
 * hb_seal and addr32 are proved by the heap_top and heap_put runs.
 */
#ifndef EV_WP_HEAP_MODEL_H
#define EV_WP_HEAP_MODEL_H

/* A header word's size: the word less its flag bits (w & ~HB_FLAGS). */
#define BSZ(w) ((w) & 0xFFFFFFF8u)

/*@ axiomatic Arena {
      logic blk_t *B(vos_heap_t *h, integer o);
      logic blk_t *shift(blk_t *base, integer off);
      axiom shift_B: \forall vos_heap_t *h, integer o, off;
        shift(B(h, o), off) == B(h, o + off);
    }
    axiomatic Tag {
      logic blk_t **tagp(blk_t *b, integer sz);
      logic blk_t **T(vos_heap_t *h, integer e);
      axiom tag_B: \forall vos_heap_t *h, integer o, sz;
        tagp(B(h, o), sz) == T(h, o + sz);
    }
    predicate arena(vos_heap_t *h) =
      h->total % 8 == 0 && h->total < 1048576 &&
      (blk_t *)(uintptr_t)h->end == B(h, h->total) &&
      (\forall integer o; 0 <= o <= h->total && o % 8 == 0 ==>
         \valid(&B(h, o)->size) && \valid(&B(h, o)->check)) &&
      (\forall integer o; 0 <= o <= h->total ==> \base_addr(B(h, o)) != \base_addr(h));

    // The headers at o1 and o2 do not overlap: true of any two headers
    // 8 or more bytes apart in flat memory (the call's precondition
    // states it for the headers it writes).
    predicate hsep(vos_heap_t *h, integer o1, integer o2) =
      \separated(&B(h, o1)->size, &B(h, o2)->size) &&
      \separated(&B(h, o1)->size, &B(h, o2)->check) &&
      \separated(&B(h, o1)->check, &B(h, o2)->size) &&
      \separated(&B(h, o1)->check, &B(h, o2)->check);

    logic integer seal(integer w, blk_t *b) =
      (uint32_t)((uint32_t)(w ^ (uint32_t)(uintptr_t)b) ^ HB_MAGIC);

    predicate hdr{L}(vos_heap_t *h, integer o, integer w) =
      \at(B(h, o)->size, L) == w &&
      \at(B(h, o)->check, L) == seal(w, B(h, o));
*/

/*@ assigns \nothing;
    ensures \result == (uint32_t)(uintptr_t)p; */
INLINE uint32_t addr32(const void *p);

/*@ assigns \nothing;
    ensures \result == shift((blk_t *)base, off); */
INLINE blk_t *blk_at(const void *base, uint32_t off);

/*@ requires \valid(&b->size) && \valid(&b->check);
    assigns b->size, b->check;
    ensures b->size == w && b->check == seal(w, b); */
INLINE void hb_seal(blk_t *b, uint32_t w);

/*@ assigns \nothing;
    ensures \result == tagp((blk_t *)b, sz); */
INLINE blk_t **hb_tag(const blk_t *b, uint32_t sz);

#endif
