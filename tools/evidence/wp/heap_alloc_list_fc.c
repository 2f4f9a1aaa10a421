/* SPDX-License-Identifier: MIT */
/*
 * find_class's extra clause fx_kf (heap_alloc_list.h), proved on the code
 * (kernel/heap.c, included through heap_class.c, heap_put.c and
 * heap_i5.c, whole; contracts only) by the heap_alloc_list_fc run: if KF
 * is the lowest class >= idx whose list is non-empty, find_class returns
 * KF (the found class is unique). KF is a logic constant without axiom,
 * so this holds for every class. Assumptions: heap_class.c's (its
 * __builtin_ctz contract, the included files' axioms); its lemmas are
 * proved by the heap_class_lemmas run.
 */
#include "heap_class.c"
#include "heap_alloc_list.h"
