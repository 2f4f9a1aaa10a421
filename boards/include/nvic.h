/* SPDX-License-Identifier: MIT */
/* Armv7-M NVIC and system control registers used by the boards. */
#ifndef BOARD_NVIC_H
#define BOARD_NVIC_H

#include <stdint.h>

#define NVIC_ISER   0xE000E100u   /* set-enable, one bit per IRQ */
#define NVIC_ICER   0xE000E180u   /* clear-enable */
#define NVIC_ISPR   0xE000E200u   /* set-pending */
#define NVIC_ICPR   0xE000E280u   /* clear-pending */
#define NVIC_IPR    0xE000E400u   /* priority, one byte per IRQ */
#define SCB_CPACR   0xE000ED88u   /* coprocessor access (FPU: CP10, CP11) */
#define SCB_VTOR    0xE000ED08u
#define SCB_CCR     0xE000ED14u
#define SCB_CFSR    0xE000ED28u   /* configurable fault status */
#define SCB_HFSR    0xE000ED2Cu   /* hard fault status */
#define SCB_MMFAR   0xE000ED34u   /* memory-management fault address */
#define SCB_BFAR    0xE000ED38u   /* bus fault address */
#define SCB_AIRCR   0xE000ED0Cu   /* application interrupt and reset control */
#define AIRCR_VECTKEY      (0x05FAu << 16)   /* a write without it is ignored */
#define AIRCR_SYSRESETREQ  (1u << 2)         /* request a system reset */
#define CFSR_MMARVALID     (1u << 7)         /* MMFAR holds the faulting address */
#define CFSR_BFARVALID     (1u << 15)        /* BFAR holds the faulting address */
/* CFSR: a MemManage or bus fault while stacking (MSTKERR, STKERR) or
 * unstacking (MUNSTKERR, UNSTKERR) an exception frame: the frame is not
 * there to read. */
#define CFSR_FRAME_ERRORS ((1u << 3) | (1u << 4) | (1u << 11) | (1u << 12))
#define CCR_STKALIGN (1u << 9)
#define CPACR_CP10_CP11_FULL (0xFu << 20)

/* Enabling or pending a line hands the state its handler reads (the
 * handler pointer, the test's data) to that handler, and disabling it
 * takes that state back: the stores before nvic_enable or nvic_pend, and
 * the accesses after nvic_disable, stay on their side of the NVIC write
 * (a compiler barrier; the core sees its own accesses in program order, so
 * no DSB is needed for its own handlers). */
#define NVIC_COMPILER_BARRIER() __asm__ volatile("" ::: "memory")

static inline void nvic_set_priority(int irq, uint8_t prio)
{
    *(volatile uint8_t *)(NVIC_IPR + (uint32_t)irq) = prio;
}
static inline void nvic_enable(int irq)
{
    NVIC_COMPILER_BARRIER();
    *(volatile uint32_t *)(NVIC_ISER + 4u * ((uint32_t)irq >> 5)) = 1u << (irq & 31);
}
static inline void nvic_disable(int irq)
{
    *(volatile uint32_t *)(NVIC_ICER + 4u * ((uint32_t)irq >> 5)) = 1u << (irq & 31);
    NVIC_COMPILER_BARRIER();
}
static inline void nvic_pend(int irq)
{
    NVIC_COMPILER_BARRIER();
    *(volatile uint32_t *)(NVIC_ISPR + 4u * ((uint32_t)irq >> 5)) = 1u << (irq & 31);
}
static inline void nvic_unpend(int irq)
{
    *(volatile uint32_t *)(NVIC_ICPR + 4u * ((uint32_t)irq >> 5)) = 1u << (irq & 31);
}

#endif /* BOARD_NVIC_H */
