/* SPDX-License-Identifier: MIT */
/*
 * WP proof that vos_heap_init (kernel/heap.c) establishes the whole-heap
 * block model tiled(h) of heap_tile_model.h (I1, I2, I4's top clause and
 * I6 over the whole arena; heap_tile.c states and explains it), and
 * arena_sep(h), with the ghost model set up for one free block that is
 * the top: tn == 1, tG[0] == 0, tG[1] == total, tF[0] == 1, tS[0] == 0,
 * tS[1] == total.
 *
 * What is proved (run heap_tile_init): tile_init, a function of this
 * file (not kernel code; called by heap_init_model.c's hm_init) that
 * calls vos_heap_init under heap_init.c's behavior ok (its guard and its
 * flat-memory preconditions init_link, init_valid, init_hsep,
 * init_apart) and then sets the ghost model (tile_model, ghost code
 * only), returns VOS_OK with tiled(h), arena(h), arena_sep(h), heap_ok(h)'s
 * clauses (HI_HEAP_OK), h->total the arena's size HI_BL and the tag set,
 * and writes only *h, the two headers and the ghost model (its assigns
 * clause: so that a caller keeps what it knew of other locations and of
 * the allocation state). The call uses vos_heap_init's
 * contract, behavior ok's ensures (proved on the code by the run
 * heap_init_ok); init_ends, its fifth precondition, is hi_ends_hold's
 * ensures (heap_init.c's lemma function, proved by heap_init_lemmas),
 * called first. This file adds one clause to hi_ends_hold's contract,
 * assigns \nothing (its body is empty), proved by the run
 * heap_tile_init_asg (-wp-prop @assigns: its ensures stay
 * heap_init_lemmas'), and one to vos_heap_init's, a default assigns
 * clause (the union of its behaviors' frames), proved on its code by the
 * run heap_tile_init_frame (put_free inlined, as heap_init_ok does):
 * with assigns in its behaviors only, WP read the call (the behavior not
 * known at the call) as changing every location and the allocation
 * table, so tile_init could state no frame.
 *
 * Assumptions: heap_init.c's (its behavior ok's preconditions, stated
 * again as tile_init's; the model and axioms of heap_model.h and the
 * included files) and heap_tile_model.h's or_flag (x | 1 == x + 1 for x
 * a multiple of 8: the first header's word total | HB_FREE is the
 * model's total + 1). No new assumption.
 */
#include "heap_init.c"

#include "heap_tile_model.h"

/* hi_ends_hold's body is empty: it writes nothing (proved by the run
 * heap_tile_init_asg);
 * merged with heap_init.c's contract. */
/*@ assigns \nothing; */
void hi_ends_hold(vos_heap_t *h, void *mem, size_t size);

/* vos_heap_init's frame as a default assigns clause (its behaviors'
 * union; proved on its code, put_free inlined as in heap_init_ok, by the
 * run heap_tile_init_frame): without it WP read the call (assigns in
 * the behaviors only, the behavior not known at the call) as changing
 * every location and the allocation table (so no validity known before
 * the call held after it); merged with heap_init.c's contract. */
/*@ assigns *h, B(h, 0)->size, B(h, 0)->check, B(h, HI_BL)->size, B(h, HI_BL)->check; */
int vos_heap_init(vos_heap_t *h, void *mem, size_t size);

/* The model of vos_heap_init's heap, one free tile (the top), as
 * ensures clauses named P_ghost, P_seq, ..., P_tiled: one text for
 * tile_model and tile_init below. */
#define TI_ONE_TILE(P) \
    ensures P##_ghost: tn == 1 && tG[0] == 0 && tG[1] == h->total && tF[0] == 1 && \
      tS[0] == 0 && tS[1] == h->total; \
    ensures P##_seq: gseq(h->total); \
    ensures P##_hdrs: hdrs(h); \
    ensures P##_sent: sentinel(h); \
    ensures P##_count: counted(h); \
    ensures P##_top: tile_top(h); \
    ensures P##_tiled: tiled(h);

/* The ghost model set to one free tile, the top, on the heap
 * vos_heap_init leaves (its ensures as this function's requires; ghost
 * code only, proved by the run heap_tile_init): tiled(h). A function of
 * its own so that its goals have the memory after the call as one state,
 * not the call's frame (CVC4 timed out on hdrs(h) there). */
/*@ ghost
  /@ requires tm_valid: \valid(h);
     requires tm_tot: HB_MIN <= h->total && h->total % 8 == 0 && h->total < 1048576;
     requires tm_hdr: hdr(h, 0, h->total | HB_FREE);
     requires tm_sent: hdr(h, h->total, HB_PREV_FREE);
     requires tm_top: h->top == B(h, 0) && h->top_size == h->total;
     requires tm_count: h->free_bytes == h->total && h->min_free == h->total;
     assigns tn, tG[0 .. 1], tF[0], tS[0 .. 1];
     TI_ONE_TILE(tm)
  @/
  void tile_model(vos_heap_t *h)
  {
      /@ assert ti_or: (h->total | HB_FREE) == h->total + 1; @/
      tn = 1;
      tG[0] = 0;
      tG[1] = h->total;
      tF[0] = 1;
      tS[0] = 0;
      tS[1] = h->total;
      /@ assert ti_b0: bsize(0) == h->total && pfree(0) == 0 && hword(0) == h->total + 1; @/
      /@ assert ti_h0: hdr(h, tG[0], hword(0)); @/
      /@ assert ti_s0: hdr(h, h->total, 2 * tF[tn - 1]); @/
  }
*/

/*@ requires ti_guard: HI_OK;
    requires ti_valid_h: \valid(h);
    requires ti_link: hi_link(h, mem, size);
    requires ti_valid: hi_valid(h, mem, size);
    requires ti_hsep: hi_hsep(h, mem, size);
    requires ti_apart: HI_APART;
    assigns *h, B(h, 0)->size, B(h, 0)->check, B(h, HI_BL)->size, B(h, HI_BL)->check,
      tn, tG[0 .. 1], tF[0], tS[0 .. 1];
    ensures ti_res: \result == VOS_OK;
    TI_ONE_TILE(ti)
    ensures ti_arena: arena(h);
    ensures ti_sep: arena_sep(h);
    ensures ti_ok: HI_HEAP_OK;
    ensures ti_n: h->total == HI_BL && h->tag == VOS_TAG_HEAP;
*/
int tile_init(vos_heap_t *h, void *mem, size_t size)
{
    hi_ends_hold(h, mem, size);
    int r = vos_heap_init(h, mem, size);
    //@ ghost tile_model(h);
    return r;
}
