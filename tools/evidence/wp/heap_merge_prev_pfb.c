/* SPDX-License-Identifier: MIT */
/*
 * The run that proves heap_merge_prev.h's contracts of hb_valid
 * (hv_result: its result is its check-word test) and prev_free_block
 * (pfb_found: it returns the block the tag before b names when pfb_ok
 * holds), which the proofs of free_general's merge with a free
 * predecessor (heap_merge_prev_in.c, heap_merge_prev_refile.c,
 * heap_merge_prev_top.c) assume. Assumptions: heap_model.h's (tagp:
 * hb_tag's contract; addr32's), WP's Typed+cast memory model (pointer to
 * integer casts as its int_of_addr), and the preconditions (the tag word
 * before b and the header it names are readable). Every memory access
 * valid (-wp-rte).
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"
#include "heap_merge_prev.h"
