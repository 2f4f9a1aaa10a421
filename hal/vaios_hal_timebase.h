/* SPDX-License-Identifier: MIT */
/*
 * The STM32Cube HAL's time base, on VAIOS's (hal/hal_timebase.c).
 *
 * The HAL counts milliseconds for HAL_GetTick, HAL_Delay and every HAL
 * timeout. With VAIOS the kernel owns the timer the HAL would program
 * (SysTick, or the TIM that CubeMX picks as "Timebase Source" when an RTOS
 * is used): these functions read the kernel's free-running time base
 * instead, so the HAL needs no tick interrupt at all. They replace the
 * HAL's weak definitions of the same names (stm32f4xx_hal.c declares them
 * weak), which is why the library is an object library: linking
 * vaios::hal_timebase puts them in the image ahead of any archive.
 *
 * Written from the documented behaviour of the HAL functions; none of
 * ST's code. A project with ST's HAL includes ST's headers, not this one
 * (the declarations are the same functions); this header is for code that
 * uses the names without ST's HAL.
 */
#ifndef VAIOS_HAL_TIMEBASE_H
#define VAIOS_HAL_TIMEBASE_H

#include <stdint.h>

/* The HAL's status values HAL_InitTick returns (HAL_StatusTypeDef). */
#define VOS_HAL_OK    0
#define VOS_HAL_ERROR 1

/* The NVIC priorities a tick interrupt could be given (4 priority bits on
 * the STM32F4): HAL_InitTick refuses others, as the HAL does. */
#define VOS_HAL_TICK_PRIO_LEVELS 16u

/* Called by HAL_Init: starts the kernel's time base if the kernel has not
 * started it yet, so that HAL_GetTick counts and HAL_Delay waits before
 * osKernelStart/vos_start; programs no timer interrupt (the kernel's time
 * base runs free; the kernel keeps it running from there on). Returns
 * VOS_HAL_OK, or VOS_HAL_ERROR for a TickPriority of
 * VOS_HAL_TICK_PRIO_LEVELS or more (nothing is started then).
 * Context: thread or main(), before or after the kernel starts. */
int HAL_InitTick(uint32_t TickPriority);

/* The HAL's tick increment. Does nothing: the count is read off the time
 * base. Kept so that a generated SysTick_Handler or
 * HAL_TIM_PeriodElapsedCallback that calls it compiles and links; such a
 * handler never runs, since no tick interrupt is programmed. Any context. */
void HAL_IncTick(void);

/* Milliseconds since the time base started, wrapping at 2^32 (after 49.7
 * days), from the kernel's time base (vos_now()): never late by a tick,
 * never behind the kernel's own time. Any context. */
uint32_t HAL_GetTick(void);

/* Waits at least Delay milliseconds (HAL_MAX_DELAY, 0xFFFFFFFF, included:
 * 49.7 days; 0 returns at once, where the HAL's own waits one more tick).
 * In a task while the kernel runs and the scheduler is not locked it
 * sleeps (vos_sleep_until: other tasks run meanwhile); anywhere else
 * (main() before the start, an interrupt handler, the idle hook, a locked
 * scheduler) it busy-waits on the time base, as the HAL does. Never fails.
 * Context: any; in a handler, at a priority the time base does not need
 * (the counter runs without interrupts, so any priority). */
void HAL_Delay(uint32_t Delay);

/* The HAL's tick suspend and resume (around low-power modes). Do nothing:
 * there is no tick interrupt to stop; the kernel's idle decides how the
 * processor sleeps. Any context. */
void HAL_SuspendTick(void);
void HAL_ResumeTick(void);

#endif /* VAIOS_HAL_TIMEBASE_H */
