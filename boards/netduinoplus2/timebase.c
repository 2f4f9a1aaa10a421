/* SPDX-License-Identifier: MIT */
/*
 * The kernel's time base and alarm on QEMU's STM32F405 (port contract:
 * arch_time_init, arch_now, arch_alarm_set, arch_alarm_cancel; arch_cycles
 * is boards/common/alarm_stats.c).
 *
 * Time base: TIM2, 32-bit, free-running at 1 GHz of virtual time, extended
 * to 64 bits in software: a read that finds the counter below the last one
 * read counts a wrap. That needs a read at least every 2^32 cycles
 * (4.29 s): TIM2's own update interrupt, once per wrap, makes one, so the
 * kernel's alarm can be switched off entirely when nothing is due.
 *
 * Alarm: TIM5's update interrupt, driven the way QEMU 7.2's timer model
 * really behaves (see ../../docs/benchmark.md and ../../docs/porting.md): with CNT,
 * EGR and PSC never written, a write of ARR = X raises the update
 * interrupt X counts after the write (and every X after, which the handler
 * stops by clearing CEN). Compare channels are not modelled. So the alarm
 * is "fire after delta", and delta is computed from a fresh TIM2 read a
 * fixed number of instructions before the ARR write (tim_arm.h). A new ARR
 * write re-arms from that write (how the alarm is moved). Never write CNT
 * or EGR here: either moves the model's internal origin, and the update
 * then comes at about twice the absolute time plus ARR.
 */
#include <stdint.h>
#include "board.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "stm32f4_time64.h"
#include "tim_arm.h"
#include "port.h"
#include "vaios/trace.h"

#define ALARM_MAX_DELTA   (1u << 31)
#define ALARM_MIN_DELTA   16u      /* nearer than this: pend the IRQ at once */

/* arch_time_lo (arch/port.h): the low word of arch_now() is TIM2's
 * counter itself, so the symbol is that register's address. */
#define TIME_LO_ADDR 0x40000024u
_Static_assert(TIME_LO_ADDR == TIM2_BASE + TIM_CNT, "arch_time_lo is TIM2 CNT");
__asm__(".global arch_time_lo\n\t.set arch_time_lo, 0x40000024");


void arch_time_init(void)
{
    REG32(TIM2_BASE + TIM_DIER) = TIM_DIER_UIE;   /* once per wrap: keep-alive */
    REG32(TIM2_BASE + TIM_CR1) = TIM_CR1_CEN;
    REG32(TIM2_BASE + TIM_ARR) = 0xFFFFFFFFu;
    nvic_set_priority(IRQ_TIM2, VOS_CFG_ALARM_IRQ_PRIO);
    nvic_enable(IRQ_TIM2);
    tim_arm_init(TIM5_BASE, IRQ_TIM5, VOS_CFG_ALARM_IRQ_PRIO);
}

vos_time_t arch_now(void)
{
    return time64_now(board_cycles);
}

void arch_alarm_set(vos_time_t t)
{
    REG32(TIM5_BASE + TIM_CR1) = TIM_CR1_CEN;
    vos_time_t now = time64_extend(board_cycles());
    if (t <= now + ALARM_MIN_DELTA) {
        nvic_pend(IRQ_TIM5);
        return;
    }
    if (t - now >= ALARM_MAX_DELTA) {
        REG32(TIM5_BASE + TIM_ARR) = ALARM_MAX_DELTA;   /* re-armed when it fires */
        return;
    }
    /* Near: exactly at t (tim_arm.h). The deadline may have passed between
     * the read of now above and the arming's own counter read (the checks
     * take more instructions than ALARM_MIN_DELTA): pend it instead; the
     * handler stops the counter. */
    if (tim_arm_at(TIM5_BASE, (uint32_t)t) <= 0)
        nvic_pend(IRQ_TIM5);
}

void arch_alarm_cancel(void)
{
    REG32(TIM5_BASE + TIM_CR1) = 0;
}

/* TIM2 update, once per counter wrap: a read of the time keeps the 64-bit
 * extension right even when nothing else reads it for seconds. */
void TIM2_IRQHandler(void)
{
    REG32(TIM2_BASE + TIM_SR) = 0;
    (void)arch_now();
}

/* The kernel's timer interrupt. Its duration (first to last instruction)
 * is recorded for the tick_isr metric: that costs four instructions. */
void TIM5_IRQHandler(void)
{
    uint32_t t0 = board_cycles();
    VOS_TRACE_ISR_ENTER(IRQ_TIM5);
    REG32(TIM5_BASE + TIM_CR1) = 0;     /* one-shot: no periodic repeat */
    REG32(TIM5_BASE + TIM_SR) = 0;
    vos__alarm_isr();
    VOS_TRACE_ISR_EXIT(IRQ_TIM5);
    board_alarm_stats_record(t0);
}
