/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_nrf.c's contract with its precondition nr_bsep (implied
 * by MP_PRE_BP, as in heap_merge_prev_nrf_sep.c), without heap_free_model.h's
 * lemma i5_frame (proved by heap_free_lemmas) and with the quantified
 * header frame facts of heap_merge_prev_frame.h (list_unlink and put_free
 * leave the headers of blocks apart from the descriptor, and from
 * put_free's block, as they were; proved by the heap_merge_prev_frame
 * run): the run heap_merge_prev_nrf_frames proves nr_top, nr_msize,
 * nr_mcheck and nr_tag here, heap_merge_prev_nrf_frees nr_frees, one
 * goal per path (without the frame facts, P's size
 * word's goal on the main path took 17 s or timed out at 60 s; with
 * them, 8.4 s); so do their cases _pn_frames, _pn_frees, _np_frames
 * and _np_frees (NR_NCASE set by the .wp files' case lines). Nothing is
 * added here.
 */
#define EV_WP_NRF_BSEP
#define EV_WP_NRF_FRAMES
#define EV_WP_NRF_NO_I5FRAME
#include "heap_merge_prev_nrf.c"
