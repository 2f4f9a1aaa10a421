/* SPDX-License-Identifier: MIT */
/*
 * The whole-heap model's facts at a block b that heap_free merges into
 * its free predecessor P (heap_free_merge_inv.c's case), in the shape of
 * heap_free_merge_inv.c's assumed hi_* clauses: b is tile i of tiled(h)
 * (heap_tile_model.h), in use, after a free tile (tile_b(i)); with
 * BO := tG[i] (b's offset), PO := tG[i - 1] (P's) and NO := tG[i + 1]
 * (n's: the next tile, or the sentinel when i + 1 == tn). tf_facts(h, i)
 * is their conjunction, one named part each:
 *  - tf_offs: hi_b's 0 <= BO, BO % 8 == 0 (and P's, n's offsets);
 *  - tf_bsz: hi_bsz (b's size BSZ(word) at least HB_MIN, a multiple of
 *    8, BO + BSZ == NO <= total), with b's word and header (tf_bw);
 *  - tf_i6: hi_i6 (free_bytes + b's size <= total);
 *  - tf_prev: hi_prev (HB_MIN <= BO - PO, P's word BO - PO + HB_FREE),
 *    with P's header;
 *  - tf_nfree: hi_nfree (n's word, when it says HB_FREE: HB_FREE its
 *    only flag, its size a multiple of 8 of at least HB_MIN, inside the
 *    arena);
 *  - tf_ntop: hi_ntop (n free and the top: it ends at the sentinel);
 *  - tf_dist: hi_dist with blk(h, o) read as tile_at(o), a tile start.
 * Proved (run heap_tile_free, the lemma function tf_facts_fn, its
 * contract below, its body heap_tile_free.c's): tiled(h), arena(h),
 * arena_sep(h) and tile_b(i) imply tf_facts(h, i). Definitions and that
 * contract only here: no lemma, no axiom (a lemma here would be a
 * hypothesis of every run that includes it).
 * I3 (the boundary tag, hi_i3), I4 (the lists: hi_plink, hi_psucc,
 * hi_heads, hi_nlink, hi_nsucc, hi_psb, hi_acyc, hi_blks) and the flat
 * memory facts (hi_arena, hi_blk, hi_bsep, hi_tag, hi_tsep, hi_tsep2,
 * hi_bsepf, hi_bytes, hi_end) are not in the model.
 */
#ifndef EV_WP_HEAP_TILE_FREE_H
#define EV_WP_HEAP_TILE_FREE_H

/* Tile j's header word (b's size is heap_model.h's BSZ of it). */
#define TW(h, j) (B(h, tG[j])->size)

/*@ // b is tile i: in use, after a free tile.
    predicate tile_b{L}(integer i) = 1 <= i < tn && tF[i] == 0 && tF[i - 1] == 1;
    // A tile start (or the sentinel): blk's meaning in the model.
    predicate tile_at{L}(integer o) = \exists integer j; 0 <= j <= tn && o == tG[j];

    predicate tf_offs{L}(vos_heap_t *h, integer i) =
      0 <= tG[i - 1] && tG[i - 1] % 8 == 0 && tG[i] % 8 == 0 && tG[i + 1] % 8 == 0 &&
      tG[i - 1] + HB_MIN <= tG[i] && tG[i] + HB_MIN <= tG[i + 1] && tG[i + 1] <= h->total;
    predicate tf_bw{L}(vos_heap_t *h, integer i) =
      TW(h, i) == tG[i + 1] - tG[i] + HB_PREV_FREE &&
      hdr(h, tG[i], tG[i + 1] - tG[i] + HB_PREV_FREE);
    predicate tf_bsz{L}(vos_heap_t *h, integer i) =
      BSZ(TW(h, i)) == tG[i + 1] - tG[i] &&
      HB_MIN <= BSZ(TW(h, i)) && BSZ(TW(h, i)) % 8 == 0 &&
      tG[i] + BSZ(TW(h, i)) == tG[i + 1] && tG[i + 1] <= h->total;
    predicate tf_i6{L}(vos_heap_t *h, integer i) =
      h->free_bytes + BSZ(TW(h, i)) <= h->total;
    predicate tf_prev{L}(vos_heap_t *h, integer i) =
      0 <= tG[i - 1] && tG[i - 1] % 8 == 0 && HB_MIN <= tG[i] - tG[i - 1] &&
      TW(h, i - 1) == tG[i] - tG[i - 1] + HB_FREE &&
      hdr(h, tG[i - 1], tG[i] - tG[i - 1] + HB_FREE);
    predicate tf_nfree{L}(vos_heap_t *h, integer i) =
      (TW(h, i + 1) & HB_FREE) != 0 ==>
        (TW(h, i + 1) & 7) == HB_FREE && HB_MIN + HB_FREE <= TW(h, i + 1) &&
        (TW(h, i + 1) - HB_FREE) % 8 == 0 &&
        tG[i + 1] + (TW(h, i + 1) - HB_FREE) <= h->total;
    predicate tf_ntop{L}(vos_heap_t *h, integer i) =
      (TW(h, i + 1) & HB_FREE) != 0 && B(h, tG[i + 1]) == h->top ==>
        tG[i + 1] + (TW(h, i + 1) - HB_FREE) == h->total;
    predicate tf_dist{L} =
      \forall integer o1, o2; tile_at(o1) && tile_at(o2) && o1 < o2 ==> o1 + HB_MIN <= o2;

    predicate tf_facts{L}(vos_heap_t *h, integer i) =
      tf_offs(h, i) && tf_bw(h, i) && tf_bsz(h, i) && tf_i6(h, i) && tf_prev(h, i) &&
      tf_nfree(h, i) && tf_ntop(h, i) && tf_dist;
*/

/* tiled(h) at tile i gives tf_facts(h, i): a lemma function (ghost, no
 * kernel code), its body in heap_tile_free.c, its contract here, proved
 * by the run heap_tile_free; heap_free_merge_inv.c's mi_tile_fn calls
 * it. */
/*@ ghost
  /@ requires tiled(h) && h->total < 1048576 && arena(h) && arena_sep(h) && tile_b(i);
     assigns \nothing;
     ensures tf_ok: tf_facts(h, i);
  @/
  void tf_facts_fn(vos_heap_t *h, uint32_t i);
*/

#endif
