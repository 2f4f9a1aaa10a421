/* SPDX-License-Identifier: MIT */
/*
 * The heap proofs' flat-memory preconditions all follow from one
 * statement, heap_flat.h's flat(h) (docs/evidence.md 2.3, Assumed):
 * ghost lemma functions, each with flat(h) (and gseq(h->total), the
 * tiles, where the fact is about tiles) as its precondition and one
 * existing predicate, as its file defines it, as its postcondition:
 *  - fl_arena_sep: heap_tile_model.h's arena_sep(h) (headers at distinct
 *    multiples of 8 in [0, total] do not overlap);
 *  - fl_lsep: heap_list_model.h's lsep(h) (every tile's blk_t valid,
 *    apart from the descriptor and from every other tile's), from
 *    gseq(h->total) (tiles at multiples of 8, HB_MIN or more bytes apart,
 *    the last ending at total);
 *  - fl_hblk_sep: heap_flat.h's hblk_sep(h) (a blk_t apart from every
 *    header HB_MIN or more bytes above it, up to the sentinel's);
 *  - fl_bsep: heap_list_take.h's bsep(h) (the blk_t at o, o + HB_MIN <=
 *    total, valid and outside the descriptor, apart from another HB_MIN
 *    or more bytes away; the tag word ending at e, HB_MIN <= e <= total,
 *    valid, outside the descriptor, apart from the blk_t at o when
 *    o + HB_MIN <= e or e <= o);
 *  - fl_arena_hsep: heap_alloc.c's arena_hsep(h) (the same body as
 *    arena_sep: one predicate under two names; defining arena_hsep as
 *    arena_sep would put heap_tile_model.h into every heap_alloc run's
 *    context), by calling fl_arena_sep, so the flat-memory argument is
 *    made once;
 *  - fl_tp_tag: heap_tile_put.c's tp_tag (b's boundary tag word valid,
 *    outside the descriptor, apart from every tile's blk_t), with gseq
 *    and b, sz at tile j; fl_rn_sep: heap_list_cut.c's rn_sep (lsep(h)
 *    and the rest's blk_t at tG[k] + bs valid, outside the descriptor,
 *    apart from every tile's), with gseq and the cut's bs. Both are
 *    written inline where they are used, so the ensures are their text,
 *    copied (checked by reading; the comments above them name the lines).
 * Context: heap_alloc.c (arena_hsep's definition; it brings
 * kernel/heap.c, heap_model.h, heap_take.c, heap_top.c, heap_aligned.c
 * and heap_class_scheme.h), heap_tile_model.h (arena_sep, gseq),
 * heap_list_model.h (lsep), heap_list_take.h (bsep) and heap_flat.h
 * (flat, hblk_sep); this file's run proves only its own functions
 * (-wp-fct). No axiom, no admitted lemma; the included files' axioms
 * (heap_model.h's shift_B, tag_B, heap_tile_model.h's or_flag,
 * heap_alloc.c's size_ok, heap_aligned.c's round_up, pow2_8, and_low3,
 * ...) are in the context, unused.
 */
#include "heap_alloc.c"
#include "heap_tile_model.h"
#include "heap_list_model.h"
#include "heap_list_take.h"
#include "heap_flat.h"

/*@ ghost
  /@ requires flat(h);
     assigns \nothing;
     ensures fa_sep: arena_sep(h);
  @/
  void fl_arena_sep(vos_heap_t *h)
  {
      /@ assert fa_ap: \forall integer o1, o2; 0 <= o1 < o2 && o1 % 8 == 0 && o2 % 8 == 0 ==>
           fl_apart(o1, HB_HDR, o2, HB_HDR); @/
      /@ assert fa_in: \forall integer o; 0 <= o <= h->total && o % 8 == 0 ==> fl_hdr(h, o); @/
  }
*/

/* heap_alloc.c's arena_hsep, the same body as arena_sep: by fl_arena_sep. */
/*@ ghost
  /@ requires flat(h);
     assigns \nothing;
     ensures fa_hsep: arena_hsep(h);
  @/
  void fl_arena_hsep(vos_heap_t *h)
  {
      fl_arena_sep(h);
  }
*/

/*@ ghost
  /@ requires flat(h) && gseq(h->total);
     assigns \nothing;
     ensures fs_sep: lsep(h);
  @/
  void fl_lsep(vos_heap_t *h)
  {
      /@ assert fs_min: HB_MIN == 24 && sizeof(blk_t) == 16 && HB_HDR == 8; @/
      /@ assert fs_step: \forall integer i; 0 <= i < tn ==> tG[i + 1] - tG[i] >= HB_MIN; @/
      /@ assert fs_end: \forall integer i; 0 <= i <= tn ==> tG[tn] - tG[i] >= 0; @/
      /@ assert fs_lo: \forall integer i; 0 <= i <= tn ==> tG[i] - tG[0] >= 0; @/
      /@ assert fs_blk: \forall integer i; 0 <= i < tn ==> fl_blk(h, tG[i]); @/
      /@ assert fs_v: \forall integer i; 0 <= i < tn ==>
           \valid(B(h, tG[i])) && \separated(B(h, tG[i]), h); @/
      /@ assert fs_lt: \forall integer i, j; 0 <= i < j < tn ==> tG[j] - tG[i] >= HB_MIN; @/
      /@ assert fs_ap: \forall integer i, j; 0 <= i < tn && 0 <= j < tn && i != j ==>
           fl_apart(tG[i], sizeof(blk_t), tG[j], sizeof(blk_t)); @/
  }
*/

/*@ ghost
  /@ requires flat(h);
     assigns \nothing;
     ensures fh_sep: hblk_sep(h);
  @/
  void fl_hblk_sep(vos_heap_t *h)
  {
      /@ assert fh_min: HB_MIN == 24 && sizeof(blk_t) == 16 && HB_HDR == 8; @/
      /@ assert fh_in: \forall integer a, x; 0 <= a && a + HB_MIN <= x <= h->total &&
           a % 8 == 0 && x % 8 == 0 ==>
           fl_blk(h, a) && fl_hdr(h, x) && fl_apart(a, sizeof(blk_t), x, HB_HDR); @/
  }
*/

/*@ ghost
  /@ requires flat(h);
     assigns \nothing;
     ensures fb_sep: bsep(h);
  @/
  void fl_bsep(vos_heap_t *h)
  {
      /@ assert fb_min: HB_MIN == 24 && sizeof(blk_t) == 16 && HB_HDR == 8 && HB_FOOT == 4; @/
      /@ assert fb_blk: \forall integer o; 0 <= o && o % 8 == 0 && o + HB_MIN <= h->total ==>
           fl_blk(h, o); @/
      /@ assert fb_v: \forall integer o; 0 <= o && o % 8 == 0 && o + HB_MIN <= h->total ==>
           \valid(B(h, o)) && \separated(B(h, o), h); @/
      /@ assert fb_bb: \forall integer o1, o2; 0 <= o1 && o1 % 8 == 0 && o2 % 8 == 0 &&
           o1 + HB_MIN <= o2 && o2 + HB_MIN <= h->total ==>
           fl_apart(o1, sizeof(blk_t), o2, sizeof(blk_t)); @/
      /@ assert fb_tag: \forall integer e; HB_MIN <= e <= h->total && e % 8 == 0 ==> fl_tag(h, e); @/
      /@ assert fb_tb: \forall integer o, e; 0 <= o && o % 8 == 0 && o + HB_MIN <= h->total &&
           HB_MIN <= e <= h->total && e % 8 == 0 && (o + HB_MIN <= e || e <= o) ==>
           fl_apart(e - HB_FOOT, HB_FOOT, o, sizeof(blk_t)); @/
  }
*/

/* heap_tile_put.c's tp_tag (a part of its TP_PRE, the precondition of
 * tile_put_alone and tile_put_step; the macro TP_TAG, heap_list_model.h,
 * is both texts): b's boundary tag word, the one ending at b's end
 * tG[j + 1] (heap_model.h's tag_B: tagp(B(h, o), sz) == T(h, o + sz)),
 * is valid, outside the descriptor and apart from every tile's blk_t.
 * The requires are TP_PRE's b, sz and j clauses (0 <= j, j + 1 < tn gives
 * j < tn) and gseq(h->total), which TP_PRE's tiled(h) contains. */
/*@ ghost
  /@ requires flat(h) && gseq(h->total);
     requires 0 <= j < tn && b == B(h, tG[j]) && sz == bsize(j);
     assigns \nothing;
     ensures ft_tag: TP_TAG(h, b, sz);
  @/
  void fl_tp_tag(vos_heap_t *h, blk_t *b, uint32_t sz, uint32_t j)
  {
      /@ assert ft_min: HB_MIN == 24 && sizeof(blk_t) == 16 && HB_FOOT == 4; @/
      /@ assert ft_T0: tagp(B(h, tG[j]), sz) == T(h, tG[j] + sz); @/
      /@ assert ft_T: tagp(b, sz) == T(h, tG[j + 1]); @/
      /@ assert ft_e: HB_MIN <= tG[j + 1] <= h->total && tG[j + 1] % 8 == 0; @/
      /@ assert ft_in: fl_tag(h, tG[j + 1]); @/
      /@ assert ft_lo: \forall integer i; 0 <= i <= j ==> tG[i] + HB_MIN <= tG[j + 1]; @/
      /@ assert ft_hi: \forall integer i; j + 1 <= i < tn ==> tG[j + 1] <= tG[i]; @/
      /@ assert ft_step: \forall integer i; 0 <= i < tn ==> tG[i + 1] - tG[i] >= HB_MIN; @/
      /@ assert ft_end: \forall integer i; 0 <= i <= tn ==> tG[tn] - tG[i] >= 0; @/
      /@ assert ft_lo0: \forall integer i; 0 <= i <= tn ==> tG[i] - tG[0] >= 0; @/
      /@ assert ft_blk: \forall integer i; 0 <= i < tn ==> fl_blk(h, tG[i]); @/
      /@ assert ft_ap: \forall integer i; 0 <= i < tn ==>
           fl_apart(tG[j + 1] - HB_FOOT, HB_FOOT, tG[i], sizeof(blk_t)); @/
  }
*/

/* heap_list_cut.c's rn_sep (l_ren's precondition; l_cut's lc_sep is the
 * same with r for B(h, tG[k] + bs); the macro BLK_APART,
 * heap_list_model.h, is the three texts): lsep(h) (by fl_lsep),
 * and the rest's blk_t at tG[k] + bs valid, outside the descriptor and
 * apart from every tile's. The requires are \valid(h) (no flat-memory
 * fact: rn_sep's first clause, l_cut's lc_pre), rn_cut's
 * bs clauses, k a tile (l_ren's rn_k with tlisted(h): k heads list idx),
 * and gseq(h->total): l_ren and l_cut state gseq(total) of their total
 * argument, which is h->total where take's split calls them (tiled(h)). */
/*@ ghost
  /@ requires flat(h) && \valid(h) && gseq(h->total);
     requires 0 <= k < tn && HB_MIN <= bs && bs % 8 == 0 && bsize(k) >= bs + HB_MIN;
     assigns \nothing;
     ensures fr_sep: \valid(h) && lsep(h) && BLK_APART(h, B(h, tG[k] + bs));
  @/
  void fl_rn_sep(vos_heap_t *h, uint32_t k, uint32_t bs)
  {
      fl_lsep(h);
      /@ assert fr_min: HB_MIN == 24 && sizeof(blk_t) == 16; @/
      /@ assert fr_o: 0 <= tG[k] && tG[k] % 8 == 0 && tG[k] + bs + HB_MIN <= tG[k + 1] <= h->total; @/
      /@ assert fr_in: fl_blk(h, tG[k] + bs); @/
      /@ assert fr_v: \valid(B(h, tG[k] + bs)) && \separated(B(h, tG[k] + bs), h); @/
      /@ assert fr_lo: \forall integer i; 0 <= i <= k ==> tG[i] + HB_MIN <= tG[k] + bs; @/
      /@ assert fr_hi: \forall integer i; k + 1 <= i < tn ==> tG[k] + bs + HB_MIN <= tG[i]; @/
      /@ assert fr_step: \forall integer i; 0 <= i < tn ==> tG[i + 1] - tG[i] >= HB_MIN; @/
      /@ assert fr_end: \forall integer i; 0 <= i <= tn ==> tG[tn] - tG[i] >= 0; @/
      /@ assert fr_lo0: \forall integer i; 0 <= i <= tn ==> tG[i] - tG[0] >= 0; @/
      /@ assert fr_blk: \forall integer i; 0 <= i < tn ==> fl_blk(h, tG[i]); @/
      /@ assert fr_ap: \forall integer i; 0 <= i < tn ==>
           fl_apart(tG[k] + bs, sizeof(blk_t), tG[i], sizeof(blk_t)); @/
  }
*/
