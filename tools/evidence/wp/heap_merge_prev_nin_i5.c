/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_nin.c's contract without its precondition ni_psize,
 * which MP_PRE_BP's \separated(RP, h) implies (so the contract means the
 * same): the run heap_merge_prev_nin_i5 proves its postcondition
 * ni_i5_sl here (with ni_psize in the context, its goal on the main
 * path, after list_unlink(h, n), the two headers' writes and the tag's,
 * timed out at 60 s; without it, 2.9 to 4.5 s), and so do its cases
 * heap_merge_prev_nin_pn_i5 and _np_i5 (NI_NCASE set by the .wp file's
 * case lines). Nothing is added here.
 */
#define EV_WP_NIN_NO_PSIZE
#include "heap_merge_prev_nin.c"
