/* SPDX-License-Identifier: MIT */
/*
 * cmsis_os.h: the header STM32CubeMX's generated sources include for the
 * CMSIS-RTOS2 interface (freertos.c, main.c: #include "cmsis_os.h"). One
 * include gives everything such a source names:
 *   - the CMSIS-RTOS2 API (cmsis_os2.h);
 *   - the VAIOS side of the layer (os2_vaios.h): configuration, the
 *     control-block sizes VOS_CMSIS_*_CB_SIZE, the memory-size macros;
 *   - the osStatic*Def_t types CubeMX declares statically allocated
 *     control blocks with (osStaticThreadDef_t defaultTaskControlBlock;
 *     .cb_mem = &defaultTaskControlBlock, .cb_size = sizeof(...)).
 *
 * Each osStatic*Def_t is an opaque block of 8-byte units at least as large
 * as the layer's control block of that kind and aligned as strictly as
 * any control block needs, both checked at compile time below, so
 * sizeof() of one is a cb_size the layer accepts and its address a cb_mem
 * it accepts. Their contents belong to the layer: only their address and
 * size are used.
 *
 * This is not the CMSIS-RTOS version 1 API (osThreadDef, osMessageGet ...);
 * VAIOS implements version 2 only, which is what CubeMX generates for
 * "CMSIS_V2".
 */
#ifndef CMSIS_OS_H_
#define CMSIS_OS_H_

#include "cmsis_os2.h"
#include "os2_vaios.h"

/* An opaque control block of at least bytes, in 8-byte units. */
#define VOS_CMSIS_STATIC_BLOCK(bytes) struct { uint64_t vos_cb[((bytes) + 7u) / 8u]; }

typedef VOS_CMSIS_STATIC_BLOCK(VOS_CMSIS_THREAD_CB_SIZE)    osStaticThreadDef_t;
typedef VOS_CMSIS_STATIC_BLOCK(VOS_CMSIS_TIMER_CB_SIZE)     osStaticTimerDef_t;
typedef VOS_CMSIS_STATIC_BLOCK(VOS_CMSIS_EVFLAGS_CB_SIZE)   osStaticEventGroupDef_t;
typedef VOS_CMSIS_STATIC_BLOCK(VOS_CMSIS_MUTEX_CB_SIZE)     osStaticMutexDef_t;
typedef VOS_CMSIS_STATIC_BLOCK(VOS_CMSIS_SEMAPHORE_CB_SIZE) osStaticSemaphoreDef_t;
typedef VOS_CMSIS_STATIC_BLOCK(VOS_CMSIS_MSGQUEUE_CB_SIZE)  osStaticMessageQDef_t;
typedef VOS_CMSIS_STATIC_BLOCK(VOS_CMSIS_MEMPOOL_CB_SIZE)   osStaticMemPoolDef_t;

#define VOS_CMSIS_STATIC_HOLDS(def, cb)                                        \
    _Static_assert(sizeof(def) >= sizeof(cb) && _Alignof(def) >= _Alignof(cb) && \
                   _Alignof(def) >= 8u, #def " does not hold " #cb)
VOS_CMSIS_STATIC_HOLDS(osStaticThreadDef_t, os2_thread_t);
VOS_CMSIS_STATIC_HOLDS(osStaticTimerDef_t, os2_timer_t);
VOS_CMSIS_STATIC_HOLDS(osStaticEventGroupDef_t, os2_evflags_t);
VOS_CMSIS_STATIC_HOLDS(osStaticMutexDef_t, os2_mutex_t);
VOS_CMSIS_STATIC_HOLDS(osStaticSemaphoreDef_t, os2_sem_t);
VOS_CMSIS_STATIC_HOLDS(osStaticMessageQDef_t, os2_msgq_t);
VOS_CMSIS_STATIC_HOLDS(osStaticMemPoolDef_t, os2_mempool_t);

#endif /* CMSIS_OS_H_ */
