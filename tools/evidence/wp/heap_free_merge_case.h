/* SPDX-License-Identifier: MIT */
/*
 * The case heap_free_merge_call.c and heap_free_merge_inv.c prove
 * heap_free in: heap_free(h, p) where both headers check, b = p - 8 is
 * in use and says HB_PREV_FREE, and prev_free_block accepts the tag
 * before b (pfb_ok): the call of free_general that merges with a free
 * predecessor. One text for both files (each declares its own contract
 * of free_general, so they cannot include each other):
 *  - HV(x, v): hb_valid's test on header x with word v (heap_free_fast.c
 *    writes the same); BW(p), NX(p), NW(p): b's header word, the next
 *    header n and n's word; FREES(p): both headers check and b is in use;
 *    MERGES(p): the case;
 *  - MERGE_REQ: heap_free's preconditions in the case: h valid with i5,
 *    p inside the arena (pin), the reads heap_free makes before the call
 *    (b's and n's header words, the tag word before b and the header it
 *    names, as heap_free_fast.c's gen_bad_prev: heap_free_gen.h's
 *    FG_PFB_READ), and MERGES(p).
 * Macros only: no definition, no assumption of its own. The includer
 * provides bof, shift, pin, tagp, PFB_TAG, pfb_ok, i5 and BSZ.
 */
#ifndef VAIOS_EVIDENCE_HEAP_FREE_MERGE_CASE_H
#define VAIOS_EVIDENCE_HEAP_FREE_MERGE_CASE_H

#define HV(x, v) ((uint32_t)((uint32_t)((v) ^ (x)->check) ^ (uint32_t)(uintptr_t)(x)) == HB_MAGIC)
#define BW(p) (bof(p)->size)
#define NX(p) shift(bof(p), BSZ(BW(p)))
#define NW(p) (NX(p)->size)
#define FREES(p) (HV(bof(p), BW(p)) && (BW(p) & HB_FREE) == 0 && HV(NX(p), NW(p)))
#define MERGES(p) (FREES(p) && (BW(p) & HB_PREV_FREE) != 0 && pfb_ok(h, bof(p)))

#define MERGE_REQ \
    requires \valid(h) && i5(h); \
    requires pin(h, p); \
    requires \valid_read(&bof(p)->size) && \valid_read(&bof(p)->check); \
    requires \valid_read(&NX(p)->size) && \valid_read(&NX(p)->check); \
    requires \valid_read(tagp(bof(p), 0)) && \
      \valid_read(&PFB_TAG(bof(p))->size) && \valid_read(&PFB_TAG(bof(p))->check); \
    requires MERGES(p);

#endif
