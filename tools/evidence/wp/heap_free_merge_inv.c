/* SPDX-License-Identifier: MIT */
/*
 * WP proof that heap_free (kernel/heap.c), at its call of free_general
 * that merges with a free predecessor P, meets more of the merge cases'
 * preconditions (heap_merge_prev.h, heap_merge_prev_nfree.h) when the
 * heap is consistent around b: heap_free_merge_call.c's case and
 * preconditions, plus heap-invariant facts stated as preconditions of
 * heap_free (the hi_* clauses below). These facts are ASSUMED at
 * heap_free's entry: no proof yet shows that every operation keeps them
 * (heap_free does not even ask heap_ok, heap_alloc.c).
 *
 * The invariant facts (offsets in the arena: BO b's, PO the block before
 * b's, NO = BO + b's size n's; poff, roff, soff, hoff and the predicate
 * blk are names without an axiom, like off):
 *  - flat memory: hi_arena (arena(h), heap_model.h), hi_blk (a block's
 *    whole header, links included, valid where a block of HB_MIN bytes
 *    fits), hi_bsep (headers 16 or more bytes apart do not overlap),
 *    hi_tag (a tag word in the arena valid, apart from the descriptor and
 *    its list heads), hi_tsep, hi_tsep2 (a tag word apart from a header
 *    that ends 4 bytes or more before it or starts at or after its end;
 *    two clauses, no disjunction: with "before or after" in one clause
 *    CVC4 did not instantiate it, unknown or timeout at 20 s). The field
 *    forms (one header's next_free apart from the other header, or from
 *    the other's next_free; a tag word apart from a header's next_free)
 *    are not assumed: the lemmas fs_tf, fs_bf, fs_ff below derive them
 *    from the headers' separation (proved by the run
 *    heap_free_merge_inv_lemmas, hypotheses of the other four runs);
 *  - the flat-memory link of b and P as pfb_consistent
 *    (heap_pfb_ok.c) states it: b == B(h, BO) (hi_b), the tag before b
 *    names B(h, PO) (hi_i3, I3), with BO and PO multiples of 8;
 *  - I1, I2: b's size (its word less the flags) at least HB_MIN, a
 *    multiple of 8, b inside the arena (hi_bsz; the multiple of 8 is
 *    also a fact of the mask, which CVC4 did not prove: see
 *    heap_free_merge_call.c); P, when b says HB_PREV_FREE, at least
 *    HB_MIN bytes, its word its size + HB_FREE, the size BO - PO
 *    (hi_prev; pfb_consistent's P's word is psz | HB_FREE, the same
 *    number for psz a multiple of 8, here not proved: the provers do
 *    not derive | from +); n, when free, says its size | HB_FREE only,
 *    a multiple of 8 at least HB_MIN, inside the arena (hi_nfree);
 *  - I6 (with I1): free_bytes + b's size <= total (hi_i6);
 *  - I4: P listed, its back link valid and pointing to it, a list head
 *    (in MP_PRE_LISTED's slot_at form) or the next_free of a block at
 *    RO other than P (hi_plink); P's successor a block at SO other than
 *    P and apart from RO (hi_psucc); every list head the block at
 *    HO(k), whose back link is that list head (hi_heads); every listed
 *    block named here (RO, SO, HO(k)) before P, P, n or after n
 *    (OUTB: a free block is not b, and is P, n, or overlaps none of
 *    P, b, n).
 *
 * Proved (each a precondition goal at the call, CVC4 alone): the
 * bad-header path unreachable (mi_unreached), the lock released
 * (mi_lock), and (MP_PRE_BP includes heap_free_merge_call.c's gm_heap,
 * gm_w, gm_pfb):
 *  - MP_PRE_BP whole (the macro itself: b valid, apart from h and at its
 *    offset; b's size; free_bytes + size without overflow; P valid,
 *    apart, free, of at least HB_MIN bytes, at BO - P's size; the sum
 *    below 2^20);
 *  - MP_PRE_LINK (P's back link), MP_PRE_NEIGH (P's list neighbourhood
 *    and the list heads, tag at RMS) and MP_PRE_TAG (the merged block's
 *    tag, n in use) whole, as the macros;
 *  - MP_PRE_N less its case test (nw & HB_FREE) == 0: mi_n, mi_nv,
 *    mi_nsep; MP_PRE_NFREE when n is free: mi_n and mi_nfree;
 *    MP_PRE_TAG_T(RNMS) and the tag parts of MP_PRE_NEIGH_T(RNMS) when
 *    n is free (mi_ntag, mi_nneigh; with MP_PRE_NEIGH that is
 *    MP_PRE_NEIGH_T(RNMS)); \valid(n) when n is free (mi_nvalid).
 * So the cases with n in use (in_place, refile, to_top: MP_PRE_BP,
 * MP_PRE_LINK, MP_PRE_NEIGH, MP_PRE_N, MP_PRE_TAG) get every shared
 * precondition at the call; the cases with n free get MP_PRE_BP,
 * MP_PRE_LINK, MP_PRE_NEIGH_T(RNMS), MP_PRE_NFREE, MP_PRE_TAG_T(RNMS).
 *
 * The run heap_free_merge_inv_n (-DMI_N) proves the rest of MP_PRE_NLIST
 * and the list-neighbour facts, with n != h->top (the code's test) as
 * their premise: the same contract of heap_free less hi_heads (not
 * needed; with it CVC4 timed out on mi_nltag at 20 s), plus I4 for n
 * (MI_NFACTS, also ASSUMED): hi_nlink and hi_nsucc (n listed when free
 * and not the top: as hi_plink and hi_psucc for P, at roff(h, NO) and
 * soff(h, NO), and n's successor's back link &n->next_free), hi_psb
 * (P's successor's back link &P->next_free), hi_acyc (no list cycle
 * through P and n: with P just before n, n's successor is not P's
 * referrer's block; with n just before P, P's successor is not n's
 * referrer's block), hi_blks and hi_dist (the blocks named are block
 * starts, blk, and two block starts are HB_MIN or more bytes apart: I1),
 * and hi_bsepf (flat memory: of headers 16 or more bytes apart, one's
 * next_free does not overlap the other's pprev; kept: derived by a lemma
 * as fs_ff, CVC4 took 12-13 s on mi_napart4 instead of 0.5 s, other
 * goals 3-4 s; the next_free/next_free form is fs_ff's, not assumed).
 * Its free_general contract is only:
 *  - mi_nlink, mi_nlsep, mi_nlslot, mi_nltag, mi_nsucc: the rest of
 *    MP_PRE_NLIST (MP_PRE_LINK_OF(n), MP_PRE_LISTED(n, RNMS), the tag
 *    apart from n's back link);
 *  - mi_napart .. mi_napart4: MP_PRE_NAPART when n and P are not next
 *    to each other (n's referrer not P's link, P's referrer not n's);
 *  - mi_npn: MP_PRE_NPN's second clause when P is just before n (its
 *    first is that premise);
 *  - mi_nnp: MP_PRE_NNP's second and third clauses when n is just
 *    before P (its first is that premise).
 *
 * The run heap_free_merge_inv_top (-DMI_T) proves n_top's NATEND when n
 * is free and n == h->top (mi_ntop): the same contract of heap_free less
 * hi_heads, plus (also ASSUMED) hi_ntop (I4's top clause: n free and the
 * top ends at the sentinel), hi_bytes and hi_end (flat memory: the byte
 * k after the header at o is the header at o + k, and h->end is the
 * sentinel's header, B(h, total); arena(h) says it through a uintptr_t
 * round trip). With the n facts in the run (heap_free_merge_inv_n's
 * hypotheses) CVC4 timed out on it at 20 s; alone it takes 1.5 s.
 * So with all these facts assumed, every shared precondition of every
 * merge case is proved at the call; the cases' own tests (ATEND, SAME,
 * NATEND, NSAME, n in use, the top or listed, the list-neighbour
 * conditions) are the code's or split the cases.
 *
 * free_general's contract here has requires only (no ensures, no assigns
 * clause), so nothing is assumed of free_general. hb_valid's and
 * prev_free_block's contracts are heap_merge_prev.h's (proved by the
 * heap_merge_prev_pfb run; prev_free_block is not called here). Other
 * assumptions as heap_free_merge_call.c: heap_model.h's, the lock
 * contracts, WP's Typed+cast model and its hypotheses (h's and p's
 * objects apart from ev_lock_depth), heap_free_model.h's lemma i5_frame
 * (proved by heap_free_lemmas), the fast path's callees' contracts (the
 * case excludes that path), and the preconditions; the case
 * heap_free_merge_inv_tile adds heap_tile_model.h's axiom or_flag to its
 * context (docs/evidence.md 2.3, Assumed).
 * Runs: heap_free_merge_inv, heap_free_merge_inv_n,
 * heap_free_merge_inv_top, heap_free_merge_inv_lemmas (the lemmas
 * fs_tf, fs_bf, fs_ff only) and heap_free_merge_inv_tile (mi_tile_fn
 * only; heap_free_merge_inv.wp, five cases).
 *
 * The I1, I2, I4-top and I6 facts hi_bsz, hi_i6, hi_prev, hi_nfree,
 * hi_ntop and hi_dist follow from the whole-heap model (heap_tile_model.h):
 * mi_tile_fn (below, -DMI_TILE) proves them from tiled(h), total < 2^20,
 * arena(h), arena_sep(h), b tile i (BO == tG[i], hi_b) in use after the
 * free tile i - 1, P (PO == tG[i - 1]), and blk only at tile starts (for
 * hi_dist), by heap_tile_free.h's tf_facts_fn (proved
 * by the run heap_tile_free). So a caller that holds the model meets
 * them, with off, poff and blk read as the tiles' offsets (names without
 * an axiom: an interpretation, not a proved link); heap_free's contract
 * still states them as they were (with the
 * model's facts in their place, an existential over the tile, CVC4 timed
 * out at 60 s on mi_nfree, mi_nvalid, mi_ntag and mi_nneigh; with both,
 * on heap_free_merge_inv_top's mi_ntop, 1.1 s without). That the
 * operations keep tiled(h) (but take_top and take) is not proved.
 *
 * The code proved is kernel/heap.c itself, included (through heap_put.c
 * and heap_i5.c) whole: this file adds only contracts.
 */
#include "heap_put.c"
#include "heap_free_model.h"
#include "heap_merge_prev.h"
#include "heap_merge_prev_nfree.h"
#include "heap_pin.h"
/* The whole-heap model, for mi_tile_fn only (run heap_free_merge_inv_tile):
 * the other runs' contexts stay without it. */
#ifdef MI_TILE
#include "heap_tile_model.h"
#include "heap_tile_free.h"
#endif

/* The case's names (HV, BW, NX, NW, FREES, MERGES) and heap_free's
 * preconditions in it (MERGE_REQ), as heap_free_merge_call.c's:
 * heap_free_merge_case.h (BSZ: heap_model.h). */
#include "heap_free_merge_case.h"

/* The heap-invariant names at heap_free's entry: BO, b's offset in the
 * arena (off, heap_free_model.h); PO, the offset of the block before it
 * (poff below); NO, the offset just after b (n's); their header words. */
#define BO off(h, bof(p))
#define PO poff(h, BO)
#define NO (BO + BSZ(B(h, BO)->size))
#define BOW (B(h, BO)->size)
#define POW (B(h, PO)->size)
#define NOW (B(h, NO)->size)
#define PB B(h, PO)
#define RO roff(h, PO)
#define SO soff(h, PO)
#define HO(k) hoff(h, k)
#define NB B(h, NO)
#define NRO roff(h, NO)
#define NSO soff(h, NO)
#define NL_ ((nw & HB_FREE) != 0 && n != h->top)
#define AP_ (n->pprev != &RP->next_free && RP->pprev != &n->next_free)
#define NLISTED ((BOW & HB_PREV_FREE) != 0 && (NOW & HB_FREE) != 0 && NB != h->top)
/* A listed block's offset o: a free block other than b, so before P, P,
 * or at or after n (NOS: n's size, its word less its flag bits). */
#define NOS (NOW - (NOW & 7))
#define OUTB(o) ((o) + HB_MIN <= PO || (o) == PO || (o) == NO || (NO + HB_MIN <= (o) && NO + NOS <= (o)))
#define INAR(o) (0 <= (o) && (o) % 8 == 0 && (o) + HB_MIN <= h->total)

/* hi_b, and the clauses the whole-heap model implies at b (mi_tile_fn
 * below): the bodies, one text for heap_free's contract and
 * mi_tile_fn's. */
#define HI_B (bof(p) == B(h, BO) && 0 <= BO && BO % 8 == 0)
#define HI_BSZ (HB_MIN <= BSZ(BOW) && BSZ(BOW) % 8 == 0 && NO <= h->total)
#define HI_I6 (h->free_bytes + BSZ(BOW) <= h->total)
#define HI_PREV ((BOW & HB_PREV_FREE) != 0 ==> \
  0 <= PO && PO % 8 == 0 && HB_MIN <= BO - PO && POW == BO - PO + HB_FREE)
#define HI_NFREE ((NOW & HB_FREE) != 0 ==> \
  (NOW & 7) == HB_FREE && HB_MIN + HB_FREE <= NOW && (NOW - HB_FREE) % 8 == 0 && \
  NO + (NOW - HB_FREE) <= h->total)
#define HI_DIST (\forall integer o1, o2; blk(h, o1) && blk(h, o2) && o1 < o2 ==> \
  o1 + HB_MIN <= o2)
#define HI_NTOP ((BOW & HB_PREV_FREE) != 0 && (NOW & HB_FREE) != 0 && NB == h->top ==> \
  NO + (NOW - HB_FREE) == h->total)

/* hi_heads (heap_free_merge_inv only), the facts of n's list place
 * (heap_free_merge_inv_n only, -DMI_N) and of the top (heap_free_merge_inv_top
 * only, -DMI_T): the file's header. */
#if !defined(MI_N) && !defined(MI_T)
#define MI_HEADS \
    requires hi_heads: \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==> \
      h->lists[k] == B(h, HO(k)) && INAR(HO(k)) && B(h, HO(k))->pprev == &h->lists[k] && \
      ((BOW & HB_PREV_FREE) != 0 ==> OUTB(HO(k)));
#else
#define MI_HEADS
#endif
#ifdef MI_N
#define MI_NFACTS \
    requires hi_bsepf: \forall integer o1, o2; \
      0 <= o1 && o1 % 8 == 0 && o2 % 8 == 0 && o1 + 16 <= o2 <= h->total ==> \
      \separated(&B(h, o1)->next_free, &B(h, o2)->pprev) && \
      \separated(&B(h, o2)->next_free, &B(h, o1)->pprev); \
    requires hi_dist: HI_DIST; \
    requires hi_blks: (BOW & HB_PREV_FREE) != 0 ==> \
      (PB->pprev == &B(h, RO)->next_free ==> blk(h, RO)) && \
      (PB->next_free != \null ==> blk(h, SO)) && \
      (NLISTED && NB->pprev == &B(h, NRO)->next_free ==> blk(h, NRO)) && \
      (NLISTED && NB->next_free != \null ==> blk(h, NSO)); \
    requires hi_nlink: NLISTED ==> \
      \valid(NB->pprev) && *NB->pprev == NB && \
      ((slot_at(h, NB->pprev) < sizeof(h->lists) && \
        NB->pprev == &h->lists[slot_at(h, NB->pprev) / sizeof(blk_t *)]) || \
       (NB->pprev == &B(h, NRO)->next_free && INAR(NRO) && OUTB(NRO) && NRO != NO && \
        (NB->next_free != \null ==> NSO + HB_MIN <= NRO || NRO + HB_MIN <= NSO))); \
    requires hi_nsucc: NLISTED && NB->next_free != \null ==> \
      NB->next_free == B(h, NSO) && INAR(NSO) && OUTB(NSO) && NSO != NO && \
      NB->next_free->pprev == &NB->next_free; \
    requires hi_psb: (BOW & HB_PREV_FREE) != 0 && PB->next_free != \null ==> \
      PB->next_free->pprev == &PB->next_free; \
    requires hi_acyc: NLISTED ==> \
      (NB->pprev == &PB->next_free && NB->next_free != \null && \
       PB->pprev == &B(h, RO)->next_free ==> NSO != RO) && \
      (PB->pprev == &NB->next_free && PB->next_free != \null && \
       NB->pprev == &B(h, NRO)->next_free ==> SO != NRO);
#elif defined(MI_T)
#define MI_NFACTS \
    requires hi_ntop: HI_NTOP; \
    requires hi_bytes: \forall integer o, k; 0 <= o && 0 <= k && o + k <= h->total ==> \
      (uint8_t *)B(h, o) + k == (uint8_t *)B(h, o + k); \
    requires hi_end: h->end == (uint8_t *)B(h, h->total);
#else
#define MI_NFACTS
#endif

/*@ axiomatic PrevOff {
      // The offset of the block before the header at offset o: a name
      // (no axiom); heap_free's preconditions say what it is at b.
      logic integer poff(vos_heap_t *h, integer o);
      // The offsets of the block whose link is the referrer of the block
      // at o (when that is not a list head), of its successor in its
      // list, and of the head of list k: names (no axiom).
      logic integer roff(vos_heap_t *h, integer o);
      logic integer soff(vos_heap_t *h, integer o);
      logic integer hoff(vos_heap_t *h, integer k);
      // A block starts at offset o: a name (no axiom).
      predicate blk(vos_heap_t *h, integer o);
    }
*/

/* A link field's separation from its header's (the field lies inside
 * the header): proved by the run heap_free_merge_inv_lemmas (-wp-prop,
 * not -wp-fct heap_free), hypotheses of the other four runs, so that
 * the field forms of hi_bsep and hi_tsep need not be assumed. */
/*@ lemma fs_tf: \forall blk_t **t, blk_t *b;
      \separated(t, b) ==> \separated(t, &b->next_free);
    lemma fs_bf: \forall blk_t *a, *b;
      \separated(a, b) ==> \separated(&a->next_free, b);
    lemma fs_ff: \forall blk_t *a, *b;
      \separated(a, b) ==> \separated(&a->next_free, &b->next_free);
*/

/* hi_bsz, hi_i6, hi_prev, hi_nfree, hi_ntop and hi_dist from the
 * whole-heap model (heap_tile_model.h): tiled(h) (with total < 2^20,
 * arena(h) and arena_sep(h)), b its tile i (BO == tG[i], with hi_b), in
 * use after the free tile i - 1, P (PO == tG[i - 1]), and (for hi_dist)
 * blk(h, o) only at tile starts (mt_blk: blk is a name, this is its
 * meaning in the model). A lemma in the form of a function
 * (WP cannot compile a lemma whose statement casts p, as bof does; its
 * proved contract says the implication at any memory state): it calls
 * heap_tile_free.h's tf_facts_fn (its contract proved by the run
 * heap_tile_free), then its clauses follow. Proved by the run
 * heap_free_merge_inv_tile (-DMI_TILE -wp-fct mi_tile_fn); not kernel
 * code, called by nothing, in no other run. */
#ifdef MI_TILE
/*@ requires mt_model: tiled(h) && h->total < 1048576 && arena(h) && arena_sep(h);
    requires mt_tile: tile_b(i) && BO == tG[i] && PO == tG[i - 1];
    requires mt_b: HI_B;
    // blk's meaning in the model: a block starts at o only at a tile start.
    requires mt_blk: \forall integer o; blk(h, o) ==> tile_at(o);
    assigns \nothing;
    ensures mt_bsz: HI_BSZ;
    ensures mt_i6: HI_I6;
    ensures mt_prev: HI_PREV;
    ensures mt_nfree: HI_NFREE;
    ensures mt_ntop: HI_NTOP;
    ensures mt_dist: HI_DIST;
*/
void mi_tile_fn(vos_heap_t *h, void *p, uint32_t i)
{
    /*@ ghost tf_facts_fn(h, i); */
    /*@ assert mt_facts: tf_offs(h, i) && tf_bw(h, i) && tf_bsz(h, i) && tf_i6(h, i) &&
          tf_prev(h, i) && tf_nfree(h, i) && tf_ntop(h, i); */
    /*@ assert mt_no: NO == tG[i + 1]; */
    /*@ assert mt_nb: B(h, NO) == B(h, tG[i + 1]); */
    /*@ assert mt_nw: NOW == TW(h, i + 1); */
}
#endif

/* The lock: the port stub's interrupt mask (heap_lock.h). */
#include "heap_lock.h"

/*@ requires mi_unreached: \false;
    assigns \nothing;
*/
static int classify_bad_header(const vos_heap_t *h, const blk_t *b);

/* free_general's contract: heap_free_merge_inv's clauses, or with MI_N
 * heap_free_merge_inv_n's (n listed, the list-neighbour facts), or with
 * MI_T heap_free_merge_inv_top's (NATEND when n is the top). */
#if !defined(MI_N) && !defined(MI_T)
/*@ MP_PRE_BP
    MP_PRE_LINK
    MP_PRE_NEIGH
    MP_PRE_TAG
    requires mi_n: n == B(h, off(h, b) + BSZ(w)) && n->size == nw;
    requires mi_nv: \valid(&n->size) && \valid(&n->check);
    requires mi_nsep: \separated(n, b) && \separated(n, h) && \separated(n, RP);
    requires mi_nfree: (nw & HB_FREE) != 0 ==>
      (nw & 7) == HB_FREE && HB_MIN <= NSZ && RPW - HB_FREE + BSZ(w) + NSZ < 1048576;
    requires mi_nvalid: (nw & HB_FREE) != 0 ==> \valid(n);
    requires mi_ntag: (nw & HB_FREE) != 0 ==>
      \valid(tagp(RP, RNMS)) && \separated(tagp(RP, RNMS), h) &&
      \separated(tagp(RP, RNMS), RP) && \separated(tagp(RP, RNMS), b) &&
      \separated(tagp(RP, RNMS), RP->pprev) && \separated(tagp(RP, RNMS), n);
    requires mi_nneigh: (nw & HB_FREE) != 0 ==>
      (RP->next_free != \null ==> \separated(tagp(RP, RNMS), RP->next_free)) &&
      \forall integer k; 0 <= k < VOS_HEAP_CLASSES && h->lists[k] != \null ==>
        \separated(tagp(RP, RNMS), h->lists[k]);
*/
#elif defined(MI_N)
/*@ requires mi_nlink: NL_ ==> \valid(n->pprev) && *n->pprev == n;
    requires mi_nlsep: NL_ ==> \separated(n->pprev, n) && \separated(n->pprev, b);
    requires mi_nlslot: NL_ ==>
      (slot_at(h, n->pprev) < sizeof(h->lists) &&
       n->pprev == &h->lists[slot_at(h, n->pprev) / sizeof(blk_t *)]) ||
      \separated(n->pprev, h);
    requires mi_nltag: NL_ ==> \separated(tagp(RP, RNMS), n->pprev);
    requires mi_nsucc: NL_ && n->next_free != \null ==>
      \valid(n->next_free) && \separated(n->next_free, h) && \separated(n->next_free, n) &&
      \separated(n->next_free, n->pprev) && \separated(n->next_free, b) &&
      \separated(tagp(RP, RNMS), n->next_free);
    requires mi_napart: NL_ && AP_ ==> \separated(n->pprev, RP);
    requires mi_napart2: NL_ && AP_ ==> \separated(n->pprev, RP->pprev);
    requires mi_napart3: NL_ && AP_ && n->next_free != \null ==> \separated(n->next_free, RP);
    requires mi_napart4: NL_ && AP_ && n->next_free != \null ==>
      \separated(RP->pprev, &n->next_free->pprev);
    requires mi_npn: NL_ && n->pprev == &RP->next_free && n->next_free != \null ==>
      \separated(n->next_free, RP) && \separated(n->next_free, RP->pprev) &&
      \separated(RP->pprev, &n->next_free->pprev);
    requires mi_nnp: NL_ && RP->pprev == &n->next_free ==>
      \separated(n->pprev, RP) &&
      (RP->next_free != \null ==> \separated(RP->next_free, n->pprev));
*/
#elif defined(MI_T)
/*@ requires mi_ntop: (nw & HB_FREE) != 0 && n == h->top ==> NATEND;
*/
#endif
static int free_general(vos_heap_t *h, blk_t *b, uint32_t w, blk_t *n, uint32_t nw);

/*@ // The case (heap_free_merge_case.h).
    MERGE_REQ
    // Heap-invariant facts, assumed (the file's header): flat memory.
    requires hi_arena: arena(h);
    requires hi_blk: \forall integer o; 0 <= o && o % 8 == 0 && o + HB_MIN <= h->total ==>
      \valid(B(h, o));
    requires hi_bsep: \forall integer o1, o2;
      0 <= o1 && o1 % 8 == 0 && o2 % 8 == 0 && o1 + 16 <= o2 <= h->total ==>
      \separated(B(h, o1), B(h, o2));
    requires hi_tag: \forall integer e; HB_MIN <= e <= h->total && e % 8 == 0 ==>
      \valid(T(h, e)) && \separated(T(h, e), h) &&
      \separated(T(h, e), &h->lists[0 .. VOS_HEAP_CLASSES - 1]);
    requires hi_tsep: \forall integer o, e;
      0 <= o && o % 8 == 0 && e % 8 == 0 && e <= h->total && o + 16 + HB_FOOT <= e ==>
      \separated(T(h, e), B(h, o));
    requires hi_tsep2: \forall integer o, e;
      0 <= e && e % 8 == 0 && o % 8 == 0 && e <= o ==>
      \separated(T(h, e), B(h, o));
    // The flat-memory link of b and P (pfb_consistent's form), I1-I4, I6.
    requires hi_b: HI_B;
    // hi_bsz, hi_i6, hi_prev, hi_nfree, hi_ntop (MI_T) and hi_dist
    // (MI_N): implied by the whole-heap model tiled(h) with b its tile
    // i, in use after the free tile i - 1, P (mi_tile_fn above, proved;
    // off, poff and blk read as the tiles' offsets).
    requires hi_bsz: HI_BSZ;
    requires hi_i6: HI_I6;
    requires hi_prev: HI_PREV;
    requires hi_i3: (BOW & HB_PREV_FREE) != 0 ==> *tagp(B(h, BO), 0) == B(h, PO);
    requires hi_nfree: HI_NFREE;
    requires hi_plink: (BOW & HB_PREV_FREE) != 0 ==>
      \valid(PB->pprev) && *PB->pprev == PB &&
      ((slot_at(h, PB->pprev) < sizeof(h->lists) &&
        PB->pprev == &h->lists[slot_at(h, PB->pprev) / sizeof(blk_t *)]) ||
       (PB->pprev == &B(h, RO)->next_free && INAR(RO) && OUTB(RO) && RO != PO &&
        (PB->next_free != \null ==> SO + HB_MIN <= RO || RO + HB_MIN <= SO)));
    requires hi_psucc: (BOW & HB_PREV_FREE) != 0 && PB->next_free != \null ==>
      PB->next_free == B(h, SO) && INAR(SO) && OUTB(SO) && SO != PO;
    MI_HEADS
    MI_NFACTS
    ensures mi_lock: ev_lock_depth == \old(ev_lock_depth);
*/
static inline int heap_free(vos_heap_t *h, void *p);
