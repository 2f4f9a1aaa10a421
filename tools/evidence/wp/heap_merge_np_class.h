/* SPDX-License-Identifier: MIT */
/*
 * The lemma nn_same of free_general's class proof in the n_in_place case
 * with n just before P (heap_merge_prev_nin_np_class.c), proved by the
 * heap_merge_np_class_lemmas run (heap_merge_np_class_lemmas.c) and
 * included after the kernel (blk_t) and heap_class_scheme.h (cls_sh,
 * cls_floor):
 *   nn_same: for n's word nw (HB_FREE only, its size at least HB_MIN),
 *            b's size bsz (a multiple of 8, at least HB_MIN) and P's word
 *            q->size (remainder 1 by 8, at least HB_MIN + 1), the three
 *            sizes' sum at most 2^20, the code's same-class test on the
 *            merged word mw = (uint32_t)(sz + q->size), sz the code's
 *            (uint32_t)((uint32_t)(nw - 1) + bsz), and P's word, with
 *            class_shift's result as cls_sh(q->size), gives cls_floor of
 *            the merged size (uint32_t)(mw - HB_FREE) equal to P's size's.
 * It is stated over P's word as read from memory (q->size), in the
 * goal's terms, for the reason heap_free_fast_class.h's fr_same is: WP's
 * simplifier orders the operands of ^ by their form, a word read from
 * memory after (uint32_t)(sz + q->size) as in the goal, and the provers
 * do not know that ^ commutes; the goal, whose test reads P's word after
 * list_unlink(h, n), took CVC4 over 60 s with heap_merge_class.h's
 * integer lemmas alone.
 */
#ifndef EV_WP_HEAP_MERGE_NP_CLASS_H
#define EV_WP_HEAP_MERGE_NP_CLASS_H

/*@ lemma nn_same{L}: \forall blk_t *q, integer nw, bsz;
      0 <= nw <= 4294967295 && (nw & 7) == 1 && 24 <= (uint32_t)(nw - 1) &&
      bsz % 8 == 0 && 24 <= bsz &&
      q->size % 8 == 1 && 25 <= q->size &&
      (uint32_t)(nw - 1) + bsz + q->size <= 1048576 &&
      (((uint32_t)((uint32_t)((uint32_t)((uint32_t)(nw - 1) + bsz) + q->size) ^ q->size) >>
        cls_sh(q->size)) == 0) ==>
      cls_floor((uint32_t)((uint32_t)((uint32_t)((uint32_t)(nw - 1) + bsz) + q->size) - 1)) ==
      cls_floor(q->size - 1);
*/

#endif
