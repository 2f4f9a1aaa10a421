/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_nin.c's contract (free_general's merge with a free
 * predecessor P, n free and listed, P grown in place) in the
 * list-neighbour case n just before P (MP_PRE_NNP, heap_merge_prev_nnb.h:
 * P's referrer is n's link, so list_unlink(h, n) writes n's referrer,
 * now pointing to P, and P's back link, now n's referrer) instead of n
 * and P apart (MP_PRE_NAPART). The postconditions and the assigns clause
 * are heap_merge_prev_nin.c's (ni_*): n has left its list (its old
 * referrer points to P), P's referrer (now n's old one) points to P,
 * P's merged header and tag, the counters, i5's four parts. The runs
 * heap_merge_prev_nin_np, heap_merge_prev_nin_np_split and
 * heap_merge_prev_nin_np_i5 (without ni_psize); the
 * assumptions are heap_merge_prev_nin.c's, MP_PRE_NNP for MP_PRE_NAPART.
 * Nothing else is added here.
 */
#include "heap_merge_prev_nnb.h"
#define NI_NCASE MP_PRE_NNP
#include "heap_merge_prev_nin.c"
