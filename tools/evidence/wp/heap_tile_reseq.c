/* SPDX-License-Identifier: MIT */
/*
 * g_reseq (heap_tile_reseq.h: its contract) on its body: gseq(total)
 * from the prefix 0 .. k and the one or two tiles above it. Ghost code
 * only; kernel/heap.c is included (through heap_top.c) for its types and
 * constants. Assumptions: none but heap_tile_model.h's context (its
 * axiom or_flag is not used here). Run heap_tile_reseq.
 */
#include "heap_top.c"
#include "heap_tile_model.h"
#include "heap_tile_reseq.h"

/*@ ghost
  void g_reseq(uint32_t total, uint32_t k)
  {
      /@ assert s_g: tG[0] == 0 && tG[tn] == total && 1 <= tn; @/
      /@ assert s_al: \forall integer i; 0 <= i <= tn ==> tG[i] % 8 == 0; @/
      /@ assert s_t1: tG[k + 1] - tG[k] >= HB_MIN; @/
      /@ assert s_pk0: \forall integer i; 0 <= i <= k ==> tG[k] - tG[i] >= (k - i) * HB_MIN; @/
      /@ assert s_pk: \forall integer i; 0 <= i <= k ==> tG[k + 1] - tG[i] >= (k + 1 - i) * HB_MIN; @/
      /@ assert s_t2: tn == k + 2 ==> tG[k + 2] - tG[k + 1] >= HB_MIN; @/
      /@ assert s_pk2: tn == k + 2 ==> \forall integer i; 0 <= i <= k + 1 ==> tG[k + 2] - tG[i] >= (k + 2 - i) * HB_MIN; @/
      /@ assert s_pw: \forall integer i, j; 0 <= i <= j <= tn ==> tG[j] - tG[i] >= (j - i) * HB_MIN; @/
      /@ assert s_fl: \forall integer i; 0 <= i < tn ==> tF[i] == 0 || tF[i] == 1; @/
      /@ assert s_adj: \forall integer i; 0 <= i && i + 1 < tn ==> !(tF[i] == 1 && tF[i + 1] == 1); @/
      /@ assert s_sum: \forall integer i; 0 <= i < tn ==> tS[i + 1] == tS[i] + (tF[i] == 1 ? bsize(i) : 0); @/
  }
*/
