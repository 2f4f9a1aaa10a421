/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's behavior from_list in the list case (heap_alloc_list.c's
 * case and preconditions, heap_alloc_list_ens2.c's ground facts and
 * heap_alloc_list_ens3.c's al_one, al_out and take's s_nf, through
 * heap_alloc_list_ens3.c), with the bit fact clr_prev.
 * PROVED (heap_alloc_list_ens4.wp, -wp-bhv from_list -wp-prop w_next,
 * NOT split): w_next, the whole block's successor keeps its header word
 * with HB_PREV_FREE cleared, its check word sealed on it. Its goal asks
 * the ensures' (uint32_t)(w & ~HB_PREV_FREE) (WP: to_uint32(land(-3, w)))
 * equal to take's clause, which WP has simplified to land(4294967293, w)
 * for the same word w: clr_prev. With -wp-split the goal's size and
 * check parts are separate goals and the size part of the bs = HB_MIN
 * path timed out (CVC4, 60 s); the unsplit goal (both words, both
 * paths) is one CVC4 goal of about 4 s at a load of 9.
 * Assumption added: clr_prev (axiom, below), proved in bit-vector logic
 * (tools/evidence/bv/wp_axioms.smt2, block clr_prev). Otherwise
 * heap_alloc.c's (its header).
 * from_list's l_i5: heap_alloc_list_ens5.c (which includes this file).
 */
#include "heap_alloc_list_ens3.c"

/*@ // C11 6.5.3.3, 6.5.10: for a 32-bit word w, w & ~HB_PREV_FREE (~2 is
    // -3) is w with bit 1 cleared, below 2^32, so the uint32_t cast keeps
    // it, and it is w & 0xFFFFFFFD. ASSUMED (the provers do not derive
    // it: CVC4 unknown, Z3 error); proved in bit-vector logic,
    // tools/evidence/bv/wp_axioms.smt2.
    axiomatic C_clr_prev {
      axiom clr_prev: \forall integer w; 0 <= w < 4294967296 ==>
        (uint32_t)(w & ~HB_PREV_FREE) == (w & 4294967293);
    }
*/
