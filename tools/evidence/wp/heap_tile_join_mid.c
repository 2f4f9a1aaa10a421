/* SPDX-License-Identifier: MIT */
/*
 * g_join_mid (heap_tile_join_mid.h: its contract) on its body, a ghost
 * loop moving the tiles above j + 1 down one index: the model's update
 * for heap_free's fast path when n is listed keeps gseq. Ghost code only;
 * kernel/heap.c is included (through heap_top.c) for its types and
 * constants. Run heap_tile_join_mid.
 */
#include "heap_top.c"
#include "heap_tile_model.h"
#include "heap_tile_join_mid.h"

/* Every prefix sum at most the last (a lemma function: a ghost loop, the
 * induction; not heap_tile_mono.h's g_mono, which is another statement). */
/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     assigns \nothing;
     ensures \forall integer i; 0 <= i <= tn ==> tS[i] <= tS[tn];
  @/
  void g_le_last(uint32_t total)
  {
      uint32_t k = tn;
      /@ assert g_room: tn * HB_MIN <= total && tn <= 43690; @/
      /@ loop invariant 0 <= k <= tn;
         loop invariant \forall integer m; k <= m <= tn ==> tS[m] <= tS[tn];
         loop assigns k;
         loop variant k;
      @/
      while (k > 0) {
          /@ assert tS[k] == tS[k - 1] + (tF[k - 1] == 1 ? bsize(k - 1) : 0) && bsize(k - 1) >= 0; @/
          k--;
      }
  }
*/

/* The sums' clause assembled from three ranges (a lemma function). */
/*@ ghost
  /@ requires 0 <= j < tn;
     requires \forall integer i; 0 <= i < j ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0);
     requires tS[j + 1] == tS[j] + (tF[j] == 1 ? bsize(j) : 0);
     requires \forall integer i; j < i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0);
     assigns \nothing;
     ensures \forall integer i; 0 <= i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0);
  @/
  void g_sum3(uint32_t j) { }
*/

/*@ ghost
  void g_join_mid(uint32_t total, uint32_t j)
  {
      uint32_t d = tG[j + 1] - tG[j];
      uint32_t n = tn;
      /@ assert m_room: tn * HB_MIN <= total && tn <= 43690 && n == tn; @/
      /@ assert m_d: d == bsize(j) && 0 < d < 1048576; @/
      /@ assert m_nx: tF[j + 2] == 0; @/
      /@ assert m_sj: tS[j + 1] == tS[j] && tS[j + 2] == tS[j] + bsize(j + 1); @/
      g_le_last(total);
      /@ assert m_sb: \forall integer i; 0 <= i <= tn ==> tS[i] + d < 4294967296; @/
      uint32_t i = j + 1;
      /@ loop invariant i_r: j + 1 <= i <= n;
         loop invariant i_g: \forall integer m; j + 1 <= m < i ==> tG[m] == \at(tG[m + 1], Pre);
         loop invariant i_s: \forall integer m; j + 1 <= m < i ==> tS[m] == \at(tS[m + 1], Pre) + d;
         loop invariant i_f: \forall integer m; j + 1 <= m < i && m + 1 < n ==> tF[m] == \at(tF[m + 1], Pre);
         loop invariant i_gk: \forall integer m; (0 <= m < j + 1 || i <= m <= n) ==> tG[m] == \at(tG[m], Pre);
         loop invariant i_sk: \forall integer m; (0 <= m < j + 1 || i <= m <= n) ==> tS[m] == \at(tS[m], Pre);
         loop invariant i_fk: \forall integer m; (0 <= m < j + 1 || i <= m < n) ==> tF[m] == \at(tF[m], Pre);
         loop invariant i_n: tn == n;
         loop assigns i, tG[j + 1 .. n - 1], tS[j + 1 .. n - 1], tF[j + 1 .. n - 2];
         loop variant n - i;
      @/
      while (i < n) {
          uint32_t i1 = i + 1;
          /@ assert l_i1: i1 == i + 1 && i1 <= n; @/
          /@ assert l_s: tS[i1] + d < 4294967296; @/
          tG[i] = tG[i1];
          tS[i] = tS[i1] + d;
          if (i1 < n)
              tF[i] = tF[i1];
          /@ assert l_s3: tS[i] == tS[i + 1] + d && tG[i] == tG[i + 1]; @/
          /@ assert l_f: i + 1 < n ==> tF[i] == tF[i + 1]; @/
          /@ assert l_sk: \forall integer m; j + 1 <= m < i ==> tS[m] == \at(tS[m + 1], Pre) + d; @/
          /@ assert l_sn: \forall integer m; m == i + 1 ==> tS[m] == \at(tS[m], Pre); @/
          /@ assert l_si: \forall integer m; m == i ==> tS[m] == \at(tS[m + 1], Pre) + d; @/
          /@ assert l_inv: \forall integer m; j + 1 <= m < i1 ==> tS[m] == \at(tS[m + 1], Pre) + d; @/
          i = i1;
      }
      tF[j] = 1;
      tn = n - 1;
      /@ assert e_g: \forall integer m; j < m <= tn ==> tG[m] == \at(tG[m + 1], Pre); @/
      /@ assert e_gl: \forall integer m; 0 <= m <= j ==> tG[m] == \at(tG[m], Pre); @/
      /@ assert e_f: \forall integer m; j < m < tn ==> tF[m] == \at(tF[m + 1], Pre); @/
      /@ assert e_fl: \forall integer m; 0 <= m < j ==> tF[m] == \at(tF[m], Pre); @/
      /@ assert e_s: \forall integer m; j < m <= tn ==> tS[m] == \at(tS[m + 1], Pre) + d; @/
      /@ assert e_sl: \forall integer m; 0 <= m <= j ==> tS[m] == \at(tS[m], Pre); @/
      /@ assert e_f1: tF[j + 1] == 0 || j + 1 == tn; @/
      /@ assert e_bj: bsize(j) == \at(bsize(j) + bsize(j + 1), Pre); @/
      /@ assert e_bh: \forall integer m; j < m < tn ==> bsize(m) == \at(bsize(m + 1), Pre); @/
      /@ assert e_bl: \forall integer m; 0 <= m < j ==> bsize(m) == \at(bsize(m), Pre); @/
      /@ assert e_pf1: j + 1 < tn ==> pfree(j + 1) == 1 && \at(pfree(j + 2), Pre) == 1; @/
      /@ assert e_pf2: \forall integer m; j + 1 < m < tn ==>
           pfree(m) == tF[m - 1] && \at(pfree(m + 1), Pre) == \at(tF[m], Pre) && tF[m - 1] == \at(tF[m], Pre); @/
      /@ assert e_pf: \forall integer m; j < m < tn ==> pfree(m) == \at(pfree(m + 1), Pre); @/
      /@ assert e_pl: \forall integer m; 0 <= m < j ==> pfree(m) == \at(pfree(m), Pre); @/
      /@ assert e_pj: pfree(j) == 0; @/
      /@ assert s_g: tG[0] == 0 && tG[tn] == total && 1 <= tn; @/
      /@ assert s_al: \forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0; @/
      /@ assert s_pw1: \forall integer a, b; 0 <= a <= b <= j ==> tG[b] - tG[a] >= (b - a) * HB_MIN; @/
      /@ assert s_pw2: \forall integer a, b; j < a <= b <= tn ==> tG[b] - tG[a] >= (b - a) * HB_MIN; @/
      /@ assert s_pw3: \forall integer a, b; 0 <= a <= j < b <= tn ==> tG[b] - tG[a] >= (b - a) * HB_MIN; @/
      /@ assert s_pw: \forall integer a, b; 0 <= a <= b <= tn ==> tG[b] - tG[a] >= (b - a) * HB_MIN; @/
      /@ assert s_fl: \forall integer i; 0 <= i < tn ==> tF[i] == 0 || tF[i] == 1; @/
      /@ assert s_adj: \forall integer i; 0 <= i && i + 1 < tn ==> !(tF[i] == 1 && tF[i + 1] == 1); @/
      /@ assert s_sum1: \forall integer i; 0 <= i < j ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
      /@ assert s_sum2: tS[j + 1] == tS[j] + bsize(j) && tF[j] == 1; @/
      /@ assert s_sum2b: tS[j + 1] == tS[j] + (tF[j] == 1 ? bsize(j) : 0); @/
      /@ assert s_sum3: \forall integer i; j < i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
      g_sum3(j);
      /@ assert s_sum: \forall integer i; 0 <= i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
  }
*/
