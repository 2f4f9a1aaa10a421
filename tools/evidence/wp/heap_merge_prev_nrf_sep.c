/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_nrf.c's contract with its precondition nr_bsep (b's
 * header words apart from the counters, the bitmaps, top_size and P's
 * header words: implied by MP_PRE_BP's \separated(b, h) and
 * \separated(RP, b), so the contract means the same) and without
 * heap_free_model.h's lemma i5_frame (proved by heap_free_lemmas; not
 * an assumption left out, a proved fact these goals do not use): the run
 * heap_merge_prev_nrf_split proves nr_bytes, nr_dead and nr_top here,
 * heap_merge_prev_nrf_dcheck nr_dcheck, heap_merge_prev_nrf_asg the
 * assigns clause, one goal per path (without nr_bsep, nr_bytes timed out at 60 s),
 * and so do their cases _pn_split, _pn_dcheck, _pn_asg and the same
 * with _np (NR_NCASE set by the .wp files' case lines).
 * Nothing is added here.
 */
#define EV_WP_NRF_BSEP
#define EV_WP_NRF_NO_I5FRAME
#include "heap_merge_prev_nrf.c"
