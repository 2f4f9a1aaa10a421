/* SPDX-License-Identifier: MIT */
/*
 * heap_tile_fast_rl.h's lemma functions on their bodies, in the model's
 * context only (no heap_free contract, no bit lemmas): g_nl, g_nu and
 * g_rq (run heap_tile_fast_rlq), g_fr and g_hdrs_if (run
 * heap_tile_fast_rlg, with g_join_mid's, g_dnt's and g_dnk's contracts,
 * proved by the runs heap_tile_join_mid and heap_tile_fast_ren). Ghost
 * code only; kernel/heap.c is included (through heap_top.c) for its
 * types and constants. No axiom, no admitted lemma.
 */
#include "heap_top.c"
#include "heap_tile_model.h"
#include "heap_class_scheme.h"
#include "heap_list_model.h"
#include "heap_list_join.h"
#include "heap_tile_join_mid.h"
#include "heap_tile_fast_ren.h"
#include "heap_tile_fast_rl.h"

/*@ ghost
  void g_nl(vos_heap_t *h, uint32_t j)
  {
      /@ assert a_n: lfree(j + 1); @/
      /@ assert a_k: 0 <= RK(j) < LCLS && 0 <= RQ(j) < lN[RK(j)] &&
           lT[RK(j)][RQ(j)] == j + 1 && RK(j) == cls_floor(bsize(j + 1)); @/
      /@ assert a_x: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] ==>
           lfree(lT[k][q]) && lT[k][q] != j && lK[lT[k][q]] == k && lP[lT[k][q]] == q; @/
      /@ assert a_at: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] ==> l_at(h, k, q); @/
  }
*/

/*@ ghost
  void g_nu(vos_heap_t *h, uint32_t j)
  {
      /@ assert c_n: lfree(j + 1); @/
      /@ assert c_k: 0 <= RK(j) < LCLS && 0 <= RQ(j) < lN[RK(j)] && lT[RK(j)][RQ(j)] == j + 1; @/
      /@ assert c_at: l_at(h, RK(j), RQ(j)); @/
      /@ assert c_u: RQ(j) + 1 < lN[RK(j)] ==> lfree(ru(j)) && lK[ru(j)] == RK(j) &&
           lP[ru(j)] == RQ(j) + 1 && ru(j) != j && ru(j) != j + 1; @/
      /@ assert c_d: RQ(j) >= 1 ==> lfree(rd(j)) && lK[rd(j)] == RK(j) &&
           lP[rd(j)] == RQ(j) - 1 && rd(j) != j && rd(j) != j + 1; @/
      /@ assert c_ud: RQ(j) >= 1 && RQ(j) + 1 < lN[RK(j)] ==> rd(j) != ru(j); @/
      /@ assert c_p: B(h, tG[j + 1])->pprev == (RQ(j) == lN[RK(j)] - 1 ? &h->lists[RK(j)] :
           &B(h, tG[lT[RK(j)][RQ(j) + 1]])->next_free); @/
      /@ assert c_nx: B(h, tG[j + 1])->next_free == lblk(h, RK(j), RQ(j) - 1); @/
      /@ assert c_ru: (RQ(j) + 1 < lN[RK(j)] ==> ru(j) == lT[RK(j)][RQ(j) + 1] && ru(j) != j) &&
           (RQ(j) + 1 == lN[RK(j)] ==> ru(j) == j); @/
      /@ assert c_rd: (RQ(j) >= 1 ==> rd(j) == lT[RK(j)][RQ(j) - 1] && rd(j) != j &&
             lblk(h, RK(j), RQ(j) - 1) == B(h, tG[rd(j)])) &&
           (RQ(j) == 0 ==> rd(j) == j && lblk(h, RK(j), RQ(j) - 1) == (blk_t *)\null); @/
  }
*/

/*@ ghost
  uint32_t g_ru(uint32_t j, uint32_t k0, uint32_t q0)
  {
      return q0 + 1 < lN[k0] ? lT[k0][q0 + 1] : j;
  }
*/

/*@ ghost
  uint32_t g_rd(uint32_t j, uint32_t k0, uint32_t q0)
  {
      return q0 >= 1 ? lT[k0][q0 - 1] : j;
  }
*/

/*@ ghost
  void g_rq(vos_heap_t *h, uint32_t j)
  {
      /@ assert b_m: \forall integer k, q; 0 <= k < LCLS && -1 <= q <= lN[k] &&
           (k != RK(j) || q != RQ(j)) ==> rblk(h, j, k, q) == lblk(h, k, q); @/
      /@ assert b_m1: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] ==>
           lblk(h, k, q) == B(h, tG[lT[k][q]]); @/
      /@ assert b_l1: \forall integer k, q; 0 <= k < LCLS && 0 <= q && q == lN[k] - 1 &&
           !(k == RK(j) && RQ(j) - 1 <= q <= RQ(j) + 1) ==>
           B(h, tG[lT[k][q]])->pprev == &h->lists[k]; @/
      /@ assert b_l2: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] - 1 &&
           !(k == RK(j) && RQ(j) - 1 <= q <= RQ(j) + 1) ==>
           B(h, tG[lT[k][q]])->pprev == &B(h, tG[lT[k][q + 1]])->next_free; @/
      /@ assert b_on: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] &&
           !(k == RK(j) && RQ(j) - 1 <= q <= RQ(j) + 1) ==>
           rblk(h, j, k, q)->next_free == rblk(h, j, k, q - 1); @/
      /@ assert b_op1: \forall integer k, q; 0 <= k < LCLS && 0 <= q && q == lN[k] - 1 &&
           !(k == RK(j) && RQ(j) - 1 <= q <= RQ(j) + 1) ==>
           rblk(h, j, k, q)->pprev == &h->lists[k]; @/
      /@ assert b_op2: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] - 1 &&
           !(k == RK(j) && RQ(j) - 1 <= q <= RQ(j) + 1) ==>
           rblk(h, j, k, q)->pprev == &rblk(h, j, k, q + 1)->next_free; @/
      /@ assert b_o: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] &&
           !(k == RK(j) && RQ(j) - 1 <= q <= RQ(j) + 1) ==> r_at(h, j, k, q); @/
      /@ assert b_b: r_at(h, j, RK(j), RQ(j)); @/
      /@ assert b_u: RQ(j) + 1 < lN[RK(j)] ==> r_at(h, j, RK(j), RQ(j) + 1); @/
      /@ assert b_d: RQ(j) >= 1 ==> r_at(h, j, RK(j), RQ(j) - 1); @/
      /@ assert b_c: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] ==>
           !(k == RK(j) && RQ(j) - 1 <= q <= RQ(j) + 1) || (k == RK(j) && q == RQ(j)) ||
           (k == RK(j) && q == RQ(j) + 1 && RQ(j) + 1 < lN[RK(j)]) ||
           (k == RK(j) && q == RQ(j) - 1 && RQ(j) >= 1); @/
      /@ assert b_h: \forall integer k; 0 <= k < LCLS ==> h->lists[k] == rblk(h, j, k, lN[k] - 1); @/
  }
*/

/* Every header valid, from tile j's and the others' (a lemma function,
 * its hypotheses in its ensures so that g_fr calls it in every behavior;
 * proved by the heap_tile_fast_rlg run). */
/*@ ghost
  /@ assigns \nothing;
     ensures hi_ok: (\forall integer i; 0 <= i < tn && i != j ==> hdr(h, tG[i], hword(i))) &&
       hdr(h, tG[j], hword(j)) ==> hdrs(h);
  @/
  void g_hdrs_if(vos_heap_t *h, uint32_t j) { }
*/

/*@ ghost
  void g_fr(vos_heap_t *h, uint32_t total, uint32_t j)
  {
      /@ for listed: assert f_0: 0 <= RK(j) < LCLS && 0 <= RQ(j) < lN[RK(j)] && lT[RK(j)][RQ(j)] == j + 1; @/
      g_dnt(j);
      g_join_mid(total, j);
      g_dnk(j, tn);
      /@ for listed: assert f_n: tn == \at(tn, Pre) - 1 && j + 1 < tn; @/
      /@ for listed: assert f_lk: \forall integer i; 0 <= i < j ==>
           lK[i] == \at(lK[i], Pre) && lP[i] == \at(lP[i], Pre); @/
      /@ for listed: assert f_hk: \forall integer i; j <= i < tn ==>
           lK[i] == \at(lK[i + 1], Pre) && lP[i] == \at(lP[i + 1], Pre); @/
      /@ for listed: assert f_t: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] ==>
           lT[c][q] == dn(\at(lT[c][q], Pre), j); @/
      /@ for listed: assert f_fl: \forall integer i; 0 <= i < j ==>
           (lfree(i) <==> \at(lfree(i), Pre)) && bsize(i) == \at(bsize(i), Pre); @/
      /@ for listed: assert f_fj: lfree(j) && \at(lfree(j + 1), Pre) && bsize(j) == \at(bsize(j) + bsize(j + 1), Pre); @/
      /@ for listed: assert f_fh: \forall integer i; j < i < tn ==>
           (lfree(i) <==> \at(lfree(i + 1), Pre)) && bsize(i) == \at(bsize(i + 1), Pre); @/
      /@ for listed: assert f_m0: \forall integer i; 0 <= i < j && lfree(i) ==>
           0 <= lK[i] < LCLS && 0 <= lP[i] < lN[lK[i]] && lT[lK[i]][lP[i]] == i &&
           lK[i] == cls_floor(bsize(i)); @/
      /@ for listed: assert f_m1: 0 <= lK[j] < LCLS && 0 <= lP[j] < lN[lK[j]] && lT[lK[j]][lP[j]] == j &&
           lK[j] == cls_floor(bsize(j)); @/
      /@ for listed: assert f_m2: \forall integer i; j < i < tn && lfree(i) ==>
           0 <= lK[i] < LCLS && 0 <= lP[i] < lN[lK[i]] && lT[lK[i]][lP[i]] == i &&
           lK[i] == cls_floor(bsize(i)); @/
      /@ for listed: assert f_m: l_mem(h); @/
      /@ for listed: assert f_e0: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] ==>
           \at(lfree(lT[c][q]), Pre) && \at(lT[c][q], Pre) != j &&
           \at(lK[lT[c][q]], Pre) == c && \at(lP[lT[c][q]], Pre) == q; @/
      /@ for listed: assert f_e1: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] &&
           \at(lT[c][q], Pre) < j ==> lT[c][q] == \at(lT[c][q], Pre) &&
           lfree(lT[c][q]) && lK[lT[c][q]] == c && lP[lT[c][q]] == q; @/
      /@ for listed: assert f_e2: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] &&
           \at(lT[c][q], Pre) == j + 1 ==> lT[c][q] == j &&
           lfree(lT[c][q]) && lK[lT[c][q]] == c && lP[lT[c][q]] == q; @/
      /@ for listed: assert f_h1: \forall integer x; j + 1 < x < \at(tn, Pre) ==>
           x - 1 < tn && lK[x - 1] == \at(lK[x], Pre) && lP[x - 1] == \at(lP[x], Pre) &&
           (\at(lfree(x), Pre) ==> lfree(x - 1)); @/
      /@ for listed: assert f_e3a: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] &&
           \at(lT[c][q], Pre) > j + 1 ==> lT[c][q] + 1 == \at(lT[c][q], Pre) && j < lT[c][q] &&
           lT[c][q] + 1 < \at(tn, Pre) && lT[c][q] < tn; @/
      /@ for listed: assert f_e3b: \forall integer c, q, x; 0 <= c < LCLS && 0 <= q < lN[c] &&
           \at(lT[c][q], Pre) > j + 1 && x == lT[c][q] ==> lK[x] == \at(lK[x + 1], Pre) &&
           lP[x] == \at(lP[x + 1], Pre) && (\at(lfree(x + 1), Pre) ==> lfree(x)); @/
      /@ for listed: assert f_e3c: \forall integer c, q, x; 0 <= c < LCLS && 0 <= q < lN[c] &&
           \at(lT[c][q], Pre) > j + 1 && x == lT[c][q] ==> \at(lK[x + 1], Pre) == c &&
           \at(lP[x + 1], Pre) == q && \at(lfree(x + 1), Pre); @/
      /@ for listed: assert f_e3: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] &&
           \at(lT[c][q], Pre) > j + 1 ==> lT[c][q] == \at(lT[c][q], Pre) - 1 && j < lT[c][q] < tn &&
           lfree(lT[c][q]) && lK[lT[c][q]] == c && lP[lT[c][q]] == q; @/
      /@ for listed: assert f_e: l_ent(h); @/
      /@ for listed: assert f_b0: \forall integer c; 0 <= c < LCLS ==>
           lblk(h, c, -1) == \null && \at(rblk(h, j, c, -1), Pre) == \null; @/
      /@ for listed: assert f_b1: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] &&
           \at(lT[c][q], Pre) < j ==> lblk(h, c, q) == B(h, \at(tG[lT[c][q]], Pre)) &&
           \at(rblk(h, j, c, q), Pre) == B(h, \at(tG[lT[c][q]], Pre)); @/
      /@ for listed: assert f_b2: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] &&
           \at(lT[c][q], Pre) == j + 1 ==> c == \at(RK(j), Pre) && q == \at(RQ(j), Pre) &&
           lblk(h, c, q) == B(h, tG[j]) && \at(rblk(h, j, c, q), Pre) == B(h, tG[j]); @/
      /@ for listed: assert f_b3: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] &&
           \at(lT[c][q], Pre) > j + 1 ==> lblk(h, c, q) == B(h, \at(tG[lT[c][q]], Pre)) &&
           \at(rblk(h, j, c, q), Pre) == B(h, \at(tG[lT[c][q]], Pre)); @/
      /@ for listed: assert f_b: \forall integer c, q; 0 <= c < LCLS && -1 <= q < lN[c] ==>
           lblk(h, c, q) == \at(rblk(h, j, c, q), Pre); @/
      /@ for listed: assert f_h: l_heads(h); @/
      /@ for listed: assert f_la: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] ==>
           B(h, tG[lT[c][q]]) == \at(rblk(h, j, c, q), Pre) && \at(r_at(h, j, c, q), Pre); @/
      /@ for listed: assert f_lb: \forall integer c, q; 0 <= c < LCLS && 0 <= q < lN[c] ==> l_at(h, c, q); @/
      /@ for listed: assert f_l: l_links(h); @/
      /@ for tiles: assert p_n: tn == \at(tn, Pre) - 1 && j + 1 < tn && tF[j] == 1; @/
      /@ for tiles: assert p_w: hword(j) == \at(bsize(j) + bsize(j + 1), Pre) + 1 && tG[j] == \at(tG[j], Pre); @/
      /@ for tiles: assert p_hd0: \forall integer i; 0 <= i < j ==> hdr(h, tG[i], hword(i)); @/
      /@ for tiles: assert p_hdj: hdr(h, tG[j], hword(j)); @/
      /@ for tiles: assert p_hd1: \forall integer i; j < i < tn ==>
           tG[i] == \at(tG[i + 1], Pre) && hword(i) == \at(hword(i + 1), Pre) && i + 1 != j &&
           hdr(h, tG[i], hword(i)); @/
      /@ for tiles: assert p_hd2: \forall integer i; 0 <= i < tn && i != j ==> hdr(h, tG[i], hword(i)); @/
      g_hdrs_if(h, j);
      /@ for tiles: assert p_hdrs: hdrs(h); @/
      /@ for tiles: assert p_last: tG[tn] == h->total && \forall integer m; m == tn ==>
           tF[m - 1] == \at(tF[m], Pre) && tG[m - 1] == \at(tG[m], Pre) && tG[m] == \at(tG[m + 1], Pre); @/
      /@ for tiles: assert p_lf: tF[tn - 1] == \at(tF[tn - 1], Pre); @/
      /@ for tiles: assert p_s1: hdr(h, h->total, 2 * \at(tF[tn - 1], Pre)); @/
      /@ for tiles: assert p_s2: hdr(h, h->total, 2 * tF[tn - 1]); @/
      /@ for tiles: assert p_sent: sentinel(h); @/
      /@ for tiles: assert p_cnt: counted(h); @/
      /@ for tiles: assert p_top: tile_top(h); @/
  }
*/
