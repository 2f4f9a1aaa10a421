/* SPDX-License-Identifier: MIT */
/*
 * netduinoplus2 start-up: vector table, reset (data/bss, FPU), fault
 * reporting. main() is the application's.
 */
#include <stdint.h>
#include <string.h>
#include "board.h"
#include "vaios/vaios.h"
#include "nvic.h"
#include "stm32f4_vectors.h"

extern uint32_t _sidata[], _sdata[], _edata[], _sbss[], _ebss[], _estack[];
int main(void);

const char board_name[] = "netduinoplus2";
const char board_cycle_unit[] = "insn";


typedef void (*vector_t)(void);

/* Every slot starts as Default_Handler, then the ones in use are named. */
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
    [16 + IRQ_TIM5] = TIM5_IRQHandler,
    [16 + IRQ_SWI0] = SWI0_IRQHandler,
    [16 + IRQ_SWI1] = SWI1_IRQHandler,
};
#pragma GCC diagnostic pop

/* The copy and clear loops stay loops: turned into memcpy/memset calls
 * they would pull 400 bytes of library code into every image. */
__attribute__((optimize("no-tree-loop-distribute-patterns")))
void Reset_Handler(void)
{
    uint32_t *src = _sidata;
    for (uint32_t *dst = _sdata; dst < _edata;)
        *dst++ = *src++;
    for (uint32_t *dst = _sbss; dst < _ebss;)
        *dst++ = 0;
    REG32(SCB_CPACR) |= CPACR_CP10_CP11_FULL;   /* FPU on for everyone */
    REG32(SCB_CCR) |= CCR_STKALIGN;
    __asm__ volatile("dsb\n\tisb");
    int status = main();
    board_exit(status);
}
