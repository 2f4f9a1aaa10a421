/* SPDX-License-Identifier: MIT */
/*
 * What the free proofs (heap_free.c: free_general beside blocks in use or
 * the top; heap_merge.c: with a listed successor) share, included after
 * heap_put.c: off(h, b), a name for the byte offset of the header b in
 * h's arena (no axiom: the proofs' preconditions say b == B(h, off(h, b))),
 * and the lemma that i5 depends only on the lists and the bitmaps
 * (proved by the heap_free_lemmas run): the provers need it in this form
 * to carry i5 across the writes to the counters and headers before
 * put_free.
 */
#ifndef EV_WP_HEAP_FREE_MODEL_H
#define EV_WP_HEAP_FREE_MODEL_H

/*@ axiomatic Offsets {
      logic integer off(vos_heap_t *h, blk_t *b);
    }

    lemma i5_frame{L1, L2}: \forall vos_heap_t *h;
      i5{L1}(h) &&
      (\forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==>
         \at(h->sl_map[f], L1) == \at(h->sl_map[f], L2)) &&
      \at(h->fl_map, L1) == \at(h->fl_map, L2) &&
      (\forall integer k; 0 <= k < VOS_HEAP_CLASSES ==>
         \at(h->lists[k], L1) == \at(h->lists[k], L2)) ==>
      i5{L2}(h);
*/

#endif
