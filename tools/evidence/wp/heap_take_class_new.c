/* SPDX-License-Identifier: MIT */
/*
 * WP proof that take (kernel/heap.c) files its split's rest in the list
 * of the rest's own class (I4's class part; issue 34), second of two
 * cases: the rest's class is not b's. For b, the head of lists[idx],
 * split at bs (s - bs >= HB_MIN) with cls_floor(s - bs) != cls_floor(s)
 * (the case; heap_class_scheme.h), take takes b out of lists[idx]
 * (list_pop) and files the rest r anew (list_push at class_floor):
 *   sn_class: r = shift(\result, bs) is the head of lists[k], its back
 *             link pointing to that list head, for
 *             k = cls_floor((uint32_t)((uint32_t)(w - bs) - HB_FREE)),
 *             w = \at(\result->size, Pre): the rest's class with its
 *             size computed as the code computes it (rw - HB_FREE, rw =
 *             bw - bs, in uint32_t), b's header word read through the
 *             returned block.
 * What that says in the terms of heap_take_class.c's s_class: heap_take's
 * s_res proves \result == \old(lists[idx]) = b, so r is the rest and w
 * b's header word s + HB_FREE; the lemma tk_rc (heap_take_class_lemmas.c,
 * proved) says that for 0 <= bs < w < 2^32 that k is cls_floor(w - 1 -
 * bs) = cls_floor(s - bs). So r heads lists[cls_floor(s - bs)]. (Stated
 * directly in those terms, the goal of the list_pop/list_push path needs
 * the provers to carry b's header word through the uint32_t casts as two
 * different terms - the code's b is, after list_pop's precondition,
 * lists[idx] read after the tag write - and CVC4 timed out; written with
 * \result it is the code's own term and WP's simplifier closes it.)
 * The other case, cls_floor(s - bs) == idx == cls_floor(s):
 * heap_take_class.c. With that file's precondition idx == cls_floor(s)
 * (I4 for b), the two cases cover every split.
 * The case never calls list_replace: it has the precondition \false in
 * this run (below), which WP proves at the call, i.e. proves that the
 * code's same-class test, ((bw ^ rw) >> class_shift(bw)) == 0, fails in
 * this case (heap_take_class.h's lemma tk_same, from the axioms
 * same_class_a and same_class_b). This contract serves only this run,
 * which proves no other function.
 *
 * Assumptions: those of heap_take.c (its preconditions and model) and of
 * heap_class_scheme.c (included: class_shift's and class_floor's
 * contracts cs_val and cf_val, which the heap_class_scheme run proves),
 * the axioms same_class_a and same_class_b (heap_take_class.h: proved in
 * bit-vector logic by tools/evidence/bv/wp_axioms.smt2's block
 * same_class_ab; its lemmas tk_rw and tk_same, and tk_rc, are proved by
 * the heap_take_class_lemmas run), and the precondition below: the case.
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

/*@ requires tc_no_replace: \false; */
INLINE void list_replace(blk_t *old, blk_t *b);

/* The rest's class as the code computes it, from b's header word read
 * through the returned block (in the post-state: \result is b). */
#define TK_RCR (cls_floor((uint32_t)((uint32_t)(\at(\result->size, Pre) - bs) - HB_FREE)))

/*@ requires tc_case: TK_S - bs >= HB_MIN && TK_RC != cls_floor(TK_S);
    ensures sn_class: h->lists[TK_RCR] == shift(\result, bs) &&
      shift(\result, bs)->pprev == &h->lists[TK_RCR];
*/
INLINE blk_t *take(vos_heap_t *h, uint32_t idx, uint32_t bs);
