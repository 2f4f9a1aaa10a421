/* SPDX-License-Identifier: MIT */
/*
 * The whole-heap block model of heap_tile.c (heap_tile_model.h: I1, I2,
 * I4's top clause and I6 stated over the whole arena, tiled(h)) and take,
 * the allocation from a free list (kernel/heap.c; heap_alloc's path
 * whenever find_class finds a list). PROVED: take keeps the model, under
 * preconditions the model cannot state (see "Proved" and "Not proved"
 * below).
 *
 * Proved (the run heap_tile_take, -wp-fct g_mono,g_use,g_cut):
 *  - g_mono: the prefix sums never decrease (tS[k] <= tS[i] for
 *    k <= i <= tn; an induction, as a ghost loop);
 *  - g_use: the model's update for take's whole case as a function of
 *    the old sequence: tile k (free, not the last) becomes allocated:
 *    tF[k] = 0, tS[i] lower by bsize(k) for i > k (a ghost loop); gseq
 *    kept (tiling, flags, adjacency, sums); every block's header word
 *    (hword) the same but block k's (now its size) and block k + 1's
 *    (HB_PREV_FREE gone: lower by 2);
 *  - g_cut: the update for take's split case: tile k (free, not the
 *    last, at least bs + HB_MIN bytes) becomes an allocated tile of bs
 *    bytes and a free tile of the rest inserted at k + 1; the tiles
 *    above move up one index (a ghost loop), their sums lower by bs; gseq
 *    kept; block i's header word for the new index i: the old one for
 *    i < k and (of block i - 1) for i >= k + 2, bs for k, the rest's
 *    size | HB_FREE for k + 1.
 * Proved (the run heap_tile_take_frame, -wp-fct take): two clauses this
 * file adds to take's contract (Frama-C merges them with heap_take.c's):
 *  - a default assigns clause, the union of take's behaviors' (WP's call
 *    rule reads only the default behavior's assigns: without it a call
 *    lets all memory change);
 *  - a behavior split_keep (the split case): the block after take's
 *    block (TK_N, at o + size) keeps its header words, which the union
 *    frame does not say (it names TK_N's header for the whole case);
 *    its preconditions are the headers apart from one another and from
 *    the descriptor (from arena(h) and arena_sep(h) at a call).
 *
 * Proved (the run heap_tile_take_join, -wp-fct g_facts,g_pre,g_and):
 *  - g_facts: the model's facts at tile k (free, not the last) from
 *    gseq alone;
 *  - g_pre: the model's facts at tile k before take, from tiled(h),
 *    arena(h) and arena_sep(h);
 *  - g_and: and_flag at one word (a small context for its instance).
 *
 * Proved (session 25):
 *  - the run heap_tile_take_same (-wp-fct take -wp-prop tk_same): a
 *    third clause this file adds to take's contract, tk_same (take keeps
 *    h->top, h->top_size and h->total), on take's code (kernel/heap.c):
 *    9/9;
 *  - the run heap_tile_take_at (-wp-fct take_at,g_sep3): take_at, take
 *    with its effect on the arena's headers as one frame over offsets;
 *    its ghost parameters o, s, s1 name the block's offset and size and
 *    the next block's size, so its ensures are stated in the caller's
 *    terms (the next block's header after the whole case is s1, through
 *    g_and); g_sep3: the three headers take writes apart from one
 *    another and from every other header, in either order (arena_sep
 *    states o1 < o2 only), in a small context: 145/145 (CVC4 and Z3:
 *    CVC4 answers unknown on g_sep3's p_lo);
 *  - the run heap_tile_take_post (-wp-fct g_post_cut,g_post_use,
 *    g_join_hdrs): after the split case (g_post_cut, calling g_cut) and
 *    the whole case (g_post_use, calling g_use), take_at's header facts
 *    in the old sequence's terms are the model's headers, sentinel, sums
 *    and last block; g_join_hdrs joins the headers below k, at k, k + 1
 *    and above into every block's (a ghost loop, one case an iteration;
 *    heap_tile_join_hdrs.h, one text with heap_tile_put_at.c's):
 *    107/107;
 *  - the run heap_tile_take_fn (-wp-fct tile_take): tile_take (calls
 *    take_at, then g_post_cut or g_post_use): take keeps the whole-heap
 *    model (gseq, hdrs, the sentinel, counted, tile_top after the call)
 *    and returns tile k, now allocated, of at least bs bytes, with
 *    free_bytes lower by exactly its size: 185/185.
 * So take keeps the whole-heap model (I1, I2, I4's top clause, I6), under
 * tile_take's preconditions.
 *
 * The model here has no lists, so that the head of lists[idx] is a free
 * tile k that is not the top, holding at least bs bytes, is a
 * precondition here (tk_tile, tk_top), as are take's own list
 * preconditions. heap_list_take.c's lt_pre proves them all (the macro
 * TT_PRE, heap_tile_take.h, is both texts) at the head find_class picks
 * on a heap with the free-list model tlisted(h) and its flat-memory
 * facts. NOT PROVED: that heap_alloc's and heap_alloc_aligned's heaps
 * are in that model at the call (heap_alloc's contract is not composed
 * with it); I3 (boundary tags) is not in the model. Session 24's trial
 * (7 of 382 goals open) and how they closed: docs/evidence.md Appendix
 * A, "tile_take".
 *
 * Assumptions (docs/evidence.md lists them): heap_tile.c's (heap_model.h's
 * arena model, arena_sep, or_flag), heap_take.c's (boff, clz_fn) and
 * and_flag, an axiom (for 0 <= x < 2^32 - 2 a multiple of 8,
 * (x + 2) & ~HB_PREV_FREE == x: C11 6.5.10, bit 1 of x is 0), used by g_and
 * (its instance at one word; g_and is called by take_at). tile_take's
 * preconditions add what the model cannot state, having no lists (above).
 *
 * The code is kernel/heap.c itself, included (through heap_take.c)
 * whole: this file adds contracts, ghost state and two C functions
 * (take_at, tile_take).
 */
#include "heap_take.c"
#include "heap_tile_model.h"
#include "heap_tile_take.h"
#include "heap_tile_cut.h"

/*@ axiomatic C_and_flag {
      axiom and_flag: \forall integer x; 0 <= x && x + 2 < 4294967296 && x % 8 == 0 ==>
        (uint32_t)((x + 2) & ~HB_PREV_FREE) == x;
    }
*/

/* take's frame as one clause (the union of heap_take.c's behaviors'
 * assigns), and the split case's untouched successor header (proved by
 * the heap_tile_take_frame run); tk_same, take keeps top, top_size and
 * total (proved by the heap_tile_take_same run: take_at reads it at the
 * call, where deriving h->total from the frame timed out). */
/*@ assigns TK_B->size, TK_B->check, TK_R->size, TK_R->check, TK_R->next_free, TK_R->pprev,
            *TK_TAG, TK_NX->pprev, TK_N->size, TK_N->check,
            h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev,
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map, h->free_bytes, h->min_free;
    ensures tk_same: h->top == \old(h->top) && h->top_size == \old(h->top_size) &&
      h->total == \old(h->total);
    behavior split_keep:
      assumes TK_S - bs >= HB_MIN;
      requires hsepp(TK_R, TK_N) && hsepp(TK_B, TK_N);
      requires \base_addr(TK_N) != \base_addr(h);
      ensures s_keep: \old(TK_N)->size == \old(TK_N->size) && \old(TK_N)->check == \old(TK_N->check);
*/
INLINE blk_t *take(vos_heap_t *h, uint32_t idx, uint32_t bs);

/* The headers at offsets a < a + bs <= a + s (take's block, the rest, the
 * next block) apart from one another and from every other header of the
 * arena, in either order (arena_sep states it for o1 < o2 only): a small
 * context for the facts take_at needs (proved by the heap_tile_take_at
 * run). */
/*@ ghost
  /@ requires \valid(h) && arena(h) && arena_sep(h);
     requires 0 <= a && 0 < bs <= s && a + s <= h->total && a % 8 == 0 && bs % 8 == 0 && s % 8 == 0;
     assigns \nothing;
     ensures p_ac: hsepp(B(h, a), B(h, a + s));
     ensures p_bc: bs < s ==> hsepp(B(h, a + bs), B(h, a + s));
     ensures p_q: \forall integer q; 0 <= q <= h->total && q % 8 == 0 &&
       q != a && q != a + bs && q != a + s ==>
       hsepp(B(h, q), B(h, a)) && hsepp(B(h, q), B(h, a + bs)) && hsepp(B(h, q), B(h, a + s)) &&
       \base_addr(B(h, q)) != \base_addr(h);
  @/
  void g_sep3(vos_heap_t *h, uint32_t a, uint32_t bs, uint32_t s)
  {
      /@ assert p_lo: \forall integer q, o; 0 <= q < o <= h->total && q % 8 == 0 && o % 8 == 0 ==>
           hsepp(B(h, q), B(h, o)) && hsepp(B(h, o), B(h, q)); @/
  }
*/

/* and_flag at one word, in a small context (proved by the run
 * heap_tile_take_join). */
/*@ ghost
  /@ requires x % 8 == 0 && x < 1048576;
     assigns \nothing;
     ensures n_and: (uint32_t)((x + 2) & ~HB_PREV_FREE) == x;
  @/
  void g_and(uint32_t x)
  {
  }
*/

/* take with its effect on the arena's headers as one frame over offsets:
 * every header at an offset other than o, o + bs, o + s (the block, the
 * rest, the next block) keeps its words. A C function of this file that
 * only calls take: its small context lets the provers do the memory
 * reasoning, which tile_take then only instantiates. Its ghost
 * parameters o, s, s1 (the block's offset and size, the next block's
 * size) state its ensures in the caller's terms (proved by the
 * heap_tile_take_at run). */
#define TA_PRE \
    \valid(h) && arena(h) && arena_sep(h) && i5(h) && \
    0 <= idx < VOS_HEAP_CLASSES && HB_MIN <= bs && bs % 8 == 0 && \
    TK_HEAD_PRE && bs + HB_FREE <= TK_W && TK_O + TK_S < h->total && \
    TK_HDR_PRE

/*@ requires TA_PRE;
    requires ta_os: o == TK_O && s == TK_S;
    requires ta_n: s1 % 8 == 0 && HB_MIN <= s1 && o + s + s1 <= h->total && hdr(h, o + s, s1 + 2);
    requires TK_S - bs >= HB_MIN ==> TK_SPLIT_OK;
    assigns TK_B->size, TK_B->check, TK_R->size, TK_R->check, TK_R->next_free, TK_R->pprev,
            *TK_TAG, TK_NX->pprev, TK_N->size, TK_N->check,
            h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev,
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map, h->free_bytes, h->min_free;
    ensures a_res: \result == \old(TK_B);
    ensures a_frame: \forall integer q; 0 <= q <= h->total && q % 8 == 0 &&
      q != o && q != o + bs && q != o + s ==>
      B(h, q)->size == \old(B(h, q)->size) && B(h, q)->check == \old(B(h, q)->check);
    ensures a_split: s - bs >= HB_MIN ==>
      hdr(h, o, bs) && hdr(h, o + bs, s - bs + 1) && hdr(h, o + s, s1 + 2) &&
      h->free_bytes == \old(h->free_bytes) - bs;
    ensures a_whole: s - bs < HB_MIN ==>
      hdr(h, o, s) && hdr(h, o + s, s1) && h->free_bytes == \old(h->free_bytes) - s;
    ensures a_min: h->min_free <= h->free_bytes;
    ensures a_same: h->top == \old(h->top) && h->top_size == \old(h->top_size) && h->total == \old(h->total);
*/
blk_t *take_at(vos_heap_t *h, uint32_t idx, uint32_t bs) /*@ ghost (uint32_t o, uint32_t s, uint32_t s1) */
{
    //@ assert t_os: o + s < h->total && s % 8 == 0 && bs <= s && (o + bs) % 8 == 0 && (o + s) % 8 == 0;
    /*@ ghost g_sep3(h, o, bs, s); */
    /*@ ghost g_and(s1); */
    //@ assert t_b: TK_B == B(h, o);
    //@ assert t_r: TK_R == B(h, o + bs);
    //@ assert t_n: TK_N == B(h, o + s);
    //@ assert t_nb: \base_addr(B(h, o + s)) != \base_addr(h);
    //@ assert t_ns: hsepp(TK_B, TK_N) && \base_addr(TK_N) != \base_addr(h) && \valid(&TK_N->size) && \valid(&TK_N->check);
    //@ assert t_rs: TK_S - bs >= HB_MIN ==> hsepp(TK_R, TK_N);
    //@ assert t_nw: TK_N->size == s1 + 2;
    //@ assert t_w: TK_W == s + 1 && (uint32_t)(TK_W - bs) == s - bs + 1;
    /*@ assert t_sep: \forall integer q; 0 <= q <= h->total && q % 8 == 0 &&
          q != o && q != o + bs && q != o + s ==>
          hsepp(B(h, q), TK_B) && hsepp(B(h, q), TK_R) && hsepp(B(h, q), TK_N) &&
          \base_addr(B(h, q)) != \base_addr(h); */
    blk_t *r = take(h, idx, bs);
    /*@ assert t_k0: s - bs >= HB_MIN ==>
          \at(TK_N, Pre)->size == \at(TK_N->size, Pre) && \at(TK_N, Pre)->check == \at(TK_N->check, Pre); */
    /*@ assert t_k1: s - bs >= HB_MIN ==>
          B(h, o + s)->size == \at(B(h, o + s)->size, Pre) && B(h, o + s)->check == \at(B(h, o + s)->check, Pre); */
    /*@ assert t_r0: s - bs >= HB_MIN ==>
          \at(TK_R, Pre)->size == (uint32_t)(\at(TK_W, Pre) - bs) &&
          \at(TK_R, Pre)->check == seal((uint32_t)(\at(TK_W, Pre) - bs), \at(TK_R, Pre)); */
    //@ assert t_r1: s - bs >= HB_MIN ==> hdr(h, o + bs, s - bs + 1);
    //@ assert t_same: h->top == \at(h->top, Pre) && h->top_size == \at(h->top_size, Pre) && h->total == \at(h->total, Pre);
    //@ assert t_wn: s - bs < HB_MIN ==> B(h, o + s)->size == (uint32_t)((s1 + 2) & ~HB_PREV_FREE);
    //@ assert t_free: h->free_bytes == \at(h->free_bytes, Pre) - (s - bs >= HB_MIN ? bs : s);
    return r;
}

/* The prefix sums never decrease: g_mono (heap_tile_mono.h; proved by
 * this run). */
#include "heap_tile_mono.h"

/* The whole case: tile k (free, not the last) becomes allocated. */
/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     requires 0 <= k && k + 1 < tn && tF[k] == 1;
     assigns tF[k], tS[k + 1 .. tn];
     ensures u_seq: gseq(total);
     ensures u_f: tF[k] == 0;
     ensures u_fo: \forall integer i; 0 <= i < tn && i != k ==> tF[i] == \old(tF[i]);
     ensures u_s: \forall integer i; k + 1 <= i <= tn ==> tS[i] == \old(tS[i]) - bsize(k);
     ensures u_wlo: \forall integer i; 0 <= i < k ==> hword(i) == \old(hword(i));
     ensures u_whi: \forall integer i; k + 1 < i < tn ==> hword(i) == \old(hword(i));
     ensures u_wk: hword(k) == bsize(k);
     ensures u_wk1: \old(hword(k + 1)) == bsize(k + 1) + 2 && hword(k + 1) == bsize(k + 1);
  @/
  void g_use(uint32_t k, uint32_t total)
  {
      /@ assert u_room: tn * HB_MIN <= total && tn <= 43690; @/
      /@ assert u_adj: tF[k + 1] == 0 && (k > 0 ==> tF[k - 1] == 0); @/
      g_mono(k + 1, total);
      uint32_t s = tG[k + 1] - tG[k];
      /@ assert u_sk: s == bsize(k) && tS[k + 1] == tS[k] + s; @/
      /@ assert u_ge: \forall integer i; k + 1 <= i <= tn ==> s <= tS[i]; @/
      tF[k] = 0;
      uint32_t j = k + 1;
      /@ loop invariant k + 1 <= j <= tn + 1;
         loop invariant \forall integer i; k + 1 <= i < j ==> tS[i] == \at(tS[i], Pre) - s;
         loop invariant \forall integer i; j <= i <= tn ==> tS[i] == \at(tS[i], Pre);
         loop assigns j, tS[k + 1 .. tn];
         loop variant tn + 1 - j;
      @/
      while (j <= tn) {
          tS[j] = tS[j] - s;
          j++;
      }
      /@ assert u_fl: \forall integer i; 0 <= i < tn ==> tF[i] == 0 || tF[i] == 1; @/
      /@ assert u_adj2: \forall integer i; 0 <= i && i + 1 < tn ==> !(tF[i] == 1 && tF[i + 1] == 1); @/
      /@ assert u_s0: tS[0] == 0; @/
      /@ assert u_sum_lo: \forall integer i; 0 <= i < k ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
      /@ assert u_sum_k: tS[k + 1] == tS[k] + (tF[k] == 1 ? bsize(k) : 0); @/
      /@ assert u_sum_hi: \forall integer i; k < i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
  }
*/

/* The split case on the tiles is CUT_TILES (heap_tile_cut.h says what it
 * states; heap_list_cut.c's cut_step states it too); g_cut adds the sums
 * above k, lower by bs, and the header words, which move with their
 * tiles. */
/*@ ghost
  /@ CUT_TILES
     ensures c_shi: \forall integer i; k + 2 <= i <= tn ==> tS[i] == \old(tS[i - 1]) - bs;
     ensures c_wlo: \forall integer i; 0 <= i < k ==> hword(i) == \old(hword(i));
     ensures c_wk: hword(k) == bs;
     ensures c_wk1: hword(k + 1) == \old(bsize(k)) - bs + 1;
     ensures c_whi: \forall integer i; k + 2 <= i < tn ==> hword(i) == \old(hword(i - 1));
  @/
  void g_cut(uint32_t k, uint32_t bs, uint32_t total)
  {
      /@ assert c_room: tn * HB_MIN <= total && tn <= 43690; @/
      /@ assert c_adj: k > 0 ==> tF[k - 1] == 0; @/
      uint32_t k1 = k + 1;
      /@ assert c_k1u0: k1 == k + 1; @/
      g_mono(k1, total);
      uint32_t s = tG[k1] - tG[k];
      /@ assert c_sk: s == bsize(k) && tS[k + 1] == tS[k] + s; @/
      /@ assert c_ge: \forall integer i; k + 1 <= i <= tn ==> bs <= tS[i]; @/
      uint32_t j = tn;
      /@ loop invariant k <= j <= tn;
         loop invariant \forall integer i; j < i <= tn ==>
           tG[i + 1] == \at(tG[i], Pre) && tS[i + 1] == \at(tS[i], Pre) - bs;
         loop invariant \forall integer i; j < i < tn ==> tF[i + 1] == \at(tF[i], Pre);
         loop invariant \forall integer i; 0 <= i <= j ==> tG[i] == \at(tG[i], Pre) && tS[i] == \at(tS[i], Pre);
         loop invariant \forall integer i; 0 <= i <= j && i < tn ==> tF[i] == \at(tF[i], Pre);
         loop assigns j, tG[k + 2 .. tn + 1], tF[k + 2 .. tn], tS[k + 2 .. tn + 1];
         loop variant j;
      @/
      while (j > k) {
          tG[j + 1] = tG[j];
          tS[j + 1] = tS[j] - bs;
          if (j < tn)
              tF[j + 1] = tF[j];
          j--;
      }
      uint32_t n1 = tn + 1;
      /@ assert c_k1u: k1 == k + 1 && n1 == tn + 1; @/
      tG[k1] = tG[k] + bs;
      tF[k] = 0;
      tF[k1] = 1;
      tS[k1] = tS[k];
      tn = n1;
      /@ assert c_ghi0: \forall integer i; k + 2 <= i <= tn ==> tG[i] == \at(tG[i - 1], Pre); @/
      /@ assert c_glo0: \forall integer i; 0 <= i <= k ==> tG[i] == \at(tG[i], Pre); @/
      /@ assert c_gk0: tG[k + 1] == \at(tG[k], Pre) + bs; @/
      /@ assert c_old: \forall integer j; k + 1 <= j < tn ==>
            \at(tG[j], Pre) - \at(tG[k + 1], Pre) >= (j - k - 1) * HB_MIN; @/
      /@ assert c_flo0: \forall integer i; 0 <= i < k ==> tF[i] == \at(tF[i], Pre); @/
      /@ assert c_fhi0: \forall integer i; k + 2 <= i < tn ==> tF[i] == \at(tF[i - 1], Pre); @/
      /@ assert c_slo0: \forall integer i; 0 <= i <= k ==> tS[i] == \at(tS[i], Pre); @/
      /@ assert c_shi0: \forall integer i; k + 2 <= i <= tn ==> tS[i] == \at(tS[i - 1], Pre) - bs; @/
      /@ assert c_adj1: \at(tF[k + 1], Pre) == 0 && tF[k] == 0 && tF[k + 1] == 1; @/
      /@ assert c_bhi: \forall integer i; k + 2 <= i < tn ==> bsize(i) == \at(bsize(i - 1), Pre); @/
      /@ assert c_al_pre: \forall integer i; 0 <= i <= \at(tn, Pre) ==> \at(tG[i], Pre) % 8 == 0; @/
      /@ assert c_al_k: tG[k + 1] % 8 == 0; @/
      /@ assert c_al_lo0: \forall integer i; 0 <= i <= k ==> tG[i] % 8 == 0; @/
      /@ assert c_al_lo: \forall integer i; 0 <= i <= k + 1 ==> tG[i] % 8 == 0; @/
      /@ assert c_al_hi: \forall integer i; k + 2 <= i <= tn ==> tG[i] % 8 == 0; @/
      /@ assert c_g: tG[0] == 0 && tG[tn] == total && 1 <= tn; @/
      /@ assert c_al: \forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0; @/
      /@ assert c_plo1: \forall integer i, j; 0 <= i <= j <= k ==> tG[j] - tG[i] >= (j - i) * HB_MIN; @/
      /@ assert c_plo2: \forall integer i; 0 <= i <= k ==> tG[k] - tG[i] >= (k - i) * HB_MIN; @/
      /@ assert c_plo3: \forall integer i; 0 <= i <= k + 1 ==> tG[k + 1] - tG[i] >= (k + 1 - i) * HB_MIN; @/
      /@ assert c_plo: \forall integer i, j; 0 <= i <= j <= k + 1 ==> tG[j] - tG[i] >= (j - i) * HB_MIN; @/
      /@ assert c_pk0: \forall integer j; k + 2 <= j <= tn ==> tG[j] - tG[k + 2] >= (j - (k + 2)) * HB_MIN; @/
      /@ assert c_pk2: tG[k + 2] - tG[k + 1] >= HB_MIN; @/
      /@ assert c_pk1: \forall integer j; k + 1 <= j <= tn ==> tG[j] - tG[k + 1] >= (j - (k + 1)) * HB_MIN; @/
      /@ assert c_phi2: \forall integer i, j; k + 2 <= i <= j <= tn ==> tG[j] - tG[i] >= (j - i) * HB_MIN; @/
      /@ assert c_phi: \forall integer i, j; k + 1 <= i <= j <= tn ==> tG[j] - tG[i] >= (j - i) * HB_MIN; @/
      /@ assert c_pw: \forall integer i, j; 0 <= i <= j <= tn ==> tG[j] - tG[i] >= (j - i) * HB_MIN; @/
      /@ assert c_fl: \forall integer i; 0 <= i < tn ==> tF[i] == 0 || tF[i] == 1; @/
      /@ assert c_fl_hi: \forall integer i; k + 2 <= i < tn ==> tF[i] == 0 || tF[i] == 1; @/
      /@ assert c_adj_hi: \forall integer i; k + 2 <= i && i + 1 < tn ==> !(tF[i] == 1 && tF[i + 1] == 1); @/
      /@ assert c_adj2: \forall integer i; 0 <= i && i + 1 < tn ==> !(tF[i] == 1 && tF[i + 1] == 1); @/
      /@ assert c_s0: tS[0] == 0; @/
      /@ assert c_sum_lo: \forall integer i; 0 <= i <= k ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
      /@ assert c_sum_k1: tS[k + 2] == tS[k + 1] + (tF[k + 1] == 1 ? bsize(k + 1) : 0); @/
      /@ assert c_sum_hi: \forall integer i; k + 2 <= i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
      /@ assert c_sum: \forall integer i; 0 <= i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
      /@ assert c_wk2: tn > k + 2 ==> hword(k + 2) == \at(hword(k + 1), Pre); @/
      /@ assert c_wh3: \forall integer i; k + 3 <= i < tn ==> hword(i) == \at(hword(i - 1), Pre); @/
  }
*/

/* The facts of the model the wrapper uses at tile k, derived from gseq
 * alone (a small context: proved by this run). */
/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     requires 0 <= k && k + 1 < tn && tF[k] == 1;
     assigns \nothing;
     ensures x_room: tn * HB_MIN <= total && tn <= 43690;
     ensures x_al: \forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0 && 0 <= tG[i] <= total;
     ensures x_k: tG[k + 1] - tG[k] >= HB_MIN && tG[k + 1] < total && tG[k + 2] - tG[k + 1] >= HB_MIN;
     ensures x_adj: tF[k + 1] == 0 && (k > 0 ==> tF[k - 1] == 0);
     ensures x_sum: tS[k + 1] == tS[k] + bsize(k);
     ensures x_w: hword(k) == bsize(k) + 1 && hword(k + 1) == bsize(k + 1) + 2;
     ensures x_lo: \forall integer i; 0 <= i < k ==> tG[i] + HB_MIN <= tG[k];
     ensures x_hi: \forall integer i; k + 1 < i <= tn ==> tG[k + 1] + HB_MIN <= tG[i];
  @/
  void g_facts(uint32_t k, uint32_t total)
  {
      /@ assert x_pw: \forall integer i, j; 0 <= i <= j <= tn ==> tG[j] - tG[i] >= (j - i) * HB_MIN; @/
      /@ assert x_k0: tG[k + 1] - tG[k] >= HB_MIN; @/
      /@ assert x_k2: tG[k + 2] - tG[k + 1] >= HB_MIN; @/
      /@ assert x_f: tF[k + 1] == 0 || tF[k + 1] == 1; @/
  }
*/

/* The model's facts at tile k before the call, from tiled(h), arena(h)
 * and arena_sep(h) alone (a small context: proved by this run). */
/*@ ghost
  /@ requires \valid(h) && arena(h) && arena_sep(h) && tiled(h);
     requires 0 <= k < tn && tF[k] == 1 && B(h, tG[k]) != h->top;
     requires HB_MIN <= bs && bs % 8 == 0 && bs <= bsize(k);
     assigns \nothing;
     ensures q_nl: k + 1 < tn && tn <= 43690;
     ensures q_geo: tG[k] % 8 == 0 && 0 <= tG[k] && bsize(k) % 8 == 0 && bsize(k) >= HB_MIN &&
       tG[k + 1] == tG[k] + bsize(k) && tG[k + 1] < h->total &&
       bsize(k + 1) % 8 == 0 && bsize(k + 1) >= HB_MIN;
     ensures q_m8: (tG[k] + bs) % 8 == 0 && tG[k] + bs <= tG[k + 1];
     ensures q_fb: tS[k + 1] == tS[k] + bsize(k) && tS[k + 1] <= tS[tn] && bsize(k) <= h->free_bytes;
     ensures q_adj: tF[k + 1] == 0 && (k > 0 ==> tF[k - 1] == 0);
     ensures q_hk: hdr(h, tG[k], bsize(k) + 1);
     ensures q_hk1: hdr(h, tG[k + 1], bsize(k + 1) + 2);
     ensures q_lo: \forall integer i; 0 <= i < k ==>
       0 <= tG[i] && tG[i] % 8 == 0 && tG[i] + HB_MIN <= tG[k];
     ensures q_hi: \forall integer i; k + 1 < i <= tn ==>
       tG[i] % 8 == 0 && tG[k + 1] + HB_MIN <= tG[i] && tG[i] <= h->total;
  @/
  void g_pre(vos_heap_t *h, uint32_t k, uint32_t bs)
  {
      /@ assert q_tt: tF[tn - 1] == 1 ==> h->top == B(h, tG[tn - 1]); @/
      /@ assert q_nl0: k + 1 < tn; @/
      g_facts(k, h->total);
      uint32_t k1 = k + 1;
      /@ assert q_k1u: k1 == k + 1 && k1 < tn; @/
      g_mono(k1, h->total);
      /@ assert q_al: \forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0 && 0 <= tG[i] <= h->total; @/
      /@ assert q_hs: \forall integer i; 0 <= i < tn ==> hdr(h, tG[i], hword(i)); @/
      /@ assert q_cnt: h->free_bytes == tS[tn]; @/
  }
*/

/* The headers of the blocks below k, at k and k + 1, and above k + 1 are
 * every block's: g_join_hdrs (heap_tile_join_hdrs.h, one text with
 * heap_tile_put_at.c's; a small context for g_post_cut and g_post_use;
 * proved by the heap_tile_take_post run). */
#include "heap_tile_join_hdrs.h"

/* After take's split case: the header facts take_at gives, in terms of
 * the old sequence, are the model's headers after g_cut (a small context
 * for tile_take's split branch; proved by the heap_tile_take_post run). */
/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     requires 0 <= k && k + 1 < tn && tF[k] == 1;
     requires HB_MIN <= bs && bs % 8 == 0 && bsize(k) >= bs + HB_MIN;
     requires v_lo: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i));
     requires v_os: o == tG[k] && s == bsize(k) && s1 == bsize(k + 1);
     requires v_hi: \forall integer i; k + 1 < i < tn ==> hdr(h, tG[i], hword(i));
     requires v_k: hdr(h, o, bs) && hdr(h, o + bs, s - bs + 1) && hdr(h, o + s, s1 + 2);
     requires v_sent: hdr(h, total, 2 * tF[tn - 1]);
     assigns tn, tG[k + 1 .. tn + 1], tF[k .. tn], tS[k + 1 .. tn + 1];
     ensures v_seq: gseq(total);
     ensures v_hdrs: \forall integer i; 0 <= i < tn ==> hdr(h, tG[i], hword(i));
     ensures v_sent2: hdr(h, total, 2 * tF[tn - 1]);
     ensures v_kk: tG[k] == \old(tG[k]) && tF[k] == 0 && bsize(k) == bs;
     ensures v_last: tF[tn - 1] == \old(tF[tn - 1]) && tG[tn - 1] == \old(tG[tn - 1]) &&
       bsize(tn - 1) == \old(bsize(tn - 1));
     ensures v_sum: tS[tn] == \old(tS[tn]) - bs;
  @/
  void g_post_cut(vos_heap_t *h, uint32_t k, uint32_t bs, uint32_t total, uint32_t o, uint32_t s, uint32_t s1)
  {
      /@ assert e_w1: tF[k + 1] == 0 && hword(k + 1) == s1 + 2 && tG[k + 1] == o + s; @/
      /@ assert e_hi0: \forall integer i; k < i < tn ==> hdr(h, tG[i], hword(i)); @/
      g_cut(k, bs, total);
      /@ assert e_g: tG[k] == o && tG[k + 1] == o + bs && hword(k) == bs && hword(k + 1) == s - bs + 1; @/
      /@ assert e_lo: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i)); @/
      /@ assert e_k: hdr(h, tG[k], hword(k)) && hdr(h, tG[k + 1], hword(k + 1)); @/
      /@ assert e_mv: \forall integer i; k + 2 <= i < tn ==>
            tG[i] == \at(tG[i - 1], Pre) && hword(i) == \at(hword(i - 1), Pre); @/
      /@ assert e_old: \forall integer i; k + 2 <= i < tn ==>
            hdr(h, \at(tG[i - 1], Pre), \at(hword(i - 1), Pre)); @/
      /@ assert e_hi: \forall integer i; k + 2 <= i < tn ==> hdr(h, tG[i], hword(i)); @/
      /@ assert e_n: tn == \at(tn, Pre) + 1 && tn - 1 >= k + 2; @/
      g_join_hdrs(h, k);
  }
*/

/* After take's whole case: the same for g_use (a small context for
 * tile_take's whole branch; proved by the heap_tile_take_post run). */
/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     requires 0 <= k && k + 1 < tn && tF[k] == 1;
     requires w_lo: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i));
     requires w_hi: \forall integer i; k + 1 < i < tn ==> hdr(h, tG[i], hword(i));
     requires w_k: hdr(h, tG[k], bsize(k)) && hdr(h, tG[k + 1], bsize(k + 1));
     requires w_sent: hdr(h, total, 2 * tF[tn - 1]);
     assigns tF[k], tS[k + 1 .. tn];
     ensures w_seq: gseq(total);
     ensures w_hdrs: \forall integer i; 0 <= i < tn ==> hdr(h, tG[i], hword(i));
     ensures w_sent2: hdr(h, total, 2 * tF[tn - 1]);
     ensures w_kk: tF[k] == 0;
     ensures w_last: tF[tn - 1] == \old(tF[tn - 1]);
     ensures w_sum: tS[tn] == \old(tS[tn]) - bsize(k);
  @/
  void g_post_use(vos_heap_t *h, uint32_t k, uint32_t total)
  {
      g_use(k, total);
      /@ assert e_lo: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i)); @/
      /@ assert e_k: hdr(h, tG[k], hword(k)) && hdr(h, tG[k + 1], hword(k + 1)); @/
      /@ assert e_hi: \forall integer i; k + 1 < i < tn ==> hdr(h, tG[i], hword(i)); @/
      g_join_hdrs(h, k);
  }
*/

/* tile_take's preconditions: heap_tile_take.h's TT_PRE (the listed block
 * is tile k: free, not the top, holding bs bytes; take's own
 * preconditions on the lists, heap_take.c). */
/*@ TT_PRE(requires, h, idx, bs, k)
    ensures t_seq: gseq(h->total);
    ensures t_hdrs: hdrs(h);
    ensures t_sent: hdr(h, h->total, 2 * tF[tn - 1]);  // sentinel(h)
    ensures t_count: counted(h);
    ensures t_top: tile_top(h);
    ensures t_res: \result == B(h, \old(tG[k])) && tG[k] == \old(tG[k]) && tF[k] == 0 &&
      bsize(k) >= bs && h->free_bytes == \old(h->free_bytes) - bsize(k);
*/
blk_t *tile_take(vos_heap_t *h, uint32_t idx, uint32_t bs, uint32_t k)
{
    /*@ ghost g_pre(h, k, bs); */
    //@ assert a_hdrs: \forall integer i; 0 <= i < tn ==> hdr(h, tG[i], hword(i));
    //@ assert a_sent: hdr(h, h->total, 2 * tF[tn - 1]);
    //@ assert a_count: h->free_bytes == tS[tn] && h->min_free <= h->free_bytes;
    //@ assert a_top1: tF[tn - 1] == 1 ==> h->top == B(h, tG[tn - 1]) && h->top_size == bsize(tn - 1);
    //@ assert a_top0: tF[tn - 1] == 0 ==> h->top == \null && h->top_size == 0;
    /*@ ghost uint32_t o = tG[k]; */
    /*@ ghost uint32_t k1 = k + 1; */
    //@ assert a_o: o == tG[k] && k1 == k + 1 && k1 < tn;
    /*@ ghost uint32_t s = tG[k1] - tG[k]; */
    //@ assert a_s0: s == bsize(k) && o + s == tG[k + 1];
    //@ assert a_s: s >= HB_MIN && o % 8 == 0 && s % 8 == 0 && o + s < h->total;
    //@ assert a_adj: tF[k + 1] == 0 && (k > 0 ==> tF[k - 1] == 0);
    //@ assert a_hk: hdr(h, o, s + 1);
    //@ assert a_w: TK_W == s + 1 && TK_O == o && TK_S == s;
    //@ assert a_hk1: hdr(h, o + s, bsize(k + 1) + 2);
    //@ assert a_fb: s <= h->free_bytes;
    //@ assert a_lo: \forall integer i; 0 <= i < k ==> 0 <= tG[i] && tG[i] % 8 == 0 && tG[i] < o;
    //@ assert a_hi: \forall integer i; k + 1 < i <= tn ==> tG[i] % 8 == 0 && o + s < tG[i] <= h->total;
    //@ assert a_tot: h->total % 8 == 0 && o + s < h->total;
    /*@ ghost uint32_t k2 = k + 2; */
    /*@ ghost uint32_t s1 = tG[k2] - tG[k1]; */
    //@ assert a_s1: k2 == k + 2 && s1 == bsize(k + 1) && s1 % 8 == 0 && s1 >= HB_MIN && o + s + s1 <= h->total;
    //@ assert a_w1: hword(k + 1) == s1 + 2;
    //@ assert a_hk1b: hdr(h, o + s, s1 + 2);
    blk_t *b;
Lc:
    b = take_at(h, idx, bs) /*@ ghost (o, s, s1) */;
    //@ assert f_lo: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i));
    //@ assert f_hi: \forall integer i; k + 1 < i < tn ==> hdr(h, tG[i], hword(i));
    //@ assert f_sent: hdr(h, h->total, 2 * tF[tn - 1]);
    //@ assert f_split: s - bs >= HB_MIN ==> hdr(h, o, bs) && hdr(h, o + bs, s - bs + 1);
    //@ assert f_split_n: s - bs >= HB_MIN ==> hdr(h, o + s, s1 + 2);
    //@ assert f_whole: s - bs < HB_MIN ==> hdr(h, o, s);
    //@ assert f_whole_n: s - bs < HB_MIN ==> hdr(h, o + s, s1);
    //@ assert f_free: h->free_bytes == \at(h->free_bytes, Pre) - (s - bs >= HB_MIN ? bs : s) && h->min_free <= h->free_bytes;
    //@ assert f_top: h->top == \at(h->top, Pre) && h->top_size == \at(h->top_size, Pre) && h->total == \at(h->total, Pre);
    /*@ ghost
      if (s - bs >= HB_MIN) {
          g_post_cut(h, k, bs, h->total, o, s, s1);
      } else {
          g_post_use(h, k, h->total);
      }
    */
    //@ assert p_k: tG[k] == o && tF[k] == 0 && bsize(k) == (s - bs >= HB_MIN ? bs : s);
    //@ assert p_hdrs: \forall integer i; 0 <= i < tn ==> hdr(h, tG[i], hword(i));
    //@ assert p_last: tF[tn - 1] == \at(tF[tn - 1], Pre) && tG[tn - 1] == \at(tG[tn - 1], Pre) && bsize(tn - 1) == \at(bsize(tn - 1), Pre);
    //@ assert p_sum: tS[tn] == \at(tS[tn], Pre) - (s - bs >= HB_MIN ? bs : s);
    //@ assert p_top1: tF[tn - 1] == 1 ==> h->top == B(h, tG[tn - 1]) && h->top_size == bsize(tn - 1);
    //@ assert p_top0: tF[tn - 1] == 0 ==> h->top == \null && h->top_size == 0;
    //@ assert p_fb: h->free_bytes == tS[tn] && h->min_free <= h->free_bytes;
    return b;
}
