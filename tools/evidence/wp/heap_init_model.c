/* SPDX-License-Identifier: MIT */
/*
 * WP proof that the heap vos_heap_init (kernel/heap.c) makes is in the
 * whole-heap model, heap_model_all.h's heap_model(h): \valid(h),
 * arena(h), flat(h), tiled(h), tlisted(h), i5(h) (issue 34).
 *
 * What is proved (run heap_init_model): hm_init, a function of this file
 * (not kernel code, called by nothing) that composes proved contracts:
 *  - tile_init (heap_tile_init.c, proved by the run heap_tile_init): it
 *    calls vos_heap_init under behavior ok's preconditions and sets the
 *    tile model to one free tile, the top; after it tiled(h), arena(h),
 *    heap_ok(h)'s clauses (HI_HEAP_OK: the maps 0, every list NULL),
 *    h->total the arena's size hi_bl(mem, size);
 *  - l_init (heap_list.c, proved by the run heap_list): with one free
 *    tile and every list NULL, every list length 0 and tlisted(h);
 *  - heap_init.c's lemma hi_i5_zero (proved by heap_init_lemmas): maps 0
 *    and lists empty give i5(h);
 *  - hi_heap_ok_fn (heap_init.c, proved by heap_init_lemmas):
 *    HI_HEAP_OK gives heap_ok(h), heap_alloc's precondition;
 *  - hm_flat_of (heap_init_model.h, proved by the run
 *    heap_init_model_flat): flat(h) from the
 *    precondition hm_flat(h, hi_bl(mem, size)), flat(h)'s statement for
 *    an arena of that size (flat reads h->total, which vos_heap_init
 *    writes: a precondition can only name the size the code will store;
 *    hm_flat is flat's text with h->total replaced by n, and
 *    hm_flat_of checks the two against each other, so a difference would
 *    fail this run).
 * hm_init returns VOS_OK with heap_model(h), heap_ok(h), the tile model
 * one free tile (the top), every list of length 0. hm_flat's validity
 * clauses hold after tile_init because its assigns clause (proved by
 * heap_tile_init, with vos_heap_init's default assigns clause proved by
 * heap_tile_init_frame) leaves the allocation state as it was: a call of
 * a function without a default assigns clause may change every location
 * and the allocation table in WP's model.
 *
 * Assumptions: no new one. flat(h) is a precondition (hm_flat, stated of
 * the arena vos_heap_init will make): an assumption about the caller's
 * mem and *h (docs/evidence.md 2.3, Assumed: flat(h)), not something
 * vos_heap_init establishes; its behavior ok's own flat-memory
 * preconditions (init_link, init_valid, init_hsep, init_apart) are
 * tile_init's and stay separate (init_link, B(h, o) == a + o, and
 * init_apart's tag word apart from the sentinel's header are not in
 * flat(h)). The included files' axioms and the contracts of the
 * functions called are as in their runs.
 */
#include "heap_tile_init.c"

#include "heap_list.c"
#include "heap_flat.h"
#include "heap_model_all.h"
#include "heap_init_model_flat.c"

/* hi_heap_ok_fn's body (heap_init.c) is assertions only: it writes
 * nothing (proved by the run heap_init_model_asg); merged with
 * heap_init.c's contract. */
/*@ assigns \nothing; */
void hi_heap_ok_fn(vos_heap_t *h);

/*@ requires hm_guard: HI_OK;
    requires hm_valid_h: \valid(h);
    requires hm_link: hi_link(h, mem, size);
    requires hm_valid: hi_valid(h, mem, size);
    requires hm_hsep: hi_hsep(h, mem, size);
    requires hm_apart: HI_APART;
    requires hm_flat: hm_flat(h, HI_BL);
    ensures hm_res: \result == VOS_OK;
    ensures hm_tiles: tn == 1 && tG[0] == 0 && tG[1] == h->total && tF[0] == 1 &&
      tS[0] == 0 && tS[1] == h->total;
    ensures hm_lists: \forall integer k; 0 <= k < LCLS ==> lN[k] == 0;
    ensures hm_heap_ok: heap_ok(h);
    ensures hm_model: heap_model(h);
*/
int hm_init(vos_heap_t *h, void *mem, size_t size)
{
    int r = tile_init(h, mem, size);
    //@ assert hm_vb: \forall integer o; hm_blk(HI_BL, o) ==> \valid(B(h, o));
    //@ assert hm_db: \forall integer o; hm_blk(HI_BL, o) ==> \base_addr(B(h, o)) != \base_addr(h);
    //@ assert hm_vt: \forall integer e; hm_tag(HI_BL, e) ==> \valid(T(h, e));
    //@ assert hm_dt: \forall integer e; hm_tag(HI_BL, e) ==> \base_addr(T(h, e)) != \base_addr(h);
    //@ assert hm_fv0: hm_fv(h, HI_BL);
    //@ assert hm_fl: hm_flat(h, h->total);
    //@ ghost hm_flat_of(h);
    hi_heap_ok_fn(h);
    //@ ghost l_init(h);
    //@ assert hm_i5: i5(h);
    return r;
}
