/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc (kernel/heap.c) in the case of a refused handle or size:
 * !(HOK && SZOK), heap_alloc.c's behaviors bad_handle and bad_size.
 * Proved (heap_alloc_ref.wp, without -wp-split): in this case every
 * memory access (-wp-rte), every precondition of every call
 * (alloc_failed), the two behaviors' clauses (bad_handle: VOS_ERR_INVALID,
 * nothing written; bad_size: alloc_failed's effect, VOS_ERR_ARG, failures
 * + 1, the lock state as it was, nothing else written), and that
 * heap_alloc calls neither take nor take_top.
 */
#include "heap_alloc.c"

/* This case never calls take or take_top (the code returns before):
 * stated as preconditions that cannot hold, so WP proves, as those calls'
 * preconditions, that heap_alloc does not reach them in this case. These
 * contracts serve only this run, which proves no other function. */
/*@ requires rf_no_take: \false; */
INLINE blk_t *take(vos_heap_t *h, uint32_t idx, uint32_t bs);
/*@ requires rf_no_top: \false; */
INLINE blk_t *take_top(vos_heap_t *h, uint32_t bs);

/*@ requires rf_case: !(HOK && SZOK);
*/
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out);
