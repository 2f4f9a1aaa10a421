/* SPDX-License-Identifier: MIT */
/*
 * WP proof that heap_free (kernel/heap.c) on its fast path, behavior
 * fast_replace of heap_free_fast.c (b freed and merged in place with its
 * free listed successor n, when the code's same-class test
 * ((mw ^ nw) >> class_shift(nw)) == 0 holds), leaves b in the list of
 * its new size's class (I4's class part; issue 34):
 *   fr_class: the merged size's class is n's size's class,
 *             cls_floor(mw - HB_FREE) == cls_floor(nw - HB_FREE)
 *             (heap_class_scheme.h): with fast_replace's ensures (proved
 *             by heap_free_fast_top: b takes n's place in its list,
 *             list_replace), b is, after the call, in the list n was in,
 *             so in lists[cls_floor(new size)] when n was in
 *             lists[cls_floor(n's size)] (I4 before the call).
 * The clause is added to heap_free_fast.c's behavior fast_replace
 * (Frama-C merges the two declarations; this run proves only this clause
 * and the precondition heap_class_scheme.c's contract adds at the call of
 * class_shift, restated with a name: fr_cs_arg). The code's test is read
 * through class_shift's contracts cs_fn (heap_free_fast.c) and cs_val
 * (heap_class_scheme.c: the result is cls_sh(nw)); its meaning is
 * heap_free_fast_class.h's lemma fr_same (proved by the
 * heap_free_fast_class_lemmas run, from the axiom same_class_b), stated
 * in the goal's terms so that the provers need not search the instance
 * among the goal's other ^ terms (hb_valid's check words).
 *
 * Assumptions: those of heap_free_fast.c (its preconditions for the
 * behavior, FAST_PRE and LISTED_PRE, and the model) and of
 * heap_class_scheme.c (included: class_shift's contract cs_val, which
 * the heap_class_scheme run proves); fr_same, proved by
 * heap_free_fast_class_lemmas from the axioms same_class_b and low3_mod
 * (proved in bit-vector logic). No new precondition.
 *
 * The code proved is kernel/heap.c itself, included (through
 * heap_free_fast.c, heap_put.c and heap_i5.c) whole: this file adds only
 * contracts.
 */
#include "heap_free_fast.c"
#include "heap_class_scheme.c"
#include "heap_free_fast_class.h"

/* heap_class_scheme.c's precondition of class_shift (the size below
 * 2^20), restated with a name so that this run proves it at heap_free's
 * call (-wp-prop fr_cs_arg). */
/*@ requires fr_cs_arg: 0 < s < 1048576; */
INLINE uint32_t class_shift(uint32_t s);

/*@ behavior fast_replace:
      ensures fr_class: cls_floor(\old(MS(p))) == cls_floor(\old(NW(p)) - HB_FREE);
*/
static inline int heap_free(vos_heap_t *h, void *p);
