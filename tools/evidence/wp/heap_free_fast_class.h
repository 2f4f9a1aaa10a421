/* SPDX-License-Identifier: MIT */
/*
 * The lemma fr_same of heap_free's fast_replace class proof
 * (heap_free_fast_class.c), proved by the heap_free_fast_class_lemmas run
 * (heap_free_fast_class_lemmas.c) and included after the kernel (blk_t)
 * and heap_class_scheme.h (cls_sh, cls_floor):
 *   fr_same: for b's word w = b->size (bits 0-2 clear: no flag, a
 *            multiple of 8; at least HB_MIN) and
 *            n's nw = n->size (HB_FREE only, its size at least HB_MIN),
 *            their sum at most 2^20, the code's same-class test on the
 *            merged word mw = (uint32_t)(w + nw) and nw, with
 *            class_shift's result as cls_sh(nw), gives cls_floor of the
 *            merged size (uint32_t)(mw - HB_FREE) equal to n's size's.
 * It is stated over the header words as read from memory (b->size,
 * n->size), not over integers: WP's simplifier orders the operands of ^
 * by their form, and a word read from memory is ordered after
 * (uint32_t)(w + nw) as in the goal, where an integer variable would be
 * ordered before it; the provers, which do not know that ^ commutes,
 * then match the lemma's hypotheses and conclusion with the goal's terms
 * as they are (the goal took CVC4 over 60 s with the integer lemmas of
 * heap_merge_class.h alone). Its hypotheses are the fast path's (the
 * behavior's assumes and FAST_PRE, heap_free_fast.c) in the simplifier's
 * forms.
 */
#ifndef EV_WP_HEAP_FREE_FAST_CLASS_H
#define EV_WP_HEAP_FREE_FAST_CLASS_H

/*@ lemma fr_same{L}: \forall blk_t *b, *n;
      (b->size & 1) == 0 && (b->size & 2) == 0 && (b->size & 4) == 0 &&
      (n->size & 7) == 1 && 24 <= b->size && 25 <= n->size &&
      b->size + n->size <= 1048576 &&
      (((uint32_t)((uint32_t)(b->size + n->size) ^ n->size) >> cls_sh(n->size)) == 0) ==>
      cls_floor((uint32_t)((uint32_t)(b->size + n->size) - 1)) == cls_floor(n->size - 1);
*/

#endif
