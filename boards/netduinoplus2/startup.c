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

#define WEAK_DEFAULT __attribute__((weak, alias("Default_Handler")))
void NMI_Handler(void) WEAK_DEFAULT;
void MemManage_Handler(void) WEAK_DEFAULT;
void BusFault_Handler(void) WEAK_DEFAULT;
void UsageFault_Handler(void) WEAK_DEFAULT;
void DebugMon_Handler(void) WEAK_DEFAULT;
void SysTick_Handler(void) WEAK_DEFAULT;
void TIM2_IRQHandler(void) WEAK_DEFAULT;
void TIM3_IRQHandler(void) WEAK_DEFAULT;
void TIM4_IRQHandler(void) WEAK_DEFAULT;
void SWI0_IRQHandler(void) WEAK_DEFAULT;
void SWI1_IRQHandler(void) WEAK_DEFAULT;

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

static void put_hex(uint32_t v)
{
    char buf[11] = "0x";
    for (int i = 0; i < 8; i++)
        buf[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xF];
    buf[10] = 0;
    board_console_write(buf);
}

void Default_Handler(void)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    board_console_write("\n!! unexpected exception ");
    put_hex(ipsr);
    board_console_write("\n");
    board_exit(3);
}

/* Report where the fault happened: the stacked PC of the faulting code. */
void hardfault_report(uint32_t *frame, uint32_t exc_return);
void hardfault_report(uint32_t *frame, uint32_t exc_return)
{
    board_console_write("\n!! hard fault: pc=");
    put_hex(frame[6]);
    board_console_write(" lr=");
    put_hex(frame[5]);
    board_console_write(" exc_return=");
    put_hex(exc_return);
    board_console_write(" hfsr=");
    put_hex(REG32(0xE000ED2Cu));
    board_console_write(" cfsr=");
    put_hex(REG32(0xE000ED28u));
    board_console_write("\n");
    board_exit(4);
}

__attribute__((naked)) void HardFault_Handler(void)
{
    __asm__ volatile(
        "tst   lr, #4          \n\t"  /* which stack holds the frame */
        "ite   eq              \n\t"
        "mrseq r0, msp         \n\t"
        "mrsne r0, psp         \n\t"
        "mov   r1, lr          \n\t"
        "b     hardfault_report\n\t");
}

void vos_hook_halt(const char *why)
{
    board_console_write("\n!! kernel halt: ");
    board_console_write(why);
    board_console_write("\n");
    board_exit(5);
}
