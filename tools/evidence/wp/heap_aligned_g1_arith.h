/* SPDX-License-Identifier: MIT */
/*
 * The gap case's arithmetic (heap_aligned_g1.c): gl(g, a), the gap the
 * code's loop leaves for a first gap g (heap_aligned.c's gap_of, written
 * for any first gap: the loop adds a once or twice, its invariant
 * gap_steps), and that the payload after it is a multiple of a. Proved by
 * the heap_aligned_g1_arith run in heap_aligned.c's context (without the
 * heap model). Include after heap_aligned.c (g0, g0_align).
 */
#ifndef EV_WP_HEAP_ALIGNED_G1_ARITH_H
#define EV_WP_HEAP_ALIGNED_G1_ARITH_H

/*@ logic integer gl(integer g, integer a) =
      (g == 0 || HB_MIN <= g) ? g : (HB_MIN <= g + a ? g + a : g + 2 * a);
    lemma a1_mod_add: \forall integer x, a; 0 <= x && 0 < a && x % a == 0 ==>
      (x + a) % a == 0 && (x + 2 * a) % a == 0;
    // The payload after the loop's gap is a multiple of align.
    lemma a1_al_of: \forall integer p, align;
      0 <= p && p + align < 4294967296 && 16 <= align <= 524288 &&
      (align & (align - 1)) == 0 ==> (p + gl(g0(p, align), align)) % align == 0;
*/

#endif
