/* SPDX-License-Identifier: MIT */
/*
 * Interrupt sources for tests and the benchmark: TIM3 and TIM4 as periodic
 * timers. The software-pended lines are boards/common/swi.c.
 *
 * What QEMU 7.2's STM32 timer model does, measured (docs/benchmark.md):
 * only the update interrupt is modelled (no compare channels); with CNT,
 * EGR and PSC never written, a write of ARR = P at counter time W raises
 * the update interrupt at exactly W + P, W + 2P, ... (each event re-arms
 * the next from its own due time, so the period never drifts). So the
 * exact due time of every event is known: the ARR write is done one
 * instruction after a TIM2 read, and event k is due at that read + 1 +
 * k * P. A write of CNT or EGR moves the model's internal origin instead
 * (the next update then comes at about twice the absolute time plus ARR):
 * never written here.
 */
#include <stddef.h>
#include "board.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "testirq.h"

static const uint32_t tim_base[2] = { TIM3_BASE, TIM4_BASE };
static const int tim_irq[2] = { IRQ_TIM3, IRQ_TIM4 };
static void (*tim_handler[2])(void);
static uint32_t first_due[2], period_of[2];
static volatile uint32_t entry[2] __attribute__((used));

void board_irq_start(int n, uint32_t period, uint8_t prio, void (*handler)(void))
{
    uint32_t b = tim_base[n];
    tim_handler[n] = handler;
    nvic_set_priority(tim_irq[n], prio);
    REG32(b + TIM_DIER) = TIM_DIER_UIE;
    REG32(b + TIM_CR1) = TIM_CR1_CEN;
    nvic_enable(tim_irq[n]);
    period_of[n] = period;
    /* The ARR write lands exactly one instruction after the counter read:
     * assembly, because C cannot pin that distance. */
    uint32_t w;
    __asm__ volatile(
        "ldr %[w], [%[tim2], %[cnt]]   \n\t"   /* w = TIM2 CNT, at time W - 1 */
        "str %[p], [%[tim], %[arr]]    \n\t"   /* ARR written at W: events at W + kP */
        : [w] "=&r"(w)
        : [tim2] "r"(TIM2_BASE), [tim] "r"(b), [p] "r"(period), [cnt] "I"(TIM_CNT),
          [arr] "I"(TIM_ARR)
        : "memory");
    first_due[n] = w + 1u + period;
}

uint32_t board_irq_entry(int n)
{
    return entry[n];
}

uint32_t board_irq_due(int n)
{
    return testirq_due(entry[n], first_due[n], period_of[n]);
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

/* The vectors: TIM2's counter read and stamped for board_irq_entry (the
 * first instruction forms TIM2's address), then the body clears the update
 * flag and calls the handler. */
TESTIRQ_BODY(tim3_body, tim_handler[0], IRQ_TIM3, TIM3_BASE + TIM_SR, 0)
TESTIRQ_BODY(tim4_body, tim_handler[1], IRQ_TIM4, TIM4_BASE + TIM_SR, 0)
TESTIRQ_STAMPED_VECTOR(TIM3_IRQHandler, &entry[0], tim3_body, TIM2_BASE, TIM_CNT)
TESTIRQ_STAMPED_VECTOR(TIM4_IRQHandler, &entry[1], tim4_body, TIM2_BASE, TIM_CNT)
