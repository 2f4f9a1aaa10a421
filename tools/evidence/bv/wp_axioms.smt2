; SPDX-License-Identifier: MIT
;
; The bit-arithmetic axioms the WP proofs state (tools/evidence/wp), each
; proved here in bit-vector arithmetic. WP's provers reason about & | >>
; << on integers only through the few facts its library gives them, so
; the proofs state these as axioms; each block below names the axiom and
; its file, quotes its ACSL, and proves it for the values it is applied
; to.
; Translation, rule by rule (ACSL integers are unbounded; C11 6.5.7 and
; 6.5.10 define the operators on them as on the two's complement
; representation):
;  - a variable with 0 <= x < 2^N is an N-bit vector read unsigned;
;    an axiom whose variables are unbounded integers >= 0 is proved for
;    every value below 2^64 (every value a C object of the proofs holds:
;    they are 32-bit; beyond 2^64 the axiom is the same integer fact, not
;    checked here);
;  - & | ^ of non-negative values are bvand bvor bvxor; x >> k is bvlshr;
;    x / 2^k and x % m of non-negative values are bvudiv and bvurem;
;  - (uint32_t)(e) is e modulo 2^32: + - * << inside it are bvadd bvsub
;    bvmul bvshl on 32 bits; ~e inside it is bvnot;
;  - + - * outside a cast are exact integers: the hypotheses keep them
;    below 2^N (stated at each use), so they are bvadd and bvsub without
;    wrap, and < <= are bvult bvule.
; Convention: heap_class.smt2's header (sat, then unsat, per fact).

(set-logic QF_BV)

; --- or_ge (heap_put.c C_or; restated in heap_class_scheme_lemmas.c):
;   \forall integer x, y; 0 <= x && 0 <= y ==> x <= (x | y) && y <= (x | y)
(push 1)
(declare-const x (_ BitVec 64))
(declare-const y (_ BitVec 64))
(check-sat)
(assert (not (and (bvule x (bvor x y)) (bvule y (bvor x y)))))
(check-sat)
(pop 1)

; --- shr_div_sl3, and_mod_sl3 (heap_i5.c C_bits; SL = VOS_CFG_HEAP_SL_LOG2 = 3,
; the proofs use the default 4):
;   \forall integer x; 0 <= x ==> (x >> SL) == x / VOS_HEAP_SL_COUNT
;   \forall integer x; 0 <= x ==> (x & SL_MASK) == x % VOS_HEAP_SL_COUNT
(push 1)
(declare-const x (_ BitVec 64))
(check-sat)
(assert (not (and (= (bvlshr x #x0000000000000003) (bvudiv x #x0000000000000008))
                  (= (bvand x #x0000000000000007) (bvurem x #x0000000000000008)))))
(check-sat)
(pop 1)

; --- shr_div_sl4, and_mod_sl4 (heap_i5.c C_bits; SL = VOS_CFG_HEAP_SL_LOG2 = 4,
; the proofs use the default 4):
;   \forall integer x; 0 <= x ==> (x >> SL) == x / VOS_HEAP_SL_COUNT
;   \forall integer x; 0 <= x ==> (x & SL_MASK) == x % VOS_HEAP_SL_COUNT
(push 1)
(declare-const x (_ BitVec 64))
(check-sat)
(assert (not (and (= (bvlshr x #x0000000000000004) (bvudiv x #x0000000000000010))
                  (= (bvand x #x000000000000000f) (bvurem x #x0000000000000010)))))
(check-sat)
(pop 1)

; --- or_flag (heap_tile_model.h C_or_flag):
;   \forall integer x; 0 <= x && x % 8 == 0 ==> (x | 1) == x + 1
; (x + 1 < 2^64: x is a multiple of 8)
(push 1)
(declare-const x (_ BitVec 64))
(assert (= (bvurem x #x0000000000000008) #x0000000000000000))
(check-sat)
(assert (not (= (bvor x #x0000000000000001) (bvadd x #x0000000000000001))))
(check-sat)
(pop 1)

; --- and_flag (heap_tile_take.c C_and_flag), HB_PREV_FREE = 2:
;   \forall integer x; 0 <= x && x + 2 < 4294967296 && x % 8 == 0 ==>
;     (uint32_t)((x + 2) & ~HB_PREV_FREE) == x
; (~2 is -3; x + 2 is below 2^32, so its & with -3 is its 32-bit & with
; bvnot 2, and the cast changes nothing)
(push 1)
(declare-const x (_ BitVec 32))
(assert (bvult x #xfffffffe))
(assert (= (bvurem x #x00000008) #x00000000))
(check-sat)
(assert (not (= (bvand (bvadd x #x00000002) (bvnot #x00000002)) x)))
(check-sat)
(pop 1)

; --- round_up_pow2 (heap_aligned.c C_low_bits, round_up; first part):
;   \forall integer p, a; 0 <= p && 1 <= a <= 2147483648 && p + a < 4294967296 &&
;     (a & (a - 1)) == 0 ==> g0(p, a) == a - 1 - (p + a - 1) % a
;   g0(p, a) = (uint32_t)(((uint32_t)((uint32_t)(p + a) - 1) & (uint32_t)~(a - 1)) - p)
; (p + a < 2^32, so p and a are 32-bit values and p + a does not wrap.)
; The solvers are slow on % by an unknown divisor, so the fact is proved
; in cases: this block proves that an a of the hypotheses is 2^k for some
; k in 0 .. 31; the blocks round_up_0 .. round_up_31 after it prove the
; fact for each such a (they differ only in a).
(push 1)
(declare-const a (_ BitVec 32))
(assert (and (bvuge a #x00000001) (bvule a #x80000000)))
(assert (= (bvand a (bvsub a #x00000001)) #x00000000))
(check-sat)
(assert (not (or (= a #x00000001) (= a #x00000002) (= a #x00000004) (= a #x00000008) (= a #x00000010) (= a #x00000020) (= a #x00000040) (= a #x00000080) (= a #x00000100) (= a #x00000200) (= a #x00000400) (= a #x00000800) (= a #x00001000) (= a #x00002000) (= a #x00004000) (= a #x00008000) (= a #x00010000) (= a #x00020000) (= a #x00040000) (= a #x00080000) (= a #x00100000) (= a #x00200000) (= a #x00400000) (= a #x00800000) (= a #x01000000) (= a #x02000000) (= a #x04000000) (= a #x08000000) (= a #x10000000) (= a #x20000000) (= a #x40000000) (= a #x80000000))))
(check-sat)
(pop 1)

; --- round_up_0 (a = 2^0)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000001)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_1 (a = 2^1)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000002)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_2 (a = 2^2)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000004)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_3 (a = 2^3)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000008)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_4 (a = 2^4)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000010)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_5 (a = 2^5)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000020)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_6 (a = 2^6)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000040)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_7 (a = 2^7)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000080)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_8 (a = 2^8)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000100)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_9 (a = 2^9)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000200)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_10 (a = 2^10)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000400)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_11 (a = 2^11)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00000800)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_12 (a = 2^12)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00001000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_13 (a = 2^13)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00002000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_14 (a = 2^14)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00004000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_15 (a = 2^15)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00008000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_16 (a = 2^16)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00010000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_17 (a = 2^17)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00020000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_18 (a = 2^18)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00040000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_19 (a = 2^19)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00080000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_20 (a = 2^20)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00100000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_21 (a = 2^21)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00200000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_22 (a = 2^22)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00400000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_23 (a = 2^23)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x00800000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_24 (a = 2^24)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x01000000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_25 (a = 2^25)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x02000000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_26 (a = 2^26)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x04000000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_27 (a = 2^27)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x08000000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_28 (a = 2^28)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x10000000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_29 (a = 2^29)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x20000000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_30 (a = 2^30)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x40000000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- round_up_31 (a = 2^31)
(push 1)
(declare-const p (_ BitVec 32))
(define-fun a () (_ BitVec 32) #x80000000)
(assert (bvule p (bvsub #xffffffff a)))
(check-sat)
(assert (not (= (bvsub (bvand (bvsub (bvadd p a) #x00000001) (bvnot (bvsub a #x00000001))) p)
                (bvsub (bvsub a #x00000001) (bvurem (bvsub (bvadd p a) #x00000001) a)))))
(check-sat)
(pop 1)

; --- pow2_8 (heap_aligned.c C_low_bits):
;   \forall integer a; 8 <= a && (a & (a - 1)) == 0 ==> a % 8 == 0
(push 1)
(declare-const a (_ BitVec 64))
(assert (bvuge a #x0000000000000008))
(assert (= (bvand a (bvsub a #x0000000000000001)) #x0000000000000000))
(check-sat)
(assert (not (= (bvurem a #x0000000000000008) #x0000000000000000)))
(check-sat)
(pop 1)

; --- and_low3 (heap_aligned.c C_low_bits):
;   \forall integer x; 0 <= x < 4294967296 ==> (x & 4294967288) == x - x % 8
(push 1)
(declare-const x (_ BitVec 32))
(check-sat)
(assert (not (= (bvand x #xfffffff8) (bvsub x (bvurem x #x00000008)))))
(check-sat)
(pop 1)

; --- size_ok (heap_alloc.c C_unsigned):
;   \forall integer size; 0 <= size < 4294967296 &&
;     (uint32_t)(size - 1) < 524288 ==> 1 <= size <= 524288
(push 1)
(declare-const size (_ BitVec 32))
(assert (bvult (bvsub size #x00000001) #x00080000))
(check-sat)
(assert (not (and (bvuge size #x00000001) (bvule size #x00080000))))
(check-sat)
(pop 1)

; --- ceil_fits (heap_alloc.c's former axiom Class_ceil_fits: no WP run
; assumes it now, heap_alloc.c uses heap_class_scheme.c's proved class_ceil
; contract; kept as a check of class_ceil's expression), the default
; layout the proofs use (SL = 4, SMALL = 128, VOS_HEAP_CLASSES = 224,
; HB_MIN = 24 with 32-bit pointers), lclz(v) the clz of v (as in
; heap_class.smt2: the value __builtin_clz returns):
;   \forall integer s; HB_MIN <= s <= 524312 && s % 8 == 0 ==>
;     0 <= cceil(s) < VOS_HEAP_CLASSES &&
;     (\forall integer j; cceil(s) <= j < VOS_HEAP_CLASSES ==> s <= low_of(j))
;   csh(s) = (uint32_t)((31 - SL) - (uint32_t)lclz(s | SMALL))
;   cceil(s) = (uint32_t)((uint32_t)((uint32_t)(csh(s) << SL) +
;              (uint32_t)((uint32_t)(s - 1) >> csh(s))) - ((3 << SL) - 1))
;   low_of(j) = cls_low(j), heap_class_scheme.h's table (below, literally;
;   below 224 no product exceeds 2^32). 0 <= cceil(s) holds of any
;   uint32_t value.
(define-fun cls_low ((j (_ BitVec 32))) (_ BitVec 32)
  (ite (bvult j #x00000020) (bvmul #x00000008 (bvsub j #x00000000))
    (ite (bvult j #x00000030) (bvmul #x00000010 (bvsub j #x00000010))
    (ite (bvult j #x00000040) (bvmul #x00000020 (bvsub j #x00000020))
    (ite (bvult j #x00000050) (bvmul #x00000040 (bvsub j #x00000030))
    (ite (bvult j #x00000060) (bvmul #x00000080 (bvsub j #x00000040))
    (ite (bvult j #x00000070) (bvmul #x00000100 (bvsub j #x00000050))
    (ite (bvult j #x00000080) (bvmul #x00000200 (bvsub j #x00000060))
    (ite (bvult j #x00000090) (bvmul #x00000400 (bvsub j #x00000070))
    (ite (bvult j #x000000a0) (bvmul #x00000800 (bvsub j #x00000080))
    (ite (bvult j #x000000b0) (bvmul #x00001000 (bvsub j #x00000090))
    (ite (bvult j #x000000c0) (bvmul #x00002000 (bvsub j #x000000a0))
    (ite (bvult j #x000000d0) (bvmul #x00004000 (bvsub j #x000000b0))
    (ite (bvult j #x000000e0) (bvmul #x00008000 (bvsub j #x000000c0))
    (bvmul #x00010000 (bvsub j #x000000d0))))))))))))))))
(push 1)
(declare-const s (_ BitVec 32))
(declare-const r (_ BitVec 32))
(declare-const j (_ BitVec 32))
(define-fun csh () (_ BitVec 32) (bvsub #x0000001b r))
(define-fun cceil () (_ BitVec 32)
  (bvsub (bvadd (bvshl csh #x00000004) (bvlshr (bvsub s #x00000001) csh)) #x0000002f))
(assert (and (bvuge s #x00000018) (bvule s #x00080018)))
(assert (= (bvurem s #x00000008) #x00000000))
(assert (and (bvult r #x00000020) (= (bvlshr (bvor s #x00000080) (bvsub #x0000001f r)) #x00000001)))
(check-sat)
(assert (not (and (bvult cceil #x000000e0)
                  (=> (and (bvule cceil j) (bvult j #x000000e0)) (bvule s (cls_low j))))))
(check-sat)
(pop 1)

; --- same_class_ab (heap_take_class.h Same_class: same_class_a and
; same_class_b), the default layout (SL = 4): the code's same-class test
; on two header words a and b (size | HB_FREE, below 2^20), with
; class_shift's result as heap_class_scheme.h's cls_sh (the value the
; heap_class_scheme run proves class_shift computes) of a or of b, holds
; exactly when the two sizes have the same class in its cls_floor (both
; tables below, literally; s / 2^k of s >= 0 is bvlshr):
;   \forall integer a, b; 0 < a < 1048576 && 0 < b < 1048576 &&
;     a % 8 == 1 && b % 8 == 1 ==>
;     ((((uint32_t)(a ^ b) >> cls_sh(a)) == 0) <==> cls_floor(a - 1) == cls_floor(b - 1))
;   (same_class_b: the same with cls_sh(b))
(define-fun cls_floor ((s (_ BitVec 32))) (_ BitVec 32)
  (ite (bvult s #x00000100) (bvadd #x00000000 (bvlshr s #x00000003))
    (ite (bvult s #x00000200) (bvadd #x00000010 (bvlshr s #x00000004))
    (ite (bvult s #x00000400) (bvadd #x00000020 (bvlshr s #x00000005))
    (ite (bvult s #x00000800) (bvadd #x00000030 (bvlshr s #x00000006))
    (ite (bvult s #x00001000) (bvadd #x00000040 (bvlshr s #x00000007))
    (ite (bvult s #x00002000) (bvadd #x00000050 (bvlshr s #x00000008))
    (ite (bvult s #x00004000) (bvadd #x00000060 (bvlshr s #x00000009))
    (ite (bvult s #x00008000) (bvadd #x00000070 (bvlshr s #x0000000a))
    (ite (bvult s #x00010000) (bvadd #x00000080 (bvlshr s #x0000000b))
    (ite (bvult s #x00020000) (bvadd #x00000090 (bvlshr s #x0000000c))
    (ite (bvult s #x00040000) (bvadd #x000000a0 (bvlshr s #x0000000d))
    (ite (bvult s #x00080000) (bvadd #x000000b0 (bvlshr s #x0000000e))
    (bvadd #x000000c0 (bvlshr s #x0000000f)))))))))))))))
(define-fun cls_sh ((s (_ BitVec 32))) (_ BitVec 32)
  (ite (bvult s #x00000100) #x00000003
    (ite (bvult s #x00000200) #x00000004
    (ite (bvult s #x00000400) #x00000005
    (ite (bvult s #x00000800) #x00000006
    (ite (bvult s #x00001000) #x00000007
    (ite (bvult s #x00002000) #x00000008
    (ite (bvult s #x00004000) #x00000009
    (ite (bvult s #x00008000) #x0000000a
    (ite (bvult s #x00010000) #x0000000b
    (ite (bvult s #x00020000) #x0000000c
    (ite (bvult s #x00040000) #x0000000d
    (ite (bvult s #x00080000) #x0000000e
    #x0000000f)))))))))))))
(push 1)
(declare-const a (_ BitVec 32))
(declare-const b (_ BitVec 32))
(assert (and (bvugt a #x00000000) (bvult a #x00100000)))
(assert (and (bvugt b #x00000000) (bvult b #x00100000)))
(assert (= (bvurem a #x00000008) #x00000001))
(assert (= (bvurem b #x00000008) #x00000001))
(check-sat)
(assert (not (and (= (= (bvlshr (bvxor a b) (cls_sh a)) #x00000000)
                     (= (cls_floor (bvsub a #x00000001)) (cls_floor (bvsub b #x00000001))))
                  (= (= (bvlshr (bvxor a b) (cls_sh b)) #x00000000)
                     (= (cls_floor (bvsub a #x00000001)) (cls_floor (bvsub b #x00000001)))))))
(check-sat)
(pop 1)

; --- unseal_wc, unseal_cw (heap_pfb_ok.c C_unseal), HB_MAGIC = 0xA5A5A5A5,
; seal(w, b) = (uint32_t)((uint32_t)(w ^ (uint32_t)(uintptr_t)b) ^ HB_MAGIC)
; (heap_model.h):
;   \forall blk_t *b, integer w, c; c == seal(w, b) ==>
;     (uint32_t)((uint32_t)(w ^ c) ^ (uint32_t)(uintptr_t)b) == HB_MAGIC
;   \forall blk_t *b, integer w, c; w == seal(c, b) ==>
;     (uint32_t)((uint32_t)(w ^ c) ^ (uint32_t)(uintptr_t)b) == HB_MAGIC
; The variables are read as 64-bit two's complement (w and c may be any
; integer of that range, the address a = (uintptr_t)b too); a (uint32_t)
; cast keeps the low 32 bits (lo). The second axiom is the first with w
; and c renamed, which ^ being commutative makes the same fact: both are
; checked.
(push 1)
(declare-const w (_ BitVec 64))
(declare-const c (_ BitVec 64))
(declare-const a (_ BitVec 64))
(define-fun lo ((x (_ BitVec 64))) (_ BitVec 32) ((_ extract 31 0) x))
(define-fun seal ((x (_ BitVec 64)) (p (_ BitVec 64))) (_ BitVec 64)
  ((_ zero_extend 32) (bvxor (lo (bvxor x ((_ zero_extend 32) (lo p)))) #xa5a5a5a5)))
(define-fun unsealed ((x (_ BitVec 64)) (y (_ BitVec 64)) (p (_ BitVec 64))) Bool
  (= (lo (bvxor ((_ zero_extend 32) (lo (bvxor x y))) ((_ zero_extend 32) (lo p)))) #xa5a5a5a5))
(check-sat)
(assert (not (and (=> (= c (seal w a)) (unsealed w c a))
                  (=> (= w (seal c a)) (unsealed w c a)))))
(check-sat)
(pop 1)

; --- lead_small (heap_init.c C_lead), vos_heap_init's lead, m the 32-bit
; (uintptr_t)mem:
;   \forall void *mem; 0 <= hi_lead(mem) <= 7, where
;   hi_lead(mem) = (uint32_t)(((uint32_t)((uintptr_t)mem + 7) & 4294967288) - (uintptr_t)mem)
;   WP's logic may read the cast (uintptr_t)mem as an unbounded integer
;   (Typed+cast: int_of_addr), not a 32-bit one. hi_lead depends only on
;   that integer modulo 2^32: (uint32_t)(m + 7) is (m mod 2^32 + 7) mod
;   2^32, the & with the 32-bit mask stays below 2^32, and the outer
;   (uint32_t) of x - m is (x - m mod 2^32) mod 2^32. So hi_lead(m) ==
;   hi_lead(m mod 2^32), and this check over every 32-bit m gives the
;   axiom for every integer m.
(push 1)
(declare-const m (_ BitVec 32))
(check-sat)
(assert (not (bvule (bvsub (bvand (bvadd m #x00000007) #xfffffff8) m) #x00000007)))
(check-sat)
(pop 1)

; --- clr_prev (heap_alloc_list_ens4.c C_clr_prev), HB_PREV_FREE = 2:
;   \forall integer w; 0 <= w < 4294967296 ==>
;     (uint32_t)(w & ~HB_PREV_FREE) == (w & 4294967293)
; (~2 is -3, all ones but bit 1 in 64-bit two's complement; the cast
; keeps the low 32 bits, lo)
(push 1)
(declare-const w (_ BitVec 64))
(define-fun lo ((x (_ BitVec 64))) (_ BitVec 64) ((_ zero_extend 32) ((_ extract 31 0) x)))
(assert (bvult w #x0000000100000000))
(check-sat)
(assert (not (= (lo (bvand w (bvnot #x0000000000000002))) (bvand w #x00000000fffffffd))))
(check-sat)
(pop 1)

; --- low3_mod (heap_merge_class.h C_low3): the low three bits of a 32-bit
; word are its remainder by 8:
;   \forall integer x; 0 <= x < 4294967296 ==> (x & 7) == x % 8
(push 1)
(declare-const x (_ BitVec 32))
(check-sat)
(assert (not (= (bvand x #x00000007) (bvurem x #x00000008))))
(check-sat)
(pop 1)
