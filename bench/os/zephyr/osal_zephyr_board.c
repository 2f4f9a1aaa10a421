/* SPDX-License-Identifier: MIT */
/*
 * The board side of the Zephyr backend (osal_zephyr_board.h): the
 * counter's wrap interrupt, the console character for printk, the
 * spinning idle loop and a BASEPRI read. No Zephyr header: Zephyr's
 * start-up owns the vector table, and osal_zephyr.c places the handler
 * below in it (IRQ_DIRECT_CONNECT), with the board's own test-source and
 * software-interrupt handlers.
 */
#include <stdint.h>
#include "board.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "osal_zephyr_board.h"

_Static_assert(TIM2_BASE == 0x40000000u, "the wrap interrupt is written for the STM32F4's TIM2");

void vz_counter_start(uint8_t wrap_prio)
{
    board_counter_start();
    REG32(TIM2_BASE + TIM_DIER) = TIM_DIER_UIE;
    nvic_set_priority(IRQ_TIM2, wrap_prio);
    nvic_enable(IRQ_TIM2);
}

/* TIM2 update: the 32-bit counter wrapped (every 4.3 s at 1 GHz). The
 * backend's 64-bit time must see every wrap even when no task reads the
 * time for longer than that. */
void TIM2_IRQHandler(void)
{
    REG32(TIM2_BASE + TIM_SR) = 0;
    vz_counter_wrapped();
}

uint32_t vz_basepri(void)
{
    uint32_t v;
    __asm__ volatile("mrs %0, basepri" : "=r"(v));   /* the current masking level */
    return v;
}

int vz_console_putc(int c)
{
    char s[2] = { (char)c, '\0' };
    board_console_write(s);
    return c;
}

/* A block of NOPs, so that the emulator runs many idle instructions per
 * translated block; preempted at the exact instruction by any interrupt,
 * where a WFI's skip to the next timer event can land late under the
 * emulator's sleep=off (boards/netduinoplus2/idle_exact.c). */
void vz_spin(void)
{
    for (;;)
        __asm__ volatile(".rept 64\n\tnop\n\t.endr" ::: "memory");
}
