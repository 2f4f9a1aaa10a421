/* SPDX-License-Identifier: MIT */
/*
 * hm_flat(h, n): heap_flat.h's flat(h) for an arena of n bytes (its text
 * with h->total replaced by n, fl_in's bound), in two parts: hm_fv, the
 * objects valid and outside the descriptor (reads the allocation state),
 * and hm_fs, the separations (no state). vos_heap_init's proof
 * (heap_init_model.c) states it as a precondition of the arena
 * vos_heap_init will make (flat(h) reads h->total, which vos_heap_init
 * writes); hm_flat_of and hm_flat_to (heap_init_model_flat.c) prove
 * that at n == h->total it is flat(h), each implying the other, so a
 * difference between the texts fails that run. Definitions and two
 * contracts; no axiom, no lemma. Include after heap_model.h and
 * heap_flat.h.
 */
#ifndef EV_WP_HEAP_INIT_MODEL_H
#define EV_WP_HEAP_INIT_MODEL_H

/*@ predicate hm_in(integer n, integer lo, integer m) = 0 <= lo && lo + m <= n + HB_HDR;
    predicate hm_blk(integer n, integer o) = o % 8 == 0 && hm_in(n, o, sizeof(blk_t));
    predicate hm_hdr(integer n, integer o) = o % 8 == 0 && hm_in(n, o, HB_HDR);
    predicate hm_tag(integer n, integer e) = e % 8 == 0 && hm_in(n, e - HB_FOOT, HB_FOOT);

    // flat's fl_valid and fl_desc.
    predicate hm_fv{L}(vos_heap_t *h, integer n) =
      (\forall integer o; hm_blk(n, o) ==>
         \valid(B(h, o)) && \base_addr(B(h, o)) != \base_addr(h)) &&
      (\forall integer e; hm_tag(n, e) ==>
         \valid(T(h, e)) && \base_addr(T(h, e)) != \base_addr(h));

    // flat's fl_hh, fl_bb, fl_bh, fl_tb.
    predicate hm_fs(vos_heap_t *h, integer n) =
      (\forall integer a, b; hm_hdr(n, a) && hm_hdr(n, b) && fl_apart(a, HB_HDR, b, HB_HDR) ==>
         hsep(h, a, b)) &&
      (\forall integer a, b; hm_blk(n, a) && hm_blk(n, b) &&
         fl_apart(a, sizeof(blk_t), b, sizeof(blk_t)) ==>
         \separated(B(h, a), B(h, b))) &&
      (\forall integer a, x; hm_blk(n, a) && hm_hdr(n, x) && fl_apart(a, sizeof(blk_t), x, HB_HDR) ==>
         \separated(B(h, a), &B(h, x)->size) && \separated(B(h, a), &B(h, x)->check)) &&
      (\forall integer e, a; hm_tag(n, e) && hm_blk(n, a) &&
         fl_apart(e - HB_FOOT, HB_FOOT, a, sizeof(blk_t)) ==>
         \separated(T(h, e), B(h, a)));

    predicate hm_flat{L}(vos_heap_t *h, integer n) = hm_fv(h, n) && hm_fs(h, n);
*/

/* hm_flat at the arena's size is flat(h), both ways (proved by the run
 * heap_init_model_flat, heap_init_model_flat.c): hm_flat_of is the
 * direction hm_init uses; hm_flat_to, the converse, shows that the
 * precondition hm_flat(h, n) assumes no more than flat(h) at that size. */
/*@ ghost
  /@ requires hm_flat(h, h->total);
     assigns \nothing;
     ensures hf_flat: flat(h);
  @/
  void hm_flat_of(vos_heap_t *h);
*/
/*@ ghost
  /@ requires flat(h);
     assigns \nothing;
     ensures hf_hm: hm_flat(h, h->total);
  @/
  void hm_flat_to(vos_heap_t *h);
*/

#endif
