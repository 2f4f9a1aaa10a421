/* SPDX-License-Identifier: MIT */
/*
 * boff, the offset of a block in the arena (heap_take.c declares it as a
 * name with no axiom), given the one fact it needs: it inverts B,
 * boff(h, B(h, o)) == o for 0 <= o < 2^20 (arena(h) bounds total below
 * 2^20). AN AXIOM (docs/evidence.md 2.3, Assumed). It says only that
 * B(h, .) is injective on those offsets (distinct offsets give distinct
 * pointers): true of the target's flat memory, where B(h, o) is the
 * arena's first byte + o and first + o does not wrap for o < 2^20 (the
 * STM32F4's RAM is at 0x20000000). Unbounded, it would not be true of
 * the target (first + o wraps modulo 2^32). Why it is consistent: no
 * axiom of the model forces two offsets to one pointer: heap_model.h's
 * shift_B (shift(B(h, o), off) == B(h, o + off)) and tag_B
 * (tagp(B(h, o), sz) == T(h, o + sz)) only define shift and tagp at B's
 * values, so B(h, o) = (a base apart from h, offset o) with
 * shift(p, off) = p + off and T(h, e) = (that base, e) satisfies them,
 * arena(h) and this axiom together. Included only by the runs that need
 * it (heap_list_take.c, heap_alloc_ok*.c), not by heap_take.c or
 * heap_model.h, so no other run's context changes.
 */
#ifndef EV_WP_HEAP_BOFF_H
#define EV_WP_HEAP_BOFF_H

/*@ axiomatic Offset_inv {
      axiom boff_B: \forall vos_heap_t *h, integer o; 0 <= o < 1048576 ==> boff(h, B(h, o)) == o;
    }
*/

#endif
