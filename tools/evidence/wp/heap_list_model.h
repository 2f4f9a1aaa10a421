/* SPDX-License-Identifier: MIT */
/*
 * The free lists in the whole-heap block model (issue 34; I4's list
 * clause, which heap_tile_model.h's tiled(h) does not state: "every free
 * block but the top is in lists[floor-class(size)] exactly once, the
 * lists hold nothing else, every pprev points to its referrer"). Over the
 * tile indices of heap_tile_model.h (tn, tG, tF), ghost data:
 *   lN[k]     the length of list k (k < VOS_HEAP_CLASSES);
 *   lT[k][p]  the tile at position p of list k (p < lN[k]), counted
 *             from the tail: position lN[k] - 1 is the head, position 0
 *             the last block (so list_push appends a position and
 *             list_pop drops the last one: no position moves);
 *   lK[i]     the list (class) tile i is in, lP[i] its position there
 *             (for a listed tile: free and not the last, i.e. not the
 *             top).
 * tlisted(h) says, with tiled(h)'s tiles:
 *   l_mem:   every free tile but the last is at position lP[i] of list
 *            lK[i], which is cls_floor of its size (the class
 *            class_floor computes: heap_class_scheme.h, proved there);
 *   l_ent:   every position of every list holds a free tile but the last
 *            whose lK and lP name that list and position (so the lists
 *            hold nothing else, and no tile twice: lT inverts (lK, lP));
 *   l_heads: lists[k] is the block of position lN[k] - 1, NULL when
 *            empty;
 *   l_links: the links as data: a listed block's next_free is the block
 *            of position p - 1 (NULL at position 0), its pprev the
 *            address of lists[k] (at the head) or of the next position's
 *            block's next_free.
 * lsep(h) (not part of tlisted(h): a fact of flat memory, a precondition
 * where it is used) says every tile's blk_t is valid, apart from the
 * descriptor and from every other tile's (true in flat memory of blocks
 * of at least HB_MIN >= sizeof(blk_t) bytes).
 * Definitions only: no axiom, no lemma. heap_list.c proves that the
 * empty heap (what vos_heap_init makes) satisfies it, that a list head is
 * a free tile, not the top, of its class, and that list_push's and
 * list_unlink's effects keep it. Include after heap_tile_model.h and
 * heap_class_scheme.h.
 */
#ifndef EV_WP_HEAP_LIST_MODEL_H
#define EV_WP_HEAP_LIST_MODEL_H

#define LCLS VOS_HEAP_CLASSES

/*@ ghost uint32_t lN[LCLS]; */
/*@ ghost uint32_t lT[LCLS][TMAX]; */
/*@ ghost uint32_t lK[TMAX]; */
/*@ ghost uint32_t lP[TMAX]; */

/*@ // Tile i is one the lists hold: free, not the last (the top).
    predicate lfree{L}(integer i) = 0 <= i && i + 1 < tn && tF[i] == 1;

    // The block at position p of list k (NULL past its end).
    logic blk_t *lblk{L}(vos_heap_t *h, integer k, integer p) =
      0 <= p < lN[k] ? B(h, tG[lT[k][p]]) : (blk_t *)\null;

    predicate l_mem{L}(vos_heap_t *h) =
      \forall integer i; lfree(i) ==>
        0 <= lK[i] < LCLS && 0 <= lP[i] < lN[lK[i]] && lT[lK[i]][lP[i]] == i &&
        lK[i] == cls_floor(bsize(i));

    predicate l_ent{L}(vos_heap_t *h) =
      \forall integer k, p; 0 <= k < LCLS && 0 <= p < lN[k] ==>
        lfree(lT[k][p]) && lK[lT[k][p]] == k && lP[lT[k][p]] == p;

    predicate l_heads{L}(vos_heap_t *h) =
      \forall integer k; 0 <= k < LCLS ==> h->lists[k] == lblk(h, k, lN[k] - 1);

    predicate l_links{L}(vos_heap_t *h) =
      \forall integer k, p; 0 <= k < LCLS && 0 <= p < lN[k] ==>
        B(h, tG[lT[k][p]])->next_free == lblk(h, k, p - 1) &&
        B(h, tG[lT[k][p]])->pprev ==
          (p == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][p + 1]])->next_free);

    predicate tlisted{L}(vos_heap_t *h) =
      (\forall integer k; 0 <= k < LCLS ==> lN[k] < TMAX) &&
      l_mem(h) && l_ent(h) && l_heads(h) && l_links(h);

    predicate lsep{L}(vos_heap_t *h) =
      (\forall integer i; 0 <= i < tn ==> \valid(B(h, tG[i])) && \separated(B(h, tG[i]), h)) &&
      (\forall integer i, j; 0 <= i < tn && 0 <= j < tn && i != j ==>
         \separated(B(h, tG[i]), B(h, tG[j])));
*/

/* Flat-memory facts stated by more than one proof, one text each: the
 * word at q valid, outside the descriptor and apart from every tile's
 * blk_t. TP_TAG: b's boundary tag (heap_tile_put.c's TP_PRE); BLK_APART:
 * the rest block r of take's split (heap_list_cut.c's rn_sep and
 * lc_sep). heap_flat.c proves both from flat(h) (fl_tp_tag, fl_rn_sep).
 * Conjunctions without outer parentheses, so that a clause reads as the
 * conjuncts written out did: use them only as a conjunct. */
#define TILES_APART(h, q) \
    \valid(q) && \separated(q, h) && \
    (\forall integer i; 0 <= i < tn ==> \separated(q, B(h, tG[i])))
#define TP_TAG(h, b, sz) TILES_APART(h, tagp(b, sz))
#define BLK_APART(h, r) TILES_APART(h, r)

/* The link words of the block of tile I: before the call (\at Pre:
 * NF1, PP1) and now (NF2, PP2), in a contract or a function's body where
 * h names the heap. The only definition: heap_list.c, heap_list_top.c
 * and heap_tile_fast.c use this one. */
#define NF1(I) \at(B(h, tG[(I)])->next_free, Pre)
#define PP1(I) \at(B(h, tG[(I)])->pprev, Pre)
#define NF2(I) B(h, tG[(I)])->next_free
#define PP2(I) B(h, tG[(I)])->pprev

#endif
