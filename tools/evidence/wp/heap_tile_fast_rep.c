/* SPDX-License-Identifier: MIT */
/*
 * heap_free's fast path when b's successor n is free and listed and the
 * merged block keeps n's class (heap_free_fast.c's behavior
 * fast_replace: b takes n's place in its list, list_replace) keeps the
 * whole-heap model's tiles (issue 34): tf_free_rep calls heap_free
 * (kernel/heap.c) under heap_free_fast.c's contract (included: at this
 * call its behavior fast_replace) and then updates the ghost tiles with
 * heap_tile_join_mid.h's g_join_mid (tiles j (b) and j + 1 (n) joined
 * into one free tile j, every tile above moved down one index, the last
 * sum up by b's size), and ensures tiled(h) (heap_tile_model.h) after.
 * Run heap_tile_fast_rep (g_join_mid: run heap_tile_join_mid).
 * Preconditions: heap_free's own and fast_replace's (its assumes and its
 * requires FAST_PRE, LISTED_PRE), in the code's terms, passed through;
 * tiled(h) with b the header of tile j (in use, its predecessor in use),
 * n the header of tile j + 1, free (NX(p) == B(h, tG[j + 1]) and
 * tF[j + 1] == 1: code-level facts of b's and n's words, not derived
 * here), j + 2 < tn (n not the last tile); arena(h), arena_sep(h).
 * Not proved here: tlisted(h) after (the lists' model renumbered with the
 * tiles: lT, lK, lP), and no assigns clause (a call of tf_free_rep would
 * let every location change).
 * No axiom, no admitted lemma.
 */
#include "heap_free_fast.c"
#include "heap_tile_model.h"
#include "heap_tile_join_mid.h"

/* Every header valid, from tile j's and the others' (a lemma function:
 * proved by this run). */
/*@ ghost
  /@ requires \forall integer i; 0 <= i < tn && i != j ==> hdr(h, tG[i], hword(i));
     requires hdr(h, tG[j], hword(j));
     assigns \nothing;
     ensures hdrs(h);
  @/
  void g_cover3(vos_heap_t *h, uint32_t j) { }
*/

/*@ requires rp_pre: HF_READS(p);
    requires rp_fast: FAST(p) && NX(p) != h->top && SAME(p) && FAST_PRE(p) && LISTED_PRE(p);
    requires rp_mem: arena(h) && arena_sep(h);
    requires rp_ok: tiled(h);
    requires rp_b: 0 <= j && j + 2 < tn && bof(p) == B(h, tG[j]) &&
      NX(p) == B(h, tG[j + 1]) && tF[j] == 0 && pfree(j) == 0 && tF[j + 1] == 1;
    ensures rp_tiled: tiled(h);
    ensures rp_res: \result == VOS_OK && tn == \old(tn) - 1 &&
      tF[j] == 1 && bsize(j) == \old(bsize(j)) + \old(bsize(j + 1)) &&
      h->free_bytes == \old(h->free_bytes) + \old(bsize(j));
*/
int tf_free_rep(vos_heap_t *h, void *p, uint32_t j)
{
    //@ assert a_room: tn * HB_MIN <= h->total < 1048576 && tn <= 43690;
    //@ assert a_n: tF[j + 1] == 1 && pfree(j + 1) == 0;
    //@ assert a_bw: BW(p) == bsize(j) && hword(j) == bsize(j);
    //@ assert a_nw: NW(p) == bsize(j + 1) + 1 && hword(j + 1) == bsize(j + 1) + 1;
    //@ assert a_mw: MW(p) == bsize(j) + bsize(j + 1) + 1;
    //@ assert a_fb: h->free_bytes == tS[tn];
    /*@ assert a_sep: \forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0 &&
          (i < j ==> hsep(h, tG[i], tG[j])) && (j < i ==> hsep(h, tG[j], tG[i])); */
    //@ assert a_s0: h->total % 8 == 0 && tG[tn] == h->total && hdr(h, h->total, 2 * tF[tn - 1]);
    int r = heap_free(h, p);
    /* heap_free's 32-bit words in this case (its default assigns) as
     * one fact. */
    /*@ assert r_fm: \forall uint32_t *a; a != &ev_lock_depth && a != &h->free_bytes &&
          a != &h->frees && a != &bof(p)->size && a != &bof(p)->check ==>
          *a == \at(*a, Pre); */
    //@ assert r_ok: r == VOS_OK;
    //@ assert r_b: hdr(h, tG[j], \at(MW(p), Pre));
    //@ assert r_hd: \forall integer i; 0 <= i < tn && i != j ==> hdr(h, tG[i], hword(i));
    //@ assert r_sent: hdr(h, h->total, 2 * tF[tn - 1]);
    //@ assert r_top: h->top == \at(h->top, Pre) && h->top_size == \at(h->top_size, Pre);
    //@ assert r_mf: h->min_free == \at(h->min_free, Pre) && h->total == \at(h->total, Pre);
    //@ assert r_fb: h->free_bytes == tS[tn] + bsize(j) && tS[tn] + bsize(j) < 4294967296;
    //@ ghost g_join_mid(h->total, j);
    //@ assert p_n: tn == \at(tn, Pre) - 1 && j + 1 < tn && tF[j] == 1;
    //@ assert p_w: hword(j) == \at(MW(p), Pre) && tG[j] == \at(tG[j], Pre);
    //@ assert p_hd0: \forall integer i; 0 <= i < j ==> hdr(h, tG[i], hword(i));
    //@ assert p_hdj: hdr(h, tG[j], hword(j));
    /*@ assert p_hd1: \forall integer i; j < i < tn ==>
          tG[i] == \at(tG[i + 1], Pre) && hword(i) == \at(hword(i + 1), Pre) && i + 1 != j &&
          hdr(h, tG[i], hword(i)); */
    //@ assert p_hd2: \forall integer i; 0 <= i < tn && i != j ==> hdr(h, tG[i], hword(i));
    //@ ghost g_cover3(h, j);
    //@ assert p_hdrs: hdrs(h);
    /*@ assert p_last: tG[tn] == h->total && \forall integer m; m == tn ==>
          tF[m - 1] == \at(tF[m], Pre) && tG[m - 1] == \at(tG[m], Pre) && tG[m] == \at(tG[m + 1], Pre); */
    //@ assert p_lf: tF[tn - 1] == \at(tF[tn - 1], Pre);
    //@ assert p_s1: hdr(h, h->total, 2 * \at(tF[tn - 1], Pre));
    //@ assert p_s2: hdr(h, h->total, 2 * tF[tn - 1]);
    //@ assert p_sent: sentinel(h);
    //@ assert p_cnt: counted(h);
    //@ assert p_top: tile_top(h);
    return r;
}
