/* SPDX-License-Identifier: MIT */
/*
 * Frame facts of list_unlink and put_free for the proofs of
 * free_general's merge with a free predecessor (heap_merge_prev_refile.c,
 * heap_merge_prev_top.c): the headers (size and check words) of the blocks apart from
 * the descriptor, and for put_free apart from the block it files, are
 * not written. They follow from the assigns clauses heap_i5.c and
 * heap_put.c prove (list_unlink writes links and the bitmaps; put_free
 * b's header, links and tag, the lists, the top and the bitmaps); stated
 * as ensures (proved by the heap_merge_prev_frame run,
 * heap_merge_prev_frame.c) so that a merge proof, which writes n's and
 * b's headers before these calls, need not derive them through each
 * call's memory havoc (heap_merge_prev_top_frame.h adds put_free's top
 * case). Frama-C merges these with the functions' other contracts.
 */
#ifndef EV_WP_HEAP_MERGE_PREV_FRAME_H
#define EV_WP_HEAP_MERGE_PREV_FRAME_H

/*@ ensures unlink_hdrs: \forall blk_t *x; \separated(x, h) ==>
      x->size == \old(x->size) && x->check == \old(x->check);
*/
INLINE void list_unlink(vos_heap_t *h, blk_t *b);

/*@ ensures put_hdrs: \forall blk_t *x; \separated(x, h) && \separated(x, b) ==>
      x->size == \old(x->size) && x->check == \old(x->check);
*/
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);

#endif
