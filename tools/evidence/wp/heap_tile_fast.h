/* SPDX-License-Identifier: MIT */
/*
 * heap_free (kernel/heap.c) on its fast path to the top, as one contract
 * with no behaviors: the call heap_tile_fast.c makes. Its clauses are
 * heap_free_fast.c's default requires and the fast_top behavior's assumes
 * and requires (FT_* below, the same terms as heap_free_fast.c's HV, BW,
 * NX, NW, MW, FREES, FAST, FAST_PRE), as requires; the behavior's
 * assigns; and the ensures tiled(h) needs (the result, free_bytes, b's
 * header, the top), as heap_free_fast.c's fast_top states them. Proved
 * on heap_free's code by the run heap_tile_fast_hf (heap_tile_fast_hf.c:
 * heap_free_fast.c's contract merged with this one). So that run's goals
 * have heap_free_fast.c's requires among their hypotheses too: the proof
 * holds at tf_free_top's call only while this file's requires imply
 * them. They are the same clauses today (FT_* are HV, BW, NX, NW,
 * FREES; ft_fpre is FAST_PRE; the other behaviors' assumes contradict
 * ft_only), checked by reading (session 27's review): a change to
 * heap_free_fast.c's requires or FAST_PRE must be made here too.
 * Why not heap_free_fast.c's contract itself at the call: with it, WP
 * (Frama-C 25.0) stops at any call of heap_free with
 * Wp.NormAtLabels.LabelError (its behavior gen_bad_prev: the assumes
 * !pfb_ok(h, bof(p)) with its requires FG_PFB_READ; either alone does
 * not stop it).
 * Include after heap_put.c, heap_pin.h and heap_free_gen_pfb.h.
 */
#ifndef EV_WP_HEAP_TILE_FAST_H
#define EV_WP_HEAP_TILE_FAST_H

#define FT_HV(x, v) ((uint32_t)((uint32_t)((v) ^ (x)->check) ^ (uint32_t)(uintptr_t)(x)) == HB_MAGIC)
#define FT_W(p) (bof(p)->size)
#define FT_N(p) shift(bof(p), BSZ(FT_W(p)))
#define FT_NW(p) (FT_N(p)->size)
#define FT_MW(p) ((uint32_t)(FT_W(p) + FT_NW(p)))
#define FT_FREES(p) (FT_HV(bof(p), FT_W(p)) && (FT_W(p) & HB_FREE) == 0 && FT_HV(FT_N(p), FT_NW(p)))
#define FT_FAST(p) (FT_FREES(p) && (FT_W(p) & HB_PREV_FREE) == 0 && (FT_NW(p) & HB_FREE) != 0)

/*@ requires ft_h: \valid(h) && i5(h);
    requires ft_pin: pin(h, p);
    requires ft_rd: \valid_read(&bof(p)->size) && \valid_read(&bof(p)->check);
    requires ft_base: \base_addr(bof(p)) == \base_addr(h->first);
    requires ft_walk: \forall uint8_t *q; q < (uint8_t *)bof(p) && cbh_walk(h, bof(p), q) ==>
      \valid_read(&((blk_t *)(q))->size) && \valid_read(&((blk_t *)(q))->check);
    requires ft_nrd: FT_HV(bof(p), FT_W(p)) && (FT_W(p) & HB_FREE) == 0 ==>
      \valid_read(&FT_N(p)->size) && \valid_read(&FT_N(p)->check);
    requires ft_pfb: FT_FREES(p) && (FT_W(p) & HB_PREV_FREE) != 0 ==> !pfb_ok(h, bof(p));
    requires ft_only: FT_FAST(p) && FT_N(p) == h->top;
    requires ft_fpre: \valid(bof(p)) && \separated(bof(p), h) && listed_apart(h, bof(p)) &&
      (FT_W(p) & 4) == 0 && HB_MIN <= FT_W(p) &&
      (FT_NW(p) & 7) == HB_FREE && HB_MIN <= FT_NW(p) - HB_FREE &&
      FT_W(p) + (FT_NW(p) - HB_FREE) < 1048576 &&
      h->free_bytes + FT_W(p) <= 4294967295;
    assigns ev_lock_depth, h->free_bytes, h->frees, h->top, h->top_size,
            bof(p)->size, bof(p)->check;
    ensures ft_r: \result == VOS_OK;
    ensures ft_fb: h->free_bytes == \old(h->free_bytes) + \old(FT_W(p));
    ensures ft_hd: bof(p)->size == \old(FT_MW(p)) && bof(p)->check == seal(\old(FT_MW(p)), bof(p));
    ensures ft_top: h->top == bof(p) && h->top_size == (uint32_t)(\old(FT_MW(p)) - HB_FREE);
*/
static inline int heap_free(vos_heap_t *h, void *p);

#endif
