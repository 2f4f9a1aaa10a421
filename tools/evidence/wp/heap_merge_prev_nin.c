/* SPDX-License-Identifier: MIT */
/*
 * WP proof of free_general (kernel/heap.c) merging a block b (in use,
 * header word w with HB_PREV_FREE) into its free predecessor P, the block
 * prev_free_block finds through the boundary tag before b and accepts
 * (pfb_ok, heap_merge_prev.h), in the case n_in_place: b's successor n
 * (header word nw) is free and listed (not the top), so list_unlink
 * takes n out of its list and the code adds n's size; the merged block
 * (P's size + b's + n's) does not reach the end sentinel and keeps P's
 * class by the code's same-class test, so P grows where it is in its
 * list. n and P are not neighbours in one list (MP_PRE_NAPART,
 * heap_merge_prev_nin.h). For a heap with i5 (heap_i5.c) and the blocks
 * the call touches as I1-I4 describe them locally (the preconditions),
 * it proves:
 *  - n has left its list: its old referrer points to n's old successor,
 *    which (if any) links back to that referrer; every list head is the
 *    old one or n's old successor;
 *  - b's header, now dead bytes inside P, is valid and says w | HB_FREE
 *    (the double-free rule of heap.c's file notes); n's header (dead
 *    bytes too) is not written;
 *  - P's header is valid and says P's old word plus b's and n's sizes
 *    (the merged size with HB_FREE); the merged block's boundary tag
 *    (n's last word) holds P (I3), and P's referrer still points to it;
 *  - free_bytes grows by exactly b's size (I6: n's and P's bytes were
 *    free already) and frees by one; the result is VOS_OK;
 *  - i5 holds (I5), as its four parts i5_sl, i5_sl_hi, i5_fl, i5_fl_hi
 *    (heap_i5.c: i5 is their conjunction), one postcondition each;
 *  - nothing else is written (assigns: the counters, b's and P's headers,
 *    P's new tag, n's referrer and its successor's back link, the
 *    bitmaps): so no other list head or link, nor the top.
 * Every memory access valid, no shift out of range (-wp-rte).
 * The goals are split over two runs: heap_merge_prev_nin (without
 * -wp-split) and heap_merge_prev_nin_split (ni_bytes, ni_i5_sl and the
 * assigns clause, one goal per path: as one goal each they timed out).
 * prev_free_block's and hb_valid's contracts (heap_merge_prev.h) are
 * proved by the heap_merge_prev_pfb run, cs_fn by heap_take_lemmas,
 * list_unlink's and put_free's contracts by heap_i5 and heap_put, their
 * frame facts of heap_merge_frame.h by heap_merge_frame: here they are
 * assumed. The quantified header frame facts (heap_merge_prev_frame.h)
 * are not included: list_unlink's and hb_seal's assigns clauses give
 * the same facts, and with them in the context the provers' times were
 * erratic (ni_i5_sl's goal on the main path: past 60 s in one run, 6.9 s
 * in another).
 *
 * The model (assumptions; docs/evidence.md lists them): heap_model.h's
 * (B, tagp, seal), WP's Typed+cast memory model, heap_i5.c's Flat_memory
 * and slot_at (list_unlink's test whether n's back link is a list head),
 * heap_free_model.h's off(h, b), heap_take.c's clz_fn, and the
 * preconditions: P's back link valid and pointing to P (I4), n free of
 * size at least HB_MIN (heap_merge_prev_nfree.h) and listed (I4: its
 * back link points to it and is a list head or another block's link,
 * its successor valid; heap_merge_prev_nin.h), n and P not list
 * neighbours and P's referrer not the back link of n's successor
 * (MP_PRE_NAPART: in a consistent heap a referrer is a list head or a
 * block's next_free, never a pprev field), the locations written apart
 * as flat memory makes them, the sizes bounded by the arena (2^20), and
 * the case itself (!NATEND && NSAME). ni_psize (P's size word apart from
 * the descriptor's bitmaps and counters) follows from \separated(RP, h)
 * and adds nothing; it is stated because the provers did not derive it
 * in time inside the goals that need it (P's size read after
 * list_unlink(h, n), on the paths through list_unlink(h, P)).
 * n and P neighbours in one list: the same contract with NI_NCASE set
 * to MP_PRE_NPN (P just before n) or MP_PRE_NNP (n just before P;
 * heap_merge_prev_nnb.h) instead of MP_PRE_NAPART, proved by the same
 * three runs' cases heap_merge_prev_nin_pn, _pn_split, _pn_i5 and
 * heap_merge_prev_nin_np, _np_split, _np_i5 (each .wp file's case
 * lines set NI_NCASE with -D; the np case proves ni_gone in the split
 * run: as one goal it timed out); P re-filed with n listed:
 * heap_merge_prev_nrf.c. Not proved here: that pfb_ok holds for every
 * predecessor a consistent heap has (heap_pfb_ok proves it for a
 * consistent one); that heap_free calls free_general with these
 * preconditions met.
 *
 * The code proved is kernel/heap.c itself, included (through heap_take.c,
 * heap_put.c and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_take.c"
#include "heap_merge_frame.h"
#include "heap_free_model.h"
#include "heap_merge_prev.h"
#include "heap_merge_prev_nfree.h"
#include "heap_merge_prev_nin.h"
#include "heap_merge_prev_nnb.h"

/* This case never calls put_free (the code returns after growing P in
 * place): stated as a precondition of put_free that cannot hold, so WP
 * proves, as that call's precondition, that free_general does not reach
 * it in this case. This contract serves only this run, which proves no
 * other function. */
/*@ requires ni_no_put: \false; */
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);

/* ni_psize: implied by \separated(RP, h) (MP_PRE_BP), stated for the
 * provers: P's size word is none of the descriptor's words that
 * list_unlink(h, n) and the counters' updates write. Left out by
 * heap_merge_prev_nin_i5.c (the contract is the same without it, since
 * MP_PRE_BP implies it): with it in the context, ni_i5_sl's goal on the
 * main path timed out at 60 s (2.9 to 4.5 s without it). */
#ifndef EV_WP_NIN_NO_PSIZE
#define NI_PSIZE \
    requires ni_psize: \separated(&RP->size, &h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1]) && \
    \separated(&RP->size, &h->fl_map) && \separated(&RP->size, &h->free_bytes) && \
    \separated(&RP->size, &h->frees);
#else
#define NI_PSIZE
#endif

/* n's and P's places in the lists: apart (MP_PRE_NAPART) by default; the
 * runs' cases set NI_NCASE (-DNI_NCASE=... in the .wp files' case lines)
 * to it or to a list-neighbour case (heap_merge_prev_nnb.h) and prove
 * the same contract there. */
#ifndef NI_NCASE
#define NI_NCASE MP_PRE_NAPART
#endif

/*@ MP_PRE_BP
    MP_PRE_LINK
    MP_PRE_NFREE
    MP_PRE_TAG_T(RNMS)
    MP_PRE_NLIST
    NI_NCASE
    // The case: the merged block does not reach the end sentinel and the
    // code's same-class test holds (P grows in place).
    requires !NATEND && NSAME;
    NI_PSIZE
    assigns h->free_bytes, h->frees, b->size, b->check,
            RP->size, RP->check, *tagp(RP, RNMS), *n->pprev, n->next_free->pprev,
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map;
    ensures ni_ok: \result == VOS_OK;
    ensures ni_bytes: h->free_bytes == \old(h->free_bytes) + BSZ(w) &&
            h->frees == (uint32_t)(\old(h->frees) + 1);
    ensures ni_dead: b->size == (w | HB_FREE) && b->check == seal(w | HB_FREE, b);
    ensures ni_merged: P_->size == NMW_ && P_->check == seal(NMW_, P_);
    ensures ni_tag: *tagp(P_, NMS_) == P_;
    ensures ni_linked: *P_->pprev == P_;
    ensures ni_gone: *\old(n->pprev) == \old(n->next_free);
    ensures ni_succ: \old(n->next_free) != \null ==>
            \old(n->next_free)->pprev == \old(n->pprev);
    ensures ni_heads: \forall integer k; 0 <= k < VOS_HEAP_CLASSES ==>
            h->lists[k] == \old(h->lists[k]) || h->lists[k] == \old(n->next_free);
    ensures ni_i5_sl: i5_sl(h);
    ensures ni_i5_sl_hi: i5_sl_hi(h);
    ensures ni_i5_fl: i5_fl(h);
    ensures ni_i5_fl_hi: i5_fl_hi(h);
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
