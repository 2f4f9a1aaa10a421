/* SPDX-License-Identifier: MIT */
/*
 * CMSIS-RTOS2 memory pools over VAIOS fixed-block pools. A counting
 * semaphore holds one unit per block that is free and not yet claimed:
 * an allocation first takes a unit (waiting up to the timeout), which
 * guarantees the pool has a block for it; a free returns the block, then
 * the unit, handing it to the highest-priority waiting allocator. Blocks
 * are VOS_POOL_ALIGN (8) aligned and block_size is rounded up to 8 inside
 * the pool (the size the caller asked for is what GetBlockSize reports).
 * The caller's mp_mem need only be 4-byte aligned (see osMemoryPoolNew).
 */
#include "os2.h"

/* The kernel pool has no delete call: its tag marks it dead. The blocks
 * are the pool's data memory. */
static void *mempool_delete_parts(void *obj)
{
    os2_mempool_t *p = obj;
    vos_sem_delete(&p->free_blocks);
    p->p.tag = VOS_TAG_DEAD;
    return p->p.start;
}

osMemoryPoolId_t osMemoryPoolNew(uint32_t block_count, uint32_t block_size,
                                 const osMemoryPoolAttr_t *attr)
{
    static const osMemoryPoolAttr_t defaults;
    if (block_count == 0 || block_size == 0 || block_count > 0x7FFFFFFFu ||
        block_size > 0x7FFFFFFFu)
        return NULL;
    if (attr == NULL)
        attr = &defaults;
    uint64_t need = (uint64_t)VOS_POOL_BLOCK((uint64_t)block_size) * block_count;
    if (need >= 0x80000000u)
        return NULL;
    /* The caller's memory needs 4-byte alignment only: the kernel's pool
     * (8-byte aligned blocks) starts at its first 8-byte boundary, which
     * costs 4 bytes when it is not one (VOS_CMSIS_MEMPOOL_MEM_SIZE counts
     * them). */
    uint8_t *mem = attr->mp_mem;
    if (mem != NULL) {
        size_t skip = (uintptr_t)mem & (VOS_POOL_ALIGN - 1u);
        if (((uintptr_t)mem & 3u) != 0 || attr->mp_size < skip || attr->mp_size - skip < need)
            return NULL;
        mem += skip;
    }
    if (mem == NULL && attr->mp_size != 0)
        return NULL;
    os2_mempool_t *p = OS2_NEW(attr, p);
    if (p == NULL)
        return NULL;
    if (mem == NULL) {
        mem = os2_new_mem(p, &p->h, (size_t)need);     /* the heap's blocks are 8-byte aligned */
        if (mem == NULL)
            return NULL;
    }
    p->block_size = block_size;
    vos_pool_init(&p->p, mem, VOS_POOL_BLOCK((size_t)block_size), block_count);
    vos_sem_init(&p->free_blocks, block_count, block_count);
    return os2_live(p, &p->h, OS2_TAG_MEMPOOL);
}

const char *osMemoryPoolGetName(osMemoryPoolId_t mp_id)
{
    return os2_name(mp_id, OS2_TAG_MEMPOOL);
}

void *osMemoryPoolAlloc(osMemoryPoolId_t mp_id, uint32_t timeout)
{
    os2_mempool_t *p = mp_id;
    if (!os2_valid(p, OS2_TAG_MEMPOOL) ||
        os2_sem_acquire(&p->free_blocks, timeout, os2_isr()) != osOK)
        return NULL;
    void *blk;
    return vos_pool_alloc(&p->p, &blk) == VOS_OK ? blk : NULL;
}

osStatus_t osMemoryPoolFree(osMemoryPoolId_t mp_id, void *block)
{
    os2_mempool_t *p = mp_id;
    if (!os2_valid(p, OS2_TAG_MEMPOOL) || block == NULL)
        return osErrorParameter;
    int err = vos_pool_free(&p->p, block);
    if (err == VOS_ERR_INVALID)
        return osErrorParameter;
    if (err != VOS_OK)
        return osErrorResource;     /* already free */
    (void)os2_sem_release(&p->free_blocks, os2_isr());
    return osOK;
}

uint32_t osMemoryPoolGetCapacity(osMemoryPoolId_t mp_id)
{
    os2_mempool_t *p = mp_id;
    return os2_valid(p, OS2_TAG_MEMPOOL) ? p->p.count : 0;
}

uint32_t osMemoryPoolGetBlockSize(osMemoryPoolId_t mp_id)
{
    os2_mempool_t *p = mp_id;
    return os2_valid(p, OS2_TAG_MEMPOOL) ? p->block_size : 0;
}

uint32_t osMemoryPoolGetCount(osMemoryPoolId_t mp_id)
{
    os2_mempool_t *p = mp_id;
    return os2_valid(p, OS2_TAG_MEMPOOL) ? p->p.count - os2_sem_units(&p->free_blocks) : 0;
}

uint32_t osMemoryPoolGetSpace(osMemoryPoolId_t mp_id)
{
    os2_mempool_t *p = mp_id;
    return os2_valid(p, OS2_TAG_MEMPOOL) ? os2_sem_units(&p->free_blocks) : 0;
}

osStatus_t osMemoryPoolDelete(osMemoryPoolId_t mp_id)
{
    return os2_delete(mp_id, OS2_TAG_MEMPOOL, mempool_delete_parts);
}
