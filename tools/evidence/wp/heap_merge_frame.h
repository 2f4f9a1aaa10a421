/* SPDX-License-Identifier: MIT */
/*
 * Frame facts of list_unlink and put_free for the merge proofs
 * (heap_merge.c, heap_merge_prev_*.c): the descriptor's end, counters and
 * (list_unlink) top are not written. They follow from the assigns
 * clauses heap_i5.c and heap_put.c prove; stated as ensures (proved by the
 * heap_merge_frame run) so that the merge proofs need not derive them
 * again through every call's memory havoc. Frama-C merges these with the
 * functions' other contracts.
 */
#ifndef EV_WP_HEAP_MERGE_FRAME_H
#define EV_WP_HEAP_MERGE_FRAME_H

/*@ ensures unlink_frame: h->end == \old(h->end) && h->free_bytes == \old(h->free_bytes) &&
      h->frees == \old(h->frees) && h->top == \old(h->top) && h->top_size == \old(h->top_size);
*/
INLINE void list_unlink(vos_heap_t *h, blk_t *b);

/*@ ensures put_end: h->end == \old(h->end);
    ensures put_bytes: h->free_bytes == \old(h->free_bytes);
    ensures put_frees: h->frees == \old(h->frees);
*/
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);

#endif
