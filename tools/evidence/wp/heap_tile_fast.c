/* SPDX-License-Identifier: MIT */
/*
 * heap_free's fast path to the top keeps the whole-heap model (issue 34):
 * tf_free_top calls heap_free (kernel/heap.c) under heap_free_fast.c's
 * contract (included: at this call its behavior fast_top, b in use
 * without HB_PREV_FREE, its successor n free and the top; the other
 * behaviors' assumes are false here, so their requires need not hold)
 * and then updates the ghost model
 * (g_join_top: the last two tiles j = tn - 2 (b) and j + 1 (n) become
 * one free tile j of size bsize(j) + bsize(j + 1), tn one lower, the
 * sums one term shorter and free_bytes up by bsize(j)), and ensures
 * tiled(h) (heap_tile_model.h) and tlisted(h) (heap_list_model.h) after.
 * No list changes: b was in use, n the top, and the top is not listed
 * (lfree excludes the last tile), so every listed tile is below j and
 * keeps its index, offset, flag, size and links (the frame is
 * heap_free's default assigns clause: in fast_top's case only the lock
 * state, free_bytes, frees, the top, top_size and b's header words).
 *
 * Proved by two runs, with heap_free_fast.c's contract proved on
 * heap_free's code by its own runs (heap_free_fast, heap_free_fast_top,
 * heap_free_fast_asg, ...):
 *  - heap_tile_join: g_join_top, the model's update (heap_tile_join.c);
 *  - heap_tile_fast: tf_free_top, from heap_free's and g_join_top's
 *    contracts; heap_free's preconditions (every behavior's) are goals
 *    at the call.
 * Preconditions of tf_free_top: heap_free's own (as heap_free_fast.c
 * states them: i5(h), pin(h, p), the readable headers; the clause that
 * excludes the merge with a free predecessor follows from FAST) and
 * fast_top's (its assumes: b in use without HB_PREV_FREE, n free and the
 * top, both headers checking; and its requires FAST_PRE), in the code's
 * terms; the model (tiled(h),
 * tlisted(h)) with b the header of tile j, in use, its predecessor (if
 * any) in use, and n the last tile (j + 2 == tn); and the flat-memory
 * facts arena(h), arena_sep(h), lsep(h) as heap_tile.c and heap_list.c
 * use them. The code-level facts are not derived from the model here
 * (the header checks are bit facts of seal; b's and n's words and the
 * separations follow from tiled(h) and lsep(h) with heap_tile_free.c's
 * bit axioms).
 * No axiom, no admitted lemma.
 */
/* heap_free's contract (its behavior fast_top at this call) and the
 * terms HV, BW, NX, NW, MW, MS, FAST, FAST_PRE, CBH. */
#include "heap_free_fast.c"
#include "heap_tile_model.h"
#include "heap_tile_join.h"
#include "heap_class_scheme.h"
#include "heap_list_model.h"   /* also NF1, PP1, NF2, PP2: old and new link words */

/* heap_free's fast path to the top keeps tiled(h) and tlisted(h). */
/*@ requires ft_pre: HF_READS(p);
    requires ft_fast: FAST(p) && NX(p) == h->top && FAST_PRE(p);
    requires ft_mem: arena(h) && arena_sep(h) && lsep(h);
    requires ft_ok: tiled(h) && tlisted(h);
    requires ft_b: 0 <= j && j + 2 == tn && bof(p) == B(h, tG[j]) &&
      tF[j] == 0 && pfree(j) == 0;
    assigns ev_lock_depth, h->free_bytes, h->frees, h->top, h->top_size,
            bof(p)->size, bof(p)->check, tn, tG[tn - 1], tF[tn - 2], tS[tn - 1];
    ensures ft_tiled: tiled(h);
    ensures ft_listed: tlisted(h);
    ensures ft_res: \result == VOS_OK && tn == \old(tn) - 1 &&
      tF[j] == 1 && bsize(j) == \old(bsize(j)) + \old(bsize(j + 1)) &&
      h->free_bytes == \old(h->free_bytes) + \old(bsize(j));
*/
int tf_free_top(vos_heap_t *h, void *p, uint32_t j)
{
    //@ assert a_room: tn * HB_MIN <= h->total < 1048576 && tn <= 43690;
    //@ assert a_n: tF[j + 1] == 1 && h->top == B(h, tG[j + 1]) && h->top_size == bsize(j + 1);
    //@ assert a_bw: BW(p) == bsize(j) && hword(j) == bsize(j);
    //@ assert a_nw: NW(p) == bsize(j + 1) + 1 && hword(j + 1) == bsize(j + 1) + 1;
    //@ assert a_mw: MW(p) == bsize(j) + bsize(j + 1) + 1 && (MW(p) - 1) == bsize(j) + bsize(j + 1);
    //@ assert a_fb: h->free_bytes == tS[j] + bsize(j + 1);
    /*@ assert a_sep: \forall integer i; 0 <= i < j ==>
          hsep(h, tG[i], tG[j]) && tG[i] % 8 == 0 && tG[i] < tG[j]; */
    //@ assert a_s0: tG[j] < h->total && tG[j] % 8 == 0 && h->total % 8 == 0 && hdr(h, h->total, 2);
    //@ assert a_sent: hsep(h, tG[j], h->total);
    int r = heap_free(h, p);
    /* heap_free's frame in this case (its default assigns: the sets of
     * the other cases are empty here) as one fact per memory kind: the
     * provers use it in place of the chain of the clause's locations. */
    /*@ assert r_fm: \forall uint32_t *a; a != &ev_lock_depth && a != &h->free_bytes &&
          a != &h->frees && a != &h->top_size && a != &bof(p)->size && a != &bof(p)->check ==>
          *a == \at(*a, Pre); */
    //@ assert r_fp: \forall blk_t **a; a != &h->top ==> *a == \at(*a, Pre);
    //@ assert r_ok: r == VOS_OK;
    //@ assert r_b: hdr(h, tG[j], \at(MW(p), Pre)) && h->top == B(h, tG[j]);
    //@ assert r_hd: \forall integer i; 0 <= i < j ==> hdr(h, tG[i], hword(i));
    //@ assert r_sent: hdr(h, h->total, 2);
    /*@ assert r_lk: \forall integer i; 0 <= i < j ==>
          NF2(i) == NF1(i) && PP2(i) == PP1(i); */
    //@ assert r_ho: \forall integer k; 0 <= k < LCLS ==> h->lists[k] == \at(h->lists[k], Pre);
    //@ assert r_ov: tS[tn] + bsize(tn - 2) < 4294967296 && tF[tn - 2] == 0 && tF[tn - 1] == 1;
    //@ ghost g_join_top(h->total);
    //@ assert p_n: tn == j + 1 && tG[j] == \at(tG[j], Pre) && tF[j] == 1;
    //@ assert p_g: \forall integer i; 0 <= i <= j ==> tG[i] == \at(tG[i], Pre);
    //@ assert p_w: hword(j) == \at(MW(p), Pre);
    //@ assert p_hd0: \forall integer i; 0 <= i < j ==> hdr(h, tG[i], hword(i));
    //@ assert p_hdj: hdr(h, tG[j], hword(j));
    //@ ghost g_cover1(h, j);
    //@ assert p_hd1: tn == j + 1;
    //@ assert p_hdrs: hdrs(h);
    //@ assert p_sent: sentinel(h);
    //@ assert p_cnt: counted(h);
    //@ assert p_top: tile_top(h);
    //@ assert p_fr1: \forall integer i; lfree(i) ==> \at(lfree(i), Pre) && i < j;
    //@ assert p_fr2: \forall integer i; \at(lfree(i), Pre) ==> lfree(i);
    //@ assert p_bs: \forall integer i; 0 <= i < j ==> bsize(i) == \at(bsize(i), Pre);
    //@ assert p_m: l_mem(h);
    //@ assert p_e: l_ent(h);
    /*@ assert p_ix: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] ==>
          0 <= lT[k][q] < j && (q + 1 < lN[k] ==> 0 <= lT[k][q + 1] < j); */
    /*@ assert p_bl: \forall integer k, q; 0 <= k < LCLS && -1 <= q < lN[k] ==>
          lblk(h, k, q) == \at(lblk(h, k, q), Pre); */
    //@ assert p_h: l_heads(h);
    //@ assert p_l: l_links(h);
    return r;
}
