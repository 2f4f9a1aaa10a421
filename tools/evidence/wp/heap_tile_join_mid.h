/* SPDX-License-Identifier: MIT */
/*
 * The whole-heap model's update for heap_free's fast path when n is
 * listed (not the last tile): g_join_mid joins tile j (b: in use, its
 * predecessor in use) and tile j + 1 (n: free, not the last) into one
 * free tile j of their two sizes; every tile above j + 1 moves down one
 * index (offset, flag), its prefix sum up by b's old size d; tn one
 * lower. The contract only: its body and proof are heap_tile_join_mid.c's
 * (run heap_tile_join_mid). Include after heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_TILE_JOIN_MID_H
#define EV_WP_HEAP_TILE_JOIN_MID_H

/* g_join_mid's contract as clause macros (one text), for a caller that
 * performs g_join_mid and states its contract (branch fastcall-trial's
 * g_fr, not landed). */
#define JM_REQ(total, j) \
     requires gseq(total) && total < 1048576; \
     requires 0 <= j && j + 2 < tn && tF[j] == 0 && tF[j + 1] == 1; \
     requires j > 0 ==> tF[j - 1] == 0; \
     requires tS[tn] + bsize(j) < 4294967296;
#define JM_ASG(j) tn, tG[j + 1 .. tn - 1], tF[j .. tn - 2], tS[j + 1 .. tn - 1]
#define JM_ENS(total, j) \
     ensures m_seq: gseq(total); \
     ensures m_n: tn == \old(tn) - 1; \
     ensures m_lo: \forall integer i; 0 <= i <= j ==> tG[i] == \old(tG[i]); \
     ensures m_lof: \forall integer i; 0 <= i < j ==> tF[i] == \old(tF[i]) && hword(i) == \old(hword(i)); \
     ensures m_hi: \forall integer i; j < i <= tn ==> tG[i] == \old(tG[i + 1]); \
     ensures m_hif: \forall integer i; j < i < tn ==> tF[i] == \old(tF[i + 1]) && hword(i) == \old(hword(i + 1)); \
     ensures m_j: tF[j] == 1 && bsize(j) == \old(bsize(j)) + \old(bsize(j + 1)) && hword(j) == bsize(j) + 1; \
     ensures m_sum: tS[tn] == \old(tS[tn]) + \old(bsize(j));

/*@ ghost
  /@ JM_REQ(total, j)
     assigns JM_ASG(j);
     JM_ENS(total, j)
  @/
  void g_join_mid(uint32_t total, uint32_t j);
*/

#endif
