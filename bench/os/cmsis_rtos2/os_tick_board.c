/* SPDX-License-Identifier: MIT */
/*
 * A kernel system timer at the rate of the board's counter, through the
 * CMSIS OS Tick interface (os_tick.h of CMSIS-RTOS2, which RTX5 takes its
 * tick and its system timer from): the CMSIS-RTOS2 backend requires
 * osKernelGetSysTimerFreq() to equal the counter's rate (README.md, "The
 * kernel's system timer"), which a SysTick at the core clock does not.
 * Our code against that interface, built into the harness library with
 * -DVAIOS_BENCH_CMSIS_OS_TICK=ON; the kernel's own OS Tick (e.g. its
 * SysTick one) must then be left out of the firmware.
 *
 * The emulated board only (netduinoplus2): TIM5, free while VAIOS's time
 * driver is not linked, raises each tick; the counts within a tick are read
 * from the board's counter (TIM2, board_cycles), both at 1 GHz of virtual
 * time. TIM5 is driven as VAIOS's alarm drives it on this board
 * (boards/netduinoplus2/timebase.c, the behaviour of QEMU 7.2's timer
 * model): with CNT, EGR and PSC never written, a write of ARR = X raises
 * the update interrupt X counts after the write, and the handler stops the
 * model's repeats by clearing CEN. So every edge is programmed one at a
 * time, at an absolute count of the board's counter: the next edge is the
 * last one plus one interval, and no error accumulates. A tick is counted
 * only when acknowledged, so between an edge and its handler the interrupt
 * is pending and the count within the tick is taken past the edge, as the
 * interface requires (OS_Tick_GetOverflow).
 *
 * Calling context: the kernel's, with its tick interrupt at the lowest
 * priority (RTX5: the level of PendSV, whose context switch the tick
 * handler ends in).
 */
#include <stdint.h>
#include "os_tick.h"
#include "board.h"
#include "nvic.h"
#include "tim_arm.h"
#include "vaios/config.h"   /* the board counter's rate, BOARD_CYCLES_HZ (board.h) */

#if !defined(TIM5_BASE) || !defined(IRQ_TIM5)
#error "os_tick_board.c needs the board's TIM5 (netduinoplus2; harness.cmake allows no other board)"
#endif

#define TICK_TIM       TIM5_BASE
#define TICK_IRQ       IRQ_TIM5
/* The lowest priority whatever the number of priority bits (QEMU's model
 * keeps all 8, the chip 4): the level of PendSV, at or below the SVC
 * level the kernel sets, so that the tick's handler, which ends in the
 * kernel's context switch, never preempts a kernel call. */
#define TICK_PRIO      0xFFu

static uint32_t interval;         /* counter counts per tick */
static uint32_t edge;             /* board_cycles() at the last acknowledged edge */
/* The kernel's tick handler, entered from the vector (TIM5_IRQHandler). */
IRQHandler_t vb_os_tick_handler;

int32_t OS_Tick_Setup(uint32_t freq, IRQHandler_t handler)
{
    if (freq == 0u || (uint64_t)BOARD_CYCLES_HZ % freq != 0u || handler == 0)
        return -1;
    interval = (uint32_t)((uint64_t)BOARD_CYCLES_HZ / freq);
    vb_os_tick_handler = handler;
    nvic_set_priority(TICK_IRQ, (uint8_t)TICK_PRIO);
    return 0;
}

/* Programs the interrupt at board_cycles() == at (at most 2^31 counts
 * ahead), exactly (tim_arm.h). An edge already passed is pended at once. */
static void arm(uint32_t at)
{
    REG32(TICK_TIM + TIM_CR1) = TIM_CR1_CEN;
    if (tim_arm_at(TICK_TIM, at) <= 0)
        nvic_pend(TICK_IRQ);
}

/* Once, at the kernel's start: the first edge one interval from now. */
void OS_Tick_Enable(void)
{
    REG32(TICK_TIM + TIM_DIER) = TIM_DIER_UIE;
    edge = board_cycles();
    arm(edge + interval);
    nvic_enable(TICK_IRQ);
}

void OS_Tick_Disable(void)
{
    nvic_disable(TICK_IRQ);
}

/* In the tick's handler: the edge that raised it is counted, and the
 * next one programmed. */
void OS_Tick_AcknowledgeIRQ(void)
{
    REG32(TICK_TIM + TIM_CR1) = 0u;     /* no repeat of the model's own */
    REG32(TICK_TIM + TIM_SR) = 0u;
    edge += interval;
    arm(edge + interval);
}

int32_t OS_Tick_GetIRQn(void)
{
    return TICK_IRQ;
}

uint32_t OS_Tick_GetClock(void)
{
    return (uint32_t)BOARD_CYCLES_HZ;
}

uint32_t OS_Tick_GetInterval(void)
{
    return interval;
}

/* The edge that came but is not yet acknowledged: the tick's interrupt
 * pending. */
uint32_t OS_Tick_GetOverflow(void)
{
    return (REG32(NVIC_ISPR + 4u * ((uint32_t)TICK_IRQ / 32u)) >> ((uint32_t)TICK_IRQ % 32u)) & 1u;
}

/* Counts since the current tick began: past a pending edge, counted from
 * that edge; bounded to the interval either way. */
uint32_t OS_Tick_GetCount(void)
{
    uint32_t d = board_cycles() - edge;
    if (OS_Tick_GetOverflow() != 0u)
        d = d >= interval ? d - interval : 0u;
    return d < interval ? d : interval - 1u;
}

/* The vector: straight into the kernel's handler, with the exception's
 * return value still in LR (RTX5's ends in its context switch). */
__attribute__((naked)) void TIM5_IRQHandler(void)
{
    __asm__ volatile(
        "ldr  r0, =vb_os_tick_handler  \n\t"   /* r0 = &vb_os_tick_handler */
        "ldr  r0, [r0]                 \n\t"   /* r0 = the kernel's handler */
        "bx   r0                       \n\t"   /* tail call: LR is EXC_RETURN */
        ".ltorg                        \n\t"); /* the literal of the first load */
}
