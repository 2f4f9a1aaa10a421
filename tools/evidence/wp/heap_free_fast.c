/* SPDX-License-Identifier: MIT */
/*
 * WP proof of heap_free (kernel/heap.c), its locked part: for a call the
 * entry checks let through (pin(h, p): a valid heap handle, p not NULL,
 * b = p - 8 in the arena and 8-aligned as the code's rotated compare
 * decides it; heap_fast.c proves the other calls), under the lock,
 * exactly one of
 *   bad_header:   b's header does not check (hb_valid fails): the result
 *                 is classify_bad_header's (below), nothing is written
 *                 but the lock state;
 *   freed:        b's header checks and says HB_FREE: VOS_ERR_STATE,
 *                 nothing written but the lock state;
 *   bad_next:     b's header checks, says in use, and the header of the
 *                 block after it, n = b + size, does not check:
 *                 VOS_ERR_CORRUPT, nothing written but the lock state;
 *   the fast path (both headers check, b in use without HB_PREV_FREE, n
 *   free; w, nw their words, mw = w + nw): VOS_OK, free_bytes up by
 *   exactly w (b's size) and frees by one, b's header valid and saying
 *   the merged size | HB_FREE (mw itself in fast_top and fast_replace,
 *   (mw - 1) | HB_FREE as put_free writes it in fast_move), i5 kept
 *   (I5), and
 *   fast_top:     n is the top: b is the top (h->top, top_size mw - 1);
 *   fast_replace: n is listed and the code's same-class test holds: b's
 *                 boundary tag holds b (I3) and b takes n's place in its
 *                 list (n's referrer points to b, b's links are n's, the
 *                 successor's back link is b's: list_replace), the top
 *                 unchanged;
 *   fast_move:    n is listed and the test fails: n is unlinked
 *                 (list_unlink) and b filed by put_free: the top if it
 *                 ends at the sentinel, else its tag holds it and it
 *                 heads a list with its back link to the list head, the
 *                 top unchanged;
 *   the calls of free_general (both headers check, b in use, and b says
 *   HB_PREV_FREE or n is in use; its contract for them: heap_free_gen.h,
 *   proved by the heap_free_gen run):
 *   gen_alone:    b without HB_PREV_FREE, n in use: VOS_OK, free_bytes
 *                 up by exactly b's size s and frees by one, b's header
 *                 valid and saying s | HB_FREE, n's saying nw |
 *                 HB_PREV_FREE, b the top (top_size s) if it ends at the
 *                 end sentinel, else its boundary tag holds it and it
 *                 heads a list with its back link to the list head, the
 *                 top unchanged; i5 kept;
 *   gen_bad_prev: b says HB_PREV_FREE (so, by the precondition that
 *                 excludes the merge, prev_free_block does not accept the
 *                 tag before b: !pfb_ok, heap_free_gen_pfb.h):
 *                 VOS_ERR_CORRUPT, nothing written but the lock state;
 *   and in each nothing else is written (assigns: the lock state and the
 *   locations named; the default assigns clause is their union, each
 *   location in the cases that write it, so that a caller's proof can
 *   use the frame: without it, WP 25 was seen to read a call as writing
 *   every location, as for vos_heap_init, heap_tile_init.c);
 * and in each the lock is released with the key vos__lock returned
 * (ev_lock_depth, the port stub's interrupt mask, as it was at entry).
 * classify_bad_header (proved here): it reads only (assigns \nothing),
 * terminates (the walk's variant), and returns VOS_ERR_CORRUPT or
 * VOS_ERR_INVALID: CORRUPT only when the walk from h->first over headers
 * that check, with a size in [HB_MIN, end - p] (cbh_walk, kernel/heap.c's
 * ACSL), reaches b exactly or meets a header below b that fails that
 * test (cbh_good); INVALID only when the walk steps over b without
 * landing on it (b is inside a block). Every memory access valid, no
 * shift out of range (-wp-rte).
 *
 * Assumptions (docs/evidence.md lists them):
 *  - vos__lock/vos__unlock (the port stub's arch_lock/arch_unlock,
 *    tools/evidence/eva/port_impl.h) write only the interrupt mask,
 *    ev_lock_depth: arch_lock returns the mask and raises it (proved
 *    here, it is the stub's body), arch_unlock(k) sets it to k and writes
 *    nothing else (assumed: the stub's body may call ev_do_switch, which
 *    on a port switches tasks; the heap's memory is not the scheduler's);
 *  - clz_fn (as heap_take.c): __builtin_clz's result is lclz(x), a logic
 *    function of x alone, so that the code's same-class test can be
 *    written in a behavior's assumes; class_shift's cs_fn in those terms
 *    is proved by the heap_free_fast_cs run;
 *  - heap_model.h's model (shift, tagp, seal), the contracts of the
 *    callees proved by their own runs (heap_i5: list_unlink,
 *    list_replace; heap_put: put_free, class_shift's range, hb_seal;
 *    heap_merge_frame: their frame facts; heap_free_lemmas: i5_frame;
 *    heap_free_gen: free_general's contract for these calls);
 *  - the preconditions: b's header readable and b in the arena's object
 *    (its base address is h->first's), every header the walk reaches
 *    below b readable, and n's header when b's checks and says in use
 *    (true in the flat memory of the target for headers at multiples of
 *    8 inside the arena; WP's typed model does not derive it from the
 *    byte arithmetic); on the fast path, I1-I4 and I6 where the call
 *    touches them (FAST_PRE, LISTED_PRE below: b's word has no flag bit,
 *    n's only HB_FREE; sizes at least HB_MIN, their sum below 2^20;
 *    free_bytes + w without overflow; n's list neighbourhood consistent;
 *    the locations written apart as flat memory makes them); on
 *    gen_alone, free_general's (FG_ALONE_PRE, heap_free_gen.h: heap_free.c's
 *    preconditions for its behavior alone: b apart from the descriptor
 *    and every list, its size in [HB_MIN, 2^20), free_bytes + size
 *    without overflow, n's header and b's boundary tag valid and apart
 *    from each other, b, the descriptor and the list heads); on
 *    gen_bad_prev, the tag word before b and the header it names
 *    readable;
 *  - WP's Typed+cast memory model, and its hypotheses that h's and p's
 *    objects are apart from ev_lock_depth.
 * The merge with a free predecessor (free_general's call when b says
 * HB_PREV_FREE and prev_free_block accepts the tag before b, pfb_ok) is
 * excluded by a precondition: not proved here (docs/evidence.md, Not
 * proved).
 * Runs: heap_free_fast (default, with hb_valid, classify_bad_header,
 * arch_lock, but their assigns goals), heap_free_fast_err (bad_header,
 * freed, bad_next), heap_free_fast_top (fast_top, fast_replace) and
 * heap_free_fast_move (fast_move) but their assigns goals,
 * heap_free_fast_asg (those and the default assigns clauses),
 * heap_free_gen_call (gen_alone, gen_bad_prev), heap_free_fast_cs (cs_fn).
 * The contract can be used at a call (heap_tile_fast.c's tf_free_top
 * uses it). WP 25 stops with Wp.NormAtLabels.LabelError at any call of a
 * function one of whose behaviors has a requires clause and an assumes
 * clause with a label in it (\at, or a predicate or logic function that
 * reads memory, such as pfb_ok; a trial call with a one-behavior
 * contract, assumes zp(h) for a predicate zp(h) = h->frees == 0 and
 * requires p == \null, stops too; with assumes h->frees == 0 it does
 * not). So gen_bad_prev's assumes names no pfb_ok: the default requires
 * above gives !pfb_ok in its case (as heap_free_gen.h's bad_prev).
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"
#include "heap_merge_frame.h"
#include "heap_free_model.h"
/* free_general's contract for heap_free's calls (proved by the
 * heap_free_gen run) and prev_free_block's test pfb_ok. */
#include "heap_free_gen_pfb.h"
#include "heap_free_gen.h"

/* The block p names and the code's entry compare: heap_pin.h, shared
 * with heap_fast.c. */
#include "heap_pin.h"

/* hb_valid's test on header x with word v, as the code computes it. */
#define HV(x, v) ((uint32_t)((uint32_t)((v) ^ (x)->check) ^ (uint32_t)(uintptr_t)(x)) == HB_MAGIC)
/* b's header word, its size, the next header n and n's word. */
#define BW(p) (bof(p)->size)
#define NX(p) shift(bof(p), BSZ(BW(p)))
#define NW(p) (NX(p)->size)

/* The fast path's terms (pre-state): the merged word w + nw and size, the
 * code's "same class" test ((mw ^ nw) >> class_shift(nw)) == 0 with
 * class_shift's result named through lclz (below). */
#define MW(p) ((uint32_t)(BW(p) + NW(p)))
#define MS(p) ((uint32_t)(MW(p) - HB_FREE))
#define SAME(p) (((uint32_t)(MW(p) ^ NW(p)) >> \
  (uint32_t)((31 - SL) - (uint32_t)lclz(NW(p) | SMALL))) == 0)
#define TAG(p) tagp(bof(p), MS(p))
/* Both headers check, b in use: the calls that free. The fast path: b's
 * predecessor in use, n free. */
#define FREES(p) (HV(bof(p), BW(p)) && (BW(p) & HB_FREE) == 0 && HV(NX(p), NW(p)))
#define FAST(p) (FREES(p) && (BW(p) & HB_PREV_FREE) == 0 && (NW(p) & HB_FREE) != 0)

/* The fast path's preconditions (I1-I4 and I6 locally, and the flat
 * memory's separations), as heap_merge.c's for free_general's listed
 * merge: b a block in use of size w (no flag bit set: I1), apart from the
 * descriptor and from every list; n free with only HB_FREE set (I1, I2),
 * the sum below 2^20; free_bytes + w without overflow (I6). */
#define FAST_PRE(p) \
  \valid(bof(p)) && \separated(bof(p), h) && listed_apart(h, bof(p)) && \
  (BW(p) & 4) == 0 && HB_MIN <= BW(p) && \
  (NW(p) & 7) == HB_FREE && HB_MIN <= NW(p) - HB_FREE && \
  BW(p) + (NW(p) - HB_FREE) < 1048576 && \
  h->free_bytes + BW(p) <= 4294967295
/* heap_free's default requires with b in use and checking (so n's
 * header readable unconditionally), as one conjunct: the common part of
 * the preconditions of the model proofs that call heap_free
 * (heap_tile_fast.c's tf_free_top, heap_tile_fast_rep.c's tf_free_rep),
 * one text for both; at each call heap_free's own requires are goals. */
#define HF_READS(p) \
  \valid(h) && i5(h) && pin(h, p) && \
  \valid_read(&bof(p)->size) && \valid_read(&bof(p)->check) && \
  \base_addr(bof(p)) == \base_addr(h->first) && \
  (\forall uint8_t *q; q < (uint8_t *)bof(p) && cbh_walk(h, bof(p), q) ==> \
     \valid_read(&CBH(q)->size) && \valid_read(&CBH(q)->check)) && \
  \valid_read(&NX(p)->size) && \valid_read(&NX(p)->check)
/* n listed (not the top): its list neighbourhood (I4) and the merged
 * block's boundary tag (n's), apart from what else is written. */
#define LISTED_PRE(p) \
  \valid(NX(p)) && \separated(NX(p), h) && \separated(NX(p), bof(p)) && \
  \valid(NX(p)->pprev) && *NX(p)->pprev == NX(p) && \separated(NX(p)->pprev, NX(p)) && \
  \separated(NX(p)->pprev, bof(p)) && \
  ((slot_at(h, NX(p)->pprev) < sizeof(h->lists) && \
    NX(p)->pprev == &h->lists[slot_at(h, NX(p)->pprev) / sizeof(blk_t *)]) || \
   \separated(NX(p)->pprev, h)) && \
  (NX(p)->next_free != \null ==> \
    \valid(NX(p)->next_free) && \separated(NX(p)->next_free, h) && \
    \separated(NX(p)->next_free, NX(p)) && \separated(NX(p)->next_free, NX(p)->pprev) && \
    \separated(NX(p)->next_free, bof(p)) && \separated(TAG(p), NX(p)->next_free)) && \
  \valid(TAG(p)) && \separated(TAG(p), h) && \separated(TAG(p), bof(p)) && \
  \separated(TAG(p), NX(p)) && \separated(TAG(p), NX(p)->pprev) && \
  (\forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==> \
    \separated(TAG(p), h->lists[k]))

/* The default assigns clause's cases (pre-state): b freed (the fast path
 * or gen_alone: both headers check, b in use without HB_PREV_FREE), n
 * free (the fast path), n the top; fast_replace and fast_move (n free
 * and not the top), fast_move alone, gen_alone. A location of a set
 * comprehension { l | ...; c && ... } is written only in case c. */
#define GO(p) (FREES(p) && (BW(p) & HB_PREV_FREE) == 0)
#define GO_FL(p) (GO(p) && (NW(p) & HB_FREE) != 0 && NX(p) != h->top)
#define GO_FM(p) (GO_FL(p) && !SAME(p))
#define GO_GA(p) (GO(p) && (NW(p) & HB_FREE) == 0)
#define GO_TOP(p) (GO(p) && !(GO_FL(p) && SAME(p)))

/* The header at q, as classify_bad_header reads it. */
#define CBH(q) ((blk_t *)(q))

/*@ requires \valid_read(&b->check);
    assigns \nothing;
    ensures \result != 0 <==>
      (uint32_t)((uint32_t)(w ^ b->check) ^ (uint32_t)(uintptr_t)b) == HB_MAGIC; */
INLINE int hb_valid(const blk_t *b, uint32_t w);

/* class_shift's result as a logic function of its argument (as
 * heap_take.c): lclz(x) names __builtin_clz's result for x (the
 * assumption clz_fn: it depends on x alone); cs_fn is proved here. */
/*@ axiomatic Clz {
      logic integer lclz(integer x);
    }
*/

/*@ assigns \nothing;
    ensures clz_fn: \result == lclz(x); */
int __builtin_clz(unsigned int x);

/*@ assigns \nothing;
    ensures cs_fn: \result == (uint32_t)((31 - SL) - (uint32_t)lclz(s | SMALL)); */
INLINE uint32_t class_shift(uint32_t s);

/* The lock: the port stub's interrupt mask, ev_lock_depth
 * (heap_lock.h). */
#include "heap_lock.h"

/*@ requires \valid_read(h);
    requires \base_addr(b) == \base_addr(h->first);
    requires \forall uint8_t *q; q < (uint8_t *)b && cbh_walk((vos_heap_t *)h, (blk_t *)b, q) ==>
      \valid_read(&CBH(q)->size) && \valid_read(&CBH(q)->check);
    assigns \nothing;
    ensures cbh_res: \result == VOS_ERR_CORRUPT || \result == VOS_ERR_INVALID;
    ensures cbh_corrupt: \result == VOS_ERR_CORRUPT ==>
      \exists uint8_t *q; cbh_walk((vos_heap_t *)h, (blk_t *)b, q) &&
        (q == (uint8_t *)b || (q < (uint8_t *)b && !cbh_good((vos_heap_t *)h, q)));
    ensures cbh_invalid: \result == VOS_ERR_INVALID ==>
      \exists uint8_t *q; cbh_walk((vos_heap_t *)h, (blk_t *)b, q) &&
        q != (uint8_t *)b && !(q < (uint8_t *)b);
*/
static int classify_bad_header(const vos_heap_t *h, const blk_t *b);

/*@ requires \valid(h) && i5(h);
    requires pin(h, p);
    // b's header readable, b in the arena's object.
    requires \valid_read(&bof(p)->size) && \valid_read(&bof(p)->check);
    requires \base_addr(bof(p)) == \base_addr(h->first);
    // The headers the walk of classify_bad_header reaches below b.
    requires \forall uint8_t *q; q < (uint8_t *)bof(p) && cbh_walk(h, bof(p), q) ==>
      \valid_read(&CBH(q)->size) && \valid_read(&CBH(q)->check);
    // n's header, when b's checks and says in use.
    requires HV(bof(p), BW(p)) && (BW(p) & HB_FREE) == 0 ==>
      \valid_read(&NX(p)->size) && \valid_read(&NX(p)->check);
    // Not proved here: the merge with a free predecessor (free_general's
    // call when b says HB_PREV_FREE and prev_free_block accepts its tag).
    requires FREES(p) && (BW(p) & HB_PREV_FREE) != 0 ==> !pfb_ok(h, bof(p));
    // The union of the behaviors' assigns, each location in the cases
    // that write it (GO* above): with assigns in the behaviors only, WP 25
    // was seen to read a call as writing every location (heap_tile_init.c).
    assigns ev_lock_depth,
            { x->free_bytes | vos_heap_t *x; x == h && GO(p) },
            { x->frees | vos_heap_t *x; x == h && GO(p) },
            { x->top | vos_heap_t *x; x == h && GO_TOP(p) },
            { x->top_size | vos_heap_t *x; x == h && GO_TOP(p) },
            { x->size | blk_t *x; x == bof(p) && GO(p) },
            { x->check | blk_t *x; x == bof(p) && GO(p) },
            { x->next_free | blk_t *x; x == bof(p) && (GO_FL(p) || GO_GA(p)) },
            { x->pprev | blk_t *x; x == bof(p) && (GO_FL(p) || GO_GA(p)) },
            { *t | blk_t **t; t == TAG(p) && GO_FL(p) },
            { *t | blk_t **t; t == NX(p)->pprev && GO_FL(p) },
            { x->pprev | blk_t *x; (GO_FL(p) && x == NX(p)->next_free) ||
                ((GO_FM(p) || GO_GA(p)) &&
                 \exists integer k; 0 <= k < VOS_HEAP_CLASSES && x == h->lists[k]) },
            { h->lists[i] | integer i; 0 <= i < VOS_HEAP_CLASSES && (GO_FM(p) || GO_GA(p)) },
            { h->sl_map[i] | integer i; 0 <= i < VOS_HEAP_FL_COUNT && (GO_FM(p) || GO_GA(p)) },
            { x->fl_map | vos_heap_t *x; x == h && (GO_FM(p) || GO_GA(p)) },
            { x->size | blk_t *x; x == NX(p) && GO_GA(p) },
            { x->check | blk_t *x; x == NX(p) && GO_GA(p) },
            { *t | blk_t **t; t == tagp(bof(p), BSZ(BW(p))) && GO_GA(p) };

    behavior bad_header:
      assumes !HV(bof(p), BW(p));
      assigns ev_lock_depth;
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_ERR_CORRUPT || \result == VOS_ERR_INVALID;
      ensures \result == VOS_ERR_CORRUPT ==>
        \exists uint8_t *q; \old(cbh_walk(h, bof(p), q)) &&
          (q == (uint8_t *)bof(p) || (q < (uint8_t *)bof(p) && !\old(cbh_good(h, q))));
      ensures \result == VOS_ERR_INVALID ==>
        \exists uint8_t *q; \old(cbh_walk(h, bof(p), q)) &&
          q != (uint8_t *)bof(p) && !(q < (uint8_t *)bof(p));
    behavior freed:
      assumes HV(bof(p), BW(p)) && (BW(p) & HB_FREE) != 0;
      assigns ev_lock_depth;
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_ERR_STATE;
    behavior bad_next:
      assumes HV(bof(p), BW(p)) && (BW(p) & HB_FREE) == 0 && !HV(NX(p), NW(p));
      assigns ev_lock_depth;
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_ERR_CORRUPT;
    behavior fast_top:
      assumes FAST(p) && NX(p) == h->top;
      requires FAST_PRE(p);
      assigns ev_lock_depth, h->free_bytes, h->frees, h->top, h->top_size,
              bof(p)->size, bof(p)->check;
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_OK;
      ensures h->free_bytes == \old(h->free_bytes) + \old(BW(p)) &&
              h->frees == (uint32_t)(\old(h->frees) + 1);
      ensures bof(p)->size == \old(MW(p)) && bof(p)->check == seal(\old(MW(p)), bof(p));
      ensures h->top == bof(p) && h->top_size == \old(MS(p));
      ensures i5(h);
    behavior fast_replace:
      assumes FAST(p) && NX(p) != h->top && SAME(p);
      requires FAST_PRE(p);
      requires LISTED_PRE(p);
      assigns ev_lock_depth, h->free_bytes, h->frees,
              bof(p)->size, bof(p)->check, bof(p)->next_free, bof(p)->pprev,
              *TAG(p), *NX(p)->pprev, NX(p)->next_free->pprev;
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_OK;
      ensures h->free_bytes == \old(h->free_bytes) + \old(BW(p)) &&
              h->frees == (uint32_t)(\old(h->frees) + 1);
      ensures bof(p)->size == \old(MW(p)) && bof(p)->check == seal(\old(MW(p)), bof(p));
      ensures *\old(TAG(p)) == bof(p);
      ensures *\old(NX(p)->pprev) == bof(p) && bof(p)->pprev == \old(NX(p)->pprev) &&
              bof(p)->next_free == \old(NX(p)->next_free);
      ensures bof(p)->next_free != \null ==> bof(p)->next_free->pprev == &bof(p)->next_free;
      ensures h->top == \old(h->top) && h->top_size == \old(h->top_size);
      ensures i5(h);
    behavior fast_move:
      assumes FAST(p) && NX(p) != h->top && !SAME(p);
      requires FAST_PRE(p);
      requires LISTED_PRE(p);
      assigns { x->pprev | blk_t *x; x == NX(p)->next_free ||
                \exists integer k; 0 <= k < VOS_HEAP_CLASSES && x == h->lists[k] },
              ev_lock_depth, h->free_bytes, h->frees, h->top, h->top_size,
              bof(p)->size, bof(p)->check, bof(p)->next_free, bof(p)->pprev,
              *TAG(p), *NX(p)->pprev,
              h->lists[0 .. VOS_HEAP_CLASSES - 1],
              h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map;
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_OK;
      ensures h->free_bytes == \old(h->free_bytes) + \old(BW(p)) &&
              h->frees == (uint32_t)(\old(h->frees) + 1);
      ensures bof(p)->size == (\old(MS(p)) | HB_FREE) &&
              bof(p)->check == seal(\old(MS(p)) | HB_FREE, bof(p));
      ensures (uint8_t *)bof(p) + \old(MS(p)) == h->end ==>
        h->top == bof(p) && h->top_size == \old(MS(p));
      ensures mv_tag: (uint8_t *)bof(p) + \old(MS(p)) != h->end ==> *\old(TAG(p)) == bof(p);
      ensures mv_top: (uint8_t *)bof(p) + \old(MS(p)) != h->end ==> h->top == \old(h->top);
      ensures mv_head: (uint8_t *)bof(p) + \old(MS(p)) != h->end ==>
        \exists integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] == bof(p) &&
          bof(p)->pprev == &h->lists[k];
      ensures i5(h);
    behavior gen_alone:
      assumes FREES(p) && (BW(p) & HB_PREV_FREE) == 0 && (NW(p) & HB_FREE) == 0;
      requires FG_ALONE_PRE(h, bof(p), BW(p), NX(p));
      assigns ev_lock_depth, h->free_bytes, h->frees, h->top, h->top_size, h->fl_map,
              h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev,
              h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1],
              bof(p)->size, bof(p)->check, bof(p)->next_free, bof(p)->pprev,
              NX(p)->size, NX(p)->check, *tagp(bof(p), BSZ(BW(p)));
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_OK;
      ensures h->free_bytes == \old(h->free_bytes) + \old(BSZ(BW(p))) &&
              h->frees == (uint32_t)(\old(h->frees) + 1);
      ensures bof(p)->size == (\old(BSZ(BW(p))) | HB_FREE) &&
              bof(p)->check == seal(\old(BSZ(BW(p))) | HB_FREE, bof(p));
      ensures \old(NX(p))->size == (\old(NW(p)) | HB_PREV_FREE) &&
              \old(NX(p))->check == seal(\old(NW(p)) | HB_PREV_FREE, \old(NX(p)));
      ensures (uint8_t *)bof(p) + \old(BSZ(BW(p))) == h->end ==>
        h->top == bof(p) && h->top_size == \old(BSZ(BW(p)));
      ensures (uint8_t *)bof(p) + \old(BSZ(BW(p))) != h->end ==>
        *tagp(bof(p), \old(BSZ(BW(p)))) == bof(p) && h->top == \old(h->top) &&
        \exists integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] == bof(p) &&
          bof(p)->pprev == &h->lists[k];
      ensures i5(h);
    behavior gen_bad_prev:
      assumes FREES(p) && (BW(p) & HB_PREV_FREE) != 0;
      requires FG_PFB_READ(bof(p));
      assigns ev_lock_depth;
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_ERR_CORRUPT;
    complete behaviors;
    disjoint behaviors;
*/
static inline int heap_free(vos_heap_t *h, void *p);
