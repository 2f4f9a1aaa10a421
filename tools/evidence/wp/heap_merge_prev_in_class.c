/* SPDX-License-Identifier: MIT */
/*
 * WP proof that free_general (kernel/heap.c), merging b into its free
 * predecessor P in the case in_place (heap_merge_prev_in.c: n in use, the
 * merged block not reaching the end sentinel, the code's same-class test
 * holding, so P grows where it is in its list), leaves P in the list of
 * its new size's class (I4's class part; issue 34):
 *   ic_class: the merged size's class is P's old size's class,
 *             cls_floor(mw - HB_FREE) == cls_floor(pw - HB_FREE)
 *             (heap_class_scheme.h): with heap_merge_prev_in's
 *             ip_linked (P's referrer points to P) and its assigns (P's
 *             links, the list heads and the other blocks' links are not
 *             written), P is, after the call, in the list it was in, so
 *             in lists[cls_floor(new size)] when it was in
 *             lists[cls_floor(old size)] (I4 before the call).
 * The clause is added to heap_merge_prev_in.c's contract (Frama-C
 * merges the two declarations; this run proves only this clause and
 * the precondition heap_class_scheme.c's contract adds at the call of
 * class_shift, restated with a name: ic_cs_arg). The code's test,
 * ((mw ^ pw) >> class_shift(pw)) == 0, is read through class_shift's
 * contracts cs_fn (heap_take.c) and cs_val (heap_class_scheme.c: the
 * result is cls_sh(pw)), and the axioms same_class_a and same_class_b
 * (heap_take_class.h), through heap_merge_class.h's lemmas (proved by
 * the heap_merge_class_lemmas run), give its meaning.
 *
 * Assumptions: those of heap_merge_prev_in.c (its preconditions, the
 * case and the model) and of heap_class_scheme.c (included: class_shift's
 * contract cs_val, which the heap_class_scheme run proves), the axioms
 * same_class_a and same_class_b (heap_take_class.h: proved in
 * bit-vector logic by tools/evidence/bv/wp_axioms.smt2's block
 * same_class_ab; heap_merge_class.h's axiom low3_mod is in the
 * context too, proved in bit-vector logic by its block low3). No
 * new precondition.
 *
 * The code proved is kernel/heap.c itself, included (through
 * heap_merge_prev_in.c, heap_take.c, heap_put.c and heap_i5.c) whole:
 * this file adds only contracts.
 */
#include "heap_merge_prev_in.c"
#include "heap_class_scheme.c"
#include "heap_take_class.h"
#include "heap_merge_class.h"

/* heap_class_scheme.c's precondition of class_shift (the size below
 * 2^20), restated with a name so that this run proves it at
 * free_general's call (-wp-prop ic_cs_arg). */
/*@ requires ic_cs_arg: 0 < s < 1048576; */
INLINE uint32_t class_shift(uint32_t s);

/*@ ensures ic_class: cls_floor(MS_) == cls_floor(PW_ - HB_FREE);
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
