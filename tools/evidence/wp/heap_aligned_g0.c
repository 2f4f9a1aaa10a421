/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc_aligned (kernel/heap.c) in the case "a listed block serves
 * the request with no gap" (its success path, first step): a valid heap,
 * the requests vos_heap_alloc_aligned sends here (as heap_aligned_fn.c:
 * align a power of two in [16, VOS_HEAP_MAX_REQUEST], size in [1,
 * VOS_HEAP_MAX_REQUEST], size + align + 64 < 2^20), the lists from class
 * cls_ceil(bs + align + HB_MIN) up (bs the code's block size,
 * bs_of(size)) not all empty, the lowest non-empty one being of class KF
 * (heap_alloc_list.h: a logic constant without axiom, so what is proved
 * for KF is proved for every class), and the payload of KF's head
 * already a multiple of align (the code's first gap, heap_aligned.c's
 * g0, is 0: the gap loop does not run and nothing is split off). The
 * code is kernel/heap.c itself, included whole (through heap_alloc.c);
 * this file adds contracts only.
 *
 * PROVED by the heap_aligned_g0 run (-wp-split; 820 goals, its .wp
 * selects them): under the contract below,
 *  - g_res, g_lock: VOS_OK, the lock state restored;
 *  - g_out: *out is the payload (head + HB_HDR) of the old head of list
 *    KF; g_align: that payload's address, (uintptr_t)head + HB_HDR as
 *    the code computes it, is a multiple of align (the function's point);
 *  - every memory access of heap_alloc_aligned (-wp-rte's assertions),
 *    the gap loop's invariant and variant (again, in this context),
 *    find_class's preconditions (fc_read, fc_idx, fc_i5), and that
 *    take_top is not called in this case (ag_no_top below).
 * PROVED by the heap_aligned_g0_req_lo and heap_aligned_g0_req_hi runs
 * (heap_aligned_g0_req.wp, not split, 60 goals each: one per path of
 * the code's block size, AG_BSP above): every precondition of every
 * call (class_ceil, arch_lock, find_class, take with its split and whole
 * behaviors' requires, arch_unlock, alloc_failed; the gap split's calls
 * and take_top shown unreachable). With -wp-split and both paths in one
 * run, the calls' preconditions were about 1600 goals; not split and
 * both paths, take's timed out at 30 s.
 * These use the contracts of the callees (class_ceil, find_class, take:
 * proved on the code by their own runs), whose preconditions are so met.
 * PROVED by the heap_aligned_g0_lemmas run (14 lemmas) and, for the
 * integer facts of heap_aligned_g0_arith.h, the heap_aligned_g0_arith
 * run (5): ag_lo_of and ag_hi_of (from heap_ok and found(h,
 * cls_ceil(bs_of(size) + align + HB_MIN), KF), the case preconditions
 * ag_lo and ag_hi: the found class in fx_kf's terms at the code's
 * class_ceil argument, and take's preconditions, on each of the code's
 * block-size paths, as heap_alloc_list.c's al_lo and al_hi; through the
 * steps ag_kf, ag_as, ag_low1, ag_low2, ag_low, ag_take, ag_path),
 * ag_gc_of (ag_gc, the first gap as the code writes it, from ag_g0, by
 * ag_gap), ag_al_of (ag_al from ag_g0 and ag_addr, by heap_aligned.c's
 * g0_align), ag_chk_of (ag_chk, the code's checks in its terms),
 * ag_i5_keep (i5 over the write of *out), ag_out_head (*out none of the
 * list heads), ag_kfu_of and ag_osep_of (ag_kfu, ag_osep below). So
 * ag_lo, ag_hi, ag_gc, ag_al, ag_chk, ag_kfu and ag_osep are not
 * assumptions for a caller with heap_ok and the case (nor ag_bslo,
 * ag_bshi: heap_alloc.c's bs_of_lo, bs_of_hi, heap_alloc_lemmas);
 * ag_ok asks only part of heap_ok (arena, i5) and out_ok (heap_alloc.c).
 *
 * Assumptions: heap_alloc.c's (its header: the lock's contracts, the
 * included files' axioms, heap_class.h's find_class, heap_aligned.c's
 * C_low_bits: round_up gives g0's value), heap_ok and out_ok as
 * heap_alloc's preconditions (not proved kept by the operations); the
 * case itself: found (KF the lowest non-empty class from
 * cls_ceil(bs_of(size) + align + HB_MIN)), ag_g0 (the first gap is 0)
 * and ag_addr: the head's payload address plus align is below 2^32 (the
 * arena does not reach the last align bytes of the 32-bit address
 * space; round_up is stated for that range). ag_bsp is no assumption:
 * BS0 < HB_MIN or not, for every call. No axiom is added.
 *
 * PROVED by the heap_aligned_g0_ens_lo and heap_aligned_g0_ens_hi runs
 * (heap_aligned_g0_ens.wp, split, per path as the req runs, 792 goals
 * each): g_min, gs_hdr, gs_gone, gs_free, gw_list, gw_free.
 * PROVED by the heap_aligned_g0_i5_lo and heap_aligned_g0_i5_hi runs
 * (heap_aligned_g0_i5.wp, split, per path, with AG_FACTS: 924 goals
 * each, CVC4 at most 2.5-3.3 s at a load of 1-3): g_i5, gs_rest, gs_tag, gs_filed, gs_heads,
 * gw_hdr. AG_FACTS adds the preconditions ag_kfu, ag_bslo, ag_bshi,
 * ag_osep and the lemmas proving them (true otherwise: in the other
 * runs they slowed g_out).
 * PROVED by the heap_aligned_g0_asg_lo and heap_aligned_g0_asg_hi runs
 * (heap_aligned_g0_asg.wp, not split, per path, with AG_FACTS: 74 goals
 * each, Qed 70, CVC4 4 at most 1.1 s): the assigns clause (the lock
 * depth, *out, h's counters, bitmaps, list heads and the heads' back
 * links, and the words take writes at KF; the gap loop's loop assigns).
 * Split, both paths in one run, its parts from part271 on had timed
 * out at 30 s; split per path, 2867 goals a path, 225 s.
 * NOT PROVED here: the gap != 0 paths (the gap filed as a free block, the rest
 * refiled or made the top, HB_PREV_FREE set after take), the top case
 * (take_top); heap_alloc_aligned's whole contract (these cases joined,
 * as heap_alloc.c's behaviors).
 */
#include "heap_alloc.c"
#include "heap_alloc_list.h"
#include "heap_aligned_g0_arith.h"
#include "heap_aligned_case.h"

/* BS0, AS, PAY, GAPC, GB, GFOUND, AG_CHK, AG_ADDR: heap_aligned_case.h.
 * GB's terms (heap_alloc.c's X macros at KF). */
#define GO   (boff(h, h->lists[KF]))
#define GW   (h->lists[KF]->size)
#define GS   (h->lists[KF]->size - HB_FREE)
#define GNX  (h->lists[KF]->next_free)
#define GR   (shift(h->lists[KF], BS))
#define GN   (shift(h->lists[KF], (uint32_t)(h->lists[KF]->size - HB_FREE)))
#define GTAG (tagp(shift(h->lists[KF], BS), (uint32_t)((uint32_t)(h->lists[KF]->size - BS) - HB_FREE)))
#define GSPLIT (\old(GS) - BS >= HB_MIN)
/* *out apart from the blocks take writes at KF for block size x, its
 * tag and KF's old successor (out_ok's clauses at KF and x). */
#define AG_OSEP(x) (\separated(out, GB) && \separated(out, shift(GB, x)) && \
  \separated(out, &shift(GB, x)->pprev) && \
  \separated(out, tagp(shift(GB, x), (uint32_t)((uint32_t)(GW - (x)) - HB_FREE))) && \
  \separated(out, GN) && (GNX != \null ==> \separated(out, GNX)))
/* The case on the path where the code's block size is x: the found class
 * in fx_kf's terms at class_ceil's argument and its bounds (GFOUND), and
 * take's preconditions at the block size and class as the call writes
 * them. */
#define GPATH(x) (GFOUND(x) && \
  take_pre(h, (uint32_t)KF, x) && (x) + HB_FREE <= h->lists[(uint32_t)KF]->size)

/*@ // Steps (proved: heap_aligned_g0_lemmas). The uint32_t casts of the
    // code's expressions are the values themselves in these ranges.
    lemma ag_kf: 0 <= KF < VOS_HEAP_CLASSES ==> (uint32_t)KF == KF && (int32_t)KF == KF;
    lemma ag_as: \forall integer x, align; 0 <= x && 16 <= align <= 524288 &&
      x + align + HB_MIN < 4294967296 ==> AS(x) == x + align + HB_MIN;
    // A list found from class cls_ceil(s) up holds s bytes (listed's
    // cls_low and heap_class_scheme.h's ceil_holds), so any request
    // bs <= s: take's preconditions (listed).
    lemma ag_low1: \forall integer s, k; 1 <= s < 1048576 &&
      cls_ceil(s) <= k < VOS_HEAP_CLASSES ==> 0 <= k && s <= cls_low(k);
    lemma ag_low2{L}: \forall vos_heap_t *h, integer k; listed(h) &&
      0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
        cls_low(k) + HB_FREE <= h->lists[k]->size;
    lemma ag_low{L}: \forall vos_heap_t *h, integer s, k;
      1 <= s < 1048576 && heap_ok(h) && found(h, cls_ceil(s), k) ==>
        0 <= k < VOS_HEAP_CLASSES && s + HB_FREE <= h->lists[k]->size;
    lemma ag_take{L}: \forall vos_heap_t *h, integer s, k, bs;
      1 <= s < 1048576 && heap_ok(h) && found(h, cls_ceil(s), k) &&
      HB_MIN <= bs <= s && bs % 8 == 0 ==>
        take_pre(h, k, bs) && bs + HB_FREE <= h->lists[k]->size;
    // The path's facts for a block size x the code may compute.
    lemma ag_path{L}: \forall vos_heap_t *h, integer x, align;
      HB_MIN <= x && x % 8 == 0 && 16 <= align <= 524288 && x + align + HB_MIN < 1048576 &&
      heap_ok(h) && found(h, cls_ceil(x + align + HB_MIN), KF) ==>
        GPATH(x);

    // The aligned case's facts at the found class for each of the code's
    // block sizes, from heap_ok (proved: heap_aligned_g0_lemmas).
    lemma ag_lo_of{L}: \forall vos_heap_t *h, integer size, align;
      0 <= size <= 4294967295 && (uint32_t)(size - 1) < 524288 &&
      16 <= align <= 524288 && size + align + 64 < 1048576 &&
      heap_ok(h) && found(h, cls_ceil(bs_of(size) + align + HB_MIN), KF) &&
      ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288) < HB_MIN ==>
        GPATH(HB_MIN);
    lemma ag_hi_of{L}: \forall vos_heap_t *h, integer size, align;
      0 <= size <= 4294967295 && (uint32_t)(size - 1) < 524288 &&
      16 <= align <= 524288 && size + align + 64 < 1048576 &&
      heap_ok(h) && found(h, cls_ceil(bs_of(size) + align + HB_MIN), KF) &&
      HB_MIN <= ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288) ==>
        GPATH((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288);

    // The code's first gap, in g0's terms (heap_aligned_g0_arith.h's ag_gap
    // at the found head; proved: heap_aligned_g0_lemmas).
    lemma ag_gc_of{L}: \forall vos_heap_t *h, uint32_t align;
      16 <= align <= 524288 && 0 <= KF < VOS_HEAP_CLASSES &&
      g0(PAY(h->lists[KF]), align) == 0 ==> GAPC(h->lists[KF]) == 0;
    // i5 carried from L1 to L2 when every list head and sl_map word is
    // the same: i5_sl from L1, the parts that read only the bitmaps at L2
    // (heap_alloc_list_ens5.c's i5_keep, restated here: that file's
    // context is heap_alloc's).
    lemma ag_i5_keep{L1,L2}: \forall vos_heap_t *h;
      i5_sl{L1}(h) && i5_sl_hi{L2}(h) && i5_fl{L2}(h) && i5_fl_hi{L2}(h) &&
      (\forall integer j; 0 <= j < VOS_HEAP_CLASSES ==> \at(h->lists[j], L1) == \at(h->lists[j], L2)) &&
      (\forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==> \at(h->sl_map[f], L1) == \at(h->sl_map[f], L2)) ==>
      i5{L2}(h);
*/

/* For the heap_aligned_g0_i5 and heap_aligned_g0_asg runs (and the
 * lemmas run, which proves them): AG_FACTS adds these lemmas and the
 * preconditions ag_kfu, ag_bslo, ag_bshi and ag_osep below, facts the
 * ensures g_i5 and gs_* need in the terms their goals use (and the
 * assigns clause, for take's call effect: take's locations at
 * (uint32_t)KF and the code's bs, the clause's at KF and bs_of(size)). The other runs leave them out:
 * with them heap_aligned_g0's g_out took CVC4 6.7-9 s (4.1 s without). */
#ifdef AG_FACTS
/*@ // The found class is its own uint32_t value (precondition ag_kfu; by
    // ag_low, bs_ok and ag_kf).
    lemma ag_kfu_of{L}: \forall vos_heap_t *h, integer size, align;
      1 <= size <= 524288 && 16 <= align <= 524288 && size + align + 64 < 1048576 &&
      heap_ok(h) && found(h, cls_ceil(bs_of(size) + align + HB_MIN), KF) ==>
        (uint32_t)KF == KF;
    // *out apart from what take writes at KF for a block size x the code
    // may compute (out_ok's clauses at KF and x; precondition ag_osep at
    // x = BS, with ag_lo, ag_hi, heap_alloc.c's bs_of_lo and bs_of_hi).
    lemma ag_osep_of{L}: \forall vos_heap_t *h, void **out, integer x, align;
      HB_MIN <= x && x % 8 == 0 && out_ok(h, out) && GPATH(x) ==> AG_OSEP(x);
    // *out is none of the list heads (out_ok's \separated(out, h)): the
    // write of *out keeps every head, stated per head.
    lemma ag_out_head: \forall vos_heap_t *h, void **out, integer j;
      \separated(out, h) && 0 <= j < VOS_HEAP_CLASSES ==>
      \separated(out, &h->lists[j]);
*/
#define AG_FACT(p) (p)
#else
#define AG_FACT(p) (0 == 0)
#endif

/* This case never calls take_top (find_class returns KF >= 0): a
 * precondition that cannot hold, so WP proves, as that call's
 * precondition, that heap_alloc_aligned does not reach the call here.
 * This contract serves only the runs on this file, which prove no other
 * function. */
/*@ requires ag_no_top: \false; */
INLINE blk_t *take_top(vos_heap_t *h, uint32_t bs);

/* The code's block-size path, for the heap_aligned_g0_req cases (bs
 * raised to HB_MIN, or the rounded size kept): AG_BSP is AG_LO || AG_HI
 * (always true) but in
 * those cases, where it is AG_LO in one and AG_HI in the other; one of
 * the two holds for every call, so together they cover the case. */
#define AG_LO (BS0 < HB_MIN)
#define AG_HI (HB_MIN <= BS0)
#ifndef AG_BSP
#define AG_BSP (AG_LO || AG_HI)
#endif
/*@ requires ag_bsp: AG_BSP;
    requires \valid(h) && h->tag == VOS_TAG_HEAP;
    requires 16 <= align <= VOS_HEAP_MAX_REQUEST && (align & (align - 1)) == 0;
    requires 1 <= size <= VOS_HEAP_MAX_REQUEST && size + align + 64 < 1048576;
    // What the path needs of heap_ok (heap_alloc.c: a caller with heap_ok
    // has these) and out apart from what is written.
    requires ag_ok: arena(h) && i5(h) && out_ok(h, out);
    // The case.
    // (found(h, cls_ceil(bs_of(size) + align + HB_MIN), KF), as ag_lo and
    // ag_hi below state it on each path: lemmas ag_lo_of, ag_hi_of.)
    requires ag_addr: AG_ADDR;
    requires ag_g0: g0(PAY(h->lists[KF]), align) == 0;
    // The same as the code writes it, at the code's index (lemma ag_gc_of).
    requires ag_gc: GAPC(h->lists[KF]) == 0;
    // The payload aligned (lemma ag_al_of, from ag_g0, ag_addr and
    // heap_aligned.c's g0_align).
    requires ag_al: PAY(h->lists[KF]) % align == 0;
    // The code's checks in its own terms (lemma ag_chk_of, from the
    // requires above).
    requires ag_chk: AG_CHK;
    // The case's consequences on each path (lemmas ag_lo_of, ag_hi_of).
    requires ag_lo: BS0 < HB_MIN ==> GPATH(HB_MIN);
    requires ag_hi: HB_MIN <= BS0 ==> GPATH(BS0);
    // With AG_FACTS (else true): the found class and the block size in
    // the code's terms on each path (lemmas ag_kfu_of, heap_alloc.c's
    // bs_of_lo, bs_of_hi), equalities the ensures' proofs substitute,
    // and *out apart from take's writes (lemma ag_osep_of at BS).
    requires ag_kfu: AG_FACT((uint32_t)KF == KF);
    requires ag_bslo: AG_FACT(BS0 < HB_MIN ==> bs_of(size) == HB_MIN);
    requires ag_bshi: AG_FACT(HB_MIN <= BS0 ==> bs_of(size) == BS0);
    requires ag_osep: AG_FACT(AG_OSEP(BS));
    assigns ev_lock_depth, *out, h->free_bytes, h->min_free,
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map,
            h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev,
            GB->size, GB->check, GR->size, GR->check, GR->next_free, GR->pprev,
            *GTAG, GNX->pprev, GN->size, GN->check;
    ensures g_res: \result == VOS_OK;
    ensures g_lock: ev_lock_depth == \old(ev_lock_depth);
    ensures g_out: *out == (void *)((uint8_t *)\old(GB) + HB_HDR);
    ensures g_align: PAY(\old(GB)) % align == 0;
    ensures g_i5: i5(h);
    ensures g_min: h->min_free <= h->free_bytes;
    // take's split (heap_alloc.c's s_ clauses at KF).
    ensures gs_hdr: GSPLIT ==> hdr(h, \old(GO), BS);
    ensures gs_rest: GSPLIT ==>
      \old(GR)->size == (uint32_t)(\old(GW) - BS) &&
      \old(GR)->check == seal((uint32_t)(\old(GW) - BS), \old(GR));
    ensures gs_tag: GSPLIT ==> *\old(GTAG) == \old(GR);
    ensures gs_filed: GSPLIT ==> \exists integer j; 0 <= j < VOS_HEAP_CLASSES &&
      h->lists[j] == \old(GR) && \old(GR)->pprev == &h->lists[j];
    ensures gs_gone: GSPLIT ==> h->lists[KF] != \old(GB);
    ensures gs_heads: GSPLIT ==> \forall integer j; 0 <= j < VOS_HEAP_CLASSES ==>
      h->lists[j] == \old(h->lists[j]) || h->lists[j] == \old(GR) ||
      (j == KF && h->lists[j] == \old(GNX));
    ensures gs_free: GSPLIT ==> h->free_bytes == \old(h->free_bytes) - BS;
    // take's whole (heap_alloc.c's w_ clauses at KF).
    ensures gw_hdr: !GSPLIT ==> hdr(h, \old(GO), \old(GS));
    ensures gw_list: !GSPLIT ==> h->lists[KF] == \old(GNX);
    ensures gw_free: !GSPLIT ==> h->free_bytes == \old(h->free_bytes) - \old(GS);
*/
static inline int heap_alloc_aligned(vos_heap_t *h, size_t size, size_t align, void **out);
