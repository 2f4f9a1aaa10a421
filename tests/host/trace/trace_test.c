/* SPDX-License-Identifier: MIT */
/*
 * Host tests of the trace recorder (kernel/trace.c) against a fake port
 * (fake/port_impl.h) and a hand-driven clock. One source, built in several
 * configurations (see CMakeLists.txt):
 *
 *   trace_test unit            recorder checks for the build's options
 *   trace_test inversion B L   the three-task inversion scenario: binary dump
 *                              to B, console hex dump (with noise) to L
 *   trace_test timewrap B E    markers across 2^32 cycles and ring wraps: dump
 *                              to B, the emitted marker times to E
 *   trace_test fill B N        N markers (overflow a small buffer): dump to B
 *
 * The tests read the dump through the documented byte layout
 * (docs/tracing.md), never through the recorder's own structures, so they
 * check the format a host tool depends on.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kernel.h"
#include "vaios/trace.h"

/* --- Fake port state ------------------------------------------------------ */

uint32_t fake_lock_depth;
uint32_t fake_lock_count;
static uint64_t fake_now;

vos_time_t arch_now(void)
{
    return fake_now;
}

/* --- Checks ----------------------------------------------------------------- */

static int checks, failures;

#define CHECK(cond) check((cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ(a, b) check_eq((uint64_t)(a), (uint64_t)(b), #a " == " #b, __FILE__, __LINE__)

static void check(int ok, const char *what, const char *file, int line)
{
    checks++;
    if (!ok) {
        failures++;
        fprintf(stderr, "%s:%d: check failed: %s\n", file, line, what);
    }
}

static void check_eq(uint64_t a, uint64_t b, const char *what, const char *file, int line)
{
    checks++;
    if (a != b) {
        failures++;
        fprintf(stderr, "%s:%d: check failed: %s (0x%" PRIx64 " != 0x%" PRIx64 ")\n",
                file, line, what, a, b);
    }
}

/* --- The documented layout ---------------------------------------------------- */

struct hdr {
    uint32_t magic;
    uint16_t version, hdr_size;
    uint32_t clock_lo, clock_hi;
    uint16_t rec_size, name_size;
    uint32_t capacity, names, widx, wraps, lost, flags, time_hi, tasks;
    uint32_t reserved[3];
};

struct rec {
    uint32_t time, info, a, b;
};

#define NAME_SIZE (4 + VOS_CFG_TRACE_NAME_LEN)

static const uint8_t *region(size_t *len)
{
    const void *p = NULL;
    size_t n = 0;
    CHECK_EQ(vos_trace_buffer(&p, &n), VOS_OK);
    if (len)
        *len = n;
    return p;
}

static const struct hdr *H(void)
{
    return (const struct hdr *)region(NULL);
}

static const struct rec *R(uint32_t slot)
{
    return (const struct rec *)(region(NULL) + 64 + VOS_CFG_TRACE_TASKS * NAME_SIZE) + slot;
}

static uint32_t name_task(unsigned id)
{
    uint32_t v;
    memcpy(&v, region(NULL) + 64 + (id - 1u) * NAME_SIZE, 4);
    return v;
}

static int name_is(unsigned id, const char *s)
{
    const char *n = (const char *)region(NULL) + 64 + (id - 1u) * NAME_SIZE + 4;
    size_t len = strlen(s);
    if (len > VOS_CFG_TRACE_NAME_LEN)
        return 0;
    return memcmp(n, s, len) == 0 && (len == VOS_CFG_TRACE_NAME_LEN || n[len] == '\0');
}

#define INFO(type, a8, a16) ((uint32_t)(type) | (uint32_t)(a8) << 8 | (uint32_t)(a16) << 16)
#define ID(p) ((uint32_t)(uintptr_t)(p))

static void rec_is(uint32_t slot, uint32_t time, uint32_t info, uint32_t a, uint32_t b, int line)
{
    const struct rec *r = R(slot);
    check_eq(r->time, time, "record time", __FILE__, line);
    check_eq(r->info, info, "record info", __FILE__, line);
    check_eq(r->a, a, "record a", __FILE__, line);
    check_eq(r->b, b, "record b", __FILE__, line);
}
#define REC_IS(slot, time, info, a, b) rec_is((slot), (time), (info), (a), (b), __LINE__)

/* --- Objects the hooks refer to (only their addresses matter) ------------------ */

static vos_task_t t_idle, t_l, t_m, t_h, t_x[VOS_CFG_TRACE_TASKS + 2];
static struct { uint32_t tag; } mtx, sem, que, evg, heap, pool;
static uint8_t block[64];

/* --- Console capture for vos_trace_emit ------------------------------------------- */

static FILE *emit_out;
static int emit_lines;

static void put_line(const char *line)
{
    emit_lines++;
    if (emit_out)
        fprintf(emit_out, "%s\n", line);
}

/* --- Unit checks ---------------------------------------------------------------------- */

static void unit_common(void)
{
    /* First use: the header is filled in and recording follows AUTOSTART. */
    size_t len;
    const struct hdr *h = (const struct hdr *)region(&len);
    CHECK_EQ(h->magic, 0x43525456u);
    CHECK_EQ(h->version, 1);
    CHECK_EQ(h->hdr_size, 64);
    CHECK_EQ(h->rec_size, 16);
    CHECK_EQ(h->name_size, NAME_SIZE);
    CHECK_EQ(h->capacity, VOS_CFG_TRACE_RECORDS);
    CHECK_EQ(h->names, VOS_CFG_TRACE_TASKS);
    CHECK_EQ((uint64_t)h->clock_hi << 32 | h->clock_lo, VOS_CFG_CLOCK_HZ);
    CHECK_EQ(len, 64u + VOS_CFG_TRACE_TASKS * NAME_SIZE + VOS_CFG_TRACE_RECORDS * 16u);
    CHECK_EQ(h->flags, (VOS_CFG_TRACE_OVERWRITE ? 1u : 0u) | 2u);
    CHECK_EQ(h->widx, 0);
    CHECK_EQ(vos_trace_buffer(NULL, &len), VOS_ERR_ARG);

    /* Every hook packs its arguments as the format says, one record each,
     * with the lock taken and released. */
    uint32_t locks = fake_lock_count;
    fake_now = 0x1234;
    VOS_TRACE_MARKER(7, 99);
    REC_IS(0, 0x1234, VOS_TEV_MARKER, 7, 99);
    CHECK_EQ(H()->widx, 1);
    CHECK(fake_lock_count > locks);
    CHECK_EQ(fake_lock_depth, 0);

    fake_now = 0x2000;
    VOS_TRACE_TASK_SWITCH(NULL, &t_l, VOS_TRACE_SW_START);
    VOS_TRACE_TASK_PRIORITY(&t_l, 1, 3, VOS_TRACE_PRIO_INHERIT);
    VOS_TRACE_SEM_TAKE(&sem, VOS_ERR_TIMEOUT);
    VOS_TRACE_MUTEX_LOCK(&mtx, VOS_OK, &t_l);
    VOS_TRACE_DEADLINE_MISS(&t_h, 5000000000ull);
    VOS_TRACE_TASK_BLOCK(&t_h, &mtx, VOS_TRACE_WAIT_MUTEX);
    VOS_TRACE_ISR_ENTER(27);
    VOS_TRACE_EVENT_WAIT(&evg, 0x81u, VOS_ERR_WOULD_BLOCK);
    REC_IS(1, 0x2000, INFO(VOS_TEV_TASK_SWITCH, VOS_TRACE_SW_START, 0), 0, ID(&t_l));
    REC_IS(2, 0x2000, INFO(VOS_TEV_TASK_PRIORITY, VOS_TRACE_PRIO_INHERIT, 1 | 3 << 8), ID(&t_l), 0);
    REC_IS(3, 0x2000, INFO(VOS_TEV_SEM_TAKE, 0xFF, 0), ID(&sem), 0);
    REC_IS(4, 0x2000, INFO(VOS_TEV_MUTEX_LOCK, 0, 0), ID(&mtx), ID(&t_l));
    REC_IS(5, 0x2000, VOS_TEV_DEADLINE_MISS, ID(&t_h), 0xFFFFFFFFu);
    REC_IS(6, 0x2000, INFO(VOS_TEV_TASK_BLOCK, VOS_TRACE_WAIT_MUTEX, 0), ID(&t_h), ID(&mtx));
    REC_IS(7, 0x2000, VOS_TEV_ISR_ENTER, 27, 0);
    REC_IS(8, 0x2000, INFO(VOS_TEV_EVENT_WAIT, 0xFE, 0), ID(&evg), 0x81);
    CHECK_EQ(H()->widx, 9);

    /* A heap event takes two slots: the record and its continuation. */
    VOS_TRACE_HEAP_ALLOC(&heap, block, 48, VOS_OK);
    REC_IS(9, 0x2000, VOS_TEV_HEAP_ALLOC, ID(&heap), ID(block));
    REC_IS(10, 0x2000, VOS_TEV_CONT, 48, 0);
    CHECK_EQ(H()->widx, 11);

    /* Crossing 2^32 cycles writes a TIME_HI record first, once. */
    fake_now = (1ull << 32) + 5;
    VOS_TRACE_MARKER(1, 1);
    REC_IS(11, 5, VOS_TEV_TIME_HI, 1, 0);
    REC_IS(12, 5, VOS_TEV_MARKER, 1, 1);
    fake_now += 10;
    VOS_TRACE_MARKER(1, 2);
    REC_IS(13, 15, VOS_TEV_MARKER, 1, 2);
    CHECK_EQ(H()->time_hi, 1);
    CHECK_EQ(H()->widx, 14);

    /* Stopped: nothing stored, nothing counted as lost. */
    vos_trace_stop();
    CHECK_EQ(H()->flags & 2u, 0);
    VOS_TRACE_MARKER(2, 2);
    CHECK_EQ(H()->widx, 14);
    CHECK_EQ(H()->lost, 0);
    vos_trace_start();
    CHECK_EQ(H()->flags & 2u, 2);
    VOS_TRACE_MARKER(2, 3);
    CHECK_EQ(H()->widx, 15);

    /* Clear forgets records, keeps recording on. */
    vos_trace_clear();
    CHECK_EQ(H()->widx, 0);
    CHECK_EQ(H()->wraps, 0);
    CHECK_EQ(H()->lost, 0);
    CHECK_EQ(H()->flags & 2u, 2);

    /* Task names: ids in creation order, names cut to the entry, no entry
     * beyond the table (the record still carries the id). */
    static const char long_name[] =
        "a_rather_long_task_name_that_no_table_entry_would_hold_whole_____";
    char cut[VOS_CFG_TRACE_NAME_LEN + 1];
    memcpy(cut, long_name, VOS_CFG_TRACE_NAME_LEN);
    cut[VOS_CFG_TRACE_NAME_LEN] = '\0';
    fake_now = (1ull << 32) + 100;
    VOS_TRACE_TASK_CREATE(&t_x[0], long_name, 5);
    REC_IS(0, 100, INFO(VOS_TEV_TASK_CREATE, 5, 1), ID(&t_x[0]), 0);
    CHECK_EQ(name_task(1), ID(&t_x[0]));
    CHECK(name_is(1, cut));
    for (unsigned i = 1; i < VOS_CFG_TRACE_TASKS + 2; i++)
        VOS_TRACE_TASK_CREATE(&t_x[i], "t", i);
    CHECK_EQ(H()->tasks, VOS_CFG_TRACE_TASKS + 2);
    CHECK_EQ(name_task(VOS_CFG_TRACE_TASKS), ID(&t_x[VOS_CFG_TRACE_TASKS - 1]));
    REC_IS(H()->widx - 1, 100, INFO(VOS_TEV_TASK_CREATE, VOS_CFG_TRACE_TASKS + 1,
                                    VOS_CFG_TRACE_TASKS + 2),
           ID(&t_x[VOS_CFG_TRACE_TASKS + 1]), 0);
    /* No room for a new entry: the record says id 0. */
    vos_trace_task_name(&t_idle, "idle");
    REC_IS(H()->widx - 1, 100, VOS_TEV_TASK_NAME, ID(&t_idle), 0);

    /* vos_trace_task_name renames an entry in place. */
    vos_trace_task_name(&t_x[0], "renamed");
    CHECK(name_is(1, "renamed"));
    REC_IS(H()->widx - 1, 100, INFO(VOS_TEV_TASK_NAME, 0, 1), ID(&t_x[0]), 0);

    /* Emit: refused while recording or without a sink, then the exact hex
     * image of the region between begin and end lines. */
    CHECK_EQ(vos_trace_emit(put_line), VOS_ERR_STATE);
    vos_trace_stop();
    CHECK_EQ(vos_trace_emit(NULL), VOS_ERR_ARG);
    char *text = NULL;
    size_t text_len = 0;
    emit_out = open_memstream(&text, &text_len);
    emit_lines = 0;
    CHECK_EQ(vos_trace_emit(put_line), VOS_OK);
    fclose(emit_out);
    emit_out = NULL;
    const uint8_t *img = region(&len);
    CHECK_EQ(emit_lines, 2 + (len + 63) / 64);
    char expect[64];
    snprintf(expect, sizeof expect, "@VOS trace begin %08zx\n", len);
    CHECK(strncmp(text, expect, strlen(expect)) == 0);
    const char *p = strchr(text, '\n') + 1;
    size_t off = 0;
    int hex_ok = 1;
    while (strncmp(p, "@VOS trace end", 14) != 0 && hex_ok) {
        hex_ok = strncmp(p, "@VOS trace ", 11) == 0;
        p += 11;
        for (; *p != '\n' && hex_ok; p += 2, off++) {
            unsigned v;
            hex_ok = off < len && sscanf(p, "%2x", &v) == 1 && v == img[off];
        }
        p++;
    }
    CHECK(hex_ok);
    CHECK_EQ(off, len);
    snprintf(expect, sizeof expect, "@VOS trace end %08zx ", len);
    CHECK(strncmp(p, expect, strlen(expect)) == 0);
    free(text);
    vos_trace_start();
    vos_trace_clear();
}

#if VOS_CFG_TRACE_OVERWRITE
static void unit_policy(void)
{
    /* Overwrite: the ring wraps, oldest first from widx. */
    fake_now = (1ull << 32) + 1000;
    for (uint32_t i = 0; i < VOS_CFG_TRACE_RECORDS + 10; i++)
        VOS_TRACE_MARKER(3, i);
    CHECK_EQ(H()->wraps, 1);
    CHECK_EQ(H()->widx, 10);
    CHECK_EQ(H()->lost, 0);
    REC_IS(10, 1000, VOS_TEV_MARKER, 3, 10);
    REC_IS(9, 1000, VOS_TEV_MARKER, 3, VOS_CFG_TRACE_RECORDS + 9);

    /* A heap event straddling the end of the ring: record in the last slot,
     * continuation in slot 0, wraps counted once. */
    vos_trace_clear();
    for (uint32_t i = 0; i < VOS_CFG_TRACE_RECORDS - 1; i++)
        VOS_TRACE_MARKER(3, i);
    VOS_TRACE_HEAP_FREE(&heap, block, 64, VOS_ERR_STATE);
    REC_IS(VOS_CFG_TRACE_RECORDS - 1, 1000, INFO(VOS_TEV_HEAP_FREE, 0xF6, 0), ID(&heap), ID(block));
    REC_IS(0, 1000, VOS_TEV_CONT, 64, 0);
    CHECK_EQ(H()->wraps, 1);
    CHECK_EQ(H()->widx, 1);
    vos_trace_clear();
}
#else
static void unit_policy(void)
{
    /* Stop when full: the first records stay, every further event counts. */
    fake_now = (1ull << 32) + 1000;
    for (uint32_t i = 0; i < VOS_CFG_TRACE_RECORDS + 10; i++)
        VOS_TRACE_MARKER(3, i);
    CHECK_EQ(H()->wraps, 0);
    CHECK_EQ(H()->widx, VOS_CFG_TRACE_RECORDS);
    CHECK_EQ(H()->lost, 10);
    REC_IS(0, 1000, VOS_TEV_MARKER, 3, 0);
    REC_IS(VOS_CFG_TRACE_RECORDS - 1, 1000, VOS_TEV_MARKER, 3, VOS_CFG_TRACE_RECORDS - 1);
    VOS_TRACE_HEAP_ALLOC(&heap, block, 8, VOS_OK);
    CHECK_EQ(H()->lost, 11);

    /* Full and the high time word changes: no TIME_HI, time_hi unchanged. */
    fake_now = (2ull << 32) + 1;
    VOS_TRACE_MARKER(3, 0);
    CHECK_EQ(H()->time_hi, 1);
    CHECK_EQ(H()->lost, 12);

    /* A heap event needs two slots; with one left it is lost whole. */
    vos_trace_clear();
    VOS_TRACE_MARKER(3, 0);    /* the high word moved on: TIME_HI + marker */
    CHECK_EQ(H()->widx, 2);
    CHECK_EQ(H()->time_hi, 2);
    while (H()->widx < VOS_CFG_TRACE_RECORDS - 1)
        VOS_TRACE_MARKER(3, 1);
    VOS_TRACE_HEAP_ALLOC(&heap, block, 8, VOS_OK);
    CHECK_EQ(H()->widx, VOS_CFG_TRACE_RECORDS - 1);
    CHECK_EQ(H()->lost, 1);
    VOS_TRACE_MARKER(4, 4);
    CHECK_EQ(H()->widx, VOS_CFG_TRACE_RECORDS);
    vos_trace_clear();
}
#endif

static int unit(void)
{
    unit_common();
    unit_policy();
    CHECK_EQ(fake_lock_depth, 0);
    printf("trace unit (%s, %d records): %d checks, %d failed\n",
           VOS_CFG_TRACE_OVERWRITE ? "overwrite" : "stop", VOS_CFG_TRACE_RECORDS, checks,
           failures);
    return failures ? 1 : 0;
}

/* --- Dumps for the host tool ---------------------------------------------------------- */

static int write_bin(const char *path)
{
    size_t len;
    const uint8_t *p = region(&len);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, len, f) != len || fclose(f) != 0) {
        perror(path);
        return 1;
    }
    return 0;
}

static void at(uint64_t t)
{
    fake_now = t;
}

/* Three tasks and a mutex: L holds it, H blocks on it while M is ready, L
 * runs boosted to H's priority, releases (restored), H runs; M only after.
 * The hook calls are those a kernel makes for these steps, in its order. */
static void inversion(void)
{
    at(1000);
    VOS_TRACE_TASK_CREATE(&t_l, "L", 1);
    VOS_TRACE_TASK_CREATE(&t_m, "M", 2);
    VOS_TRACE_TASK_CREATE(&t_h, "H", 3);
    VOS_TRACE_TASK_CREATE(&t_idle, "idle", 0);
    at(2000);
    VOS_TRACE_TASK_SWITCH(NULL, &t_l, VOS_TRACE_SW_START);
    at(2500);
    VOS_TRACE_MUTEX_LOCK(&mtx, VOS_OK, &t_l);
    at(3000);
    VOS_TRACE_ISR_ENTER(28);
    at(3100);
    VOS_TRACE_TASK_READY(&t_h);
    VOS_TRACE_TASK_READY(&t_m);
    at(3200);
    VOS_TRACE_ISR_EXIT(28);
    at(3300);
    VOS_TRACE_TASK_SWITCH(&t_l, &t_h, VOS_TRACE_SW_PREEMPT);
    at(3500);
    VOS_TRACE_TASK_BLOCK(&t_h, &mtx, VOS_TRACE_WAIT_MUTEX);
    VOS_TRACE_TASK_PRIORITY(&t_l, 1, 3, VOS_TRACE_PRIO_INHERIT);
    at(3600);
    VOS_TRACE_TASK_SWITCH(&t_h, &t_l, VOS_TRACE_SW_BLOCK);
    at(4500);
    VOS_TRACE_MUTEX_UNLOCK(&mtx, VOS_OK, &t_h);
    VOS_TRACE_TASK_PRIORITY(&t_l, 3, 1, VOS_TRACE_PRIO_RESTORE);
    VOS_TRACE_TASK_READY(&t_h);
    at(4600);
    VOS_TRACE_TASK_SWITCH(&t_l, &t_h, VOS_TRACE_SW_PREEMPT);
    at(4700);
    VOS_TRACE_MUTEX_LOCK(&mtx, VOS_OK, &t_h);
    at(5000);
    VOS_TRACE_MUTEX_UNLOCK(&mtx, VOS_OK, NULL);
    at(5200);
    vos_trace_marker(1, 42);
    VOS_TRACE_TASK_BLOCK(&t_h, NULL, VOS_TRACE_WAIT_DELAY);
    at(5300);
    VOS_TRACE_TASK_SWITCH(&t_h, &t_m, VOS_TRACE_SW_SLEEP);
    at(6000);
    VOS_TRACE_SEM_GIVE(&sem, VOS_OK);
    VOS_TRACE_QUEUE_SEND(&que, VOS_OK);
    VOS_TRACE_QUEUE_RECV(&que, VOS_ERR_WOULD_BLOCK);
    VOS_TRACE_EVENT_SET(&evg, 0x5, VOS_OK);
    VOS_TRACE_HEAP_ALLOC(&heap, block, 64, VOS_OK);
    VOS_TRACE_POOL_ALLOC(&pool, block, VOS_OK);
    VOS_TRACE_POOL_FREE(&pool, block, VOS_OK);
    VOS_TRACE_HEAP_FREE(&heap, block, 64, VOS_OK);
    at(6500);
    VOS_TRACE_TASK_BLOCK(&t_m, NULL, VOS_TRACE_WAIT_DELAY);
    VOS_TRACE_TASK_SWITCH(&t_m, &t_l, VOS_TRACE_SW_SLEEP);
    at(7000);
    VOS_TRACE_TASK_BLOCK(&t_l, &sem, VOS_TRACE_WAIT_SEM);
    VOS_TRACE_TASK_SWITCH(&t_l, &t_idle, VOS_TRACE_SW_BLOCK);
    at(9000);
    VOS_TRACE_ISR_ENTER(28);
    VOS_TRACE_TASK_READY(&t_h);
    VOS_TRACE_ISR_EXIT(28);
    at(9100);
    VOS_TRACE_TASK_SWITCH(&t_idle, &t_h, VOS_TRACE_SW_PREEMPT);
    VOS_TRACE_DEADLINE_MISS(&t_h, 1234);
    at(9400);
    VOS_TRACE_SEM_TAKE(&sem, VOS_ERR_TIMEOUT);
    vos_trace_stop();
}

static int emit_log(const char *path)
{
    emit_out = fopen(path, "w");
    if (!emit_out) {
        perror(path);
        return 1;
    }
    fprintf(emit_out, "VAIOS 0.1.0 booting\n[inversion] L=1 M=2 H=3\n");
    int err = vos_trace_emit(put_line);
    fprintf(emit_out, "[inversion] done\n");
    fclose(emit_out);
    emit_out = NULL;
    return err != VOS_OK;
}

/* Markers 1 s of virtual time apart (so the high time word changes on
 * every fourth or fifth), far more than the ring holds: the oldest TIME_HI
 * records are overwritten and the decoder must still date every marker. */
static int timewrap(const char *bin, const char *expected)
{
    FILE *f = fopen(expected, "w");
    if (!f) {
        perror(expected);
        return 1;
    }
    uint64_t t = (1ull << 32) - 3000000000ull;
    for (uint32_t i = 0; i < 3u * VOS_CFG_TRACE_RECORDS; i++) {
        at(t);
        VOS_TRACE_MARKER(9, i);
        fprintf(f, "%" PRIu32 " %" PRIu64 "\n", i, t);
        t += 1000000000ull + i;
    }
    fclose(f);
    vos_trace_stop();
    return write_bin(bin);
}

static int fill(const char *bin, unsigned n)
{
    at(500);
    VOS_TRACE_TASK_CREATE(&t_l, "filler", 1);
    for (unsigned i = 0; i < n; i++) {
        at(1000 + 10ull * i);
        VOS_TRACE_MARKER(5, i);
    }
    vos_trace_stop();
    return write_bin(bin);
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "unit") == 0)
        return unit();
    if (argc == 4 && strcmp(argv[1], "inversion") == 0) {
        inversion();
        return write_bin(argv[2]) || emit_log(argv[3]);
    }
    if (argc == 4 && strcmp(argv[1], "timewrap") == 0)
        return timewrap(argv[2], argv[3]);
    if (argc == 4 && strcmp(argv[1], "fill") == 0)
        return fill(argv[2], (unsigned)strtoul(argv[3], NULL, 0));
    fprintf(stderr, "usage: %s unit | inversion BIN LOG | timewrap BIN EXPECTED | fill BIN N\n",
            argv[0]);
    return 2;
}
