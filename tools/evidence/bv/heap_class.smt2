; SPDX-License-Identifier: MIT
;
; The TLSF heap's class scheme (kernel/heap.c) in 32-bit bit-vector
; arithmetic, for both layouts the configuration accepts
; (VOS_CFG_HEAP_SL_LOG2 3 or 4) and every VOS_CFG_HEAP_MAX_LOG2 it accepts
; (12 .. 31). Each function below is the code's, operation for operation:
; uint32_t arithmetic is arithmetic modulo 2^32, which is what QF_BV's
; bvadd, bvsub and bvshl are; >> on uint32_t is bvlshr.
; __builtin_clz(v) for v != 0 is the r with 2^(31-r) <= v < 2^(32-r),
; i.e. v >> (31 - r) == 1: the contract tools/evidence/wp/heap_put.c
; states for it; every v here is s | SMALL, never 0.
;
; Convention of this directory (tools/evidence/run.py bv): each fact is
; a (push 1) block that asserts its hypotheses, asks (check-sat), which
; must answer sat (the hypotheses can hold: the fact is not vacuous),
; then asserts the negation of the fact and asks again, which must answer
; unsat (no value of the variables contradicts it). Z3 and CVC4 must
; both agree.

(set-logic QF_BV)
(set-option :produce-models false)

; The layout: SL = VOS_CFG_HEAP_SL_LOG2, MAX = VOS_CFG_HEAP_MAX_LOG2.
(declare-const SL (_ BitVec 32))
(declare-const MAX (_ BitVec 32))
(assert (or (= SL #x00000003) (= SL #x00000004)))
(assert (and (bvuge MAX #x0000000c) (bvule MAX #x0000001f)))
(define-fun SMALL () (_ BitVec 32) (bvshl #x00000001 (bvadd SL #x00000003)))
(define-fun SL_COUNT () (_ BitVec 32) (bvshl #x00000001 SL))
(define-fun SL_MASK () (_ BitVec 32) (bvsub SL_COUNT #x00000001))
; VOS_HEAP_CLASSES = (MAX - SL - 2) * 2^SL (include/vaios/heap.h)
(define-fun CLASSES () (_ BitVec 32) (bvshl (bvsub (bvsub MAX SL) #x00000002) SL))

; r is __builtin_clz(v).
(define-fun is_clz ((v (_ BitVec 32)) (r (_ BitVec 32))) Bool
  (and (bvult r #x00000020) (= (bvlshr v (bvsub #x0000001f r)) #x00000001)))
; class_shift(s) = (31 - SL) - clz(s | SMALL), r its clz.
(define-fun shift ((r (_ BitVec 32))) (_ BitVec 32)
  (bvsub (bvsub #x0000001f SL) r))
; class_floor(s) = ((sh - 3) << SL) + (s >> sh).
(define-fun floor ((s (_ BitVec 32)) (r (_ BitVec 32))) (_ BitVec 32)
  (bvadd (bvshl (bvsub (shift r) #x00000003) SL) (bvlshr s (shift r))))
; class_ceil(s) = (sh << SL) + ((s - 1) >> sh) - ((3 << SL) - 1).
(define-fun ceil ((s (_ BitVec 32)) (r (_ BitVec 32))) (_ BitVec 32)
  (bvsub (bvadd (bvshl (shift r) SL) (bvlshr (bvsub s #x00000001) (shift r)))
         (bvsub (bvshl #x00000003 SL) #x00000001)))
; class_low(idx): fl = idx >> SL, sl = idx & SL_MASK;
; fl == 0 ? sl * 8 : (SL_COUNT + sl) << (fl + 2).
(define-fun low ((idx (_ BitVec 32))) (_ BitVec 32)
  (ite (= (bvlshr idx SL) #x00000000)
       (bvmul (bvand idx SL_MASK) #x00000008)
       (bvshl (bvadd SL_COUNT (bvand idx SL_MASK)) (bvadd (bvlshr idx SL) #x00000002))))

; --- same_class: the code's same-class test. take (bw, rw), free_general
; (mw, pw) and heap_free (mw, nw) keep a block in its list when
; ((x ^ y) >> class_shift(y)) == 0: that holds exactly when class_floor(x)
; == class_floor(y), for every pair of 32-bit words (sizes with or without
; their flag bits: the flags are below bit 3 and class_shift is at least 3).
(push 1)
(declare-const x (_ BitVec 32))
(declare-const y (_ BitVec 32))
(declare-const rx (_ BitVec 32))
(declare-const ry (_ BitVec 32))
(assert (is_clz (bvor x SMALL) rx))
(assert (is_clz (bvor y SMALL) ry))
(check-sat)
(assert (not (= (= (bvlshr (bvxor x y) (shift ry)) #x00000000)
                (= (floor x rx) (floor y ry)))))
(check-sat)
(pop 1)

; --- same_class_flags: the flags do not change the class: class_floor of
; a size with flag bits (below 8) is class_floor of the size.
(push 1)
(declare-const s (_ BitVec 32))
(declare-const f (_ BitVec 32))
(declare-const rs (_ BitVec 32))
(declare-const rf (_ BitVec 32))
(assert (= (bvand s #x00000007) #x00000000))
(assert (bvult f #x00000008))
(assert (is_clz (bvor s SMALL) rs))
(assert (is_clz (bvor (bvor s f) SMALL) rf))
(check-sat)
(assert (not (= (floor (bvor s f) rf) (floor s rs))))
(check-sat)
(pop 1)

; --- floor_in: class_floor(s) is a class (below VOS_HEAP_CLASSES) and s
; lies in its size interval [class_low(c), class_low(c + 1)), for every
; block size s below 2^MAX (an arena is smaller than 2^MAX bytes).
(push 1)
(declare-const s (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (bvult s (bvshl #x00000001 MAX)))
(assert (is_clz (bvor s SMALL) r))
(check-sat)
(assert (not (and (bvult (floor s r) CLASSES)
                  (bvule (low (floor s r)) s)
                  (or (= (bvadd (floor s r) #x00000001) CLASSES)
                      (bvult s (low (bvadd (floor s r) #x00000001)))))))
(check-sat)
(pop 1)

; --- low_up: class_low is strictly increasing over the classes, so every
; block of a class at or above class c holds class_low(c) bytes.
(push 1)
(declare-const j (_ BitVec 32))
(assert (bvult j (bvsub CLASSES #x00000001)))
(check-sat)
(assert (not (bvult (low j) (low (bvadd j #x00000001)))))
(check-sat)
(pop 1)

; --- ceil_lowest: for every block size the allocation computes (a
; multiple of 8 from 8 up to 2^(MAX-1) + 24: a request of at most
; VOS_HEAP_MAX_REQUEST = 2^(MAX-1) bytes plus its header, rounded),
; class_ceil(s) is a class, every block of it holds s (class_low >= s),
; and it is the lowest such class (the class below has smaller blocks).
(push 1)
(declare-const s (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (= (bvand s #x00000007) #x00000000))
(assert (bvuge s #x00000008))
(assert (bvule s (bvadd (bvshl #x00000001 (bvsub MAX #x00000001)) #x00000018)))
(assert (is_clz (bvor s SMALL) r))
(check-sat)
(assert (not (and (bvult (ceil s r) CLASSES)
                  (bvuge (low (ceil s r)) s)
                  (or (= (ceil s r) #x00000000)
                      (bvult (low (bvsub (ceil s r) #x00000001)) s)))))
(check-sat)
(pop 1)

; --- ceil_refuses: for every size s (a multiple of 8, any 32-bit value:
; heap_alloc_aligned's bs + align + HB_MIN can pass 2^MAX), class_ceil(s)
; is below VOS_HEAP_CLASSES exactly when the highest class's blocks hold
; s; so when no class holds s, the class the code computes is not a class
; and the allocation refuses (want >= VOS_HEAP_CLASSES), and otherwise
; class_ceil(s) is the lowest class that holds s (ceil_lowest's
; conclusion, here for every s).
(push 1)
(declare-const s (_ BitVec 32))
(declare-const r (_ BitVec 32))
(assert (= (bvand s #x00000007) #x00000000))
(assert (bvuge s #x00000008))
(assert (is_clz (bvor s SMALL) r))
(check-sat)
(assert (not (and (= (bvult (ceil s r) CLASSES) (bvuge (low (bvsub CLASSES #x00000001)) s))
                  (=> (bvult (ceil s r) CLASSES)
                      (and (bvuge (low (ceil s r)) s)
                           (or (= (ceil s r) #x00000000)
                               (bvult (low (bvsub (ceil s r) #x00000001)) s)))))))
(check-sat)
(pop 1)
