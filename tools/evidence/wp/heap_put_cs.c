/* SPDX-License-Identifier: MIT */
/*
 * class_shift's contract (heap_put.c: 3 <= result <= 15 and
 * s < 1 << (result + 5) for 0 < s < 2^20), proved by CVC4 with two
 * lemmas on powers of two, without WP's tactics on class_shift's goals.
 * Its result is 27 - r for r, __builtin_clz's result at x = s | SMALL,
 * whose contract (heap_put.c) says 1 << (31 - r) <= x and, for r > 0,
 * x < 1 << (32 - r); C_or and or_small (heap_put.c) put x in
 * [128, 2^20). cs_pow_lo (1 << n is at least 2^20 for n >= 20) gives
 * r >= 12; cs_pow_hi (1 << n is at most 128 for n <= 7) gives r <= 24.
 * Each lemma has one bounded integer, n, so WP's range tactic
 * enumerates its values (constant shifts, which Qed evaluates).
 * Runs (heap_put_cs.wp): heap_put_cs (-wp-fct class_shift, CVC4 with
 * the lemmas as hypotheses) and heap_put_cs_lemmas (-wp-prop
 * cs_pow_lo,cs_pow_hi, -wp-auto wp:range). Before (session 29),
 * class_shift was proved in the heap_put run by WP's auto-search
 * (wp:bitrange, wp:bitshift, wp:range, wp:split) on its two ensures:
 * most of that run's 126 s in CI, and out of memory under a 5 GB limit.
 * No axiom; no new assumption. The code is kernel/heap.c, included
 * through heap_put.c: this file adds two lemmas.
 */
#include "heap_put.c"

/*@ lemma cs_pow_lo: \forall integer n; 20 <= n <= 31 ==> 1048576 <= (1 << n);
    lemma cs_pow_hi: \forall integer n; 0 <= n <= 7 ==> (1 << n) <= 128;
*/
