/* SPDX-License-Identifier: MIT */
/*
 * The free-list model's join lemmas (heap_list_join.h: g_links_join,
 * g_heads_join, g_top_join, g_pop_join, g_mid_join, g_at_unfold) proved
 * in the model's context alone (the run heap_list_join): heap_list.c and
 * heap_list_cut.c include the same header and call them by their
 * contracts. The code is kernel/heap.c itself, included (EV_SOURCE) for
 * its types only. No axiom, no lemma.
 */
#include "heap_source.h"
#include "heap_model.h"
#include "heap_tile_model.h"
#include "heap_class_scheme.h"
#include "heap_list_model.h"
#include "heap_list_join.h"
