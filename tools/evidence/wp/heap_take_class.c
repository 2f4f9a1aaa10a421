/* SPDX-License-Identifier: MIT */
/*
 * WP proof that take (kernel/heap.c) files its split's rest in the list
 * of the rest's own class (I4's class part; issue 34), first of two
 * cases: the rest keeps b's class. For b, the head of lists[idx] where
 * idx is b's class (idx == cls_floor(s), heap_class_scheme.h: the I4
 * precondition this file adds), split at bs (s - bs >= HB_MIN) with
 * cls_floor(s - bs) == idx (the case), take puts the rest r in b's
 * place (list_replace):
 *   s_class: r is the head of lists[cls_floor(s - bs)], its back link
 *            pointing to that list head;
 *   s_place: r's successor is b's old successor (r took b's place).
 * The other case, cls_floor(s - bs) != idx (the rest re-filed: list_pop,
 * list_push): heap_take_class_new.c (its sn_class, with the lemma tk_rc
 * and heap_take's s_res, says the same). The two cases' conditions on
 * the rest's class are each other's negation, so with this file's
 * precondition idx == cls_floor(s) they cover every split.
 * heap_take.c proves the rest of take's contract (its s_filed: "a list
 * k").
 * The case never calls list_pop nor list_push: each has the precondition
 * \false in this run (below), which WP proves at the call, i.e. proves
 * that the code's same-class test, ((bw ^ rw) >> class_shift(bw)) == 0,
 * holds in this case (heap_take_class.h's lemma tk_same, from the axioms
 * same_class_a and same_class_b). These contracts
 * serve only this run, which proves no other function.
 *
 * Assumptions: those of heap_take.c (its preconditions and model) and of
 * heap_class_scheme.c (included: class_shift's and class_floor's
 * contracts cs_val and cf_val, which the heap_class_scheme run proves),
 * the axioms same_class_a and same_class_b (heap_take_class.h: proved in
 * bit-vector logic by tools/evidence/bv/wp_axioms.smt2's block
 * same_class_ab; the lemmas tk_rw and tk_same there, drawn from them,
 * are proved by the heap_take_class_lemmas run), and the preconditions
 * below: idx is b's class (tc_idx), and the case (tc_case).
 *
 * The code proved is kernel/heap.c itself, included (through
 * heap_take.c, heap_put.c and heap_i5.c) whole: this file adds only
 * contracts.
 */
#include "heap_take.c"
#include "heap_class_scheme.c"
#include "heap_take_class.h"

/* heap_class_scheme.c's preconditions of class_shift and class_floor
 * (the size below 2^20), restated with names so that this run proves
 * them at take's calls (-wp-prop tc_cs_arg,tc_cf_arg): the same formula
 * as that file's unnamed requires, which Frama-C merges with these. */
/*@ requires tc_cs_arg: 0 < s < 1048576; */
INLINE uint32_t class_shift(uint32_t s);
/*@ requires tc_cf_arg: 0 < s < 1048576; */
INLINE uint32_t class_floor(uint32_t s);

/*@ requires tc_no_pop: \false; */
INLINE void list_pop(vos_heap_t *h, blk_t *b, uint32_t idx);
/*@ requires tc_no_push: \false; */
INLINE void list_push(vos_heap_t *h, blk_t *b, uint32_t idx);

/*@ requires tc_idx: idx == cls_floor(TK_S);
    requires tc_case: TK_S - bs >= HB_MIN && TK_RC == idx;
    ensures s_class: h->lists[\old(TK_RC)] == \old(TK_R) &&
      \old(TK_R)->pprev == &h->lists[\old(TK_RC)];
    ensures s_place: \old(TK_R)->next_free == \old(TK_NX);
*/
INLINE blk_t *take(vos_heap_t *h, uint32_t idx, uint32_t bs);
