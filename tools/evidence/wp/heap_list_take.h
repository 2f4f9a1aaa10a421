/* SPDX-License-Identifier: MIT */
/*
 * bsep(h): a flat-memory fact of the arena, of the kind of
 * heap_list_model.h's lsep(h) (a precondition where it is used, not an
 * axiom; docs/evidence.md 2.3, Assumed; heap_flat.c's fl_bsep proves it
 * from heap_flat.h's flat(h)), for take's split case: the blk_t
 * of the rest (at a multiple of 8 inside a free block, not a tile of the
 * model) and the boundary-tag word T(h, e) (the pointer ending at offset
 * e) are valid, outside the descriptor, and apart from the blk_t of every
 * block HB_MIN or more bytes away. Why it is true in flat memory: B(h, o)
 * is the arena's first byte + o and T(h, e) the sizeof(void *) bytes
 * before first + e; the arena [0, total] lies outside the descriptor
 * (arena(h)); a blk_t spans [o, o + sizeof(blk_t)) and kernel/heap.c
 * asserts sizeof(blk_t) + HB_FOOT <= HB_MIN (HB_FOOT = sizeof(void *)),
 * so two blk_t HB_MIN or more bytes apart do not overlap, and the tag
 * word [e - HB_FOOT, e) does not overlap a blk_t at o when
 * o + HB_MIN <= e or e <= o; a blk_t at o with o + HB_MIN <= total, and a
 * tag word ending at e with HB_MIN <= e <= total, lie in the arena.
 * Include after heap_model.h.
 */
#ifndef EV_WP_HEAP_LIST_TAKE_H
#define EV_WP_HEAP_LIST_TAKE_H

/*@ predicate bsep(vos_heap_t *h) =
      (\forall integer o; 0 <= o && o % 8 == 0 && o + HB_MIN <= h->total ==>
         \valid(B(h, o)) && \separated(B(h, o), h)) &&
      (\forall integer o1, o2; 0 <= o1 && o1 % 8 == 0 && o2 % 8 == 0 &&
         o1 + HB_MIN <= o2 && o2 + HB_MIN <= h->total ==>
         \separated(B(h, o1), B(h, o2))) &&
      (\forall integer e; HB_MIN <= e <= h->total && e % 8 == 0 ==>
         \valid(T(h, e)) && \base_addr(T(h, e)) != \base_addr(h)) &&
      (\forall integer o, e; 0 <= o && o % 8 == 0 && o + HB_MIN <= h->total &&
         HB_MIN <= e <= h->total && e % 8 == 0 && (o + HB_MIN <= e || e <= o) ==>
         \separated(T(h, e), B(h, o)));
*/

#endif
