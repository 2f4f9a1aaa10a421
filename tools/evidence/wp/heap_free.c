/* SPDX-License-Identifier: MIT */
/*
 * WP proof of free_general (kernel/heap.c) for a block b (in use, header
 * word w) whose predecessor is in use (w without HB_PREV_FREE) and whose
 * successor n (header word nw) is in use or the top: b is freed alone or
 * merged with the top, and the result is filed by put_free. For a heap
 * with i5 (heap_i5.c) and the blocks the call touches as I1-I4 describe
 * them locally (the preconditions), exactly one of:
 *   alone:    n is in use (or the sentinel): b becomes a free block of its
 *             own size s, n's header says nw | HB_PREV_FREE (I2);
 *   next_top: n is the top: it leaves h->top, and b becomes a free block
 *             of s + n's size;
 * and in each: the merged block's header is valid and says its size |
 * HB_FREE; if it ends at the end sentinel it is the top (h->top,
 * top_size), else its boundary tag holds it (I3) and it is the head of a
 * list k with its back link to the list head (I4's links; put_free);
 * free_bytes grows by exactly b's size (I6) and frees by one; the result
 * is VOS_OK; i5 holds (I5); nothing else is written (assigns).
 * Also proved: prev_free_block returns NULL or the block the tag before b
 * names, reading only; hb_valid reads only. Every memory access valid, no
 * shift out of range (-wp-rte). list_unlink's contract is heap_i5.c's
 * (heap_i5 run) and put_free's and class_shift's are heap_put.c's
 * (heap_put run): here they are assumed.
 *
 * The model (assumptions; docs/evidence.md lists them): heap_model.h's
 * (B, shift_B, tagp, seal), WP's Typed+cast memory model, and
 *  - off(h, b), a name for the byte offset of the header b (the
 *    precondition b == B(h, off(h, b)) says b is a header of the arena,
 *    n == B(h, off(h, b) + size of b) that n is the next one);
 *  - the preconditions: the locations written are apart as flat memory
 *    makes them (headers, tags and links of distinct blocks).
 * Not proved here: the merge with a listed successor (n unlinked by
 * list_unlink, then b filed): heap_merge.c proves it (heap_merge run).
 * The VOS_ERR_CORRUPT refusal when prev_free_block does not accept the
 * tag before b (nothing written): heap_merge_bad.c proves it.
 * Not proved anywhere: the merge with a free predecessor (free_general
 * with HB_PREV_FREE: prev_free_block's result merged, P grown in place or
 * unlinked and re-filed).
 * (That prev_free_block accepts a consistent predecessor is
 * heap_pfb_ok.c's pfb_consistent.) Also not proved: heap_free's own inlined fast path (merge with a free
 * successor without a free predecessor), which does what next_top does
 * and the listed merge would but is not this function; that the list is
 * the one of class_floor (I4's class part).
 *
 * heap_free's calls of free_general are proved against another contract,
 * heap_free_gen.h's (the case alone again, with n = shift(b, size) in
 * place of the B/off preconditions here, which heap_free does not
 * establish, and the refusal bad_prev): the heap_free_gen and
 * heap_free_gen_call runs.
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"
#include "heap_free_model.h"

/*@
    // The names the contract uses: b's size, n's if it is free, their sum
    // (the merged block's size), and that sum in the code's own uint32_t
    // arithmetic when n is free (exact: the precondition bounds it by 2^20).
    logic integer bsz(uint32_t w) = w & 0xFFFFFFF8u;   // w & ~HB_FLAGS
    logic integer nsz(uint32_t nw) = (nw & HB_FREE) != 0 ? nw - HB_FREE : 0;
    logic integer bnsz(uint32_t w, uint32_t nw) = (uint32_t)(bsz(w) + (uint32_t)(nw - HB_FREE));
    logic integer msz(uint32_t w, uint32_t nw) = (nw & HB_FREE) != 0 ? bnsz(w, nw) : bsz(w);
*/

/*@ requires \valid_read(&b->check);
    assigns \nothing; */
INLINE int hb_valid(const blk_t *b, uint32_t w);

/*@ requires \valid_read(h);
    requires \valid_read(tagp((blk_t *)b, 0));
    requires \valid_read(&(*tagp((blk_t *)b, 0))->size) && \valid_read(&(*tagp((blk_t *)b, 0))->check);
    assigns \nothing;
    ensures \result == \null || \result == *tagp((blk_t *)b, 0);
*/
static blk_t *prev_free_block(const vos_heap_t *h, const blk_t *b);

/*@ requires \valid(h) && i5(h);
    // b: a block in use, apart from the descriptor and from every list.
    requires \valid(b) && \separated(b, h) && b == B(h, off(h, b));
    requires (w & HB_FREE) == 0 && b->size == w;
    requires HB_MIN <= bsz(w) && bsz(w) % 8 == 0;
    requires h->free_bytes + bsz(w) <= 4294967295;
    requires bsz(w) + nsz(nw) < 1048576;
    requires listed_apart(h, b);
    // Not proved here: the merge with a free predecessor or with a listed
    // successor (docs/evidence.md).
    requires (w & HB_PREV_FREE) == 0;
    requires (nw & HB_FREE) == 0 || n == h->top;
    // n: the next header (a block or the sentinel), apart from b.
    requires n == B(h, off(h, b) + bsz(w)) && n->size == nw;
    requires \valid(&n->size) && \valid(&n->check);
    requires \separated(&n->size, b) && \separated(&n->check, b) &&
             \separated(&n->size, h) && \separated(&n->check, h);
    // The merged block's boundary tag: in it, apart from what else is written.
    requires \valid(tagp(b, msz(w, nw))) && \separated(tagp(b, msz(w, nw)), h) &&
             \separated(tagp(b, msz(w, nw)), b);
    requires \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
      \separated(tagp(b, msz(w, nw)), h->lists[k]);
    requires (nw & HB_FREE) != 0 ==> HB_MIN <= nw - HB_FREE && (nw - HB_FREE) % 8 == 0;
    // n in use: its header apart from the lists and the tag.
    requires (nw & HB_FREE) == 0 ==>
      \separated(tagp(b, msz(w, nw)), &n->size) && \separated(tagp(b, msz(w, nw)), &n->check) &&
      \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
        \separated(h->lists[k], &n->size) && \separated(h->lists[k], &n->check);
    ensures fg_i5: i5(h);

    behavior alone:
      assumes (w & HB_PREV_FREE) == 0 && (nw & HB_FREE) == 0;
      assigns h->free_bytes, h->frees, h->top, h->top_size,
              b->size, b->check, b->next_free, b->pprev, n->size, n->check,
              *tagp(b, bsz(w)),
              h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev,
              h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map;
      ensures \result == VOS_OK;
      ensures h->free_bytes == \old(h->free_bytes) + bsz(w) &&
              h->frees == (uint32_t)(\old(h->frees) + 1);
      ensures b->size == (bsz(w) | HB_FREE) && b->check == seal(bsz(w) | HB_FREE, b);
      ensures n->size == (nw | HB_PREV_FREE) && n->check == seal(nw | HB_PREV_FREE, n);
      ensures (uint8_t *)b + bsz(w) == h->end ==> h->top == b && h->top_size == bsz(w);
      ensures (uint8_t *)b + bsz(w) != h->end ==>
        *tagp(b, bsz(w)) == b && h->top == \old(h->top) &&
        \exists integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] == b && b->pprev == &h->lists[k];

    behavior next_top:
      assumes (w & HB_PREV_FREE) == 0 && (nw & HB_FREE) != 0 && n == h->top;
      assigns h->free_bytes, h->frees, h->top, h->top_size,
              b->size, b->check, b->next_free, b->pprev,
              *tagp(b, bnsz(w, nw)),
              h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev,
              h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map;
      ensures \result == VOS_OK;
      ensures h->free_bytes == \old(h->free_bytes) + bsz(w) &&
              h->frees == (uint32_t)(\old(h->frees) + 1);
      ensures b->size == ((bnsz(w, nw)) | HB_FREE) &&
              b->check == seal((bnsz(w, nw)) | HB_FREE, b);
      ensures (uint8_t *)b + (bnsz(w, nw)) == h->end ==>
        h->top == b && h->top_size == bnsz(w, nw);
      ensures (uint8_t *)b + (bnsz(w, nw)) != h->end ==>
        *tagp(b, bnsz(w, nw)) == b && h->top == \null &&
        \exists integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] == b && b->pprev == &h->lists[k];

    complete behaviors;
    disjoint behaviors;
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
