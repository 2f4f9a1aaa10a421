/* SPDX-License-Identifier: MIT */
/*
 * free_general's contract (kernel/heap.c) for exactly the calls heap_free
 * makes of it, less the merge with a free predecessor: b a block in use
 * (header word w), n = shift(b, size of b) its successor (header word nw),
 * and either b says HB_PREV_FREE or n is in use (heap_free's fast path
 * takes the rest). Exactly one of
 *   alone:    b without HB_PREV_FREE (so n in use), with heap_free.c's
 *             preconditions for its behavior alone (the blocks the call
 *             touches as I1-I4 describe them locally): heap_free.c's
 *             result: b a free block of its own size s filed by put_free
 *             (the top if it ends at the end sentinel, else its boundary
 *             tag holds it and it heads a list k with its back link to
 *             the list head), n's header says nw | HB_PREV_FREE,
 *             free_bytes up by exactly s, frees by one, VOS_OK;
 *   bad_prev: b says HB_PREV_FREE and prev_free_block does not accept
 *             the tag before b (!pfb_ok, heap_free_gen_pfb.h):
 *             VOS_ERR_CORRUPT, nothing written;
 * and in both i5 holds. The merge with a free predecessor (HB_PREV_FREE
 * and pfb_ok) is excluded by a precondition (not proved here).
 * The default assigns clause names the locations alone writes, each only
 * when b lacks HB_PREV_FREE (a set comprehension with that condition):
 * WP uses a callee's default assigns (not its behaviors') at a call, so
 * this is what lets heap_free's proof see that bad_prev writes nothing.
 * Proved by the heap_free_gen run (heap_free_gen.c); used by
 * heap_free_fast.c's behaviors gen_alone and gen_bad_prev.
 * Included after heap_put.c and heap_free_gen_pfb.h.
 */
#ifndef EV_WP_HEAP_FREE_GEN_H
#define EV_WP_HEAP_FREE_GEN_H

/* b's size (w & ~HB_FLAGS), and "b has no free predecessor" (the alone
 * case: the only one that writes). */
#define FG_SZ(w) ((w) & 0xFFFFFFF8u)
#define FG_GO(w) (((w) & HB_PREV_FREE) == 0)

/* alone's preconditions (heap_free.c's, n in use): b a block in use,
 * apart from the descriptor and every list, its size at least HB_MIN
 * and below 2^20, free_bytes + size without overflow (I6); n's header
 * valid and apart from b and the descriptor; b's boundary tag valid and
 * apart from the descriptor, b, n's header and the list heads; the list
 * heads apart from n's header. */
#define FG_ALONE_PRE(h, b, w, n) \
  \valid(b) && \separated((b), (h)) && listed_apart((h), (b)) && \
  HB_MIN <= FG_SZ(w) && FG_SZ(w) < 1048576 && \
  (h)->free_bytes + FG_SZ(w) <= 4294967295 && \
  \valid(&(n)->size) && \valid(&(n)->check) && \
  \separated(&(n)->size, (b)) && \separated(&(n)->check, (b)) && \
  \separated(&(n)->size, (h)) && \separated(&(n)->check, (h)) && \
  \valid(tagp((b), FG_SZ(w))) && \separated(tagp((b), FG_SZ(w)), (h)) && \
  \separated(tagp((b), FG_SZ(w)), (b)) && \
  \separated(tagp((b), FG_SZ(w)), &(n)->size) && \separated(tagp((b), FG_SZ(w)), &(n)->check) && \
  (\forall integer k; 0 <= k < VOS_HEAP_CLASSES && (h)->lists[k] != \null ==> \
     \separated(tagp((b), FG_SZ(w)), (h)->lists[k]) && \
     \separated((h)->lists[k], &(n)->size) && \separated((h)->lists[k], &(n)->check))

/* bad_prev's: prev_free_block's reads (the tag before b, the header it
 * names) readable. */
#define FG_PFB_READ(b) \
  \valid_read(tagp((b), 0)) && \
  \valid_read(&PFB_TAG(b)->size) && \valid_read(&PFB_TAG(b)->check)

/*@ requires fg_pre: \valid(h) && i5(h);
    requires fg_pre: (w & HB_FREE) == 0;
    // heap_free's calls: b says HB_PREV_FREE or n is in use.
    requires fg_pre: !FG_GO(w) || (nw & HB_FREE) == 0;
    // Not proved here: the merge with a free predecessor.
    requires fg_pre: !FG_GO(w) ==> !pfb_ok(h, b);
    assigns { x->free_bytes | vos_heap_t *x; x == h && FG_GO(w) },
            { x->frees | vos_heap_t *x; x == h && FG_GO(w) },
            { x->top | vos_heap_t *x; x == h && FG_GO(w) },
            { x->top_size | vos_heap_t *x; x == h && FG_GO(w) },
            { x->fl_map | vos_heap_t *x; x == h && FG_GO(w) },
            { h->lists[i] | integer i; 0 <= i < VOS_HEAP_CLASSES && FG_GO(w) },
            { h->lists[i]->pprev | integer i; 0 <= i < VOS_HEAP_CLASSES && FG_GO(w) },
            { h->sl_map[i] | integer i; 0 <= i < VOS_HEAP_FL_COUNT && FG_GO(w) },
            { x->size | blk_t *x; x == b && FG_GO(w) },
            { x->check | blk_t *x; x == b && FG_GO(w) },
            { x->size | blk_t *x; x == n && FG_GO(w) },
            { x->check | blk_t *x; x == n && FG_GO(w) },
            { x->next_free | blk_t *x; x == b && FG_GO(w) },
            { x->pprev | blk_t *x; x == b && FG_GO(w) },
            { *t | blk_t **t; t == tagp(b, FG_SZ(w)) && FG_GO(w) };
    ensures fg_i5: i5(h);

    behavior alone:
      assumes FG_GO(w);
      requires fg_pre: b->size == w && n == shift(b, FG_SZ(w)) && n->size == nw;
      requires fg_pre: FG_ALONE_PRE(h, b, w, n);
      ensures \result == VOS_OK;
      ensures h->free_bytes == \old(h->free_bytes) + FG_SZ(w) &&
              h->frees == (uint32_t)(\old(h->frees) + 1);
      ensures b->size == (FG_SZ(w) | HB_FREE) && b->check == seal(FG_SZ(w) | HB_FREE, b);
      ensures n->size == (nw | HB_PREV_FREE) && n->check == seal(nw | HB_PREV_FREE, n);
      ensures (uint8_t *)b + FG_SZ(w) == h->end ==> h->top == b && h->top_size == FG_SZ(w);
      ensures (uint8_t *)b + FG_SZ(w) != h->end ==>
        *tagp(b, FG_SZ(w)) == b && h->top == \old(h->top) &&
        \exists integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] == b && b->pprev == &h->lists[k];

    behavior bad_prev:
      assumes !FG_GO(w);
      requires fg_pre: FG_PFB_READ(b);
      assigns \nothing;
      ensures \result == VOS_ERR_CORRUPT;

    complete behaviors;
    disjoint behaviors;
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);

#endif
