/* SPDX-License-Identifier: MIT */
/*
 * WP proof of what heap_free (kernel/heap.c) knows at its call of
 * free_general that merges with a free predecessor: the case where both
 * headers check, b = p - 8 is in use and says HB_PREV_FREE, and
 * prev_free_block accepts the tag before b (pfb_ok, heap_free_gen_pfb.h).
 * heap_free_fast.c excludes this case by a precondition; here it is the
 * precondition (the case), with heap_free_fast.c's own preconditions for
 * the reads it makes (pin, b's, n's, the tag word's and the header it
 * names readable) and i5. Proved: heap_free reaches free_general only
 * with the arguments (h, b, w, n, nw) meeting the clauses of
 * free_general's contract below (each a precondition goal at the call),
 * and then releases the lock with the key vos__lock returned
 * (ev_lock_depth as at entry). Every memory access valid (-wp-rte).
 *
 * The clauses are the conjuncts of the merge cases' shared preconditions
 * (heap_merge_prev.h's MP_PRE_BP, the cases' MP_PRE_N and MP_PRE_NFREE)
 * that heap_free's call meets, and what pfb_ok gives of P, the tag's
 * block:
 *  - gm_heap: \valid(h) and i5 (MP_PRE_BP);
 *  - gm_w: w is b's word, b in use and saying HB_PREV_FREE (MP_PRE_BP);
 *  - gm_pfb: the tag word readable and pfb_ok (MP_PRE_BP);
 *  - gm_n: n is the header b's size after b, nw its word, and it checks
 *    (MP_PRE_N and MP_PRE_NFREE state n == B(h, off(h, b) + size): that
 *    is this once b == B(h, off(h, b)), which is not known here);
 *  - gm_pread: P's header words readable (prev_free_block's reads);
 *  - gm_pfree: P's header word has HB_FREE set (from pfb_ok's
 *    "P's word is (b - P) | HB_FREE"; MP_PRE_BP's RPW % 8 == HB_FREE
 *    needs b - P a multiple of 8 too).
 *  - gm_pnn, gm_phv: P not NULL and its header checks (pfb_ok's
 *    first and third parts, as clauses of their own).
 * The other conjuncts of the cases' preconditions do not follow from
 * these facts nor from heap_ok (heap_alloc.c): docs/evidence.md, 2.3
 * Not proved. (Tried and not landed: pfb_ok's rotated compare and its
 * "P's word is (b - P) | HB_FREE" as clauses of their own, "P's offset
 * a multiple of 8 below 8 * span" from that compare through rot_inside,
 * and BSZ(w) % 8 == 0, a fact of the mask: CVC4 timed out on each, at
 * 60 s or 20 s; pfb_ok itself, gm_pfb, holds them.)
 * free_general's contract here has requires only (no ensures
 * and no assigns clause: WP takes a call to assign everything), so it
 * assumes nothing of free_general: what the call does is the case runs'
 * (heap_merge_prev_*.c), each under its own preconditions.
 *
 * Assumptions (docs/evidence.md lists them): heap_model.h's (shift, tagp,
 * seal; blk_at's contract), hb_valid's contract (its result is its check-word test: proved
 * by the heap_free_gen and heap_merge_prev_pfb runs), the lock contracts
 * (heap_lock.h, shared with the other heap proofs), WP's Typed+cast memory model and its
 * hypotheses that h's and p's objects are apart from ev_lock_depth, and
 * the preconditions. classify_bad_header gets `requires gm_unreached:
 * \false`: the case excludes the bad-header path (proved at the call).
 * The fast path's callees (list_replace, list_unlink, put_free,
 * class_shift, hb_seal) keep heap_i5.c's and heap_put.c's contracts: the
 * case excludes that path too.
 * Run: heap_free_merge_call (heap_free_merge_call.wp).
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"
#include "heap_free_gen_pfb.h"
#include "heap_pin.h"

/* A size word's size; the case's names (HV, BW, NX, NW, FREES, MERGES)
 * and heap_free's preconditions in it (MERGE_REQ): heap_free_merge_case.h. */
#include "heap_free_merge_case.h"

/* P, the block the tag before b names, and its header word. */
#define GP(b) PFB_TAG(b)
#define GPW(b) (PFB_TAG(b)->size)

/*@ HV_SPEC() */
INLINE int hb_valid(const blk_t *b, uint32_t w);

/* The lock: the port stub's interrupt mask (heap_lock.h). */
#include "heap_lock.h"

/*@ requires gm_unreached: \false;
    assigns \nothing;
*/
static int classify_bad_header(const vos_heap_t *h, const blk_t *b);

/*@ requires gm_heap: \valid(h) && i5(h);
    requires gm_w: b->size == w && (w & HB_FREE) == 0 && (w & HB_PREV_FREE) != 0;
    requires gm_pfb: \valid_read(tagp(b, 0)) && pfb_ok(h, b);
    requires gm_n: n == shift(b, BSZ(w)) && n->size == nw && HV(n, nw);
    requires gm_pread: \valid_read(&GP(b)->size) && \valid_read(&GP(b)->check);
    requires gm_pfree: (GPW(b) & HB_FREE) != 0;
    requires gm_pnn: GP(b) != \null;
    requires gm_phv: HV(GP(b), GPW(b));
*/
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);

/*@ MERGE_REQ
    ensures gm_lock: ev_lock_depth == \old(ev_lock_depth);
*/
static inline int heap_free(vos_heap_t *h, void *p);
