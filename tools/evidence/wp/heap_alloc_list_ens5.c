/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's behavior from_list in the list case (heap_alloc_list.c's
 * case and preconditions, heap_alloc_list_ens2.c's and
 * heap_alloc_list_ens3.c's, through heap_alloc_list_ens4.c), with the
 * lemma i5_keep.
 * PROVED (heap_alloc_list_ens5.wp, -wp-bhv from_list -wp-prop l_i5, NOT
 * split): l_i5, i5 after the last write *out = b + 8. take's clauses give
 * i5's four parts in the memory after take; the write is a pointer
 * write, WP's same memory as the list heads, so i5_sl must be carried
 * over it: i5_keep says i5 holds in a state whose list heads and
 * sl_map words are those of a state with i5_sl and which has i5's other
 * three parts (i5_sl_hi, i5_fl, i5_fl_hi read only the bitmaps). With it
 * the goal is one CVC4 goal (both paths) of about 5 s at a load of 7;
 * without it, it timed out (CVC4 60 s, split or not: docs/evidence.md).
 * i5_keep is proved by the heap_alloc_list_ens5_lemmas run.
 * Assumptions: heap_alloc_list_ens4.c's (heap_alloc.c's and clr_prev),
 * nothing more.
 */
#include "heap_alloc_list_ens4.c"

/*@ // i5 carried from L1 to L2 when every list head and sl_map word is the
    // same: i5_sl from L1, the parts that read only the bitmaps at L2.
    lemma i5_keep{L1,L2}: \forall vos_heap_t *h;
      i5_sl{L1}(h) && i5_sl_hi{L2}(h) && i5_fl{L2}(h) && i5_fl_hi{L2}(h) &&
      (\forall integer j; 0 <= j < VOS_HEAP_CLASSES ==> \at(h->lists[j], L1) == \at(h->lists[j], L2)) &&
      (\forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==> \at(h->sl_map[f], L1) == \at(h->sl_map[f], L2)) ==>
      i5{L2}(h);
*/
