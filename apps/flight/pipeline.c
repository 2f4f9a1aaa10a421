/* SPDX-License-Identifier: MIT */
/*
 * The stages of the 1 kHz flight pipeline (see pipeline.h).
 *
 * Invariants:
 *  - plant: buf[pub] is the published sample and is never written while
 *    published; fp_plant_advance writes buf[pub ^ 1] and then flips pub,
 *    so the interrupt handler, which cannot be preempted by the plant
 *    task, always copies a whole sample. A compiler fence orders the
 *    sample's stores before the flip (one core: no hardware barrier is
 *    needed between a task and a handler).
 *  - snapshot: version is odd exactly while fp_snap_write runs; a reader
 *    keeps a copy only if version was even and unchanged around it.
 *  - telemetry: every packet it allocated is either on the link queue or
 *    already freed; after fp_telem_drain it holds no memory. A packet
 *    carries its length and a CRC over the rest, checked when the link
 *    delivers it.
 */
#include "pipeline.h"

#include <string.h>

#include "quat.h"

/* ---- plant ------------------------------------------------------------- */

void fp_plant_init(fp_plant_t *p, uint32_t seed, vm_manoeuvre_t man, float throttle)
{
    memset(p, 0, sizeof *p);
    vm_init(&p->vm, seed, NULL);
    vm_set_manoeuvre(&p->vm, man);
    float m[VM_MOTORS];
    for (int i = 0; i < VM_MOTORS; i++)
        m[i] = throttle;
    vm_set_motors(&p->vm, m);
}

const vm_imu_t *fp_plant_advance(fp_plant_t *p, const float motor[MIX_MOTORS])
{
    if (motor)
        vm_set_motors(&p->vm, motor);
    uint32_t w = p->pub ^ 1u;
    vm_imu_t *s = &p->buf[w];
    vm_step(&p->vm, s);
    memcpy(p->truth[s->seq & (FP_TRUTH_N - 1u)], p->vm.q, sizeof p->vm.q);
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    p->pub = w;
    return s;
}

int fp_plant_take(fp_plant_t *p, fp_imu_msg_t *m)
{
    const vm_imu_t *s = &p->buf[p->pub];
    if (s->seq == p->last_taken)
        return -1;
    p->last_taken = s->seq;
    memcpy(m->gyro, s->gyro, sizeof m->gyro);
    memcpy(m->acc, s->acc, sizeof m->acc);
    m->seq = s->seq;
    return 0;
}

const float *fp_plant_truth(const fp_plant_t *p, uint32_t seq)
{
    return p->truth[seq & (FP_TRUTH_N - 1u)];
}

_Static_assert((FP_TRUTH_N & (FP_TRUTH_N - 1u)) == 0, "FP_TRUTH_N must be a power of two");

/* ---- fusion ------------------------------------------------------------ */

void fp_fusion_init(fp_fusion_t *f, float dt, const float level_acc[3])
{
    att_init(&f->att, ATT_KP_DEFAULT, ATT_KI_DEFAULT);
    f->dt = dt;
    if (level_acc)
        att_level(&f->att, level_acc);
}

void fp_fuse(fp_fusion_t *f, const fp_imu_msg_t *in, fp_att_msg_t *out)
{
    att_update(&f->att, in->gyro, in->acc, f->dt);
    memcpy(out->q, f->att.q, sizeof out->q);
    memcpy(out->rate, f->att.rate, sizeof out->rate);
    out->seq = in->seq;
    out->t_irq = in->t_irq;
}

/* ---- control and mixer ------------------------------------------------- */

void fp_control_init(fp_control_t *c, float dt, float throttle, float idle)
{
    memset(c, 0, sizeof *c);
    ctl_config_t cfg;
    ctl_default_config(&cfg);
    ctl_init(&c->ctl, &cfg);
    c->dt = dt;
    c->throttle = throttle;
    c->idle = idle;
}

void fp_control(fp_control_t *c, const fp_att_msg_t *in, fp_cmd_msg_t *out)
{
    out->seq = in->seq;
    out->t_irq = in->t_irq;
    ctl_update(&c->ctl, in->q, in->rate, c->dt, c->flags & MIX_LIM_AXES, c->torque);
    c->flags = mix_quadx(c->throttle, c->torque, c->idle, out->motor);
}

void fp_control_setpoint(fp_control_t *c, const float q_now[4], float roll, float pitch,
                         float dyaw)
{
    float r, p, yaw;
    quat_to_euler(q_now, &r, &p, &yaw);
    ctl_set_attitude(&c->ctl, roll, pitch, yaw + dyaw);
}

/* ---- flight plan ------------------------------------------------------- */

static const fp_setpoint_t plan_default_sp[] = {
    { 0,     20.0f * FL_DEG2RAD,   0.0f,                0.0f },
    { 1000,  0.0f,                 0.0f,                0.0f },
    { 2000,  0.0f,                -15.0f * FL_DEG2RAD,  0.0f },
    { 3000,  0.0f,                 0.0f,                0.0f },
    { 4000, -15.0f * FL_DEG2RAD,   10.0f * FL_DEG2RAD,  0.0f },
    { 5000,  0.0f,                 0.0f,                0.0f },
    { 6000,  0.0f,                 0.0f,                30.0f * FL_DEG2RAD },
    { 7000,  0.0f,                 0.0f,                0.0f },
};

const fp_plan_t fp_plan_default = {
    plan_default_sp, sizeof plan_default_sp / sizeof plan_default_sp[0], 3000, 8000
};

const fp_setpoint_t *fp_plan_due(const fp_plan_t *plan, uint32_t done)
{
    if (done < plan->lead_in)
        return NULL;
    uint32_t k = (done - plan->lead_in) % plan->cycle;
    for (unsigned i = 0; i < plan->n; i++)
        if (plan->sp[i].at == k)
            return &plan->sp[i];
    return NULL;
}

/* ---- snapshot ---------------------------------------------------------- */

void fp_snap_write(fp_snap_t *snap, const fp_att_msg_t *att, const fp_cmd_msg_t *cmd,
                   uint32_t latency, unsigned flags)
{
    snap->version++;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    snap->s.seq = cmd->seq;
    memcpy(snap->s.q, att->q, sizeof snap->s.q);
    memcpy(snap->s.motor, cmd->motor, sizeof snap->s.motor);
    snap->s.latency = latency;
    snap->s.flags = flags;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    snap->version++;
}

bool fp_snap_read(const fp_snap_t *snap, fp_state_t *out)
{
    for (;;) {
        uint32_t v = snap->version;
        if (v == 0)
            return false;
        if (v & 1u)
            continue;
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
        memcpy(out, &snap->s, sizeof *out);
        __atomic_signal_fence(__ATOMIC_SEQ_CST);
        if (snap->version == v)
            return true;
    }
}

/* ---- telemetry ----------------------------------------------------------
 * Packet: 0xA5, kind, length (2 bytes LE, whole packet), seq (4 bytes LE),
 * payload, CRC-16/CCITT (init 0xFFFF, poly 0x1021) of everything before it,
 * big end first. */

enum { PKT_SYNC = 0xA5, PKT_HDR = 8, PKT_CRC = 2 };
enum { PKT_ATT = 1, PKT_MOTOR = 2, PKT_STATUS = 3, PKT_LOG = 4 };
#define LOG_MIN   16u
#define LOG_SPAN  385u      /* log payloads are LOG_MIN .. LOG_MIN + LOG_SPAN - 1 bytes */
#define FADE_ODDS 64u       /* a fade starts on about one tick in FADE_ODDS */
#define FADE_MIN  3u
#define FADE_SPAN 30u

static uint32_t telem_rand(fp_telem_t *t)   /* xorshift32 */
{
    uint32_t x = t->rng;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return t->rng = x;
}

static uint16_t crc16(const uint8_t *d, unsigned n)
{
    uint16_t c = 0xFFFFu;
    while (n--) {
        c ^= (uint16_t)(*d++ << 8);
        for (int i = 0; i < 8; i++)
            c = (c & 0x8000u) ? (uint16_t)((c << 1) ^ 0x1021u) : (uint16_t)(c << 1);
    }
    return c;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static unsigned pkt_len(const uint8_t *pkt)
{
    return (unsigned)pkt[2] | ((unsigned)pkt[3] << 8);
}

/* Allocates a packet of `payload` bytes, fills its header and returns a
 * pointer to the payload, or NULL (counted) if the allocator refused. */
static uint8_t *pkt_new(fp_telem_t *t, unsigned kind, uint32_t seq, unsigned payload,
                        uint8_t **pkt)
{
    unsigned len = PKT_HDR + payload + PKT_CRC;
    uint8_t *p = t->alloc(t->ctx, len);
    if (!p) {
        t->alloc_failed++;
        return NULL;
    }
    p[0] = PKT_SYNC;
    p[1] = (uint8_t)kind;
    p[2] = (uint8_t)len;
    p[3] = (uint8_t)(len >> 8);
    put32(p + 4, seq);
    *pkt = p;
    return p + PKT_HDR;
}

/* Seals a packet (CRC) and queues it on the link, or drops it if the link
 * queue is full. */
static void pkt_send(fp_telem_t *t, uint8_t *pkt)
{
    unsigned len = pkt_len(pkt);
    uint16_t c = crc16(pkt, len - PKT_CRC);
    pkt[len - 2] = (uint8_t)(c >> 8);
    pkt[len - 1] = (uint8_t)c;
    t->packets++;
    if (t->count == FP_TELEM_INFLIGHT) {
        t->dropped++;
        t->release(t->ctx, pkt);
        return;
    }
    t->q[(t->head + t->count) % FP_TELEM_INFLIGHT] = pkt;
    t->count++;
    if (t->count > t->peak_inflight)
        t->peak_inflight = t->count;
}

/* The receiving end: checks the oldest packet, which the link has fully
 * sent, and frees it. */
static void pkt_deliver(fp_telem_t *t)
{
    uint8_t *pkt = t->q[t->head];
    unsigned len = pkt_len(pkt);
    uint16_t c = crc16(pkt, len - PKT_CRC);
    if (pkt[0] != PKT_SYNC || pkt[len - 2] != (uint8_t)(c >> 8) || pkt[len - 1] != (uint8_t)c)
        t->bad++;
    t->bytes += len;
    t->delivered++;
    t->release(t->ctx, pkt);
    t->head = (t->head + 1u) % FP_TELEM_INFLIGHT;
    t->count--;
    t->sent = 0;
}

void fp_telem_init(fp_telem_t *t, fp_alloc_fn alloc, fp_free_fn release, void *ctx,
                   uint32_t seed, unsigned link_bytes)
{
    memset(t, 0, sizeof *t);
    t->alloc = alloc;
    t->release = release;
    t->ctx = ctx;
    t->link_bytes = link_bytes;
    t->rng = seed ? seed : 0x9E3779B9u;
}

void fp_telem_tick(fp_telem_t *t, const fp_state_t *st)
{
    uint8_t *pkt, *pl;
    uint32_t seq = st ? st->seq : 0;
    t->ticks++;

    if (st && (pl = pkt_new(t, PKT_ATT, seq, 20, &pkt)) != NULL) {
        memcpy(pl, st->q, 16);
        put32(pl + 16, st->latency);
        pkt_send(t, pkt);
    }
    if (st && (t->ticks & 1u) == 0 && (pl = pkt_new(t, PKT_MOTOR, seq, 20, &pkt)) != NULL) {
        memcpy(pl, st->motor, 16);
        put32(pl + 16, st->flags);
        pkt_send(t, pkt);
    }
    if ((!st || t->ticks % 10u == 0) && (pl = pkt_new(t, PKT_STATUS, seq, 16, &pkt)) != NULL) {
        put32(pl, t->packets);
        put32(pl + 4, t->dropped);
        put32(pl + 8, t->alloc_failed);
        put32(pl + 12, t->peak_inflight);
        pkt_send(t, pkt);
    }
    if (telem_rand(t) % 8u == 0) {
        unsigned n = LOG_MIN + telem_rand(t) % LOG_SPAN;
        if ((pl = pkt_new(t, PKT_LOG, seq, n, &pkt)) != NULL) {
            for (unsigned i = 0; i < n; i++)
                pl[i] = (uint8_t)('a' + telem_rand(t) % 26u);
            pkt_send(t, pkt);
        }
    }

    /* The link: down during a fade, else link_bytes this tick. */
    if (t->fade) {
        t->fade--;
        return;
    }
    if (telem_rand(t) % FADE_ODDS == 0) {
        t->fade = FADE_MIN + telem_rand(t) % FADE_SPAN;
        return;
    }
    unsigned budget = t->link_bytes;
    while (budget && t->count) {
        unsigned left = pkt_len(t->q[t->head]) - t->sent;
        unsigned take = left < budget ? left : budget;
        t->sent += take;
        budget -= take;
        if (t->sent == pkt_len(t->q[t->head]))
            pkt_deliver(t);
    }
}

void fp_telem_drain(fp_telem_t *t)
{
    while (t->count)
        pkt_deliver(t);
}
