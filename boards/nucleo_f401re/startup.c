/* SPDX-License-Identifier: MIT */
/*
 * Nucleo-F401RE start-up: vector table, reset (clocks, data/bss, FPU,
 * console, cycle counter), fault reporting. main() is the application's.
 *
 * Reset order: RAM (.data, .bss) first, so that every later step, and a
 * fault in any of them, finds its variables initialised; then the clock
 * tree to 84 MHz, the console, the cycle counter. A board that cannot reach
 * 84 MHz stops with a message instead of running with a time base that
 * disagrees with VOS_CFG_CLOCK_HZ.
 */
#include <stdint.h>
#include "board.h"
#include "board_init.h"
#include "vaios/vaios.h"
#include "nvic.h"
#include "stm32f4_vectors.h"

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[], _estack[];
int main(void);

const char board_name[] = "nucleo_f401re";
const char board_cycle_unit[] = "cycles";

/* Exit statuses of the board's own stops (the application's are its own). */
#define EXIT_CLOCK_FAILED         6


typedef void (*vector_t)(void);

/* Every slot starts as Default_Handler, then the ones in use are named.
 * VTOR needs the table aligned to a power of two of at least its size
 * (101 words: 512 bytes); the start of flash, where the linker puts it, is. */
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
    [16 + IRQ_SWI0] = SWI0_IRQHandler,
    [16 + IRQ_SWI1] = SWI1_IRQHandler,
};
#pragma GCC diagnostic pop

/* The copy and clear loops stay loops: turned into memcpy/memset calls
 * they would pull 400 bytes of library code into every image. */
__attribute__((optimize("no-tree-loop-distribute-patterns")))
void Reset_Handler(void)
{
    /* The table is where the hardware found it (flash aliased at 0 with
     * BOOT0 low); say so explicitly, for a start through a boot loader. */
    REG32(SCB_VTOR) = (uint32_t)vector_table;

    uint32_t *src = _sidata;
    for (uint32_t *dst = _sdata; dst < _edata;)
        *dst++ = *src++;
    for (uint32_t *dst = _sbss; dst < _ebss;)
        *dst++ = 0;
    REG32(SCB_CPACR) |= CPACR_CP10_CP11_FULL;   /* FPU on for everyone */
    REG32(SCB_CCR) |= CCR_STKALIGN;
    __asm__ volatile("dsb\n\tisb");

    uint32_t sysclk = board_clock_init();
    board_console_init(sysclk / 2u);            /* APB1 is SYSCLK / 2 */
    board_cycle_counter_init();
    if (sysclk != BOARD_SYSCLK_HZ) {
        board_printf("\n!! clock: the PLL did not reach %u Hz; stopped on the %u Hz HSI\n",
                     (unsigned)BOARD_SYSCLK_HZ, (unsigned)sysclk);
        board_exit(EXIT_CLOCK_FAILED);
    }
    int status = main();
    board_exit(status);
}
