/* SPDX-License-Identifier: MIT */
/*
 * Exhaustive enumeration for the model-checked suites (test_pi, test_chan):
 * every run of a scenario makes its choices through odo_choose(), and the
 * odometer replays the previous run's choices up to the last one that can
 * still advance, then takes the next value there (a mixed-radix counter
 * whose digits are discovered as the run goes). Between runs, odo_next()
 * says whether an untried combination is left. At most 64 choices per
 * run; deeper ones are always 0. next_perm() steps an array through its
 * permutations in lexicographic order.
 */
#ifndef VAIOS_TEST_ODOMETER_H
#define VAIOS_TEST_ODOMETER_H

#include <stdbool.h>

#define ODO_MAX 64

struct odometer {
    unsigned ch[ODO_MAX], rad[ODO_MAX];
    unsigned depth;     /* choices made in the current run */
    unsigned fixed;     /* choices replayed from the previous run */
};

/* Before the first run of an enumeration. */
static inline void odo_reset(struct odometer *o)
{
    o->fixed = 0;
    o->depth = 0;
}

/* Before each run. */
static inline void odo_start_run(struct odometer *o)
{
    o->depth = 0;
}

/* The run's next choice among radix values: 0 .. radix - 1. */
static inline unsigned odo_choose(struct odometer *o, unsigned radix)
{
    unsigned k = o->depth++;
    if (k >= ODO_MAX)
        return 0;
    if (k >= o->fixed)
        o->ch[k] = 0;
    o->rad[k] = radix;
    return o->ch[k];
}

/* After a run: advance to the next untried combination (false: done). */
static inline bool odo_next(struct odometer *o)
{
    for (int k = (int)(o->depth < ODO_MAX ? o->depth : ODO_MAX) - 1; k >= 0; k--) {
        if (o->ch[k] + 1 < o->rad[k]) {
            o->ch[k]++;
            o->fixed = (unsigned)k + 1;
            return true;
        }
    }
    return false;
}

/* The next permutation of a[0..n-1] in lexicographic order (false: a was
 * the last one). */
static inline bool next_perm(unsigned *a, int n)
{
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1])
        i--;
    if (i < 0)
        return false;
    int j = n - 1;
    while (a[j] <= a[i])
        j--;
    unsigned x = a[i];
    a[i] = a[j];
    a[j] = x;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) {
        x = a[l];
        a[l] = a[r];
        a[r] = x;
    }
    return true;
}

#endif /* VAIOS_TEST_ODOMETER_H */
