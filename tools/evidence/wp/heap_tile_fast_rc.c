/* SPDX-License-Identifier: MIT */
/*
 * tf_rep_call (heap_tile_fast_rc.h: its contract) on its body: heap_free
 * (kernel/heap.c) under heap_free_fast.c's contract, behavior
 * fast_replace at this call, with heap_free_fast_class.c's fr_class
 * (proved by the heap_free_fast runs and heap_free_fast_class), then its
 * effect on the tiles' headers and link words, in the tiles' numbering
 * before the join. The tile facts are heap_tile_fast_rep.c's (tf_free_rep,
 * the same asserts); the link words follow from the call's assigns and
 * RC_SEP. Runs: heap_tile_fast_rc (heap_free_fast.c's context, every
 * property), heap_tile_fast_rc_cls (-DEV_RC_CLASS: heap_free_fast_class.c's
 * context, fr_class, for rc_cls alone). No axiom, no admitted lemma.
 */
#ifdef EV_RC_CLASS
#include "heap_free_fast_class.c"
#else
#include "heap_free_fast.c"
#endif
#include "heap_tile_model.h"
#include "heap_tile_fast_rc.h"

int tf_rep_call(vos_heap_t *h, void *p, uint32_t j) /*@ ghost (uint32_t u, uint32_t d, uint32_t k0) */
{
    //@ assert a_room: tn * HB_MIN <= h->total < 1048576 && tn <= 43690;
    //@ assert a_n: tF[j + 1] == 1 && pfree(j + 1) == 0;
    //@ assert a_bw: BW(p) == bsize(j) && hword(j) == bsize(j);
    //@ assert a_nw: NW(p) == bsize(j + 1) + 1 && hword(j + 1) == bsize(j + 1) + 1;
    //@ assert a_mw: MW(p) == bsize(j) + bsize(j + 1) + 1 && MS(p) == bsize(j) + bsize(j + 1);
    //@ assert a_fb: h->free_bytes == tS[tn];
    /*@ assert a_sep: \forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0 &&
          (i < j ==> hsep(h, tG[i], tG[j])) && (j < i ==> hsep(h, tG[j], tG[i])); */
    //@ assert a_s0: h->total % 8 == 0 && tG[tn] == h->total && hdr(h, h->total, 2 * tF[tn - 1]);
    /* The link words of the tiles the call does not write, apart from
     * every pointer word it writes (r_pm's exceptions). */
    /*@ assert a_nf: \forall integer i; 0 <= i < tn && i != j && i != u && i != d ==>
          &B(h, tG[i])->next_free != TAG(p) && &B(h, tG[i])->next_free != NX(p)->pprev &&
          &B(h, tG[i])->next_free != &bof(p)->next_free &&
          &B(h, tG[i])->next_free != (blk_t **)&bof(p)->pprev &&
          &B(h, tG[i])->next_free != (blk_t **)&NX(p)->next_free->pprev; */
    /*@ assert a_pp: \forall integer i; 0 <= i < tn && i != j && i != u && i != d ==>
          (blk_t **)&B(h, tG[i])->pprev != TAG(p) && (blk_t **)&B(h, tG[i])->pprev != NX(p)->pprev &&
          (blk_t **)&B(h, tG[i])->pprev != &bof(p)->next_free &&
          (blk_t **)&B(h, tG[i])->pprev != (blk_t **)&bof(p)->pprev &&
          (blk_t **)&B(h, tG[i])->pprev != (blk_t **)&NX(p)->next_free->pprev; */
    int r = heap_free(h, p);
    /* heap_free's 32-bit words in this case (its default assigns) as
     * one fact. */
    /*@ assert r_fm: \forall uint32_t *a; a != &ev_lock_depth && a != &h->free_bytes &&
          a != &h->frees && a != &bof(p)->size && a != &bof(p)->check ==>
          *a == \at(*a, Pre); */
    /* and its pointer words (one memory in the Typed+cast model: every
     * pointer word it writes, b's and the neighbours' link words, the
     * tag and n's referrer, as one fact). */
    /*@ assert r_pm: \forall blk_t **a; a != \at(TAG(p), Pre) && a != \at(NX(p)->pprev, Pre) &&
          a != &bof(p)->next_free && a != (blk_t **)&bof(p)->pprev &&
          a != (blk_t **)&\at(NX(p)->next_free, Pre)->pprev ==> *a == \at(*a, Pre); */
    //@ assert r_ok: r == VOS_OK;
    //@ assert r_b: hdr(h, tG[j], \at(MW(p), Pre));
    //@ assert r_hd: \forall integer i; 0 <= i < tn && i != j ==> hdr(h, tG[i], hword(i));
    //@ assert r_sent: hdr(h, h->total, 2 * tF[tn - 1]);
    //@ assert r_top: h->top == \at(h->top, Pre) && h->top_size == \at(h->top_size, Pre);
    //@ assert r_mf: h->min_free == \at(h->min_free, Pre) && h->total == \at(h->total, Pre);
    //@ assert r_fb: h->free_bytes == tS[tn] + bsize(j) && tS[tn] + bsize(j) < 4294967296;
    /*@ assert r_onf0: \forall integer i; 0 <= i < tn && i != j && i != u && i != d ==>
          *(&B(h, tG[i])->next_free) == \at(*(&B(h, tG[i])->next_free), Pre) &&
          *((blk_t **)&B(h, tG[i])->pprev) == \at(*((blk_t **)&B(h, tG[i])->pprev), Pre); */
    /*@ assert r_onf: \forall integer i; 0 <= i < tn && i != j && i != u && i != d ==>
          B(h, tG[i])->next_free == \at(B(h, tG[i])->next_free, Pre); */
    /*@ assert r_opp: \forall integer i; 0 <= i < tn && i != j && i != u && i != d ==>
          B(h, tG[i])->pprev == \at(B(h, tG[i])->pprev, Pre); */
    //@ assert r_upp: u != j ==> B(h, tG[u])->pprev == \at(B(h, tG[u])->pprev, Pre);
    //@ assert r_dnf: d != j ==> B(h, tG[d])->next_free == \at(B(h, tG[d])->next_free, Pre);
    /*@ assert r_lk: \forall integer k; 0 <= k < VOS_HEAP_CLASSES && !(u == j && k == k0) ==>
          h->lists[k] == \at(h->lists[k], Pre); */
    return r;
}
