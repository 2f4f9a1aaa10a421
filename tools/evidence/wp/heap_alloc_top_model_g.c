/* SPDX-License-Identifier: MIT */
/*
 * Proof of heap_alloc_top_model.h's g_top_l (issue 34): the model's
 * update after take_top's effect (heap_tile_top.h's g_top, its contract
 * only: proved by the heap_tile run) keeps the free lists' model
 * tlisted(h). Proved by the run heap_alloc_top_model_g (-wp-fct
 * g_top_l), in the model's context only (heap_tile.c, which includes
 * kernel/heap.c for its types, heap_tile_model.h and heap_tile_top.h;
 * heap_class_scheme.h; heap_list_model.h), not heap_alloc's. No
 * assumption beyond heap_tile.c's and heap_list_model.h's definitions;
 * no axiom, no lemma.
 */
#include "heap_tile.c"
#include "heap_class_scheme.h"
#include "heap_list_model.h"
#include "heap_alloc_top_model.h"
