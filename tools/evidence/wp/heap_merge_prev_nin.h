/* SPDX-License-Identifier: MIT */
/*
 * What the proofs of free_general's merge with a free predecessor P when
 * b's successor n is free and listed (not the top) add to
 * heap_merge_prev_nfree.h (included after it; heap_merge_prev_nin.c:
 * P grows in place):
 *  - NSAME, the code's same-class test ((mw ^ pw) >> class_shift(pw))
 *    == 0 with the sizes of heap_merge_prev_nfree.h (n's size added);
 *  - MP_PRE_NLIST: n listed (I4): a valid block apart from the
 *    descriptor, b and P, not the top; its back link valid, pointing to
 *    n, a list head or another block's link (as list_unlink's contract
 *    wants it); its successor, if any, valid and apart from the
 *    descriptor, n, n's back link, b and the merged block's tag word;
 *    that tag word apart from n and n's back link;
 *  - MP_PRE_NAPART: n and P are not neighbours in one list (n's back
 *    link is not P's link nor P's back link's target, n's successor is
 *    not P), and P's referrer (the pointer that points at P, P->pprev)
 *    is not the back link of n's successor (&n->next_free->pprev). The
 *    last is a fact of every consistent heap: a referrer is a list head
 *    or a block's next_free (I4), never a pprev field; list_unlink(h, n)
 *    writes n's successor's pprev, and without this clause the provers
 *    cannot see that P's referrer still points to P.
 * No assumption beyond those preconditions: definitions only.
 */
#ifndef EV_WP_HEAP_MERGE_PREV_NIN_H
#define EV_WP_HEAP_MERGE_PREV_NIN_H

#define NSAME (((uint32_t)(RNMW ^ RPW) >> (uint32_t)((31 - SL) - (uint32_t)lclz(RPW | SMALL))) == 0)

#define MP_PRE_NLIST \
    requires \valid(n) && \separated(n, h) && \separated(n, b) && \separated(n, RP) && \
    n != h->top; \
    MP_PRE_LINK_OF(n) \
    MP_PRE_LISTED(n, RNMS) \
    requires \separated(tagp(RP, RNMS), n) && \separated(tagp(RP, RNMS), n->pprev);
#define MP_PRE_NAPART \
    requires \separated(n->pprev, RP) && \separated(n->pprev, RP->pprev); \
    requires n->next_free != \null ==> \separated(n->next_free, RP) && \
    \separated(RP->pprev, &n->next_free->pprev);

#endif
