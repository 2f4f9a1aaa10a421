/* SPDX-License-Identifier: MIT */
/*
 * boff, the offset of a block in the arena (heap_take.c declares it as a
 * name with no axiom), given the one fact it needs: it inverts B,
 * boff(h, B(h, o)) == o. AN AXIOM (docs/evidence.md 2.3, Assumed). Why it
 * is consistent: it says only that B(h, .) is injective (distinct offsets
 * give distinct pointers), true of the target's flat memory, where
 * B(h, o) is the arena's first byte + o. No axiom of the model forces two
 * offsets to one pointer: heap_model.h's shift_B (shift(B(h, o), off) ==
 * B(h, o + off)) and tag_B (tagp(B(h, o), sz) == T(h, o + sz)) only
 * define shift and tagp at B's values, so B(h, o) = (a base apart from h,
 * offset o) with shift(p, off) = p + off and T(h, e) = (that base, e)
 * satisfies them, arena(h) and this axiom together. Included only by the
 * runs that need it (heap_list_take.c), not by heap_take.c or
 * heap_model.h, so no other run's context changes.
 */
#ifndef EV_WP_HEAP_BOFF_H
#define EV_WP_HEAP_BOFF_H

/*@ axiomatic Offset_inv {
      axiom boff_B: \forall vos_heap_t *h, integer o; boff(h, B(h, o)) == o;
    }
*/

#endif
