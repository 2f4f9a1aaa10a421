/* SPDX-License-Identifier: MIT */
/*
 * The proof of heap_aligned_g0_arith.h's lemmas (the heap_aligned_g0_arith
 * run) in heap_aligned.c's context: its g0, its axioms (round_up, pow2_8,
 * and_low3) and lemmas, and the kernel's annotations; no heap model.
 */
#include "heap_aligned.c"
#include "heap_aligned_g0_arith.h"
