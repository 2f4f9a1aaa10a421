/* SPDX-License-Identifier: MIT */
/*
 * CMSIS-RTOS2 kernel management, the virtual tick, delays, the priority
 * mapping and the layer's heap.
 *
 * The tick is virtual: tick n is the interval [n*C, (n+1)*C) of the time
 * base, C = VOS_CMSIS_TICK_CYCLES. No interrupt runs per tick; a delay of
 * n ticks is a sleep until the n-th boundary after now, so osDelay(1)
 * ends at the next boundary (possibly almost at once), as the reference
 * specifies, and every finite timeout is counted the same way.
 *
 * Kernel state: Inactive until osKernelInitialize, Ready until the
 * scheduler runs (osKernelStart, or a native vos_start: the layer may be
 * used beside native VAIOS tasks), then Running, or Locked / Suspended
 * while osKernelLock / osKernelSuspend hold the scheduler.
 */
#include "os2.h"

static bool initialized;
/* The heap's control block sits at the start of its own area. */
static vos_heap_t *heap;

/* --- Priority mapping ---------------------------------------------------- */

/* CMSIS priority -> VAIOS level. Idle 1; the six groups of eight from Low
 * to High take four levels each (two CMSIS values per level); the eight
 * Realtime values keep one level each; ISR is the highest CMSIS level.
 * VOS_PRIO_MAX (31) is left above every CMSIS thread (the timer service
 * thread by default). The order is kept: p < q gives level(p) <= level(q). */
unsigned vos_cmsis_prio(osPriority_t p)
{
    if (p == osPriorityIdle)
        return 1;
    if (p >= osPriorityLow && p < osPriorityRealtime)
        return 2u + ((unsigned)p - osPriorityLow) / 2u;
    if (p >= osPriorityRealtime && p < osPriorityISR)
        return 22u + ((unsigned)p - osPriorityRealtime);
    if (p == osPriorityISR)
        return 30;
    return 0;
}

_Static_assert(VOS_CFG_PRIO_LEVELS == 32, "the CMSIS priority mapping assumes 32 levels");

/* --- Heap ----------------------------------------------------------------- */

static void heap_init(void)
{
    if (heap == NULL) {
        void *mem;
        size_t size;
        vos_cmsis_heap_area(&mem, &size);
        size_t head = (sizeof(vos_heap_t) + 7u) & ~(size_t)7u;
        heap = mem;
        vos_heap_init(heap, (uint8_t *)mem + head, size - head);
    }
}

void *os2_alloc(size_t size)
{
    heap_init();
    os2_reap();
    void *p;
    return vos_heap_alloc(heap, size, &p) == VOS_OK ? p : NULL;
}

void os2_free(void *p)
{
    if (p != NULL)
        vos_heap_free(heap, p);
}

/* True when the caller's memory p, of size bytes (at least a word), holds
 * a live object that a New must not overwrite, of any kind: a layer
 * object (its head's tag in the first word), a CMSIS thread until it is
 * joined or reclaimed (the head after its kernel task), a kernel object
 * of the application (its tag in the first word; a task until it has
 * ended, as vos_task_create decides). Reads nothing beyond size. */
static bool holds_live_object(const void *p, size_t size)
{
    const os2_thread_t *th = p;
    if ((((const struct os2_head *)p)->tag & 0xFFFFFF00u) == 0x05200000u)
        return true;
    if (size >= offsetof(os2_thread_t, h) + sizeof th->h.tag && th->h.tag == OS2_TAG_THREAD)
        return true;
    switch (((const struct os2_head *)p)->tag) {
    case VOS_TAG_TASK:
        return size < offsetof(vos_task_t, state) + sizeof th->task.state ||
               (th->task.state != VOS_TASK_EXITED && th->task.state != VOS_TASK_FAULTED);
    case VOS_TAG_SEM: case VOS_TAG_MUTEX: case VOS_TAG_QUEUE: case VOS_TAG_EVENT:
    case VOS_TAG_HEAP: case VOS_TAG_POOL: case VOS_TAG_TIMER: case VOS_TAG_CHAN:
    case VOS_TAG_DOMAIN: case VOS_TAG_WORK: case VOS_TAG_WORKQ: case VOS_TAG_STATS:
        return true;    /* every tag of vaios/kobj.h but VOS_TAG_DEAD */
    default:
        return false;
    }
}

/* Memory for a control block: the caller's (cb_mem, checked for size and
 * for the alignment its type needs, no more, and refused while it holds a
 * live object) or the heap's. Returns NULL on a bad attribute or no
 * memory; *alloc gets OS2_ALLOC_CB when the heap gave it. */
static void *cb_block(void *cb_mem, uint32_t cb_size, size_t need, size_t align, uint8_t *alloc)
{
    *alloc = 0;
    if (cb_mem == NULL) {
        if (cb_size != 0)
            return NULL;
        void *p = os2_alloc(need);
        if (p != NULL) {
            memset(p, 0, need);
            *alloc = OS2_ALLOC_CB;
        }
        return p;
    }
    if (cb_size < need || ((uintptr_t)cb_mem & (align - 1u)) != 0)
        return NULL;
    os2_reap();     /* a detached thread that ended may have left cb_mem free */
    if (holds_live_object(cb_mem, cb_size))
        return NULL;
    memset(cb_mem, 0, need);
    return cb_mem;
}

void *os2_new(const char *name, void *cb_mem, uint32_t cb_size, size_t size, size_t align,
              size_t head)
{
    if (os2_isr() || !os2_kernel_ready())
        return NULL;
    uint8_t alloc;
    uint8_t *p = cb_block(cb_mem, cb_size, size, align, &alloc);
    if (p == NULL)
        return NULL;
    struct os2_head *h = (struct os2_head *)(void *)(p + head);
    h->alloc = alloc;
    h->name = name;
    return p;
}

void *os2_new_mem(void *p, struct os2_head *h, size_t size)
{
    void *mem = os2_alloc(size);
    if (mem == NULL)
        os2_release(p, h, NULL);
    else
        h->alloc |= OS2_ALLOC_MEM;
    return mem;
}

void os2_release(void *p, const struct os2_head *h, void *mem)
{
    uint8_t alloc = h->alloc;   /* h may lie in p */
    if (alloc & OS2_ALLOC_MEM)
        os2_free(mem);
    if (alloc & OS2_ALLOC_CB)
        os2_free(p);
}

/* Free bytes of the layer's heap (for leak tests). */
size_t vos_cmsis_heap_free(void);
size_t vos_cmsis_heap_free(void)
{
    vos_heap_stats_t s;
    heap_init();
    os2_reap();
    return vos_heap_stats(heap, &s) == VOS_OK ? s.free_bytes : 0;
}

/* --- Time ------------------------------------------------------------------ */

/* Ticks osKernelResume added for sleeps the time base did not count
 * (lock.c): the CMSIS tick count is the time base's plus these. Kernel
 * times (deadlines, vos_now) stay on the time base; a tick boundary is at
 * the same point of both, as the offset is whole ticks. */
uint64_t os2_skipped_ticks;

uint64_t os2_tick64(void)
{
    return os2_ktick() + os2_skipped_ticks;
}

uint64_t os2_ktick(void)
{
    return vos_now() / VOS_CMSIS_TICK_CYCLES;
}

uint64_t os2_timeout_cycles(uint32_t ticks)
{
    vos_time_t now = vos_now();
    vos_time_t end = (now / VOS_CMSIS_TICK_CYCLES + ticks) * VOS_CMSIS_TICK_CYCLES;
    return end - now;
}

osStatus_t osDelay(uint32_t ticks)
{
    if (os2_isr())
        return osErrorISR;
    if (ticks == 0)
        return osErrorParameter;
    if (!vos_running())
        return osError;
    vos_time_t end = (os2_ktick() + ticks) * VOS_CMSIS_TICK_CYCLES;
    int err = vos_sleep_until(end);
    /* ended by osThreadResume; or its tick passed meanwhile (a miss, counted) */
    return err == VOS_OK || err == VOS_ERR_ABORTED || err == VOS_ERR_LATE ? osOK : osError;
}

osStatus_t osDelayUntil(uint32_t ticks)
{
    if (os2_isr())
        return osErrorISR;
    if (!vos_running())
        return osError;
    uint64_t now = os2_ktick();
    uint32_t delta = ticks - (uint32_t)(now + os2_skipped_ticks);
    if (delta == 0 || delta > 0x7FFFFFFFu)
        return osErrorParameter;
    int err = vos_sleep_until((now + delta) * VOS_CMSIS_TICK_CYCLES);
    return err == VOS_OK || err == VOS_ERR_ABORTED || err == VOS_ERR_LATE ? osOK : osError;
}

uint32_t osKernelGetTickCount(void)
{
    return (uint32_t)os2_tick64();
}

uint32_t osKernelGetTickFreq(void)
{
    return VOS_CMSIS_TICK_HZ;
}

uint32_t osKernelGetSysTimerCount(void)
{
    return (uint32_t)(vos_now() + os2_skipped_ticks * VOS_CMSIS_TICK_CYCLES);
}

uint32_t osKernelGetSysTimerFreq(void)
{
    return VOS_CFG_CLOCK_HZ;
}

/* --- Kernel ------------------------------------------------------------------ */

bool os2_kernel_ready(void)
{
    return initialized || vos_running();
}

osStatus_t osKernelInitialize(void)
{
    if (os2_isr())
        return osErrorISR;
    if (initialized || vos_running())
        return osError;
    heap_init();
    initialized = true;
    return osOK;
}

osStatus_t osKernelGetInfo(osVersion_t *version, char *id_buf, uint32_t id_size)
{
    static const char id[] = "VAIOS V" VAIOS_VERSION;
    if (version != NULL) {
        version->api = 20030000u;       /* 2.3.0 */
        version->kernel = VAIOS_VERSION_MAJOR * 10000000u + VAIOS_VERSION_MINOR * 10000u +
                          VAIOS_VERSION_PATCH;   /* the reference's encoding */
    }
    if (id_buf != NULL && id_size != 0) {
        uint32_t n = id_size - 1u < sizeof id - 1u ? id_size - 1u : (uint32_t)(sizeof id - 1u);
        memcpy(id_buf, id, n);
        id_buf[n] = '\0';
    }
    return osOK;
}

osKernelState_t osKernelGetState(void)
{
    if (vos_running()) {
        if (os2_suspended())
            return osKernelSuspended;
        return vos_sched_lock_depth() > 0 ? osKernelLocked : osKernelRunning;
    }
    return initialized ? osKernelReady : osKernelInactive;
}

osStatus_t osKernelStart(void)
{
    if (os2_isr())
        return osErrorISR;
    if (!initialized || vos_running())
        return osError;
    vos_start();
    return osError;     /* vos_start returns only on failure */
}
