/* SPDX-License-Identifier: MIT */
/*
 * The console "top" of the run-time statistics (VOS_CFG_RUNTIME_STATS,
 * vaios/stats.h): the table of one window between two snapshots, through
 * a character sink the caller gives, or into its buffer. No library
 * formatting: the numbers are written here, so the kernel depends on no
 * printf. Only an application that calls it links it.
 *
 * The table (every line ends with '\n'):
 *     window <cycles> cycles
 *     NAME             PRIO  SHARE%       CYCLES      ACT      MIN     MEAN      MAX
 *     <one line per source of the second snapshot, in its order>
 * SHARE% is the source's part of the window in hundredths of a percent,
 * rounded down; CYCLES and ACT are within the window; MIN, MEAN and MAX
 * since the source's creation (vaios/stats.h, "Windows").
 */
#include "kernel.h"

#if VOS_CFG_RUNTIME_STATS

#define NAME_WIDTH 16
#define HEADER "NAME             PRIO  SHARE%       CYCLES      ACT      MIN     MEAN      MAX\n"

struct sink {
    vos_stats_put_t put;
    void *ctx;
};

static void put_str(const struct sink *k, const char *s, size_t width)
{
    size_t n = 0;
    for (; s[n] != '\0' && n < width; n++)
        k->put(s[n], k->ctx);
    for (; n < width; n++)
        k->put(' ', k->ctx);
}

static void put_text(const struct sink *k, const char *s)
{
    while (*s != '\0')
        k->put(*s++, k->ctx);
}

/* v right-aligned in width characters (wider if it needs more), with a
 * point before its last `point` digits when point > 0. */
static void put_num(const struct sink *k, uint64_t v, unsigned width, unsigned point)
{
    char d[24];
    unsigned n = 0;
    do {
        if (point != 0u && n == point)
            d[n++] = '.';
        d[n++] = (char)('0' + (unsigned)(v % 10u));
        v /= 10u;
    } while (v != 0u || (point != 0u && n <= point));
    for (unsigned i = n; i < width; i++)
        k->put(' ', k->ctx);
    while (n > 0u)
        k->put(d[--n], k->ctx);
}

/* All records of one snapshot are the kernel's and of one instant. */
static int check_snapshot(const vos_stats_t *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i].tag != VOS_TAG_STATS)
            return VOS_ERR_INVALID;
        if (s[i].at != s[0].at)
            return VOS_ERR_ARG;
    }
    return VOS_OK;
}

static const vos_stats_t *find(const vos_stats_t *before, size_t n, const vos_stats_t *a)
{
    for (size_t i = 0; i < n; i++)
        if (before[i].task == a->task && before[i].irq == a->irq)
            return &before[i];
    return NULL;
}

int vos_stats_top(const vos_stats_t *before, size_t nbefore, const vos_stats_t *after,
                  size_t nafter, vos_stats_put_t put, void *ctx)
{
    if (before == NULL || after == NULL || put == NULL || nbefore == 0 || nafter == 0)
        return VOS_ERR_ARG;
    int err = check_snapshot(before, nbefore);
    if (err == VOS_OK)
        err = check_snapshot(after, nafter);
    if (err != VOS_OK)
        return err;
    if (after[0].at <= before[0].at)
        return VOS_ERR_ARG;
    for (size_t i = 0; i < nafter; i++) {
        const vos_stats_t *b = find(before, nbefore, &after[i]);
        if (b != NULL && (err = vos__stats_pair(b, &after[i])) != VOS_OK)
            return err;
    }

    const struct sink k = { put, ctx };
    uint64_t window = after[0].at - before[0].at;
    put_text(&k, "window ");
    put_num(&k, window, 0, 0);
    put_text(&k, " cycles\n");
    put_text(&k, HEADER);
    for (size_t i = 0; i < nafter; i++) {
        const vos_stats_t *a = &after[i], *b = find(before, nbefore, a);
        uint64_t cycles = a->cycles - (b != NULL ? b->cycles : 0u);
        uint64_t acts = a->activations - (b != NULL ? b->activations : 0u);
        put_str(&k, a->name != NULL ? a->name : "?", NAME_WIDTH);
        if (a->task == NULL)
            put_str(&k, "  irq", 5);
        else
            put_num(&k, a->prio, 5, 0);
        put_num(&k, vos__stats_ppm(cycles, window) / 100u, 8, 2);
        put_num(&k, cycles, 13, 0);
        put_num(&k, acts, 9, 0);
        put_num(&k, a->min, 9, 0);
        put_num(&k, a->mean, 9, 0);
        put_num(&k, a->max, 9, 0);
        k.put('\n', k.ctx);
    }
    return VOS_OK;
}

struct buf_sink {
    char *buf;
    size_t size, len;
};

static void buf_put(char c, void *ctx)
{
    struct buf_sink *b = ctx;
    if (b->len + 1u < b->size)
        b->buf[b->len] = c;
    b->len++;
}

int vos_stats_top_buf(const vos_stats_t *before, size_t nbefore, const vos_stats_t *after,
                      size_t nafter, char *buf, size_t size, size_t *len)
{
    if (buf == NULL || len == NULL || size == 0)
        return VOS_ERR_ARG;
    struct buf_sink b = { buf, size, 0 };
    buf[0] = '\0';
    int err = vos_stats_top(before, nbefore, after, nafter, buf_put, &b);
    if (err != VOS_OK)
        return err;
    buf[b.len < size ? b.len : size - 1u] = '\0';
    *len = b.len;
    return b.len < size ? VOS_OK : VOS_ERR_TOO_BIG;
}

#endif /* VOS_CFG_RUNTIME_STATS */
