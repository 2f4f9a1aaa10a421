/* SPDX-License-Identifier: MIT */
/*
 * Software-pended interrupt lines of the STM32F4 boards (board.h,
 * board_swi_init / board_swi_pend): two NVIC lines, IRQ_SWI0 and IRQ_SWI1
 * of the board's board_regs.h, whose peripheral never raises them. Pending
 * one runs the handler registered for it at the priority given. The
 * vector is the line's own name (IRQ_SWI0_LINE: UART4_IRQHandler on the
 * F405 board), so an application that defines that handler too and uses
 * these lines fails to link, naming it.
 *
 * The direct lines IRQ_SWID0 .. 3 (board.h, BOARD_SWI_DIRECT_HANDLER) have
 * no handler here: the application defines each under its vector's name.
 */
#include <stddef.h>
#include "board.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "vaios/trace.h"

static const int swi_irq[2] = { IRQ_SWI0, IRQ_SWI1 };
static void (*swi_handler[2])(void);

void board_swi_init(int n, uint8_t prio, void (*handler)(void))
{
    swi_handler[n] = handler;
    nvic_set_priority(swi_irq[n], prio);
    nvic_enable(swi_irq[n]);
}

void board_swi_pend(int n)
{
    nvic_pend(swi_irq[n]);
}

static const int swid_irq[4] = { IRQ_SWID0, IRQ_SWID1, IRQ_SWID2, IRQ_SWID3 };

void board_swi_direct_init(int n, uint8_t prio)
{
    nvic_set_priority(swid_irq[n], prio);
    nvic_enable(swid_irq[n]);
}

void BOARD_IRQ_HANDLER(IRQ_SWI0_LINE)(void)
{
    VOS_TRACE_ISR_ENTER(IRQ_SWI0);
    swi_handler[0]();
    VOS_TRACE_ISR_EXIT(IRQ_SWI0);
}

void BOARD_IRQ_HANDLER(IRQ_SWI1_LINE)(void)
{
    VOS_TRACE_ISR_ENTER(IRQ_SWI1);
    swi_handler[1]();
    VOS_TRACE_ISR_EXIT(IRQ_SWI1);
}
