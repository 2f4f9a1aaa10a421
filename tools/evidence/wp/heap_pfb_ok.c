/* SPDX-License-Identifier: MIT */
/*
 * prev_free_block (kernel/heap.c) accepts the predecessor a consistent
 * heap has: lemma pfb_consistent. For a free block P at offset po of
 * h's arena, of psz bytes, followed by b at po + psz, whose header is
 * valid and says psz | HB_FREE (I1, I2) and whose boundary tag, the word
 * before b, names P (I3), pfb_ok(h, b) holds: the code's test
 * (heap_free_gen_pfb.h) lets P through. The proofs of free_general's
 * merge with a free predecessor (heap_merge_prev_*.c) and of heap_free's
 * calls (heap_free_gen.h, heap_merge_bad.c) state pfb_ok as a
 * precondition or case; this is why that case is the one a consistent
 * heap is in, and why VOS_ERR_CORRUPT comes only from a header or tag
 * that does not hold up.
 *
 * Assumptions: heap_model.h's (B, tagp, seal); rot_inside (heap_rot.h,
 * proved in bit-vector logic: tools/evidence/bv/heap_entry.smt2,
 * rot_inside_32); unseal_wc and unseal_cw below (a sealed header checks:
 * proved in bit-vector logic, tools/evidence/bv/wp_axioms.smt2); WP's
 * Typed+cast model (a pointer-to-integer cast is its int_of_addr, a
 * pointer difference the difference of offsets); and flat memory, stated as the lemma's hypotheses
 * ("flat" below), not as axioms: the header at offset o is at the
 * address first + o (as an integer, so without a wrap), and the byte
 * distance between two headers, or a header and first, is the difference
 * of their offsets. These are what "the header at byte offset o of the
 * arena" means on the target (one array of bytes); WP's typed model has
 * no such relation between a logic B(h, o) and first.
 *
 * One goal, span_b (a constant right shift is a division), is proved by
 * WP's bit-shift tactic, replayed from the committed script
 * sessions/heap_pfb_ok (written by -wp-prover tip; -wp-auto wp:bitshift
 * finds it again if the script stops applying, after the provers' 60 s).
 *
 * kernel/heap.c is included (through heap_put.c and heap_i5.c) for its
 * types and constants; no code of it is proved here.
 */
#include "heap_put.c"
#include "heap_free_gen_pfb.h"
#include "heap_rot.h"

/*@ // ASSUMED in WP, PROVED in bit-vector logic (tools/evidence/bv/
    // wp_axioms.smt2, unseal): a header word w and its check word
    // seal(w, b) give back HB_MAGIC with b's address, the test of
    // hb_valid and of pfb_ok.
    axiomatic C_unseal {
      // For every integer w (two's complement: only the low 32 bits
      // count). Stated twice, the check word first and second: WP's
      // simplifier orders the operands of ^ as it likes (in the axiom
      // and in a goal alike), and the provers do not treat ^ as
      // commutative, so one of the two matches a goal's order.
      axiom unseal_wc: \forall blk_t *b, integer w, c; c == seal(w, b) ==>
        (uint32_t)((uint32_t)(w ^ c) ^ (uint32_t)(uintptr_t)b) == HB_MAGIC;
      axiom unseal_cw: \forall blk_t *b, integer w, c; w == seal(c, b) ==>
        (uint32_t)((uint32_t)(w ^ c) ^ (uint32_t)(uintptr_t)b) == HB_MAGIC;
    }
*/

/* The lemma as the contract of a function with an empty body (WP 25
 * stops with an internal error on the pointer casts of pfb_ok inside a
 * `lemma`; in a contract they are the code's casts): its ensures holds
 * in every state and for every h, po, psz that meet its requires, since
 * the body writes nothing. Nothing calls it. The assertions are the
 * steps, each a goal proved from the ones before it: P's offset and b's
 * span as the code computes them, the rotated compare (rot_inside), then
 * the four parts of pfb_ok. */
/*@ requires po % 8 == 0 && psz % 8 == 0 && HB_MIN <= psz &&
             po + psz < 1048576;
    // flat: P's address, b's distance from first and from P
    requires (uintptr_t)B(h, po) == (uintptr_t)h->first + po;
    requires (const uint8_t *)B(h, po + psz) - h->first == po + psz;
    requires (const uint8_t *)B(h, po + psz) - (uint8_t *)B(h, po) == psz;
    requires B(h, po) != \null;
    // I3: the tag before b names P
    requires *tagp(B(h, po + psz), 0) == B(h, po);
    // I1, I2: P's header valid, saying its size and HB_FREE
    requires B(h, po)->size == (psz | HB_FREE);
    requires B(h, po)->check == seal(psz | HB_FREE, B(h, po));
    assigns \nothing;
    ensures pfb_consistent: pfb_ok(h, B(h, po + psz));
*/
void pfb_consistent_fn(vos_heap_t *h, uint32_t po, uint32_t psz)
{
    (void)h;
    (void)po;
    (void)psz;
    /*@ assert off_po: PFB_OFF(h, B(h, po + psz)) == po; */
    /*@ assert span_b: PFB_SPAN(h, B(h, po + psz)) == (po + psz) / 8; */
    /*@ assert span_8: (po + psz) / 8 * 8 == po + psz; */
    /*@ assert rot_po: rot((uintptr_t)po) < (uintptr_t)((po + psz) / 8); */
    /*@ assert p1: PFB_TAG(B(h, po + psz)) != \null; */
    /*@ assert p2: PFB_ROT(h, B(h, po + psz)) < PFB_SPAN(h, B(h, po + psz)); */
    /*@ assert p3: (uint32_t)((uint32_t)(PFB_TAG(B(h, po + psz))->size ^ PFB_TAG(B(h, po + psz))->check) ^
                 (uint32_t)(uintptr_t)PFB_TAG(B(h, po + psz))) == HB_MAGIC; */
    /*@ assert p4: PFB_TAG(B(h, po + psz))->size ==
        (uint32_t)((uint32_t)((const uint8_t *)B(h, po + psz) - (uint8_t *)PFB_TAG(B(h, po + psz))) | HB_FREE); */
}
