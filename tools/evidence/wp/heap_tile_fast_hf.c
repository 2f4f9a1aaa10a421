/* SPDX-License-Identifier: MIT */
/*
 * heap_tile_fast.h's contract of heap_free (its fast path to the top, one
 * behavior-free contract) on heap_free's code (kernel/heap.c, included
 * through heap_free_fast.c, whose contract Frama-C merges with it; the
 * run heap_tile_fast_hf selects heap_tile_fast.h's ensures and the
 * default assigns). The proof uses heap_free_fast.c's callee contracts
 * and assumptions (hb_valid, clz_fn, class_shift, the lock, free_general,
 * the list steps); its requires are heap_tile_fast.h's, which include
 * heap_free_fast.c's default requires and fast_top's requires (the other
 * behaviors' assumes contradict ft_only, so their requires are not
 * needed).
 */
#include "heap_free_fast.c"
#include "heap_tile_fast.h"
