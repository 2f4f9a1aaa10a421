/* SPDX-License-Identifier: MIT */
/*
 * Proof of heap_alloc_top_model.h's ghost functions (issue 34), in the
 * model's context only, not heap_alloc's (heap_list_top.c: hblk_sep, from
 * heap_flat.h, which it includes, and through heap_tile.c kernel/heap.c
 * for its types, heap_tile_model.h and heap_tile_top.h's g_top;
 * heap_class_scheme.h; heap_list_model.h):
 *  - g_top_l: the model's update after take_top's effect (g_top, its
 *    contract only: proved by the heap_tile run) keeps the free lists'
 *    model tlisted(h);
 *  - am_sep: the model's facts and the separations that
 *    heap_alloc_top_model.c's call of heap_alloc needs, from tiled(h),
 *    tlisted(h), arena(h), arena_sep(h), lsep(h), hblk_sep(h) and its
 *    preconditions on out and on the lock state.
 * Proved by the run heap_alloc_top_model_g (-wp-fct g_top_l,am_sep). No
 * assumption beyond heap_list_top.c's (heap_tile.c's and heap_list.c's);
 * no axiom, no lemma added.
 */
#include "heap_list_top.c"
#include "heap_alloc_top_model.h"
