/* SPDX-License-Identifier: MIT */
/*
 * WP proof of heap_merge_prev_nin_class.c's nc_class (free_general,
 * merging b into its free predecessor P in the case n_in_place, leaves P
 * in the list of its new size's class: cls_floor(mw - HB_FREE) ==
 * cls_floor(pw - HB_FREE)) in the third case of n's and P's places in
 * the lists, n just before P (NI_NCASE MP_PRE_NNP, heap_merge_prev_nnb.h:
 * P's referrer is n's link), whose goal timed out (CVC4 60 s) with that
 * file's context alone. The file is heap_merge_prev_nin_class.c's, with
 * the case set and heap_merge_np_class.h's lemma nn_same (proved by the
 * heap_merge_np_class_lemmas run) added: the code's test and the merged
 * size in the goal's terms, P's word read after list_unlink(h, n), so
 * that the provers need not search the instance of same_class_b among
 * the goal's other ^ terms.
 *
 * Assumptions: those of heap_merge_prev_nin_class.c (its case's
 * preconditions, MP_PRE_NNP here) and nn_same, proved by
 * heap_merge_np_class_lemmas from the axioms same_class_b and low3_mod
 * (proved in bit-vector logic). No new precondition.
 *
 * The code proved is kernel/heap.c itself, included (through
 * heap_merge_prev_nin_class.c and the files it includes) whole: this file
 * adds only a lemma.
 */
#ifndef NI_NCASE
#define NI_NCASE MP_PRE_NNP
#endif
#include "heap_merge_prev_nin_class.c"
#include "heap_merge_np_class.h"
