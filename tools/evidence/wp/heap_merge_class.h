/* SPDX-License-Identifier: MIT */
/*
 * What the class proofs of the blocks that free grows in place share
 * (heap_merge_prev_in_class.c, heap_merge_prev_nin_class.c: P in
 * free_general's in-place cases; the lemma runs heap_merge_np_class_lemmas.c
 * and heap_free_fast_class_lemmas.c: nn_same, fr_same), included after heap_class_scheme.h and
 * heap_take_class.h:
 *  - the axiom low3_mod (C_low3): for a 32-bit word x, x & 7 is x % 8.
 *    A fact of 32-bit arithmetic, proved in bit-vector
 *    logic by tools/evidence/bv/wp_axioms.smt2's block low3 (run.py bv;
 *    docs/evidence.md, "Bit-arithmetic facts"). low3_mod turns n's word's
 *    test (nw & 7) == HB_FREE into nw % 8 == 1 (mc_nsz);
 *  - lemmas, proved by the heap_merge_class_lemmas run
 *    (heap_merge_class_lemmas.c) from those axioms and heap_take_class.h's
 *    same_class_a and same_class_b: mc_nsz (the code's sz once n's size
 *    is added is the integer sum, a multiple of 8), mc_rw (the merged word
 *    mw = x + sz in uint32_t is the integer sum, a size | HB_FREE below
 *    2^20, and mw - HB_FREE in uint32_t too), mc_word_a and mc_word_b
 *    (same_class_a and same_class_b with the merged word's size in
 *    uint32_t, as the code computes it; the shift of either word, since
 *    WP's simplifier orders the operands of ^ per goal).
 */
#ifndef EV_WP_HEAP_MERGE_CLASS_H
#define EV_WP_HEAP_MERGE_CLASS_H

/*@ axiomatic C_low3 {
      axiom low3_mod: \forall integer x; 0 <= x < 4294967296 ==> (x & 7) == x % 8;
    }

    // The code's sz once n's size is added (free_general: sz += nw -
    // HB_FREE, in uint32_t), for a b size bsz multiple of 8 and n's word
    // nw saying HB_FREE only: the integer sum, a multiple of 8.
    lemma mc_nsz: \forall integer bsz, nw; 0 <= bsz && bsz % 8 == 0 &&
      0 <= nw < 4294967296 && (nw & 7) == 1 && (uint32_t)(nw - 1) + bsz <= 1048576 ==>
      (uint32_t)(nw - 1) == nw - 1 && (uint32_t)((uint32_t)(nw - 1) + bsz) == nw - 1 + bsz &&
      (nw - 1 + bsz) % 8 == 0;

    lemma mc_rw: \forall integer x, sz; 0 <= sz && sz % 8 == 0 && x % 8 == 1 &&
      0 < x && x + sz <= 1048576 ==>
      (uint32_t)(sz + x) == sz + x && 0 < sz + x < 1048576 && (sz + x) % 8 == 1 &&
      (uint32_t)((uint32_t)(sz + x) - 1) == sz + x - 1;
    // same_class_a/b with the merged word's size in uint32_t, as the code
    // computes it ((uint32_t)(m - 1)), against the other word's size:
    // with the shift of either word (WP's simplifier orders ^'s operands).
    lemma mc_word_a: \forall integer m, x; 0 < m < 1048576 && 0 < x < 1048576 &&
      m % 8 == 1 && x % 8 == 1 ==>
      ((((uint32_t)(m ^ x) >> cls_sh(m)) == 0) <==> cls_floor((uint32_t)(m - 1)) == cls_floor(x - 1));
    lemma mc_word_b: \forall integer m, x; 0 < m < 1048576 && 0 < x < 1048576 &&
      m % 8 == 1 && x % 8 == 1 ==>
      ((((uint32_t)(m ^ x) >> cls_sh(x)) == 0) <==> cls_floor((uint32_t)(m - 1)) == cls_floor(x - 1));
*/

#endif
