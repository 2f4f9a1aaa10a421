/* SPDX-License-Identifier: MIT */
/*
 * Trace recorder: fixed-size binary records in a RAM ring buffer, with a
 * header and a task name table in front of them so that the whole region,
 * dumped byte for byte from a debugger, the emulator or a console, is
 * self-describing (tools/vtrace decodes it; docs/tracing.md defines it).
 *
 * Region layout (native byte order, little-endian on Cortex-M):
 *   header      64 bytes (struct vos__trace_hdr)
 *   name table  VOS_CFG_TRACE_TASKS entries of 4 + VOS_CFG_TRACE_NAME_LEN bytes
 *   records     VOS_CFG_TRACE_RECORDS entries of 16 bytes
 *
 * A record: time (low 32 bits of arch_now()), info (type | arg8 << 8 |
 * arg16 << 16), a, b. The high 32 bits of time are carried by TIME_HI
 * records, written just before the first record whose high word differs
 * from the one before it; each holds the new and the previous high word, so
 * records older than the oldest surviving TIME_HI are still dated exactly.
 *
 * Invariants (all changed with the kernel lock held):
 *  - Records are stored in slot order, and time is read under the same lock
 *    that claims the slot, so times never decrease along the ring.
 *  - widx is the slot after the newest record, 0..capacity (capacity: the
 *    last slot is filled and the next record wraps, or in stop mode, the
 *    buffer is full). With wraps == 0 the records are slots [0, widx);
 *    otherwise [widx, capacity) then [0, widx), oldest first.
 *  - A record is complete before widx (and wraps) make it visible, so an
 *    image taken at any instant (a debugger halt, a fault handler) holds no
 *    torn record.
 *  - time_hi is the high time word of every record after the newest TIME_HI
 *    record in the ring (of every record if there is none).
 *  - lost counts events refused because the buffer was full (stop mode);
 *    events while recording is off are not counted.
 *
 * Cost: one lock, one arch_now(), a compare of the high time word, four
 * stores, no loop. The header is filled in on first use rather than by a
 * static initialiser, which would move the whole region into .data (and its
 * image into flash).
 */
#include "kernel.h"
#include "vaios/trace.h"

#if VOS_CFG_TRACE

/* --- Layout -------------------------------------------------------------- */

#define VOS__TRACE_MAGIC    0x43525456u  /* "VTRC" in memory, little-endian */
#define VOS__TRACE_VERSION  1u

#define VOS__TRACE_F_OVERWRITE 0x1u      /* flags: overwrite-oldest policy */
#define VOS__TRACE_F_REC       0x2u      /* flags: recording is on */

struct vos__trace_hdr {
    uint32_t magic;
    uint16_t version;
    uint16_t hdr_size;     /* bytes of this header */
    uint32_t clock_hz_lo;  /* time-base frequency, 64 bits in two words */
    uint32_t clock_hz_hi;
    uint16_t rec_size;     /* bytes per record */
    uint16_t name_size;    /* bytes per name table entry */
    uint32_t capacity;     /* records */
    uint32_t names;        /* name table entries */
    uint32_t widx;         /* see the invariants above */
    uint32_t wraps;        /* times the ring wrapped since the last clear */
    uint32_t lost;         /* events refused because the buffer was full */
    uint32_t flags;        /* VOS__TRACE_F_* */
    uint32_t time_hi;      /* high time word of the newest records */
    uint32_t tasks;        /* task ids handed out so far (ids are 1..) */
    uint32_t reserved[3];
};

struct vos__trace_name {
    uint32_t task;         /* low 32 bits of the task's address; 0: unused */
    char name[VOS_CFG_TRACE_NAME_LEN];  /* NUL-padded, not NUL-terminated if full */
};

struct vos__trace_rec {
    uint32_t time;
    uint32_t info;
    uint32_t a;
    uint32_t b;
};

_Static_assert(sizeof(struct vos__trace_hdr) == 64, "trace header must be 64 bytes");
_Static_assert(sizeof(struct vos__trace_rec) == 16, "trace record must be 16 bytes");
_Static_assert(sizeof(struct vos__trace_name) == 4 + VOS_CFG_TRACE_NAME_LEN,
               "name entry must be packed");
_Static_assert(VOS_TEV__COUNT <= 256, "record type must fit in 8 bits");

/* The dump region. Global (not static) so a debugger or a board script can
 * find it by name: `dump binary memory t.bin &vos__trace_buf
 * (char *)&vos__trace_buf + sizeof vos__trace_buf` in gdb. */
struct vos__trace_region {
    struct vos__trace_hdr hdr;
    struct vos__trace_name names[VOS_CFG_TRACE_TASKS];
    struct vos__trace_rec rec[VOS_CFG_TRACE_RECORDS];
};
struct vos__trace_region vos__trace_buf __attribute__((aligned(8)));

#define VOS__TRACE_BARRIER() __asm__ volatile("" ::: "memory")

/* --- Helpers (lock held unless said otherwise) --------------------------- */

/* First use of the region, by whichever call comes first: recording starts
 * here when VOS_CFG_TRACE_AUTOSTART is set. */
static __attribute__((noinline, cold)) void vos__trace_init(void)
{
    struct vos__trace_hdr *h = &vos__trace_buf.hdr;

    h->version = VOS__TRACE_VERSION;
    h->hdr_size = sizeof(struct vos__trace_hdr);
    h->clock_hz_lo = (uint32_t)(uint64_t)VOS_CFG_CLOCK_HZ;
    h->clock_hz_hi = (uint32_t)((uint64_t)VOS_CFG_CLOCK_HZ >> 32);
    h->rec_size = sizeof(struct vos__trace_rec);
    h->name_size = sizeof(struct vos__trace_name);
    h->capacity = VOS_CFG_TRACE_RECORDS;
    h->names = VOS_CFG_TRACE_TASKS;
    h->flags = (VOS_CFG_TRACE_OVERWRITE ? VOS__TRACE_F_OVERWRITE : 0u) |
               (VOS_CFG_TRACE_AUTOSTART ? VOS__TRACE_F_REC : 0u);
    VOS__TRACE_BARRIER();
    h->magic = VOS__TRACE_MAGIC;
}

static inline void vos__trace_ensure(void)
{
    if (VOS__UNLIKELY(vos__trace_buf.hdr.magic != VOS__TRACE_MAGIC))
        vos__trace_init();
}

/* Reached from the record path on the very first event (the region is
 * still zero, as .bss starts). Returns whether to record it. */
static __attribute__((noinline, cold)) bool vos__trace_first(void)
{
    vos__trace_init();
    return VOS_CFG_TRACE_AUTOSTART != 0;
}

/* Store one record in the next slot and publish it. False when the buffer
 * is full in stop mode (nothing stored, nothing counted). */
static inline bool vos__trace_store(uint32_t time, uint32_t info, uint32_t a, uint32_t b)
{
    struct vos__trace_hdr *h = &vos__trace_buf.hdr;
    uint32_t i = h->widx;
    bool wrapped = false;

    if (VOS__UNLIKELY(i >= VOS_CFG_TRACE_RECORDS)) {
        if (!VOS_CFG_TRACE_OVERWRITE)
            return false;
        i = 0;
        wrapped = true;
    }
    struct vos__trace_rec *r = &vos__trace_buf.rec[i];
    /* Opaque to the optimiser: without it GCC re-derives every field
     * address from the region base and spends four extra instructions. */
    __asm__("" : "+r"(r));
    r->time = time;
    r->info = info;
    r->a = a;
    r->b = b;
    VOS__TRACE_BARRIER();
    if (VOS__UNLIKELY(wrapped))
        h->wraps++;
    h->widx = i + 1u;
    return true;
}

static __attribute__((noinline)) void vos__trace_lost(void)
{
    if (vos__trace_buf.hdr.lost != UINT32_MAX)
        vos__trace_buf.hdr.lost++;
}

/* The high time word changed since the newest record: say so first. If the
 * buffer is full (stop mode) nothing changes and the event that follows is
 * refused as well. */
static __attribute__((noinline)) void vos__trace_sync(uint32_t lo, uint32_t hi)
{
    struct vos__trace_hdr *h = &vos__trace_buf.hdr;

    if (vos__trace_store(lo, VOS_TEV_TIME_HI, hi, h->time_hi))
        h->time_hi = hi;
}

/* Read the clock and write the TIME_HI record if it is due; returns the
 * low time word for the record itself. */
static inline uint32_t vos__trace_clock(void)
{
    vos_time_t now = arch_now();
    uint32_t lo = (uint32_t)now, hi = (uint32_t)(now >> 32);

    if (VOS__UNLIKELY(hi != vos__trace_buf.hdr.time_hi))
        vos__trace_sync(lo, hi);
    return lo;
}

static inline bool vos__trace_on(void)
{
    if (VOS__LIKELY(vos__trace_buf.hdr.flags & VOS__TRACE_F_REC))
        return true;
    return vos__trace_buf.hdr.magic != VOS__TRACE_MAGIC && vos__trace_first();
}

/* Copy a name into a table entry, NUL-padded. Lock not needed: the entry
 * was claimed under the lock and its task field is set last. */
static void vos__trace_name_set(struct vos__trace_name *e, uint32_t task, const char *name)
{
    size_t i = 0;

    if (name)
        for (; i < VOS_CFG_TRACE_NAME_LEN && name[i]; i++)
            e->name[i] = name[i];
    for (; i < VOS_CFG_TRACE_NAME_LEN; i++)
        e->name[i] = '\0';
    VOS__TRACE_BARRIER();
    e->task = task;
}

/* --- Record path --------------------------------------------------------- */

static inline void vos__trace_put_locked(uint32_t info, uint32_t a, uint32_t b)
{
    if (vos__trace_on()) {
        uint32_t lo = vos__trace_clock();
        if (VOS__UNLIKELY(!vos__trace_store(lo, info, a, b)))
            vos__trace_lost();
    }
}

void vos__trace_put(uint32_t info, uint32_t a, uint32_t b)
{
    uint32_t key = vos__lock();
    vos__trace_put_locked(info, a, b);
    vos__unlock(key);
}

void vos__trace_put2(uint32_t info, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t key = vos__lock();

    if (vos__trace_on()) {
        uint32_t lo = vos__trace_clock();
        /* Both slots or neither: a lone half would be misread. */
        if (!VOS_CFG_TRACE_OVERWRITE &&
            VOS_CFG_TRACE_RECORDS - vos__trace_buf.hdr.widx < 2u) {
            vos__trace_lost();
        } else {
            (void)vos__trace_store(lo, info, a, b);
            (void)vos__trace_store(lo, VOS_TEV_CONT, c, 0u);
        }
    }
    vos__unlock(key);
}

void vos__trace_task_create(const struct vos_task *t, const char *name, unsigned prio)
{
    struct vos__trace_hdr *h = &vos__trace_buf.hdr;
    uint32_t key = vos__lock();
    uint32_t id;

    vos__trace_ensure();
    id = ++h->tasks;
    if (VOS__UNLIKELY((uint16_t)id == 0u))
        id = ++h->tasks;   /* 0 means "no id" in a record */
    vos__unlock(key);

    /* The entry is ours alone from here; ids beyond the table get no name. */
    if (id <= VOS_CFG_TRACE_TASKS)
        vos__trace_name_set(&vos__trace_buf.names[id - 1u], VOS__TRACE_ID(t), name);
    vos__trace_put(VOS__TRACE_INFO(VOS_TEV_TASK_CREATE, prio, id), VOS__TRACE_ID(t), 0u);
}

/* --- Public API ---------------------------------------------------------- */

void vos_trace_start(void)
{
    uint32_t key = vos__lock();
    vos__trace_ensure();
    vos__trace_buf.hdr.flags |= VOS__TRACE_F_REC;
    vos__unlock(key);
}

void vos_trace_stop(void)
{
    uint32_t key = vos__lock();
    vos__trace_ensure();
    vos__trace_buf.hdr.flags &= ~VOS__TRACE_F_REC;
    vos__unlock(key);
}

void vos_trace_clear(void)
{
    struct vos__trace_hdr *h = &vos__trace_buf.hdr;
    uint32_t key = vos__lock();

    vos__trace_ensure();
    h->widx = 0;
    h->wraps = 0;
    h->lost = 0;
    vos__unlock(key);
}

void vos_trace_marker(uint32_t id, uint32_t value)
{
    vos__trace_put(VOS_TEV_MARKER, id, value);
}

void vos_trace_task_name(const struct vos_task *t, const char *name)
{
    struct vos__trace_hdr *h = &vos__trace_buf.hdr;
    uint32_t task = VOS__TRACE_ID(t), id = 0, key;

    /* Entries are only appended, so a search without the lock sees every
     * entry that existed when it began; the newest one for t wins. */
    key = vos__lock();
    vos__trace_ensure();
    uint32_t n = h->tasks < VOS_CFG_TRACE_TASKS ? h->tasks : VOS_CFG_TRACE_TASKS;
    vos__unlock(key);
    for (uint32_t i = n; i > 0; i--) {
        if (vos__trace_buf.names[i - 1u].task == task) {
            id = i;
            break;
        }
    }
    if (id == 0) {
        key = vos__lock();
        if (h->tasks < VOS_CFG_TRACE_TASKS)
            id = ++h->tasks;
        vos__unlock(key);
    }
    if (id != 0)
        vos__trace_name_set(&vos__trace_buf.names[id - 1u], task, name);
    vos__trace_put(VOS__TRACE_INFO(VOS_TEV_TASK_NAME, 0, id), task, 0u);
}

int vos_trace_buffer(const void **p, size_t *len)
{
    if (!p || !len)
        return VOS_ERR_ARG;
    uint32_t key = vos__lock();
    vos__trace_ensure();
    vos__unlock(key);
    *p = &vos__trace_buf;
    *len = sizeof(vos__trace_buf);
    return VOS_OK;
}

/* --- Console dump ---------------------------------------------------------- */

#define VOS__TRACE_LINE_BYTES 64u
#define VOS__TRACE_PREFIX     "@VOS trace "

/* CRC-32 (IEEE 802.3, reflected, as zlib computes it), one byte at a time:
 * slow, table-free, and only used by the dump. */
static uint32_t vos__trace_crc(uint32_t crc, uint8_t byte)
{
    crc ^= byte;
    for (int k = 0; k < 8; k++)
        crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    return crc;
}

static char *vos__trace_hex(char *s, uint32_t v, unsigned digits)
{
    static const char hex[] = "0123456789abcdef";
    for (unsigned i = digits; i > 0; i--)
        *s++ = hex[(v >> (4u * (i - 1u))) & 0xFu];
    return s;
}

static char *vos__trace_prefix(char *s)
{
    for (const char *p = VOS__TRACE_PREFIX; *p; p++)
        *s++ = *p;
    return s;
}

int vos_trace_emit(void (*put)(const char *line))
{
    char line[sizeof(VOS__TRACE_PREFIX) + 2u * VOS__TRACE_LINE_BYTES + 8u];
    const uint8_t *p = (const uint8_t *)&vos__trace_buf;
    const uint32_t size = (uint32_t)sizeof(vos__trace_buf);
    uint32_t crc = 0xFFFFFFFFu;
    char *s;

    if (!put)
        return VOS_ERR_ARG;
    uint32_t key = vos__lock();
    vos__trace_ensure();
    bool on = (vos__trace_buf.hdr.flags & VOS__TRACE_F_REC) != 0;
    vos__unlock(key);
    if (on)
        return VOS_ERR_STATE;

    s = vos__trace_prefix(line);
    for (const char *w = "begin "; *w; w++)
        *s++ = *w;
    s = vos__trace_hex(s, size, 8);
    *s = '\0';
    put(line);

    for (uint32_t off = 0; off < size; off += VOS__TRACE_LINE_BYTES) {
        uint32_t n = size - off < VOS__TRACE_LINE_BYTES ? size - off : VOS__TRACE_LINE_BYTES;
        s = vos__trace_prefix(line);
        for (uint32_t i = 0; i < n; i++) {
            crc = vos__trace_crc(crc, p[off + i]);
            s = vos__trace_hex(s, p[off + i], 2);
        }
        *s = '\0';
        put(line);
    }

    s = vos__trace_prefix(line);
    for (const char *w = "end "; *w; w++)
        *s++ = *w;
    s = vos__trace_hex(s, size, 8);
    *s++ = ' ';
    s = vos__trace_hex(s, ~crc, 8);
    *s = '\0';
    put(line);
    return VOS_OK;
}

#endif /* VOS_CFG_TRACE */
