/* SPDX-License-Identifier: MIT */
/*
 * VAIOS side of the CMSIS-RTOS2 layer: configuration, the control blocks
 * behind every osXxxId_t, and the sizes an application needs to give its
 * own memory through the cb_mem / stack_mem / mp_mem / mq_mem attributes.
 *
 * Configuration: define any VOS_CMSIS_* option in "vaios_config.h" (the
 * kernel's configuration header, found on the include path) to override
 * its default here. Every option is checked at compile time.
 */
#ifndef OS2_VAIOS_H
#define OS2_VAIOS_H

#include "cmsis_os2.h"
#include "vaios/vaios.h"

/* Frequency of the kernel tick of osKernelGetTickCount, osDelay and every
 * timeout, in Hz. It is virtual: no interrupt runs at this rate, ticks are
 * read off the time base (VOS_CFG_CLOCK_HZ must be a multiple). */
#ifndef VOS_CMSIS_TICK_HZ
#define VOS_CMSIS_TICK_HZ 1000u
#endif

/* Bytes of the layer's heap, from which control blocks, stacks and object
 * memory come whenever the attributes do not provide them. */
#ifndef VOS_CMSIS_HEAP_SIZE
#define VOS_CMSIS_HEAP_SIZE 32768u
#endif

/* Stack of a thread whose attributes give neither stack_mem nor stack_size. */
#ifndef VOS_CMSIS_STACK_SIZE
#define VOS_CMSIS_STACK_SIZE 1024u
#endif

/* VAIOS priority and stack of the thread that runs timer callbacks. */
#ifndef VOS_CMSIS_TIMER_PRIO
#define VOS_CMSIS_TIMER_PRIO 31u
#endif
#ifndef VOS_CMSIS_TIMER_STACK
#define VOS_CMSIS_TIMER_STACK 1024u
#endif

_Static_assert(VOS_CMSIS_TICK_HZ >= 1 && VOS_CFG_CLOCK_HZ % VOS_CMSIS_TICK_HZ == 0,
               "VOS_CFG_CLOCK_HZ must be a multiple of VOS_CMSIS_TICK_HZ");
_Static_assert(VOS_CMSIS_HEAP_SIZE >= 4096u, "VOS_CMSIS_HEAP_SIZE too small");
_Static_assert(VOS_CMSIS_STACK_SIZE >= VOS_CFG_STACK_MIN, "VOS_CMSIS_STACK_SIZE below VOS_CFG_STACK_MIN");
_Static_assert(VOS_CMSIS_TIMER_PRIO >= 1 && VOS_CMSIS_TIMER_PRIO < VOS_CFG_PRIO_LEVELS,
               "VOS_CMSIS_TIMER_PRIO out of range");

/* Time-base cycles per kernel tick. */
#define VOS_CMSIS_TICK_CYCLES ((uint64_t)VOS_CFG_CLOCK_HZ / VOS_CMSIS_TICK_HZ)

/* Common head of every control block: a tag (distinct per object type,
 * cleared on delete, so a stale or foreign id is refused), the name, and
 * what the layer allocated for the object (freed when it goes). */
struct os2_head {
    uint32_t tag;
    uint8_t alloc;          /* OS2_ALLOC_* */
    uint8_t pad[3];
    const char *name;
};

/* The kernel task comes first, so that a vos_task_t of a CMSIS thread is
 * its os2_thread_t; the head (with its tag) follows it. */
typedef struct os2_thread {
    vos_task_t task;
    struct os2_head h;
    vos_event_t flags;      /* the thread flags: waited on by this thread only */
    struct os2_thread *next;/* registry of live threads (enumerate, count) */
    struct os2_thread *next_zombie;
    osThreadFunc_t func;
    void *arg;
    uint32_t attr_bits;
    uint8_t prio;           /* CMSIS base priority (osPriority_t) */
    uint8_t state;          /* OS2_TS_* */
    uint8_t pad[2];
} os2_thread_t;

typedef struct os2_evflags {
    struct os2_head h;
    vos_event_t ev;
} os2_evflags_t;

typedef struct os2_mutex {
    struct os2_head h;
    vos_mutex_t m;
    uint32_t attr_bits;
    struct os2_mutex *next; /* registry of live mutexes */
} os2_mutex_t;

typedef struct os2_sem {
    struct os2_head h;
    vos_sem_t s;
} os2_sem_t;

typedef struct os2_mempool {
    struct os2_head h;
    vos_pool_t p;
    vos_sem_t free_blocks;  /* one unit per block not handed out: allocators wait here */
    uint32_t block_size;    /* as requested */
} os2_mempool_t;

/* A message queue: msg_count slots of a 4-byte header (next slot, priority)
 * and the message, kept in one list in delivery order (priority, then
 * arrival) and one free list. items counts stored messages a receiver may
 * claim, space the free slots a sender may claim; the lists change only
 * under the kernel lock, a copy in or out happens on a slot its caller
 * claimed. */
typedef struct os2_msgq {
    struct os2_head h;
    vos_sem_t items;
    vos_sem_t space;
    struct os2_mq_slot *slot;   /* msg_count headers */
    uint8_t *msgs;          /* msg_count messages, stride bytes apart */
    void *heap_mem;         /* what the layer's heap gave (or NULL) */
    uint32_t msg_size;
    uint32_t msg_count;
    uint32_t stride;        /* bytes per message */
    uint16_t head, tail;    /* delivery list (OS2_MQ_NONE: empty) */
    uint16_t free;          /* free slots */
    uint16_t count;         /* messages in the delivery list */
} os2_msgq_t;

typedef struct os2_timer {
    struct os2_head h;
    vos_timer_t tm;
    osTimerFunc_t func;
    void *arg;
    uint8_t periodic;
    uint8_t pad[3];
} os2_timer_t;

/* Sizes for the cb_size attribute. cb_mem needs the alignment of its type
 * and no more: 8 bytes for a thread and a timer (they hold 64-bit times),
 * 4 for the other objects (docs/cmsis-rtos2.md). */
#define VOS_CMSIS_THREAD_CB_SIZE    sizeof(os2_thread_t)
#define VOS_CMSIS_EVFLAGS_CB_SIZE   sizeof(os2_evflags_t)
#define VOS_CMSIS_MUTEX_CB_SIZE     sizeof(os2_mutex_t)
#define VOS_CMSIS_SEMAPHORE_CB_SIZE sizeof(os2_sem_t)
#define VOS_CMSIS_MEMPOOL_CB_SIZE   sizeof(os2_mempool_t)
#define VOS_CMSIS_MSGQUEUE_CB_SIZE  sizeof(os2_msgq_t)
#define VOS_CMSIS_TIMER_CB_SIZE     sizeof(os2_timer_t)

/* Bytes of mp_mem for a pool of count blocks of size bytes (4-byte aligned
 * memory: the blocks start at its first 8-byte boundary, so 4 bytes are
 * added for memory that is not 8-byte aligned), and of mq_mem for a queue
 * of count messages that holds the queue's 4-byte header per message too
 * (4-byte aligned memory). A queue also accepts what the reference's
 * users give: count * size bytes at any alignment (STM32CubeMX's static
 * buffer); its headers then come from the layer's heap (count * 4 bytes,
 * docs/cmsis-rtos2.md). */
#define VOS_CMSIS_MEMPOOL_MEM_SIZE(count, size)  (VOS_POOL_MEM_SIZE((size), (count)) + 4u)
#define VOS_CMSIS_MSGQUEUE_MEM_SIZE(count, size) \
    ((size_t)(count) * (4u + (((size_t)(size) + 3u) & ~(size_t)3u)))

/* The memory of the layer's heap, asked for once, at osKernelInitialize or
 * the first allocation. The library's definition (cmsis/src/heap_area.c)
 * gives a static array of VOS_CMSIS_HEAP_SIZE bytes; an application that
 * defines this function itself provides the memory instead (the library's
 * array is then not linked in). */
void vos_cmsis_heap_area(void **mem, size_t *size);

/* The VAIOS priority a CMSIS priority runs at (0 for an invalid one). */
unsigned vos_cmsis_prio(osPriority_t p);

#endif /* OS2_VAIOS_H */
