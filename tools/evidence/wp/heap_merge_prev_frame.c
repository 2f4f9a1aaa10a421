/* SPDX-License-Identifier: MIT */
/*
 * The run that proves heap_merge_prev_frame.h's frame facts of
 * list_unlink and put_free (tools/evidence/wp/heap_merge_prev_frame.wp):
 * each writes no header (size and check word) of a block apart from the
 * descriptor (put_free: and from the block it files). list_unlink's other
 * contract is heap_i5.c's, put_free's heap_put.c's (their own runs); the
 * assumptions are theirs (heap_model.h's hb_seal and hb_tag contracts,
 * WP's Typed+cast memory model); nothing is added here.
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"
#include "heap_merge_prev_frame.h"
#include "heap_merge_prev_top_frame.h"
