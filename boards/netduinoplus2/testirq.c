/* SPDX-License-Identifier: MIT */
/*
 * Interrupt sources for tests and the benchmark: TIM3 and TIM4 as periodic
 * timers (QEMU model: ARR = period raises an update interrupt every period
 * counts after the write). The software-pended lines are
 * boards/common/swi.c.
 */
#include <stddef.h>
#include "board.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "vaios/trace.h"

static const uint32_t tim_base[2] = { TIM3_BASE, TIM4_BASE };
static const int tim_irq[2] = { IRQ_TIM3, IRQ_TIM4 };
static void (*tim_handler[2])(void);

void board_irq_start(int n, uint32_t period, uint8_t prio, void (*handler)(void))
{
    uint32_t b = tim_base[n];
    tim_handler[n] = handler;
    nvic_set_priority(tim_irq[n], prio);
    REG32(b + TIM_DIER) = TIM_DIER_UIE;
    REG32(b + TIM_CR1) = TIM_CR1_CEN;
    nvic_enable(tim_irq[n]);
    REG32(b + TIM_ARR) = period;
}

void board_irq_stop(int n)
{
    uint32_t b = tim_base[n];
    REG32(b + TIM_CR1) = 0;
    REG32(b + TIM_DIER) = 0;
    nvic_disable(tim_irq[n]);
    nvic_unpend(tim_irq[n]);
    REG32(b + TIM_SR) = 0;
}

void board_irq_pend(int n)
{
    nvic_pend(tim_irq[n]);
}

void TIM3_IRQHandler(void)
{
    VOS_TRACE_ISR_ENTER(IRQ_TIM3);
    REG32(TIM3_BASE + TIM_SR) = 0;
    tim_handler[0]();
    VOS_TRACE_ISR_EXIT(IRQ_TIM3);
}

void TIM4_IRQHandler(void)
{
    VOS_TRACE_ISR_ENTER(IRQ_TIM4);
    REG32(TIM4_BASE + TIM_SR) = 0;
    tim_handler[1]();
    VOS_TRACE_ISR_EXIT(IRQ_TIM4);
}
