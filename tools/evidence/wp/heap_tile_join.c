/* SPDX-License-Identifier: MIT */
/*
 * g_join_top (heap_tile_join.h: its contract) on its body: the model's
 * update for heap_free's fast path to the top keeps gseq (the tiling,
 * flags 0 or 1, no two free tiles adjacent, the prefix sums); with the
 * lemma functions g_word1 (a free tile after one in use: its word is its
 * size + HB_FREE) and g_cover1 (heap_tile_join.h: the headers of tiles
 * 0 .. k from those below k and tile k's), and by a call of
 * heap_tile_reseq.h's g_reseq (gseq from its parts after the update; its
 * contract, proved by the run heap_tile_reseq). Ghost code only; kernel/heap.c is included (through heap_top.c) for its types and
 * constants. Assumptions: none but heap_tile_model.h's context (its
 * axiom or_flag is not used here). Run heap_tile_join.
 */
#include "heap_top.c"
#include "heap_tile_model.h"
#include "heap_tile_join.h"
#include "heap_tile_reseq.h"

/* A free tile after a tile in use (or first): its word is its size | HB_FREE
 * (a lemma function, proved with nothing else in sight). */
/*@ ghost
  /@ requires 0 <= k && tF[k] == 1 && (k == 0 || tF[k - 1] == 0);
     assigns \nothing;
     ensures hword(k) == bsize(k) + 1;
  @/
  void g_word1(uint32_t k) { }
*/

/*@ ghost
  void g_join_top(uint32_t total)
  {
      uint32_t k = tn - 2;
      /@ assert j_kk: k == tn - 2 && 0 <= k && k + 2 == tn; @/
      uint32_t k1 = k + 1;
      /@ assert j_k1: k1 == k + 1 && k1 == tn - 1; @/
      /@ assert j_room: tn * HB_MIN <= total && tn <= 43690; @/
      /@ assert j_prev: k > 0 ==> tF[k - 1] == 0; @/
      /@ assert j_s0: tS[k + 2] == tS[k] + bsize(k + 1) && tS[k + 1] == tS[k]; @/
      /@ assert j_v: total - tG[k] == bsize(k) + bsize(k + 1) &&
           tS[k] + (total - tG[k]) == tS[k + 2] + bsize(k) && tS[k] + (total - tG[k]) < 4294967296; @/
      /@ assert j_o: bsize(tn - 2) + bsize(tn - 1) == total - tG[tn - 2]; @/
      /@ assert j_pk: \forall integer i; 0 <= i <= k + 1 ==> total - tG[i] >= (k + 2 - i) * HB_MIN; @/
      tG[k1] = total;
      tF[k] = 1;
      tS[k1] = tS[k] + (total - tG[k]);
      tn = k1;
      /@ assert s_sk: tS[k + 1] == tS[k] + bsize(k) && tF[k] == 1; @/
      g_reseq(total, k);
      /@ assert s_pm: k > 0 ==> tF[k - 1] == 0; @/
      /@ assert s_pf: k == 0 || tF[k - 1] == 0; @/
      /@ assert s_bz: tn - 1 == k && bsize(k) == total - tG[k]; @/
      /@ assert s_o: bsize(tn - 1) == total - tG[tn - 1] && tG[tn - 1] == \at(tG[tn - 2], Pre); @/
      g_word1(k);
  }
*/

/*@ ghost
  void g_cover1(vos_heap_t *h, uint32_t k) { }
*/
