/* SPDX-License-Identifier: MIT */
/*
 * Start-up shared by the STM32F4 boards: the vector table and
 * Reset_Handler. main() is the application's.
 *
 * Reset order: RAM first (.data copied, .bss cleared), so that every later
 * step, and a fault in any of them, finds its variables initialised; then
 * the FPU and 8-byte stack alignment; then the board's own bring-up; then
 * main(); then board_exit() with main's status.
 *
 * What differs between boards comes from the board's board_regs.h:
 *   BOARD_NAME, BOARD_CYCLE_UNIT     the strings of board_name[], board_cycle_unit[]
 *   IRQ_COUNT                        vector table length after the 16 core entries
 *   IRQ_TIM2..IRQ_TIM4, IRQ_SWI0/1   the lines the boards' handlers serve;
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

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[], _estack[];
int main(void);

const char board_name[] = BOARD_NAME;
const char board_cycle_unit[] = BOARD_CYCLE_UNIT;

typedef void (*vector_t)(void);

/* Every slot starts as Default_Handler, then the ones in use are named.
 * VTOR needs the table aligned to a power of two of at least its size;
 * the start of flash, where the linker script puts it, is. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
__attribute__((section(".isr_vector"), used))
const vector_t vector_table[16 + IRQ_COUNT] = {
    [2 ... 16 + IRQ_COUNT - 1] = Default_Handler,
    [0]  = (vector_t)_estack,
    [1]  = Reset_Handler,
    [2]  = NMI_Handler,
    [3]  = HardFault_Handler,
    [4]  = MemManage_Handler,
    [5]  = BusFault_Handler,
    [6]  = UsageFault_Handler,
    [11] = SVC_Handler,
    [12] = DebugMon_Handler,
    [14] = PendSV_Handler,
    [15] = SysTick_Handler,
    [16 + IRQ_TIM2] = TIM2_IRQHandler,
    [16 + IRQ_TIM3] = TIM3_IRQHandler,
    [16 + IRQ_TIM4] = TIM4_IRQHandler,
#ifdef IRQ_TIM5
    [16 + IRQ_TIM5] = TIM5_IRQHandler,
#endif
    [16 + IRQ_SWI0] = SWI0_IRQHandler,
    [16 + IRQ_SWI1] = SWI1_IRQHandler,
};
#pragma GCC diagnostic pop

/* The copy and clear loops stay loops: turned into memcpy/memset calls
 * they would pull 400 bytes of library code into every image. */
__attribute__((optimize("no-tree-loop-distribute-patterns")))
void Reset_Handler(void)
{
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
    int status = main();
    board_exit(status);
}
