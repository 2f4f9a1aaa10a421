/* SPDX-License-Identifier: MIT */
/*
 * What the proofs of free_general's merge with a free predecessor, one
 * case per run, share (heap_merge_prev_in.c: P grows in place;
 * heap_merge_prev_refile.c: P re-filed; the other cases:
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

/*@ requires \valid_read(&b->check);
    assigns \nothing;
    ensures hv_result: \result != 0 <==>
      (uint32_t)((uint32_t)(w ^ b->check) ^ (uint32_t)(uintptr_t)b) == HB_MAGIC; */
INLINE int hb_valid(const blk_t *b, uint32_t w);

/*@ requires \valid_read(h);
    requires \valid_read(tagp((blk_t *)b, 0));
    requires \valid_read(&PFB_TAG(b)->size) && \valid_read(&PFB_TAG(b)->check);
    assigns \nothing;
    ensures pfb_found: pfb_ok{Pre}((vos_heap_t *)h, (blk_t *)b) ==> \result == PFB_TAG(b);
*/
static blk_t *prev_free_block(const vos_heap_t *h, const blk_t *b);

#define BSZ(w) ((w) & 0xFFFFFFF8u)                 /* w & ~HB_FLAGS */
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

#endif
