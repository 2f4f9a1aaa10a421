/* SPDX-License-Identifier: MIT */
/*
 * heap_alloc's contract (kernel/heap.c), the allocation vos_heap_alloc
 * calls (an INLINE function: the code is its body in kernel/heap.c,
 * included whole; this file adds only contracts), and its WP proof as
 * far as it goes. PROVED: the step contracts alloc_failed, class_ceil
 * (heap_class_scheme.c's) and arch_lock (heap_alloc_steps), the default
 * assigns of take and take_top (heap_alloc_frame), the lemmas
 * (heap_alloc_lemmas); heap_alloc itself by case, each case a file that
 * includes this one and adds the case as a precondition (together they
 * cover every call): !(HOK && SZOK), every goal of every behavior
 * (heap_alloc_ref.c); every list from cls_ceil(bs) up empty, the default
 * behavior (memory accesses, its calls' preconditions: heap_alloc_top.c);
 * a list from cls_ceil(bs) up non-empty, the lowest of class KF (any
 * class), the default behavior (take's call: heap_alloc_list.c) and
 * every clause of from_list (its ensures: heap_alloc_list_ens.c to
 * heap_alloc_list_ens5.c; its assigns: heap_alloc_list_asg); in the case
 * of heap_alloc_top.c, every clause of from_top and of no_memory
 * (heap_alloc_top_ens.c). Exactly one of:
 *   bad_handle: h NULL or its tag not VOS_TAG_HEAP: VOS_ERR_INVALID,
 *               nothing written (assigns \nothing);
 *   bad_size:   size 0 or above VOS_HEAP_MAX_REQUEST: alloc_failed's
 *               effect, VOS_ERR_ARG, failures + 1 (uint32_t), the lock
 *               state as it was; nothing else written;
 *   from_list:  a list of class cls_ceil(bs) or above is non-empty (bs the
 *               block size the code computes, bs_of(size)): for the
 *               lowest such class k (found(h, W, k)), the head b of
 *               lists[k] is taken by take with take's proved effects
 *               (heap_take.c: split or whole, each clause restated with
 *               idx = k), VOS_OK, *out = b + 8, the lock state restored;
 *   from_top:   every list of class >= cls_ceil(bs) is empty and the top
 *               holds bs bytes: take_top's proved effects (heap_top.c:
 *               split or whole), VOS_OK, *out = the old top + 8, the lock
 *               state restored;
 *   no_memory:  every list of class >= cls_ceil(bs) is empty and the top is
 *               smaller than bs: VOS_ERR_NO_MEMORY, failures + 1, the lock
 *               state restored, nothing else written.
 * The point of the contract: heap_alloc meets its callees' preconditions
 * (find_class's class below VOS_HEAP_CLASSES and i5; take's: bs a
 * multiple of 8, at least HB_MIN, the list found non-empty, its head
 * big enough for bs, the head's well-formedness; take_top's: bs, the top
 * model, headers apart), for every heap with heap_ok (below). Every
 * memory access valid (-wp-rte).
 *
 * heap_ok(h), the heap as heap_alloc needs it (the precondition ok_heap,
 * with out_ok, for a handle and size the checks let through: that
 * vos_heap_init establishes it and every operation keeps it is NOT
 * proved, docs/evidence.md):
 *  - \valid(h), arena(h) (heap_model.h), i5(h) (heap_i5.c), top_ok(h)
 *    (heap_top.c: no top and a sentinel saying 0, or a free top reaching
 *    the sentinel), top_size <= free_bytes;
 *  - arena_hsep(h): headers at distinct multiples of 8 do not overlap
 *    (flat memory; take_top's hsep preconditions);
 *  - listed(h): the head of every non-empty list k satisfies take's
 *    preconditions (take_pre, heap_take.c's requires clauses written with
 *    idx = k) for every request bs (a multiple of 8, at least HB_MIN) it
 *    holds, and (I4's class part, in the form heap_alloc needs) its size
 *    is at least cls_low(k), the smallest block size of class k
 *    (class_low's value: heap_class_scheme.h, proved by the
 *    heap_class_scheme run).
 * Lemma ok_take_of (proved by the heap_alloc_lemmas run): ok_heap gives,
 * for the found class k, take's preconditions and bs + HB_FREE <= the
 * head's word.
 *
 * Assumptions (docs/evidence.md lists them):
 *  - class_ceil's value and meaning are heap_class_scheme.c's contract
 *    (included; cc_val: want == cls_ceil(bs), cc_holds: bs <= cls_low(j)
 *    for every class j from want up), proved on the code by the
 *    heap_class_scheme run and again here (heap_alloc_steps), with
 *    heap_class_scheme.h's lemmas (ceil_alloc: want <= 209 for these
 *    block sizes) proved by heap_class_scheme_lemmas. The former axiom
 *    ceil_fits (the same two facts about a hand copy of class_ceil's
 *    expression) is gone: no class-scheme fact is assumed here;
 *  - find_class's contract is heap_class.h's (one text, proved by the
 *    heap_class run, not by this one);
 *  - arch_unlock(k) sets the lock state ev_lock_depth to k and writes
 *    nothing else (as heap_free_fast.c: the stub's body may call
 *    ev_do_switch); arch_lock's contract is proved here;
 *  - the axioms and contracts of the included files (heap_take.c,
 *    heap_top.c, heap_aligned.c, heap_class_scheme.c and what they
 *    include: heap_model.h's arena model, clz_fn, heap_put.c's
 *    __builtin_clz bounds, C_bits, Flat_memory, C_or, and_low3, ...),
 *    whose other contracts their own runs prove; the default assigns
 *    clauses this file adds to take and take_top are proved by the
 *    heap_alloc_frame run;
 *  - size_ok (axiom): a size that passes the code's check,
 *    (uint32_t)(size - 1) < 2^19, is in [1, 2^19] (C11 6.2.5p9; the
 *    provers did not close it as a lemma); the lemmas size_zero, bs_round,
 *    bs_code (the code's rounded block size: a multiple of 8, at least
 *    size + 8, at most 2^19 + 8), bs_want, ceil_min and ok_take_of are
 *    proved by the heap_alloc_lemmas run;
 *  - out is apart from the heap descriptor, the lock state and every
 *    block heap_alloc may write (out_ok: a caller's variable);
 *  - WP's Typed+cast memory model.
 */
#include "heap_take.c"
#include "heap_top.c"
#include "heap_aligned.c"

/* --- The lock (the port stub, tools/evidence/eva/port_impl.h) ---------- */

#include "heap_lock.h"

/* --- find_class: heap_class.h's contract, proved by the heap_class run --- */

#include "heap_class.h"

/* --- class_ceil and the class scheme ------------------------------------ */

/* heap_class_scheme.c's contracts of class_shift, class_floor, class_ceil,
 * class_low and put_free's behavior filed, proved on the code by the
 * heap_class_scheme and heap_class_put runs, and heap_class_scheme.h's
 * logic (cls_ceil, cls_low) and lemmas, proved by the
 * heap_class_scheme_lemmas run. heap_alloc's proof uses class_ceil's:
 * want == cls_ceil(bs) (cc_val), and every class j from want up has
 * cls_low(j) >= bs (cc_holds); ceil_alloc bounds want by 209 for the
 * block sizes heap_alloc computes (bs_code below: at most 2^19 + 8). */
#include "heap_class_scheme.c"

/* --- alloc_failed --------------------------------------------------------- */

/*@ requires \valid(h);
    assigns h->failures, ev_lock_depth;
    ensures af_count: h->failures == (uint32_t)(\old(h->failures) + 1);
    ensures af_lock: ev_lock_depth == \old(ev_lock_depth);
    ensures af_res: \result == err;
*/
static int alloc_failed(vos_heap_t *h, int err);

/* --- Default assigns of the callees (proved by the heap_alloc_frame run) - */

/* take's and take_top's contracts have assigns only in their behaviors;
 * without these default clauses WP 25 was seen to read a call as letting
 * every location change (as for vos_heap_init, heap_tile_init.c). Each is the union of
 * the behaviors' clauses, as precise as theirs: take_top's locations are
 * each conditional on bs <= h->top_size (a set comprehension, empty when
 * the top is smaller than bs), since its fail behavior writes nothing;
 * no_memory's assigns needs that. */

/* A location take_top writes only when the top holds bs bytes. */
#define TT_IF(l) { l | integer tt_c; tt_c == 0 && bs <= h->top_size }

/*@ assigns TT_IF(h->top), TT_IF(h->top_size), TT_IF(h->free_bytes), TT_IF(h->min_free),
            TT_IF(B(h, h->total - h->top_size)->size), TT_IF(B(h, h->total - h->top_size)->check),
            TT_IF(B(h, h->total - h->top_size + bs)->size), TT_IF(B(h, h->total - h->top_size + bs)->check),
            TT_IF(B(h, h->total)->size), TT_IF(B(h, h->total)->check);
*/
INLINE blk_t *take_top(vos_heap_t *h, uint32_t bs);

/*@ assigns TK_B->size, TK_B->check, TK_R->size, TK_R->check, TK_R->next_free, TK_R->pprev,
            *TK_TAG, TK_NX->pprev, TK_N->size, TK_N->check,
            h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev,
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map, h->free_bytes, h->min_free;
*/
INLINE blk_t *take(vos_heap_t *h, uint32_t idx, uint32_t bs);

/* --- The heap heap_alloc needs ----------------------------------------- */

/*@ // take's preconditions (heap_take.c), for the head of list idx and a
    // request of bs bytes that it holds (bs + HB_FREE <= its header word),
    // as one predicate (the TK_ macros name h, idx and bs).
    predicate take_pre(vos_heap_t *h, integer idx, integer bs) =
      TK_B != \null && \valid(TK_B) && \separated(TK_B, h) &&
      TK_B->pprev == &h->lists[idx] &&
      0 <= TK_O && TK_O % 8 == 0 && TK_B == B(h, TK_O) &&
      TK_W % 8 == HB_FREE && TK_O + TK_S <= h->total &&
      hdr(h, TK_O, TK_W) &&
      TK_S <= h->free_bytes &&
      (TK_NX != \null ==> \valid(TK_NX) && \separated(TK_NX, h) && \separated(TK_NX, TK_B)) &&
      heads_apart(h, idx, TK_B) &&
      (TK_S - bs >= HB_MIN ==> TK_SPLIT_OK) &&
      (TK_S - bs < HB_MIN ==>
        \valid(&TK_N->size) && \valid(&TK_N->check) && \base_addr(TK_N) != \base_addr(h) &&
        hsepp(TK_B, TK_N));

    // A request bs the head of list k holds.
    predicate fits_req(vos_heap_t *h, integer k, integer bs) =
      HB_MIN <= bs && bs % 8 == 0 && bs + HB_FREE <= h->lists[k]->size;

    // Every non-empty list's head: take's preconditions for every request
    // it holds, and (I4's class part) at least the smallest size of its
    // class.
    predicate listed(vos_heap_t *h) =
      \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
        cls_low(k) + HB_FREE <= h->lists[k]->size &&
        (\forall integer bs; fits_req(h, k, bs) ==> take_pre(h, k, bs));

    // Headers at distinct multiples of 8 in the arena do not overlap.
    predicate arena_hsep(vos_heap_t *h) =
      \forall integer o1, o2; 0 <= o1 < o2 <= h->total && o1 % 8 == 0 && o2 % 8 == 0 ==>
        hsep(h, o1, o2);

    predicate heap_ok(vos_heap_t *h) =
      \valid(h) && arena(h) && i5(h) && top_ok(h) && h->top_size <= h->free_bytes &&
      arena_hsep(h) && listed(h);

    // out, a caller's variable, is apart from the descriptor, the lock
    // state, every arena header and every block take may write.
    predicate out_ok(vos_heap_t *h, void **out) =
      \valid(out) && \separated(out, h) && \separated(out, &ev_lock_depth) &&
      (\forall integer o; 0 <= o <= h->total ==> \separated(out, B(h, o))) &&
      (\forall integer idx; 0 <= idx < VOS_HEAP_CLASSES && h->lists[idx] != \null ==>
        \separated(out, TK_B) &&
        (TK_NX != \null ==> \separated(out, TK_NX)) &&
        (\forall integer bs; fits_req(h, idx, bs) ==>
          \separated(out, TK_R) && \separated(out, TK_TAG) && \separated(out, TK_N)));

    // k is the lowest non-empty class at or above w.
    predicate found(vos_heap_t *h, integer w, integer k) =
      w <= k < VOS_HEAP_CLASSES && h->lists[k] != \null && lists_empty(h, w, k);
*/

/*@ // The code's size check in integers: size 0 wraps to 2^32 - 1
    // (size_zero, proved by the heap_alloc_lemmas run); a size that passes
    // is in [1, 2^19] (size_ok: C11 6.2.5p9, unsigned arithmetic modulo
    // 2^32; ASSUMED, stated as an axiom: no prover here closes it, CVC4
    // answering unknown, Z3 stopping with an error).
    lemma size_zero: (uint32_t)(0 - 1) == 4294967295;
    axiomatic C_unsigned {
      axiom size_ok: \forall integer size; 0 <= size < 4294967296 &&
        (uint32_t)(size - 1) < 524288 ==> 1 <= size <= 524288;
    }

    // The block size in the code's own terms, for a size that passes the
    // check (proved by the heap_alloc_lemmas run, from size_ok and
    // heap_aligned.c's and_low3): the rounded value
    // ((uint32_t)size + HB_HDR + 7u) & ~7u is a multiple of 8 that holds
    // the header and the request and is at most 2^19 + 8; so is bs_of
    // (it raised to HB_MIN), whose class_ceil is at most 209.
    lemma bs_round: \forall integer size; 0 <= size <= 4294967295 &&
      (uint32_t)(size - 1) <= 524287 ==>
        1 <= size <= 524288 && (uint32_t)(size + 8) == size + 8 &&
        (uint32_t)((uint32_t)(size + 8) + 7) == size + 15;
    lemma bs_code: \forall integer size; 0 <= size <= 4294967295 &&
      (uint32_t)(size - 1) <= 524287 ==>
        size + 8 <= ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288) <= 524296 &&
        ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288) % 8 == 0;
    lemma bs_want: \forall integer size; 0 <= size <= 4294967295 &&
      (uint32_t)(size - 1) <= 524287 ==>
        HB_MIN <= bs_of(size) <= 524296 && bs_of(size) % 8 == 0 &&
        cls_ceil(bs_of(size)) <= 209;
    lemma ceil_min: cls_ceil(HB_MIN) <= 209;
*/

/* The request's block size and first class (the code's bs and want). */
#define BS (bs_of(size))
#define WANT (cls_ceil(bs_of(size)))
#define HOK (h != \null && h->tag == VOS_TAG_HEAP)
/* The size check as the code writes it (size_t is 32 bits here); axiom
 * size_ok: it holds only for 1 <= size <= VOS_HEAP_MAX_REQUEST (and for
 * every such size: heap_take.c's u32_dec). */
#define SZOK ((uint32_t)(size - 1) < VOS_HEAP_MAX_REQUEST)
/* The found head k's terms, as take's (TK_ with idx = k, bs = BS). */
#define XB(k)  (h->lists[k])
#define XO(k)  (boff(h, h->lists[k]))
#define XW(k)  (h->lists[k]->size)
#define XS(k)  (h->lists[k]->size - HB_FREE)
#define XNX(k) (h->lists[k]->next_free)
#define XR(k)  (shift(h->lists[k], BS))
#define XN(k)  (shift(h->lists[k], (uint32_t)(h->lists[k]->size - HB_FREE)))
#define XTAG(k) (tagp(shift(h->lists[k], BS), (uint32_t)((uint32_t)(h->lists[k]->size - BS) - HB_FREE)))
#define FOUND(k) found(h, WANT, k)
#define OF(k) \old(FOUND(k))
#define SPLIT(k) (\old(XS(k)) - BS >= HB_MIN)
/* The top's offset (take_top's o). */
#define TO (h->total - h->top_size)

/*@ // ok_heap implies ok_take (proved by the heap_alloc_lemmas run): the
    // head of the list find_class finds (the lowest non-empty class from
    // want up) meets take's preconditions for the block size bs and holds
    // it (listed(h) at that class, with class_ceil's cc_holds: bs <=
    // cls_low(k) for every class k >= cls_ceil(bs)).
    // With bs_want (bs_of(size) is such a bs), ok_heap implies ok_take.
    lemma ok_take_of{L}: \forall vos_heap_t *h, integer bs;
      HB_MIN <= bs <= 524296 && bs % 8 == 0 && heap_ok(h) ==>
        \forall integer k; found(h, cls_ceil(bs), k) ==>
          take_pre(h, k, bs) && bs + HB_FREE <= h->lists[k]->size;

    // bs_of in the code's terms on each side of the code's bs < HB_MIN
    // (after ok_take_of, whose proof does better without them).
    lemma bs_of_lo: \forall integer size;
      ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288) < HB_MIN ==> bs_of(size) == HB_MIN;
    lemma bs_of_hi: \forall integer size;
      HB_MIN <= ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288) ==>
        bs_of(size) == ((uint32_t)((uint32_t)(size + 8) + 7) & 4294967288);
*/

/*@ requires h == \null || \valid(h);
    // The heap and out, for the requests the checks let through.
    requires ok_heap: HOK && SZOK ==> heap_ok(h) && out_ok(h, out);
    behavior bad_handle:
      assumes !HOK;
      assigns \nothing;
      ensures \result == VOS_ERR_INVALID;
    behavior bad_size:
      assumes HOK && !SZOK;
      assigns h->failures, ev_lock_depth;
      ensures \result == VOS_ERR_ARG;
      ensures h->failures == (uint32_t)(\old(h->failures) + 1);
      ensures ev_lock_depth == \old(ev_lock_depth);
    behavior from_list:
      assumes HOK && SZOK && !lists_empty(h, WANT, VOS_HEAP_CLASSES);
      assigns ev_lock_depth, *out, h->free_bytes, h->min_free,
              h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map,
              h->lists[0 .. VOS_HEAP_CLASSES - 1], h->lists[0 .. VOS_HEAP_CLASSES - 1]->pprev,
              { XB(k)->size | integer k; FOUND(k) }, { XB(k)->check | integer k; FOUND(k) },
              { XR(k)->size | integer k; FOUND(k) }, { XR(k)->check | integer k; FOUND(k) },
              { XR(k)->next_free | integer k; FOUND(k) }, { XR(k)->pprev | integer k; FOUND(k) },
              { *XTAG(k) | integer k; FOUND(k) }, { XNX(k)->pprev | integer k; FOUND(k) },
              { XN(k)->size | integer k; FOUND(k) }, { XN(k)->check | integer k; FOUND(k) };
      ensures l_res: \result == VOS_OK;
      ensures l_lock: ev_lock_depth == \old(ev_lock_depth);
      ensures l_found: \exists integer k; OF(k);
      ensures l_out: \forall integer k; OF(k) ==>
        *out == (void *)((uint8_t *)\old(XB(k)) + HB_HDR);
      // take's split (its s_ clauses with idx = k).
      ensures s_hdr: \forall integer k; OF(k) && SPLIT(k) ==> hdr(h, \old(XO(k)), BS);
      ensures s_rest: \forall integer k; OF(k) && SPLIT(k) ==>
        \old(XR(k))->size == (uint32_t)(\old(XW(k)) - BS) &&
        \old(XR(k))->check == seal((uint32_t)(\old(XW(k)) - BS), \old(XR(k)));
      ensures s_tag: \forall integer k; OF(k) && SPLIT(k) ==> *\old(XTAG(k)) == \old(XR(k));
      ensures s_link: \forall integer k; OF(k) && SPLIT(k) ==>
        (\old(XR(k))->next_free != \null ==>
          \old(XR(k))->next_free->pprev == &\old(XR(k))->next_free);
      ensures s_filed: \forall integer k; OF(k) && SPLIT(k) ==>
        \exists integer j; 0 <= j < VOS_HEAP_CLASSES &&
          h->lists[j] == \old(XR(k)) && \old(XR(k))->pprev == &h->lists[j];
      ensures s_gone: \forall integer k; OF(k) && SPLIT(k) ==> h->lists[k] != \old(XB(k));
      ensures s_heads: \forall integer k; OF(k) && SPLIT(k) ==>
        \forall integer j; 0 <= j < VOS_HEAP_CLASSES ==>
          h->lists[j] == \old(h->lists[j]) || h->lists[j] == \old(XR(k)) ||
          (j == k && h->lists[j] == \old(XNX(k)));
      ensures s_free: \forall integer k; OF(k) && SPLIT(k) ==>
        h->free_bytes == \old(h->free_bytes) - BS;
      // take's whole (its w_ clauses with idx = k).
      ensures w_hdr: \forall integer k; OF(k) && !SPLIT(k) ==> hdr(h, \old(XO(k)), \old(XS(k)));
      ensures w_next: \forall integer k; OF(k) && !SPLIT(k) ==>
        \old(XN(k))->size == (uint32_t)(\old(XN(k)->size) & ~HB_PREV_FREE) &&
        \old(XN(k))->check == seal((uint32_t)(\old(XN(k)->size) & ~HB_PREV_FREE), \old(XN(k)));
      ensures w_list: \forall integer k; OF(k) && !SPLIT(k) ==> h->lists[k] == \old(XNX(k));
      ensures w_link: \forall integer k; OF(k) && !SPLIT(k) ==>
        (h->lists[k] != \null ==> h->lists[k]->pprev == &h->lists[k]);
      ensures w_free: \forall integer k; OF(k) && !SPLIT(k) ==>
        h->free_bytes == \old(h->free_bytes) - \old(XS(k));
      // Both.
      ensures l_i5: i5(h);
      ensures l_min: h->min_free <= h->free_bytes;
    behavior from_top:
      assumes HOK && SZOK && lists_empty(h, WANT, VOS_HEAP_CLASSES) && BS <= h->top_size;
      assigns ev_lock_depth, *out, h->top, h->top_size, h->free_bytes, h->min_free,
              B(h, TO)->size, B(h, TO)->check, B(h, TO + BS)->size, B(h, TO + BS)->check,
              B(h, h->total)->size, B(h, h->total)->check;
      ensures t_res: \result == VOS_OK;
      ensures t_lock: ev_lock_depth == \old(ev_lock_depth);
      ensures t_out: *out == (void *)((uint8_t *)B(h, \old(TO)) + HB_HDR);
      ensures t_min: h->min_free <= h->free_bytes;
      ensures t_end: h->total == \old(h->total) && h->end == \old(h->end);
      // take_top's split.
      ensures ts_hdr: \old(h->top_size) >= BS + HB_MIN ==> hdr(h, \old(TO), BS);
      ensures ts_top: \old(h->top_size) >= BS + HB_MIN ==>
        h->top_size == \old(h->top_size) - BS && h->top == B(h, \old(TO) + BS) &&
        hdr(h, \old(TO) + BS, (uint32_t)(\old(h->top_size) - BS) | HB_FREE) &&
        hdr(h, \old(h->total), HB_PREV_FREE);
      ensures ts_free: \old(h->top_size) >= BS + HB_MIN ==>
        h->free_bytes == \old(h->free_bytes) - BS;
      // take_top's whole.
      ensures tw_hdr: \old(h->top_size) < BS + HB_MIN ==> hdr(h, \old(TO), \old(h->top_size));
      ensures tw_top: \old(h->top_size) < BS + HB_MIN ==>
        h->top == \null && h->top_size == 0 && hdr(h, \old(h->total), 0);
      ensures tw_free: \old(h->top_size) < BS + HB_MIN ==>
        h->free_bytes == \old(h->free_bytes) - \old(h->top_size);
    behavior no_memory:
      assumes HOK && SZOK && lists_empty(h, WANT, VOS_HEAP_CLASSES) && h->top_size < BS;
      assigns h->failures, ev_lock_depth;
      ensures \result == VOS_ERR_NO_MEMORY;
      ensures h->failures == (uint32_t)(\old(h->failures) + 1);
      ensures ev_lock_depth == \old(ev_lock_depth);
    complete behaviors;
    disjoint behaviors;
*/
INLINE int heap_alloc(vos_heap_t *h, size_t size, void **out);
