/* SPDX-License-Identifier: MIT */
/*
 * heap_free's simplest free as a whole operation in the whole-heap model
 * (issue 34): free_general's case "alone" with n in use (kernel/heap.c:
 * b in use, its predecessor in use (no HB_PREV_FREE in b's word), its
 * successor n in use and a real block, so b is not the last block and
 * put_free files it in a list) keeps tiled(h) (heap_tile_model.h: I1, I2,
 * I4's top clause, I6) and tlisted(h) (heap_list_model.h: I4's lists),
 * with the ghost model updated: tile j (b) free (tF[j] = 1), the prefix
 * sums above it up by its size (tS[i] += size for i > j), pushed on the
 * list of its class (lN, lT, lK, lP as heap_list.c's g_push sets them).
 *
 * What the code does in that case (free_general, then put_free):
 *   free_bytes += sz; frees++; hb_seal(n, nw | HB_PREV_FREE);
 *   hb_seal(b, sz | HB_FREE); *hb_tag(b, sz) = b;
 *   list_push(h, b, class_floor(sz));
 * Here it is two declared steps (never defined), each the effect of a
 * proved contract:
 *  - alone_step, everything before list_push: its ensures are
 *    heap_free_gen.h's behavior alone's (proved by the heap_free_gen run:
 *    free_bytes and frees, b's and n's headers, b's boundary tag); its
 *    assigns are the locations of free_general's default assigns that
 *    the code writes before list_push (the others, the lists, b's links
 *    and the bitmaps, are list_push's; h->top and h->top_size are kept:
 *    put_free's behavior listed, heap_put.c, proved by the heap_put run);
 *  - list_push, as heap_list.c's push_step (list_push's proved contract,
 *    heap_i5.c, the same text: heap_i5_spec.h), through heap_list.c's
 *    l_push_proof
 *    (proved by the heap_list_push run): called by its contract here, it
 *    is push_step on b with k = cls_floor(sz), the class class_floor
 *    computes (heap_class_scheme.c's cf_val; put_free files b in
 *    lists[cls_floor(sz)]: its pf_class, proved by the heap_class_put
 *    run), and keeps tlisted(h) with tF[j] set, and i5(h) (a
 *    precondition of list_push: tile_put_alone requires i5(h) and
 *    carries it, alone_step writing no list, bitmap or link).
 * That the two steps are free_general's writes in this order, and that
 * list_push's effect (the old head's back link, which no proved contract
 * of put_free or free_general states: heap_free_gen.h's alone says "b
 * heads some list k") is put_free's last statement, is read from the
 * code, not proved.
 *
 * Runs (every function's contract proved in its run; the calls use the
 * callees' contracts):
 *  - heap_tile_put_seq (heap_tile_put_seq.c): g_i6 (I6 at a tile in use,
 *    a ghost loop) and g_put_seq (the tiles' update: the sums above j up
 *    by j's size, a ghost loop: gseq again, from gseq with tile j's flag
 *    set and its sum not yet);
 *  - heap_tile_put_hdrs (heap_tile_put_at.c, without the list model's
 *    context since session 30): g_put_at (tile j's offsets, sizes,
 *    headers and separation, from tiled(h)), g_join_hdrs
 *    (heap_tile_join_hdrs.h: every block's header from the headers
 *    below j, at j and j + 1, and above) and g_put_post (after the
 *    push: g_put_seq and g_join_hdrs give tiled(h));
 *  - heap_tile_put_step: tile_put_step (alone_step on the model: the
 *    headers it writes, every other header, the sentinel, the counters,
 *    the top and tlisted(h) kept) and tile_put_push (l_push_proof with
 *    its frame on the tiles' headers and the descriptor as ensures);
 *  - heap_tile_put: tile_put_alone, the case itself: tile_put_step, then
 *    tile_put_push, then g_put_post; tiled(h) and tlisted(h) after.
 *
 * Assumptions: heap_model.h's, heap_tile_model.h's (or_flag, an axiom;
 * arena_sep) and heap_list.c's (lsep, lp_cap: preconditions); and, as
 * preconditions of tile_put_alone:
 *  - tp_tag: b's boundary tag (tagp(b, sz), the word that ends at b's
 *    end) is valid and apart from the descriptor and from every tile's
 *    blk_t (flat memory: the last word of a block of at least HB_MIN =
 *    24 bytes lies past its own blk_t's 16 bytes and before the next
 *    block);
 *  - tp_or2: (nw | HB_PREV_FREE) == nw + HB_PREV_FREE for n's word nw,
 *    a multiple of 8 (bit 1 of nw is 0: C11 6.5.12), an instance of a
 *    fact proved for every 32-bit multiple of 8 in bit-vector logic
 *    (tools/evidence/bv/heap_tile_put.smt2, or_prev); WP's provers do
 *    not relate | to +.
 * No new axiom, no lemma.
 *
 * The code is kernel/heap.c itself, included (through heap_list.c) for
 * its types only: this file adds ghost functions and one C function over
 * declared steps.
 */
#include "heap_tile_put_at.c"
#include "heap_list.c"


/* free_general's alone case up to its list_push (kernel/heap.c:
 * free_bytes += sz; frees++; hb_seal(n, nw | HB_PREV_FREE); then
 * put_free's hb_seal(b, sz | HB_FREE); *hb_tag(b, sz) = b), with b's word
 * w == sz (b in use, no HB_PREV_FREE: FG_SZ(w) is sz). Declared, never
 * defined. Its requires are heap_free_gen.h's FG_ALONE_PRE but the list
 * heads' (which concern list_push: l_push_proof's preconditions), and
 * behavior alone's b->size == w, n->size == nw; its ensures are behavior
 * alone's (proved by the heap_free_gen run): as_fb its free_bytes and
 * frees, as_n and as_b its headers of n and b, as_tag its "*tagp(b,
 * FG_SZ(w)) == b" (b not at the end); its assigns are the locations of
 * free_general's default assigns (heap_free_gen.h) that the code writes
 * before list_push. */
/*@ requires \valid(h) && \valid(b) && \separated(b, h);
    requires HB_MIN <= sz < 1048576 && h->free_bytes + sz <= 4294967295;
    requires b->size == sz && n->size == nw;
    requires \valid(&n->size) && \valid(&n->check) &&
      \separated(&n->size, b) && \separated(&n->check, b) &&
      \separated(&n->size, h) && \separated(&n->check, h);
    requires \valid(tagp(b, sz)) && \separated(tagp(b, sz), h) && \separated(tagp(b, sz), b) &&
      \separated(tagp(b, sz), &n->size) && \separated(tagp(b, sz), &n->check);
    assigns h->free_bytes, h->frees, n->size, n->check, b->size, b->check, *tagp(b, sz);
    ensures as_fb: h->free_bytes == \old(h->free_bytes) + sz &&
      h->frees == (uint32_t)(\old(h->frees) + 1);
    ensures as_n: n->size == (nw | HB_PREV_FREE) && n->check == seal(nw | HB_PREV_FREE, n);
    ensures as_b: b->size == (sz | HB_FREE) && b->check == seal(sz | HB_FREE, b);
    ensures as_tag: *tagp(b, sz) == b;
*/
void alone_step(vos_heap_t *h, blk_t *b, uint32_t sz, blk_t *n, uint32_t nw);

/* The preconditions of tile_put_alone, below, and of tile_put_step. */
#define TP_PRE \
    \valid(h) && arena(h) && arena_sep(h) && tiled(h) && lsep(h) && tlisted(h) && i5(h) && \
    0 <= j && j + 1 < tn && tF[j] == 0 && tF[j + 1] == 0 && (j == 0 || tF[j - 1] == 0) && \
    b == B(h, tG[j]) && n == B(h, tG[j + 1]) && sz == bsize(j) && nw == bsize(j + 1) && \
    k == cls_floor(sz) && lN[k] + 1 < TMAX && \
    TP_TAG(h, b, sz) && \
    (nw | HB_PREV_FREE) == nw + HB_PREV_FREE

/* alone_step on the model (no ghost update): tile j's and j + 1's
 * headers as the free makes them (tF[j] not yet set), every other header,
 * the sentinel, the counters, the top and the lists as they were. A C
 * function of this file that only calls alone_step (and g_put_at): its
 * small context does the memory reasoning, which tile_put_alone only
 * uses (as heap_tile_take.c's take_at). */
/*@ requires TP_PRE;
    assigns h->free_bytes, h->frees, n->size, n->check, b->size, b->check, *tagp(b, sz);
    ensures ts_keep: arena(h) && gseq(h->total) && lsep(h) && tlisted(h) &&
      h->total == \old(h->total);
    ensures ts_i5: i5(h);
    ensures ts_j: hdr(h, tG[j], bsize(j) + 1) && hdr(h, tG[j + 1], bsize(j + 1) + 2);
    ensures ts_lo: \forall integer i; 0 <= i < j ==> hdr(h, tG[i], hword(i));
    ensures ts_hi: \forall integer i; j + 2 <= i < tn ==> hdr(h, tG[i], hword(i));
    ensures ts_sent: sentinel(h);
    ensures ts_fb: h->free_bytes == tS[tn] + bsize(j) && h->min_free <= h->free_bytes;
    ensures ts_top: tile_top(h);
    ensures ts_s: \forall integer i; j < i <= tn ==> tS[i] + bsize(j) <= h->total;
    ensures ts_hk: h->lists[k] == \null || \separated(h->lists[k], h);
    ensures ts_base: \forall integer i; 0 <= i <= tn ==> \base_addr(B(h, tG[i])) != \base_addr(h);
*/
void tile_put_step(vos_heap_t *h, blk_t *b, blk_t *n, uint32_t sz, uint32_t nw, uint32_t j,
                   uint32_t k)
{
    /*@ ghost g_put_at(h, j); */
    //@ assert a_t1: lN[k] >= 1 ==> h->lists[k] == B(h, tG[lT[k][lN[k] - 1]]) && lfree(lT[k][lN[k] - 1]);
    //@ assert a_hk: h->lists[k] == \null || \separated(h->lists[k], h);
    //@ assert a_hj: hdr(h, tG[j], sz) && hdr(h, tG[j + 1], nw);
    //@ assert a_bs: \valid(b) && \separated(b, h) && \separated(b, n);
    alone_step(h, b, sz, n, nw);
    //@ assert s_or1: sz % 8 == 0 && (sz | HB_FREE) == sz + 1;
    //@ assert s_b: b->size == sz + 1 && b->check == seal(sz + 1, b) && b == B(h, tG[j]);
    //@ assert s_n: n->size == nw + 2 && n->check == seal(nw + 2, n) && n == B(h, tG[j + 1]);
    //@ assert s_hj: hdr(h, tG[j], sz + 1) && hdr(h, tG[j + 1], nw + 2);
    //@ assert s_lo: \forall integer i; 0 <= i < j ==> hdr(h, tG[i], hword(i));
    //@ assert s_hi: \forall integer i; j + 2 <= i < tn ==> hdr(h, tG[i], hword(i));
    //@ assert s_sent: hdr(h, h->total, 2 * tF[tn - 1]);
    //@ assert s_fb: h->free_bytes == \at(h->free_bytes, Pre) + sz && h->min_free == \at(h->min_free, Pre);
    //@ assert s_top: h->top == \at(h->top, Pre) && h->top_size == \at(h->top_size, Pre) && h->total == \at(h->total, Pre);
    //@ assert s_hd: \forall integer k1; 0 <= k1 < LCLS ==> h->lists[k1] == \at(h->lists[k1], Pre);
    /*@ assert s_lk: \forall integer i; 0 <= i < tn ==>
          B(h, tG[i])->next_free == \at(B(h, tG[i])->next_free, Pre) &&
          B(h, tG[i])->pprev == \at(B(h, tG[i])->pprev, Pre); */
    //@ assert s_lh: l_heads(h);
    //@ assert s_ll: l_links(h);
    //@ assert s_tl: tlisted(h);
    //@ assert s_ar: arena(h);
    /* i5(h) (ts_i5) by its four parts, after the bitmaps' frame: each
     * a goal of 2 s or less at a load of 10 (CVC4), against 14-16 s for
     * ts_i5 as one goal from the asserts above. */
    //@ assert s_sm: \forall integer f; 0 <= f < VOS_HEAP_FL_COUNT ==> h->sl_map[f] == \at(h->sl_map[f], Pre);
    //@ assert s_fm: h->fl_map == \at(h->fl_map, Pre);
    //@ assert s_i5a: i5_sl(h);
    //@ assert s_i5b: i5_sl_hi(h);
    //@ assert s_i5c: i5_fl(h);
    //@ assert s_i5d: i5_fl_hi(h);
}

/* l_push_proof with its frame on the tiles' header words and the
 * descriptor's counters and top stated as ensures (a small context for
 * the memory reasoning, which tile_put_alone then only instantiates). */
/*@ requires \valid(h) && arena(h) && arena_sep(h) && gseq(h->total) && lsep(h) && tlisted(h);
    requires 0 <= j && j + 1 < tn && tF[j] == 0 && b == B(h, tG[j]);
    requires k == cls_floor(bsize(j)) && lN[k] + 1 < TMAX;
    requires pu_i5: i5(h);
    requires pu_hk: h->lists[k] == \null || \separated(h->lists[k], h);
    requires pu_base: \forall integer i; 0 <= i <= tn ==> \base_addr(B(h, tG[i])) != \base_addr(h);
    assigns h->lists[k], b->next_free, b->pprev, h->lists[k]->pprev,
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map,
            tF[j], lN[k], lT[k][lN[k]], lK[j], lP[j];
    ensures pu_ok: tlisted(h);
    ensures pu_i5: i5(h);
    ensures pu_f: tF[j] == 1 && lN[k] == \old(lN[k]) + 1 && lT[k][lN[k] - 1] == j &&
      h->lists[k] == b;
    ensures pu_w: \forall integer i; 0 <= i <= tn ==>
      B(h, tG[i])->size == \old(B(h, tG[i])->size) && B(h, tG[i])->check == \old(B(h, tG[i])->check);
    ensures pu_h: h->top == \old(h->top) && h->top_size == \old(h->top_size) &&
      h->total == \old(h->total) && h->free_bytes == \old(h->free_bytes) &&
      h->min_free == \old(h->min_free);
*/
void tile_put_push(vos_heap_t *h, blk_t *b, uint32_t j, uint32_t k)
{
    l_push_proof(h, b, j, k);
}

/* free_general's alone case with n in use, b tile j (in use, its
 * neighbours in use, not the last): alone_step (tile_put_step), then
 * list_push (tile_put_push, l_push_proof: push_step, tF[j] set, the
 * lists' ghost update), then the sums and headers (g_put_post): tiled(h) and
 * tlisted(h) kept. */
/*@ requires tp_pre: TP_PRE;
    assigns h->free_bytes, h->frees, n->size, n->check, b->size, b->check, *tagp(b, sz),
            h->lists[k], b->next_free, b->pprev, h->lists[k]->pprev,
            h->sl_map[0 .. VOS_HEAP_FL_COUNT - 1], h->fl_map,
            tF[j], lN[k], lT[k][lN[k]], lK[j], lP[j], tS[j + 1 .. tn];
    ensures tp_tiled: tiled(h);
    ensures tp_listed: tlisted(h);
    ensures tp_i5: i5(h);
    ensures tp_f: tF[j] == 1 && lN[k] == \old(lN[k]) + 1 && lT[k][lN[k] - 1] == j &&
      h->lists[k] == b;
    ensures tp_s: \forall integer i; j + 1 <= i <= tn ==> tS[i] == \old(tS[i]) + sz;
*/
void tile_put_alone(vos_heap_t *h, blk_t *b, blk_t *n, uint32_t sz, uint32_t nw, uint32_t j,
                    uint32_t k)
{
    tile_put_step(h, b, n, sz, nw, j, k);
Lp:
    tile_put_push(h, b, j, k);
    //@ assert p_f: tF[j] == 1 && \forall integer i; 0 <= i < tn && i != j ==> tF[i] == \at(tF[i], Lp);
    //@ assert p_top: h->top == \at(h->top, Lp) && h->top_size == \at(h->top_size, Lp) && h->total == \at(h->total, Lp);
    //@ assert p_fb: h->free_bytes == \at(h->free_bytes, Lp) && h->min_free == \at(h->min_free, Lp);
    //@ assert p_hj: hdr(h, tG[j], bsize(j) + 1) && hdr(h, tG[j + 1], bsize(j + 1) + 2);
    //@ assert p_wlo: \forall integer i; 0 <= i < j ==> hword(i) == \at(hword(i), Lp);
    //@ assert p_whi: \forall integer i; j + 1 < i < tn ==> hword(i) == \at(hword(i), Lp);
    //@ assert p_lo0: \forall integer i; 0 <= i < j ==> hdr(h, tG[i], \at(hword(i), Lp));
    //@ assert p_hi0: \forall integer i; j + 2 <= i < tn ==> hdr(h, tG[i], \at(hword(i), Lp));
    //@ assert p_lo: \forall integer i; 0 <= i < j ==> hdr(h, tG[i], hword(i));
    //@ assert p_hi: \forall integer i; j + 2 <= i < tn ==> hdr(h, tG[i], hword(i));
    //@ assert p_last: tn - 1 != j && tF[tn - 1] == \at(tF[tn - 1], Lp);
    //@ assert p_sent0: hdr(h, h->total, 2 * \at(tF[tn - 1], Lp));
    //@ assert p_sent: hdr(h, h->total, 2 * tF[tn - 1]);
    //@ assert p_but: gseq_but(h->total, j);
    //@ assert p_sj: tS[j + 1] == tS[j] && \forall integer i; j < i <= tn ==> tS[i] + bsize(j) <= h->total;
    //@ assert p_cnt: h->free_bytes == tS[tn] + bsize(j) && h->min_free <= h->free_bytes;
    //@ assert p_tt: tile_top(h);
    /*@ ghost g_put_post(h, j, h->total); */
}
