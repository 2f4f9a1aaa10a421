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

/* Trial (session 28), not a goal of the run (-wp-fct g_dnk,g_dnt): n's
 * list entry and links at entry, from tlisted(h), as a lemma function
 * in this small context. With -wp-fct g_nlisted -wp-split: n_l and n_x
 * proved (CVC4, at most 0.3 s), n_nl (l_links at n's position) timed out
 * at 30 s (both parts). */
/*@ ghost
  /@ requires tlisted(h) && 0 <= j && j + 2 < tn && tF[j] == 0 && tF[j + 1] == 1;
     assigns \nothing;
     ensures n_l: 0 <= lK[j + 1] < LCLS && 0 <= lP[j + 1] < lN[lK[j + 1]] &&
       lT[lK[j + 1]][lP[j + 1]] == j + 1 && lK[j + 1] == cls_floor(bsize(j + 1));
     ensures n_nl: B(h, tG[j + 1])->next_free == lblk(h, lK[j + 1], lP[j + 1] - 1) &&
       B(h, tG[j + 1])->pprev == (lP[j + 1] == lN[lK[j + 1]] - 1 ? &h->lists[lK[j + 1]] :
         &B(h, tG[lT[lK[j + 1]][lP[j + 1] + 1]])->next_free);
     ensures n_x: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] ==>
       lfree(lT[k][q]) && lT[k][q] != j && lT[k][q] < tn &&
       (lT[k][q] == j + 1 ==> k == lK[j + 1] && q == lP[j + 1]);
  @/
  void g_nlisted(vos_heap_t *h, uint32_t j) { }
*/
