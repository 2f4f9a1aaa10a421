/* SPDX-License-Identifier: MIT */
/*
 * WP proof of free_general (kernel/heap.c) merging a block b (in use,
 * header word w with HB_PREV_FREE) into its free predecessor P, the block
 * prev_free_block finds through the boundary tag before b and accepts
 * (pfb_ok, heap_merge_prev.h), in the case refile: b's successor n
 * (header word nw) is in use, and the merged block (P's size + b's size)
 * does not reach the end sentinel but leaves P's class by the code's
 * same-class test, so list_unlink takes P out of its list and put_free
 * files it again. For a heap with i5 (heap_i5.c) and the blocks the call
 * touches as I1-I4 describe them locally (the preconditions), it proves:
 *  - n's header is valid and says nw | HB_PREV_FREE (I2);
 *  - b's header, now dead bytes inside P, is valid and says w | HB_FREE
 *    (the double-free rule of heap.c's file notes);
 *  - P's header is valid and says (P's size + b's size) | HB_FREE, the
 *    merged block's boundary tag holds P (I3);
 *  - P is the head of a list k with its back link to the list head (I4's
 *    links), every list head is the old one, P's old list successor or
 *    P; the top is unchanged;
 *  - free_bytes grows by exactly b's size (I6) and frees by one; the
 *    result is VOS_OK; i5 holds (I5);
 *  - nothing else is written (assigns: the counters, n's, b's and P's
 *    headers, P's links and new tag, P's referrer, the back links of P's
 *    list successor and of the list heads, the list heads, the bitmaps,
 *    and the top, which put_free's clause names, with its value kept).
 * Every memory access valid, no shift out of range (-wp-rte).
 * prev_free_block's and hb_valid's contracts (heap_merge_prev.h) are
 * proved by the heap_merge_prev_pfb run, cs_fn by heap_take_lemmas,
 * list_unlink's and put_free's contracts by heap_i5 and heap_put, their
 * frame facts by heap_merge_frame and heap_merge_prev_frame: here they
 * are assumed. This contract's goals are proved in three runs:
 * heap_merge_prev_refile (all but the five below), _refile_split
 * (rf_top, rf_head and rf_merged, -wp-split: one goal per path) and
 * _refile_links
 * (rf_tag and rf_heads, -wp-split, without the frame facts:
 * heap_merge_prev_refile_links.c); as one goal each, or with the frame
 * facts in their context, these timed out.
 *
 * The model (assumptions; docs/evidence.md lists them): heap_model.h's
 * (B, tagp, seal), WP's Typed+cast memory model, heap_i5.c's Flat_memory
 * and slot_at (list_unlink's test whether P's back link is a list head),
 * heap_free_model.h's off(h, b), heap_take.c's clz_fn (__builtin_clz's
 * result is lclz(x), a logic function of x alone), and the
 * preconditions: P's list neighbourhood consistent (I4: its back link
 * points to it and is a list head or another block's link, its successor
 * valid, P a list head only where its back link says), the locations
 * written apart as flat memory makes them (headers, tags and links of
 * distinct blocks, the list heads, the descriptor), the sizes bounded by
 * the arena (2^20), and the case itself (!ATEND && !SAME).
 * Not proved here: that P's old referrer, when not a list head, points
 * to P's old successor afterwards (P left its old place: that goal
 * timed out; it needs a precondition this contract does not state, that
 * such a referrer is a block's next_free and not a back link put_free
 * may write); that the list is the one of class_floor (I4's class
 * part; heap_class_put proves put_free files there); the other cases
 * (heap_merge_prev_in.c proves in_place; P the top:
 * heap_merge_prev_top.c; n free: heap_merge_prev_ntop.c and docs/evidence.md,
 * Not proved); that heap_free calls free_general with these preconditions met.
 *
 * The code proved is kernel/heap.c itself, included (through heap_take.c,
 * heap_put.c and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_take.c"
/* The frame facts; left out by heap_merge_prev_refile_links.c, whose
 * goals do not need them (with them, those goals timed out). */
#ifndef EV_WP_MERGE_PREV_NO_FRAMES
#include "heap_merge_frame.h"
#include "heap_merge_prev_frame.h"
#endif
#include "heap_free_model.h"
#include "heap_merge_prev.h"

/* This case never grows P in place (the code's end test or same-class
 * test sends it on to list_unlink and put_free), so free_general does
 * not call hb_tag (its only call of it is in that branch): stated as a
 * precondition of hb_tag that cannot hold, so WP proves, as that call's
 * precondition, that free_general does not reach it in this case (and
 * the goals past the call have nothing to prove). This contract serves
 * only the refile runs, which prove no other function. */
/*@ requires rf_no_in_place: \false; */
INLINE blk_t **hb_tag(const blk_t *b, uint32_t sz);

/* put_free files P in a list here (its listed case): stated as a
 * precondition of put_free, proved at the call, so that the goals past
 * it see its case as a hypothesis. */
/*@ requires rf_listed: (uint8_t *)b + sz != h->end; */
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);

/*@ MP_PRE_BP
    MP_PRE_LINK
    MP_PRE_NEIGH
    MP_PRE_N
    MP_PRE_TAG
    // The case: the merged block does not reach the end sentinel and the
    // code's same-class test fails (P is re-filed).
    requires !ATEND && !SAME;
    MP_ASSIGNS_MOVE
    ensures rf_ok: \result == VOS_OK;
    ensures rf_bytes: h->free_bytes == \old(h->free_bytes) + BSZ(w) &&
            h->frees == (uint32_t)(\old(h->frees) + 1);
    ensures rf_next: n->size == (nw | HB_PREV_FREE) && n->check == seal(nw | HB_PREV_FREE, n);
    ensures rf_dead: b->size == (w | HB_FREE) && b->check == seal(w | HB_FREE, b);
    ensures rf_merged: P_->size == (MS_ | HB_FREE) && P_->check == seal(MS_ | HB_FREE, P_);
    ensures rf_tag: *tagp(P_, MS_) == P_;
    ensures rf_top: h->top == \old(h->top) && h->top_size == \old(h->top_size);
    ensures rf_head: \exists integer k; 0 <= k < VOS_HEAP_CLASSES &&
            h->lists[k] == P_ && P_->pprev == &h->lists[k];
    ensures rf_heads: \forall integer k; 0 <= k < VOS_HEAP_CLASSES ==>
            h->lists[k] == \old(h->lists[k]) || h->lists[k] == \old(P_->next_free) ||
            h->lists[k] == P_;
    ensures rf_i5: i5(h);
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
