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
 * file (not kernel code, called by nothing) that calls vos_heap_init
 * under heap_init.c's behavior ok (its guard and its flat-memory
 * preconditions init_link, init_valid, init_hsep, init_apart) and then
 * sets the ghost model (ghost code only), returns VOS_OK with tiled(h),
 * arena(h), arena_sep(h) and heap_ok(h)'s clauses (HI_HEAP_OK). The call uses vos_heap_init's
 * contract, behavior ok's ensures (proved on the code by the run
 * heap_init_ok); init_ends, its fifth precondition, is hi_ends_hold's
 * ensures (heap_init.c's lemma function, proved by heap_init_lemmas),
 * called first. This file adds one clause to hi_ends_hold's contract,
 * assigns \nothing (its body is empty), proved by the run
 * heap_tile_init_asg (-wp-prop @assigns: its ensures stay
 * heap_init_lemmas').
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

/*@ requires ti_guard: HI_OK;
    requires ti_valid_h: \valid(h);
    requires ti_link: hi_link(h, mem, size);
    requires ti_valid: hi_valid(h, mem, size);
    requires ti_hsep: hi_hsep(h, mem, size);
    requires ti_apart: HI_APART;
    ensures ti_res: \result == VOS_OK;
    ensures ti_ghost: tn == 1 && tG[0] == 0 && tG[1] == h->total && tF[0] == 1 &&
      tS[0] == 0 && tS[1] == h->total;
    ensures ti_seq: gseq(h->total);
    ensures ti_hdrs: hdrs(h);
    ensures ti_sent: sentinel(h);
    ensures ti_count: counted(h);
    ensures ti_top: tile_top(h);
    ensures ti_tiled: tiled(h);
    ensures ti_arena: arena(h);
    ensures ti_sep: arena_sep(h);
    ensures ti_ok: HI_HEAP_OK;
*/
int tile_init(vos_heap_t *h, void *mem, size_t size)
{
    hi_ends_hold(h, mem, size);
    int r = vos_heap_init(h, mem, size);
    //@ assert ti_tot: HB_MIN <= h->total && h->total % 8 == 0 && h->total < 1048576;
    //@ assert ti_or: (h->total | HB_FREE) == h->total + 1;
    /*@ ghost
      tn = 1;
      tG[0] = 0;
      tG[1] = h->total;
      tF[0] = 1;
      tS[0] = 0;
      tS[1] = h->total;
    */
    //@ assert ti_b0: bsize(0) == h->total && pfree(0) == 0 && hword(0) == h->total + 1;
    //@ assert ti_h0: hdr(h, tG[0], hword(0));
    //@ assert ti_s0: hdr(h, h->total, 2 * tF[tn - 1]);
    return r;
}
