/* SPDX-License-Identifier: MIT */
/*
 * The two list-neighbour cases of free_general's merge with a free
 * predecessor P when b's successor n is free and listed (not the top):
 * n and P in one list, next to each other. Each macro replaces
 * heap_merge_prev_nin.h's MP_PRE_NAPART (n and P apart in the lists) in
 * a contract that otherwise states the case as heap_merge_prev_nin.c
 * (P grown in place, through its NI_NCASE) states it, or
 * heap_merge_prev_nrf.c (P re-filed, through its NR_NCASE); both include
 * this file, and their runs' cases (the case lines of
 * heap_merge_prev_nin*.wp and heap_merge_prev_nrf*.wp) set the macro
 * with -D:
 *  - MP_PRE_NPN, P just before n: n's referrer is P's link
 *    (n->pprev == &P->next_free, so P->next_free == n by MP_PRE_LINK_OF(n));
 *    list_unlink(h, n) then writes P's link (to n's successor) and n's
 *    successor's back link (to P's link). n's successor, if any, is not
 *    P (no two-block cycle), P's referrer is not inside it (it comes
 *    before P in the list) and in particular not its back link (in a
 *    consistent heap a referrer is a list head or a block's next_free,
 *    never a pprev field: as in MP_PRE_NAPART);
 *  - MP_PRE_NNP, n just before P: P's referrer is n's link
 *    (P->pprev == &n->next_free, so n->next_free == P by MP_PRE_LINK);
 *    list_unlink(h, n) then writes n's referrer (to P) and P's back link
 *    (to n's referrer). n's referrer is not inside P (no two-block
 *    cycle; MP_PRE_LISTED(n, ...) implies it too once n->next_free == P
 *    is derived, stated here as a ground fact), nor inside P's successor,
 *    if any (it comes before n in the list): the back link P has after
 *    list_unlink(h, n), as list_unlink(h, P) wants it when P is re-filed.
 * No assumption beyond those preconditions: definitions only.
 */
#ifndef EV_WP_HEAP_MERGE_PREV_NNB_H
#define EV_WP_HEAP_MERGE_PREV_NNB_H

#define MP_PRE_NPN \
    requires n->pprev == &RP->next_free; \
    requires n->next_free != \null ==> \separated(n->next_free, RP) && \
    \separated(n->next_free, RP->pprev) && \separated(RP->pprev, &n->next_free->pprev);
#define MP_PRE_NNP \
    requires RP->pprev == &n->next_free; \
    requires \separated(n->pprev, RP); \
    requires RP->next_free != \null ==> \separated(RP->next_free, n->pprev);

#endif
