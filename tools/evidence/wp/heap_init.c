/* SPDX-License-Identifier: MIT */
/*
 * WP proof of vos_heap_init (kernel/heap.c): the heap it makes has the
 * invariant the other heap proofs assume, heap_alloc.c's heap_ok(h). For
 * h == NULL or a valid descriptor, exactly one of:
 *   bad_handle: h NULL: VOS_ERR_INVALID, nothing written;
 *   bad_arg:    mem NULL, or [mem, mem + size) trimmed to 8-byte
 *               boundaries holds less than a header and one block
 *               (HB_HDR + HB_MIN bytes), or its trimmed arena n is
 *               2^VOS_CFG_HEAP_MAX_LOG2 bytes or more: VOS_ERR_ARG,
 *               nothing written;
 *   ok:         VOS_OK, h->tag == VOS_TAG_HEAP and heap_ok(h) (\valid(h),
 *               arena, i5, top_ok, top_size <= free_bytes, arena_hsep,
 *               listed); and (I4, I6) the top is the whole arena
 *               (h->top == B(h, 0), top_size == total == n - 8), every
 *               list empty, free_bytes == min_free == total, first the
 *               aligned start, span8 total / 8, frees and failures 0.
 * The refusals' conditions are the code's own expressions (logic hi_*
 * below, on (uintptr_t)mem and size).
 * PROVED: bad_handle and bad_arg, every goal (run heap_init_ref), and the
 * lemmas hi_round and hi_bl_ok (run heap_init_lemmas). NOT PROVED (in no
 * run of make test; docs/evidence.md): behavior ok and the default
 * behavior's goals on the success path (memory accesses, hb_seal's and
 * put_free's preconditions).
 *
 * Assumptions (docs/evidence.md lists them):
 *  - the model of heap_model.h (B, tagp, T, shift_B, tag_B) and the
 *    axioms and proved contracts of the included files (heap_alloc.c and
 *    what it includes; put_free's contract is heap_put.c's, proved by the
 *    heap_put run; hb_seal's by the heap_top and heap_put runs);
 *  - memset: the call memset(h, 0, sizeof(*h)) is made a call of
 *    hi_memset (a macro rename in this file only: Frama-C's libc contract
 *    of memset speaks of n char cells, which WP's typed model cannot
 *    relate to the descriptor's fields), whose contract states the C
 *    semantics of memset on the object *h: it writes *h only and every
 *    field is 0 after (a null pointer for the pointer fields: their
 *    representation is all-zero bits on the target);
 *  - the flat memory of the target, which WP's typed model does not
 *    represent, stated as preconditions of behavior ok (true for a mem of
 *    size valid bytes that does not contain *h, heap.h's contract):
 *      init_link:  the header at offset o of the arena, B(h, o), is the
 *                  address a + o (a the aligned start the code computes)
 *                  for 0 <= o <= n - 8;
 *      init_valid: every header at a multiple of 8 in [0, n - 8] is valid
 *                  memory, the first block (n - 8 >= HB_MIN bytes) holds
 *                  a valid blk_t (header and links), and no header is in
 *                  the descriptor's object;
 *      init_hsep:  headers at distinct multiples of 8 do not overlap
 *                  (arena_hsep);
 *      init_apart: the first block's blk_t (16 bytes) is apart from the
 *                  end sentinel's header (8 bytes at offset n - 8 >= 24),
 *                  and its boundary tag word tagp(B(h, 0), n - 8) (the
 *                  arena's word before the sentinel) is apart from the
 *                  descriptor and the sentinel's header (put_free's
 *                  default assigns name that word);
 *  - lead_small (axiom, C11 6.3.1.3 / 6.5.10 on 32-bit uintptr_t: the
 *    rounded-up address minus mem is 0..7; proved in bit-vector logic,
 *    tools/evidence/bv/wp_axioms.smt2, for a 32-bit (uintptr_t)mem; WP's
 *    logic may read that cast as an unbounded integer (int_of_addr), but
 *    hi_lead depends only on its value modulo 2^32, so the fact holds for
 *    every integer);
 *  - WP's Typed+cast memory model, as in heap_top.c.
 *
 * The code proved is kernel/heap.c itself (through heap_alloc.c), with
 * memset renamed as above: this file adds only contracts.
 */
#include <string.h>
#define memset hi_memset
void *hi_memset(void *s, int c, size_t n);

#include "heap_alloc.c"

/*@
    // The code's own expressions (frama-c -print of vos_heap_init), on
    // m = (uintptr_t)mem and size: a, lead, the refusals' tests, n, blocks.
    logic integer hi_a(void *mem) = (uint32_t)((uintptr_t)mem + 7) & 4294967288;
    logic integer hi_lead(void *mem) = (uint32_t)(hi_a(mem) - (uintptr_t)mem);
    predicate hi_small(void *mem, integer size) =
      size < (uint32_t)((uint32_t)(hi_lead(mem) + 8) + HB_MIN);
    logic integer hi_n(void *mem, integer size) = (uint32_t)(size - hi_lead(mem)) & 4294967288;
    predicate hi_big(void *mem, integer size) = hi_n(mem, size) >= 1048576;
    logic integer hi_bl(void *mem, integer size) = (uint32_t)(hi_n(mem, size) - 8);

    // ((uintptr_t)mem + 7u) & ~(uintptr_t)7u, minus mem, modulo 2^32 (the
    // code's lead): 0..7 (C11 6.2.5p9, 6.5.10 on the 32-bit uintptr_t;
    // ASSUMED, proved in bit-vector logic: tools/evidence/bv/wp_axioms.smt2,
    // block lead_small). The block checks a 32-bit m; WP's logic may read
    // (uintptr_t)mem as an unbounded integer (int_of_addr), but hi_lead
    // depends only on that integer modulo 2^32 (each step is taken modulo
    // 2^32 by its (uint32_t) cast), so the fact holds for every integer.
    axiomatic C_lead {
      axiom lead_small: \forall void *mem; 0 <= hi_lead(mem) <= 7;
    }
    // The arena the code keeps (proved by the heap_init_lemmas run from
    // lead_small and heap_aligned.c's and_low3, with
    // hi_round): a multiple of 8, at least HB_MIN, below 2^20.
    lemma hi_round: \forall integer x; 32 <= x < 4294967296 ==>
      32 <= (x & 4294967288) <= x && (x & 4294967288) % 8 == 0;
    lemma hi_bl_ok: \forall void *mem, integer size; 0 <= size < 4294967296 &&
      !hi_small(mem, size) && !hi_big(mem, size) ==>
        HB_MIN <= hi_bl(mem, size) < 1048576 && hi_bl(mem, size) % 8 == 0 &&
        hi_bl(mem, size) == hi_n(mem, size) - 8;
*/
#define HI_OK (h != \null && mem != \null && !hi_small(mem, size) && !hi_big(mem, size))
#define HI_BL (hi_bl(mem, size))
#define HI_A ((uint8_t *)hi_a(mem))

/*@ requires \valid((vos_heap_t *)s);
    requires c == 0 && n == sizeof(vos_heap_t);
    assigns *(vos_heap_t *)s;
    ensures \result == s;
    ensures ((vos_heap_t *)s)->tag == 0 && ((vos_heap_t *)s)->fl_map == 0;
    ensures \forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==> ((vos_heap_t *)s)->sl_map[f] == 0;
    ensures \forall integer k; 0 <= k < VOS_HEAP_CLASSES ==> ((vos_heap_t *)s)->lists[k] == \null;
    ensures ((vos_heap_t *)s)->top == \null && ((vos_heap_t *)s)->top_size == 0;
    ensures ((vos_heap_t *)s)->first == \null && ((vos_heap_t *)s)->end == \null;
    ensures ((vos_heap_t *)s)->span8 == 0 && ((vos_heap_t *)s)->total == 0;
    ensures ((vos_heap_t *)s)->free_bytes == 0 && ((vos_heap_t *)s)->min_free == 0;
    ensures ((vos_heap_t *)s)->frees == 0 && ((vos_heap_t *)s)->failures == 0;
*/
void *hi_memset(void *s, int c, size_t n);

/*@ requires h == \null || \valid(h);
    behavior bad_handle:
      assumes h == \null;
      assigns \nothing;
      ensures \result == VOS_ERR_INVALID;
    behavior bad_arg:
      assumes h != \null && (mem == \null || hi_small(mem, size) || hi_big(mem, size));
      assigns \nothing;
      ensures \result == VOS_ERR_ARG;
    behavior ok:
      assumes HI_OK;
      requires init_link: \forall integer o; 0 <= o <= HI_BL ==>
        B(h, o) == (blk_t *)(HI_A + o);
      requires init_valid: (\forall integer o; 0 <= o <= HI_BL && o % 8 == 0 ==>
          \valid(&B(h, o)->size) && \valid(&B(h, o)->check)) &&
        \valid(B(h, 0)) &&
        (\forall integer o; 0 <= o <= HI_BL ==> \base_addr(B(h, o)) != \base_addr(h));
      requires init_hsep: \forall integer o1, o2;
        0 <= o1 < o2 <= HI_BL && o1 % 8 == 0 && o2 % 8 == 0 ==> hsep(h, o1, o2);
      requires init_apart:
        \separated(B(h, 0), &B(h, HI_BL)->size, &B(h, HI_BL)->check) &&
        \separated(tagp(B(h, 0), HI_BL), h, &B(h, HI_BL)->size, &B(h, HI_BL)->check);
      assigns *h, B(h, 0)->size, B(h, 0)->check, B(h, HI_BL)->size, B(h, HI_BL)->check;
      ensures i_res: \result == VOS_OK;
      ensures i_tag: h->tag == VOS_TAG_HEAP;
      ensures i_ok: heap_ok(h);
      ensures i_top: h->total == HI_BL && h->top == B(h, 0) && h->top_size == h->total;
      ensures i_lists: lists_empty(h, 0, VOS_HEAP_CLASSES);
      ensures i_count: h->free_bytes == h->total && h->min_free == h->total &&
        h->frees == 0 && h->failures == 0;
      ensures i_first: h->first == HI_A && h->span8 == h->total / 8;
    complete behaviors;
    disjoint behaviors;
*/
int vos_heap_init(vos_heap_t *h, void *mem, size_t size);
