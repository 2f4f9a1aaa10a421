/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_nin_pn.c's contract (n and P list neighbours, P just before n)
 * without its precondition ni_psize, which MP_PRE_BP's \separated(RP, h)
 * implies (so the contract means the same), as heap_merge_prev_nin_i5.c
 * for n and P apart: the run heap_merge_prev_nin_pn_i5 proves its
 * postcondition ni_i5_sl here. Nothing is added here.
 */
#define EV_WP_NIN_NO_PSIZE
#include "heap_merge_prev_nin_pn.c"
