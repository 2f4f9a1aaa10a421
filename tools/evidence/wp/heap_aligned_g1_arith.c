/* SPDX-License-Identifier: MIT */
/*
 * heap_aligned_g1_arith.h's lemmas in heap_aligned.c's context (the
 * heap_aligned_g1_arith run).
 */
#include "heap_aligned.c"
#include "heap_aligned_g1_arith.h"
