/* SPDX-License-Identifier: MIT */
/*
 * What the two runs of take's class proof (heap_take_class.c: the rest
 * keeps b's class; heap_take_class_new.c: it does not) and their lemma
 * run (heap_take_class_lemmas.c) share, included after heap_take.c and
 * heap_class_scheme.c (or heap_class_scheme.h):
 *  - the axioms same_class_a and same_class_b: the code's same-class
 *    test on two header words a and b (size | HB_FREE, below 2^20), with
 *    class_shift's result as cls_sh (heap_class_scheme.h; the
 *    heap_class_scheme run proves that class_shift computes it: cs_val),
 *    holds exactly when cls_floor of the two sizes is equal. Stated twice,
 *    with the shift of either word, because WP's simplifier orders the
 *    operands of ^ per goal and the provers do not know that the ^ they
 *    see is commutative. A fact of 32-bit arithmetic, proved in
 *    bit-vector logic by tools/evidence/bv/wp_axioms.smt2's block
 *    same_class_ab (run.py bv; docs/evidence.md, "Bit-arithmetic
 *    facts"); the general fact, for every pair of 32-bit words and both
 *    layouts, is heap_class.smt2's same_class;
 *  - the lemmas tk_rw and tk_same (below; proved by the
 *    heap_take_class_lemmas run);
 *  - TK_RS, the rest's size (s - bs), and TK_RC, its class.
 */
#ifndef EV_WP_HEAP_TAKE_CLASS_H
#define EV_WP_HEAP_TAKE_CLASS_H

/*@ axiomatic Same_class {
      axiom same_class_a: \forall integer a, b; 0 < a < 1048576 && 0 < b < 1048576 &&
        a % 8 == 1 && b % 8 == 1 ==>
        ((((uint32_t)(a ^ b) >> cls_sh(a)) == 0) <==> cls_floor(a - 1) == cls_floor(b - 1));
      axiom same_class_b: \forall integer a, b; 0 < a < 1048576 && 0 < b < 1048576 &&
        a % 8 == 1 && b % 8 == 1 ==>
        ((((uint32_t)(a ^ b) >> cls_sh(b)) == 0) <==> cls_floor(a - 1) == cls_floor(b - 1));
    }

    // The instance take's test needs, in the code's terms: a = bw = w
    // (b's header word), b = rw = (uint32_t)(w - bs) (the rest's), the
    // operands of ^ in the order WP's simplifier writes them (for either
    // order in the source; both axioms cover its two orders). tk_rw
    // gives rw's range, so that the axioms apply. Proved by the
    // heap_take_class_lemmas run (from same_class_a/b and tk_rw).
    lemma tk_rw: \forall integer w, bs; 0 <= bs && bs % 8 == 0 && w % 8 == 1 &&
      bs + 25 <= w < 1048576 ==>
      (uint32_t)(w - bs) == w - bs && 0 < w - bs < 1048576 && (w - bs) % 8 == 1;
    lemma tk_same: \forall integer w, bs; 0 <= bs && bs % 8 == 0 && w % 8 == 1 &&
      bs + 25 <= w < 1048576 ==>
      ((((uint32_t)(w ^ (uint32_t)(w - bs)) >> cls_sh(w)) == 0) <==>
       cls_floor(w - 1 - bs) == cls_floor(w - 1));
*/

/* The rest's size and class (heap_take.c's names: TK_S, b's size). */
#define TK_RS (TK_S - bs)
#define TK_RC (cls_floor(TK_S - bs))

#endif
