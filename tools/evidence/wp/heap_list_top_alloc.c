/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's top path on the whole-heap model (issue 34): when
 * find_class finds no list, heap_alloc calls take_top(h, bs) with bs =
 * bs_of(size) (heap_aligned.c: the code's ((uint32_t)size + HB_HDR + 7u)
 * & ~7u raised to HB_MIN). On a heap with tiled(h) and tlisted(h) and
 * the flat-memory facts (arena, arena_sep, lsep, hblk_sep), for every
 * size the code's check lets through (1 .. VOS_HEAP_MAX_REQUEST):
 *  - l_top_pre (heap_top_pre.h, one text with heap_alloc_ok.c's use):
 *    take_top's preconditions as heap_top.c states them (the ones
 *    heap_alloc takes from its heap_ok: top_ok(h), top_size <=
 *    free_bytes, the three headers it writes apart) hold, from the
 *    model (tile_top, hdrs, sentinel, counted, gseq) and arena_sep, for
 *    any request bs (a multiple of 8, at least HB_MIN);
 *  - l_alloc_top: tile_take_top's preconditions hold for bs_of(size)
 *    (heap_aligned.c's lemma bs_ok, proved by the heap_aligned_lemmas
 *    run), so the call (l_take_top, heap_list_top.c: its contract,
 *    proved by the heap_list_top run) keeps tiled(h) and tlisted(h).
 * Proved by the run heap_list_top_alloc (-wp-fct l_top_pre,l_alloc_top).
 * NOT PROVED here: that heap_alloc itself, as one function, keeps the
 * model. heap_alloc calls take_top, not tile_take_top (take_top and the
 * model's ghost update); heap_alloc_top_ens proves that heap_alloc's
 * behavior from_top has exactly take_top's effect (split or whole);
 * heap_alloc's contract is composed with the model's update for the top
 * path by heap_alloc_top_model.c (under am_lock), not for the list
 * path. heap_alloc's
 * precondition heap_ok is derived from the model by heap_alloc_ok.c
 * (l_top_pre gives its top part).
 * Assumptions: heap_list_top.c's and heap_aligned.c's (its axioms
 * round_up, pow2_8, and_low3 are in this run's context; its lemma
 * bs_ok is used). No new one.
 */
#include "heap_list_top.c"
#include "heap_aligned.c"

/* The model gives take_top's heap preconditions (l_top_pre). */
#include "heap_top_pre.h"

/* heap_alloc's top path: take_top(h, bs_of(size)) on the model. */
/*@ requires la_pre: \valid(h) && arena(h) && arena_sep(h) && lsep(h) && hblk_sep(h);
    requires la_ok: tiled(h) && tlisted(h);
    requires la_sz: 1 <= size <= VOS_HEAP_MAX_REQUEST && bs == bs_of(size);
    assigns LT_FRAME;
    ensures la_tiled: tiled(h);
    ensures la_listed: tlisted(h);
*/
blk_t *l_alloc_top(vos_heap_t *h, size_t size, uint32_t bs)
{
    //@ assert la_bs: HB_MIN <= bs && bs % 8 == 0;
    /*@ ghost l_top_pre(h, bs); */
    return l_take_top(h, bs);
}
