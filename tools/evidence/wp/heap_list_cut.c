/* SPDX-License-Identifier: MIT */
/*
 * The free-list model (heap_list_model.h: tlisted(h)) kept by take's
 * split case (kernel/heap.c), where the tiles themselves change
 * (heap_tile_take.c's g_cut: tile k, the head b of list idx, becomes an
 * allocated tile of bs bytes and a free rest r inserted at k + 1, the
 * tiles above move up one index). Proved by four runs:
 *  - heap_list_cut_ren: l_ren, the renumbering: cut_step (g_cut's
 *    contract, below) changes the tiles; ghost loops move lK and lP with
 *    their tiles (g_mvk: index j - 1 to j above k + 1) and add one to
 *    every lT entry above k, every list, every position (g_mvt). After
 *    it (state X, lcut_x): l_heads and l_links hold as before (memory
 *    unchanged, every position's block the same), l_ent at every
 *    position but list idx's head (still k, now allocated), l_mem at
 *    every free tile but the rest k + 1 (free, not yet listed); and
 *    lsep(h) of the new tiles, from the old tiles' and the rest's;
 *  - heap_list_cut_same: l_cut_same: from state X, the rest of b's
 *    class (cls_floor(s - bs) == idx): take's list_replace (replace_step)
 *    puts r in b's place; the ghost head position of idx becomes k + 1
 *    (g_same): tlisted(h), r the head of idx;
 *  - heap_list_cut_new: l_cut_new: from state X, the rest of another
 *    class c: take's list_pop (pop_step) then list_push (push_step, on
 *    list c); the head position of idx dropped, k + 1 appended to c
 *    (g_new): tlisted(h), r the head of c;
 *  - heap_list_cut: l_cut, the split case as a whole: from tlisted(h),
 *    gseq and lsep(h) before (b the head of list idx, tile k), l_ren then
 *    l_cut_same or l_cut_new by c = cls_floor(bsize(k) - bs): tlisted(h)
 *    after, in the new tile numbering (the tiles as g_cut leaves them),
 *    r the head of list c.
 * The steps are declared, never defined (any two states their effect
 * relates), each with a proved contract's clauses: replace_step (here),
 * pop_step and push_step (heap_list.c) are heap_i5.c's list_replace,
 * list_pop and list_push (proved by the heap_i5 run) as one text,
 * heap_i5_spec.h's clause macros, i5's requires and ensures included, so
 * l_ren, l_cut_same, l_cut_new and l_cut require i5(h) and carry it
 * (l_ren's x_i5: its steps write ghost data only); cut_step is
 * heap_tile_take.c's g_cut (proved by the heap_tile_take run) less its
 * sums and header words: the clauses both state are one macro,
 * CUT_TILES (heap_tile_cut.h). CUT_REL(L, k, bs) is g_cut's renumbering of
 * the tiles (tn, tG, tF against label L), stated once for l_ren's x_cut
 * and l_cut's lc_cut. take calls list_replace when the rest
 * keeps b's class, list_pop and list_push when not (heap_take_class.c's
 * s_class and s_place, heap_take_class_new.c's sn_class: proved on
 * take's code, the rest filed in lists[cls_floor(s - bs)]).
 * l_ren and l_cut have no assigns clause: the inclusion of g_mvt's
 * two-dimensional lT range in a caller's assigns timed out (CVC4) or
 * failed (Z3) whenever tlisted(h) was in the context (it is proved in
 * g_mvt's own small context); without one a call lets every location
 * change, so l_ren's ensures state all l_cut_same and l_cut_new need (the
 * tile relation, lN unchanged, state X, lsep(h) after).
 * Take's whole case is heap_list.c's l_pop_proof, not repeated here: its
 * ghost tiles after (tF[k] cleared, every other tF, tG and tn as they
 * were: its assigns) are g_use's (u_f, u_fo; g_use assigns only tF[k]
 * and tS, which tlisted(h) does not read), and its list effect is
 * list_pop's (pop_step, list_pop's proved contract).
 * The code is kernel/heap.c itself, included (through heap_list.c) for
 * its types only.
 * Assumptions: heap_list.c's: lsep(h) (here the old tiles' and the
 * rest's blk_t valid and apart: flat memory) and, for the push, lN[c] +
 * 1 < TMAX (lp_cap's counting argument); and c, cls_floor of the rest's
 * size, below LCLS (heap_class_scheme.h's class range, a precondition
 * here). No axiom, no admitted lemma.
 */
#include "heap_list.c"
#include "heap_tile_cut.h"

/* heap_tile_take.c's g_cut (proved by the heap_tile_take run), its
 * requires and the ensures on tn, tG and tF (CUT_TILES, the one text
 * both state): declared, never defined. */
/*@ CUT_TILES */
void cut_step(uint32_t k, uint32_t bs, uint32_t total);

/*@ // A tile index of the old numbering in the new one (cut at k).
    logic integer ren(integer x, integer k) = x > k ? x + 1 : x;
*/

/* lK and lP moved with their tiles: index j - 1 to j for k + 2 <= j <= n
 * (a ghost loop, downwards). */
/*@ ghost
  /@ requires 0 <= k && k + 2 <= n < TMAX;
     assigns lK[k + 2 .. n], lP[k + 2 .. n];
     ensures mk_k: \forall integer j; k + 2 <= j <= n ==> lK[j] == \old(lK[j - 1]);
     ensures mk_p: \forall integer j; k + 2 <= j <= n ==> lP[j] == \old(lP[j - 1]);
  @/
  void g_mvk(uint32_t k, uint32_t n)
  {
      uint32_t i = n;
      /@ loop invariant a_i: k + 1 <= i <= n;
         loop invariant a_hk: \forall integer j; i < j <= n ==> lK[j] == \at(lK[j - 1], Pre);
         loop invariant a_hp: \forall integer j; i < j <= n ==> lP[j] == \at(lP[j - 1], Pre);
         loop invariant a_lk: \forall integer j; 0 <= j <= i ==> lK[j] == \at(lK[j], Pre);
         loop invariant a_lp: \forall integer j; 0 <= j <= i ==> lP[j] == \at(lP[j], Pre);
         loop assigns i, lK[k + 2 .. n], lP[k + 2 .. n];
         loop variant i;
      @/
      while (i > k + 1) {
          uint32_t i1 = i - 1;
          /@ assert a_i1: i1 == i - 1 && k + 1 <= i1; @/
          lK[i] = lK[i1];
          lP[i] = lP[i1];
          i = i1;
      }
  }
*/

/* Every lT entry above k one up, every list, every position (a ghost
 * loop in a ghost loop). */
/*@ ghost
  /@ requires mt_n: \forall integer c; 0 <= c < LCLS ==> lN[c] < TMAX;
     requires mt_t: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] ==> lT[c][p] < TMAX;
     assigns lT[0 .. LCLS - 1][0 .. TMAX - 1];
     ensures mt_r: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] ==>
       lT[c][p] == ren(\old(lT[c][p]), k);
  @/
  void g_mvt(uint32_t k)
  {
      uint32_t c = 0;
      /@ loop invariant b_c: 0 <= c <= LCLS;
         loop invariant b_lo: \forall integer c1, p; 0 <= c1 < c && 0 <= p < lN[c1] ==>
           lT[c1][p] == ren(\at(lT[c1][p], Pre), k);
         loop invariant b_hi: \forall integer c1, p; c <= c1 < LCLS && 0 <= p < TMAX ==>
           lT[c1][p] == \at(lT[c1][p], Pre);
         loop assigns c, lT[0 .. LCLS - 1][0 .. TMAX - 1];
         loop variant LCLS - c;
      @/
      while (c < LCLS) {
          uint32_t p = 0;
          /@ loop invariant d_p: 0 <= p <= lN[c];
             loop invariant d_lo: \forall integer c1, q; c1 == c && 0 <= q < p ==>
               lT[c1][q] == ren(\at(lT[c1][q], Pre), k);
             loop invariant d_hi: \forall integer c1, q; c1 == c && p <= q < TMAX ==>
               lT[c1][q] == \at(lT[c1][q], Pre);
             loop invariant d_o1: \forall integer c1, q; 0 <= c1 < c && 0 <= q < lN[c1] ==>
               lT[c1][q] == ren(\at(lT[c1][q], Pre), k);
             loop invariant d_o2: \forall integer c1, q; c < c1 < LCLS && 0 <= q < TMAX ==>
               lT[c1][q] == \at(lT[c1][q], Pre);
             loop assigns p, lT[c][0 .. TMAX - 1];
             loop variant lN[c] - p;
          @/
          while (p < lN[c]) {
              uint32_t x = lT[c][p];
              /@ assert d_x: x < TMAX && p < TMAX; @/
              if (x > k)
                  lT[c][p] = x + 1;
              p++;
          }
          c++;
      }
  }
*/

/* The tiles after the cut at k (bs bytes at k, the rest at k + 1) in
 * terms of the tiles at label L: tn one more, tG and tF below k as they
 * were, the rest at tG[k] + bs, free, k allocated, the tiles above k one
 * index up (g_cut's effect on tn, tG and tF). */
#define CUT_REL(L, k, bs) \
    tn == \at(tn, L) + 1 && \
    (\forall integer i; 0 <= i <= k ==> tG[i] == \at(tG[i], L)) && \
    tG[k + 1] == \at(tG[k], L) + bs && \
    (\forall integer i; k + 2 <= i <= tn ==> tG[i] == \at(tG[i - 1], L)) && \
    (\forall integer i; 0 <= i < k ==> tF[i] == \at(tF[i], L)) && \
    tF[k] == 0 && tF[k + 1] == 1 && \
    (\forall integer i; k + 2 <= i < tn ==> tF[i] == \at(tF[i - 1], L))

/* The renumbering: the tiles cut at k (cut_step), then lK, lP and lT
 * moved with them (g_mvk, g_mvt). */
/*@ requires rn_pre: gseq(total) && total < 1048576 && tlisted(h) && i5(h);
    requires rn_k: 0 <= idx < LCLS && 1 <= lN[idx] && lT[idx][lN[idx] - 1] == k;
    requires rn_cut: HB_MIN <= bs && bs % 8 == 0 && bsize(k) >= bs + HB_MIN;
    // lsep(h) of the tiles after the cut: the old tiles' and the rest's
    requires rn_sep: \valid(h) && lsep(h) && BLK_APART(h, B(h, tG[k] + bs));
    ensures x_cut: CUT_REL(Pre, k, bs);
    ensures x_n: \forall integer c; 0 <= c < LCLS ==> lN[c] == \old(lN[c]);
    ensures x_sep: \valid(h) && lsep(h);
    ensures x_i5: i5(h);
    ensures x_tile: tn <= 43691 && k + 2 < tn && bsize(k + 1) == \old(bsize(k)) - bs;
    ensures x_hd: lT[idx][lN[idx] - 1] == k;
    ensures x_ent: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] && !(c == idx && p == lN[idx] - 1) ==>
      lfree(lT[c][p]) && lT[c][p] != k + 1 && lK[lT[c][p]] == c && lP[lT[c][p]] == p;
    ensures x_mem: \forall integer i; lfree(i) && i != k + 1 ==>
      0 <= lK[i] < LCLS && 0 <= lP[i] < lN[lK[i]] && lT[lK[i]][lP[i]] == i &&
      lK[i] == cls_floor(bsize(i));
    ensures x_heads: l_heads(h);
    ensures x_links: l_links(h);
*/
void l_ren(vos_heap_t *h, uint32_t idx, uint32_t k, uint32_t bs, uint32_t total)
{
    //@ assert n_room: tn * HB_MIN <= total && tn <= 43690;
    //@ assert n_k: lfree(k) && lK[k] == idx && lP[k] == lN[idx] - 1;
    /*@ assert n_t: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] ==>
          lfree(lT[c][p]) && lT[c][p] < TMAX; */
    /*@ ghost g_mvt(k); */
    cut_step(k, bs, total);
    /*@ ghost uint32_t n = tn - 1; */
    //@ assert n_n: n == \at(tn, Pre) && k + 2 <= n < TMAX;
    /*@ ghost g_mvk(k, n); */
    /*@ assert r_old: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] ==>
          \at(lfree(lT[c][p]), Pre) && \at(lK[lT[c][p]], Pre) == c && \at(lP[lT[c][p]], Pre) == p; */
    //@ assert r_gl: \forall integer x; 0 <= x <= k ==> tG[x] == \at(tG[x], Pre);
    //@ assert r_gh: \forall integer x; k < x < \at(tn, Pre) ==> tG[x + 1] == \at(tG[x], Pre);
    //@ assert r_gr: \forall integer x; 0 <= x < \at(tn, Pre) ==> tG[ren(x, k)] == \at(tG[x], Pre);
    /*@ assert r_g: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] ==>
          tG[lT[c][p]] == \at(tG[lT[c][p]], Pre); */
    /*@ assert r_bl: \forall integer c, p; 0 <= c < LCLS && -1 <= p < lN[c] ==>
          lblk(h, c, p) == \at(lblk(h, c, p), Pre); */
    //@ assert r_h: l_heads(h);
    //@ assert r_l: l_links(h);
    //@ assert r_lo: \forall integer i; 0 <= i < k ==> tF[i] == \at(tF[i], Pre) && bsize(i) == \at(bsize(i), Pre) && lK[i] == \at(lK[i], Pre) && lP[i] == \at(lP[i], Pre);
    //@ assert r_hi: \forall integer i; k + 2 <= i < tn ==> tF[i] == \at(tF[i - 1], Pre) && lK[i] == \at(lK[i - 1], Pre) && lP[i] == \at(lP[i - 1], Pre);
    //@ assert r_hb: \forall integer i; k + 2 <= i < tn ==> bsize(i) == \at(bsize(i - 1), Pre);
    /*@ assert r_fl: \forall integer x; 0 <= x < \at(tn, Pre) && x != k ==>
          (lfree(ren(x, k)) <==> \at(lfree(x), Pre)) && lK[ren(x, k)] == \at(lK[x], Pre) &&
          lP[ren(x, k)] == \at(lP[x], Pre) && ren(x, k) != k && ren(x, k) != k + 1 &&
          bsize(ren(x, k)) == \at(bsize(x), Pre); */
    /*@ assert r_nk: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] && !(c == idx && p == lN[idx] - 1) ==>
          \at(lT[c][p], Pre) != k; */
    //@ assert r_inv: \forall integer i; 0 <= i < tn && i != k && i != k + 1 ==> 0 <= (i < k ? i : i - 1) < \at(tn, Pre) && ren(i < k ? i : i - 1, k) == i && (i < k ? i : i - 1) != k;
    //@ assert r_bo: \forall integer i; 0 <= i < tn && i != k + 1 ==> 0 <= (i <= k ? i : i - 1) < \at(tn, Pre) && tG[i] == \at(tG[i <= k ? i : i - 1], Pre);
    //@ assert r_br: tG[k + 1] == \at(tG[k], Pre) + bs;
    //@ assert r_bd: \forall integer i, j; 0 <= i < tn && 0 <= j < tn && i != j && i != k + 1 && j != k + 1 ==> (i <= k ? i : i - 1) != (j <= k ? j : j - 1);
    //@ assert r_s1: \forall integer i; 0 <= i < tn ==> \valid(B(h, tG[i])) && \separated(B(h, tG[i]), h);
    //@ assert r_p0: \forall integer i, j; 0 <= i < \at(tn, Pre) && 0 <= j < \at(tn, Pre) && i != j ==> \separated(B(h, \at(tG[i], Pre)), B(h, \at(tG[j], Pre)));
    //@ assert r_p1: \forall integer i, j; 0 <= i <= k && 0 <= j <= k && i != j ==> \separated(B(h, tG[i]), B(h, tG[j]));
    //@ assert r_p2: \forall integer i, j; k + 2 <= i < tn && k + 2 <= j < tn && i != j ==> \separated(B(h, tG[i]), B(h, tG[j]));
    //@ assert r_p3: \forall integer i, j; 0 <= i <= k && k + 2 <= j < tn ==> \separated(B(h, tG[i]), B(h, tG[j])) && \separated(B(h, tG[j]), B(h, tG[i]));
    //@ assert r_s2: \forall integer i, j; 0 <= i < tn && 0 <= j < tn && i != j && i != k + 1 && j != k + 1 ==> \separated(B(h, tG[i]), B(h, tG[j]));
    //@ assert r_s3: \forall integer i; 0 <= i < tn && i != k + 1 ==> \separated(B(h, tG[i]), B(h, tG[k + 1])) && \separated(B(h, tG[k + 1]), B(h, tG[i]));
    //@ assert r_sa: \forall integer i, j; 0 <= i < tn && 0 <= j < tn && i != j ==> \separated(B(h, tG[i]), B(h, tG[j]));
    //@ assert r_s: lsep(h);
}

/* list_replace's proved contract (heap_i5.c's, proved by the heap_i5 run:
 * heap_i5_spec.h's clauses, the same text): declared, never defined. */
/*@ LREPL_REQ(old, b)
    LREPL_ASG(old, b)
    LREPL_ENS(old, b)
*/
void replace_step(blk_t *old, blk_t *b);

/*@ // State X (l_ren's ensures): the lists renumbered, list idx's head
    // still tile k (now allocated), the rest k + 1 free and not listed.
    predicate lcut_x{L}(vos_heap_t *h, integer idx, integer k) =
      0 <= idx < LCLS && 1 <= lN[idx] && lT[idx][lN[idx] - 1] == k &&
      (\forall integer c; 0 <= c < LCLS ==> lN[c] < TMAX) &&
      (\forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] && !(c == idx && p == lN[idx] - 1) ==>
        lfree(lT[c][p]) && lT[c][p] != k + 1 && lK[lT[c][p]] == c && lP[lT[c][p]] == p) &&
      (\forall integer i; lfree(i) && i != k + 1 ==>
        0 <= lK[i] < LCLS && 0 <= lP[i] < lN[lK[i]] && lT[lK[i]][lP[i]] == i &&
        lK[i] == cls_floor(bsize(i)));
*/

/* The same-class ghost update: list idx's head position becomes the
 * rest k + 1. Its preconditions: state X and the replace's writes (the
 * rest linked in b's place): a small context. */
/*@ ghost
  /@ requires gs_x: lcut_x(h, idx, k);
     requires gs_t: 0 <= k && k + 2 < tn && tn <= TMAX && tF[k] == 0 && tF[k + 1] == 1 &&
       cls_floor(bsize(k + 1)) == idx;
     requires gs_lb: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] &&
       !(c == idx && lN[idx] - 2 <= p) ==>
         NF2(lT[c][p]) == lblk(h, c, p - 1) &&
         PP2(lT[c][p]) == (p == lN[c] - 1 ? &h->lists[c] : &B(h, tG[lT[c][p + 1]])->next_free);
     requires gs_hb: l_heads_but(h, idx);
     requires gs_h: h->lists[idx] == B(h, tG[k + 1]);
     requires gs_r: NF2(k + 1) == lblk(h, idx, lN[idx] - 2) && PP2(k + 1) == &h->lists[idx];
     requires gs_u: lN[idx] >= 2 ==>
       NF2(lT[idx][lN[idx] - 2]) == lblk(h, idx, lN[idx] - 3) &&
       PP2(lT[idx][lN[idx] - 2]) == &B(h, tG[k + 1])->next_free;
     assigns lT[idx][lN[idx] - 1], lK[k + 1], lP[k + 1];
     ensures gs_ok: tlisted(h);
     ensures gs_hd: lT[idx][lN[idx] - 1] == k + 1;
  @/
  void g_same(vos_heap_t *h, uint32_t idx, uint32_t k)
  {
      uint32_t n = lN[idx] - 1;
      uint32_t k1 = k + 1;
      /@ assert e_n: n == lN[idx] - 1 && k1 == k + 1 && lT[idx][n] == k; @/
      lT[idx][n] = k1;
      lK[k1] = idx;
      lP[k1] = n;
      /@ assert e_lt: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] && !(c == idx && p == n) ==>
            lT[c][p] == \at(lT[c][p], Pre); @/
      /@ assert e_ko: \forall integer i; i != k + 1 ==> lK[i] == \at(lK[i], Pre) && lP[i] == \at(lP[i], Pre); @/
      /@ assert e_m0: \forall integer i; lfree(i) && i != k + 1 ==>
            !(\at(lK[i], Pre) == idx && \at(lP[i], Pre) == n); @/
      /@ assert e_m: l_mem(h); @/
      /@ assert e_e: l_ent(h); @/
      /@ assert e_bl: \forall integer c, p; 0 <= c < LCLS && -1 <= p < lN[c] && !(c == idx && p == n) ==>
            lblk(h, c, p) == \at(lblk(h, c, p), Pre); @/
      /@ assert e_h1: h->lists[idx] == lblk(h, idx, lN[idx] - 1); @/
      /@ assert e_h2: \forall integer c; 0 <= c < LCLS && c != idx ==> h->lists[c] == lblk(h, c, lN[c] - 1); @/
      g_heads_join(h, idx);
      /@ assert e_l1: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] && c != idx ==>
            NF2(lT[c][p]) == lblk(h, c, p - 1) &&
            PP2(lT[c][p]) == (p == lN[c] - 1 ? &h->lists[c] : &B(h, tG[lT[c][p + 1]])->next_free); @/
      /@ assert e_l2: \forall integer p; 0 <= p < n - 1 ==>
            NF2(lT[idx][p]) == lblk(h, idx, p - 1) && PP2(lT[idx][p]) == &B(h, tG[lT[idx][p + 1]])->next_free; @/
      /@ assert e_l3: n >= 1 ==>
            NF2(lT[idx][n - 1]) == lblk(h, idx, n - 2) && PP2(lT[idx][n - 1]) == &B(h, tG[lT[idx][n]])->next_free; @/
      /@ assert e_l4: NF2(lT[idx][n]) == lblk(h, idx, n - 1) && PP2(lT[idx][n]) == &h->lists[idx]; @/
      g_top_join(h, idx, n);
      g_links_join(h, idx);
  }
*/

/* The same-class case (take's list_replace): from state X, the rest r
 * (tile k + 1) put in b's place (tile k, list idx's head): tlisted(h). */
/*@ requires cs_x: \valid(h) && lsep(h) && lcut_x(h, idx, k) && l_heads(h) && l_links(h) && i5(h);
    requires cs_t: 0 <= k && k + 2 < tn && tn <= TMAX && tF[k] == 0 && tF[k + 1] == 1;
    requires cs_c: cls_floor(bsize(k + 1)) == idx;
    requires cs_b: b == B(h, tG[k]) && r == B(h, tG[k + 1]);
    assigns r->next_free, r->pprev, h->lists[idx], b->next_free->pprev,
            lT[idx][lN[idx] - 1], lK[k + 1], lP[k + 1];
    ensures cs_ok: tlisted(h);
    ensures cs_i5: i5(h);
    ensures cs_hd: h->lists[idx] == r && lT[idx][lN[idx] - 1] == k + 1;
*/
void l_cut_same(vos_heap_t *h, blk_t *b, blk_t *r, uint32_t idx, uint32_t k)
{
    //@ assert s_n: 1 <= lN[idx] < TMAX && 0 <= idx < LCLS;
    //@ assert s_hd: h->lists[idx] == b;
    //@ assert s_pp: b->pprev == &h->lists[idx] && b->next_free == lblk(h, idx, lN[idx] - 2);
    /*@ ghost uint32_t t = lN[idx] >= 2 ? lT[idx][lN[idx] - 2] : k; */
    /*@ assert s_t1: lN[idx] >= 2 ==> b->next_free == B(h, tG[t]) && lfree(t) && t != k + 1 &&
          lK[t] == idx && lP[t] == lN[idx] - 2; */
    //@ assert s_t0: lN[idx] < 2 ==> b->next_free == \null && t == k;
    //@ assert s_rs: \valid(r) && \separated(r, h) && \separated(r, b) && \valid(b) && \separated(b, h);
    /*@ assert s_ns: b->next_free != \null ==>
          \valid(b->next_free) && \separated(b->next_free, r) && \separated(b->next_free, b) &&
          \separated(b->next_free, h); */
    /*@ assert s_ts: \forall integer i; 0 <= i < tn && i != k && i != k + 1 && i != t ==>
          \separated(B(h, tG[i]), h) && \separated(B(h, tG[i]), r) && \separated(B(h, tG[i]), b) &&
          (\at(lN[idx], Here) >= 2 ==> \separated(B(h, tG[i]), B(h, tG[t]))); */
    /*@ assert s_ne: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] &&
          !(c == idx && lN[idx] - 2 <= p) ==>
          lT[c][p] != k && lT[c][p] != k + 1 && lT[c][p] != t && 0 <= lT[c][p] < tn; */
    replace_step(b, r);
    /*@ assert q_fo: \forall integer i; 0 <= i < tn && i != k && i != k + 1 && i != t ==>
          NF2(i) == NF1(i) && PP2(i) == PP1(i); */
    //@ assert q_ft: lN[idx] >= 2 ==> \let u = t; NF2(u) == NF1(u) && PP2(u) == &r->next_free;
    //@ assert q_fr: r->next_free == \at(b->next_free, Pre) && r->pprev == &h->lists[idx];
    //@ assert q_h: h->lists[idx] == r;
    //@ assert q_ho: \forall integer c; 0 <= c < LCLS && c != idx ==> h->lists[c] == \at(h->lists[c], Pre);
    /*@ assert q_lb: \forall integer c, p; 0 <= c < LCLS && 0 <= p < lN[c] &&
          !(c == idx && lN[idx] - 2 <= p) ==>
            NF2(lT[c][p]) == lblk(h, c, p - 1) &&
            PP2(lT[c][p]) == (p == lN[c] - 1 ? &h->lists[c] : &B(h, tG[lT[c][p + 1]])->next_free); */
    //@ assert q_hb: l_heads_but(h, idx);
    //@ assert q_r: NF2(k + 1) == lblk(h, idx, lN[idx] - 2) && PP2(k + 1) == &h->lists[idx];
    /*@ assert q_u: lN[idx] >= 2 ==>
          NF2(lT[idx][lN[idx] - 2]) == lblk(h, idx, lN[idx] - 3) &&
          PP2(lT[idx][lN[idx] - 2]) == &B(h, tG[k + 1])->next_free; */
    /*@ ghost g_same(h, idx, k); */
}

/* The other-class ghost update: list idx's head position dropped, the
 * rest k + 1 appended to list c. Its preconditions: state X and the
 * pop's and push's writes: a small context. */
/*@ ghost
  /@ requires gn_x: lcut_x(h, idx, k);
     requires gn_t: 0 <= k && k + 2 < tn && tn <= TMAX && tF[k] == 0 && tF[k + 1] == 1 &&
       0 <= c < LCLS && c != idx && c == cls_floor(bsize(k + 1)) && lN[c] + 1 < TMAX;
     requires gn_lb: \forall integer c1, p; 0 <= c1 < LCLS && 0 <= p < lN[c1] &&
       !(c1 == idx && lN[idx] - 2 <= p) && !(c1 == c && lN[c] - 1 <= p) ==>
         NF2(lT[c1][p]) == lblk(h, c1, p - 1) &&
         PP2(lT[c1][p]) == (p == lN[c1] - 1 ? &h->lists[c1] : &B(h, tG[lT[c1][p + 1]])->next_free);
     requires gn_hb: \forall integer c1; 0 <= c1 < LCLS && c1 != idx && c1 != c ==>
       h->lists[c1] == lblk(h, c1, lN[c1] - 1);
     requires gn_hi: h->lists[idx] == lblk(h, idx, lN[idx] - 2);
     requires gn_ti: lN[idx] >= 2 ==>
       NF2(lT[idx][lN[idx] - 2]) == lblk(h, idx, lN[idx] - 3) && PP2(lT[idx][lN[idx] - 2]) == &h->lists[idx];
     requires gn_hc: h->lists[c] == B(h, tG[k + 1]);
     requires gn_r: NF2(k + 1) == lblk(h, c, lN[c] - 1) && PP2(k + 1) == &h->lists[c];
     requires gn_u: lN[c] >= 1 ==>
       NF2(lT[c][lN[c] - 1]) == lblk(h, c, lN[c] - 2) &&
       PP2(lT[c][lN[c] - 1]) == &B(h, tG[k + 1])->next_free;
     assigns lN[idx], lN[c], lT[c][lN[c]], lK[k + 1], lP[k + 1];
     ensures gn_ok: tlisted(h);
     ensures gn_hd: lT[c][lN[c] - 1] == k + 1;
  @/
  void g_new(vos_heap_t *h, uint32_t idx, uint32_t k, uint32_t c)
  {
      uint32_t m = lN[idx] - 1;
      uint32_t n = lN[c];
      uint32_t k1 = k + 1;
      /@ assert f_n: m + 1 == lN[idx] && n == lN[c] && k1 == k + 1 && lT[idx][m] == k; @/
      lN[idx] = m;
      lT[c][n] = k1;
      lK[k1] = c;
      lP[k1] = n;
      lN[c] = n + 1;
      /@ assert f_ln: lN[idx] == m && lN[c] == n + 1 &&
            \forall integer c1; 0 <= c1 < LCLS && c1 != idx && c1 != c ==> lN[c1] == \at(lN[c1], Pre); @/
      /@ assert f_lt: \forall integer c1, p; 0 <= c1 < LCLS && 0 <= p < lN[c1] && !(c1 == c && p == n) ==>
            lT[c1][p] == \at(lT[c1][p], Pre) && !(c1 == idx && p == m); @/
      /@ assert f_ko: \forall integer i; i != k + 1 ==> lK[i] == \at(lK[i], Pre) && lP[i] == \at(lP[i], Pre); @/
      /@ assert f_m0: \forall integer i; lfree(i) && i != k + 1 ==>
            !(lK[i] == idx && lP[i] == m); @/
      /@ assert f_m: l_mem(h); @/
      /@ assert f_e: l_ent(h); @/
      /@ assert f_bl: \forall integer c1, p; 0 <= c1 < LCLS && -1 <= p < lN[c1] && !(c1 == c && p == n) ==>
            lblk(h, c1, p) == \at(lblk(h, c1, p), Pre); @/
      /@ assert f_hi: h->lists[idx] == lblk(h, idx, lN[idx] - 1); @/
      /@ assert f_hc: h->lists[c] == lblk(h, c, lN[c] - 1); @/
      /@ assert f_h2: \forall integer c1; 0 <= c1 < LCLS && c1 != idx ==> h->lists[c1] == lblk(h, c1, lN[c1] - 1); @/
      g_heads_join(h, idx);
      /@ assert f_l1: \forall integer c1, p; 0 <= c1 < LCLS && 0 <= p < lN[c1] && c1 != idx && c1 != c ==>
            NF2(lT[c1][p]) == lblk(h, c1, p - 1) &&
            PP2(lT[c1][p]) == (p == lN[c1] - 1 ? &h->lists[c1] : &B(h, tG[lT[c1][p + 1]])->next_free); @/
      /@ assert f_i2: \forall integer p; 0 <= p < m - 1 ==>
            NF2(lT[idx][p]) == lblk(h, idx, p - 1) && PP2(lT[idx][p]) == &B(h, tG[lT[idx][p + 1]])->next_free; @/
      /@ assert f_i3: m >= 1 ==>
            NF2(lT[idx][m - 1]) == lblk(h, idx, m - 2) && PP2(lT[idx][m - 1]) == &h->lists[idx]; @/
      g_pop_join(h, idx, m);
      /@ assert f_c2: \forall integer p; 0 <= p < n - 1 ==>
            NF2(lT[c][p]) == lblk(h, c, p - 1) && PP2(lT[c][p]) == &B(h, tG[lT[c][p + 1]])->next_free; @/
      /@ assert f_c3: n >= 1 ==>
            NF2(lT[c][n - 1]) == lblk(h, c, n - 2) && PP2(lT[c][n - 1]) == &B(h, tG[lT[c][n]])->next_free; @/
      /@ assert f_c4: NF2(lT[c][n]) == lblk(h, c, n - 1) && PP2(lT[c][n]) == &h->lists[c]; @/
      g_top_join(h, c, n);
      /@ assert f_lo: \forall integer c1, p; 0 <= c1 < LCLS && 0 <= p < lN[c1] && c1 != c ==>
            NF2(lT[c1][p]) == lblk(h, c1, p - 1) &&
            PP2(lT[c1][p]) == (p == lN[c1] - 1 ? &h->lists[c1] : &B(h, tG[lT[c1][p + 1]])->next_free); @/
      g_links_join(h, c);
  }
*/

/* The other-class case (take's list_pop, then list_push on list c, the
 * rest's class): from state X, b (tile k) out of list idx, the rest r
 * (tile k + 1) the head of list c: tlisted(h). */
/*@ requires cn_x: \valid(h) && lsep(h) && lcut_x(h, idx, k) && l_heads(h) && l_links(h) && i5(h);
    requires cn_t: 0 <= k && k + 2 < tn && tn <= TMAX && tF[k] == 0 && tF[k + 1] == 1;
    requires cn_c: c == cls_floor(bsize(k + 1)) && 0 <= c < LCLS && c != idx;
    requires cn_cap: lN[c] + 1 < TMAX;
    requires cn_b: b == B(h, tG[k]) && r == B(h, tG[k + 1]);
    // t and u: list idx's position below its head, list c's head (k when none)
    requires cn_tp: t == (lN[idx] >= 2 ? lT[idx][lN[idx] - 2] : k);
    requires cn_up: u == (lN[c] >= 1 ? lT[c][lN[c] - 1] : k);
    assigns h->lists[idx], b->next_free->pprev, h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map,
            h->lists[c], r->next_free, r->pprev, h->lists[c]->pprev,
            lN[idx], lN[c], lT[c][lN[c]], lK[k + 1], lP[k + 1];
    ensures cn_ok: tlisted(h);
    ensures cn_i5: i5(h);
    ensures cn_hd: h->lists[c] == r && lT[c][lN[c] - 1] == k + 1;
*/
void l_cut_new(vos_heap_t *h, blk_t *b, blk_t *r, uint32_t idx, uint32_t k, uint32_t c)
  /*@ ghost (uint32_t t, uint32_t u) */
{
    //@ assert w_n: 1 <= lN[idx] < TMAX && 0 <= idx < LCLS;
    //@ assert w_hd: h->lists[idx] == b;
    //@ assert w_pp: b->pprev == &h->lists[idx] && b->next_free == lblk(h, idx, lN[idx] - 2);
    /*@ assert w_t1: lN[idx] >= 2 ==> b->next_free == B(h, tG[t]) && lfree(t) && t != k + 1 &&
          lK[t] == idx && lP[t] == lN[idx] - 2; */
    //@ assert w_t0: lN[idx] < 2 ==> b->next_free == \null && t == k;
    /*@ assert w_u1: lN[c] >= 1 ==> h->lists[c] == B(h, tG[u]) && lfree(u) && u != k + 1 &&
          lK[u] == c && lP[u] == lN[c] - 1 && u != t; */
    //@ assert w_u0: lN[c] < 1 ==> h->lists[c] == \null && u == k;
    //@ assert w_rs: \valid(r) && \separated(r, h) && \separated(r, b) && \valid(b) && \separated(b, h);
    /*@ assert w_ns: b->next_free != \null ==>
          \valid(b->next_free) && \separated(b->next_free, r) && \separated(b->next_free, b) &&
          \separated(b->next_free, h); */
    /*@ assert w_cs: h->lists[c] != \null ==>
          \valid(h->lists[c]) && \separated(h->lists[c], r) && \separated(h->lists[c], b) &&
          \separated(h->lists[c], h) &&
          (b->next_free != \null ==> \separated(h->lists[c], b->next_free)); */
    /*@ assert w_ts: \forall integer i; 0 <= i < tn && i != k && i != k + 1 && i != t && i != u ==>
          \separated(B(h, tG[i]), h) && \separated(B(h, tG[i]), r) && \separated(B(h, tG[i]), b) &&
          (\at(lN[idx], Here) >= 2 ==> \separated(B(h, tG[i]), B(h, tG[t]))) &&
          (\at(lN[c], Here) >= 1 ==> \separated(B(h, tG[i]), B(h, tG[u]))); */
    /*@ assert w_ne: \forall integer c1, p; 0 <= c1 < LCLS && 0 <= p < lN[c1] &&
          !(c1 == idx && lN[idx] - 2 <= p) && !(c1 == c && lN[c] - 1 <= p) ==>
          lT[c1][p] != k && lT[c1][p] != k + 1 && lT[c1][p] != t && lT[c1][p] != u && 0 <= lT[c1][p] < tn; */
    pop_step(h, b, idx);
    //@ assert v_c: h->lists[c] == \at(h->lists[c], Pre);
    push_step(h, r, c);
    /*@ assert v_fo: \forall integer i; 0 <= i < tn && i != k && i != k + 1 && i != t && i != u ==>
          NF2(i) == NF1(i) && PP2(i) == PP1(i); */
    //@ assert v_ft: lN[idx] >= 2 ==> \let w = t; NF2(w) == NF1(w) && PP2(w) == &h->lists[idx];
    //@ assert v_fu: lN[c] >= 1 ==> \let w = u; NF2(w) == NF1(w) && PP2(w) == &r->next_free;
    //@ assert v_fr: r->next_free == \at(h->lists[c], Pre) && r->pprev == &h->lists[c];
    //@ assert v_hi: h->lists[idx] == \at(b->next_free, Pre);
    //@ assert v_hc: h->lists[c] == r;
    //@ assert v_ho: \forall integer c1; 0 <= c1 < LCLS && c1 != idx && c1 != c ==> h->lists[c1] == \at(h->lists[c1], Pre);
    /*@ assert v_lb: \forall integer c1, p; 0 <= c1 < LCLS && 0 <= p < lN[c1] &&
          !(c1 == idx && lN[idx] - 2 <= p) && !(c1 == c && lN[c] - 1 <= p) ==>
            NF2(lT[c1][p]) == lblk(h, c1, p - 1) &&
            PP2(lT[c1][p]) == (p == lN[c1] - 1 ? &h->lists[c1] : &B(h, tG[lT[c1][p + 1]])->next_free); */
    /*@ assert v_hb: \forall integer c1; 0 <= c1 < LCLS && c1 != idx && c1 != c ==>
          h->lists[c1] == lblk(h, c1, lN[c1] - 1); */
    //@ assert v_h1: h->lists[idx] == lblk(h, idx, lN[idx] - 2);
    /*@ assert v_t: lN[idx] >= 2 ==>
          NF2(lT[idx][lN[idx] - 2]) == lblk(h, idx, lN[idx] - 3) && PP2(lT[idx][lN[idx] - 2]) == &h->lists[idx]; */
    //@ assert v_r: NF2(k + 1) == lblk(h, c, lN[c] - 1) && PP2(k + 1) == &h->lists[c];
    /*@ assert v_u: lN[c] >= 1 ==>
          NF2(lT[c][lN[c] - 1]) == lblk(h, c, lN[c] - 2) &&
          PP2(lT[c][lN[c] - 1]) == &B(h, tG[k + 1])->next_free; */
    /*@ ghost g_new(h, idx, k, c); */
}

/* take's split case as a whole: from tlisted(h) before (tile k, b, the
 * head of list idx, at least bs + HB_MIN bytes), the tiles cut at k
 * (cut_step: g_cut's effect, which tile_take's split case makes) and
 * take's list effect for the rest's class c (list_replace when c is idx,
 * list_pop and list_push when not): tlisted(h) after, in the new tile
 * numbering, the rest k + 1 the head of list c. No assigns clause (l_ren
 * has none): the ensures are the statement. */
/*@ requires lc_pre: \valid(h) && gseq(total) && total < 1048576 && tlisted(h) && i5(h);
    requires lc_k: 0 <= idx < LCLS && 1 <= lN[idx] && lT[idx][lN[idx] - 1] == k && b == B(h, tG[k]);
    requires lc_cut: HB_MIN <= bs && bs % 8 == 0 && bsize(k) >= bs + HB_MIN;
    requires lc_sep: lsep(h) && r == B(h, tG[k] + bs) && BLK_APART(h, r);
    requires lc_c: c == cls_floor(bsize(k) - bs) && 0 <= c < LCLS && lN[c] + 1 < TMAX;
    ensures lc_ok: tlisted(h);
    ensures lc_i5: i5(h);
    ensures lc_head: h->lists[c] == r && lT[c][lN[c] - 1] == k + 1;
    ensures lc_cut: CUT_REL(Pre, k, bs);
*/
void l_cut(vos_heap_t *h, blk_t *b, blk_t *r, uint32_t idx, uint32_t k, uint32_t bs, uint32_t total,
           uint32_t c)
{
    l_ren(h, idx, k, bs, total);
    //@ assert z_x: lcut_x(h, idx, k) && l_heads(h) && l_links(h) && \valid(h) && lsep(h) && i5(h);
    //@ assert z_t: 0 <= k && k + 2 < tn && tn <= TMAX && tF[k] == 0 && tF[k + 1] == 1;
    //@ assert z_c: c == cls_floor(bsize(k + 1)) && lN[c] + 1 < TMAX;
    //@ assert z_b: b == B(h, tG[k]) && r == B(h, tG[k + 1]);
    if (c == idx) {
        l_cut_same(h, b, r, idx, k);
        //@ assert z_s: h->lists[c] == r && lT[c][lN[c] - 1] == k + 1;
    } else {
        /*@ ghost uint32_t t = lN[idx] >= 2 ? lT[idx][lN[idx] - 2] : k; */
        /*@ ghost uint32_t u = lN[c] >= 1 ? lT[c][lN[c] - 1] : k; */
        l_cut_new(h, b, r, idx, k, c) /*@ ghost (t, u) */;
        //@ assert z_n: h->lists[c] == r && lT[c][lN[c] - 1] == k + 1;
    }
}
