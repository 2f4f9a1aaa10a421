/* SPDX-License-Identifier: MIT */
/*
 * heap_free's fast path when b's successor n is free and listed and the
 * merged block keeps n's class (heap_free_fast.c's behavior
 * fast_replace: b takes n's place in its list) keeps the whole-heap
 * model's tiles and its free-list model (issue 34): tf_free_rpl ensures
 * tiled(h) and tlisted(h) after, composed from steps whose contracts are
 * proved in their own runs:
 *   g_nl, g_nu (run heap_tile_fast_rlq): n's list entry, the links as
 *        l_at, and n's list neighbours as tiles (ru, rd), before the call;
 *   g_rc_sep (heap_tile_fast_rc.h, proved by this run): the separations
 *        the call step needs, from lsep(h);
 *   tf_rep_call (heap_tile_fast_rc.h, runs heap_tile_fast_rc and
 *        heap_tile_fast_rc_cls): the call
 *        of heap_free and its effect on the headers and link words of
 *        every tile (no list model in its contract);
 *   g_rq (run heap_tile_fast_rlq): r_links and r_heads after the call;
 *   g_fr (run heap_tile_fast_rlg): the ghost update (g_join_mid, g_dnt,
 *        g_dnk): tlisted(h) and tiled(h) in the new numbering.
 * g_fr has no assigns clause: its contract states all this function
 * needs after it (its behaviors' ensures: tiled(h), tlisted(h)).
 * Run heap_tile_fast_rpl. No axiom, no admitted lemma.
 */
#include "heap_free_fast.c"
#include "heap_tile_model.h"
#include "heap_class_scheme.h"
#include "heap_list_model.h"
#include "heap_list_join.h"
#include "heap_tile_join_mid.h"
#include "heap_tile_fast_ren.h"
#include "heap_tile_fast_rl.h"
#include "heap_tile_fast_rc.h"

/* The link words of tile I's block at label Bc (before the call). */
#define NF0(I) \at(B(h, tG[(I)])->next_free, Bc)
#define PP0(I) \at(B(h, tG[(I)])->pprev, Bc)

/*@ RC_PRE
    requires rp_lsep: lsep(h);
    requires rp_ok: tiled(h) && tlisted(h);
    ensures rp_tiled: tiled(h);
    ensures rp_listed: tlisted(h);
    ensures rp_res: \result == VOS_OK && tn == \old(tn) - 1 &&
      tF[j] == 1 && bsize(j) == \old(bsize(j)) + \old(bsize(j + 1)) &&
      h->free_bytes == \old(h->free_bytes) + \old(bsize(j));
*/
int tf_free_rpl(vos_heap_t *h, void *p, uint32_t j)
{
    //@ ghost g_nl(h, j);
    //@ ghost g_nu(h, j);
    //@ ghost uint32_t k0 = lK[j + 1];
    //@ ghost uint32_t q0 = lP[j + 1];
    //@ ghost uint32_t u = g_ru(j, k0, q0);
    //@ ghost uint32_t d = g_rd(j, k0, q0);
    //@ assert a_fb: h->free_bytes == tS[tn];
    //@ ghost g_rc_sep(h, j, u, d);
    //@ assert a_h: \forall integer k; 0 <= k < LCLS ==> h->lists[k] == lblk(h, k, lN[k] - 1);
    int r;
    /* The state before the call (memory as at Pre: the ghost steps
     * above write nothing). */
Bc:
    r = tf_rep_call(h, p, j) /*@ ghost (u, d, k0) */;
    //@ assert q_h1: \forall integer k; 0 <= k < LCLS ==> \at(h->lists[k], Bc) == lblk(h, k, lN[k] - 1);
    //@ assert q_k: k0 == RK(j) && q0 == RQ(j) && 0 <= k0 < LCLS && 0 <= q0 < lN[k0];
    /*@ assert q_o1: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] &&
          !(k == k0 && q0 - 1 <= q <= q0 + 1) ==>
          0 <= lT[k][q] < tn && lT[k][q] != j && lT[k][q] != u && lT[k][q] != d; */
    /*@ assert q_o2: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] &&
          !(k == k0 && q0 - 1 <= q <= q0 + 1) ==>
          NF2(lT[k][q]) == NF0(lT[k][q]) && PP2(lT[k][q]) == PP0(lT[k][q]); */
    /*@ assert q_o3: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] &&
          !(k == k0 && q0 - 1 <= q <= q0 + 1) ==>
          NF0(lT[k][q]) == lblk(h, k, q - 1) &&
          PP0(lT[k][q]) == (q == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][q + 1]])->next_free); */
    /*@ assert q_o4: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] &&
          !(k == k0 && q0 - 1 <= q <= q0 + 1) ==>
          NF2(lT[k][q]) == lblk(h, k, q - 1) &&
          PP2(lT[k][q]) == (q == lN[k] - 1 ? &h->lists[k] : &B(h, tG[lT[k][q + 1]])->next_free); */
    /*@ assert q_o: \forall integer k, q; 0 <= k < LCLS && 0 <= q < lN[k] &&
          !(k == k0 && q0 - 1 <= q <= q0 + 1) ==> l_at(h, k, q); */
    //@ assert q_b: NF0(j + 1) == lblk(h, k0, q0 - 1);
    //@ assert q_b2: PP0(j + 1) == (q0 == lN[k0] - 1 ? &h->lists[k0] : &lblk(h, k0, q0 + 1)->next_free);
    /*@ assert q_bb: B(h, tG[j])->next_free == lblk(h, k0, q0 - 1) &&
          B(h, tG[j])->pprev == (q0 == lN[k0] - 1 ? &h->lists[k0] : &lblk(h, k0, q0 + 1)->next_free); */
    /*@ assert q_u1: q0 + 1 < lN[k0] ==> u != j && lblk(h, k0, q0 + 1) == B(h, tG[u]) &&
          NF2(u) == B(h, tG[j]) && PP2(u) == PP0(u); */
    //@ assert q_u2: q0 + 1 < lN[k0] ==> \at(l_at(h, k0, q0 + 1), Bc) && lT[k0][q0 + 1] == u;
    /*@ assert q_u3: q0 + 1 < lN[k0] ==> PP0(u) == (q0 + 1 == lN[k0] - 1 ? &h->lists[k0] :
          &lblk(h, k0, q0 + 2)->next_free); */
    /*@ assert q_u: q0 + 1 < lN[k0] ==>
          lblk(h, k0, q0 + 1)->next_free == B(h, tG[j]) &&
          lblk(h, k0, q0 + 1)->pprev == (q0 + 1 == lN[k0] - 1 ? &h->lists[k0] :
            &lblk(h, k0, q0 + 2)->next_free); */
    /*@ assert q_d1: q0 >= 1 ==> d != j && lblk(h, k0, q0 - 1) == B(h, tG[d]) &&
          NF2(d) == NF0(d) && PP2(d) == &B(h, tG[j])->next_free && lT[k0][q0 - 1] == d; */
    //@ assert q_d2: q0 >= 1 ==> \at(l_at(h, k0, q0 - 1), Bc);
    /*@ assert q_d: q0 >= 1 ==>
          lblk(h, k0, q0 - 1)->next_free == lblk(h, k0, q0 - 2) &&
          lblk(h, k0, q0 - 1)->pprev == &B(h, tG[j])->next_free; */
    //@ assert q_h0: (u == j) <==> (q0 == lN[k0] - 1);
    /*@ assert q_h2: \forall integer k; 0 <= k < LCLS ==>
          h->lists[k] == (u == j && k == k0 ? B(h, tG[j]) : \at(h->lists[k], Bc)); */
    //@ assert q_ha: u == j ==> h->lists[k0] == B(h, tG[j]);
    /*@ assert q_hb: \forall integer k; 0 <= k < LCLS && !(u == j && k == k0) ==>
          h->lists[k] == lblk(h, k, lN[k] - 1); */
    /*@ assert q_h: \forall integer k; 0 <= k < LCLS ==>
          h->lists[k] == (k == k0 && q0 == lN[k0] - 1 ? B(h, tG[j]) : lblk(h, k, lN[k] - 1)); */
    //@ ghost g_rq(h, j);
    //@ assert r_mem: l_mem(h) && l_ent(h) && gseq(h->total) && h->total < 1048576;
    //@ assert r_n: \forall integer c; 0 <= c < LCLS ==> lN[c] < TMAX;
    //@ assert r_fb: h->free_bytes == tS[tn] + bsize(j) && tS[tn] + bsize(j) < 4294967296;
    //@ assert r_mf: h->min_free <= tS[tn] && h->free_bytes == \at(h->free_bytes, Pre) + \at(bsize(j), Pre);
    //@ assert r_sent: sentinel(h);
    //@ assert r_top: tile_top(h);
    /*@ assert r_l: l_mem(h) && l_ent(h) &&
          cls_floor(bsize(j) + bsize(j + 1)) == cls_floor(bsize(j + 1)) &&
          r_links(h, j) && r_heads(h, j); */
    /*@ assert r_t: (\forall integer i; 0 <= i < tn && i != j ==> hdr(h, tG[i], hword(i))) &&
          hdr(h, tG[j], bsize(j) + bsize(j + 1) + 1) && sentinel(h) &&
          h->free_bytes == tS[tn] + bsize(j) && h->min_free <= tS[tn] && tile_top(h); */
    //@ ghost g_fr(h, h->total, j);
    return r;
}
