/* SPDX-License-Identifier: MIT */
/*
 * NOT FreeRTOS. Our own declarations of the few FreeRTOS-Kernel V11 names
 * that bench/os/freertos uses, written from FreeRTOS's public API
 * documentation, so that make test compiles that backend (and every
 * family through it) against the documented signatures and catches a
 * typo or a wrong argument without FreeRTOS in the tree. Nothing here is
 * linked or run; the real headers come from the user's FreeRTOS-Kernel.
 */
#ifndef VB_FREERTOS_API_FREERTOS_H
#define VB_FREERTOS_API_FREERTOS_H

#include <stddef.h>
#include <stdint.h>

#define TICK_TYPE_WIDTH_16_BITS 0
#define TICK_TYPE_WIDTH_32_BITS 1
#define TICK_TYPE_WIDTH_64_BITS 2

#include "FreeRTOSConfig.h"

/* The ARM_CM4F port's types. */
typedef long BaseType_t;
typedef unsigned long UBaseType_t;
typedef uint32_t StackType_t;
typedef uint32_t TickType_t;
#define portMAX_DELAY ((TickType_t)0xffffffffUL)

#define pdFALSE ((BaseType_t)0)
#define pdTRUE  ((BaseType_t)1)
#define pdPASS  pdTRUE
#define pdFAIL  pdFALSE

#ifndef configASSERT
#define configASSERT(x)
#define configASSERT_DEFINED 0
#else
#define configASSERT_DEFINED 1
#endif

/* Opaque storage of statically created objects (sizes are the kernel's). */
typedef struct { void *opaque[24]; } StaticTask_t;
typedef struct { void *opaque[20]; } StaticQueue_t;
typedef StaticQueue_t StaticSemaphore_t;

/* The port: a context switch requested from a handler; critical sections. */
void vPortYield(void);
BaseType_t xPortIsInsideInterrupt(void);
void vPortEnterCritical(void);
void vPortExitCritical(void);
#define portYIELD()                vPortYield()
#define portYIELD_FROM_ISR(x)      do { if ((x) != pdFALSE) portYIELD(); } while (0)

/* The heap (portable.h). */
void *pvPortMalloc(size_t xWantedSize);
void vPortFree(void *pv);
size_t xPortGetFreeHeapSize(void);
size_t xPortGetMinimumEverFreeHeapSize(void);

#endif
