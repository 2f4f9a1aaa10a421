/* SPDX-License-Identifier: MIT */
/*
 * htest: the few lines of test framework the memory tests on the host
 * share. A case is a function; ht_run() runs it and prints "PASS name" or
 * "FAIL name: file:line: what", ht_finish() prints "N passed, M failed"
 * and returns the exit status (nonzero if anything failed). An assertion
 * that fails ends its case (it returns from the case function).
 */
#ifndef VAIOS_HTEST_H
#define VAIOS_HTEST_H

#include <stdio.h>
#include <stdint.h>

static int ht_passed, ht_failed, ht_case_failed;
static char ht_why[256];

static inline void ht_fail(const char *file, int line, const char *what, long long a, long long b)
{
    if (!ht_case_failed)
        snprintf(ht_why, sizeof ht_why, "%s:%d: %s (%lld, %lld)", file, line, what, a, b);
    ht_case_failed = 1;
}

#define HT_ASSERT(cond)                                                         \
    do { if (!(cond)) { ht_fail(__FILE__, __LINE__, #cond, 0, 0); return; } } while (0)
#define HT_EQ(a, b)                                                             \
    do { long long ht_a_ = (long long)(a), ht_b_ = (long long)(b);              \
         if (ht_a_ != ht_b_) { ht_fail(__FILE__, __LINE__, #a " == " #b, ht_a_, ht_b_); return; } \
    } while (0)
#define HT_LE(a, b)                                                             \
    do { long long ht_a_ = (long long)(a), ht_b_ = (long long)(b);              \
         if (!(ht_a_ <= ht_b_)) { ht_fail(__FILE__, __LINE__, #a " <= " #b, ht_a_, ht_b_); return; } \
    } while (0)

static inline void ht_run(const char *name, void (*fn)(void))
{
    ht_case_failed = 0;
    fn();
    if (ht_case_failed) {
        ht_failed++;
        printf("FAIL %s: %s\n", name, ht_why);
    } else {
        ht_passed++;
        printf("PASS %s\n", name);
    }
    fflush(stdout);
}

#define HT_RUN(fn) ht_run(#fn, fn)

static inline int ht_finish(void)
{
    printf("%d passed, %d failed\n", ht_passed, ht_failed);
    return ht_failed != 0;
}

/* xorshift32: the tests' only source of randomness (fixed seeds). */
static inline uint32_t ht_rand(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

#endif /* VAIOS_HTEST_H */
