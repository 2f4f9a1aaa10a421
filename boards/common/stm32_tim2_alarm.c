/* SPDX-License-Identifier: MIT */
/*
 * The kernel's time base and alarm on STM32 silicon whose TIM2 is a 32-bit
 * timer with compare channels (the Nucleo-F401RE, the Nucleo-H743ZI), for
 * the port contract: arch_time_init, arch_now, arch_alarm_set,
 * arch_alarm_cancel, and, through boards/common/alarm_stats.c, arch_cycles.
 * arch_cycles() is DWT CYCCNT (boards/common/dwt_counter.c), the board's measurement instrument at the core clock; TIM2 runs
 * at BOARD_TIMCLK_HZ (the core clock on the F401, half of it on the H743),
 * from a different origin, which durations do not see.
 *
 * What the board's board_regs.h names: TIM2_BASE and the TIM_ registers,
 * IRQ_TIM2, and DBGMCU_BASE + DBGMCU_APB1_FZ with DBGMCU_TIM2_STOP (the
 * register that freezes TIM2 while a debugger holds the core: APB1_FZ on
 * the F4, APB1LFZ1 on the H7).
 *
 * Time base: TIM2, 32-bit, free-running (PSC = 0, ARR = 0xFFFFFFFF),
 * extended to 64 bits in software. The extension counts a wrap whenever a
 * read is lower than the previous one, so it needs a read at least once
 * per 2^32 counts (51.1 s at 84 MHz, 21.5 s at 200 MHz); the alarm is
 * never further away than ALARM_MAX_DELTA (half of that), and its handler
 * reads the time, so that always holds.
 *
 * Alarm: TIM2 capture/compare channel 1 in output-compare "frozen" mode
 * (no pin), CC1IF raising TIM2's interrupt through CC1IE. The compare
 * register holds the low 32 bits of the deadline; CC1IF is set when CNT
 * becomes equal to CCR1. Two cases cannot be left to the comparator:
 *  - the deadline has passed, or CNT reaches it before the CCR1 write
 *    lands: no match would happen until the next wrap. After the write,
 *    CNT is read again; if the deadline is not at least ALARM_MIN_DELTA
 *    counts ahead, the interrupt is pended in the NVIC. The read comes
 *    after the write on the same peripheral, so a deadline found ahead of
 *    that read was ahead when CCR1 took its value and the comparator will
 *    see it.
 *  - a deadline more than ALARM_MAX_DELTA ahead: the alarm fires at
 *    ALARM_MAX_DELTA instead, the kernel finds nothing due and re-arms
 *    (arch/port.h allows early fires).
 * A stale CC1IF from the previous compare value is cleared before CCR1 is
 * written; one that sets in between only causes an early fire.
 *
 * Why not the emulated board's scheme (an update interrupt "delta" counts
 * after an ARR write, on a second timer): QEMU models update interrupts but
 * not compare channels; silicon has both, and a compare against the one
 * free-running counter has no drift between two timers and no restart
 * cost. See docs/porting.md.
 */
#include <stdint.h>
#include "board.h"
#include "stm32_board_init.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "stm32f4_time64.h"
#include "port.h"
#include "vaios/trace.h"

#define ALARM_MAX_DELTA   (1u << 31)   /* half the wrap: 25.6 s at 84 MHz */
#define ALARM_MIN_DELTA   32u          /* nearer than this: pend the IRQ at once */
#define TIM_ARR_FREE_RUN  0xFFFFFFFFu

/* arch_time_lo (arch/port.h): the low word of arch_now() is TIM2's
 * counter itself, so the symbol is that register's address. */
#define TIME_LO_ADDR 0x40000024u
_Static_assert(TIME_LO_ADDR == TIM2_BASE + TIM_CNT, "arch_time_lo is TIM2 CNT");
__asm__(".global arch_time_lo\n\t.set arch_time_lo, 0x40000024");

#define TIM2(off) REG32(TIM2_BASE + (off))


static inline uint32_t tim2_count(void)
{
    return TIM2(TIM_CNT);
}

/* Set once the time base runs: a second arch_time_init (vos_start after
 * HAL_InitTick started the time base, hal/hal_timebase.c) leaves it
 * running, so time never goes back. In .bss: every reset clears it. */
static uint8_t time_started;

void arch_time_init(void)
{
    if (time_started)
        return;
    time_started = 1;
    /* TIM2's clock was enabled by board_clock_init(). */
    TIM2(TIM_CR1) = 0;
    TIM2(TIM_DIER) = 0;
    TIM2(TIM_PSC) = 0;
    TIM2(TIM_ARR) = TIM_ARR_FREE_RUN;
    TIM2(TIM_CCMR1) = 0;            /* CC1 output compare, frozen, no preload */
    TIM2(TIM_CCER) = 0;             /* no output on a pin */
    TIM2(TIM_CR1) = TIM_CR1_URS;    /* the UG below raises no update flag */
    TIM2(TIM_EGR) = TIM_EGR_UG;     /* load PSC, CNT = 0 */
    TIM2(TIM_CCR1) = TIM_ARR_FREE_RUN;
    TIM2(TIM_SR) = 0;
    time64_last_lo = 0;
    time64_hi = 0;
    /* Time stands still while a debugger holds the core, like CYCCNT. */
    REG32(DBGMCU_BASE + DBGMCU_APB1_FZ) |= DBGMCU_TIM2_STOP;
    TIM2(TIM_DIER) = TIM_DIER_CC1IE;
    nvic_unpend(IRQ_TIM2);
    nvic_set_priority(IRQ_TIM2, VOS_CFG_ALARM_IRQ_PRIO);
    nvic_enable(IRQ_TIM2);
    TIM2(TIM_CR1) = TIM_CR1_URS | TIM_CR1_CEN;
}

vos_time_t arch_now(void)
{
    return time64_now(tim2_count);
}

void arch_alarm_set(vos_time_t t)
{
    vos_time_t now = time64_extend(tim2_count());
    vos_time_t delta = t > now ? t - now : 0;
    if (delta > ALARM_MAX_DELTA)
        delta = ALARM_MAX_DELTA;
    uint32_t target = (uint32_t)(now + delta);

    TIM2(TIM_SR) = ~TIM_SR_CC1IF;
    nvic_unpend(IRQ_TIM2);
    TIM2(TIM_CCR1) = target;

    /* Counts left to the deadline; more than ALARM_MAX_DELTA means CNT is
     * already past it (the difference wrapped). */
    uint32_t left = target - tim2_count();
    if (left <= ALARM_MIN_DELTA || left > ALARM_MAX_DELTA)
        nvic_pend(IRQ_TIM2);
}

void arch_alarm_cancel(void)
{
    /* Keep a far alarm so the 64-bit extension sees TIM2 often enough. */
    arch_alarm_set(time64_extend(tim2_count()) + ALARM_MAX_DELTA);
}

/* The kernel's timer interrupt. Its duration, first to last instruction
 * in DWT cycles, is recorded for the tick_isr metric. */

void TIM2_IRQHandler(void)
{
    uint32_t t0 = board_cycles();
    VOS_TRACE_ISR_ENTER(IRQ_TIM2);
    TIM2(TIM_SR) = ~TIM_SR_CC1IF;
    vos__alarm_isr();
    VOS_TRACE_ISR_EXIT(IRQ_TIM2);
    /* The flag write has reached the timer before the handler returns, so
     * the interrupt line is low and the NVIC does not re-enter. */
    (void)TIM2(TIM_SR);
    board_alarm_stats_record(t0);
}
