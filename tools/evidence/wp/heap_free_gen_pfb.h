/* SPDX-License-Identifier: MIT */
/*
 * prev_free_block's acceptance test (kernel/heap.c), pfb_ok(h, b), written
 * as the code computes it (the rotation puts a misaligned offset's low
 * bits on top): the boundary tag before b names a block P in [first, b),
 * 8-aligned, whose header is valid and says (b - P) | HB_FREE. Shared by
 * heap_merge_bad.c (free_general's refusal when it fails) and
 * heap_free_gen.h (heap_free's calls of free_general); included after
 * heap_put.c. No assumption: definitions only.
 * Also the contract clauses that heap_free_gen.c, heap_merge_bad.c and
 * heap_merge_prev.h each state for their own declaration of hb_valid and
 * prev_free_block, as clause lists (each macro expands to whole clauses,
 * so each run sees the clauses once written out in each file):
 * HV_SPEC(L): hb_valid's contract, its result is its check-word test, with
 * L the ensures clause's name and colon, or nothing for no name;
 * PFB_REQUIRES: prev_free_block's reads, the tag word before b and the
 * header it names, readable.
 */
#ifndef EV_WP_HEAP_FREE_GEN_PFB_H
#define EV_WP_HEAP_FREE_GEN_PFB_H

#define PFB_TAG(b) (*tagp((blk_t *)(b), 0))
#define PFB_OFF(h, b) ((uintptr_t)((uintptr_t)PFB_TAG(b) - (uintptr_t)(h)->first))
#define PFB_ROT(h, b) ((PFB_OFF(h, b) >> 3) | (uintptr_t)(PFB_OFF(h, b) << 29))
#define PFB_SPAN(h, b) ((uintptr_t)((uintptr_t)((const uint8_t *)(b) - (h)->first) >> 3))
/*@ predicate pfb_ok(vos_heap_t *h, blk_t *b) =
      PFB_TAG(b) != \null &&
      PFB_ROT(h, b) < PFB_SPAN(h, b) &&
      (uint32_t)((uint32_t)(PFB_TAG(b)->size ^ PFB_TAG(b)->check) ^
                 (uint32_t)(uintptr_t)PFB_TAG(b)) == HB_MAGIC &&
      PFB_TAG(b)->size ==
        (uint32_t)((uint32_t)((const uint8_t *)b - (uint8_t *)PFB_TAG(b)) | HB_FREE);

*/

#define HV_SPEC(L) \
    requires \valid_read(&b->check); \
    assigns \nothing; \
    ensures L \result != 0 <==> \
      (uint32_t)((uint32_t)(w ^ b->check) ^ (uint32_t)(uintptr_t)b) == HB_MAGIC;
#define PFB_REQUIRES \
    requires \valid_read(h); \
    requires \valid_read(tagp((blk_t *)b, 0)); \
    requires \valid_read(&PFB_TAG(b)->size) && \valid_read(&PFB_TAG(b)->check);

#endif
