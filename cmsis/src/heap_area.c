/* SPDX-License-Identifier: MIT */
/*
 * The default memory of the layer's heap: a static array of
 * VOS_CMSIS_HEAP_SIZE bytes. Alone in its file so that an application
 * that defines vos_cmsis_heap_area() itself does not link it.
 */
#include "os2.h"

static uint64_t heap_mem[VOS_CMSIS_HEAP_SIZE / 8];

void vos_cmsis_heap_area(void **mem, size_t *size)
{
    *mem = heap_mem;
    *size = sizeof heap_mem;
}
