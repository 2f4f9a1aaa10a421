/* SPDX-License-Identifier: MIT */
/*
 * WP proof of free_general (kernel/heap.c) merging a block b (in use,
 * header word w with HB_PREV_FREE) into its free predecessor P, the block
 * prev_free_block finds through the boundary tag before b and accepts
 * (pfb_ok, heap_merge_prev.h), in the case in_place: b's successor n
 * (header word nw) is in use, and the merged block (P's size + b's size)
 * does not reach the end sentinel and keeps P's class by the code's
 * same-class test, so P grows where it is in its list. For a heap with
 * i5 (heap_i5.c) and the blocks the call touches as I1-I4 describe them
 * locally (the preconditions), it proves:
 *  - n's header is valid and says nw | HB_PREV_FREE (I2);
 *  - b's header, now dead bytes inside P, is valid and says w | HB_FREE
 *    (the double-free rule of heap.c's file notes);
 *  - P's header is valid and says P's old word plus b's size: P's size +
 *    b's size with the flag HB_FREE (P's old word is its size | HB_FREE,
 *    a multiple of 8 plus 1); the merged block's boundary tag holds P
 *    (I3), and P's referrer still points to it;
 *  - free_bytes grows by exactly b's size (I6) and frees by one; the
 *    result is VOS_OK; i5 holds (I5);
 *  - nothing else is written (assigns: the counters, n's, b's and P's
 *    headers, P's new tag): so no list head, link, bitmap, nor the top.
 * Every memory access valid, no shift out of range (-wp-rte).
 * prev_free_block's and hb_valid's contracts (heap_merge_prev.h) are
 * proved by the heap_merge_prev_pfb run, cs_fn by heap_take_lemmas,
 * list_unlink's and put_free's contracts by heap_i5 and heap_put, their
 * frame facts by heap_merge_frame and heap_merge_prev_frame: here they
 * are assumed (list_unlink and put_free are on the paths this case
 * excludes).
 *
 * The model (assumptions; docs/evidence.md lists them): heap_model.h's
 * (B, tagp, seal), WP's Typed+cast memory model, heap_free_model.h's
 * off(h, b), heap_take.c's clz_fn (__builtin_clz's result is lclz(x), a
 * logic function of x alone), and the preconditions: P's back link valid
 * and pointing to P (I4), the locations written apart as flat memory
 * makes them (headers and tags of distinct blocks, the descriptor), the
 * sizes bounded by the arena (2^20), and the case itself (!ATEND && SAME).
 * Not proved here: the other cases (P re-filed: heap_merge_prev_refile.c;
 * P the top: heap_merge_prev_top.c; n free: heap_merge_prev_ntop.c and
 * docs/evidence.md, Not proved); that
 * heap_free calls free_general with these preconditions met.
 *
 * The code proved is kernel/heap.c itself, included (through heap_take.c,
 * heap_put.c and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_take.c"
#include "heap_free_model.h"
#include "heap_merge_prev.h"

/* This case never calls list_unlink or put_free (the code returns after
 * growing P in place): stated as a precondition of each that cannot
 * hold, so WP proves, as that call's precondition, that free_general
 * does not reach the call in this case (and the goals past the call
 * have nothing to prove). These contracts serve only this run, which
 * proves no other function. */
/*@ requires ip_no_unlink: \false; */
INLINE void list_unlink(vos_heap_t *h, blk_t *b);
/*@ requires ip_no_put: \false; */
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);

/*@ MP_PRE_BP
    MP_PRE_LINK
    MP_PRE_N
    MP_PRE_TAG
    // The case: the merged block does not reach the end sentinel and the
    // code's same-class test holds (P grows in place).
    requires !ATEND && SAME;
    assigns h->free_bytes, h->frees, n->size, n->check, b->size, b->check,
            RP->size, RP->check, *tagp(RP, RMS);
    ensures ip_ok: \result == VOS_OK;
    ensures ip_bytes: h->free_bytes == \old(h->free_bytes) + BSZ(w) &&
            h->frees == (uint32_t)(\old(h->frees) + 1);
    ensures ip_next: n->size == (nw | HB_PREV_FREE) && n->check == seal(nw | HB_PREV_FREE, n);
    ensures ip_dead: b->size == (w | HB_FREE) && b->check == seal(w | HB_FREE, b);
    ensures ip_merged: P_->size == MW_ && P_->check == seal(MW_, P_);
    ensures ip_tag: *tagp(P_, MS_) == P_;
    ensures ip_linked: *P_->pprev == P_;
    ensures ip_i5: i5(h);
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
