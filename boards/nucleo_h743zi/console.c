/* SPDX-License-Identifier: MIT */
/*
 * Console on USART3, which the Nucleo-H743ZI (Nucleo-144) wires (PD8 TX,
 * PD9 RX) to the ST-LINK's virtual COM port: 115200 baud, 8 data bits, no
 * parity, 1 stop bit. Output only; the USART's kernel clock is its reset
 * choice, the APB1 clock (RCC_D2CCIP2R untouched).
 *
 * Writes poll TXE, so they work in any context, with interrupts masked and
 * from fault handlers; a character costs about 87 us at 115200, which is
 * why nothing may print inside a measurement window. Concurrent writers
 * from different tasks or interrupts interleave characters. "\n" goes out
 * as "\r\n" so that a plain serial terminal shows lines.
 *
 * board_exit prints "@VOS exit <status>", waits for the last bit to leave
 * the shift register, then stops the board: into the debugger (BKPT) when
 * one is attached, otherwise in a WFI loop with every interrupt masked.
 */
#include <stdbool.h>
#include <stdint.h>
#include "board.h"
#include "board_init.h"
#include "nvic.h"

#define CONSOLE_BAUD   115200u
#define CONSOLE_TX_PIN 8u       /* PD8 = USART3_TX (AF7) */
#define NVIC_ICER_REGS 5u       /* ICER0..4 / ICPR0..4 cover the 150 IRQ lines */
#define NVIC_ALL_32    0xFFFFFFFFu

#define USART3(off) REG32(USART3_BASE + (off))
#define GPIOD(off)  REG32(GPIOD_BASE + (off))

/* Set once the USART is configured: a fault before that (in the clock
 * set-up) must not poll a USART that is not clocked. */
static bool console_ready;

void board_console_init(uint32_t pclk1_hz)
{
    /* PD8 to alternate function 7 (AFRH: pins 8..15), medium speed. */
    const uint32_t shift2 = 2u * CONSOLE_TX_PIN, shift4 = 4u * (CONSOLE_TX_PIN - 8u);
    GPIOD(GPIO_AFRH) = (GPIOD(GPIO_AFRH) & ~(0xFu << shift4)) | (GPIO_AF7 << shift4);
    GPIOD(GPIO_OSPEEDR) = (GPIOD(GPIO_OSPEEDR) & ~(3u << shift2)) | (GPIO_SPEED_MED << shift2);
    GPIOD(GPIO_MODER) = (GPIOD(GPIO_MODER) & ~(3u << shift2)) | (GPIO_MODE_AF << shift2);

    /* With 16x oversampling BRR is the kernel clock / baud, rounded:
     * 100 MHz -> 868 (115207 baud, +0.006 %). */
    USART3(USART_CR1) = 0;
    USART3(USART_BRR) = (pclk1_hz + CONSOLE_BAUD / 2u) / CONSOLE_BAUD;
    USART3(USART_CR2) = 0;
    USART3(USART_CR3) = 0;
    USART3(USART_CR1) = USART_CR1_UE | USART_CR1_TE;
    console_ready = true;
}

static void put_byte(char c)
{
    while ((USART3(USART_ISR) & USART_ISR_TXE) == 0) {
    }
    USART3(USART_TDR) = (uint8_t)c;
}

void board_console_write(const char *s)
{
    if (!console_ready)
        return;
    for (; *s; s++) {
        if (*s == '\n')
            put_byte('\r');
        put_byte(*s);
    }
}

void board_exit(int status)
{
    board_printf("@VOS exit %d\n", status);
    if (console_ready) {
        while ((USART3(USART_ISR) & USART_ISR_TC) == 0) {
        }
    }
    __asm__ volatile("cpsid i" ::: "memory");
    /* No peripheral interrupt stays enabled or pending to wake the loop. */
    for (uint32_t i = 0; i < NVIC_ICER_REGS; i++) {
        REG32(NVIC_ICER + 4u * i) = NVIC_ALL_32;
        REG32(NVIC_ICPR + 4u * i) = NVIC_ALL_32;
    }
    if (REG32(CORE_DHCSR) & CORE_DHCSR_C_DEBUGEN)
        __asm__ volatile("bkpt 0");
    for (;;)
        __asm__ volatile("wfi");
}
