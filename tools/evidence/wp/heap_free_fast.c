/* SPDX-License-Identifier: MIT */
/*
 * WP proof of heap_free (kernel/heap.c), its locked part: for a call the
 * entry checks let through (pin(h, p): a valid heap handle, p not NULL,
 * b = p - 8 in the arena and 8-aligned as the code's rotated compare
 * decides it; heap_fast.c proves the other calls), under the lock,
 * exactly one of
 *   bad_header: b's header does not check (hb_valid fails): the result
 *               is classify_bad_header's (below), nothing is written but
 *               the lock state;
 *   freed:      b's header checks and says HB_FREE: VOS_ERR_STATE,
 *               nothing written but the lock state;
 *   bad_next:   b's header checks, says in use, and the header of the
 *               block after it, n = b + size, does not check:
 *               VOS_ERR_CORRUPT, nothing written but the lock state;
 * and in each the lock is released with the key vos__lock returned
 * (ev_lock_depth, the port stub's interrupt mask, as it was at entry).
 * classify_bad_header (proved here): it reads only (assigns \nothing),
 * terminates (the walk's variant), and returns VOS_ERR_CORRUPT or
 * VOS_ERR_INVALID: CORRUPT only when the walk from h->first over headers
 * that check, with a size in [HB_MIN, end - p] (cbh_walk, kernel/heap.c's
 * ACSL), reaches b exactly or meets a header below b that fails that
 * test (cbh_good); INVALID only when the walk steps over b without
 * landing on it (b is inside a block). Every memory access valid, no
 * overflow (-wp-rte).
 *
 * Assumptions (docs/evidence.md lists them):
 *  - vos__lock/vos__unlock (the port stub's arch_lock/arch_unlock,
 *    tools/evidence/eva/port_impl.h) write only the interrupt mask,
 *    ev_lock_depth: arch_lock returns the mask and raises it (proved
 *    here, it is the stub's body), arch_unlock(k) sets it to k and writes
 *    nothing else (assumed: the stub's body may call ev_do_switch, which
 *    on a port switches tasks; the heap's memory is not the scheduler's);
 *  - the preconditions: b's header is readable and b is in the arena's
 *    object (its base address is h->first's), every header the walk
 *    reaches below b is readable, and so is n's header when b's checks
 *    and says in use (true in the flat memory of the target for headers
 *    at multiples of 8 inside the arena; WP's typed model does not derive
 *    it from the byte arithmetic);
 *  - WP's Typed+cast memory model.
 * The calls not covered (b's and n's headers both check and b is in use:
 * the fast path and free_general) are excluded by a precondition: not
 * proved here (docs/evidence.md, Not proved).
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"

/* The block p names and the code's entry compare (as heap_fast.c): b is
 * p - 8 and its offset from the arena's start, rotated right by 3 bits in
 * 32 bits, is below span8. Macros, so that the contract's terms are the
 * code's. */
#define bof(p) ((blk_t *)(uintptr_t)((uint8_t *)(p) - HB_HDR))
#define boff(h, p) ((uintptr_t)((uintptr_t)bof(p) - (uintptr_t)(h)->first))
#define rot(o) (((o) >> 3) | (uintptr_t)((o) << 29))
#define inside(h, p) (rot(boff(h, p)) < (h)->span8)
#define hok(h) ((h) != \null && (h)->tag == VOS_TAG_HEAP)
#define pin(h, p) (hok(h) && (p) != \null && inside(h, p))

/* hb_valid's test on header x with word v, as the code computes it. */
#define HV(x, v) ((uint32_t)((uint32_t)((v) ^ (x)->check) ^ (uint32_t)(uintptr_t)(x)) == HB_MAGIC)
/* b's header word, its size, the next header n and n's word. */
#define BW(p) (bof(p)->size)
#define BSZ(w) ((w) & 0xFFFFFFF8u)
#define NX(p) shift(bof(p), BSZ(BW(p)))
#define NW(p) (NX(p)->size)

/* The header at q, as classify_bad_header reads it. */
#define CBH(q) ((blk_t *)(q))

/*@ requires \valid_read(&b->check);
    assigns \nothing;
    ensures \result != 0 <==>
      (uint32_t)((uint32_t)(w ^ b->check) ^ (uint32_t)(uintptr_t)b) == HB_MAGIC; */
INLINE int hb_valid(const blk_t *b, uint32_t w);

/* The lock: the port stub's interrupt mask, ev_lock_depth. */
/*@ assigns ev_lock_depth;
    ensures \result == \old(ev_lock_depth) && ev_lock_depth == (uint32_t)(\old(ev_lock_depth) + 1);
*/
static inline uint32_t arch_lock(void);

/*@ assigns ev_lock_depth;
    ensures ev_lock_depth == key;
*/
static inline void arch_unlock(uint32_t key);

/*@ requires \valid_read(h);
    requires \base_addr(b) == \base_addr(h->first);
    requires \forall uint8_t *q; q < (uint8_t *)b && cbh_walk((vos_heap_t *)h, (blk_t *)b, q) ==>
      \valid_read(&CBH(q)->size) && \valid_read(&CBH(q)->check);
    assigns \nothing;
    ensures cbh_res: \result == VOS_ERR_CORRUPT || \result == VOS_ERR_INVALID;
    ensures cbh_corrupt: \result == VOS_ERR_CORRUPT ==>
      \exists uint8_t *q; cbh_walk((vos_heap_t *)h, (blk_t *)b, q) &&
        (q == (uint8_t *)b || (q < (uint8_t *)b && !cbh_good((vos_heap_t *)h, q)));
    ensures cbh_invalid: \result == VOS_ERR_INVALID ==>
      \exists uint8_t *q; cbh_walk((vos_heap_t *)h, (blk_t *)b, q) &&
        q != (uint8_t *)b && !(q < (uint8_t *)b);
*/
static int classify_bad_header(const vos_heap_t *h, const blk_t *b);

/*@ requires \valid(h);
    requires pin(h, p);
    // b's header readable, b in the arena's object.
    requires \valid_read(&bof(p)->size) && \valid_read(&bof(p)->check);
    requires \base_addr(bof(p)) == \base_addr(h->first);
    // The headers the walk of classify_bad_header reaches below b.
    requires \forall uint8_t *q; q < (uint8_t *)bof(p) && cbh_walk(h, bof(p), q) ==>
      \valid_read(&CBH(q)->size) && \valid_read(&CBH(q)->check);
    // n's header, when b's checks and says in use.
    requires HV(bof(p), BW(p)) && (BW(p) & HB_FREE) == 0 ==>
      \valid_read(&NX(p)->size) && \valid_read(&NX(p)->check);
    // Not proved here: the calls that free (both headers check, b in use).
    requires !(HV(bof(p), BW(p)) && (BW(p) & HB_FREE) == 0 && HV(NX(p), NW(p)));

    behavior bad_header:
      assumes !HV(bof(p), BW(p));
      assigns ev_lock_depth;
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_ERR_CORRUPT || \result == VOS_ERR_INVALID;
      ensures \result == VOS_ERR_CORRUPT ==>
        \exists uint8_t *q; \old(cbh_walk(h, bof(p), q)) &&
          (q == (uint8_t *)bof(p) || (q < (uint8_t *)bof(p) && !\old(cbh_good(h, q))));
      ensures \result == VOS_ERR_INVALID ==>
        \exists uint8_t *q; \old(cbh_walk(h, bof(p), q)) &&
          q != (uint8_t *)bof(p) && !(q < (uint8_t *)bof(p));
    behavior freed:
      assumes HV(bof(p), BW(p)) && (BW(p) & HB_FREE) != 0;
      assigns ev_lock_depth;
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_ERR_STATE;
    behavior bad_next:
      assumes HV(bof(p), BW(p)) && (BW(p) & HB_FREE) == 0 && !HV(NX(p), NW(p));
      assigns ev_lock_depth;
      ensures ev_lock_depth == \old(ev_lock_depth);
      ensures \result == VOS_ERR_CORRUPT;
    complete behaviors;
    disjoint behaviors;
*/
static inline int heap_free(vos_heap_t *h, void *p);
