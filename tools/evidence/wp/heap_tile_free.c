/* SPDX-License-Identifier: MIT */
/*
 * WP proof that the whole-heap model tiled(h) (heap_tile_model.h) gives,
 * at a block b that is tile i, in use, after a free tile (tile_b(i)),
 * the facts heap_free_merge_inv.c assumes at heap_free's entry as its
 * hi_* clauses (I1, I2, I4's top clause, I6), in their shape:
 * heap_tile_free.h's tf_facts(h, i), with PO := tG[i - 1], BO := tG[i],
 * NO := tG[i + 1]. Run heap_tile_free proves (ghost code only, not
 * kernel code, called by nothing):
 *  - tf_facts_fn, a lemma function: tiled(h), total < 2^20, arena(h),
 *    arena_sep(h) and tile_b(i) imply tf_facts(h, i) (each part its own
 *    assertion, from gseq, hdrs, the sentinel, counted and tile_top at
 *    tiles i - 1, i, i + 1 and the last, and the bit facts below);
 *  - tf_i6_fn, a lemma function: for a tile i in use, free_bytes +
 *    size(i) <= total (I6's sum: a ghost loop over the tiles, tS[k] plus
 *    size(i) once past i at most tG[k]);
 *  - the lemma tb_m8_1 ((x & ~7) & 1 == 0: WP's simplifier folds the
 *    constants), which with and_low3 gives x & 1 == 0 for x a multiple
 *    of 8 (n's word when n is in use).
 * Lemma functions, not ACSL lemmas: the facts are about tiles i - 1, i,
 * i + 1, and a lemma stated so is instantiated at every tile index the
 * provers see (each instance naming i - 1 and i + 1 again): CVC4 timed
 * out on such lemmas at 20 s, each proved in 0.1 s alone.
 *
 * Assumptions: the axioms of the context, of which the proof uses the
 * header words' bit axioms and_low3 (heap_aligned.c: x & ~7 == x - x % 8)
 * and low3_mod (heap_merge_class.h: x & 7 == x % 8), each also proved in
 * bit-vector logic (docs/evidence.md 2.4); arena_sep(h) and arena(h), as
 * for heap_tile (flat memory: used for n == h->top only when n is the
 * last tile). No new assumption. kernel/heap.c is included (through
 * heap_put.c, as heap_free_merge_inv.c does) for its types and constants
 * only; nothing of it is proved by this run.
 */
#include "heap_put.c"
#include "heap_aligned.c"
#include "heap_class_scheme.h"
#include "heap_merge_class.h"
#include "heap_tile_model.h"
#include "heap_tile_free.h"

/*@ // (x & ~7) & 1 == 0, proved by CVC4 (run heap_tile_free_lemmas):
    // with and_low3 (x & ~7 == x for x a multiple of 8), x & 1 == 0.
    lemma tb_m8_1: \forall integer x, y; y == (x & 4294967288) ==> (y & 1) == 0;
*/

/* I6 at a tile in use (a ghost loop: the induction). */
/*@ ghost
  /@ requires gseq(h->total) && counted(h) && h->total < 1048576 && 0 <= i < tn && tF[i] == 0;
     assigns \nothing;
     ensures tf_i6s: h->free_bytes + (tG[i + 1] - tG[i]) <= h->total;
  @/
  void tf_i6_fn(vos_heap_t *h, uint32_t i)
  {
      uint32_t k = 0;
      /@ assert i6_room: tn * HB_MIN <= h->total && tn <= 43690; @/
      /@ loop invariant i6_k: 0 <= k <= tn;
         loop invariant i6_sum: tS[k] + (k > i ? tG[i + 1] - tG[i] : 0) <= tG[k];
         loop assigns k;
         loop variant tn - k;
      @/
      while (k < tn) {
          /@ assert i6_step: tS[k + 1] == tS[k] + (tF[k] == 1 ? tG[k + 1] - tG[k] : 0); @/
          /@ assert i6_g: tG[k] <= tG[k + 1]; @/
          /@ assert i6_lt: k < i ==> tS[k + 1] <= tG[k + 1]; @/
          /@ assert i6_eq: k == i ==> tS[k + 1] + (tG[i + 1] - tG[i]) <= tG[k + 1]; @/
          /@ assert i6_gt: k > i ==> tS[k + 1] + (tG[i + 1] - tG[i]) <= tG[k + 1]; @/
          /@ assert i6_next: tS[k + 1] + (k + 1 > i ? tG[i + 1] - tG[i] : 0) <= tG[k + 1]; @/
          /@ assert i6_wrap: k + 1 <= tn <= 43690 && (uint32_t)(k + 1) == k + 1; @/
          k++;
      }
      /@ assert i6_end: tS[tn] + (tG[i + 1] - tG[i]) <= h->total; @/
  }
*/

/* Tile starts are HB_MIN or more bytes apart (hi_dist's shape), from the
 * tiling alone. */
/*@ ghost
  /@ requires gseq(h->total);
     assigns \nothing;
     ensures tf_distf: tf_dist;
  @/
  void tf_dist_fn(vos_heap_t *h)
  {
      /@ assert d_ord: \forall integer j1, j2; 0 <= j1 <= tn && 0 <= j2 <= tn &&
           tG[j1] < tG[j2] ==> j1 < j2; @/
      /@ assert d_ok: \forall integer j1, j2; 0 <= j1 <= tn && 0 <= j2 <= tn &&
           tG[j1] < tG[j2] ==> tG[j1] + HB_MIN <= tG[j2]; @/
  }
*/

/* The instances of tiled(h) at tiles i - 1, i, i + 1 and the last that
 * the facts need, one clause each (K: ensures of tf_inst_fn, requires of
 * tf_ground_fn): the quantified model in context, one instance to find. */
#define TF_INST(K) \
     K e_ib: 1 <= i < tn && tF[i] == 0 && tF[i - 1] == 1 && tn <= 43690; \
     K e_end: tG[tn] == h->total; \
     K e_al: tG[i - 1] % 8 == 0 && tG[i] % 8 == 0 && tG[i + 1] % 8 == 0; \
     K e_al2: i + 1 < tn ==> tG[i + 2] % 8 == 0; \
     K e_lo: 0 <= tG[i - 1]; \
     K e_pw: tG[i] - tG[i - 1] >= HB_MIN && tG[i + 1] - tG[i] >= HB_MIN; \
     K e_pw2: i + 1 < tn ==> tG[i + 2] - tG[i + 1] >= HB_MIN; \
     K e_hi: tG[i + 1] <= h->total && (i + 1 < tn ==> tG[i + 2] <= h->total); \
     K e_last: i + 1 < tn - 1 ==> tG[i + 1] + HB_MIN <= tG[tn - 1] && \
       tG[tn - 1] % 8 == 0 && tG[tn - 1] <= h->total; \
     K e_fp: i >= 2 ==> tF[i - 2] == 0; \
     K e_fn: i + 1 < tn ==> (tF[i + 1] == 0 || tF[i + 1] == 1); \
     K e_fl: tF[tn - 1] == 0 || tF[tn - 1] == 1; \
     K e_hp: hdr(h, tG[i - 1], hword(i - 1)); \
     K e_hb: hdr(h, tG[i], hword(i)); \
     K e_hn: i + 1 < tn ==> hdr(h, tG[i + 1], hword(i + 1)); \
     K e_sent: hdr(h, h->total, 2 * tF[tn - 1]); \
     K e_top: (tF[tn - 1] == 1 ==> h->top == B(h, tG[tn - 1])) && \
       (tF[tn - 1] == 0 ==> h->top == \null); \
     K e_i6: h->free_bytes + (tG[i + 1] - tG[i]) <= h->total; \
     K e_valid: \valid(&B(h, tG[i + 1])->size); \
     K e_sep: i + 1 < tn - 1 ==> hsep(h, tG[i + 1], tG[tn - 1]);

/*@ ghost
  /@ requires tiled(h) && h->total < 1048576 && arena(h) && arena_sep(h) && tile_b(i);
     assigns \nothing;
     TF_INST(ensures)
     ensures e_dist: tf_dist;
  @/
  void tf_inst_fn(vos_heap_t *h, uint32_t i)
  {
      tf_i6_fn(h, i);
      tf_dist_fn(h);
  }
*/

/* The facts from those instances (no quantified hypothesis). */
/*@ ghost
  /@ TF_INST(requires)
     requires h->total < 1048576;
     assigns \nothing;
     ensures g_offs: tf_offs(h, i);
     ensures g_bw: tf_bw(h, i);
     ensures g_bsz: tf_bsz(h, i);
     ensures g_i6: tf_i6(h, i);
     ensures g_prev: tf_prev(h, i);
     ensures g_nfree: tf_nfree(h, i);
     ensures g_ntop: tf_ntop(h, i);
  @/
  void tf_ground_fn(vos_heap_t *h, uint32_t i)
  {
      // b: its word and size.
      /@ assert f_wb: hword(i) == tG[i + 1] - tG[i] + 2; @/
      /@ assert f_bw: tf_bw(h, i); @/
      /@ assert f_and: (TW(h, i) & 4294967288) == TW(h, i) - TW(h, i) % 8; @/
      /@ assert f_bsz0: (tG[i + 1] - tG[i] + 2) % 8 == 2; @/
      /@ assert f_bsz: tf_bsz(h, i); @/
      // P: its word (its predecessor in use, I2).
      /@ assert f_pf0: i - 1 == 0 || tF[i - 2] == 0; @/
      /@ assert f_pfa: i >= 2 ==> pfree(i - 1) == tF[i - 2]; @/
      /@ assert f_pfb: i == 1 ==> pfree(i - 1) == 0; @/
      /@ assert f_pf: pfree(i - 1) == 0; @/
      /@ assert f_wp: hword(i - 1) == tG[i] - tG[i - 1] + 1; @/
      /@ assert f_prev1: TW(h, i - 1) == tG[i] - tG[i - 1] + 1; @/
      /@ assert f_prev2: hdr(h, tG[i - 1], tG[i] - tG[i - 1] + 1); @/
      /@ assert f_prev: tf_prev(h, i); @/
      // n: the sentinel (says 0: b in use), or tile i + 1.
      /@ assert f_ns: i + 1 == tn ==> TW(h, i + 1) == 0; @/
      /@ assert f_ns1: i + 1 == tn ==> (TW(h, i + 1) & HB_FREE) == 0; @/
      /@ assert f_nw0: i + 1 < tn ==> hword(i + 1) == bsize(i + 1) + tF[i + 1]; @/
      /@ assert f_nw: i + 1 < tn ==> TW(h, i + 1) == bsize(i + 1) + tF[i + 1]; @/
      /@ assert f_nb: i + 1 < tn ==> bsize(i + 1) % 8 == 0 && HB_MIN <= bsize(i + 1); @/
      /@ assert f_nu0: i + 1 < tn && tF[i + 1] == 0 ==>
           (TW(h, i + 1) & 4294967288) == TW(h, i + 1); @/
      /@ assert f_nu: i + 1 < tn && tF[i + 1] == 0 ==> (TW(h, i + 1) & HB_FREE) == 0; @/
      /@ assert f_nf7: i + 1 < tn && tF[i + 1] == 1 ==> (TW(h, i + 1) & 7) == 1; @/
      /@ assert f_nfree: tf_nfree(h, i); @/
      // n the top: n is the last tile (headers apart, arena_sep), free.
      /@ assert f_nt0: B(h, tG[i + 1]) != \null; @/
      /@ assert f_nt2: i + 1 < tn - 1 ==> B(h, tG[i + 1]) != B(h, tG[tn - 1]); @/
      /@ assert f_nt4: tF[tn - 1] == 0 ==> B(h, tG[i + 1]) != h->top; @/
      /@ assert f_nt5: tF[tn - 1] == 1 && i + 1 < tn - 1 ==> B(h, tG[i + 1]) != h->top; @/
      /@ assert f_nt3: i + 1 < tn && tF[i + 1] == 1 && B(h, tG[i + 1]) == h->top ==>
           i + 1 == tn - 1; @/
      /@ assert f_nt6: (TW(h, i + 1) & HB_FREE) != 0 ==> i + 1 < tn && tF[i + 1] == 1; @/
      /@ assert f_nt7: i + 1 < tn && tF[i + 1] == 1 ==> tG[i + 1] + (TW(h, i + 1) - HB_FREE) == tG[i + 2]; @/
      /@ assert f_nt8: i + 1 == tn - 1 ==> tG[i + 2] == h->total; @/
      /@ assert f_ntop: tf_ntop(h, i); @/
  }
*/

/* tiled(h) at tile i gives tf_facts(h, i) (its contract: heap_tile_free.h). */
/*@ ghost
  void tf_facts_fn(vos_heap_t *h, uint32_t i)
  {
      tf_inst_fn(h, i);
      tf_ground_fn(h, i);
  }
*/
