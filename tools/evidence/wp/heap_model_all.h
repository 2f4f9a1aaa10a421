/* SPDX-License-Identifier: MIT */
/*
 * heap_model(h): the whole heap in the model, one predicate (issue 34).
 * The conjunction of the parts the operation proofs take as
 * preconditions:
 *   \valid(h), arena(h)   the descriptor and the arena's headers
 *                         (heap_model.h);
 *   flat(h)               the target's flat memory over the arena
 *                         (heap_flat.h; it implies arena_sep,
 *                         arena_hsep, lsep with gseq, hblk_sep, bsep:
 *                         heap_flat.c, heap_model_parts.c). An
 *                         assumption about the
 *                         caller's arena and *h, not something the code
 *                         establishes: vos_heap_init's proof
 *                         (heap_init_model.c) takes it as a precondition;
 *   tiled(h)              the block sequence: I1, I2, I4's top clause, I6
 *                         (heap_tile_model.h);
 *   tlisted(h)            the free lists: I4's list clause
 *                         (heap_list_model.h);
 *   i5(h)                 the bitmaps are exactly the non-empty lists: I5
 *                         (heap_i5.c).
 * I3 (boundary tags) is in none of the parts. heap_init_model.c proves
 * that the heap vos_heap_init makes satisfies it. Definitions only: no
 * axiom, no lemma. Include after heap_model.h, heap_i5.c,
 * heap_tile_model.h, heap_list_model.h and heap_flat.h.
 */
#ifndef EV_WP_HEAP_MODEL_ALL_H
#define EV_WP_HEAP_MODEL_ALL_H

/*@ predicate heap_model{L}(vos_heap_t *h) =
      \valid(h) && arena(h) && flat(h) && tiled(h) && tlisted(h) && i5(h);
*/

#endif
