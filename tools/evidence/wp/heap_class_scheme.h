/* SPDX-License-Identifier: MIT */
/*
 * The TLSF heap's class scheme in logic (issue 34), for
 * heap_class_scheme.c (the code's contracts) and
 * heap_class_scheme_lemmas.c (the lemmas' proof, without the kernel in
 * its goals' context). The default layout (SL = 4, sizes below 2^20 =
 * 2^VOS_CFG_HEAP_MAX_LOG2), written out per shift so that every step is
 * linear arithmetic: cls_sh(s) is the shift class_shift computes (3 below
 * 256, else floor(log2 s) - 4), cls_floor(s) and cls_ceil(s) the classes
 * class_floor and class_ceil compute, cls_low(j) the smallest block size
 * of class j (class_low), for j <= VOS_HEAP_CLASSES (224). The per-shift
 * lemmas are generated text (one per shift k = 3 .. 15 or first level
 * f = 1 .. 14); the general lemmas after them are proved from them (WP's
 * range tactic splits a bounded variable k, f, r or idx into its values,
 * its bit-shift tactic turns a constant shift into a product or
 * quotient, its bit-range tactic bounds x | c). Every lemma here is
 * proved by the heap_class_scheme_lemmas run; none is assumed. The one
 * axiom the proof uses is heap_put.c's C_or (restated in
 * heap_class_scheme_lemmas.c, which does not include heap_put.c).
 */
#ifndef EV_WP_HEAP_CLASS_SCHEME_H
#define EV_WP_HEAP_CLASS_SCHEME_H

/*@ logic integer cls_sh(integer s) =
      s < 256 ? 3 :
      s < 512 ? 4 :
      s < 1024 ? 5 :
      s < 2048 ? 6 :
      s < 4096 ? 7 :
      s < 8192 ? 8 :
      s < 16384 ? 9 :
      s < 32768 ? 10 :
      s < 65536 ? 11 :
      s < 131072 ? 12 :
      s < 262144 ? 13 :
      s < 524288 ? 14 :
      15;
    logic integer cls_floor(integer s) =
      s < 256 ? 0 + s / 8 :
      s < 512 ? 16 + s / 16 :
      s < 1024 ? 32 + s / 32 :
      s < 2048 ? 48 + s / 64 :
      s < 4096 ? 64 + s / 128 :
      s < 8192 ? 80 + s / 256 :
      s < 16384 ? 96 + s / 512 :
      s < 32768 ? 112 + s / 1024 :
      s < 65536 ? 128 + s / 2048 :
      s < 131072 ? 144 + s / 4096 :
      s < 262144 ? 160 + s / 8192 :
      s < 524288 ? 176 + s / 16384 :
      192 + s / 32768;
    logic integer cls_ceil(integer s) =
      s < 256 ? 1 + (s - 1) / 8 :
      s < 512 ? 17 + (s - 1) / 16 :
      s < 1024 ? 33 + (s - 1) / 32 :
      s < 2048 ? 49 + (s - 1) / 64 :
      s < 4096 ? 65 + (s - 1) / 128 :
      s < 8192 ? 81 + (s - 1) / 256 :
      s < 16384 ? 97 + (s - 1) / 512 :
      s < 32768 ? 113 + (s - 1) / 1024 :
      s < 65536 ? 129 + (s - 1) / 2048 :
      s < 131072 ? 145 + (s - 1) / 4096 :
      s < 262144 ? 161 + (s - 1) / 8192 :
      s < 524288 ? 177 + (s - 1) / 16384 :
      193 + (s - 1) / 32768;
    logic integer cls_low(integer j) =
      j < 32 ? 8 * j :
      j < 48 ? 16 * (j - 16) :
      j < 64 ? 32 * (j - 32) :
      j < 80 ? 64 * (j - 48) :
      j < 96 ? 128 * (j - 64) :
      j < 112 ? 256 * (j - 80) :
      j < 128 ? 512 * (j - 96) :
      j < 144 ? 1024 * (j - 112) :
      j < 160 ? 2048 * (j - 128) :
      j < 176 ? 4096 * (j - 144) :
      j < 192 ? 8192 * (j - 160) :
      j < 208 ? 16384 * (j - 176) :
      j < 224 ? 32768 * (j - 192) :
      65536 * (j - 208);

    // s | SMALL stays below the end of s's range (each a bit-range fact).
    lemma or_3: \forall integer s; 0 <= s < 256 ==> (s | 128) < 256;
    lemma or_4: \forall integer s; 0 <= s < 512 ==> (s | 128) < 512;
    lemma or_5: \forall integer s; 0 <= s < 1024 ==> (s | 128) < 1024;
    lemma or_6: \forall integer s; 0 <= s < 2048 ==> (s | 128) < 2048;
    lemma or_7: \forall integer s; 0 <= s < 4096 ==> (s | 128) < 4096;
    lemma or_8: \forall integer s; 0 <= s < 8192 ==> (s | 128) < 8192;
    lemma or_9: \forall integer s; 0 <= s < 16384 ==> (s | 128) < 16384;
    lemma or_10: \forall integer s; 0 <= s < 32768 ==> (s | 128) < 32768;
    lemma or_11: \forall integer s; 0 <= s < 65536 ==> (s | 128) < 65536;
    lemma or_12: \forall integer s; 0 <= s < 131072 ==> (s | 128) < 131072;
    lemma or_13: \forall integer s; 0 <= s < 262144 ==> (s | 128) < 262144;
    lemma or_14: \forall integer s; 0 <= s < 524288 ==> (s | 128) < 524288;
    lemma or_15: \forall integer s; 0 <= s < 1048576 ==> (s | 128) < 1048576;
    // A constant right shift of x >= 0 is a division (C11 6.5.7p5).
    lemma shr_3: \forall integer x; 0 <= x ==> (x >> 3) == x / 8;
    lemma shr_4: \forall integer x; 0 <= x ==> (x >> 4) == x / 16;
    lemma shr_5: \forall integer x; 0 <= x ==> (x >> 5) == x / 32;
    lemma shr_6: \forall integer x; 0 <= x ==> (x >> 6) == x / 64;
    lemma shr_7: \forall integer x; 0 <= x ==> (x >> 7) == x / 128;
    lemma shr_8: \forall integer x; 0 <= x ==> (x >> 8) == x / 256;
    lemma shr_9: \forall integer x; 0 <= x ==> (x >> 9) == x / 512;
    lemma shr_10: \forall integer x; 0 <= x ==> (x >> 10) == x / 1024;
    lemma shr_11: \forall integer x; 0 <= x ==> (x >> 11) == x / 2048;
    lemma shr_12: \forall integer x; 0 <= x ==> (x >> 12) == x / 4096;
    lemma shr_13: \forall integer x; 0 <= x ==> (x >> 13) == x / 8192;
    lemma shr_14: \forall integer x; 0 <= x ==> (x >> 14) == x / 16384;
    lemma shr_15: \forall integer x; 0 <= x ==> (x >> 15) == x / 32768;
    // class_low's shift at each first level f >= 1.
    lemma low_shl_1: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 3) == cls_low(16 + t);
    lemma low_shl_2: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 4) == cls_low(32 + t);
    lemma low_shl_3: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 5) == cls_low(48 + t);
    lemma low_shl_4: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 6) == cls_low(64 + t);
    lemma low_shl_5: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 7) == cls_low(80 + t);
    lemma low_shl_6: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 8) == cls_low(96 + t);
    lemma low_shl_7: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 9) == cls_low(112 + t);
    lemma low_shl_8: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 10) == cls_low(128 + t);
    lemma low_shl_9: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 11) == cls_low(144 + t);
    lemma low_shl_10: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 12) == cls_low(160 + t);
    lemma low_shl_11: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 13) == cls_low(176 + t);
    lemma low_shl_12: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 14) == cls_low(192 + t);
    lemma low_shl_13: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 15) == cls_low(208 + t);
    lemma low_shl_14: \forall integer t; 0 <= t < 16 ==> ((16 + t) << 16) == cls_low(224 + t);
    // class_floor's and class_ceil's expressions at each shift k.
    lemma floor_code_3: \forall integer s; 0 <= s < 256 ==> ((0 << 4) + (s >> 3)) == cls_floor(s);
    lemma floor_code_4: \forall integer s; 256 <= s < 512 ==> ((1 << 4) + (s >> 4)) == cls_floor(s);
    lemma floor_code_5: \forall integer s; 512 <= s < 1024 ==> ((2 << 4) + (s >> 5)) == cls_floor(s);
    lemma floor_code_6: \forall integer s; 1024 <= s < 2048 ==> ((3 << 4) + (s >> 6)) == cls_floor(s);
    lemma floor_code_7: \forall integer s; 2048 <= s < 4096 ==> ((4 << 4) + (s >> 7)) == cls_floor(s);
    lemma floor_code_8: \forall integer s; 4096 <= s < 8192 ==> ((5 << 4) + (s >> 8)) == cls_floor(s);
    lemma floor_code_9: \forall integer s; 8192 <= s < 16384 ==> ((6 << 4) + (s >> 9)) == cls_floor(s);
    lemma floor_code_10: \forall integer s; 16384 <= s < 32768 ==> ((7 << 4) + (s >> 10)) == cls_floor(s);
    lemma floor_code_11: \forall integer s; 32768 <= s < 65536 ==> ((8 << 4) + (s >> 11)) == cls_floor(s);
    lemma floor_code_12: \forall integer s; 65536 <= s < 131072 ==> ((9 << 4) + (s >> 12)) == cls_floor(s);
    lemma floor_code_13: \forall integer s; 131072 <= s < 262144 ==> ((10 << 4) + (s >> 13)) == cls_floor(s);
    lemma floor_code_14: \forall integer s; 262144 <= s < 524288 ==> ((11 << 4) + (s >> 14)) == cls_floor(s);
    lemma floor_code_15: \forall integer s; 524288 <= s < 1048576 ==> ((12 << 4) + (s >> 15)) == cls_floor(s);
    lemma ceil_code_3: \forall integer s; 1 <= s < 256 ==> ((3 << 4) + ((s - 1) >> 3) - 47) == cls_ceil(s);
    lemma ceil_code_4: \forall integer s; 256 <= s < 512 ==> ((4 << 4) + ((s - 1) >> 4) - 47) == cls_ceil(s);
    lemma ceil_code_5: \forall integer s; 512 <= s < 1024 ==> ((5 << 4) + ((s - 1) >> 5) - 47) == cls_ceil(s);
    lemma ceil_code_6: \forall integer s; 1024 <= s < 2048 ==> ((6 << 4) + ((s - 1) >> 6) - 47) == cls_ceil(s);
    lemma ceil_code_7: \forall integer s; 2048 <= s < 4096 ==> ((7 << 4) + ((s - 1) >> 7) - 47) == cls_ceil(s);
    lemma ceil_code_8: \forall integer s; 4096 <= s < 8192 ==> ((8 << 4) + ((s - 1) >> 8) - 47) == cls_ceil(s);
    lemma ceil_code_9: \forall integer s; 8192 <= s < 16384 ==> ((9 << 4) + ((s - 1) >> 9) - 47) == cls_ceil(s);
    lemma ceil_code_10: \forall integer s; 16384 <= s < 32768 ==> ((10 << 4) + ((s - 1) >> 10) - 47) == cls_ceil(s);
    lemma ceil_code_11: \forall integer s; 32768 <= s < 65536 ==> ((11 << 4) + ((s - 1) >> 11) - 47) == cls_ceil(s);
    lemma ceil_code_12: \forall integer s; 65536 <= s < 131072 ==> ((12 << 4) + ((s - 1) >> 12) - 47) == cls_ceil(s);
    lemma ceil_code_13: \forall integer s; 131072 <= s < 262144 ==> ((13 << 4) + ((s - 1) >> 13) - 47) == cls_ceil(s);
    lemma ceil_code_14: \forall integer s; 262144 <= s < 524288 ==> ((14 << 4) + ((s - 1) >> 14) - 47) == cls_ceil(s);
    lemma ceil_code_15: \forall integer s; 524288 <= s < 1048576 ==> ((15 << 4) + ((s - 1) >> 15) - 47) == cls_ceil(s);

    // The shift's range, and the facts class_shift's proof uses: the
    // clz bounds pin the shift of a word x in [128, 2^20), and s | SMALL
    // has the shift of s.
    lemma sh_range: \forall integer s; 3 <= cls_sh(s) <= 15;
    lemma sh_hi: \forall integer s, k; 0 <= s < 1048576 && 3 <= k <= 15 && k == cls_sh(s) ==>
      s < (1 << (k + 5));
    lemma clz_pin: \forall integer x, r; 0 <= r < 32 && 128 <= x < 1048576 &&
      (1 << (31 - r)) <= x && (r > 0 ==> x < (1 << (32 - r))) ==> 27 - r == cls_sh(x);
    lemma or_sh: \forall integer s; 0 <= s < 1048576 ==>
      128 <= (s | 128) < 1048576 && cls_sh(s | 128) == cls_sh(s);
    lemma shl4: \forall integer x; 0 <= x <= 15 ==> (x << 4) == x * 16;
    // The code's expressions, for the shift k of s.
    lemma floor_code: \forall integer s, k; 0 <= s < 1048576 && 3 <= k <= 15 && k == cls_sh(s) ==>
      ((k - 3) << 4) + (s >> k) == cls_floor(s);
    lemma ceil_code: \forall integer s, k; 1 <= s < 1048576 && 3 <= k <= 15 && k == cls_sh(s) ==>
      (k << 4) + ((s - 1) >> k) - 47 == cls_ceil(s);
    lemma low_code: \forall integer f, t; 1 <= f <= 14 && 0 <= t < 16 ==>
      ((16 + t) << (f + 2)) == cls_low(16 * f + t);

    // class_low's two paths in the code's terms (Qed writes idx >> 4 == 0
    // as idx & 0xFFFFFFF0 == 0); the range tactic checks each idx.
    lemma low_lvl0: \forall integer idx; 0 <= idx <= 224 ==> ((idx & 4294967280) == 0 <==> idx < 16);
    lemma low_code2: \forall integer idx; 16 <= idx <= 224 ==>
      (uint32_t)((uint32_t)(16 + (idx & 15)) << (uint32_t)(2 + (idx >> 4))) == cls_low(idx);

    // class_floor's and class_ceil's results in the code's uint32_t terms.
    lemma floor_word: \forall integer s, k; 0 < s < 1048576 && 3 <= k <= 15 && k == cls_sh(s) ==>
      (uint32_t)((uint32_t)((uint32_t)(k - 3) << 4) + (s >> k)) == cls_floor(s);
    lemma ceil_word: \forall integer s, k; 0 < s < 1048576 && 3 <= k <= 15 && k == cls_sh(s) ==>
      (uint32_t)((uint32_t)((uint32_t)(k << 4) + ((uint32_t)(s - 1) >> k)) - 47) == cls_ceil(s);

    // (a) A size s lies in its class's size range, and the class exists.
    lemma floor_in: \forall integer s; 0 <= s < 1048576 ==>
      0 <= cls_floor(s) < 224 && cls_low(cls_floor(s)) <= s < cls_low(cls_floor(s) + 1);
    // The classes' lowest sizes increase with the class.
    lemma low_mono: \forall integer i, j; 0 <= i < j <= 224 ==> cls_low(i) < cls_low(j);
    // (b) cls_ceil(s) is the lowest class whose every block holds s: its
    // lowest size is at least s, the class below's is not; it is s's own
    // class or the next.
    lemma ceil_in: \forall integer s; 1 <= s < 1048576 ==>
      cls_floor(s) <= cls_ceil(s) <= cls_floor(s) + 1 && 1 <= cls_ceil(s) <= 224 &&
      s <= cls_low(cls_ceil(s)) && cls_low(cls_ceil(s) - 1) < s;
    lemma ceil_lowest: \forall integer s, j; 1 <= s < 1048576 && 0 <= j < cls_ceil(s) ==>
      cls_low(j) < s;
    lemma ceil_holds: \forall integer s, j; 1 <= s < 1048576 && cls_ceil(s) <= j <= 224 ==>
      s <= cls_low(j);
    // heap_alloc's largest block size (a request of at most 2^19 bytes:
    // 2^19 + 8) has a class below VOS_HEAP_CLASSES.
    lemma ceil_alloc: \forall integer s; 1 <= s <= 524296 ==> cls_ceil(s) <= 209;
*/

#endif
