/* SPDX-License-Identifier: MIT */
/*
 * Proof of heap_alloc_list_model_f.h's ghost functions (issue 34), in the
 * lists' context only (heap_list.c: kernel/heap.c for its types,
 * heap_tile_model.h, heap_list_model.h, l_head; heap_flat.h: flat(h)).
 * Proved by the run heap_alloc_list_model_f (-wp-fct g_lsep,g_kgeo,g_tsep,lw_facts).
 * No assumption beyond those files'; no axiom, no lemma added.
 */
#include "heap_list.c"
#include "heap_flat.h"
#include "heap_alloc_list_model_f.h"
