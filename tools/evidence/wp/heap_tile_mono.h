/* SPDX-License-Identifier: MIT */
/*
 * g_mono: the prefix sums of the whole-heap model never decrease from k
 * on (an induction over the sequence, as a ghost loop). One text for
 * every proof that needs it; proved by the run heap_tile_take (-wp-fct
 * g_mono,...), used by contract elsewhere (heap_alloc_ok.h's ok_far).
 * Include after heap_tile_model.h.
 */
#ifndef EV_WP_HEAP_TILE_MONO_H
#define EV_WP_HEAP_TILE_MONO_H

/*@ ghost
  /@ requires gseq(total) && total < 1048576;
     requires 0 <= k <= tn;
     assigns \nothing;
     ensures \forall integer i; k <= i <= tn ==> tS[k] <= tS[i];
  @/
  void g_mono(uint32_t k, uint32_t total)
  {
      /@ assert m_room: tn * HB_MIN <= total && tn <= 43690; @/
      uint32_t j = k;
      /@ loop invariant k <= j <= tn;
         loop invariant \forall integer i; k <= i <= j ==> tS[k] <= tS[i];
         loop assigns j;
         loop variant tn - j;
      @/
      while (j < tn) {
          /@ assert m_step: tS[j + 1] >= tS[j]; @/
          j++;
      }
  }
*/

#endif
