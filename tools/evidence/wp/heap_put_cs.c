/* SPDX-License-Identifier: MIT */
/*
 * class_shift's contract (heap_put.c), proved by CVC4 with the two
 * lemmas below on powers of two, without WP's tactics on class_shift's
 * goals. Its result is 27 - r for r, __builtin_clz's result at
 * x = s | SMALL; __builtin_clz's contract (heap_put.c) bounds x by powers
 * of two in r, and C_or and or_small (heap_put.c) put x in [128, 2^20):
 * so cs_pow_lo gives r >= 12 and cs_pow_hi r <= 24, which is what the
 * contract needs. Each lemma has one bounded integer, n, so WP's range
 * tactic enumerates its values (constant shifts, which Qed evaluates).
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
