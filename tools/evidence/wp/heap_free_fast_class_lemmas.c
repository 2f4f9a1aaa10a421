/* SPDX-License-Identifier: MIT */
/*
 * The proof of heap_free_fast_class.h's lemma fr_same (the run
 * heap_free_fast_class_lemmas) and of its steps:
 *   fr_low0: a 32-bit word without bits 0, 1 and 2 has (w & 7) == 0
 *            (WP's bitwise tactic, wp:bitwised: the equality bit by bit,
 *            each bit closed by Qed; its tactic tree is the committed
 *            script sessions/heap_free_fast_class_lemmas/script/
 *            lemma_fr_low0.json, replayed by the prover script);
 *   fr_w8:   so w % 8 == 0 (fr_low0 and heap_merge_class.h's low3_mod);
 *   fr_word: b's and n's words on heap_free's fast path (b's without a
 *            flag bit, n's saying HB_FREE only, the sizes at least
 *            HB_MIN, the sum at most 2^20) give the merged word
 *            (uint32_t)(w + nw) in (0, 2^20) with remainder 1 by 8, and
 *            nw in (0, 2^20) with remainder 1: heap_merge_class.h's
 *            mc_word_b's hypotheses;
 *   fr_same: from fr_word and mc_word_b (heap_merge_class.h, from the
 *            axiom same_class_b of heap_take_class.h).
 * The kernel is included (through heap_put.c) for blk_t, the type of
 * fr_same's headers; the goals are the lemmas alone.
 *
 * Assumptions: the axioms same_class_a and same_class_b
 * (heap_take_class.h) and low3_mod (heap_merge_class.h), proved in
 * bit-vector logic (tools/evidence/bv/wp_axioms.smt2, blocks
 * same_class_ab and low3); heap_merge_class.h's lemmas are proved by the
 * heap_merge_class_lemmas run, heap_class_scheme.h's by
 * heap_class_scheme_lemmas; heap_put.c's and heap_i5.c's axioms are in
 * the context (C_or, C_bits, Flat_memory), not used by these lemmas.
 */
#include "heap_put.c"
#include "heap_class_scheme.h"
#include "heap_take_class.h"
#include "heap_merge_class.h"

/*@ lemma fr_low0: \forall integer w; 0 <= w <= 4294967295 &&
      (w & 1) == 0 && (w & 2) == 0 && (w & 4) == 0 ==> (w & 7) == 0;
    lemma fr_w8: \forall integer w; 0 <= w <= 4294967295 &&
      (w & 1) == 0 && (w & 2) == 0 && (w & 4) == 0 ==> w % 8 == 0;
    lemma fr_word: \forall integer w, nw;
      0 <= w <= 4294967295 && 0 <= nw <= 4294967295 &&
      (w & 1) == 0 && (w & 2) == 0 && (w & 4) == 0 && (nw & 7) == 1 &&
      24 <= w && 25 <= nw && w + nw <= 1048576 ==>
      0 < (uint32_t)(w + nw) < 1048576 && (uint32_t)(w + nw) % 8 == 1 &&
      0 < nw < 1048576 && nw % 8 == 1;
*/

#include "heap_free_fast_class.h"
