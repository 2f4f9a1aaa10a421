; SPDX-License-Identifier: MIT
;
; The bit-arithmetic fact tools/evidence/wp/heap_tile_put.c's
; tile_put_alone takes as its precondition tp_or2 at n's word nw (a
; header word of a block in use after a block in use: its size, a
; multiple of 8 below 2^20): setting HB_PREV_FREE (2) in a multiple of 8
; adds 2. WP's provers do not relate | to + (CVC4 and Z3 both fail on it
; as an ACSL lemma), so the WP proof states it at its one value as a
; precondition; this proves it for every 32-bit value.
; Translation: wp_axioms.smt2's header (x below 2^32 a 32-bit vector read
; unsigned; x + 2 < 2^32 since x is a multiple of 8, so bvadd does not
; wrap). Convention: heap_class.smt2's header (sat, then unsat, per fact).

(set-logic QF_BV)

; --- or_prev (heap_tile_put.c tile_put_alone's tp_or2, at nw):
;   \forall integer x; 0 <= x < 4294967296 && x % 8 == 0 ==>
;     (x | HB_PREV_FREE) == x + HB_PREV_FREE
(push 1)
(declare-const x (_ BitVec 32))
(assert (= (bvurem x #x00000008) #x00000000))
(check-sat)
(assert (not (= (bvor x #x00000002) (bvadd x #x00000002))))
(check-sat)
(pop 1)
