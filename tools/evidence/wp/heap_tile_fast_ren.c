/* SPDX-License-Identifier: MIT */
/*
 * g_dnk and g_dnt (heap_tile_fast_ren.h: their contracts) on their
 * bodies, ghost loops (as heap_list_cut.c's g_mvk and g_mvt, the other
 * direction): the free-list model's renumbering for heap_free's fast
 * path when tiles j and j + 1 are joined. Ghost code only; kernel/heap.c
 * is included (through heap_top.c) for its types and constants. Run
 * heap_tile_fast_ren. No axiom, no admitted lemma.
 */
#include "heap_top.c"
#include "heap_tile_model.h"
#include "heap_class_scheme.h"
#include "heap_list_model.h"
#include "heap_tile_fast_ren.h"

/*@ ghost
  void g_dnk(uint32_t j, uint32_t n)
  {
      uint32_t i = j;
      /@ loop invariant a_i: j <= i <= n;
         loop invariant a_lk: \forall integer m; j <= m < i ==> lK[m] == \at(lK[m + 1], Pre);
         loop invariant a_lp: \forall integer m; j <= m < i ==> lP[m] == \at(lP[m + 1], Pre);
         loop invariant a_hk: \forall integer m; i <= m <= n ==> lK[m] == \at(lK[m], Pre);
         loop invariant a_hp: \forall integer m; i <= m <= n ==> lP[m] == \at(lP[m], Pre);
         loop assigns i, lK[j .. n - 1], lP[j .. n - 1];
         loop variant n - i;
      @/
      while (i < n) {
          uint32_t i1 = i + 1;
          /@ assert a_i1: i1 == i + 1 && i1 <= n; @/
          lK[i] = lK[i1];
          lP[i] = lP[i1];
          i = i1;
      }
  }
*/

/*@ ghost
  void g_dnt(uint32_t j)
  {
      uint32_t c = 0;
      /@ loop invariant b_c: 0 <= c <= LCLS;
         loop invariant b_lo: \forall integer c1, p; 0 <= c1 < c && 0 <= p < lN[c1] ==>
           lT[c1][p] == dn(\at(lT[c1][p], Pre), j);
         loop invariant b_hi: \forall integer c1, p; c <= c1 < LCLS && 0 <= p < TMAX ==>
           lT[c1][p] == \at(lT[c1][p], Pre);
         loop assigns c, lT[0 .. LCLS - 1][0 .. TMAX - 1];
         loop variant LCLS - c;
      @/
      while (c < LCLS) {
          uint32_t p = 0;
          /@ loop invariant d_p: 0 <= p <= lN[c];
             loop invariant d_lo: \forall integer c1, q; c1 == c && 0 <= q < p ==>
               lT[c1][q] == dn(\at(lT[c1][q], Pre), j);
             loop invariant d_hi: \forall integer c1, q; c1 == c && p <= q < TMAX ==>
               lT[c1][q] == \at(lT[c1][q], Pre);
             loop invariant d_o1: \forall integer c1, q; 0 <= c1 < c && 0 <= q < lN[c1] ==>
               lT[c1][q] == dn(\at(lT[c1][q], Pre), j);
             loop invariant d_o2: \forall integer c1, q; c < c1 < LCLS && 0 <= q < TMAX ==>
               lT[c1][q] == \at(lT[c1][q], Pre);
             loop assigns p, lT[c][0 .. TMAX - 1];
             loop variant lN[c] - p;
          @/
          while (p < lN[c]) {
              uint32_t x = lT[c][p];
              /@ assert d_x: p < TMAX; @/
              if (x > j)
                  lT[c][p] = x - 1;
              p++;
          }
          c++;
      }
  }
*/
