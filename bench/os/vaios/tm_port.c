/* SPDX-License-Identifier: MIT */
/*
 * The Thread-Metric porting layer for VAIOS (the interface is
 * bench/tm_api.h; docs/threadmetric.md says how the rows use it).
 *
 * Written the way the suite asks a porting layer to be: real functions in
 * their own translation unit, so every counted operation pays the call,
 * the id -> object lookup, the kernel call and the mapping of its status
 * to TM_SUCCESS / TM_ERROR; the calls a test also makes from an interrupt
 * handler test the context and take the kernel's interrupt-safe variant
 * there. The test is vos_in_isr_inline() (include/vaios/critical.h), the
 * public query's inline form for a layer that asks it on every call, as
 * the ChibiOS/RT layer asks its port's inline port_is_isr_context() (the
 * called vos_in_isr() cost 6 instructions more a call). Kernel objects
 * live in this file, indexed by the suite's ids; like the suite's
 * reference port, only the create calls check an id. Queue and semaphore
 * calls never wait (VOS_NO_WAIT), as in that port.
 *
 * Threads are created in the harness's task slots, the same for every
 * layer (bench/tm_threads.c); the thread calls here are VAIOS's.
 */
#include <stdint.h>
#include "vaios/vaios.h"
#include "tm_port.h"      /* the threads and the counts all layers share */

static vos_sem_t tm_semaphores[TM_OBJECTS];
static vos_queue_t tm_queues[TM_OBJECTS];
static uint32_t tm_queue_area[TM_OBJECTS][TM_QUEUE_DEPTH * TM_QUEUE_MSG / 4];
static vos_pool_t tm_pools[TM_OBJECTS];
/* The pools' memory is the top of the harness's scratch arena
 * (bench/core.h): the image has no RAM to spare for it, and the only other
 * user of the arena in these tests is the basic test's array at its start. */
#define tm_pool_area(id) \
    (&vb_arena.u64[(VB_ARENA_SIZE - (TM_OBJECTS - (id)) * TM_POOL_SIZE) / 8])
_Static_assert(TM_OBJECTS * TM_POOL_SIZE + 4096 <= VB_ARENA_SIZE,
               "the arena holds the basic test's array and the pools");

_Static_assert(VOS_POOL_BLOCK(TM_BLOCK_SIZE) == TM_BLOCK_SIZE,
               "a pool block must be exactly the suite's 128 bytes");

static int tm_status(int err)
{
    return err == VOS_OK ? TM_SUCCESS : TM_ERROR;
}

int tm_thread_resume(int thread_id)
{
    vos_task_t *t = tm_threads[thread_id];
    return tm_status(vos_in_isr_inline() ? vos_task_resume_isr(t) : vos_task_resume(t));
}

int tm_thread_suspend(int thread_id)
{
    return tm_status(vos_task_suspend(tm_threads[thread_id]));
}

void tm_thread_relinquish(void)
{
    vos_yield();
}

int tm_queue_create(int queue_id)
{
    if (queue_id < 0 || queue_id >= TM_OBJECTS)
        return TM_ERROR;
    return tm_status(vos_queue_init(&tm_queues[queue_id], tm_queue_area[queue_id], TM_QUEUE_MSG,
                                    TM_QUEUE_DEPTH));
}

int tm_queue_send(int queue_id, unsigned long *message_ptr)
{
    return tm_status(vos_queue_send(&tm_queues[queue_id], message_ptr, VOS_NO_WAIT));
}

int tm_queue_receive(int queue_id, unsigned long *message_ptr)
{
    return tm_status(vos_queue_recv(&tm_queues[queue_id], message_ptr, VOS_NO_WAIT));
}

int tm_semaphore_create(int semaphore_id)
{
    if (semaphore_id < 0 || semaphore_id >= TM_OBJECTS)
        return TM_ERROR;
    return tm_status(vos_sem_init(&tm_semaphores[semaphore_id], 1, 1));
}

int tm_semaphore_get(int semaphore_id)
{
    return tm_status(vos_sem_take(&tm_semaphores[semaphore_id], VOS_NO_WAIT));
}

int tm_semaphore_put(int semaphore_id)
{
    vos_sem_t *s = &tm_semaphores[semaphore_id];
    return tm_status(vos_in_isr_inline() ? vos_sem_give_isr(s) : vos_sem_give(s));
}

int tm_memory_pool_create(int pool_id)
{
    if (pool_id < 0 || pool_id >= TM_OBJECTS)
        return TM_ERROR;
    return tm_status(vos_pool_init(&tm_pools[pool_id], tm_pool_area(pool_id), TM_BLOCK_SIZE,
                                   TM_POOL_SIZE / TM_BLOCK_SIZE));
}

/* The block is written straight through the caller's pointer, as the
 * suite's reference port passes its pointer to the kernel's allocation (a
 * local copy costs 6 instructions an operation). vos_pool_alloc stores a
 * void * there, which an unsigned char * has the representation of. */
int tm_memory_pool_allocate(int pool_id, unsigned char **memory_ptr)
{
    return tm_status(vos_pool_alloc(&tm_pools[pool_id], (void **)memory_ptr));
}

int tm_memory_pool_deallocate(int pool_id, unsigned char *memory_ptr)
{
    return tm_status(vos_pool_free(&tm_pools[pool_id], memory_ptr));
}
