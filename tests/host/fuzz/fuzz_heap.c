/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the heap: the input is a program of heap
 * operations on a heap whose size and alignment the input also chooses.
 * After every operation vos_heap_check must pass, the lock must be free,
 * the counters must match the operations and every live block must still
 * hold its pattern; each error path of vos_heap_free (double, middle,
 * misaligned, foreign) must report its code and change nothing. Any
 * violation aborts.
 *
 *   clang -fsanitize=fuzzer,address,undefined ... (tests/host/run_fuzz.sh)
 *
 * replay.c drives the same function with generated inputs for builds
 * without libFuzzer.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "vaios/heap.h"
#include "vaios/error.h"
#include "port.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SLOTS 48
#define ARENA_MAX 65536u

static uint8_t arena[ARENA_MAX + 8] __attribute__((aligned(8)));

struct slot {
    uint8_t *p;
    size_t n;
    uint8_t tag;
};

static void die(const char *what, unsigned op)
{
    fprintf(stderr, "fuzz_heap: %s (operation %u)\n", what, op);
    abort();
}

static bool pattern_ok(const struct slot *s)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->p[i] != (uint8_t)(s->tag + i * 13u))
            return false;
    return true;
}

/* Reads the input one byte at a time; 0 past its end. */
struct input {
    const uint8_t *d;
    size_t n, at;
};

static uint32_t next8(struct input *in)
{
    return in->at < in->n ? in->d[in->at++] : 0u;
}

static uint32_t next16(struct input *in)
{
    uint32_t hi = next8(in);
    return (hi << 8) | next8(in);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct input in = {data, size, 0};
    struct slot sl[SLOTS];
    memset(sl, 0, sizeof sl);
    unsigned skew = next8(&in) & 7u;
    size_t len = 16u + next16(&in) % (ARENA_MAX - 16u);
    vos_heap_t h;
    if (vos_heap_init(&h, arena + skew, len) != VOS_OK)
        return 0;
    vos_heap_stats_t st;
    uint32_t allocs = 0, frees = 0, fails = 0;
    unsigned op = 0;
    while (in.at < in.n) {
        uint32_t code = next8(&in);
        struct slot *s = &sl[next8(&in) % SLOTS];
        switch (code % 8u) {
        case 0: case 1: case 2: case 3: {     /* allocate: small, medium, large, any */
            if (s->p != NULL)
                break;
            static const uint32_t range[] = {64u, 1024u, 16384u, 0x10000u};
            size_t n = next16(&in) % range[code % 4u];
            if (code & 0x80u)
                n = (size_t)1 << (next8(&in) % 24u);    /* powers of two, too big ones too */
            void *vp = &vp;
            size_t align = 0;
            int err;
            if (code & 0x40u) {
                align = (size_t)1 << (next8(&in) % 14u);
                err = vos_heap_alloc_aligned(&h, n, align, &vp);
            } else {
                err = vos_heap_alloc(&h, n, &vp);
            }
            uint8_t *p = vp;
            if (err != VOS_OK) {
                if (p != NULL || (err != VOS_ERR_NO_MEMORY && err != VOS_ERR_ARG) ||
                    ((n == 0 || n > VOS_HEAP_MAX_REQUEST) && err != VOS_ERR_ARG))
                    die("refused allocation: wrong error or out pointer", op);
                fails++;
                break;
            }
            allocs++;
            if (n == 0 || p < arena || p + n > arena + skew + len || ((uintptr_t)p & 7u) ||
                (align && ((uintptr_t)p & (align - 1u))))
                die("bad block", op);
            s->p = p;
            s->n = n;
            s->tag = (uint8_t)next8(&in);
            for (size_t i = 0; i < n; i++)
                p[i] = (uint8_t)(s->tag + i * 13u);
            break;
        }
        case 4: case 5:                          /* free, then free again */
            if (s->p == NULL)
                break;
            if (!pattern_ok(s))
                die("block contents changed", op);
            if (vos_heap_free(&h, s->p) != VOS_OK)
                die("free failed", op);
            frees++;
            if (vos_heap_free(&h, s->p) != VOS_ERR_STATE)
                die("double free not refused", op);
            s->p = NULL;
            break;
        case 6: {                                /* a pointer into a live block */
            if (s->p == NULL || s->n < 8)
                break;
            size_t off = 8u * (1u + next16(&in) % (s->n / 8u));
            if (vos_heap_free(&h, s->p + off) != VOS_ERR_INVALID)
                die("middle pointer not refused", op);
            size_t mis = 1u + next8(&in) % 7u;
            if (vos_heap_free(&h, s->p + mis) != VOS_ERR_INVALID)
                die("misaligned pointer not refused", op);
            break;
        }
        default: {                               /* foreign pointers, statistics */
            int local;
            if (vos_heap_free(&h, &local) != VOS_ERR_INVALID ||
                vos_heap_free(&h, arena + skew + len + 8) != VOS_ERR_INVALID)
                die("foreign pointer not refused", op);
            if (vos_heap_stats(&h, &st) != VOS_OK)
                die("stats", op);
            if (st.max_alloc != 0) {
                void *p = NULL;
                if (vos_heap_alloc(&h, st.max_alloc, &p) != VOS_OK || vos_heap_free(&h, p) != VOS_OK)
                    die("max_alloc not granted", op);
                allocs++;
                frees++;
            }
            break;
        }
        }
        if (vos_heap_check(&h) != VOS_OK)
            die("vos_heap_check", op);
        if ((arch_host_lock_depth & 0x7FFFFFFFu) != 0)
            die("lock left held", op);
        if (vos_heap_stats(&h, &st) != VOS_OK || st.allocs != allocs || st.frees != frees ||
            st.failures != fails || st.min_free_bytes > st.free_bytes)
            die("counters", op);
        op++;
    }
    for (int i = 0; i < SLOTS; i++) {
        if (sl[i].p != NULL && (!pattern_ok(&sl[i]) || vos_heap_free(&h, sl[i].p) != VOS_OK))
            die("final free", op);
    }
    if (vos_heap_check(&h) != VOS_OK || vos_heap_stats(&h, &st) != VOS_OK ||
        st.free_blocks != 1 || st.free_bytes != st.total_bytes)
        die("not one free block at the end", op);
    return 0;
}
