/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_nin.c's contract (free_general's merge with a free
 * predecessor P, n free and listed, P grown in place) in the
 * list-neighbour case P just before n (MP_PRE_NPN, heap_merge_prev_nnb.h:
 * n's referrer is P's link, so list_unlink(h, n) writes P's next_free and
 * the back link of n's successor) instead of n and P apart
 * (MP_PRE_NAPART). The postconditions and the assigns clause are
 * heap_merge_prev_nin.c's (ni_*): n has left its list (P's link now
 * points to n's old successor), P's referrer still points to P, P's
 * merged header and tag, the counters, i5's four parts. The runs
 * heap_merge_prev_nin_pn, heap_merge_prev_nin_pn_split and
 * heap_merge_prev_nin_pn_i5 (without ni_psize); the
 * assumptions are heap_merge_prev_nin.c's, MP_PRE_NPN for MP_PRE_NAPART.
 * Nothing else is added here.
 */
#include "heap_merge_prev_nnb.h"
#define NI_NCASE MP_PRE_NPN
#include "heap_merge_prev_nin.c"
