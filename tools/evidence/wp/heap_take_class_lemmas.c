/* SPDX-License-Identifier: MIT */
/*
 * The proof of heap_take_class.h's lemmas tk_rw and tk_same (the run
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
