/* SPDX-License-Identifier: MIT */
/*
 * hm_flat_of and hm_flat_to (heap_init_model.h): hm_flat(h, h->total),
 * flat(h)'s text for an arena of n bytes at n == h->total, implies
 * flat(h) (heap_flat.h) and is implied by it.
 * A run of its own (heap_init_model_flat), in a small context: the
 * kernel's types, heap_model.h, heap_flat.h. No axiom, no lemma
 * (heap_model.h's shift_B and tag_B are in the context, unused).
 */
#include "heap_source.h"
#include "heap_model.h"
#include "heap_flat.h"
#include "heap_init_model.h"

/*@ ghost
  void hm_flat_of(vos_heap_t *h)
  {
  }
*/

/*@ ghost
  void hm_flat_to(vos_heap_t *h)
  {
  }
*/
