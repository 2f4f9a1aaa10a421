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
#include "vaios/trace.h"

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

/* The latest event due at or before the handler's entry: a handler is
 * always entered less than one period after its event (a later one would
 * have merged two events into one pend). */
uint32_t board_irq_due(int n)
{
    uint32_t since = entry[n] - first_due[n];
    return first_due[n] + since / period_of[n] * period_of[n];
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

/* Source n's handler after the vector's stamp: its update flag cleared,
 * then the registered handler. Inlined into each body with n a constant,
 * so that each reads its timer's registers directly. */
static inline __attribute__((always_inline)) void tim_body(int n)
{
    VOS_TRACE_ISR_ENTER(tim_irq[n]);
    REG32(tim_base[n] + TIM_SR) = 0;
    tim_handler[n]();
    VOS_TRACE_ISR_EXIT(tim_irq[n]);
}

static void tim3_body(void) __attribute__((used));
static void tim3_body(void)
{
    tim_body(0);
}

static void tim4_body(void) __attribute__((used));
static void tim4_body(void)
{
    tim_body(1);
}

/* The vectors: the counter is read by the handler's second instruction
 * (the first forms TIM2's address), stored for board_irq_entry(), and the
 * body runs by a tail branch (r0-r3 are stacked by the exception entry,
 * LR still holds the exception return). */
#define STAMPED_VECTOR(name, n, body)                                   \
    __attribute__((naked)) void name(void)                              \
    {                                                                   \
        __asm__ volatile("mov.w r0, %[tim2]      \n\t"                  \
                         "ldr   r0, [r0, %[cnt]] \n\t"                  \
                         "ldr   r1, =%c[slot]    \n\t"                  \
                         "str   r0, [r1]         \n\t"                  \
                         "b     " #body "        \n\t"                  \
                         ".ltorg                 \n\t"                  \
                         :: [tim2] "i"(TIM2_BASE), [cnt] "I"(TIM_CNT),  \
                            [slot] "i"(&entry[n]));                     \
    }
STAMPED_VECTOR(TIM3_IRQHandler, 0, tim3_body)
STAMPED_VECTOR(TIM4_IRQHandler, 1, tim4_body)
