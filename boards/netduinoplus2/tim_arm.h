/* SPDX-License-Identifier: MIT */
/*
 * An update interrupt at an exact count of the board's counter, from QEMU
 * 7.2's STM32 timer model as it really behaves (docs/benchmark.md, "the
 * instrument"): with CNT, EGR and PSC never written, a write of ARR = X
 * raises the timer's update interrupt X counts after the write (and every
 * X after, which the timer's handler stops by clearing CEN). So the delay
 * is taken from a TIM2 read a fixed two instructions before the ARR write.
 *
 * Used by every system timer written for this board: VAIOS's alarm
 * (timebase.c) and the harness's system timers under other kernels
 * (bench/os/chibios/osal_chibios.c, bench/os/cmsis_rtos2/os_tick_board.c).
 * Nothing of VAIOS's kernel; included after board.h.
 */
#ifndef BOARD_TIM_ARM_H
#define BOARD_TIM_ARM_H

#include <stdint.h>
#include "nvic.h"

#define TIM_ARM_WRITE_SKEW 2u   /* instructions from the TIM2 read to the ARR write */

/* Timer tim (its base address) stopped, its update interrupt at line irq
 * enabled at NVIC priority prio: ready for tim_arm_at. Before the first
 * arming; thread context, that interrupt not yet running. */
static inline __attribute__((always_inline)) void tim_arm_init(uint32_t tim, int irq, uint8_t prio)
{
    REG32(tim + TIM_CR1) = 0;
    REG32(tim + TIM_DIER) = TIM_DIER_UIE;
    nvic_set_priority(irq, prio);
    nvic_enable(irq);
}

/* Arms timer tim (its base address; counting, CEN set) to raise its update
 * when board_cycles() reads `at`, at most 2^31 counts ahead of the read.
 * Returns the delay written, signed: zero or negative when `at` had been
 * reached by the read (the delay wrapped and the update would come about
 * 2^32 counts late), and the caller then pends the interrupt itself.
 * Inlined: the read-to-write distance is the assembly's. */
static inline __attribute__((always_inline)) int32_t tim_arm_at(uint32_t tim, uint32_t at)
{
    uint32_t delay = at - TIM_ARM_WRITE_SKEW, lo;
    __asm__ volatile(
        "ldr  %[lo], [%[tim2], %[cnt]]   \n\t"  /* lo = TIM2 CNT, at instant T */
        "subs %[d], %[d], %[lo]          \n\t"  /* delay = at - 2 - T */
        "str  %[d], [%[tim], %[arr]]     \n\t"  /* written at T + 2: fires at `at` */
        : [lo] "=&r"(lo), [d] "+r"(delay)
        : [tim2] "r"(TIM2_BASE), [tim] "r"(tim), [cnt] "I"(TIM_CNT), [arr] "I"(TIM_ARR)
        : "cc", "memory");
    return (int32_t)delay;
}

#endif /* BOARD_TIM_ARM_H */
