/* SPDX-License-Identifier: MIT */
/*
 * heap_merge_prev_refile.c's contract, without the frame facts of
 * heap_merge_frame.h and heap_merge_prev_frame.h: the run
 * heap_merge_prev_refile_links proves its postconditions rf_tag and
 * rf_heads here (their goals need none of those facts, and
 * with them in the context they timed out); the run
 * heap_merge_prev_refile and heap_merge_prev_refile_split prove the
 * rest. Nothing is added here.
 */
#define EV_WP_MERGE_PREV_NO_FRAMES
#include "heap_merge_prev_refile.c"
