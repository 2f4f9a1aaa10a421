/* SPDX-License-Identifier: MIT */
/*
 * The proof of heap_merge_np_class.h's lemma nn_same (the run
 * heap_merge_np_class_lemmas) and of its steps:
 *   nn_sz:   the code's sz once n's size is added,
 *            (uint32_t)((uint32_t)(nw - 1) + bsz), is the integer sum, a
 *            multiple of 8 (as heap_merge_class.h's mc_nsz, with n's size
 *            at least HB_MIN);
 *   nn_word: the merged word (uint32_t)(sz + x), x P's word (remainder 1
 *            by 8), is in (0, 2^20) with remainder 1 by 8, and x too:
 *            heap_merge_class.h's mc_word_b's hypotheses;
 *   nn_same: from nn_word and mc_word_b (heap_merge_class.h, from the
 *            axiom same_class_b of heap_take_class.h).
 * The kernel is included (through heap_put.c) for blk_t, the type of
 * nn_same's header; the goals are the lemmas alone.
 *
 * Assumptions: the axioms same_class_a and same_class_b
 * (heap_take_class.h) and low3_mod (heap_merge_class.h), proved in
 * bit-vector logic (tools/evidence/bv/wp_axioms.smt2, blocks
 * same_class_ab and low3); heap_merge_class.h's lemmas are proved by the
 * heap_merge_class_lemmas run, heap_class_scheme.h's by
 * heap_class_scheme_lemmas; heap_put.c's and heap_i5.c's axioms are in
 * the context (C_or, C_bits, Flat_memory).
 */
#include "heap_put.c"
#include "heap_class_scheme.h"
#include "heap_take_class.h"
#include "heap_merge_class.h"

/*@ lemma nn_sz: \forall integer nw, bsz;
      0 <= nw <= 4294967295 && (nw & 7) == 1 && 24 <= (uint32_t)(nw - 1) &&
      bsz % 8 == 0 && 24 <= bsz && (uint32_t)(nw - 1) + bsz <= 1048576 ==>
      (uint32_t)((uint32_t)(nw - 1) + bsz) == (uint32_t)(nw - 1) + bsz &&
      ((uint32_t)(nw - 1) + bsz) % 8 == 0;
    lemma nn_word: \forall integer nw, bsz, x;
      0 <= nw <= 4294967295 && (nw & 7) == 1 && 24 <= (uint32_t)(nw - 1) &&
      bsz % 8 == 0 && 24 <= bsz && x % 8 == 1 && 25 <= x &&
      (uint32_t)(nw - 1) + bsz + x <= 1048576 ==>
      0 < (uint32_t)((uint32_t)((uint32_t)(nw - 1) + bsz) + x) < 1048576 &&
      (uint32_t)((uint32_t)((uint32_t)(nw - 1) + bsz) + x) % 8 == 1 &&
      0 < x < 1048576;
*/

#include "heap_merge_np_class.h"
