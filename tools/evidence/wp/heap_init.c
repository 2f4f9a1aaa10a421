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
 *   ok:         VOS_OK, h->tag == VOS_TAG_HEAP and heap_ok(h), stated
 *               clause by clause (i_ok_*: \valid(h), arena written out,
 *               the maps 0 and the lists empty (so i5), top_some with the
 *               top the whole arena, top_size <= free_bytes, arena_hsep,
 *               listed; one macro HI_OK_* each, the same macros
 *               hi_heap_ok_fn's precondition, which proves they are
 *               heap_ok(h)); and
 *               (I4, I6) the top is the whole arena (h->top == B(h, 0),
 *               top_size == total == n - 8), every list empty, free_bytes
 *               == min_free == total, first the aligned start, span8
 *               total / 8, frees and failures 0.
 * The refusals' conditions are the code's own expressions (logic hi_*
 * below, on (uintptr_t)mem and size; behavior ok's guard and init_ends
 * write the same expressions out, HX_*, so WP's simplifier matches them
 * with the code's).
 * PROVED: bad_handle and bad_arg, every goal (run heap_init_ref); behavior
 * ok, every goal (ensures and assigns, run heap_init_ok); the default
 * behavior's goals on every path (memory accesses, hi_memset's and
 * hb_seal's preconditions, put_free's body; run heap_init_def); the lemmas
 * hi_round, hi_bl_ok, hi_i5_zero and the lemma functions hi_ends_hold and
 * hi_heap_ok_fn (run heap_init_lemmas). put_free's call is inlined in the
 * heap_init_ok and heap_init_def runs (Frama-C -inline-calls put_free):
 * its body, kernel/heap.c's, is proved in place, because WP frames a call
 * with the union of the callee's behaviors' assigns (heap_put.c's
 * put_free also names the list links and the boundary tag its top case
 * does not write), which ok's assigns clause does not contain.
 *
 * Assumptions (docs/evidence.md lists them):
 *  - the model of heap_model.h (B, tagp, T, shift_B, tag_B) and the
 *    axioms and proved contracts of the included files (heap_alloc.c and
 *    what it includes; hb_seal's contract is proved by the heap_top and
 *    heap_put runs; put_free's contract is not used, its call inlined);
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
 *      init_ends:  the instances of init_link, init_valid and init_hsep
 *                  at offsets 0 and n - 8 (the first block and the
 *                  sentinel), with n - 8's range and the equalities of
 *                  hi_a and hi_bl with the code's expressions: NOT a new
 *                  assumption, hi_ends_hold's contract derives it from
 *                  the guard of ok and init_link, init_valid, init_hsep
 *                  (proved, run heap_init_lemmas);
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
 * memset renamed as above: this file adds contracts, and two lemma
 * functions (hi_ends_hold, hi_heap_ok_fn: empty bodies, assertions only,
 * not kernel code).
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
/* The same expressions written out (as the code computes them): the
 * prover then matches the code's tests and addresses without unfolding
 * the logic above; hi_ends states that they equal hi_a and hi_bl. */
#define HX_A ((uint32_t)((uintptr_t)mem + 7) & 4294967288)
#define HX_LEAD ((uint32_t)(HX_A - (uintptr_t)mem))
#define HX_N ((uint32_t)(size - HX_LEAD) & 4294967288)
#define HX_BL ((uint32_t)(HX_N - 8))
/*@ // A descriptor whose maps are 0 and lists empty (as memset leaves
    // it) satisfies i5 (proved, run heap_init_lemmas, from bits.h's
    // bit_zero).
    lemma hi_i5_zero{L}: \forall vos_heap_t *h; h->fl_map == 0 &&
      (\forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==> h->sl_map[f] == 0) &&
      lists_empty(h, 0, VOS_HEAP_CLASSES) ==> i5(h);
*/
#define HX_SMALL (size < (uint32_t)((uint32_t)(HX_LEAD + 8) + HB_MIN))
#define HX_BIG (HX_N >= 1048576)
/* heap_ok(h)'s conjuncts as vos_heap_init leaves the heap, one macro
 * each, used in two places that must agree: behavior ok's ensures clauses
 * i_ok_* and i_lists (each its own goal) and hi_heap_ok_fn's precondition
 * HI_HEAP_OK (their conjunction, in heap_ok's order). They are the
 * conjuncts of heap_ok's definition (heap_alloc.c) with arena and top_ok
 * (as its case top_some, the top the whole arena) written out, and i5 as
 * the zeroed maps and empty lists it follows from. Each macro is a
 * conjunction or a parenthesized quantifier, written without outer
 * parentheses so that HI_HEAP_OK's expansion is one flat chain of &&. */
#define HI_OK_VALID \valid(h)
#define HI_OK_ARENA h->total % 8 == 0 && h->total < 1048576 && \
  (blk_t *)(uintptr_t)h->end == B(h, h->total)
#define HI_OK_AVALID (\forall integer o; 0 <= o <= h->total && o % 8 == 0 ==> \
     \valid(&B(h, o)->size) && \valid(&B(h, o)->check))
#define HI_OK_ABASE (\forall integer o; 0 <= o <= h->total ==> \
     \base_addr(B(h, o)) != \base_addr(h))
#define HI_OK_MAPS h->fl_map == 0 && \
  (\forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==> h->sl_map[f] == 0)
#define HI_OK_LISTS lists_empty(h, 0, VOS_HEAP_CLASSES)
#define HI_OK_TOP HB_MIN <= h->top_size && h->top_size == h->total && h->top_size % 8 == 0 && \
  h->top == B(h, 0)
#define HI_OK_THDR hdr(h, 0, h->total | HB_FREE)
#define HI_OK_SHDR hdr(h, h->total, HB_PREV_FREE)
#define HI_OK_FREE h->top_size <= h->free_bytes
#define HI_OK_HSEP arena_hsep(h)
#define HI_OK_LISTED listed(h)
#define HI_HEAP_OK (HI_OK_VALID && HI_OK_ARENA && HI_OK_AVALID && HI_OK_ABASE && \
  HI_OK_MAPS && HI_OK_LISTS && HI_OK_TOP && HI_OK_THDR && HI_OK_SHDR && \
  HI_OK_FREE && HI_OK_HSEP && HI_OK_LISTED)
#define HI_OK (h != \null && mem != \null && !HX_SMALL && !HX_BIG)
#define HI_BL (hi_bl(mem, size))
#define HI_A ((uint8_t *)hi_a(mem))
/* The two headers the code writes apart from each other, the first's tag
 * word apart from the descriptor and the sentinel (behavior ok's
 * init_apart; heap_tile_init.c's ti_apart). */
#define HI_APART \
  \separated(B(h, 0), &B(h, HI_BL)->size, &B(h, HI_BL)->check) && \
  \separated(tagp(B(h, 0), HI_BL), h, &B(h, HI_BL)->size, &B(h, HI_BL)->check)

/*@ // Behavior ok's flat-memory preconditions (see the header).
    predicate hi_link(vos_heap_t *h, void *mem, integer size) =
      \forall integer o; 0 <= o <= HI_BL ==> B(h, o) == (blk_t *)(HI_A + o);
    predicate hi_valid{L}(vos_heap_t *h, void *mem, integer size) =
      (\forall integer o; 0 <= o <= HI_BL && o % 8 == 0 ==>
          \valid(&B(h, o)->size) && \valid(&B(h, o)->check)) &&
      \valid(B(h, 0)) &&
      (\forall integer o; 0 <= o <= HI_BL ==> \base_addr(B(h, o)) != \base_addr(h));
    predicate hi_hsep(vos_heap_t *h, void *mem, integer size) =
      \forall integer o1, o2;
        0 <= o1 < o2 <= HI_BL && o1 % 8 == 0 && o2 % 8 == 0 ==> hsep(h, o1, o2);
*/

/* Behavior ok's preconditions' instances at the first block (offset 0)
 * and the end sentinel (offset n - 8), the two headers the code writes,
 * with a and n - 8 written out as the code computes them (HX_A, HX_BL:
 * equal to hi_a and hi_bl, by their definitions): no new assumption,
 * hi_ends_hold's contract below derives them from init_link, init_valid,
 * init_hsep and the guard of behavior ok (proved, run heap_init_lemmas).
 * A macro, not a predicate, so that WP's simplifier sees the equalities. */
#define HI_DEFS (hi_a(mem) == HX_A && HI_BL == HX_BL)
#define HI_ENDS (B(h, 0) == (blk_t *)HI_A && B(h, HI_BL) == (blk_t *)(HI_A + HI_BL) && \
  \valid(&B(h, HI_BL)->size) && \valid(&B(h, HI_BL)->check) && \
  \base_addr(B(h, 0)) != \base_addr(h) && \base_addr(B(h, HI_BL)) != \base_addr(h) && \
  HB_MIN <= HI_BL < 1048576 && HI_BL % 8 == 0 && hsep(h, 0, HI_BL))

/* A lemma in the form of a function (WP cannot compile a lemma whose
 * statement casts a uint8_t * to a blk_t *, as hi_link does): its body is
 * empty, so its proved contract says that behavior ok's guard and the
 * preconditions init_link, init_valid and init_hsep imply init_ends, at
 * any memory state. Not kernel code, called by nothing. */
/*@ requires 0 <= size < 4294967296 && !HX_SMALL && !HX_BIG;
    requires hi_link(h, mem, size) && hi_valid(h, mem, size) && hi_hsep(h, mem, size);
    ensures hi_defs_ok: HI_DEFS;
    ensures hi_ends_ok: HI_ENDS;
*/
void hi_ends_hold(vos_heap_t *h, void *mem, size_t size)
{
    /*@ assert hi_guard: !hi_small(mem, size) && !hi_big(mem, size); */
}

/* The clauses i_ok_* and i_lists of behavior ok below are heap_ok(h): a
 * lemma in the form of a function (as hi_ends_hold; its assertions are the
 * proof's steps), proved by run heap_init_lemmas. Not kernel code, called
 * by nothing. */
/*@ requires HI_HEAP_OK;
    ensures hi_heap_ok: heap_ok(h);
*/
void hi_heap_ok_fn(vos_heap_t *h)
{
    /*@ assert hi_t0: h->total - h->top_size == 0; */
    /*@ assert hi_tb: B(h, h->total - h->top_size) == B(h, 0); */
    /*@ assert hi_th: hdr(h, h->total - h->top_size, h->top_size | HB_FREE); */
    /*@ assert hi_ts: top_some(h); */
    /*@ assert hi_i5: i5(h); */
    /*@ assert hi_ar: arena(h); */
}

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
      requires init_link: hi_link(h, mem, size);
      requires init_valid: hi_valid(h, mem, size);
      requires init_hsep: hi_hsep(h, mem, size);
      requires init_ends: HI_DEFS && HI_ENDS;
      requires init_apart: HI_APART;
      assigns *h, B(h, 0)->size, B(h, 0)->check, B(h, HI_BL)->size, B(h, HI_BL)->check;
      ensures i_res: \result == VOS_OK;
      ensures i_tag: h->tag == VOS_TAG_HEAP;
      // heap_ok(h), clause by clause, each its own goal: the HI_OK_*
      // macros above, whose conjunction HI_HEAP_OK is hi_heap_ok_fn's
      // precondition; its contract (proved): HI_HEAP_OK implies
      // heap_ok(h).
      ensures i_ok_valid: HI_OK_VALID;
      ensures i_ok_arena: HI_OK_ARENA;
      ensures i_ok_avalid: HI_OK_AVALID;
      ensures i_ok_abase: HI_OK_ABASE;
      ensures i_ok_maps: HI_OK_MAPS;
      ensures i_ok_top: HI_OK_TOP;
      ensures i_ok_thdr: HI_OK_THDR;
      ensures i_ok_shdr: HI_OK_SHDR;
      ensures i_ok_free: HI_OK_FREE;
      ensures i_ok_hsep: HI_OK_HSEP;
      ensures i_ok_listed: HI_OK_LISTED;
      ensures i_top: h->total == HI_BL && h->top == B(h, 0) && h->top_size == h->total;
      ensures i_lists: HI_OK_LISTS;
      ensures i_count: h->free_bytes == h->total && h->min_free == h->total &&
        h->frees == 0 && h->failures == 0;
      ensures i_first: h->first == HI_A && h->span8 == h->total / 8;
    complete behaviors;
    disjoint behaviors;
*/
int vos_heap_init(vos_heap_t *h, void *mem, size_t size);
