/* SPDX-License-Identifier: MIT */
/*
 * The background loads of the loaded scenarios (bench/load.h): their tasks
 * and the tick. Each load task runs until vb_load_end() and returns, so
 * that the family's vb_join() of its slot sees it end.
 */
#include "core.h"
#include "load.h"

#define TICK_PERIOD_NS 99730u       /* 99.73 us: incommensurate (load.h) */

static volatile bool stopping;      /* vb_load_end() was called */
static volatile uint32_t ticks;     /* the tick's interrupts since its start */

/* --- VB_LOAD_BUSY ------------------------------------------------------------ */

static void busy(void *arg)
{
    (void)arg;
    volatile uint32_t n = 0;
    while (!stopping)
        n++;
}

/* --- VB_LOAD_SEM ------------------------------------------------------------- */

static os_sem_t sem_load;
static os_mutex_t sem_load_mtx;

static void sem_contender(void *arg)
{
    bool giver = arg != NULL;
    while (!stopping) {
        os_mutex_lock(&sem_load_mtx);
        if (giver)
            os_sem_give(&sem_load);
        else
            os_sem_trytake(&sem_load);
        os_mutex_unlock(&sem_load_mtx);
        os_yield();
    }
}

/* --- VB_LOAD_ALLOC ----------------------------------------------------------- */

#if OSAL_HAS_HEAP
#define ALLOC_HEAP_SIZE (16 * 1024)
_Static_assert(ALLOC_HEAP_SIZE <= VB_ARENA_SIZE, "the allocation load's heap outgrew the arena");
static os_heap_t alloc_heap;

static void allocator(void *arg)
{
    (void)arg;
    enum { SLOTS = 48 };
    void *slot[SLOTS] = { 0 };
    uint32_t seed = 0xA11CE;
    while (!stopping) {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        unsigned k = seed % SLOTS;
        if (slot[k] != NULL) {
            os_free(&alloc_heap, slot[k]);
            slot[k] = NULL;
        } else {
            slot[k] = os_malloc(&alloc_heap, 16 + (seed >> 8) % 600);
        }
    }
    for (unsigned k = 0; k < SLOTS; k++)
        if (slot[k] != NULL)
            os_free(&alloc_heap, slot[k]);
}
#endif

/* --- VB_LOAD_KERNEL ---------------------------------------------------------- */

static os_sem_t ksem1, ksem2;
static os_mutex_t kmtx;
#if OSAL_HAS_QUEUE
static os_queue_t kq;
static uint32_t kq_buf[4];
#endif

static void kernel_load(void *arg)
{
    uint32_t qbuf[4], v = 0;
    os_queue_t *q = arg;
    while (!stopping) {
        os_sem_give(&ksem1);
        os_sem_take(&ksem1);
        os_mutex_lock(&kmtx);
        os_sem_give(&ksem2);           /* wakes the partner, which then blocks on kmtx */
        os_mutex_unlock(&kmtx);
#if OSAL_HAS_QUEUE
        os_queue_send(q, &v);
        os_queue_recv(q, &v);
#endif
        os_sleep(os_us(3));
        (void)qbuf;
    }
    os_sem_give(&ksem2);
}

static void kernel_partner(void *arg)
{
    (void)arg;
    while (!stopping) {
        os_sem_take(&ksem2);
        os_mutex_lock(&kmtx);          /* boosts the owner */
        os_mutex_unlock(&kmtx);
        os_yield();
    }
}

/* --- Starting and ending ------------------------------------------------------ */

int vb_load_tasks(unsigned kinds, int slot, int prio)
{
    int first = slot;
    stopping = false;
    if (kinds & VB_LOAD_BUSY)
        vb_spawn(slot++, "busy", busy, NULL, prio);
    if (kinds & VB_LOAD_SEM) {
        os_sem_init(&sem_load, 0, 1);
        os_mutex_init(&sem_load_mtx);
        vb_spawn(slot++, "sem_a", sem_contender, (void *)1, prio);
        vb_spawn(slot++, "sem_b", sem_contender, NULL, prio);
    }
#if OSAL_HAS_HEAP
    if (kinds & VB_LOAD_ALLOC) {
        os_heap_init(&alloc_heap, vb_arena.u64, ALLOC_HEAP_SIZE);
        vb_spawn(slot++, "alloc", allocator, NULL, prio);
    }
#endif
    if (kinds & VB_LOAD_KERNEL) {
        os_sem_init(&ksem1, 0, 1);
        os_sem_init(&ksem2, 0, 1);
        os_mutex_init(&kmtx);
        void *qarg = NULL;
#if OSAL_HAS_QUEUE
        os_queue_init(&kq, kq_buf, sizeof kq_buf[0], 4);
        qarg = &kq;
#endif
        vb_spawn(slot++, "kload", kernel_load, qarg, prio);
        vb_spawn(slot++, "kpartner", kernel_partner, NULL, prio + 1);
    }
    return slot - first;
}

static void tick(void)
{
    ticks++;
}

void vb_load_tick_start(void)
{
    ticks = 0;
    board_irq_start(0, (uint32_t)os_ns(TICK_PERIOD_NS), OSAL_IRQ_PRIO_KERNEL, tick);
}

void vb_load_tick_stop(void)
{
    board_irq_stop(0);
    if (ticks == 0) {
        board_printf("!! bench: the load's tick never fired: the scenario was not loaded\n");
        board_exit(2);
    }
}

void vb_load_end(void)
{
    stopping = true;
}
