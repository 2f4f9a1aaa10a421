/* SPDX-License-Identifier: MIT */
/*
 * STM32F4 vector table shared by the boards: the core exceptions, the
 * kernel's (PendSV, SVC), and every device interrupt line of the board's
 * chip under its CMSIS-device handler name (WWDG_IRQHandler ...
 * FPU_IRQHandler), from the list the board's board_regs.h names as
 * BOARD_IRQS (stm32f405_irqs.h, stm32f401_irqs.h, or a board's own).
 *
 * Every handler is weak (boards/common/fault.c): an application or a board
 * that defines one with that name gets the line; one nobody defines runs
 * Default_Handler, which prints the IRQ number and the name to define and
 * ends the run. The lines the board itself serves (its time base and
 * alarm, test sources, software-interrupt lines) are defined by the
 * board's files: defining one of those as well fails the link with
 * "multiple definition", which names the line.
 *
 * Included after board.h (which includes board_regs.h).
 */
#ifndef BOARD_STM32F4_VECTORS_H
#define BOARD_STM32F4_VECTORS_H

#ifndef BOARD_IRQS
#error "board_regs.h must define BOARD_IRQS (the chip's line list: #include \"stm32f405_irqs.h\" and #define BOARD_IRQS STM32F405_IRQS)"
#endif

void Reset_Handler(void);
void Default_Handler(void);
void HardFault_Handler(void);
void NMI_Handler(void);
void MemManage_Handler(void);
void BusFault_Handler(void);
void UsageFault_Handler(void);
void DebugMon_Handler(void);
void SysTick_Handler(void);
void PendSV_Handler(void);
void SVC_Handler(void);

/* NAME_IRQHandler of every device line. */
#define BOARD_IRQ_DECLARE(n, name) void name##_IRQHandler(void);
#define BOARD_IRQ_SKIP(n)
BOARD_IRQS(BOARD_IRQ_DECLARE, BOARD_IRQ_SKIP)

/* The handler of a line given by its name, the name expanded first:
 * BOARD_IRQ_HANDLER(IRQ_SWI0_LINE) is UART4_IRQHandler on the F405 board. */
#define BOARD_IRQ_PASTE(name) name##_IRQHandler
#define BOARD_IRQ_HANDLER(name) BOARD_IRQ_PASTE(name)

/* The position of each entry of the list (board_irq_at_EXTI0 is 6): every
 * entry counts one, so startup.c can check that entry n is at position n
 * and that the list is IRQ_COUNT long. */
#define BOARD_IRQ_POSITION(n, name) board_irq_at_##name,
#define BOARD_IRQ_POSITION_R(n) board_irq_reserved_##n,
enum board_irq_position {
    board_irq_before_first = -1,
    BOARD_IRQS(BOARD_IRQ_POSITION, BOARD_IRQ_POSITION_R)
    board_irq_list_length
};
#define BOARD_IRQ_AT_PASTE(name) board_irq_at_##name
#define BOARD_IRQ_AT(name) BOARD_IRQ_AT_PASTE(name)

#endif
