/* SPDX-License-Identifier: MIT */
/*
 * The kernel's time base and alarm of QEMU's MPS2 boards, mps2-an500 and
 * mps2-an505 (one code, the addresses and lines in the board's
 * board_regs.h; port contract:
 * arch_time_init, arch_now, arch_alarm_set, arch_alarm_cancel; arch_cycles
 * is boards/common/alarm_stats.c).
 *
 * Time base: the FPGA I/O block's COUNTER with PRESCALE = 0, a 32-bit
 * up-counter at the 25 MHz SYSCLK (one count per 40 instructions under
 * -icount shift=0), extended to 64 bits in software (stm32f4_time64.h:
 * a read that finds the counter below the last one counts a wrap). It
 * has no interrupt of its own, so the alarm keeps the extension right: it
 * is never programmed further than ALARM_MAX_DELTA (2^31 counts, 86 s)
 * ahead, and when the kernel cancels it, it stays armed that far ahead as
 * a keep-alive whose interrupt only reads the time. Every wrap period
 * (172 s) therefore holds at least one read.
 *
 * The counter is started one second of its time before its first wrap
 * (COUNTER_START): every run crosses a wrap early, so the extension is
 * exercised by every test and benchmark run, not only by a run longer than
 * the 172 s a wrap takes at 25 MHz (tests/target/test_time.c).
 *
 * Alarm: CMSDK timer 0 (on the an505 the IoTKit's, at the same 25 MHz), a
 * down-counter whose interrupt comes when it
 * reaches 0. Writing RELOAD = d loads the counter with d and (enabled)
 * starts it: the interrupt comes d counts later. The model's counter
 * starts at the write's instant, not on an edge of the FPGA counter, so
 * d = t - now + 1 with now read before the write: never before t, at most
 * one count (40 instructions) after it.
 */
#include <stdbool.h>
#include <stdint.h>
#include "board.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "stm32f4_time64.h"
#include "port.h"
#include "vaios/trace.h"

#define ALARM_MAX_DELTA   (1u << 31)
#define ALARM_MIN_DELTA   2u       /* nearer than this: pend the IRQ at once */
#define COUNTER_START     (0u - BOARD_SYSCLK_HZ)   /* one second before a wrap */

/* arch_time_lo (arch/port.h): the low word of arch_now() is the FPGA
 * counter itself, so the symbol is that register's address. */
_Static_assert(BOARD_TIME_LO_ADDR == FPGAIO_BASE + FPGAIO_COUNTER, "arch_time_lo is the FPGA COUNTER");
__asm__(".global arch_time_lo\n\t.set arch_time_lo, " BOARD_TIME_LO_ASM);

/* The kernel asked for an alarm (true) or only the keep-alive runs. Kernel
 * lock held, or the alarm's handler. */
static bool alarm_wanted;

static void alarm_program(uint32_t delta)
{
    REG32(TIMER0_BASE + TIMER_RELOAD) = delta;   /* loads VALUE: counts from now */
    REG32(TIMER0_BASE + TIMER_CTRL) = TIMER_CTRL_EN | TIMER_CTRL_IRQ;
}

void arch_time_init(void)
{
    if (REG32(TIMER0_BASE + TIMER_CTRL) & TIMER_CTRL_EN)
        return;   /* a second call: the time base runs already */
    REG32(FPGAIO_BASE + FPGAIO_PRESCALE) = 0;
    REG32(FPGAIO_BASE + FPGAIO_COUNTER) = COUNTER_START;
    (void)time64_extend(COUNTER_START);
    REG32(TIMER0_BASE + TIMER_INTCLR) = 1;
    nvic_set_priority(IRQ_TIMER0, VOS_CFG_ALARM_IRQ_PRIO);
    nvic_enable(IRQ_TIMER0);
    alarm_program(ALARM_MAX_DELTA);   /* the keep-alive */
}

vos_time_t arch_now(void)
{
    return time64_now(board_cycles);
}

void arch_alarm_set(vos_time_t t)
{
    alarm_wanted = true;
    vos_time_t now = time64_extend(board_cycles());
    if (t < now + ALARM_MIN_DELTA) {
        nvic_pend(IRQ_TIMER0);
        return;
    }
    vos_time_t delta = t - now + 1u;   /* never early (see the top) */
    alarm_program(delta >= ALARM_MAX_DELTA ? ALARM_MAX_DELTA : (uint32_t)delta);
}

void arch_alarm_cancel(void)
{
    alarm_wanted = false;
    alarm_program(ALARM_MAX_DELTA);   /* the keep-alive only */
}

/* The kernel's timer interrupt, also the keep-alive's. Its duration (first
 * to last instruction) is recorded for the tick_isr metric. */
void TIMER0_IRQHandler(void)
{
    uint32_t t0 = board_cycles();
    VOS_TRACE_ISR_ENTER(IRQ_TIMER0);
    REG32(TIMER0_BASE + TIMER_INTCLR) = 1;
    /* Whatever fired, the keep-alive is the next event; the kernel re-arms
     * the alarm from vos__alarm_isr if it needs one. */
    uint32_t key = arch_lock();
    (void)time64_extend(board_cycles());
    bool wanted = alarm_wanted;
    alarm_wanted = false;
    alarm_program(ALARM_MAX_DELTA);
    arch_unlock(key);
    if (wanted)
        vos__alarm_isr();
    VOS_TRACE_ISR_EXIT(IRQ_TIMER0);
    board_alarm_stats_record(t0);
}
