/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's top path as one operation on the whole-heap model, free
 * lists included (issue 34): a call of heap_alloc (vos_heap_alloc's
 * internal allocation; its proved contract, heap_alloc.c) on a heap in
 * the model (tiled(h), heap_tile_model.h; tlisted(h), heap_list_model.h)
 * when no list from cls_ceil(bs) up holds a block (find_class finds
 * none: its behaviors from_top and no_memory), followed, when the top
 * held the request, by the model's update after take_top's effect
 * (heap_alloc_top_model.h's g_top_l: heap_tile_top.h's g_top, the update
 * heap_tile.c's tile_take_top also makes, with the free lists' model
 * kept), keeps tiled(h) and tlisted(h).
 * from_top's ensures are take_top's effect (split or whole; proved by the
 * heap_alloc_top_ens run); heap_alloc's contract has assigns only in its
 * behaviors (WP 25 was seen to read such a call as writing every
 * location, heap_tile_init.c): heap_alloc_top_frame.c
 * (included) adds a default assigns clause for this case (from_top's and
 * no_memory's locations: failures, the lock state, *out and, when
 * bs <= top_size, h->top, top_size, free_bytes, min_free and the three
 * headers take_top writes), proved on heap_alloc's code by the
 * heap_alloc_top_frame run, with heap_alloc_top.c's and
 * heap_alloc_top_ens.c's preconditions (at_case, at_nn, at_bs_lo,
 * at_bs_hi), which the call below meets (am_none; heap_alloc_top_ens.c's
 * lemma at_nn_of; heap_alloc.c's lemmas bs_of_lo and bs_of_hi). So every
 * other header word, every listed block's links (hblk_sep: a blk_t is
 * apart from any header HB_MIN or more bytes above it) and the list
 * heads (fields of *h the call does not write) keep their values.
 * Proved by three runs (CVC4 alone):
 *  - heap_alloc_top_model_call (-wp-fct am_call): am_call calls heap_alloc
 *    (its contract and default assigns only) and states the call's effect
 *    on the words the model reads as equalities;
 *  - heap_alloc_top_model_g (heap_alloc_top_model_g.c): the ghost
 *    functions am_sep (the model's facts and the call's separations
 *    before it) and g_top_l, in the model's context only;
 *  - heap_alloc_top_model (-wp-fct alloc_top_model): alloc_top_model calls
 *    am_sep, am_call and then, when the top held the request, g_top_l
 *    (their contracts only; g_top_l's proof uses g_top's contract, proved
 *    by the heap_tile run), and ensures tiled(h), tlisted(h) and the
 *    whole heap_model(h) (heap_model_all.h: arena(h) and i5(h) from
 *    am_call, flat(h) by heap_init_model.h's hm_flat_to before the call
 *    and hm_flat_of after it, proved by the heap_init_model_flat run:
 *    flat's text at the arena's size reads no memory but validity), the
 *    result VOS_OK or VOS_ERR_NO_MEMORY (the latter only when the top is
 *    smaller than bs), and on VOS_OK *out the old last tile's block + 8,
 *    that tile now allocated, of at least bs bytes.
 * Its preconditions: heap_model(h); arena_sep, lsep and hblk_sep (which
 * follow from heap_model's flat(h): heap_model_parts.c, not called here);
 * heap_alloc's own precondition heap_ok(h) (heap_alloc_ok.c's
 * ok_of_model derives it from the model, proved by the heap_alloc_ok_all
 * run; not called here, to keep this run's context small), out_ok and
 * the case (am_none).
 * Assumptions: heap_alloc.c's (its contract's context) and heap_tile.c's
 * (arena model, or_flag); am_lock, a flat-memory precondition: the lock
 * state ev_lock_depth (a kernel variable, which heap_alloc's contract
 * writes) is no arena header's word and in no tile's blk_t (no part of
 * heap_model(h) mentions it).
 * NOT PROVED here: the list path (heap_alloc's behavior from_list: take's
 * split on the model is heap_list_cut.c's and heap_tile_take.c's, not
 * composed with heap_alloc's contract).
 * The code is kernel/heap.c itself, included (through heap_alloc.c) for
 * its types and heap_alloc's contract: this file adds two C functions
 * (am_call, alloc_top_model).
 */
/* heap_list_top.c: hblk_sep (heap_flat.h, which it includes), and
 * through heap_tile.c the model (heap_tile_model.h) and g_top
 * (heap_tile_top.h); heap_list_model.h. */
#include "heap_list_top.c"
#include "heap_alloc_top_frame.c"
#include "heap_alloc_top_model.h"
#include "heap_model_all.h"
/* hm_flat(h, n): flat(h)'s text at an arena size n (no memory read but
 * validity); hm_flat_to and hm_flat_of, proved by the
 * heap_init_model_flat run, convert. */
#include "heap_init_model.h"

/* The old last tile (the top when it is free). */
#define AM_K (tn - 1)

/* The call, with its effect on the words the model reads stated as
 * equalities (proved by the run heap_alloc_top_model_call: -wp-fct
 * am_call, heap_alloc's contract and default assigns only), so that
 * alloc_top_model's goals, in a context with the whole model, need no
 * reasoning about the call's frame. The words: every tile's below the
 * last (header and links), the list heads; in the no_memory case the
 * last tile's and the sentinel's headers and h's counters; in the
 * from_top case from_top's ensures (take_top's effect). */
/*@ requires ac_h: \valid(h) && h->tag == VOS_TAG_HEAP && SZOK;
    requires ac_ok: heap_ok(h) && out_ok(h, out) && arena(h);
    requires ac_none: lists_empty(h, cls_ceil(bs_of(size)), VOS_HEAP_CLASSES);
    requires ac_nn: HB_MIN <= h->top_size ==> B(h, TO) != \null;
    requires ac_blo: TBS0 < HB_MIN ==> bs_of(size) == HB_MIN;
    requires ac_bhi: HB_MIN <= TBS0 ==> bs_of(size) == TBS0;
    requires ac_n: 1 <= tn && tG[tn - 1] <= h->total;
    requires ac_bl: \forall integer i; 0 <= i < tn - 1 ==>
      \separated(B(h, tG[i]), h) && \separated(B(h, tG[i]), out) &&
      \separated(B(h, tG[i]), &ev_lock_depth);
    requires ac_blw: BS <= h->top_size ==> \forall integer i; 0 <= i < tn - 1 ==>
      \separated(B(h, tG[i]), &B(h, TO)->size) && \separated(B(h, tG[i]), &B(h, TO)->check) &&
      \separated(B(h, tG[i]), &B(h, TO + BS)->size) && \separated(B(h, tG[i]), &B(h, TO + BS)->check) &&
      \separated(B(h, tG[i]), &B(h, h->total)->size) && \separated(B(h, tG[i]), &B(h, h->total)->check);
    requires ac_ks: \separated(&B(h, tG[tn - 1])->size, out) && \separated(&B(h, tG[tn - 1])->check, out) &&
      \separated(&B(h, h->total)->size, out) && \separated(&B(h, h->total)->check, out) &&
      \separated(&B(h, tG[tn - 1])->size, &ev_lock_depth) && \separated(&B(h, tG[tn - 1])->check, &ev_lock_depth) &&
      \separated(&B(h, h->total)->size, &ev_lock_depth) && \separated(&B(h, h->total)->check, &ev_lock_depth);
    requires ac_kb: \base_addr(B(h, tG[tn - 1])) != \base_addr(h) && \base_addr(B(h, h->total)) != \base_addr(h) &&
      (BS <= h->top_size ==> \base_addr(B(h, TO)) != \base_addr(h) && \base_addr(B(h, TO + BS)) != \base_addr(h));
    requires ac_hb: \forall integer i; 0 <= i < tn - 1 ==> \base_addr(B(h, tG[i])) != \base_addr(h) &&
      \separated(&B(h, tG[i])->size, &ev_lock_depth) && \separated(&B(h, tG[i])->check, &ev_lock_depth) &&
      \separated(&B(h, tG[i])->size, out) && \separated(&B(h, tG[i])->check, out);
    requires ac_w: BS <= h->top_size ==> \forall integer i; 0 <= i < tn - 1 ==>
      hsep(h, tG[i], TO) && hsep(h, tG[i], TO + BS) && hsep(h, tG[i], h->total);
    assigns h->failures, ev_lock_depth, *out, AF_IF(h->top),
            { *af_p | uint32_t *af_p; AF_W(af_p) };
    ensures ac_s: \forall integer i; 0 <= i < tn - 1 ==>
      B(h, tG[i])->size == \old(B(h, tG[i])->size) && B(h, tG[i])->check == \old(B(h, tG[i])->check);
    ensures ac_l: \forall integer i; 0 <= i < tn - 1 ==>
      B(h, tG[i])->next_free == \old(B(h, tG[i])->next_free) && B(h, tG[i])->pprev == \old(B(h, tG[i])->pprev);
    ensures ac_lists: \forall integer c; 0 <= c < VOS_HEAP_CLASSES ==> h->lists[c] == \old(h->lists[c]);
    ensures ac_total: h->total == \old(h->total);
    ensures ac_arena: arena(h);
    ensures ac_fl: h->fl_map == \old(h->fl_map);
    ensures ac_sl: \forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==> h->sl_map[f] == \old(h->sl_map[f]);
    ensures ac_i5: i5(h);
    ensures ac_nm: \old(h->top_size) < BS ==> \result == VOS_ERR_NO_MEMORY &&
      h->free_bytes == \old(h->free_bytes) && h->min_free == \old(h->min_free) &&
      h->top == \old(h->top) && h->top_size == \old(h->top_size);
    ensures ac_nmk: \old(h->top_size) < BS ==>
      B(h, tG[tn - 1])->size == \old(B(h, tG[tn - 1])->size) &&
      B(h, tG[tn - 1])->check == \old(B(h, tG[tn - 1])->check) &&
      B(h, \old(h->total))->size == \old(B(h, h->total)->size) &&
      B(h, \old(h->total))->check == \old(B(h, h->total)->check);
    ensures ac_top: BS <= \old(h->top_size) ==> \result == VOS_OK &&
      *out == (void *)((uint8_t *)B(h, \old(TO)) + HB_HDR) && h->min_free <= h->free_bytes;
    ensures ac_split: BS <= \old(h->top_size) && \old(h->top_size) >= BS + HB_MIN ==>
      hdr(h, \old(TO), BS) &&
      h->top_size == \old(h->top_size) - BS && h->top == B(h, \old(TO) + BS) &&
      hdr(h, \old(TO) + BS, (uint32_t)(\old(h->top_size) - BS) | HB_FREE) &&
      hdr(h, \old(h->total), HB_PREV_FREE) &&
      h->free_bytes == \old(h->free_bytes) - BS;
    ensures ac_whole: BS <= \old(h->top_size) && \old(h->top_size) < BS + HB_MIN ==>
      hdr(h, \old(TO), \old(h->top_size)) &&
      h->top == \null && h->top_size == 0 && hdr(h, \old(h->total), 0) &&
      h->free_bytes == \old(h->free_bytes) - \old(h->top_size);
*/
int am_call(vos_heap_t *h, size_t size, void **out)
{
    int r = heap_alloc(h, size, out);
    //@ assert c_fl: h->fl_map == \at(h->fl_map, Pre);
    //@ assert c_sl: \forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==> h->sl_map[f] == \at(h->sl_map[f], Pre);
    //@ assert c_li: \forall integer c; 0 <= c < VOS_HEAP_CLASSES ==> h->lists[c] == \at(h->lists[c], Pre);
    //@ assert c_i5a: i5_sl(h) && i5_sl_hi(h);
    //@ assert c_i5b: i5_fl(h) && i5_fl_hi(h);
    return r;
}

/*@ requires am_h: \valid(h) && h->tag == VOS_TAG_HEAP && SZOK && bs == bs_of(size);
    requires am_ok: heap_ok(h) && out_ok(h, out);
    requires am_hm: heap_model(h);
    requires am_parts: arena_sep(h) && lsep(h) && hblk_sep(h);
    requires am_lock: (\forall integer o; 0 <= o <= h->total ==>
        \separated(&ev_lock_depth, &B(h, o)->size) && \separated(&ev_lock_depth, &B(h, o)->check)) &&
      (\forall integer i; 0 <= i < tn ==> \separated(&ev_lock_depth, B(h, tG[i])));
    requires am_none: lists_empty(h, cls_ceil(bs_of(size)), VOS_HEAP_CLASSES);
    ensures am_tiled: tiled(h);
    ensures am_listed: tlisted(h);
    ensures am_hm_after: heap_model(h);
    ensures am_res: \result == VOS_OK || \result == VOS_ERR_NO_MEMORY;
    ensures am_fail: \result == VOS_ERR_NO_MEMORY ==> \old(h->top_size) < bs;
    ensures am_out: \result == VOS_OK ==>
      *out == (void *)((uint8_t *)B(h, \old(tG[AM_K])) + HB_HDR) &&
      tF[\old(AM_K)] == 0 && tG[\old(AM_K)] == \old(tG[AM_K]) && bsize(\old(AM_K)) >= bs;
*/
int alloc_top_model(vos_heap_t *h, size_t size, uint32_t bs, void **out)
{
    /*@ ghost uint32_t k = tn - 1; */
    /*@ ghost uint32_t t = h->top_size; */
    /*@ ghost uint32_t o = tG[tn - 1]; */
    //@ assert m_bs: HB_MIN <= bs && bs % 8 == 0 && bs <= 524296;
    //@ assert m_out: \separated(out, h) && (\forall integer x; 0 <= x <= h->total ==> \separated(out, B(h, x)));
    /*@ ghost am_sep(h, out, bs); */
    /*@ ghost hm_flat_to(h); */
    //@ assert m_k: k == tn - 1 && 0 <= k < tn && o == tG[k] && t == h->top_size;
    //@ assert m_nn: HB_MIN <= h->top_size ==> B(h, TO) != \null;
    //@ assert m_blo: TBS0 < HB_MIN ==> bs_of(size) == HB_MIN;
    //@ assert m_bhi: HB_MIN <= TBS0 ==> bs_of(size) == TBS0;
    int r = am_call(h, size, out);
    //@ assert r_none: t < bs ==> r == VOS_ERR_NO_MEMORY;
    //@ assert r_ok: bs <= t ==> r == VOS_OK;
    //@ assert r_fr: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i));
    //@ assert r_hl: \forall integer c; 0 <= c < LCLS ==> h->lists[c] == \at(h->lists[c], Pre);
    //@ assert r_hb: \forall integer c; 0 <= c < LCLS ==> lblk(h, c, lN[c] - 1) == \at(lblk(h, c, lN[c] - 1), Pre);
    //@ assert r_hp: \at(l_heads(h), Pre);
    //@ assert r_h: l_heads(h);
    //@ assert r_l: l_links(h);
    //@ assert r_lst: tlisted(h);
    //@ assert r_hk0: t < bs ==> hdr(h, tG[k], hword(k));
    //@ assert r_hk1: t < bs ==> hdr(h, h->total, 2 * tF[k]);
    //@ assert r_hd: t < bs ==> hdrs(h);
    //@ assert r_nt: t < bs ==> tiled(h);
    //@ assert r_or8: bs <= t ==> 0 <= t - bs < 1048576 && (t - bs) % 8 == 0;
    /*@ assert r_or: bs <= t ==> ((uint32_t)(t - bs) | 1) == t - bs + 1 &&
          (uint32_t)(t - bs) == t - bs; */
    //@ assert r_sp0: bs <= t ==> \at(TO, Pre) == o && BS == bs;
    //@ assert r_sp2: bs <= t && t >= bs + HB_MIN ==> hdr(h, o + bs, t - bs + 1);
    /*@ assert r_split: bs <= t && t >= bs + HB_MIN ==>
          hdr(h, o, bs) && hdr(h, o + bs, t - bs + 1) && hdr(h, h->total, 2) &&
          h->top == B(h, o + bs) && h->top_size == t - bs; */
    //@ assert r_sc: bs <= t && t >= bs + HB_MIN ==> h->free_bytes == tS[tn] - bs;
    /*@ assert r_whole: bs <= t && t < bs + HB_MIN ==>
          hdr(h, o, t) && hdr(h, h->total, 0) && h->top == \null && h->top_size == 0; */
    //@ assert r_wc: bs <= t && t < bs + HB_MIN ==> h->free_bytes == tS[tn] - t;
    //@ assert r_min: h->min_free <= h->free_bytes;
    //@ assert r_tot: h->total == \at(h->total, Pre);
    //@ assert r_hmf: hm_flat(h, h->total);
    /*@ ghost hm_flat_of(h); */
    //@ assert r_flat: flat(h);
    /*@ ghost
      if (bs <= t)
          g_top_l(h, bs, t, o);
    */
    return r;
}
