/* SPDX-License-Identifier: MIT */
/*
 * What the proofs of free_general's merge with a free predecessor, one
 * case per run, share (heap_merge_prev_in.c: P grows in place;
 * heap_merge_prev_refile.c: P re-filed; heap_merge_prev_top.c: P the
 * top; with n free, heap_merge_prev_nfree.h; the other cases:
 * docs/evidence.md), included after
 * heap_take.c (lclz, clz_fn, cs_fn) and heap_free_model.h (off):
 *  - pfb_ok(h, b), prev_free_block's acceptance test as the code computes
 *    it (heap_free_gen_pfb.h, shared with heap_merge_bad.c, whose run
 *    proves the refusal when it fails);
 *  - the contracts hv_result (hb_valid's result is its check-word test)
 *    and pfb_found (prev_free_block returns the tag's block when pfb_ok
 *    holds), proved by the heap_merge_prev_pfb run (the merge proofs
 *    assume them);
 *  - the names the merge contracts use (macros, so that the provers see
 *    the code's own terms), in the pre-state (R*) and as \old in the
 *    post-state (the names ending in _): P (the tag's block), its header
 *    word PW (P's size | HB_FREE), the code's mw = pw + sz (uint32_t;
 *    exact: the preconditions bound it by 2^20) and the merged size
 *    MS = mw - HB_FREE; ATEND, the code's end test (the merged block
 *    reaches the end sentinel), and SAME, the code's same-class test
 *    ((mw ^ pw) >> class_shift(pw)) == 0 with class_shift's result as
 *    cs_fn names it (heap_take.c: lclz, the clz_fn assumption).
 */
#ifndef EV_WP_HEAP_MERGE_PREV_H
#define EV_WP_HEAP_MERGE_PREV_H

#include "heap_free_gen_pfb.h"

/*@ HV_SPEC(hv_result:) */
INLINE int hb_valid(const blk_t *b, uint32_t w);

/*@ PFB_REQUIRES
    assigns \nothing;
    ensures pfb_found: pfb_ok{Pre}((vos_heap_t *)h, (blk_t *)b) ==> \result == PFB_TAG(b);
*/
static blk_t *prev_free_block(const vos_heap_t *h, const blk_t *b);

#define RP (*tagp(b, 0))
#define RPW (RP->size)
#define RMW ((uint32_t)(RPW + BSZ(w)))
#define RMS ((uint32_t)(RMW - HB_FREE))
#define P_ (\old(*tagp(b, 0)))
#define PW_ (\old((*tagp(b, 0))->size))
#define MW_ ((uint32_t)(PW_ + BSZ(w)))
#define MS_ ((uint32_t)(MW_ - HB_FREE))
#define ATEND ((uint8_t *)RP + RMS == h->end)
#define SAME (((uint32_t)(RMW ^ RPW) >> (uint32_t)((31 - SL) - (uint32_t)lclz(RPW | SMALL))) == 0)

/* The preconditions the three cases with n in use share, as clause lists
 * (each macro expands to whole requires or assigns clauses, so the runs
 * see exactly the clauses once written out in each file: frama-c -print
 * of each run is unchanged).
 * MP_PRE_BP: b, a block in use saying HB_PREV_FREE, apart from the
 * descriptor; P (RP), the block the tag before b names, accepted by
 * prev_free_block, free (RPW: its size | HB_FREE) and just before b.
 * MP_PRE_LINK: P listed (I4): its back link points to it
 * (MP_PRE_LINK_OF(X) for a block X).
 * MP_PRE_NEIGH: the rest of P's list neighbourhood (I4), for the cases
 * that move P: its back link is a list head or another block's link; its
 * successor is valid (MP_PRE_LISTED(X, MS) for a block X, its successor
 * apart from the merged block's tag); P is a list head only where its
 * back link says.
 * MP_PRE_N: n, the next header, a block in use, apart from b, P and the
 * descriptor.
 * MP_PRE_TAG: the merged block's boundary tag (b's last word) apart from
 * what else is written or read.
 * MP_ASSIGNS_MOVE: what the cases that move P (refile, to_top) write.
 * The _T forms take the merged size MS (MP_PRE_NEIGH and MP_PRE_TAG pass
 * RMS; the cases with n free, heap_merge_prev_nfree.h, pass theirs);
 * MP_ASSIGNS_HEAD (the counters and the top) followed by
 * MP_ASSIGNS_TAIL(MS) (b's and P's headers, P's links and tag, P's
 * referrer, the back links, the list heads, the bitmaps) is
 * MP_ASSIGNS_MOVE less n's header.
 * MP_ENS_TOP(X, MS): what the cases that make P the top (to_top: X tt,
 * MS MS_; n_top, heap_merge_prev_ntop.c: nt, its NMS_) ensure of P, the
 * top and P's old list neighbourhood, as the clauses X_merged, X_top,
 * X_heads, X_gone, X_succ and X_keep. */
#define MP_PRE_BP \
    requires \valid(h) && i5(h); \
    requires \valid(b) && \separated(b, h) && b == B(h, off(h, b)); \
    requires (w & HB_FREE) == 0 && (w & HB_PREV_FREE) != 0 && b->size == w; \
    requires HB_MIN <= BSZ(w) && BSZ(w) % 8 == 0; \
    requires h->free_bytes + BSZ(w) <= 4294967295; \
    requires \valid_read(tagp(b, 0)) && pfb_ok(h, b); \
    requires \valid(RP) && \separated(RP, h) && \separated(RP, b); \
    requires RPW % 8 == HB_FREE && HB_MIN <= RPW - HB_FREE; \
    requires RP == B(h, off(h, b) - (RPW - HB_FREE)); \
    requires RPW - HB_FREE + BSZ(w) < 1048576;
#define MP_PRE_LINK MP_PRE_LINK_OF(RP)
#define MP_PRE_LINK_OF(X) \
    requires \valid(X->pprev) && *X->pprev == X && \separated(X->pprev, X) && \
    \separated(X->pprev, b);
#define MP_PRE_NEIGH MP_PRE_NEIGH_T(RMS)
#define MP_PRE_NEIGH_T(MS) \
    MP_PRE_LISTED(RP, MS) \
    requires \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==> \
    \valid(h->lists[k]) && \separated(h->lists[k], h) && \separated(h->lists[k], b) && \
    \separated(tagp(RP, MS), h->lists[k]) && \
    (h->lists[k] == RP ? RP->pprev == &h->lists[k] : \separated(h->lists[k], RP));
#define MP_PRE_LISTED(X, MS) \
    requires (slot_at(h, X->pprev) < sizeof(h->lists) && \
    X->pprev == &h->lists[slot_at(h, X->pprev) / sizeof(blk_t *)]) || \
    \separated(X->pprev, h); \
    requires X->next_free != \null ==> \
    \valid(X->next_free) && \separated(X->next_free, h) && \separated(X->next_free, X) && \
    \separated(X->next_free, X->pprev) && \separated(X->next_free, b) && \
    \separated(tagp(RP, MS), X->next_free);
#define MP_PRE_N \
    requires n == B(h, off(h, b) + BSZ(w)) && n->size == nw && (nw & HB_FREE) == 0; \
    requires \valid(&n->size) && \valid(&n->check); \
    requires \separated(n, b) && \separated(n, h) && \separated(n, RP);
#define MP_PRE_TAG MP_PRE_TAG_T(RMS)
#define MP_PRE_TAG_T(MS) \
    requires \valid(tagp(RP, MS)) && \separated(tagp(RP, MS), h) && \
    \separated(tagp(RP, MS), RP) && \separated(tagp(RP, MS), b) && \
    \separated(tagp(RP, MS), RP->pprev);
#define MP_ASSIGNS_MOVE MP_ASSIGNS_HEAD n->size, n->check, MP_ASSIGNS_TAIL(RMS)
#define MP_ASSIGNS_HEAD assigns h->free_bytes, h->frees, h->top, h->top_size,
#define MP_ASSIGNS_TAIL(MS) \
    b->size, b->check, \
    RP->size, RP->check, RP->next_free, RP->pprev, *tagp(RP, MS), *RP->pprev, \
    { x->pprev | blk_t *x; x == RP->next_free || \
    \exists integer k; 0 <= k < VOS_HEAP_CLASSES && x == h->lists[k] }, \
    h->lists[0 .. VOS_HEAP_CLASSES - 1], \
    h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map;
#define MP_ENS_TOP(X, MS) \
    ensures X##_merged: P_->size == (MS | HB_FREE) && P_->check == seal(MS | HB_FREE, P_); \
    ensures X##_top: h->top == P_ && h->top_size == MS; \
    ensures X##_heads: \forall integer k; 0 <= k < VOS_HEAP_CLASSES ==> \
            h->lists[k] != P_ && \
            (h->lists[k] == \old(h->lists[k]) || h->lists[k] == \old(P_->next_free)); \
    ensures X##_gone: *\old(P_->pprev) == \old(P_->next_free); \
    ensures X##_succ: \old(P_->next_free) != \null ==> \
            \old(P_->next_free)->pprev == \old(P_->pprev); \
    ensures X##_keep: P_->next_free == \old(P_->next_free) && P_->pprev == \old(P_->pprev) && \
            *tagp(P_, MS) == \old(*tagp(P_, MS));

#endif
