/* SPDX-License-Identifier: MIT */
/*
 * Interrupt sources for tests and the benchmark on QEMU's MPS2 boards
 * (mps2-an500, mps2-an505: the addresses and lines in the board's
 * board_regs.h): source 0 is CMSDK timer 1, source 1 the dual timer's
 * first counter, both periodic down-counters at 25 MHz (on the an505 the
 * IoTKit's, clocked as the FPGA peripherals in QEMU 7.2). The software-pended lines are
 * boards/common/swi.c.
 *
 * Both timers count down to 0, raise their interrupt there and reload on
 * the next count: a reload value R gives a period of R + 1 counts, so
 * they are given period - 1. The count they start from is the period
 * itself (timer 1: VALUE; the dual timer: LOAD, then the reload value in
 * BGLOAD, which does not load the count), so the first event is a whole
 * period after the start as every later one is (tests/target/test_time.c's
 * test_source_*_period_is_the_period_asked: entries exactly one period
 * apart, each as late after its reported due time).
 *
 * Due times (board_irq_due) are in counts of the FPGA counter, which the
 * timers do not share an edge with: a timer started by a register write
 * counts from the write's instant, while the FPGA counter's edges are
 * every 40 ns from reset. first_due is taken from a counter read before
 * the write, plus the period: never after the true due count, at most one
 * count before it. So irq_latency and irq_to_task here read at most one
 * count (40 instructions) high, besides their quantisation to counts:
 * docs/porting.md, "Cortex-M7 on mps2-an500" and "Cortex-M33 on mps2-an505".
 */
#include <stddef.h>
#include "board.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "testirq.h"

#define TEST_PERIOD_MIN 2u   /* a reload value of 0 stops the timer */

static const int src_irq[2] = { IRQ_TIMER1, IRQ_DUALTIMER };
static void (*src_handler[2])(void);
static uint32_t first_due[2], period_of[2];
static volatile uint32_t entry[2] __attribute__((used));

void board_irq_start(int n, uint32_t period, uint8_t prio, void (*handler)(void))
{
    if (period < TEST_PERIOD_MIN)
        period = TEST_PERIOD_MIN;
    src_handler[n] = handler;
    period_of[n] = period;
    nvic_set_priority(src_irq[n], prio);
    nvic_enable(src_irq[n]);
    uint32_t w = board_cycles();
    if (n == 0) {
        REG32(TIMER1_BASE + TIMER_RELOAD) = period - 1u;
        REG32(TIMER1_BASE + TIMER_VALUE) = period;
        REG32(TIMER1_BASE + TIMER_CTRL) = TIMER_CTRL_EN | TIMER_CTRL_IRQ;
    } else {
        REG32(DUALTIMER_BASE + DT_LOAD) = period;
        REG32(DUALTIMER_BASE + DT_BGLOAD) = period - 1u;
        REG32(DUALTIMER_BASE + DT_CONTROL) =
            DT_CTRL_EN | DT_CTRL_PERIODIC | DT_CTRL_32BIT | DT_CTRL_IRQ;
    }
    first_due[n] = w + period;
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
    if (n == 0) {
        REG32(TIMER1_BASE + TIMER_CTRL) = 0;
        REG32(TIMER1_BASE + TIMER_INTCLR) = 1;
    } else {
        REG32(DUALTIMER_BASE + DT_CONTROL) = 0;
        REG32(DUALTIMER_BASE + DT_INTCLR) = 1;
    }
    nvic_disable(src_irq[n]);
    nvic_unpend(src_irq[n]);
}

void board_irq_pend(int n)
{
    nvic_pend(src_irq[n]);
}

/* The vectors: the FPGA counter read and stamped for board_irq_entry,
 * then the body clears the timer's interrupt and calls the handler. */
TESTIRQ_BODY(timer1_body, src_handler[0], IRQ_TIMER1, TIMER1_BASE + TIMER_INTCLR, 1)
TESTIRQ_BODY(dualtimer_body, src_handler[1], IRQ_DUALTIMER, DUALTIMER_BASE + DT_INTCLR, 1)
TESTIRQ_STAMPED_VECTOR(TIMER1_IRQHandler, &entry[0], timer1_body, FPGAIO_BASE + FPGAIO_COUNTER, 0)
TESTIRQ_STAMPED_VECTOR(DUALTIMER_IRQHandler, &entry[1], dualtimer_body,
                       FPGAIO_BASE + FPGAIO_COUNTER, 0)
