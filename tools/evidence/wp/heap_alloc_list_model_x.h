/* SPDX-License-Identifier: MIT */
/*
 * The lemma instances heap_alloc's call needs at
 * the found block (tile k at tG[k], the next at tG[k + 1], block size
 * bs; issue 34): heap_take.c's take_next and take_tag and heap_model.h's shift_B,
 * as the contract of a ghost function g_lx, so that a caller in a large
 * context (am_lcall, the call's effect as equalities: branch listpath,
 * not proved) gets them as hypotheses of the exact form it uses (CVC4
 * timed out on these instances in heap_alloc's context). Proved by the
 * heap_alloc_list_model_g run (in the model's small context). The tile
 * k is a parameter and tG[k + 1] is read in the contract, not passed
 * from ghost C (there k + 1 reads to_uint32(k + 1), which CVC4 did not
 * bound in the composition's context). Include after heap_take.c and
 * heap_tile_model.h (or heap_model.h and heap_tile_model.h for the
 * contract alone).
 */
#ifndef EV_WP_HEAP_ALLOC_LIST_MODEL_X_H
#define EV_WP_HEAP_ALLOC_LIST_MODEL_X_H

/*@ ghost
  /@ requires gx_o: 0 <= k && k + 1 <= TMAX && 0 <= tG[k] && bs <= tG[k + 1] - tG[k] &&
       tG[k + 1] - tG[k] < 4294967295;
     assigns \nothing;
     ensures gx_n: shift(B(h, tG[k]), (uint32_t)(tG[k + 1] - tG[k] + 1 - 1)) == B(h, tG[k + 1]);
     ensures gx_t: tagp(shift(B(h, tG[k]), bs), (uint32_t)((uint32_t)(tG[k + 1] - tG[k] + 1 - bs) - 1)) ==
       T(h, tG[k + 1]);
     ensures gx_r: shift(B(h, tG[k]), bs) == B(h, tG[k] + bs);
  @/
  void g_lx(vos_heap_t *h, uint32_t k, uint32_t bs)
  {
  }
*/

#endif
