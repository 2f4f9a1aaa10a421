/* SPDX-License-Identifier: MIT */
/*
 * A frame fact of put_free for the proof of free_general's merge with a
 * free predecessor in the case to_top (heap_merge_prev_top.c), proved by
 * the heap_merge_prev_frame run (heap_merge_prev_frame.c): put_top_keep,
 * when b ends at the end sentinel (put_free makes it the top), put_free
 * leaves b's links, the word at b's end (its tag word when listed; if it
 * is apart from the descriptor) and every back link of a block apart
 * from b and the descriptor as they were (its top case writes only b's
 * header and the top; heap_put.c's clause names the locations of both
 * cases). In a header of its own so that the refile runs, which do not
 * need it, do not carry it. Frama-C merges it with put_free's other
 * contracts.
 */
#ifndef EV_WP_HEAP_MERGE_PREV_TOP_FRAME_H
#define EV_WP_HEAP_MERGE_PREV_TOP_FRAME_H

/*@ ensures put_top_keep: \old((uint8_t *)b + sz == h->end) ==>
      b->next_free == \old(b->next_free) && b->pprev == \old(b->pprev) &&
      (\separated(tagp(b, sz), h) ==> *tagp(b, sz) == \old(*tagp(b, sz))) &&
      (\forall blk_t *x; \separated(x, h) && \separated(x, b) ==> x->pprev == \old(x->pprev));
*/
static void put_free(vos_heap_t *h, blk_t *b, uint32_t sz);

#endif
