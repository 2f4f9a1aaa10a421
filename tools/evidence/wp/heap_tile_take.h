/* SPDX-License-Identifier: MIT */
/*
 * tile_take's preconditions (heap_tile_take.c) as one macro, written once
 * for the function that states them (tile_take's requires, proved to
 * suffice by the heap_tile_take_fn run) and for the function that
 * establishes them from the free lists (heap_list_take.c's lt_pre, its
 * ensures: the head of the list heap_alloc's find_class picks). TT_PRE(KW,
 * H, IDX, BS, K) expands to the clauses, each introduced by KW (requires
 * or ensures): block K of the model (tn, tG, tF; heap_tile_model.h) is the
 * head of list IDX, TK_B (heap_take.c), free, not the top, holding BS
 * bytes (tk_tile, tk_top); take's own preconditions on the lists (TK_B
 * valid and apart from the descriptor, its pprev the list head, its
 * successor TK_NX valid and apart, the other heads apart: heads_apart);
 * in the split case, take's split separation facts (tk_split:
 * TK_SPLIT_OK). The names H, IDX, BS, K are those tile_take's clauses
 * use: TK_B and the other TK_ macros name h, idx and bs themselves.
 * Include after heap_take.c and heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_TILE_TAKE_H
#define EV_WP_HEAP_TILE_TAKE_H

/* take's preconditions at the head of list idx (heap_take.c's TK_
 * macros), the parts that take_at's TA_PRE (heap_tile_take.c) and
 * heap_alloc_ok.h's OK_TAKE_PRE (heap_alloc.c's take_pre written out)
 * share, written once: TK_HEAD_PRE, the head valid, apart from the
 * descriptor, its pprev the list head, at offset TK_O (a multiple of 8),
 * its header word free; TK_HDR_PRE, its header valid and saying TK_W,
 * its size at most free_bytes, its successor valid and apart, the other
 * heads apart. Each is a chain of && with no outer parentheses, so a
 * user's chain reads as if written out (frama-c -print is the same). */
#define TK_HEAD_PRE \
    TK_B != \null && \valid(TK_B) && \separated(TK_B, h) && \
    TK_B->pprev == &h->lists[idx] && \
    0 <= TK_O && TK_O % 8 == 0 && TK_B == B(h, TK_O) && \
    TK_W % 8 == HB_FREE
#define TK_HDR_PRE \
    hdr(h, TK_O, TK_W) && TK_S <= h->free_bytes && \
    (TK_NX != \null ==> \valid(TK_NX) && \separated(TK_NX, h) && \separated(TK_NX, TK_B)) && \
    heads_apart(h, idx, TK_B)

#define TT_PRE(KW, h, idx, bs, k) \
    KW \valid(h) && arena(h) && arena_sep(h) && tiled(h) && i5(h); \
    KW 0 <= idx < VOS_HEAP_CLASSES; \
    KW HB_MIN <= bs && bs % 8 == 0; \
    KW tk_tile: 0 <= k < tn && tF[k] == 1 && TK_B == B(h, tG[k]) && boff(h, TK_B) == tG[k] && \
      bs <= bsize(k); \
    KW tk_top: TK_B != h->top; \
    KW TK_B != \null && \valid(TK_B) && \separated(TK_B, h); \
    KW TK_B->pprev == &h->lists[idx]; \
    KW TK_NX != \null ==> \
      \valid(TK_NX) && \separated(TK_NX, h) && \separated(TK_NX, TK_B); \
    KW heads_apart(h, idx, TK_B); \
    KW tk_split: bsize(k) - bs >= HB_MIN ==> TK_SPLIT_OK;

#endif
