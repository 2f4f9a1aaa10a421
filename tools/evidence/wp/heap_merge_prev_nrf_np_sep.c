/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_nrf_np.c's contract (n just before P) in the context of
 * heap_merge_prev_nrf_sep.c: with nr_bsep (implied by MP_PRE_BP),
 * without heap_free_model.h's lemma i5_frame (proved by
 * heap_free_lemmas). Nothing is added here.
 */
#define EV_WP_NRF_BSEP
#define EV_WP_NRF_NO_I5FRAME
#include "heap_merge_prev_nrf_np.c"
