/* SPDX-License-Identifier: MIT */
/*
 * The allocation from the top keeps the free-list model (issue 34):
 * heap_tile.c's tile_take_top (take_top with the whole-heap model's
 * update; proved there to keep tiled(h)) keeps tlisted(h)
 * (heap_list_model.h) too. take_top writes no list: only h->top,
 * top_size, free_bytes, min_free and the headers (size and check words)
 * at the top's offset o, at o + bs (split) and at the sentinel (its
 * proved contract, heap_top.c); the model's update splits the last tile
 * in two (the allocated part keeps index tn - 1, the new top is tile tn)
 * or makes the last tile allocated in place. The last tile is never
 * listed (lfree excludes it), so every listed tile (index below
 * tn - 1) keeps its offset, flag, size and links: l_mem, l_ent, l_heads,
 * l_links and the lN bound hold after.
 *
 * Proved by two runs:
 *  - heap_list_top_fx: two clauses this file adds to tile_take_top's
 *    contract (Frama-C merges them with heap_tile.c's), proved on its
 *    code: a default assigns clause (WP's call rule lets a callee with
 *    no assigns write all memory; heap_tile.c states none), each memory
 *    location conditional on bs <= h->top_size (the fail case writes
 *    nothing, so the headers at o + bs and at the top's offset, past
 *    the arena or at the sentinel when there is no top, need no
 *    separation then), the ghost model's cells as g_split and g_whole
 *    write them (tn, tG[tn .. tn + 1], tF[tn - 1 .. tn], tS[tn .. tn + 1]
 *    of the state before), and lt_n: the model grows by at most one
 *    tile (tile_take_top's ensures do not say it, and a tile tn + 1
 *    after the call could otherwise be a listed free tile);
 *  - heap_list_top: l_take_top, which calls tile_take_top (its contract
 *    only: heap_tile proves the rest of it) and proves tiled(h) and
 *    tlisted(h) after it.
 * Assumptions: those of heap_tile.c and heap_list.c (heap_model.h's
 * arena model, or_flag; arena_sep(h) and lsep(h) as preconditions) and
 * one more flat-memory precondition, hblk_sep(h) (heap_flat.h; heap_flat
 * proves it from flat(h)): the blk_t at an offset a of the arena (its
 * header and links) is apart from the header (size and check words) at
 * an offset HB_MIN or more bytes above it (in flat memory a blk_t is 16
 * bytes on the 32-bit target, HB_MIN 24): the headers take_top writes
 * at o + bs and at the sentinel are no tile's of the model before the
 * call, so lsep alone does not separate them from the listed blocks'
 * links. No axiom, no admitted lemma.
 */
#include "heap_tile.c"
#include "heap_class_scheme.h"
#include "heap_list_model.h"

/* A memory location tile_take_top writes only when the top holds bs bytes. */
#define LT_IF(l) { l | integer lt_c; lt_c == 0 && bs <= h->top_size }
/* The top's offset before the call. */
#define LT_O (h->total - h->top_size)

/* hblk_sep: heap_flat.h's (a block's blk_t apart from every header
 * HB_MIN or more bytes above it). */
#include "heap_flat.h"

/* tile_take_top's frame: the locations it writes (each, but the ghost
 * model's cells, only when the top holds bs bytes) and the ghost model's
 * cells g_split and g_whole write. One text for tile_take_top's,
 * l_take_top's and heap_list_top_alloc.c's l_alloc_top's assigns. */
#define LT_FRAME \
    LT_IF(h->top), LT_IF(h->top_size), LT_IF(h->free_bytes), LT_IF(h->min_free), \
    LT_IF(B(h, LT_O)->size), LT_IF(B(h, LT_O)->check), \
    LT_IF(B(h, LT_O + bs)->size), LT_IF(B(h, LT_O + bs)->check), \
    LT_IF(B(h, h->total)->size), LT_IF(B(h, h->total)->check), \
    tn, tG[tn .. tn + 1], tF[tn - 1 .. tn], tS[tn .. tn + 1]

/* tile_take_top's frame and the model's growth (proved on its code by
 * the heap_list_top_fx run; merged with heap_tile.c's contract). */
/*@ assigns LT_FRAME;
    ensures lt_n: tn == \old(tn) || tn == \old(tn) + 1;
*/
blk_t *tile_take_top(vos_heap_t *h, uint32_t bs);

/* NF1, PP1, NF2, PP2 (the old and new link words of tile i's block):
 * heap_list_model.h's. */

/* The allocation from the top keeps tiled(h) and tlisted(h). */
/*@ requires lt_pre: \valid(h) && arena(h) && arena_sep(h) && lsep(h) && hblk_sep(h);
    requires lt_ok: tiled(h) && tlisted(h);
    requires lt_bs: HB_MIN <= bs && bs % 8 == 0;
    assigns LT_FRAME;
    ensures lt_tiled: tiled(h);
    ensures lt_listed: tlisted(h);
    ensures lt_fail: \result == \null ==> \old(h->top_size) < bs;
    ensures lt_res: \result != \null ==>
      \result == B(h, \old(tG[tn - 1])) && bsize(\old(tn) - 1) >= bs &&
      h->free_bytes == \old(h->free_bytes) - bsize(\old(tn) - 1);
*/
blk_t *l_take_top(vos_heap_t *h, uint32_t bs)
{
    /*@ ghost uint32_t m = tn - 1; */
    //@ assert a_m: m == tn - 1 && 0 <= m && tn * HB_MIN <= h->total < 1048576 && tn <= 43690;
    //@ assert a_top: bs <= h->top_size ==> tF[m] == 1 && h->total - h->top_size == tG[m];
    //@ assert a_in: bs <= h->top_size ==> tG[m] + bs <= h->total;
    /*@ assert a_lo: \forall integer i; 0 <= i < m ==>
          tG[i] + HB_MIN <= tG[m] && tG[i] % 8 == 0 && tG[m] % 8 == 0; */
    /*@ assert a_sep: bs <= h->top_size ==> \forall integer i; 0 <= i < m ==>
          \separated(B(h, tG[i]), &B(h, tG[m])->size) && \separated(B(h, tG[i]), &B(h, tG[m])->check) &&
          \separated(B(h, tG[i]), &B(h, tG[m] + bs)->size) && \separated(B(h, tG[i]), &B(h, tG[m] + bs)->check) &&
          \separated(B(h, tG[i]), &B(h, h->total)->size) && \separated(B(h, tG[i]), &B(h, h->total)->check) &&
          \separated(B(h, tG[i]), h); */
    /*@ assert a_hd: bs <= h->top_size ==>
          \base_addr(B(h, tG[m])) != \base_addr(h) && \base_addr(B(h, tG[m] + bs)) != \base_addr(h) &&
          \base_addr(B(h, h->total)) != \base_addr(h); */
    blk_t *b = tile_take_top(h, bs);
    //@ assert r_n: tn == \at(tn, Pre) || tn == \at(tn, Pre) + 1;
    //@ assert r_g: \forall integer i; 0 <= i <= m ==> tG[i] == \at(tG[i], Pre);
    //@ assert r_f: \forall integer i; 0 <= i < m ==> tF[i] == \at(tF[i], Pre);
    //@ assert r_fm: \at(h->top_size, Pre) < bs ==> tn == \at(tn, Pre);
    //@ assert r_fm1: bs <= \at(h->top_size, Pre) ==> tF[m] == 0;
    //@ assert r_fr1: \forall integer i; lfree(i) ==> \at(lfree(i), Pre);
    //@ assert r_fr2: \forall integer i; \at(lfree(i), Pre) ==> lfree(i);
    //@ assert r_bs: \forall integer i; \at(lfree(i), Pre) ==> bsize(i) == \at(bsize(i), Pre);
    //@ assert r_m: l_mem(h);
    //@ assert r_e: l_ent(h);
    /*@ assert r_lk: \forall integer i; 0 <= i < m ==>
          NF2(i) == NF1(i) && PP2(i) == PP1(i); */
    //@ assert r_ho: \forall integer k; 0 <= k < LCLS ==> h->lists[k] == \at(h->lists[k], Pre);
    /*@ assert r_bl: \forall integer k, p; 0 <= k < LCLS && -1 <= p < lN[k] ==>
          lblk(h, k, p) == \at(lblk(h, k, p), Pre); */
    //@ assert r_h: l_heads(h);
    /*@ assert r_ix: \forall integer k, p; 0 <= k < LCLS && 0 <= p < lN[k] ==>
          0 <= lT[k][p] < m && (p + 1 < lN[k] ==> 0 <= lT[k][p + 1] < m); */
    //@ assert r_l: l_links(h);
    return b;
}
