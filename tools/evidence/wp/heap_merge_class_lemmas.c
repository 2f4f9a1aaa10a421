/* SPDX-License-Identifier: MIT */
/*
 * The proof of heap_merge_class.h's lemmas mc_nsz, mc_rw, mc_word_a and
 * mc_word_b (the run heap_merge_class_lemmas), apart from the kernel so
 * that no goal carries the kernel's and the other heap proofs'
 * definitions and lemmas: mc_nsz follows from the axiom low3_mod
 * (heap_merge_class.h) and integer arithmetic, mc_rw is integer
 * arithmetic, mc_word_a and mc_word_b follow from heap_take_class.h's
 * axioms same_class_a and same_class_b and integer arithmetic (the axioms
 * proved in bit-vector logic by tools/evidence/bv/wp_axioms.smt2's
 * blocks low3 and same_class_ab). The lemmas of heap_class_scheme.h and
 * heap_take_class.h in their context are proved by the
 * heap_class_scheme_lemmas and heap_take_class_lemmas runs; heap_put.c's
 * C_or is restated here as those runs restate it.
 */
#include <stdint.h>

/*@ axiomatic C_or {
      axiom or_ge: \forall integer x, y; 0 <= x && 0 <= y ==> x <= (x | y) && y <= (x | y);
    }
*/

#include "heap_class_scheme.h"
#include "heap_take_class.h"
#include "heap_merge_class.h"
