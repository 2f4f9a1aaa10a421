/* SPDX-License-Identifier: MIT */
/*
 * flat(h): the one statement of the target's flat memory the heap proofs
 * assume of the arena (docs/evidence.md 2.3, Assumed). The separate
 * flat-memory preconditions of the whole-heap proofs (heap_tile_model.h's
 * arena_sep, heap_alloc.c's arena_hsep, heap_list_model.h's lsep,
 * hblk_sep, below, heap_list_take.h's bsep; heap_tile_put.c's tp_tag and
 * heap_list_cut.c's rn_sep, with gseq) follow from it:
 * heap_flat.c proves each implication.
 *
 * The objects it speaks of, by their byte offsets in the arena (o, e
 * multiples of 8):
 *   - the blk_t at o, B(h, o): bytes [o, o + sizeof(blk_t));
 *   - the header at o, B(h, o)'s size and check words: [o, o + HB_HDR);
 *   - the boundary-tag word ending at e, T(h, e): [e - HB_FOOT, e).
 * flat(h) says, of those that lie in the arena's bytes [0, total +
 * HB_HDR) (the blocks, then the sentinel's header at total):
 *   fl_valid: every such blk_t and tag word is valid memory;
 *   fl_desc:  none is in the descriptor's object (*h);
 *   fl_hh, fl_bb, fl_bh, fl_tb: two headers, two blk_t, a blk_t and a
 *     header, a tag word and a blk_t whose byte ranges do not overlap are
 *     separated.
 * Why it is true of the target. vos_heap_init (kernel/heap.c) makes the
 * arena from mem: first = mem rounded up to 8, total + HB_HDR bytes at
 * first lie in mem (the blocks' total bytes, then the sentinel's header
 * at end = first + total), and *h is apart from them (heap.h: "h must
 * not lie inside it"); no later call changes first, total or end. On
 * the target (32-bit flat byte-addressed memory, no padding in blk_t)
 * B(h, o) is the address
 * first + o (blk_at(first, o): the byte arithmetic heap_model.h's B and
 * shift_B stand for) and T(h, e) is first + e - HB_FOOT (hb_tag's
 * (uint8_t *)b + sz - HB_FOOT, heap_model.h's tag_B). kernel/heap.c's
 * blk_t is two uint32_t (size, check: the header) and two pointers
 * (next_free, pprev), sizeof(blk_t) == 16 == HB_HDR + 2 * HB_FOOT, and it
 * asserts sizeof(blk_t) + HB_FOOT <= HB_MIN and HB_HDR == 8
 * (_Static_assert; HB_FOOT == sizeof(void *) == 4, HB_MIN == 24). So an
 * object above whose range lies in [0, total + HB_HDR) is in mem, valid
 * and apart from *h; two objects whose byte ranges [first + lo, first +
 * hi) do not overlap share no byte, which is what \separated says. Only
 * ranges in the arena are named, none past its end.
 * The descriptor clause is stated as ACSL's \base_addr (the arena's
 * objects are not in *h's object), as heap_model.h's arena(h) and
 * heap_list_take.h's bsep already state it: true when *h and mem are
 * distinct C objects (a vos_heap_t and an array), which is more than
 * heap.h asks (a struct holding both a vos_heap_t and the array its heap
 * uses would be one object). The sizes are the proof's machdep's
 * (gcc_x86_32, as the target's: heap_flat.c's asserts fs_min, fb_min
 * check sizeof(blk_t) == 16, HB_HDR == 8, HB_FOOT == 4, HB_MIN == 24).
 * Definitions only: no axiom, no lemma. Include after heap_model.h.
 */
#ifndef EV_WP_HEAP_FLAT_H
#define EV_WP_HEAP_FLAT_H

/*@ // The byte ranges [a, a + m) and [b, b + n) do not overlap.
    predicate fl_apart(integer a, integer m, integer b, integer n) = a + m <= b || b + n <= a;

    // The bytes [lo, lo + n) lie in the arena: the blocks' total bytes
    // and the sentinel's header at total.
    predicate fl_in(vos_heap_t *h, integer lo, integer n) = 0 <= lo && lo + n <= h->total + HB_HDR;

    // The blk_t at o, the header at o, the tag word ending at e: at a
    // multiple of 8, in the arena.
    predicate fl_blk(vos_heap_t *h, integer o) = o % 8 == 0 && fl_in(h, o, sizeof(blk_t));
    predicate fl_hdr(vos_heap_t *h, integer o) = o % 8 == 0 && fl_in(h, o, HB_HDR);
    predicate fl_tag(vos_heap_t *h, integer e) = e % 8 == 0 && fl_in(h, e - HB_FOOT, HB_FOOT);

    predicate flat(vos_heap_t *h) =
      // fl_valid, fl_desc
      (\forall integer o; fl_blk(h, o) ==>
         \valid(B(h, o)) && \base_addr(B(h, o)) != \base_addr(h)) &&
      (\forall integer e; fl_tag(h, e) ==>
         \valid(T(h, e)) && \base_addr(T(h, e)) != \base_addr(h)) &&
      // fl_hh: headers (size and check words) apart
      (\forall integer a, b; fl_hdr(h, a) && fl_hdr(h, b) && fl_apart(a, HB_HDR, b, HB_HDR) ==>
         hsep(h, a, b)) &&
      // fl_bb: blk_t apart
      (\forall integer a, b; fl_blk(h, a) && fl_blk(h, b) &&
         fl_apart(a, sizeof(blk_t), b, sizeof(blk_t)) ==>
         \separated(B(h, a), B(h, b))) &&
      // fl_bh: a blk_t and a header apart
      (\forall integer a, x; fl_blk(h, a) && fl_hdr(h, x) && fl_apart(a, sizeof(blk_t), x, HB_HDR) ==>
         \separated(B(h, a), &B(h, x)->size) && \separated(B(h, a), &B(h, x)->check)) &&
      // fl_tb: a tag word and a blk_t apart
      (\forall integer e, a; fl_tag(h, e) && fl_blk(h, a) &&
         fl_apart(e - HB_FOOT, HB_FOOT, a, sizeof(blk_t)) ==>
         \separated(T(h, e), B(h, a)));
*/

/*@ // hblk_sep(h), a precondition of heap_list_top.c's l_take_top and
    // heap_list_top_alloc.c's l_alloc_top (heap_flat.c's fl_hblk_sep
    // proves it from flat(h)): a block's blk_t is apart from every
    // header HB_MIN or more bytes above it (flat memory:
    // sizeof(blk_t) == 16 <= HB_MIN).
    predicate hblk_sep(vos_heap_t *h) =
      \forall integer a, x; 0 <= a && a + HB_MIN <= x <= h->total && a % 8 == 0 && x % 8 == 0 ==>
        \separated(B(h, a), &B(h, x)->size) && \separated(B(h, a), &B(h, x)->check);
*/

#endif
