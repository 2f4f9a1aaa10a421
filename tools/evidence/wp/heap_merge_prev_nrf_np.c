/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_nrf.c's contract (free_general's merge with a free
 * predecessor P, n free and listed, P re-filed) in the list-neighbour
 * case n just before P (MP_PRE_NNP, heap_merge_prev_nnb.h:
 * P's referrer is n's link, so list_unlink(h, n) writes n's referrer,
 * now pointing to P, and P's back link, now n's referrer; then
 * list_unlink(h, P) writes n's old referrer again, now pointing to P's
 * successor, and that successor's back link) instead of n and P apart (MP_PRE_NAPART).
 * The postconditions and the assigns clause are heap_merge_prev_nrf.c's
 * (nr_*), split over the same six runs: heap_merge_prev_nrf_np,
 * heap_merge_prev_nrf_np_split, _np_frames, _np_frees, _np_dcheck and
 * _np_asg (all but the first with heap_merge_prev_nrf_np_sep.c's or
 * heap_merge_prev_nrf_np_frames.c's context, as for n and P apart). The
 * assumptions are heap_merge_prev_nrf.c's, MP_PRE_NNP for MP_PRE_NAPART.
 * Nothing else is added here.
 */
#include "heap_merge_prev_nnb.h"
#define NR_NCASE MP_PRE_NNP
#include "heap_merge_prev_nrf.c"
