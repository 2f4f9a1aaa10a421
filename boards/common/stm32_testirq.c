/* SPDX-License-Identifier: MIT */
/*
 * Interrupt sources for tests and the benchmark (board.h) on STM32 silicon
 * (the Nucleo-F401RE, the Nucleo-H743ZI): TIM3 and TIM4 as periodic update
 * interrupts. The software-pended lines are boards/common/swi.c.
 *
 * TIM3 and TIM4 have a 16-bit ARR and PSC and count at BOARD_TIMCLK_HZ,
 * which is the rate of board_cycles() divided by BOARD_CYCLES_PER_TIM_COUNT
 * (board_regs.h: 1 on the F401 at 84 MHz, 2 on the H743, whose timers run
 * at 200 MHz under a 400 MHz core). A period of P cycles is C = P / K
 * counts (K that ratio, rounded), split into a prescaler D = ceil(C / 65536)
 * and a reload R = round(C / D): the interrupt comes every R x D x K
 * cycles. So
 *   C <= 65536 counts:  resolution K cycles;
 *   larger C:           resolution D x K cycles, error at most D x K / 2
 *                       (1 ms at 84 MHz = 84000 counts: D = 2, exact).
 * The first interrupt comes one full period after board_irq_start.
 *
 * board_irq_pend (and a pend before board_irq_start) calls the handler
 * registered by the last board_irq_start; there must have been one.
 */
#include <stddef.h>
#include "board.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "testirq.h"

#define TEST_PERIOD_MIN 2u   /* ARR = 0 would stop the counter */

static const uint32_t tim_base[2] = { TIM3_BASE, TIM4_BASE };
static const int tim_irq[2] = { IRQ_TIM3, IRQ_TIM4 };
static const uint32_t tim_dbg_stop[2] = { DBGMCU_TIM3_STOP, DBGMCU_TIM4_STOP };
static void (*tim_handler[2])(void);
static uint32_t first_due[2], period_of[2];
static volatile uint32_t entry[2];

void board_irq_start(int n, uint32_t period, uint8_t prio, void (*handler)(void))
{
    uint32_t b = tim_base[n];
    uint32_t counts = (uint32_t)(((uint64_t)period + BOARD_CYCLES_PER_TIM_COUNT / 2u) /
                                 BOARD_CYCLES_PER_TIM_COUNT);
    if (counts < TEST_PERIOD_MIN)
        counts = TEST_PERIOD_MIN;
    uint32_t div = (counts - 1u) / TIM16_MAX_COUNT + 1u;
    uint32_t reload = (uint32_t)(((uint64_t)counts + div / 2u) / div);

    REG32(b + TIM_CR1) = 0;
    REG32(b + TIM_DIER) = 0;
    nvic_disable(tim_irq[n]);
    tim_handler[n] = handler;
    REG32(b + TIM_PSC) = div - 1u;
    REG32(b + TIM_ARR) = reload - 1u;
    REG32(b + TIM_CR1) = TIM_CR1_URS;    /* the UG below raises no update flag */
    REG32(b + TIM_EGR) = TIM_EGR_UG;     /* load PSC, CNT = 0 */
    REG32(b + TIM_SR) = 0;
    REG32(DBGMCU_BASE + DBGMCU_APB1_FZ) |= tim_dbg_stop[n];
    nvic_unpend(tim_irq[n]);
    nvic_set_priority(tim_irq[n], prio);
    REG32(b + TIM_DIER) = TIM_DIER_UIE;
    nvic_enable(tim_irq[n]);
    period_of[n] = reload * div * BOARD_CYCLES_PER_TIM_COUNT;
    /* The first update comes reload x div counts after the enable; the
     * due times are exact to within the few cycles from this read to the
     * enable's write reaching the timer. */
    uint32_t t = board_cycles();
    REG32(b + TIM_CR1) = TIM_CR1_URS | TIM_CR1_CEN;
    first_due[n] = t + period_of[n];
}

void board_irq_stop(int n)
{
    uint32_t b = tim_base[n];
    REG32(b + TIM_CR1) = 0;
    REG32(b + TIM_DIER) = 0;
    nvic_disable(tim_irq[n]);
    REG32(b + TIM_SR) = 0;
    (void)REG32(b + TIM_SR);   /* the clear has landed before the unpend */
    nvic_unpend(tim_irq[n]);
}

void board_irq_pend(int n)
{
    nvic_pend(tim_irq[n]);
}

/* Source n's handler, inlined into each vector with n a constant. Clear
 * the update flag first, so that an update during the handler is not
 * lost; read SR back at the end, so that the cleared flag has reached the
 * timer (and the interrupt line is low) before the exception returns,
 * which would otherwise re-enter the handler after a short one. */
static inline __attribute__((always_inline)) void tim_isr(int n)
{
    entry[n] = board_cycles();     /* first: the latency metrics' stop point */
    VOS_TRACE_ISR_ENTER(tim_irq[n]);
    REG32(tim_base[n] + TIM_SR) = ~TIM_SR_UIF;
    tim_handler[n]();
    VOS_TRACE_ISR_EXIT(tim_irq[n]);
    (void)REG32(tim_base[n] + TIM_SR);
}

void TIM3_IRQHandler(void)
{
    tim_isr(0);
}

void TIM4_IRQHandler(void)
{
    tim_isr(1);
}

/* The events' timing, from the stamp tim_isr takes and the due times
 * board_irq_start set. */
uint32_t board_irq_entry(int n)
{
    return entry[n];
}

uint32_t board_irq_due(int n)
{
    return testirq_due(entry[n], first_due[n], period_of[n]);
}
