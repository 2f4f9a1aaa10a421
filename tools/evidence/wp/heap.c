/* SPDX-License-Identifier: MIT */
/*
 * WP proof of the TLSF heap's list and bitmap steps (kernel/heap.c), the
 * constant-time pieces every alloc, aligned alloc and free is built from:
 *  - map_set / map_clear: the class's bit of sl_map[fl] is set / cleared
 *    and no other bit of it changes; fl_map's bit fl is set when sl_map[fl]
 *    was 0 (map_set), cleared when it becomes 0 (map_clear), else fl_map
 *    is unchanged (the step that keeps I5);
 *  - list_push / list_pop / list_replace: the block enters at / leaves
 *    from the head of lists[idx], or takes another block's place, with
 *    every back link (pprev) pointing to its referrer afterwards (I4's
 *    link part), and the bitmap update made exactly when the list becomes
 *    non-empty (push) or empty (pop), and only then;
 *  - every memory access in them valid, no shift out of range (-wp-rte).
 * The lemmas on bits are proved by the heap_bits run (-wp-prop @lemma).
 * Assumed (preconditions the callers, not proved here, must meet): idx is
 * a class index whose bitmap word exists (class_halves); the blocks are
 * valid objects apart from the heap descriptor and from each other.
 *
 * The code proved is kernel/heap.c itself, included whole below: this
 * file adds only contracts, on declarations Frama-C merges with the
 * definitions. Proved in their own runs, not here (docs/evidence.md
 * says what each proves): I5 over the whole descriptor and list_unlink
 * (heap_i5.c), take_top (heap_top.c) and, over a ghost model of the
 * whole block sequence (heap_tile_model.h), take_top keeping I1, I2, I4's
 * top clause and I6 (heap_tile.c) and the model's updates for take's two
 * cases with take's frame (heap_tile_take.c), put_free (heap_put.c) and
 * its filing in lists[class_floor(sz)] (heap_class_scheme.c), take
 * (heap_take.c, heap_take_i5.c) and the class it files its split rest
 * under (heap_take_class.c, heap_take_class_new.c), find_class (heap_class.c), the class
 * scheme's four functions (heap_class_scheme.c), free_general beside
 * blocks in use or the top (heap_free.c), with a listed successor
 * (heap_merge.c) and its refusal of a bad predecessor tag
 * (heap_merge_bad.c), its merge with a free predecessor beside a block
 * in use, in place, re-filed or as the top (heap_merge_prev_in.c,
 * heap_merge_prev_refile.c, heap_merge_prev_top.c; frame facts in
 * heap_merge_prev_frame.h), free_general for exactly heap_free's calls
 * (heap_free_gen.c), heap_free's entry checks (heap_fast.c) and its
 * locked checks, fast path and calls of free_general but the merge with a
 * free predecessor (heap_free_fast.c), the aligned allocation's gap
 * arithmetic (heap_aligned.c) and its gap loop and refusals
 * (heap_aligned_fn.c), heap_alloc's steps (heap_alloc.c). Bit-arithmetic
 * facts these proofs assume are proved in tools/evidence/bv. Not proved
 * anywhere: the whole-heap model across take, the frees and the aligned
 * allocation; I3 and I4's list membership as whole-heap invariants; the
 * merge with a free predecessor when the next block is free; heap_free's
 * calls that merge with a free predecessor; heap_alloc's and heap_alloc_aligned's success
 * paths; the same-class tests of the frees as WP steps.
 */
/* The source file that defines list_push (tools/evidence/run.py finds it). */
#include "heap_source.h"

#include "bits.h"

/*@ // idx's bitmap word exists and its bit within it is 0..15: what idx <
    // VOS_HEAP_CLASSES means, which the provers do not derive through >>, &.
    predicate class_halves(vos_heap_t *h, integer idx) =
      \valid(&h->sl_map[idx >> SL]) && 0 <= (idx & SL_MASK);

*/

/*@ requires \valid(h);
    requires 0 <= idx < VOS_HEAP_CLASSES && class_halves(h, idx);
    assigns h->sl_map[idx >> SL], h->fl_map;
    ensures h->sl_map[idx >> SL] == (uint32_t)(\old(h->sl_map[idx >> SL]) | (1 << (idx & SL_MASK)));
    ensures \old(h->sl_map[idx >> SL]) == 0 ==> h->fl_map == (uint32_t)(\old(h->fl_map) | (1 << (idx >> SL)));
    ensures \old(h->sl_map[idx >> SL]) != 0 ==> h->fl_map == \old(h->fl_map);
    ensures \forall integer k; 0 <= k < 32 ==>
      (bit_on(h->sl_map[idx >> SL], k) <==> (bit_on(\old(h->sl_map[idx >> SL]), k) || k == (idx & SL_MASK)));
*/
INLINE void map_set(vos_heap_t *h, uint32_t idx);

/*@ requires \valid(h);
    requires 0 <= idx < VOS_HEAP_CLASSES && class_halves(h, idx);
    assigns h->sl_map[idx >> SL], h->fl_map;
    ensures h->sl_map[idx >> SL] == (\old(h->sl_map[idx >> SL]) & (uint32_t)~(uint32_t)(1 << (idx & SL_MASK)));
    ensures h->sl_map[idx >> SL] == 0 ==> h->fl_map == (\old(h->fl_map) & (uint32_t)~(uint32_t)(1 << (idx >> SL)));
    ensures h->sl_map[idx >> SL] != 0 ==> h->fl_map == \old(h->fl_map);
    ensures \forall integer k; 0 <= k < 32 ==>
      (bit_on(h->sl_map[idx >> SL], k) <==> (bit_on(\old(h->sl_map[idx >> SL]), k) && k != (idx & SL_MASK)));
*/
INLINE void map_clear(vos_heap_t *h, uint32_t idx);

/*@ requires \valid(h) && \valid(b) && \separated(b, h);
    requires 0 <= idx < VOS_HEAP_CLASSES && class_halves(h, idx);
    requires h->lists[idx] != \null ==>
      \valid(h->lists[idx]) && \separated(h->lists[idx], h) && \separated(h->lists[idx], b) &&
      h->lists[idx]->pprev == &h->lists[idx];
    assigns h->lists[idx], b->next_free, b->pprev, h->lists[idx]->pprev,
            h->sl_map[idx >> SL], h->fl_map;
    ensures h->lists[idx] == b && b->pprev == &h->lists[idx] &&
            b->next_free == \old(h->lists[idx]);
    ensures \old(h->lists[idx]) != \null ==> \old(h->lists[idx])->pprev == &b->next_free;
    ensures \old(h->lists[idx]) != \null ==>
      h->sl_map[idx >> SL] == \old(h->sl_map[idx >> SL]) && h->fl_map == \old(h->fl_map);
    ensures \old(h->lists[idx]) == \null ==>
      h->sl_map[idx >> SL] == (uint32_t)(\old(h->sl_map[idx >> SL]) | (1 << (idx & SL_MASK)));
*/
INLINE void list_push(vos_heap_t *h, blk_t *b, uint32_t idx);

/*@ requires \valid(h) && \valid(b) && \separated(b, h);
    requires 0 <= idx < VOS_HEAP_CLASSES && class_halves(h, idx);
    requires h->lists[idx] == b && b->pprev == &h->lists[idx];
    requires b->next_free != \null ==>
      \valid(b->next_free) && \separated(b->next_free, h) && \separated(b->next_free, b) &&
      b->next_free->pprev == &b->next_free;
    assigns h->lists[idx], b->next_free->pprev, h->sl_map[idx >> SL], h->fl_map;
    ensures h->lists[idx] == \old(b->next_free);
    ensures h->lists[idx] != \null ==> h->lists[idx]->pprev == &h->lists[idx];
    ensures h->lists[idx] != \null ==>
      h->sl_map[idx >> SL] == \old(h->sl_map[idx >> SL]) && h->fl_map == \old(h->fl_map);
    ensures h->lists[idx] == \null ==>
      h->sl_map[idx >> SL] == (\old(h->sl_map[idx >> SL]) & (uint32_t)~(uint32_t)(1 << (idx & SL_MASK)));
*/
INLINE void list_pop(vos_heap_t *h, blk_t *b, uint32_t idx);

/*@ requires \valid(old) && \valid(b) && \separated(old, b);
    requires \valid(old->pprev) && \separated(old->pprev, b) && \separated(old->pprev, old) &&
             *old->pprev == old;
    requires old->next_free != \null ==>
      \valid(old->next_free) && \separated(old->next_free, b) && \separated(old->next_free, old) &&
      \separated(old->next_free, old->pprev) && old->next_free->pprev == &old->next_free;
    assigns b->next_free, b->pprev, *old->pprev, old->next_free->pprev;
    ensures *\old(old->pprev) == b && b->pprev == \old(old->pprev) &&
            b->next_free == \old(old->next_free);
    ensures b->next_free != \null ==> b->next_free->pprev == &b->next_free;
*/
INLINE void list_replace(blk_t *old, blk_t *b);
