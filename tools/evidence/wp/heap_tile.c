/* SPDX-License-Identifier: MIT */
/*
 * WP proof that the heap's block invariants as statements over the WHOLE
 * arena - I1 (the blocks tile [first, end) exactly, every header valid),
 * I2 (HB_PREV_FREE of every block and of the sentinel == HB_FREE of the
 * block before it, the first block's 0; no two free blocks adjacent), I4's
 * top part (the free block before the sentinel, if any, is h->top of size
 * top_size; else top is NULL and top_size 0) and I6 (free_bytes is the sum
 * of the free blocks' sizes; min_free <= free_bytes) - are kept by the
 * allocation from the top (take_top).
 *
 * The model (its definitions are in heap_tile_model.h, shared with
 * heap_tile_take.c): a ghost description of the block sequence as data, with only
 * quantified (non-inductive) facts, so the SMT provers need no induction:
 *   tn            the number of blocks (the sentinel not counted);
 *   tG[0 .. tn]   the blocks' byte offsets in the arena: tG[0] == 0,
 *                 tG[tn] == total (the sentinel), every one a multiple of
 *                 8, and tG[j] - tG[i] >= (j - i) * HB_MIN for i <= j (so
 *                 strictly increasing, every block at least HB_MIN bytes,
 *                 and tn * HB_MIN <= total: the ghost arrays have room);
 *   tF[0 .. tn-1] block i's HB_FREE flag (0 or 1);
 *   tS[0 .. tn]   the prefix sums of the free blocks' sizes: tS[0] == 0,
 *                 tS[i + 1] == tS[i] + (tF[i] == 1 ? size(i) : 0).
 * tiled(h) says: block i's header (B(h, tG[i])) is valid (hdr: its check
 * word is seal(word, address)) and its word is exactly
 *   size(i) + tF[i] * HB_FREE + tF[i - 1] * HB_PREV_FREE
 * (size(i) = tG[i+1] - tG[i]; the tF[i - 1] term is 0 for i == 0), i.e.
 * size | flags with no other flag bit; the sentinel's header (B(h, total))
 * is valid and says tF[tn - 1] * HB_PREV_FREE; no i has tF[i] and
 * tF[i + 1] both 1; free_bytes == tS[tn] and min_free <= free_bytes; the
 * top is the last block if it is free (h->top == B(h, tG[tn-1]), top_size
 * its size), else NULL and 0.
 * That is heap.c's I1, I2, I6 and I4's top clause, and exactly what
 * check_locked's physical walk checks at run time: its loop visits the
 * blocks at tG[0], tG[1], ... (p += sz), requires hb_valid, no flag bit
 * but HB_FREE and HB_PREV_FREE, sz >= HB_MIN and within [p, end), and
 * HB_PREV_FREE == the previous block's HB_FREE (prev_free), rejects two
 * adjacent free blocks, sums the free sizes (fbytes == free_bytes, our
 * tS[tn]), checks the sentinel says HB_PREV_FREE iff the last block is
 * free, and that h->top/top_size name the last block iff it is free.
 * (check_locked's boundary-tag and list checks, I3/I4's lists, are not
 * part of this model.)
 *
 * What is proved: tile_take_top, a function of this file that calls
 * kernel/heap.c's take_top and then updates the ghost model (ghost code
 * only: the last block is split in two - tG gets the offset o + bs,
 * tF the flags 0 then 1, tS the new sums, tn grows by 1 - or becomes
 * allocated in place - tF[tn-1] = 0, tS[tn] = tS[tn-1]), keeps tiled(h),
 * and returns NULL with nothing changed (top smaller than the request),
 * or the header of the model's last block before the call, now allocated,
 * of at least bs bytes, free_bytes lower by exactly its size. take_top's
 * own contract (heap_top.c, included; proved by the heap_top run) is what
 * the call uses: this run proves only tile_take_top (-wp-fct).
 *
 * The ghost functions g_split and g_whole (the model's two updates:
 * tiling, flags, adjacency and sums kept), g_cover (block i's header
 * facts assembled over i) and g_top (the whole update after take_top's
 * effect, its memory facts as preconditions: tiled(h) after; called by
 * tile_take_top after take_top), all four in heap_tile_top.h, are
 * proved on this file: g_cover and g_top by this run, g_split and g_whole
 * by the heap_tile_gsplit run (both provers); this run proves take_top again
 * (-wp-fct), with one clause this file adds to its contract: a default
 * assigns, the union of heap_top.c's behaviors' (without it WP 25 was
 * seen to read a call as letting all memory change). take_top's fail case (top_size < bs: NULL, nothing
 * written, heap_top's behavior fail) is tested by tile_take_top itself
 * before the call, with the same test, since that union frame does not
 * say "nothing written".
 *
 * Assumptions (docs/evidence.md lists them):
 *  - heap_model.h's arena model (B, shift_B, arena; Typed+cast), as for
 *    heap_top;
 *  - arena_sep(h), a precondition: headers at distinct offsets that are
 *    multiples of 8 do not overlap (hsep; true of flat memory, where they
 *    are 8 or more bytes apart). heap_top states it for the three headers
 *    take_top writes; the whole-heap frame (every other header keeps its
 *    word) needs it for every pair;
 *  - the model's arrays have TMAX = 65536 entries (proved enough: the
 *    run checks every index, from tn * HB_MIN <= total < 2^20);
 *  - or_flag, an axiom: for x >= 0 a multiple of 8, x | 1 == x + 1 (C11
 *    6.5.12: the bit is not set in x), to meet take_top's contract, which
 *    states header words with '|';
 *  - VOS_HEAP_MIN_BLOCK is 24 on the proof's machdep (gcc_x86_32: 8-byte
 *    header, three 4-byte pointers, rounded to 8), checked by a lemma.
 * Not proved here: take, put_free, free_general on this model (the lists:
 * I3, I4's "every other free block listed once", I5 are not in it), and
 * that heap_alloc reaches take_top only with the model holding.
 *
 * The code proved is kernel/heap.c itself, included (through heap_top.c)
 * whole: this file adds contracts, ghost state and one wrapper function.
 */
#include "heap_top.c"

#include "heap_tile_model.h"

/* The model's updates (g_split, g_whole, g_cover, and g_top after
 * take_top's effect), as ghost functions (proved by this run and
 * heap_tile_gsplit). */
#include "heap_tile_top.h"

/* take_top's frame as one clause (the union of heap_top.c's behaviors'
 * assigns): without one, WP 25 was seen to read a call as writing all
 * memory. Merged with heap_top.c's
 * contract; proved again by this run (-wp-fct take_top). */
/*@ assigns h->top, h->top_size, h->free_bytes, h->min_free,
            B(h, h->total - h->top_size)->size, B(h, h->total - h->top_size)->check,
            B(h, h->total - h->top_size + bs)->size, B(h, h->total - h->top_size + bs)->check,
            B(h, h->total)->size, B(h, h->total)->check;
*/
INLINE blk_t *take_top(vos_heap_t *h, uint32_t bs);

/*@ requires \valid(h) && arena(h) && arena_sep(h) && tiled(h);
    requires HB_MIN <= bs && bs % 8 == 0;
    ensures t_seq: gseq(h->total);
    ensures t_hdrs: hdrs(h);
    ensures t_sent: hdr(h, h->total, 2 * tF[tn - 1]);  // sentinel(h)
    ensures t_count: counted(h);
    ensures t_top: tile_top(h);
    ensures t_fail: \result == \null ==> \old(h->top_size) < bs && tn == \old(tn) &&
      h->free_bytes == \old(h->free_bytes) && h->top == \old(h->top);
    ensures t_res: \result != \null ==>
      \result == B(h, \old(tG[tn - 1])) && tF[\old(tn) - 1] == 0 &&
      tG[\old(tn) - 1] == \old(tG[tn - 1]) &&
      bsize(\old(tn) - 1) >= bs &&
      h->free_bytes == \old(h->free_bytes) - bsize(\old(tn) - 1);
*/
blk_t *tile_take_top(vos_heap_t *h, uint32_t bs)
{
    /* take_top's behavior fail (heap_top.c, proved by the heap_top run):
     * top_size < bs, NULL, assigns \nothing. WP's call rule uses one
     * assigns clause for all behaviors (the union above), so this case
     * is taken here, with take_top's own test, and take_top is called
     * for the other two. */
    if (h->top_size < bs)
        return NULL;
    /*@ ghost uint32_t k = tn - 1; */
    /*@ ghost uint32_t t = h->top_size; */
    /*@ ghost uint32_t o = tG[tn - 1]; */
    //@ assert u_seq: gseq(h->total);
    //@ assert u_hdrs: hdrs(h);
    //@ assert u_sent: sentinel(h);
    //@ assert u_sent0: hdr(h, h->total, 2 * tF[tn - 1]);
    //@ assert u_count: counted(h);
    //@ assert u_top: tile_top(h);
    //@ assert kk: k == tn - 1 && 0 <= k < tn && o == tG[k];
    //@ assert room: tn * HB_MIN <= h->total < 1048576 && tn <= 43690;
    //@ assert last_free: tF[k] == 1;
    //@ assert top_last: t == bsize(k) && o + t == h->total && h->top == B(h, o);
    //@ assert al: o % 8 == 0 && t % 8 == 0 && h->total % 8 == 0;
    //@ assert prev_used: k > 0 ==> tF[k - 1] == 0;
    //@ assert top_word: hword(k) == t + 1 && (t | 1) == t + 1;
    //@ assert hk0: hdr(h, tG[k], hword(k));
    //@ assert hk: hdr(h, o, hword(k));
    //@ assert top_hdr: hdr(h, o, t | 1);
    //@ assert oo: h->total - h->top_size == o;
    //@ assert orr: t >= bs + HB_MIN ==> ((uint32_t)(t - bs) | 1) == t - bs + 1 && (uint32_t)(t - bs) == t - bs;
    //@ assert ts1: hdr(h, h->total - h->top_size, h->top_size | HB_FREE);
    //@ assert ts2a: hdr(h, h->total, 2 * tF[k]);
    //@ assert ts2: hdr(h, h->total, HB_PREV_FREE);
    //@ assert ts: top_some(h);
    //@ assert sk: tS[tn] == tS[k] + t;
    //@ assert free_sum: h->free_bytes == tS[k] + t;
    /*@ assert seps: \forall integer i; 0 <= i < k ==>
          hsep(h, tG[i], o) && hsep(h, tG[i], o + bs) && hsep(h, tG[i], h->total); */
    blk_t *b = take_top(h, bs);
    //@ assert frame: \forall integer i; 0 <= i < k ==> hdr(h, tG[i], hword(i));
    /*@ assert post_split: t >= bs + HB_MIN ==>
          hdr(h, o, bs) && hdr(h, o + bs, t - bs + 1) && hdr(h, h->total, 2) &&
          h->top == B(h, o + bs) && h->top_size == t - bs && h->free_bytes == tS[tn] - bs; */
    /*@ assert post_whole: t < bs + HB_MIN ==>
          hdr(h, o, t) && hdr(h, h->total, 0) && h->top == \null && h->top_size == 0 &&
          h->free_bytes == tS[tn] - t; */
    //@ assert post_min: h->min_free <= h->free_bytes;
    /*@ ghost g_top(h, bs, t, o); */
    return b;
}
