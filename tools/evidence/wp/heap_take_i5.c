/* SPDX-License-Identifier: MIT */
/*
 * WP proof of take's (kernel/heap.c) I5 sl_map half: the clauses
 * s_i5_sl, s_i5_sl_hi (split) and w_i5_sl, w_i5_sl_hi (whole) of take's
 * contract in heap_take.c (the sl_map words against the lists after
 * take, heap_i5.c's i5_sl and i5_sl_hi). The rest of take's contract is
 * the heap_take run's; this run proves only these four clauses and the
 * two step contracts below (-wp-prop in heap_take_i5.wp).
 *
 * Why a run of its own: the steps before take's last two keep i5 by
 * their own proved contracts (list_replace, list_pop, list_push:
 * heap_i5 run), and what is left is carrying i5 over the header write
 * hb_seal(b, bs) and count_alloc. WP knows both from their assigns
 * clauses, but redoing that frame over take's whole path makes CVC4 time
 * out. Stated below as contracts of the two steps (proved by this run:
 * -wp-fct hb_seal,count_alloc), the provers use them directly; but the
 * quantified frame of hb_seal, present in every goal of take, makes CVC4
 * time out on two of the list goals (s_gone, s_heads) of the heap_take
 * run, so it is stated here, in a file only this run reads.
 *
 * No assumption beyond heap_take.c's: this file adds two contracts, both
 * proved by this run, and no axiom or lemma.
 */
#include "heap_take.c"

/* A header written in another object than the descriptor hh keeps the
 * sl_map half of hh's i5 (the descriptor's lists and sl_map words are
 * not written). */
/*@ ensures seal_i5: \forall vos_heap_t *hh; \base_addr(hh) != \base_addr(b) ==>
      (\at(i5_sl(hh), Pre) ==> i5_sl(hh)) && (\at(i5_sl_hi(hh), Pre) ==> i5_sl_hi(hh));
*/
INLINE void hb_seal(blk_t *b, uint32_t w);

/* The counters' update keeps it (free_bytes and min_free are neither a
 * list nor a bitmap word). */
/*@ ensures count_i5: (\at(i5_sl(h), Pre) ==> i5_sl(h)) && (\at(i5_sl_hi(h), Pre) ==> i5_sl_hi(h));
*/
INLINE void count_alloc(vos_heap_t *h, uint32_t bs);
