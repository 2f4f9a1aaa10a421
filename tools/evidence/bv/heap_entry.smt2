; SPDX-License-Identifier: MIT
;
; heap_free's one compare before the lock (kernel/heap.c):
;     off = (uintptr_t)b - (uintptr_t)h->first;
;     off = (off >> 3) | (off << (sizeof(uintptr_t) * 8u - 3u));
;     if (off >= h->span8) return VOS_ERR_INVALID;
; The rotated offset is below span8 exactly when b is 8-aligned with
; respect to the arena's start and lies in [first, first + 8 * span8),
; i.e. off % 8 == 0 and off < 8 * span8, with off the wrapped difference
; (a b below first wraps to a large offset). span8 is the arena's byte
; span >> 3 (vos_heap_init), so below 2^29 for any 32-bit span; proved for
; uintptr_t of 32 bits (the Cortex-M targets, and WP's gcc_x86_32 model)
; and of 64 bits (the host build), where span8 is the same 32-bit value.
;
; It is the axiom rot_inside of tools/evidence/wp/heap_rot.h:
;   \forall uintptr_t o, s; s < 536870912 ==>
;     (rot(o) < s <==> (o % 8 == 0 && o < 8 * s))
;   rot(o) = ((o >> 3) | (uintptr_t)(o << 29))   (heap_pin.h)
; translated as wp_axioms.smt2's header says: o and s are 32-bit values
; (WP's uintptr_t), o >> 3 is bvlshr, o << 29 under the cast is bvshl, |
; is bvor, o % 8 == 0 is (o & 7) == 0, and 8 * s < 2^32 (s < 2^29) is
; bvmul without wrap.
; Convention: heap_class.smt2's header (sat, then unsat, per fact).

(set-logic QF_BV)

; --- rot_inside_32
(push 1)
(declare-const off (_ BitVec 32))
(declare-const span8 (_ BitVec 32))
(assert (bvult span8 #x20000000))
(check-sat)
(assert (not (= (bvult (bvor (bvlshr off #x00000003) (bvshl off #x0000001d)) span8)
                (and (= (bvand off #x00000007) #x00000000)
                     (bvult off (bvmul span8 #x00000008))))))
(check-sat)
(pop 1)

; --- rot_inside_64
(push 1)
(declare-const off (_ BitVec 64))
(declare-const span8 (_ BitVec 64))
(assert (bvult span8 #x0000000020000000))
(check-sat)
(assert (not (= (bvult (bvor (bvlshr off #x0000000000000003) (bvshl off #x000000000000003d)) span8)
                (and (= (bvand off #x0000000000000007) #x0000000000000000)
                     (bvult off (bvmul span8 #x0000000000000008))))))
(check-sat)
(pop 1)
