/* SPDX-License-Identifier: MIT */
/*
 * The Thread-Metric porting layer for Zephyr (the interface is
 * bench/tm_api.h; docs/threadmetric.md says how the rows use it), through
 * Zephyr's public API: real functions in their own translation unit, as
 * the suite asks, each mapping the suite's id to the object, calling the
 * kernel and mapping its status.
 *
 *   threads    harness task slots (vb_spawn); suspend k_thread_suspend,
 *              resume k_thread_resume, which Zephyr allows from an
 *              interrupt: there (k_is_in_isr) it ends with Zephyr's
 *              direct-interrupt exit, ISR_DIRECT_FOOTER(1), as the
 *              backend's _isr calls do (osal_impl.h); relinquish k_yield
 *   queue      struct k_msgq of 16-byte messages, depth TM_QUEUE_SIZE / 16
 *              (200 bytes, as the suite's reference port); send and
 *              receive with K_NO_WAIT
 *   semaphore  struct k_sem with limit 1, created available; get with
 *              K_NO_WAIT; put is k_sem_give (from the handler too), which
 *              has no status: a put of a full semaphore is dropped
 *   pool       struct k_mem_slab of 16 128-byte blocks (2048 bytes); an
 *              allocation that finds none (K_NO_WAIT) is TM_ERROR, a
 *              release has no status
 */
#include <stdint.h>
#include "tm_port.h"      /* the threads and the counts all layers share */

static struct k_sem tm_semaphores[TM_OBJECTS];
static struct k_msgq tm_queues[TM_OBJECTS];
static uint32_t tm_queue_area[TM_OBJECTS][TM_QUEUE_DEPTH * TM_QUEUE_MSG / 4];
static struct k_mem_slab tm_pools[TM_OBJECTS];
/* The pools' memory is the top of the harness's scratch arena, as in the
 * other layers (the basic test's array is at its start). */
#define tm_pool_area(id) \
    (&vb_arena.u64[(VB_ARENA_SIZE - (TM_OBJECTS - (id)) * TM_POOL_SIZE) / 8])
_Static_assert(TM_OBJECTS * TM_POOL_SIZE + 4096 <= VB_ARENA_SIZE,
               "the arena holds the basic test's array and the pools");

int tm_thread_resume(int thread_id)
{
    k_thread_resume(&tm_threads[thread_id]->thread);
    if (k_is_in_isr()) {
        ISR_DIRECT_FOOTER(1);
    }
    return TM_SUCCESS;
}

int tm_thread_suspend(int thread_id)
{
    k_thread_suspend(&tm_threads[thread_id]->thread);
    return TM_SUCCESS;
}

void tm_thread_relinquish(void)
{
    k_yield();
}

int tm_queue_create(int queue_id)
{
    if (queue_id < 0 || queue_id >= TM_OBJECTS)
        return TM_ERROR;
    k_msgq_init(&tm_queues[queue_id], (char *)tm_queue_area[queue_id], TM_QUEUE_MSG,
                TM_QUEUE_DEPTH);
    return TM_SUCCESS;
}

int tm_queue_send(int queue_id, unsigned long *message_ptr)
{
    return k_msgq_put(&tm_queues[queue_id], message_ptr, K_NO_WAIT) == 0 ? TM_SUCCESS : TM_ERROR;
}

int tm_queue_receive(int queue_id, unsigned long *message_ptr)
{
    return k_msgq_get(&tm_queues[queue_id], message_ptr, K_NO_WAIT) == 0 ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_create(int semaphore_id)
{
    if (semaphore_id < 0 || semaphore_id >= TM_OBJECTS)
        return TM_ERROR;
    return k_sem_init(&tm_semaphores[semaphore_id], 1, 1) == 0 ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_get(int semaphore_id)
{
    return k_sem_take(&tm_semaphores[semaphore_id], K_NO_WAIT) == 0 ? TM_SUCCESS : TM_ERROR;
}

int tm_semaphore_put(int semaphore_id)
{
    k_sem_give(&tm_semaphores[semaphore_id]);
    if (k_is_in_isr()) {
        ISR_DIRECT_FOOTER(1);
    }
    return TM_SUCCESS;
}

int tm_memory_pool_create(int pool_id)
{
    if (pool_id < 0 || pool_id >= TM_OBJECTS)
        return TM_ERROR;
    return k_mem_slab_init(&tm_pools[pool_id], tm_pool_area(pool_id), TM_BLOCK_SIZE,
                           TM_POOL_SIZE / TM_BLOCK_SIZE) == 0 ? TM_SUCCESS : TM_ERROR;
}

int tm_memory_pool_allocate(int pool_id, unsigned char **memory_ptr)
{
    return k_mem_slab_alloc(&tm_pools[pool_id], (void **)memory_ptr, K_NO_WAIT) == 0 ? TM_SUCCESS
                                                                                   : TM_ERROR;
}

int tm_memory_pool_deallocate(int pool_id, unsigned char *memory_ptr)
{
    k_mem_slab_free(&tm_pools[pool_id], memory_ptr);
    return TM_SUCCESS;
}
