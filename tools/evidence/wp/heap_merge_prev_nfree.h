/* SPDX-License-Identifier: MIT */
/*
 * What the proofs of free_general's merge with a free predecessor P when
 * b's successor n is free share (heap_merge_prev_ntop.c: n the top;
 * heap_merge_prev_nin.c, with heap_merge_prev_nin.h: n listed, P grown
 * in place; the other cases: docs/evidence.md, Not proved), included after
 * heap_merge_prev.h, whose names (RP, RPW, P_, PW_, BSZ) they use:
 *  - the code's sizes when n is free: n's size NSZ (nw - HB_FREE), the
 *    code's sz once n is added (RSZ: b's size + n's), mw = pw + sz
 *    (RNMW, pre-state; NMW_ in the post-state, as \old) and the merged
 *    size RNMS / NMS_ (mw - HB_FREE), all uint32_t and exact (the
 *    preconditions bound them by 2^20); NATEND, the code's end test with
 *    these sizes;
 *  - MP_PRE_NFREE: n the header right after b (I1), free with only
 *    HB_FREE set (I1; I2: b before it is in use, so no HB_PREV_FREE),
 *    of size at least HB_MIN, and the three sizes' sum below 2^20 (the
 *    arena).
 * No assumption beyond those preconditions: definitions only.
 */
#ifndef EV_WP_HEAP_MERGE_PREV_NFREE_H
#define EV_WP_HEAP_MERGE_PREV_NFREE_H

#define NSZ ((uint32_t)(nw - HB_FREE))
#define RSZ ((uint32_t)(BSZ(w) + NSZ))
#define RNMW ((uint32_t)(RPW + RSZ))
#define RNMS ((uint32_t)(RNMW - HB_FREE))
#define NMW_ ((uint32_t)(PW_ + RSZ))
#define NMS_ ((uint32_t)(NMW_ - HB_FREE))
#define NATEND ((uint8_t *)RP + RNMS == h->end)

#define MP_PRE_NFREE \
    requires n == B(h, off(h, b) + BSZ(w)) && (nw & 7) == HB_FREE && HB_MIN <= NSZ; \
    requires RPW - HB_FREE + BSZ(w) + NSZ < 1048576;

#endif
