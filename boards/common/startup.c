/* SPDX-License-Identifier: MIT */
/*
 * Start-up shared by the STM32F4 boards: the vector table and
 * Reset_Handler. main() is the application's.
 *
 * Reset order: RAM first (.data copied, .bss cleared), so that every later
 * step, and a fault in any of them, finds its variables initialised; then
 * the FPU and 8-byte stack alignment; then the board's own bring-up; then
 * (VOS_CFG_FAULT_RECORD) the print of the fault record a reset kept; then
 * main(); then board_exit() with main's status.
 *
 * What differs between boards comes from the board's board_regs.h:
 *   BOARD_NAME, BOARD_CYCLE_UNIT     the strings of board_name[], board_cycle_unit[]
 *   BOARD_IRQS, IRQ_COUNT            the chip's device lines (stm32f4_vectors.h)
 *                                    and how many positions the table has after
 *                                    the 16 core entries
 *   IRQ_TIM2..IRQ_TIM4, IRQ_SWI0/1   the lines the boards' handlers serve;
 *   IRQ_SWI0_LINE, IRQ_SWI1_LINE     the names of the software lines (UART4 ...)
 *   IRQ_TIM5                         only on a board whose alarm is TIM5
 *   board_reset_early()              before RAM is initialised (no variables!)
 *   board_reset_late()               after RAM and the FPU, before main()
 * The two hooks are empty static inline functions on a board that needs
 * nothing, so they cost nothing there.
 */
#include <stdint.h>
#include "board.h"
#include "vaios/vaios.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#if !BOARD_NO_TIME_DRIVER
#include "port.h"
#endif

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[], _estack[];
int main(void);

typedef void (*vector_t)(void);

/* The core exceptions, then every device line of the board's BOARD_IRQS
 * list under its CMSIS-device name (weak: boards/common/fault.c), reserved
 * positions to Default_Handler. VTOR needs the table aligned to a power of
 * two of at least its size; the start of flash, where the linker script
 * puts it, is. */
#define VECTOR_LINE(n, name)  name##_IRQHandler,
#define VECTOR_RESERVED(n)    Default_Handler,
__attribute__((section(".isr_vector"), used))
const vector_t vector_table[16 + IRQ_COUNT] = {
    (vector_t)_estack,
    Reset_Handler,
    NMI_Handler,
    HardFault_Handler,
    MemManage_Handler,
    BusFault_Handler,
    UsageFault_Handler,
    Default_Handler, Default_Handler, Default_Handler, Default_Handler,
    SVC_Handler,
    DebugMon_Handler,
    Default_Handler,
    PendSV_Handler,
    SysTick_Handler,
    BOARD_IRQS(VECTOR_LINE, VECTOR_RESERVED)
};

/* The list is the table: entry n at position n, IRQ_COUNT entries, and the
 * lines the board's own handlers serve under the names those handlers
 * have (a board_regs.h number that disagrees with its name fails here,
 * not at run time on an unexpected interrupt). */
#define CHECK_LINE(n, name) \
    _Static_assert(board_irq_at_##name == (n), "BOARD_IRQS: " #name " is not at position " #n);
#define CHECK_RESERVED(n) \
    _Static_assert(board_irq_reserved_##n == (n), "BOARD_IRQS: reserved " #n " is not at position " #n);
BOARD_IRQS(CHECK_LINE, CHECK_RESERVED)
_Static_assert(board_irq_list_length == IRQ_COUNT, "BOARD_IRQS must list exactly IRQ_COUNT positions");
#ifdef IRQ_TIM2   /* the STM32 boards' timers (the MPS2 boards name theirs otherwise) */
_Static_assert(board_irq_at_TIM2 == IRQ_TIM2 && board_irq_at_TIM3 == IRQ_TIM3 &&
               board_irq_at_TIM4 == IRQ_TIM4, "IRQ_TIM2..4 disagree with BOARD_IRQS");
#endif
#ifdef IRQ_TIM5
_Static_assert(board_irq_at_TIM5 == IRQ_TIM5, "IRQ_TIM5 disagrees with BOARD_IRQS");
#endif
_Static_assert(BOARD_IRQ_AT(IRQ_SWI0_LINE) == IRQ_SWI0 && BOARD_IRQ_AT(IRQ_SWI1_LINE) == IRQ_SWI1,
               "IRQ_SWI0/1 disagree with the lines IRQ_SWI0_LINE/IRQ_SWI1_LINE name");

#if !BOARD_NO_TIME_DRIVER
/* The board's time driver (timebase.c) defines the alarm's vector, weak in
 * fault.c like every line's; the kernel that calls the driver is linked
 * after the board library, so nothing else would take the driver out of
 * the library before the weak default is chosen. This reference does. */
__attribute__((used)) static void (*const keep_time_driver)(void) = arch_time_init;
#endif

/* The copy and clear loops stay loops: turned into memcpy/memset calls
 * they would pull 400 bytes of library code into every image. */
__attribute__((optimize("no-tree-loop-distribute-patterns")))
void Reset_Handler(void)
{
#if defined(__ARM_ARCH_8M_MAIN__)
    /* Armv8-M: the main stack's limit, its lowest address, before anything
     * runs on it (a push below it faults instead of writing .noinit or
     * .bss: arch/cortex-m/stklim.c). */
    extern uint32_t _smain_stack[];
    __asm__ volatile("msr msplim, %0" :: "r"(_smain_stack));
#endif
    board_reset_early();
    uint32_t *src = _sidata;
    for (uint32_t *dst = _sdata; dst < _edata;)
        *dst++ = *src++;
    for (uint32_t *dst = _sbss; dst < _ebss;)
        *dst++ = 0;
    REG32(SCB_CPACR) |= CPACR_CP10_CP11_FULL;   /* FPU on for everyone */
    REG32(SCB_CCR) |= CCR_STKALIGN;
    __asm__ volatile("dsb\n\tisb");
    board_reset_late();
#if VOS_CFG_FAULT_RECORD
    board_fault_record_print();   /* what the last run's fault left, if any */
#endif
    int status = main();
    board_exit(status);
}
