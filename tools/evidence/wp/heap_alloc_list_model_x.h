/* SPDX-License-Identifier: MIT */
/*
 * The lemma instances heap_alloc's call needs at
 * the found block (offset o, the next block's o1, block size bs; issue
 * 34): heap_take.c's take_next and take_tag and heap_model.h's shift_B,
 * as the contract of a ghost function g_lx, so that a caller in a large
 * context (am_lcall, the call's effect as equalities: branch listpath,
 * not proved) gets them as hypotheses of the exact form it uses (CVC4
 * timed out on these instances in heap_alloc's context). Proved by the
 * heap_alloc_list_model_g run (in the model's small context). Include
 * after heap_take.c (or heap_model.h for the contract alone).
 */
#ifndef EV_WP_HEAP_ALLOC_LIST_MODEL_X_H
#define EV_WP_HEAP_ALLOC_LIST_MODEL_X_H

/*@ ghost
  /@ requires gx_o: 0 <= o && bs <= o1 - o && o1 - o < 4294967295;
     assigns \nothing;
     ensures gx_n: shift(B(h, o), (uint32_t)(o1 - o + 1 - 1)) == B(h, o1);
     ensures gx_t: tagp(shift(B(h, o), bs), (uint32_t)((uint32_t)(o1 - o + 1 - bs) - 1)) == T(h, o1);
     ensures gx_r: shift(B(h, o), bs) == B(h, o + bs);
  @/
  void g_lx(vos_heap_t *h, uint32_t o, uint32_t o1, uint32_t bs)
  {
  }
*/

#endif
