/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_ntop.c's contract, without the quantified frame facts
 * of heap_merge_prev_frame.h and heap_merge_prev_top_frame.h (the
 * counters' and the end's, heap_merge_frame.h, stay): the run
 * heap_merge_prev_ntop_lite proves its postconditions nt_bytes,
 * nt_merged and nt_heads here (their goals need none of those facts;
 * with them in the context, a goal of nt_bytes ran past 60 s at a load
 * average of 12, and nt_heads took 6.4 s in CI, 0.35 million steps). Nothing is added here.
 */
#define EV_WP_MERGE_PREV_NO_FRAMES
#include "heap_merge_prev_ntop.c"
