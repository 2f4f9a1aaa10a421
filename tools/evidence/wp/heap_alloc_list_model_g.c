/* SPDX-License-Identifier: MIT */
/*
 * Proof of heap_alloc_list_model.h's g_lw and heap_alloc_list_model_x.h's
 * g_lx (issue 34), in the
 * model's context only, not heap_alloc's: heap_tile_take.c (kernel/heap.c
 * for its types, heap_tile_model.h, g_post_use), heap_list.c
 * (heap_list_model.h, g_pop).
 * Proved by the run heap_alloc_list_model_g (-wp-fct g_lw,g_lx). No
 * assumption beyond those files'; no axiom, no lemma added.
 */
#include "heap_tile_take.c"
/* heap_list.c: heap_list_model.h, g_pop (the kernel once, through
 * heap_source.h). */
#include "heap_list.c"
#include "heap_alloc_list_model.h"
#include "heap_alloc_list_model_x.h"
