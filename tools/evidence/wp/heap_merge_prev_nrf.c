/* SPDX-License-Identifier: MIT */
/*
 * WP proof of free_general (kernel/heap.c) merging a block b (in use,
 * header word w with HB_PREV_FREE) into its free predecessor P (pfb_ok,
 * heap_merge_prev.h), in the case n_refile: b's successor n (header
 * word nw) is free and listed (not the top), so list_unlink(h, n) takes
 * n out of its list and the code adds n's size; the merged block (P's
 * size + b's + n's) does not reach the end sentinel and the code's
 * same-class test fails (!NATEND && !NSAME), so list_unlink(h, P) and
 * put_free(h, P, size) in its listed case. n and P are not neighbours
 * in one list (MP_PRE_NAPART, heap_merge_prev_nin.h). For a heap with
 * i5 (heap_i5.c) and the blocks the call touches as I1-I4 describe them
 * locally (the preconditions), it proves:
 *  - the result is VOS_OK; free_bytes grows by exactly b's size (I6:
 *    n's and P's bytes were free already), frees by one;
 *  - b's header word, now dead bytes inside P, says w | HB_FREE, its
 *    check word sealing it (the double-free rule);
 *  - P's header says (P's size + b's + n's) | HB_FREE with its check
 *    word sealing it (I1, I2), the merged block's boundary tag (n's last
 *    word) holds P (I3);
 *  - P is the head of a list k with its back link to the list head
 *    (I4's links); every list head is the old one, n's or P's old
 *    successor, or P; the top and top_size are unchanged;
 *  - i5 holds (I5), as its four parts i5_sl, i5_sl_hi, i5_fl, i5_fl_hi
 *    (i5 is their conjunction), one postcondition each;
 *  - nothing else is written (assigns: refile's locations, with n's
 *    referrer and the back link of n's successor: that back link is in
 *    the set of back links, beside P's successor's and the list heads',
 *    since put_free's clause names the back links of the list heads at
 *    its call, n's old successor among them, as one set, which WP shows
 *    inside one of the caller's locations).
 * Every memory access valid, no shift out of range (-wp-rte).
 * The goals are split over six runs: heap_merge_prev_nrf (no
 * -wp-split) all but nr_bytes, nr_frees, nr_dead, nr_dcheck,
 * nr_top_size, nr_top, nr_msize, nr_mcheck and nr_tag; heap_merge_prev_nrf_split
 * (heap_merge_prev_nrf_sep.c: with nr_bsep, without i5_frame;
 * -wp-split, one goal per path) nr_bytes, nr_dead and nr_top_size;
 * heap_merge_prev_nrf_frames (heap_merge_prev_nrf_frames.c: the same
 * and the quantified header frame facts; -wp-split) nr_top,
 * nr_msize, nr_mcheck and nr_tag; heap_merge_prev_nrf_frees (the same
 * file and options, a run of its own) nr_frees (CVC4 11 to 12 s at a
 * load average of 9 to 10, 0.38 million steps; in the other contexts
 * 16.5 s or past 60 s); heap_merge_prev_nrf_dcheck (the file and
 * options of heap_merge_prev_nrf_split) nr_dcheck, its goal on the path
 * through list_unlink(h, n), list_unlink(h, P) and put_free by a
 * committed script (sessions/heap_merge_prev_nrf_dcheck: WP's tactic
 * Filter, which erases the hypotheses that share no term with the
 * goal, then CVC4: 12.8 to 15.1 s at a load average of 8.5, 0.45
 * million steps; without the tactic, past 60 s in every context tried);
 * heap_merge_prev_nrf_asg (the same file and options) the assigns
 * clause, 685 goals, two of them (put_free's back links of the list
 * heads, normal and exit, on that path) by committed scripts
 * (sessions/heap_merge_prev_nrf_asg: Filter, then CVC4, 4.4 to 10.2 s;
 * without the tactic, past 60 s), CVC4 at most 11.3 to 11.7 s on the
 * others (assigns_normal_part186, 0.47 million steps; load average 1
 * to 6).
 * prev_free_block's and hb_valid's contracts (heap_merge_prev.h) are
 * proved by the heap_merge_prev_pfb run, cs_fn by heap_take_lemmas,
 * list_unlink's and put_free's contracts by heap_i5 and heap_put, their
 * frame facts of heap_merge_frame.h by heap_merge_frame: here they are
 * assumed; the quantified header frame facts (heap_merge_prev_frame.h,
 * proved by heap_merge_prev_frame) only in the run
 * heap_merge_prev_nrf_frames.
 *
 * The model (assumptions; docs/evidence.md lists them): heap_model.h's
 * (B, tagp, seal), WP's Typed+cast memory model, heap_i5.c's Flat_memory
 * and slot_at (list_unlink's tests whether n's and P's back links are
 * list heads), heap_free_model.h's off(h, b), heap_take.c's clz_fn, and
 * the preconditions: heap_merge_prev_refile.c's (MP_PRE_BP, MP_PRE_LINK,
 * and MP_PRE_NEIGH_T and MP_PRE_TAG_T with the merged size RNMS) but
 * MP_PRE_N, n free (MP_PRE_NFREE) and listed (MP_PRE_NLIST) and apart
 * from P in the lists (MP_PRE_NAPART: in a
 * consistent heap a referrer is a list head or a block's next_free,
 * never a pprev field), and the case itself (!NATEND && !NSAME).
 * nr_psize (P's size word apart from the bitmaps and counters) follows
 * from MP_PRE_BP's \separated(RP, h), and nr_bsep (b's header words apart
 * from the counters, the bitmaps, top_size and P's header words) from
 * its \separated(b, h) and \separated(RP, b): they add nothing, and are
 * stated as ground facts for the provers (nr_bsep only in the run
 * heap_merge_prev_nrf_split, with which nr_bytes proves in 2.5 s;
 * without it, it timed out).
 * n and P neighbours in one list: the same contract with NR_NCASE set
 * to MP_PRE_NPN (P just before n, heap_merge_prev_nnb.h) or MP_PRE_NNP
 * (n just before P) is proved by the same six runs' cases (each .wp
 * file's case lines set NR_NCASE with -D): heap_merge_prev_nrf_pn,
 * _pn_split, _pn_frames, _pn_frees, _pn_dcheck, _pn_asg and the same
 * with _np (the np case's frames run by a committed script for nr_msize,
 * sessions/heap_merge_prev_nrf_np_frames; the dcheck and asg runs' cases
 * share their scripts). Not proved here either:
 * that heap_free calls free_general with these preconditions met.
 *
 * The code proved is kernel/heap.c itself, included (through heap_take.c,
 * heap_put.c and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_take.c"
#include "heap_merge_frame.h"
#ifdef EV_WP_NRF_FRAMES
#include "heap_merge_prev_frame.h"
#endif
/* heap_merge_prev_nrf_sep.c (the run heap_merge_prev_nrf_split): off(h,
 * b) only, as heap_free_model.h declares it, without its lemma i5_frame
 * (proved by heap_free_lemmas: leaving it out assumes nothing; these
 * goals do not use it, put_free's contract giving i5 after the call). */
#ifdef EV_WP_NRF_NO_I5FRAME
#define EV_WP_HEAP_FREE_MODEL_H
/*@ axiomatic Offsets {
      logic integer off(vos_heap_t *h, blk_t *b);
    }
*/
#endif
#include "heap_free_model.h"
#include "heap_merge_prev.h"
#include "heap_merge_prev_nfree.h"
#include "heap_merge_prev_nin.h"
#include "heap_merge_prev_nnb.h"

/* This case never grows P in place: hb_tag (called only in that
 * branch) gets a precondition that cannot hold, proved at the call as
 * "not reached" (as heap_merge_prev_refile.c's rf_no_in_place). */
/*@ requires nr_no_in_place: \false; */
INLINE blk_t **hb_tag(const blk_t *b, uint32_t sz);

/* put_free files P in a list (its listed case): proved at the call. */
/*@ requires nr_listed: (uint8_t *)b + sz != h->end; */
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);

/* nr_psize and nr_bsep: implied by MP_PRE_BP (see the header); nr_bsep
 * only in the run heap_merge_prev_nrf_split (heap_merge_prev_nrf_sep.c). */
#define NR_PSIZE \
    requires nr_psize: \separated(&RP->size, &h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1]) && \
    \separated(&RP->size, &h->fl_map) && \separated(&RP->size, &h->free_bytes) && \
    \separated(&RP->size, &h->frees);
#ifdef EV_WP_NRF_BSEP
#define NR_BSEP \
    requires nr_bsep: \separated(&b->size, &h->free_bytes) && \separated(&b->check, &h->free_bytes) && \
    \separated(&b->size, &h->frees) && \separated(&b->check, &h->frees) && \
    \separated(&b->size, &h->top_size) && \separated(&b->check, &h->top_size) && \
    \separated(&b->size, &h->fl_map) && \separated(&b->check, &h->fl_map) && \
    \separated(&b->size, &h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1]) && \
    \separated(&b->check, &h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1]) && \
    \separated(&b->size, &RP->size) && \separated(&b->check, &RP->size) && \
    \separated(&b->size, &RP->check) && \separated(&b->check, &RP->check);
#else
#define NR_BSEP
#endif

/* n's and P's places in the lists: apart (MP_PRE_NAPART) by default; the
 * runs' cases set NR_NCASE (-DNR_NCASE=... in the .wp files' case lines)
 * to it or to a list-neighbour case (heap_merge_prev_nnb.h). */
#ifndef NR_NCASE
#define NR_NCASE MP_PRE_NAPART
#endif

/*@ MP_PRE_BP
    MP_PRE_LINK
    MP_PRE_NEIGH_T(RNMS)
    MP_PRE_NFREE
    MP_PRE_TAG_T(RNMS)
    MP_PRE_NLIST
    NR_NCASE
    requires !NATEND && !NSAME;
    NR_PSIZE
    NR_BSEP
    assigns h->free_bytes, h->frees, h->top, h->top_size, b->size, b->check,
            RP->size, RP->check, RP->next_free, RP->pprev, *tagp(RP, RNMS), *RP->pprev,
            *n->pprev,
            { x->pprev | blk_t *x; x == RP->next_free || x == n->next_free ||
              \exists integer k; 0 <= k < VOS_HEAP_CLASSES && x == h->lists[k] },
            h->lists[0 .. VOS_HEAP_CLASSES - 1],
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map;
    ensures nr_ok: \result == VOS_OK;
    ensures nr_bytes: h->free_bytes == \old(h->free_bytes) + BSZ(w);
    ensures nr_frees: h->frees == (uint32_t)(\old(h->frees) + 1);
    ensures nr_dead: b->size == (w | HB_FREE);
    ensures nr_dcheck: b->check == seal(w | HB_FREE, b);
    ensures nr_msize: P_->size == (NMS_ | HB_FREE);
    ensures nr_mcheck: P_->check == seal(P_->size, P_);
    ensures nr_tag: *tagp(P_, NMS_) == P_;
    ensures nr_top: h->top == \old(h->top);
    ensures nr_top_size: h->top_size == \old(h->top_size);
    ensures nr_head: \exists integer k; 0 <= k < VOS_HEAP_CLASSES &&
            h->lists[k] == P_ && P_->pprev == &h->lists[k];
    ensures nr_heads: \forall integer k; 0 <= k < VOS_HEAP_CLASSES ==>
            h->lists[k] == \old(h->lists[k]) || h->lists[k] == \old(n->next_free) ||
            h->lists[k] == \old(P_->next_free) || h->lists[k] == P_;
    ensures nr_i5_sl: i5_sl(h);
    ensures nr_i5_sl_hi: i5_sl_hi(h);
    ensures nr_i5_fl: i5_fl(h);
    ensures nr_i5_fl_hi: i5_fl_hi(h);
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
