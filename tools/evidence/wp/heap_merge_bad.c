/* SPDX-License-Identifier: MIT */
/*
 * WP proof of free_general (kernel/heap.c) refusing a free whose
 * predecessor does not check: b (in use, header word w) says
 * HB_PREV_FREE, and the boundary tag before b does not name a block P
 * that prev_free_block accepts (pfb_ok, heap_free_gen_pfb.h, is its test, as the code
 * computes it: P in [first, b) and 8-aligned, P's header valid and saying
 * (b - P) | HB_FREE). Then free_general returns VOS_ERR_CORRUPT and
 * writes nothing (assigns \nothing): the heap is left as it was. Also
 * proved: prev_free_block returns NULL or the tag's block, NULL when the
 * range test fails, the tag's block only when its header is valid and
 * says (b - P) | HB_FREE, and not NULL when pfb_ok holds (so NULL exactly
 * when pfb_ok fails); hb_valid's result is its check word test; reads
 * only; every memory access valid (-wp-rte).
 *
 * The model (assumptions; docs/evidence.md lists them): heap_model.h's
 * (tagp: hb_tag's contract; addr32's), WP's Typed+cast memory model
 * (pointer to integer casts as its int_of_addr), and the preconditions:
 * the tag word before b and the header it names are readable (as
 * heap_free.c's prev_free_block contract; the code reads the header only
 * after the range test, so in flat memory it is in the arena).
 * That pfb_ok holds for a consistent heap (the test accepts every
 * predecessor I1-I3 describe, in flat memory) is heap_pfb_ok.c's
 * pfb_consistent.
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"


/* prev_free_block's acceptance test pfb_ok (as the code computes it):
 * heap_free_gen_pfb.h, shared with heap_free_gen.h. */
#include "heap_free_gen_pfb.h"

/*@ HV_SPEC() */
INLINE int hb_valid(const blk_t *b, uint32_t w);

/*@ PFB_REQUIRES
    assigns \nothing;
    ensures pfb_tag: \result == \null || \result == PFB_TAG(b);
    ensures pfb_null: PFB_ROT(h, b) >= PFB_SPAN(h, b) ==> \result == \null;
    ensures pfb_valid: \result != \null ==>
      (uint32_t)((uint32_t)(PFB_TAG(b)->size ^ PFB_TAG(b)->check) ^
                 (uint32_t)(uintptr_t)PFB_TAG(b)) == HB_MAGIC;
    ensures pfb_size: \result != \null ==> PFB_TAG(b)->size ==
        (uint32_t)((uint32_t)((const uint8_t *)b - (uint8_t *)PFB_TAG(b)) | HB_FREE);
    ensures pfb_accept: pfb_ok{Pre}((vos_heap_t *)h, (blk_t *)b) ==> \result != \null;
*/
static blk_t *prev_free_block(const vos_heap_t *h, const blk_t *b);

/*@ requires \valid(h) && \valid(b) && \separated(b, h);
    requires (w & HB_FREE) == 0 && (w & HB_PREV_FREE) != 0;
    // prev_free_block's reads: the tag before b and the header it names.
    requires \valid_read(tagp(b, 0));
    requires \valid_read(&PFB_TAG(b)->size) && \valid_read(&PFB_TAG(b)->check);
    requires !pfb_ok(h, b);
    assigns \nothing;
    ensures \result == VOS_ERR_CORRUPT;
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);
