/* SPDX-License-Identifier: MIT */
/*
 * The free-list model (heap_list_model.h: tlisted(h), I4's list clause
 * over heap_tile_model.h's tiles; issue 34): it holds on the empty heap,
 * it gives what take needs of a list head, and the list steps keep it.
 * Proved by five runs:
 *  - heap_list: l_init: the heap vos_heap_init makes (one tile, free:
 *    the top; every list NULL; heap_init.c's behavior ok) satisfies
 *    tlisted(h), every list of length 0 (a ghost loop sets the
 *    lengths); l_dist: distinct tiles are distinct blocks (arena_sep,
 *    gseq); l_head: the head of a non-empty lists[k] is the block of a
 *    free tile i that is not the last (so not h->top, by tile_top), of
 *    class k (cls_floor(bsize(i)) == k), its pprev &lists[k], its
 *    next_free the block of the next position (NULL when alone), and for
 *    every bs with cls_ceil(bs) <= k (find_class's result from
 *    class_ceil(bs)) the tile holds bs bytes (heap_class_scheme.h's
 *    floor_in and ceil_holds, proved by heap_class_scheme_lemmas):
 *    heap_tile_take.c's tk_tile and tk_top but boff(h, TK_B) == tG[k]
 *    (that clause, and the rest of tile_take's preconditions, are
 *    heap_list_take.c's lt_pre, under heap_boff.h's axiom boff_B);
 *  - heap_list_push: l_push_proof: a tile j, not the last and not free,
 *    made free (tF[j] set) and pushed on the list of its class by
 *    push_step (list_push's proved contract, heap_i5.c): tlisted(h) and
 *    i5(h) kept, j the new head (put_free's listed case with the tiles
 *    as they are: no merge);
 *  - heap_list_pop: l_pop_proof: the head j of list k taken off by
 *    pop_step (list_pop's proved contract) and made not free (tF[j]
 *    cleared): tlisted(h) and i5(h) kept (take's whole case);
 *  - heap_list_unlink: l_unlink_proof: a listed tile j at position q of
 *    list k, not its head, unlinked by unlink_step (list_unlink's proved
 *    contract, its behavior inner: the back link is the next position's
 *    next_free, apart from the descriptor by lsep) and made not free:
 *    tlisted(h) and i5(h) kept, the positions above q one down (a ghost
 *    loop; free_general's unlink of a free neighbour, the tiles as they
 *    are);
 *  - heap_list_join (heap_list_join.c): the join lemmas of
 *    heap_list_join.h, in a context without bits.h's lemmas.
 * The steps push_step, pop_step and unlink_step are the proved
 * contracts of list_push, list_pop and list_unlink (heap_i5.c, the heap_i5
 * run) as one text: heap_i5_spec.h's clause macros, i5's requires and
 * ensures included, so each step proof requires i5(h) and carries it.
 * Each step proof first calls the step (declared, never defined: Pre and
 * the state after are any two states its effect relates), then proves
 * the frame (every other tile's links kept, from lsep), then calls a
 * ghost function (g_push, g_pop, g_unlink) that updates the ghost lists
 * and proves tlisted(h) in a small context (no arena, no gseq), joined
 * by small lemma functions (heap_list_join.h: g_links_join,
 * g_heads_join, g_top_join, g_pop_join, g_mid_join, g_at_unfold).
 * Not here: take's split case (heap_list_cut.c) and merges, which
 * change the tiles themselves (tile indices above the cut move up,
 * merged tiles go; the merges' update is not written); that heap_alloc, put_free and free_general keep tlisted(h) (these
 * are the steps' effects, not the functions' proofs).
 * The code is kernel/heap.c itself, included (EV_SOURCE) for its types
 * only: this file adds ghost state, ghost functions and C lemma
 * functions over three declared steps.
 * Assumptions: heap_model.h's and heap_tile_model.h's (B, or_flag;
 * arena_sep a precondition), and, as preconditions of the step proofs:
 * lsep(h) (every tile's blk_t valid, apart from the descriptor and from
 * every other tile's: flat memory, blocks of at least HB_MIN >=
 * sizeof(blk_t) bytes) and, for the push, lp_cap (lN[k] + 1 < TMAX: a
 * list of distinct tiles has fewer than tn <= 43690 positions, a
 * counting argument not proved here). No axiom, no admitted lemma.
 */
#include "heap_source.h"
#include "bits.h"
#include "heap_i5_spec.h"
#include "heap_model.h"
#include "heap_tile_model.h"
#include "heap_class_scheme.h"
#include "heap_list_model.h"

/* The empty heap: one tile, free (the top), every list NULL. */
/*@ ghost
  /@ requires gi_one: tn == 1 && tF[0] == 1;
     requires gi_nil: \forall integer k; 0 <= k < LCLS ==> h->lists[k] == \null;
     assigns lN[0 .. LCLS - 1];
     ensures gi_len: \forall integer k; 0 <= k < LCLS ==> lN[k] == 0;
     ensures gi_ok: tlisted(h);
  @/
  void l_init(vos_heap_t *h)
  {
      uint32_t k = 0;
      /@ loop invariant 0 <= k <= LCLS;
         loop invariant \forall integer j; 0 <= j < k ==> lN[j] == 0;
         loop assigns k, lN[0 .. LCLS - 1];
         loop variant LCLS - k;
      @/
      while (k < LCLS) {
          lN[k] = 0;
          k++;
      }
      /@ assert gi_nofree: \forall integer i; !lfree(i); @/
      /@ assert gi_m: l_mem(h); @/
      /@ assert gi_e: l_ent(h); @/
      /@ assert gi_h: l_heads(h); @/
      /@ assert gi_l: l_links(h); @/
  }
*/

/* Distinct tiles are distinct blocks. */
/*@ ghost
  /@ requires arena(h) && arena_sep(h) && gseq(h->total);
     requires 0 <= i < j <= tn;
     assigns \nothing;
     ensures ld_ne: B(h, tG[i]) != B(h, tG[j]);
  @/
  void l_dist(vos_heap_t *h, uint32_t i, uint32_t j)
  {
      /@ assert ld_lt: 0 <= tG[i] < tG[j] <= h->total; @/
      /@ assert ld_m8: tG[i] % 8 == 0 && tG[j] % 8 == 0; @/
      /@ assert ld_sep: hsep(h, tG[i], tG[j]); @/
      /@ assert ld_s: \separated(&B(h, tG[i])->size, &B(h, tG[j])->size); @/
  }
*/

/* The head of a non-empty list k: a free tile, not the top, of class k. */
/*@ ghost
  /@ requires arena(h) && arena_sep(h) && gseq(h->total) && tile_top(h) && tlisted(h);
     requires 0 <= k < LCLS && h->lists[k] != \null;
     assigns \nothing;
     ensures hd_at: \result == lT[k][lN[k] - 1] && 1 <= lN[k];
     ensures hd_tile: lfree(\result) && h->lists[k] == B(h, tG[\result]);
     ensures hd_cls: cls_floor(bsize(\result)) == k;
     ensures hd_top: h->lists[k] != h->top;
     ensures hd_links: h->lists[k]->pprev == &h->lists[k] &&
       h->lists[k]->next_free == lblk(h, k, lN[k] - 2);
     ensures hd_fit: \forall integer bs; 1 <= bs < 1048576 && cls_ceil(bs) <= k ==>
       bs <= bsize(\result);
  @/
  uint32_t l_head(vos_heap_t *h, uint32_t k)
  {
      /@ assert h_n: 1 <= lN[k] && lN[k] < TMAX; @/
      uint32_t m = lN[k] - 1;
      /@ assert h_m1: m == lN[k] - 1; @/
      uint32_t i = lT[k][m];
      /@ assert h_i: i == lT[k][lN[k] - 1]; @/
      /@ assert h_e: lfree(i) && lK[i] == k && lP[i] == lN[k] - 1; @/
      /@ assert h_m: lK[i] == cls_floor(bsize(i)); @/
      /@ assert h_b: h->lists[k] == B(h, tG[i]); @/
      /@ assert h_sz: 0 <= bsize(i) < 1048576; @/
      /@ assert h_lo: cls_low(k) <= bsize(i) && k < 224; @/
      /@ assert h_tn: 1 <= tn; @/
      /@ assert h_tt: tF[tn - 1] == 1 ==> h->top == B(h, tG[tn - 1]); @/
      /@ assert h_tz: tF[tn - 1] != 1 ==> h->top == \null; @/
      uint32_t last = tn - 1;
      /@ assert h_last: last == tn - 1; @/
      if (tF[last] == 1) {
          l_dist(h, i, last);
          /@ assert h_t1: h->top == B(h, tG[tn - 1]); @/
      } else {
          /@ assert h_t0: h->top == \null; @/
      }
      return i;
  }
*/

/* list_push's proved contract (heap_i5.c's, proved by the heap_i5 run:
 * heap_i5_spec.h's clauses, the same text): declared, never defined, so
 * Pre and the state after are any two states the contract relates. */
/*@ LPUSH_REQ(h, b, k)
    LPUSH_ASG(h, b, k)
    LPUSH_ENS(h, b, k)
*/
void push_step(vos_heap_t *h, blk_t *b, uint32_t k);

#include "heap_list_join.h"

/*@ // l_links and l_heads but at position q of list k and at list k.
    predicate l_links_but{L}(vos_heap_t *h, integer k, integer q) =
      \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] && !(k1 == k && p == q) ==>
        B(h, tG[lT[k1][p]])->next_free == lblk(h, k1, p - 1) &&
        B(h, tG[lT[k1][p]])->pprev ==
          (p == lN[k1] - 1 ? &h->lists[k1] : &B(h, tG[lT[k1][p + 1]])->next_free);
    predicate l_heads_but{L}(vos_heap_t *h, integer k) =
      \forall integer k1; 0 <= k1 < LCLS && k1 != k ==> h->lists[k1] == lblk(h, k1, lN[k1] - 1);
*/

/* The push's ghost update: tile j appended to list k (its new head
 * position n = lN[k]), its flag set. Its preconditions: the model before
 * (l_mem, l_ent; l_links and l_heads but where the push wrote) and the
 * push's writes (the block of j the head, linked to the old head, whose
 * pprev now points to j's next_free): memory is not written here, so the
 * goals are about the ghost arrays (a small context). */
/*@ ghost
  /@ requires gp_m: l_mem(h) && l_ent(h);
     requires gp_lb: l_links_but(h, k, lN[k] - 1);
     requires gp_hb: l_heads_but(h, k);
     requires gp_j: 0 <= j && j + 1 < tn && tn <= TMAX && tF[j] == 0;
     requires gp_k: 0 <= k < LCLS && k == cls_floor(bsize(j)) && lN[k] + 1 < TMAX;
     requires gp_cap: \forall integer k1; 0 <= k1 < LCLS ==> lN[k1] < TMAX;
     requires gp_h: h->lists[k] == B(h, tG[j]);
     requires gp_fj: B(h, tG[j])->next_free == lblk(h, k, lN[k] - 1) &&
       B(h, tG[j])->pprev == &h->lists[k];
     requires gp_ft: lN[k] >= 1 ==>
       B(h, tG[lT[k][lN[k] - 1]])->next_free == lblk(h, k, lN[k] - 2) &&
       B(h, tG[lT[k][lN[k] - 1]])->pprev == &B(h, tG[j])->next_free;
     assigns tF[j], lN[k], lT[k][lN[k]], lK[j], lP[j];
     ensures gp_ok: tlisted(h);
     ensures gp_f: tF[j] == 1 && lN[k] == \old(lN[k]) + 1 && lT[k][lN[k] - 1] == j;
  @/
  void g_push(vos_heap_t *h, uint32_t j, uint32_t k)
  {
      uint32_t n = lN[k];
      lT[k][n] = j;
      lK[j] = k;
      lP[j] = n;
      lN[k] = n + 1;
      tF[j] = 1;
      /@ assert q_n: n == \at(lN[k], Pre) && lN[k] == n + 1; @/
      /@ assert q_fr: \forall integer i; lfree(i) && i != j ==> \at(lfree(i), Pre); @/
      /@ assert q_fr2: \forall integer i; \at(lfree(i), Pre) ==> lfree(i) && i != j; @/
      /@ assert q_lt: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] && !(k1 == k && p == n) ==>
            lT[k1][p] == \at(lT[k1][p], Pre) && p < \at(lN[k1], Pre); @/
      /@ assert q_m: l_mem(h); @/
      /@ assert q_e: l_ent(h); @/
      /@ assert q_bl: \forall integer k1, p; 0 <= k1 < LCLS && -1 <= p < lN[k1] && !(k1 == k && p == n) ==>
            lblk(h, k1, p) == \at(lblk(h, k1, p), Pre); @/
      /@ assert q_h1: h->lists[k] == lblk(h, k, lN[k] - 1); @/
      /@ assert q_hk: \forall integer k1; 0 <= k1 < LCLS && k1 != k ==> lN[k1] == \at(lN[k1], Pre); @/
      /@ assert q_h2: \forall integer k1; 0 <= k1 < LCLS && k1 != k ==> h->lists[k1] == lblk(h, k1, lN[k1] - 1); @/
      g_heads_join(h, k);
      /@ assert q_l1: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] && k1 != k ==>
            \at(lN[k1], Pre) == lN[k1] &&
            NF2(lT[k1][p]) == lblk(h, k1, p - 1) &&
            PP2(lT[k1][p]) == (p == lN[k1] - 1 ? &h->lists[k1] : &B(h, tG[lT[k1][p + 1]])->next_free); @/
      /@ assert q_l2: \forall integer p; 0 <= p < n - 1 ==>
            NF2(lT[k][p]) == lblk(h, k, p - 1) && PP2(lT[k][p]) == &B(h, tG[lT[k][p + 1]])->next_free; @/
      /@ assert q_l3: n >= 1 ==>
            NF2(lT[k][n - 1]) == lblk(h, k, n - 2) && PP2(lT[k][n - 1]) == &B(h, tG[lT[k][n]])->next_free; @/
      /@ assert q_l4: NF2(lT[k][n]) == lblk(h, k, n - 1) && PP2(lT[k][n]) == &h->lists[k]; @/
      g_top_join(h, k, n);
      g_links_join(h, k);
  }
*/

/* A tile j, not the last and not free, becomes free and is pushed on the
 * list of its class (put_free's listed case: the flag tF[j] set and
 * list_push): tlisted(h) kept, tile j at the new head position. */
/*@ requires lp_pre: \valid(h) && arena(h) && arena_sep(h) && gseq(h->total) && lsep(h) &&
      tlisted(h);
    requires lp_j: 0 <= j && j + 1 < tn && tF[j] == 0 && b == B(h, tG[j]);
    requires lp_k: k == cls_floor(bsize(j));
    requires lp_cap: lN[k] + 1 < TMAX;
    requires lp_i5: i5(h);
    assigns h->lists[k], b->next_free, b->pprev, h->lists[k]->pprev,
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map,
            tF[j], lN[k], lT[k][lN[k]], lK[j], lP[j];
    ensures lp_ok: tlisted(h);
    ensures lp_i5: i5(h);
    ensures lp_f: tF[j] == 1 && lN[k] == \old(lN[k]) + 1 && lT[k][lN[k] - 1] == j &&
      h->lists[k] == b;
*/
void l_push_proof(vos_heap_t *h, blk_t *b, uint32_t j, uint32_t k)
{
    //@ assert p_sz: 0 <= bsize(j) < 1048576;
    //@ assert p_k: 0 <= k < LCLS;
    //@ assert p_tn: tG[tn] - tG[0] >= tn * HB_MIN && tn <= TMAX;
    //@ assert p_hd: h->lists[k] == lblk(h, k, lN[k] - 1);
    //@ assert p_bs: \valid(b) && \separated(b, h);
    /*@ ghost uint32_t t = lN[k] >= 1 ? lT[k][lN[k] - 1] : j; */
    //@ assert p_t1: lN[k] >= 1 ==> h->lists[k] == B(h, tG[t]) && lfree(t) && t != j;
    //@ assert p_t0: lN[k] == 0 ==> h->lists[k] == \null && t == j;
    //@ assert p_hs: h->lists[k] != \null ==> \valid(h->lists[k]) && \separated(h->lists[k], h) && \separated(h->lists[k], b);
    /*@ assert p_ts: \forall integer i; 0 <= i < tn && i != j && i != t ==>
          \separated(B(h, tG[i]), b) && \separated(B(h, tG[i]), h) &&
          (\at(lN[k], Here) >= 1 ==> \separated(B(h, tG[i]), B(h, tG[t]))); */
    /*@ assert p_ne: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] && !(k1 == k && p == lN[k] - 1) ==>
          lT[k1][p] != j && lT[k1][p] != t && 0 <= lT[k1][p] < tn; */
    push_step(h, b, k);
    /*@ assert q_fo: \forall integer i; 0 <= i < tn && i != j && i != t ==>
          NF2(i) == NF1(i) && PP2(i) == PP1(i); */
    //@ assert q_fh: lN[k] >= 1 ==> \let u = t; NF2(u) == NF1(u) && PP2(u) == &b->next_free;
    //@ assert q_fj: NF2(j) == \at(h->lists[k], Pre) && PP2(j) == &h->lists[k];
    //@ assert q_ho: \forall integer k1; 0 <= k1 < LCLS && k1 != k ==> h->lists[k1] == \at(h->lists[k1], Pre);
    //@ assert r_lb: l_links_but(h, k, lN[k] - 1);
    //@ assert r_hb: l_heads_but(h, k);
    //@ assert r_ft: lN[k] >= 1 ==> NF2(lT[k][lN[k] - 1]) == lblk(h, k, lN[k] - 2);
    /*@ ghost g_push(h, j, k); */
}

/* list_unlink's proved contract (heap_i5.c's, proved by the heap_i5 run:
 * heap_i5_spec.h's clauses): declared, never defined. */
/*@ LUNL_REQ(h, b)
    LUNL_ASG(h, b)
    LUNL_ENS(h, b)
*/
void unlink_step(vos_heap_t *h, blk_t *b);

/* list_pop's proved contract (heap_i5.c's, proved by the heap_i5 run:
 * heap_i5_spec.h's clauses): declared, never defined. */
/*@ LPOP_REQ(h, b, idx)
    LPOP_ASG(h, b, idx)
    LPOP_ENS(h, b, idx)
*/
void pop_step(vos_heap_t *h, blk_t *b, uint32_t idx);

/* The pop's ghost update: tile j, the head of list k (position n - 1,
 * n = lN[k]), dropped, its flag cleared. Its preconditions: the model
 * before (l_mem, l_ent; l_links but at the new head n - 2, l_heads but
 * at k) and the unlink's writes (lists[k] the old position n - 2's block,
 * whose pprev now points to lists[k]): a small context, as g_push's. */
/*@ ghost
  /@ requires go_m: l_mem(h) && l_ent(h);
     requires go_k: 0 <= k < LCLS && 1 <= lN[k];
     requires go_j: lT[k][lN[k] - 1] == j && 0 <= j && j + 1 < tn && tn <= TMAX;
     requires go_lb: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] &&
       !(k1 == k && lN[k] - 2 <= p) ==>
         NF2(lT[k1][p]) == lblk(h, k1, p - 1) &&
         PP2(lT[k1][p]) == (p == lN[k1] - 1 ? &h->lists[k1] : &B(h, tG[lT[k1][p + 1]])->next_free);
     requires go_hb: l_heads_but(h, k);
     requires go_cap: \forall integer k1; 0 <= k1 < LCLS ==> lN[k1] < TMAX;
     requires go_h: h->lists[k] == lblk(h, k, lN[k] - 2);
     requires go_ft: lN[k] >= 2 ==>
       NF2(lT[k][lN[k] - 2]) == lblk(h, k, lN[k] - 3) && PP2(lT[k][lN[k] - 2]) == &h->lists[k];
     assigns tF[j], lN[k];
     ensures go_ok: tlisted(h);
     ensures go_f: tF[j] == 0 && lN[k] == \old(lN[k]) - 1;
  @/
  void g_pop(vos_heap_t *h, uint32_t j, uint32_t k)
  {
      uint32_t m = lN[k] - 1;
      lN[k] = m;
      tF[j] = 0;
      /@ assert o_n: m + 1 == \at(lN[k], Pre) && lN[k] == m; @/
      /@ assert o_pj: \at(lP[j], Pre) == m && \at(lK[j], Pre) == k; @/
      /@ assert o_fr: \forall integer i; lfree(i) ==> \at(lfree(i), Pre) && i != j; @/
      /@ assert o_fr2: \forall integer i; \at(lfree(i), Pre) && i != j ==> lfree(i); @/
      /@ assert o_mp: \forall integer i; lfree(i) && lK[i] == k ==> lP[i] != m; @/
      /@ assert o_m: l_mem(h); @/
      /@ assert o_ep: \forall integer p; 0 <= p < m ==> lT[k][p] != j; @/
      /@ assert o_e: l_ent(h); @/
      /@ assert o_bl: \forall integer k1, p; 0 <= k1 < LCLS && -1 <= p < lN[k1] ==>
            lblk(h, k1, p) == \at(lblk(h, k1, p), Pre); @/
      /@ assert o_hk: \forall integer k1; 0 <= k1 < LCLS && k1 != k ==> lN[k1] == \at(lN[k1], Pre); @/
      /@ assert o_h1: h->lists[k] == lblk(h, k, lN[k] - 1); @/
      /@ assert o_h2: \forall integer k1; 0 <= k1 < LCLS && k1 != k ==> h->lists[k1] == lblk(h, k1, lN[k1] - 1); @/
      g_heads_join(h, k);
      /@ assert o_l1: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] && k1 != k ==>
            NF2(lT[k1][p]) == lblk(h, k1, p - 1) &&
            PP2(lT[k1][p]) == (p == lN[k1] - 1 ? &h->lists[k1] : &B(h, tG[lT[k1][p + 1]])->next_free); @/
      /@ assert o_l2: \forall integer p; 0 <= p < m - 1 ==>
            NF2(lT[k][p]) == lblk(h, k, p - 1) && PP2(lT[k][p]) == &B(h, tG[lT[k][p + 1]])->next_free; @/
      /@ assert o_l3: m >= 1 ==>
            NF2(lT[k][m - 1]) == lblk(h, k, m - 2) && PP2(lT[k][m - 1]) == &h->lists[k]; @/
      g_pop_join(h, k, m);
      g_links_join(h, k);
  }
*/

/* The head j of list k leaves it and is no longer free (take's whole
 * case: list_pop, whose effect is list_unlink's at a head, and the flag
 * tF[j] cleared): tlisted(h) kept. */
/*@ requires lo_pre: \valid(h) && arena(h) && arena_sep(h) && gseq(h->total) && lsep(h) &&
      tlisted(h);
    requires lo_k: 0 <= k < LCLS && h->lists[k] != \null;
    requires lo_j: j == lT[k][lN[k] - 1] && b == B(h, tG[j]);
    requires lo_i5: i5(h);
    assigns h->lists[k], b->next_free->pprev, h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map,
            tF[j], lN[k];
    ensures lo_ok: tlisted(h);
    ensures lo_i5: i5(h);
    ensures lo_f: tF[j] == 0 && lN[k] == \old(lN[k]) - 1 && h->lists[k] == \old(b->next_free);
*/
void l_pop_proof(vos_heap_t *h, blk_t *b, uint32_t j, uint32_t k)
{
    //@ assert o_n: 1 <= lN[k] < TMAX;
    //@ assert o_tn: tG[tn] - tG[0] >= tn * HB_MIN && tn <= TMAX;
    //@ assert o_j: lfree(j) && lK[j] == k && lP[j] == lN[k] - 1;
    //@ assert o_b: h->lists[k] == b && \valid(b) && \separated(b, h);
    //@ assert o_pp: b->pprev == &h->lists[k] && b->next_free == lblk(h, k, lN[k] - 2);
    /*@ ghost uint32_t t = lN[k] >= 2 ? lT[k][lN[k] - 2] : j; */
    //@ assert o_t1: lN[k] >= 2 ==> b->next_free == B(h, tG[t]) && lfree(t) && t != j && lK[t] == k && lP[t] == lN[k] - 2;
    //@ assert o_t0: lN[k] < 2 ==> b->next_free == \null && t == j;
    /*@ assert o_ns: b->next_free != \null ==>
          \valid(b->next_free) && \separated(b->next_free, h) && \separated(b->next_free, b); */
    /*@ assert o_ts: \forall integer i; 0 <= i < tn && i != j && i != t ==>
          \separated(B(h, tG[i]), h) &&
          (\at(lN[k], Here) >= 2 ==> \separated(B(h, tG[i]), B(h, tG[t]))); */
    /*@ assert o_ne: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] &&
          !(k1 == k && lN[k] - 2 <= p) ==>
          lT[k1][p] != j && lT[k1][p] != t && 0 <= lT[k1][p] < tn; */
    pop_step(h, b, k);
    /*@ assert r_fo: \forall integer i; 0 <= i < tn && i != j && i != t ==>
          NF2(i) == NF1(i) && PP2(i) == PP1(i); */
    //@ assert r_ft: lN[k] >= 2 ==> \let u = t; NF2(u) == NF1(u) && PP2(u) == &h->lists[k];
    //@ assert r_h: h->lists[k] == lblk(h, k, lN[k] - 2);
    //@ assert r_ho: \forall integer k1; 0 <= k1 < LCLS && k1 != k ==> h->lists[k1] == \at(h->lists[k1], Pre);
    /*@ assert r_lb: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] &&
          !(k1 == k && lN[k] - 2 <= p) ==>
          NF2(lT[k1][p]) == lblk(h, k1, p - 1) &&
          PP2(lT[k1][p]) == (p == lN[k1] - 1 ? &h->lists[k1] : &B(h, tG[lT[k1][p + 1]])->next_free); */
    //@ assert r_hb: l_heads_but(h, k);
    //@ assert r_ft2: lN[k] >= 2 ==> NF2(lT[k][lN[k] - 2]) == lblk(h, k, lN[k] - 3) && PP2(lT[k][lN[k] - 2]) == &h->lists[k];
    /*@ ghost g_pop(h, j, k); */
}

/* Old position r of list k (in g_unlink: before the ghost update). */
#define OT(R) \at(lT[k][(R)], Pre)

/* The unlink's ghost update: tile j at position q of list k, not its
 * head (q + 1 < n = lN[k]), dropped, the positions above it one down (a
 * ghost loop), its flag cleared. Its preconditions: the model before
 * (l_mem, l_ent, l_heads; the other lists' links) and list k's links
 * after the unlink's writes, in the old positions (the block of q + 1
 * linked to q - 1's, q - 1's back to q + 1's): a small context. */
/*@ ghost
  /@ requires gu_m: l_mem(h) && l_ent(h) && l_heads(h);
     requires gu_k: 0 <= k < LCLS && 0 <= q && q + 1 < lN[k];
     requires gu_cap: \forall integer k1; 0 <= k1 < LCLS ==> lN[k1] < TMAX;
     requires gu_j: lT[k][q] == j && 0 <= j && j + 1 < tn && tn <= TMAX;
     requires gu_o: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] && k1 != k ==>
       NF2(lT[k1][p]) == lblk(h, k1, p - 1) &&
       PP2(lT[k1][p]) == (p == lN[k1] - 1 ? &h->lists[k1] : &B(h, tG[lT[k1][p + 1]])->next_free);
     requires gu_lo: \forall integer p; 0 <= p < q - 1 ==>
       NF2(lT[k][p]) == lblk(h, k, p - 1) && PP2(lT[k][p]) == &B(h, tG[lT[k][p + 1]])->next_free;
     requires gu_t: q >= 1 ==>
       NF2(lT[k][q - 1]) == lblk(h, k, q - 2) && PP2(lT[k][q - 1]) == &B(h, tG[lT[k][q + 1]])->next_free;
     requires gu_u: NF2(lT[k][q + 1]) == lblk(h, k, q - 1) &&
       PP2(lT[k][q + 1]) == (q + 1 == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][q + 2]])->next_free);
     requires gu_hi: \forall integer p; q + 1 < p < lN[k] ==>
       NF2(lT[k][p]) == lblk(h, k, p - 1) &&
       PP2(lT[k][p]) == (p == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][p + 1]])->next_free);
     assigns tF[j], lN[k], lT[k][q .. lN[k] - 2], lP[0 .. TMAX - 1];
     ensures gu_ok: tlisted(h);
     ensures gu_f: tF[j] == 0 && lN[k] == \old(lN[k]) - 1;
  @/
  void g_unlink(vos_heap_t *h, uint32_t j, uint32_t k, uint32_t q)
  {
      uint32_t n = lN[k];
      uint32_t p = q;
      /@ loop invariant u_p: q <= p <= n - 1;
         loop invariant u_lo: \forall integer r; 0 <= r < q ==> lT[k][r] == OT(r);
         loop invariant u_mv: \forall integer r; q <= r < p ==> lT[k][r] == OT(r + 1);
         loop invariant u_hi: \forall integer r; p <= r < n ==> lT[k][r] == OT(r);
         loop invariant u_lp: \forall integer i; 0 <= i < TMAX ==>
           ((\at(lfree(i), Pre) && lK[i] == k && q < \at(lP[i], Pre) <= p) ==>
              lP[i] == \at(lP[i], Pre) - 1) &&
           (!(\at(lfree(i), Pre) && lK[i] == k && q < \at(lP[i], Pre) <= p) ==>
              lP[i] == \at(lP[i], Pre));
         loop assigns p, lT[k][q .. n - 2], lP[0 .. TMAX - 1];
         loop variant n - 1 - p;
      @/
      while (p + 1 < n) {
          uint32_t x = lT[k][p + 1];
          /@ assert u_x: \let w = x; \let r = p + 1; w == OT(r) && \at(lfree(w), Pre) && lK[w] == k &&
                \at(lP[w], Pre) == r && 0 <= w < TMAX; @/
          /@ assert u_y: \forall integer i; \at(lfree(i), Pre) && lK[i] == k &&
                \at(lP[i], Pre) == p + 1 ==> i == x; @/
          lT[k][p] = x;
          lP[x] = p;
          p++;
      }
      /@ assert v_p: p == n - 1; @/
      lN[k] = n - 1;
      tF[j] = 0;
      /@ assert v_n: lN[k] == n - 1 && n == \at(lN[k], Pre); @/
      /@ assert v_lt: \forall integer r; 0 <= r < n - 1 ==> lT[k][r] == (r < q ? OT(r) : OT(r + 1)); @/
      /@ assert v_ot: \forall integer k1, r; 0 <= k1 < LCLS && k1 != k ==>
            lT[k1][r] == \at(lT[k1][r], Pre) && lN[k1] == \at(lN[k1], Pre); @/
      /@ assert v_fr: \forall integer i; lfree(i) ==> \at(lfree(i), Pre) && i != j; @/
      /@ assert v_fr2: \forall integer i; \at(lfree(i), Pre) && i != j ==> lfree(i); @/
      /@ assert v_jp: \at(lP[j], Pre) == q && lK[j] == k; @/
      /@ assert v_lp: \forall integer i; lfree(i) ==>
            ((lK[i] == k && q < \at(lP[i], Pre)) ==> lP[i] == \at(lP[i], Pre) - 1) &&
            (!(lK[i] == k && q < \at(lP[i], Pre)) ==> lP[i] == \at(lP[i], Pre)); @/
      /@ assert v_mk: \forall integer i; lfree(i) && lK[i] == k ==>
            \at(lP[i], Pre) != q && 0 <= \at(lP[i], Pre) < n && OT(\at(lP[i], Pre)) == i; @/
      /@ assert v_m1: \forall integer i; lfree(i) && lK[i] == k && \at(lP[i], Pre) < q ==>
            lP[i] == \at(lP[i], Pre) && lT[k][lP[i]] == i && 0 <= lP[i] < lN[k]; @/
      /@ assert v_m2: \forall integer i; lfree(i) && lK[i] == k && \at(lP[i], Pre) > q ==>
            lP[i] == \at(lP[i], Pre) - 1 && lT[k][lP[i]] == i && 0 <= lP[i] < lN[k]; @/
      /@ assert v_m3: \forall integer i; lfree(i) && lK[i] != k ==>
            lP[i] == \at(lP[i], Pre) && 0 <= lK[i] < LCLS && lT[lK[i]][lP[i]] == i &&
            0 <= lP[i] < lN[lK[i]]; @/
      /@ assert v_m4: \forall integer i; lfree(i) ==> lK[i] == cls_floor(bsize(i)) && 0 <= lK[i] < LCLS; @/
      /@ assert v_m: l_mem(h); @/
      /@ assert v_ea: \forall integer r; 0 <= r < q ==>
            lfree(lT[k][r]) && lK[lT[k][r]] == k && lP[lT[k][r]] == r; @/
      /@ assert v_eb: \forall integer r; q <= r < lN[k] ==>
            lfree(lT[k][r]) && lK[lT[k][r]] == k && lP[lT[k][r]] == r; @/
      /@ assert v_ec: \forall integer k1, r; 0 <= k1 < LCLS && k1 != k && 0 <= r < lN[k1] ==>
            lfree(lT[k1][r]) && lK[lT[k1][r]] == k1 && lP[lT[k1][r]] == r; @/
      /@ assert v_e: l_ent(h); @/
      /@ assert v_bl: \forall integer r; -1 <= r < n - 1 ==>
            lblk(h, k, r) == (r < q ? \at(lblk(h, k, r), Pre) : \at(lblk(h, k, r + 1), Pre)); @/
      /@ assert v_blo: \forall integer k1, r; 0 <= k1 < LCLS && k1 != k ==>
            lblk(h, k1, r) == \at(lblk(h, k1, r), Pre); @/
      /@ assert v_h1: h->lists[k] == lblk(h, k, lN[k] - 1); @/
      /@ assert v_h2: \forall integer k1; 0 <= k1 < LCLS && k1 != k ==> h->lists[k1] == lblk(h, k1, lN[k1] - 1); @/
      g_heads_join(h, k);
      /@ assert w_o: \forall integer k1, r; 0 <= k1 < LCLS && 0 <= r < lN[k1] && k1 != k ==>
            NF2(lT[k1][r]) == lblk(h, k1, r - 1) &&
            PP2(lT[k1][r]) == (r == lN[k1] - 1 ? &h->lists[k1] : &B(h, tG[lT[k1][r + 1]])->next_free); @/
      /@ assert w_lo0: \forall integer r; 0 <= r < q - 1 ==>
            NF2(lT[k][r]) == lblk(h, k, r - 1) && PP2(lT[k][r]) == &B(h, tG[lT[k][r + 1]])->next_free; @/
      /@ assert w_lo: \forall integer r; 0 <= r < q - 1 ==> l_at(h, k, r); @/
      /@ assert w_t0: q >= 1 ==>
            NF2(lT[k][q - 1]) == lblk(h, k, q - 2) && PP2(lT[k][q - 1]) == &B(h, tG[lT[k][q]])->next_free; @/
      /@ assert w_t: q >= 1 ==> l_at(h, k, q - 1); @/
      /@ assert w_u0: NF2(lT[k][q]) == lblk(h, k, q - 1) &&
            PP2(lT[k][q]) == (q == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][q + 1]])->next_free); @/
      /@ assert w_u: l_at(h, k, q); @/
      /@ assert w_hi0: \forall integer r; q < r < lN[k] ==>
            NF2(lT[k][r]) == lblk(h, k, r - 1) &&
            PP2(lT[k][r]) == (r == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][r + 1]])->next_free); @/
      /@ assert w_hi: \forall integer r; q < r < lN[k] ==> l_at(h, k, r); @/
      g_mid_join(h, k, q);
      g_at_unfold(h, k);
      g_links_join(h, k);
  }
*/

/* Tile j at position q of list k, not its head, leaves the list and is no
 * longer free (free_general's list_unlink of a free neighbour, the flag
 * tF[j] cleared as the merge does): tlisted(h) kept. */
/*@ requires lu_pre: \valid(h) && arena(h) && arena_sep(h) && gseq(h->total) && lsep(h) &&
      tlisted(h);
    requires lu_k: 0 <= k < LCLS && 0 <= q && q + 1 < lN[k];
    requires lu_j: j == lT[k][q] && b == B(h, tG[j]);
    requires lu_i5: i5(h);
    assigns *b->pprev, b->next_free->pprev, h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map,
            tF[j], lN[k], lT[k][q .. lN[k] - 2], lP[0 .. TMAX - 1];
    ensures lu_ok: tlisted(h);
    ensures lu_i5: i5(h);
    ensures lu_f: tF[j] == 0 && lN[k] == \old(lN[k]) - 1;
*/
void l_unlink_proof(vos_heap_t *h, blk_t *b, uint32_t j, uint32_t k, uint32_t q)
{
    //@ assert u_n: 2 <= lN[k] < TMAX;
    //@ assert u_tn: tG[tn] - tG[0] >= tn * HB_MIN && tn <= TMAX;
    //@ assert u_j: lfree(j) && lK[j] == k && lP[j] == q;
    /*@ ghost uint32_t u = lT[k][q + 1]; */
    /*@ ghost uint32_t t = q >= 1 ? lT[k][q - 1] : j; */
    //@ assert u_u: lfree(u) && lK[u] == k && lP[u] == q + 1 && u != j;
    //@ assert u_t1: q >= 1 ==> lfree(t) && lK[t] == k && lP[t] == q - 1 && t != j && t != u;
    //@ assert u_t0: q == 0 ==> t == j;
    //@ assert u_b: \valid(b) && \separated(b, h) && \valid(B(h, tG[u])) && \separated(B(h, tG[u]), b);
    //@ assert u_uh: \separated(B(h, tG[u]), h) && \separated(&B(h, tG[u])->next_free, &h->lists[0 .. LCLS - 1]);
    //@ assert u_th: q >= 1 ==> \separated(&B(h, tG[t])->pprev, &h->lists[0 .. LCLS - 1]);
    //@ assert u_pp: b->pprev == &B(h, tG[u])->next_free && B(h, tG[u])->next_free == b;
    //@ assert u_nx: b->next_free == lblk(h, k, q - 1);
    //@ assert u_nx1: q >= 1 ==> b->next_free == B(h, tG[t]);
    //@ assert u_nx0: q == 0 ==> b->next_free == \null;
    /*@ assert u_ns: q >= 1 ==> \valid(B(h, tG[t])) && \separated(B(h, tG[t]), h) &&
          \separated(B(h, tG[t]), b) && \separated(B(h, tG[t]), B(h, tG[u])); */
    /*@ assert u_ts: \forall integer i; 0 <= i < tn && i != j && i != t && i != u ==>
          \separated(B(h, tG[i]), h) && \separated(B(h, tG[i]), B(h, tG[u])) &&
          (q >= 1 ==> \separated(B(h, tG[i]), B(h, tG[t]))); */
    /*@ assert u_ne: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] &&
          !(k1 == k && q - 1 <= p <= q + 1) ==>
          lT[k1][p] != j && lT[k1][p] != t && lT[k1][p] != u && 0 <= lT[k1][p] < tn; */
    //@ assert u_hd: \forall integer k1; 0 <= k1 < LCLS ==> h->lists[k1] == lblk(h, k1, lN[k1] - 1);
    /*@ assert u_up: q + 1 == lN[k] - 1 ==> PP2(u) == &h->lists[k]; */
    /*@ assert u_uq: q + 1 < lN[k] - 1 ==> PP2(u) == &B(h, tG[lT[k][q + 2]])->next_free; */
    //@ assert u_in: \separated(b->pprev, h);
    unlink_step(h, b);
    /*@ assert s_fo: \forall integer i; 0 <= i < tn && i != j && i != t && i != u ==>
          NF2(i) == NF1(i) && PP2(i) == PP1(i); */
    //@ assert s_fu: \let w = u; NF2(w) == \at(lblk(h, k, q - 1), Pre) && PP2(w) == PP1(w);
    //@ assert s_ft: q >= 1 ==> \let w = t; NF2(w) == NF1(w) && PP2(w) == &B(h, tG[u])->next_free;
    //@ assert s_ho: \forall integer k1; 0 <= k1 < LCLS ==> h->lists[k1] == \at(h->lists[k1], Pre);
    //@ assert s_hq: \forall integer k1; 0 <= k1 < LCLS ==> \at(h->lists[k1], Pre) == lblk(h, k1, lN[k1] - 1);
    //@ assert s_hr: \forall integer k1; 0 <= k1 < LCLS ==> h->lists[k1] == lblk(h, k1, lN[k1] - 1);
    //@ assert s_h: l_heads(h);
    /*@ assert s_o: \forall integer k1, p; 0 <= k1 < LCLS && 0 <= p < lN[k1] && k1 != k ==>
          NF2(lT[k1][p]) == lblk(h, k1, p - 1) &&
          PP2(lT[k1][p]) == (p == lN[k1] - 1 ? &h->lists[k1] : &B(h, tG[lT[k1][p + 1]])->next_free); */
    /*@ assert s_lo: \forall integer p; 0 <= p < q - 1 ==>
          NF2(lT[k][p]) == lblk(h, k, p - 1) && PP2(lT[k][p]) == &B(h, tG[lT[k][p + 1]])->next_free; */
    /*@ assert s_t: q >= 1 ==>
          NF2(lT[k][q - 1]) == lblk(h, k, q - 2) && PP2(lT[k][q - 1]) == &B(h, tG[lT[k][q + 1]])->next_free; */
    /*@ assert s_up: q + 1 == lN[k] - 1 ==> PP2(u) == &h->lists[k]; */
    /*@ assert s_uq: q + 1 < lN[k] - 1 ==> PP2(u) == &B(h, tG[lT[k][q + 2]])->next_free; */
    /*@ assert s_u: NF2(lT[k][q + 1]) == lblk(h, k, q - 1) &&
          PP2(lT[k][q + 1]) == (q + 1 == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][q + 2]])->next_free); */
    /*@ assert s_hi: \forall integer p; q + 1 < p < lN[k] ==>
          NF2(lT[k][p]) == lblk(h, k, p - 1) &&
          PP2(lT[k][p]) == (p == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][p + 1]])->next_free); */
    /*@ ghost g_unlink(h, j, k, q); */
}
