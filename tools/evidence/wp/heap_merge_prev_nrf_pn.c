/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_nrf.c's contract (free_general's merge with a free
 * predecessor P, n free and listed, P re-filed) in the list-neighbour
 * case P just before n (MP_PRE_NPN, heap_merge_prev_nnb.h:
 * n's referrer is P's link, so list_unlink(h, n) writes P's next_free and
 * the back link of n's successor, then list_unlink(h, P) P's referrer
 * and, again, that back link) instead of n and P apart (MP_PRE_NAPART).
 * The postconditions and the assigns clause are heap_merge_prev_nrf.c's
 * (nr_*), split over the same six runs: heap_merge_prev_nrf_pn,
 * heap_merge_prev_nrf_pn_split, _pn_frames, _pn_frees, _pn_dcheck and
 * _pn_asg (all but the first with heap_merge_prev_nrf_pn_sep.c's or
 * heap_merge_prev_nrf_pn_frames.c's context, as for n and P apart). The
 * assumptions are heap_merge_prev_nrf.c's, MP_PRE_NPN for MP_PRE_NAPART.
 * Nothing else is added here.
 */
#include "heap_merge_prev_nnb.h"
#define NR_NCASE MP_PRE_NPN
#include "heap_merge_prev_nrf.c"
