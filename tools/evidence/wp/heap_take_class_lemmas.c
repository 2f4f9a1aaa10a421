/* SPDX-License-Identifier: MIT */
/*
 * The proof of heap_take_class.h's lemmas tk_rw and tk_same, and of
 * tk_rc below (heap_take_class_new.c's reading of its sn_class; the run
 * heap_take_class_lemmas), apart from the kernel so that no goal
 * carries the kernel's and the other heap proofs' definitions and
 * lemmas: tk_rw is integer arithmetic, tk_same follows from it and that
 * file's axioms same_class_a and same_class_b (assumed: proved in
 * bit-vector logic by tools/evidence/bv/wp_axioms.smt2's block
 * same_class_ab). The lemmas of heap_class_scheme.h in their context are
 * proved by the heap_class_scheme_lemmas run; its one axiom, heap_put.c's
 * C_or, is restated here as that run restates it.
 */
#include <stdint.h>

/*@ axiomatic C_or {
      axiom or_ge: \forall integer x, y; 0 <= x && 0 <= y ==> x <= (x | y) && y <= (x | y);
    }
*/

#include "heap_class_scheme.h"
#include "heap_take_class.h"

/*@ // heap_take_class_new.c's sn_class in s_class's terms: the class of
    // the rest's size as the code computes it, (rw - HB_FREE) in uint32_t
    // with rw = (bw - bs) in uint32_t, is cls_floor(s - bs) (w = bw =
    // s + HB_FREE, a uint32_t; 0 <= bs < w: take's preconditions).
    lemma tk_rc: \forall integer w, bs; 0 <= bs < w < 4294967296 ==>
      cls_floor((uint32_t)((uint32_t)(w - bs) - 1)) == cls_floor(w - 1 - bs);
*/
