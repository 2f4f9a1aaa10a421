/* SPDX-License-Identifier: MIT */
/*
 * The bitmap words' bits, for the heap proofs (heap.c, heap_i5.c and the
 * proofs that include them): bit_on(m, i) is bit i of m, and the lemmas
 * say what setting, clearing and truncating to 32 bits do to it. Each
 * proof's lemma run proves them (heap_bits, heap_i5_lemmas): nothing here
 * is assumed.
 */
#ifndef EV_WP_BITS_H
#define EV_WP_BITS_H

/*@ predicate bit_on(integer m, integer i) = (m & (1 << i)) != 0;

    lemma bit_set: \forall integer m, s, k; 0 <= s < 32 && 0 <= k < 32 ==>
      (bit_on(m | (1 << s), k) <==> (bit_on(m, k) || k == s));
    lemma bit_clear: \forall integer m, s, k; 0 <= s < 32 && 0 <= k < 32 ==>
      (bit_on(m & ~(1 << s), k) <==> (bit_on(m, k) && k != s));
    lemma bit_u32: \forall integer m, k; 0 <= k < 32 ==>
      (bit_on((uint32_t)m, k) <==> bit_on(m, k));
    lemma bit_zero: \forall integer k; !bit_on(0, k);
*/

#endif
