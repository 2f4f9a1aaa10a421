/* SPDX-License-Identifier: MIT */
/*
 * WP proof of free_general (kernel/heap.c) for the calls heap_free makes
 * of it, less the merge with a free predecessor: the contract in
 * heap_free_gen.h (behaviors alone and bad_prev, the default assigns
 * clause each location of which is written only when b lacks
 * HB_PREV_FREE, i5 kept). Also proved: prev_free_block's result is
 * exactly the tag's block when prev_free_block's test pfb_ok holds
 * (heap_free_gen_pfb.h) and NULL otherwise (pfb_exact), reading only;
 * hb_valid's result is its check-word test, reading only. Every memory
 * access valid, no shift out of range (-wp-rte). list_unlink's contract
 * is heap_i5.c's (heap_i5 run), put_free's and class_shift's heap_put.c's
 * (heap_put run): here they are assumed.
 *
 * The model (assumptions; docs/evidence.md lists them): heap_model.h's
 * (shift, tagp, seal; hb_seal's and hb_tag's contracts), heap_free_model.h's
 * i5_frame (proved by the heap_free_lemmas run), WP's Typed+cast memory
 * model, and the preconditions (heap_free_gen.h): the locations written
 * apart as flat memory makes them, the reads of prev_free_block
 * readable, and the excluded merge with a free predecessor.
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"
#include "heap_free_model.h"
#include "heap_free_gen_pfb.h"
#include "heap_free_gen.h"

/*@ HV_SPEC() */
INLINE int hb_valid(const blk_t *b, uint32_t w);

/*@ PFB_REQUIRES
    assigns \nothing;
    ensures pfb_exact: pfb_ok{Pre}((vos_heap_t *)h, (blk_t *)b) ? \result == PFB_TAG(b) : \result == \null;
*/
static blk_t *prev_free_block(const vos_heap_t *h, const blk_t *b);
