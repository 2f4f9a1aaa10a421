/* SPDX-License-Identifier: MIT */
/*
 * What the boards' test interrupt drivers (board.h's board_irq_*) share:
 * boards/common/stm32_testirq.c (STM32 silicon), boards/common/cmsdk_testirq.c
 * (QEMU's MPS2 boards) and boards/netduinoplus2/testirq.c (QEMU's STM32
 * timer model). Each drives its two timers its own way and keeps its
 * sources' state (handler, first due time, period, entry stamp) private;
 * the due-time rule, the stamped vector and its body are this one piece.
 *
 * Private to those drivers; included after board.h (REG32).
 */
#ifndef BOARD_TESTIRQ_H
#define BOARD_TESTIRQ_H

#include <stdint.h>
#include "vaios/trace.h"

/* board_irq_due: the due time of the event that a handler entered at
 * board_cycles() == entry is handling, for events due at first_due + k x
 * period (period > 0). A handler is always entered less than one period
 * after its event (a later entry would have merged two events into one
 * pend), so that event is the latest due at or before the entry. */
static inline uint32_t testirq_due(uint32_t entry, uint32_t first_due, uint32_t period)
{
    uint32_t since = entry - first_due;
    return first_due + since / period * period;
}

/* The body of a stamped vector (TESTIRQ_STAMPED_VECTOR), as a function
 * named body, for the source at interrupt line irq whose registered
 * handler is the lvalue handler: the timer's interrupt flag cleared by
 * writing flag_value to the register at flag_reg, then the handler. With
 * constant arguments the body writes the timer's register directly. */
#define TESTIRQ_BODY(body, handler, irq, flag_reg, flag_value)           \
    static void body(void) __attribute__((used));                       \
    static void body(void)                                              \
    {                                                                   \
        VOS_TRACE_ISR_ENTER(irq);                                       \
        REG32(flag_reg) = (flag_value);                                 \
        (handler)();                                                    \
        VOS_TRACE_ISR_EXIT(irq);                                        \
    }

/* A vector whose second instruction reads the counter at counter_base +
 * counter_off and whose fourth stores it at stamp (the source's entry
 * stamp, board_irq_entry: the latency metrics' stop point, an exact
 * instruction on QEMU's boards), then runs body by a tail branch: r0-r3
 * are stacked by the exception entry, LR still holds the exception
 * return. The assembler forms counter_base with one mov where the
 * constant allows, else loads it from the literal pool; counter_off is
 * 0..124. */
#define TESTIRQ_STAMPED_VECTOR(vector, stamp, body, counter_base, counter_off)  \
    __attribute__((naked)) void vector(void)                                    \
    {                                                                           \
        __asm__ volatile("ldr   r0, =%c[base]    \n\t"   /* r0 = counter_base */ \
                         "ldr   r0, [r0, %[off]] \n\t"   /* r0 = the counter */  \
                         "ldr   r1, =%c[slot]    \n\t"   /* r1 = stamp */        \
                         "str   r0, [r1]         \n\t"   /* the stamp */         \
                         "b     " #body "        \n\t"   /* tail branch */       \
                         ".ltorg                 \n\t"   /* the literals */      \
                         :: [base] "i"(counter_base), [off] "I"(counter_off),     \
                            [slot] "i"(stamp));                                  \
    }

#endif /* BOARD_TESTIRQ_H */
