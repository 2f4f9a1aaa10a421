/* SPDX-License-Identifier: MIT */
/*
 * WP proof that free_general (kernel/heap.c), merging b into its free
 * predecessor P in the case n_in_place (heap_merge_prev_nin.c: n free and
 * listed, so list_unlink takes it out of its list and the code adds its
 * size; the merged block, P's size + b's + n's, not reaching the end
 * sentinel, the code's same-class test holding, so P grows where it is
 * in its list), leaves P in the list of its new size's class (I4's
 * class part; issue 34):
 *   nc_class: the merged size's class is P's old size's class,
 *             cls_floor(mw - HB_FREE) == cls_floor(pw - HB_FREE)
 *             (heap_class_scheme.h): with heap_merge_prev_nin's
 *             ni_linked (P's referrer points to P) and its assigns (P's
 *             links and the other blocks' links are not written but for
 *             n's referrer and n's successor's back link, which
 *             list_unlink(h, n) writes), P is, after the call, in the
 *             list it was in (less n), so in lists[cls_floor(new size)]
 *             when it was in lists[cls_floor(old size)] (I4 before).
 * The clause is added to heap_merge_prev_nin.c's contract (Frama-C
 * merges the declarations; this run proves only this clause and the
 * precondition heap_class_scheme.c's contract adds at the call of
 * class_shift, restated with a name: nc_cs_arg), in two of the three
 * cases of n's and P's places in the lists (NI_NCASE, set by the .wp
 * file's case lines as for heap_merge_prev_nin: apart, P just before n;
 * the third, n just before P, needs the lemma nn_same and is the run
 * heap_merge_prev_nin_np_class). The code's test,
 * ((mw ^ pw) >> class_shift(pw)) == 0, is
 * read through class_shift's contracts cs_fn (heap_take.c) and cs_val
 * (heap_class_scheme.c: the result is cls_sh(pw)); the axioms
 * same_class_a and same_class_b (heap_take_class.h), through
 * heap_merge_class.h's lemmas, give its meaning. P's word, which the code
 * reads after list_unlink(h, n), is P's word at the call by
 * heap_merge_prev_frame.h's unlink_hdrs (list_unlink writes no header
 * apart from the descriptor; proved by the heap_merge_prev_frame run).
 *
 * Assumptions: those of heap_merge_prev_nin.c (its preconditions, the
 * case and the model) and of heap_class_scheme.c (included: class_shift's
 * contract cs_val, which the heap_class_scheme run proves; list_unlink's
 * unlink_hdrs, which the heap_merge_prev_frame run proves), the axioms
 * same_class_a and same_class_b (heap_take_class.h) and low3_mod
 * (heap_merge_class.h: x & 7 is x % 8), all proved in bit-vector logic
 * (tools/evidence/bv/wp_axioms.smt2, blocks same_class_ab and low3);
 * heap_merge_class.h's lemmas are proved by the heap_merge_class_lemmas
 * run. No new precondition.
 *
 * The code proved is kernel/heap.c itself, included (through
 * heap_merge_prev_nin.c, heap_take.c, heap_put.c and heap_i5.c) whole:
 * this file adds only contracts.
 */
#include "heap_merge_prev_nin.c"
#include "heap_merge_prev_frame.h"
#include "heap_class_scheme.c"
#include "heap_take_class.h"
#include "heap_merge_class.h"

/* heap_class_scheme.c's precondition of class_shift (the size below
 * 2^20), restated with a name so that this run proves it at
 * free_general's call (-wp-prop nc_cs_arg). */
/*@ requires nc_cs_arg: 0 < s < 1048576; */
INLINE uint32_t class_shift(uint32_t s);

/*@ ensures nc_class: cls_floor(NMS_) == cls_floor(PW_ - HB_FREE);
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
