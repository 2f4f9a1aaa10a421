/* SPDX-License-Identifier: MIT */
/*
 * The small context in which heap_alloc_ok.h's steps are proved (issue
 * 34; heap_alloc_ok.c explains them): kernel/heap.c with take's
 * contract and model (heap_take.c), the whole-heap model and the free-list model (heap_list.c: l_head's
 * contract), heap_boff.h's axiom and bsep (heap_list_take.h), the
 * split case's steps (heap_take_cut.h); not
 * heap_alloc.c, whose lemmas and contracts are not needed here, nor
 * heap_top.c (heap_ok's top part is heap_top_pre.h's l_top_pre, proved by
 * the heap_list_top_alloc run).
 * Runs: heap_alloc_ok_far (-wp-fct ok_far,ok_cut,ok_fb),
 * heap_alloc_ok (-wp-fct ok_head,ok_listed).
 */
#include "heap_take.c"
#include "heap_tile_model.h"
#include "heap_list.c"
#include "heap_boff.h"
#include "heap_list_take.h"
#include "heap_tile_take.h"
#include "heap_take_cut.h"
#include "heap_alloc_ok.h"
