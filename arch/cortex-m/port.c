/* SPDX-License-Identifier: MIT */
/*
 * Cortex-M4F: task context creation, starting the first task, idle, halt.
 * The switch itself is in switch.S.
 *
 * Initial stack of a task (high to low addresses), as the first PendSV or
 * SVC return expects it:
 *   xPSR (Thumb bit), PC = entry, LR = vos__task_return, R12, R3..R1, R0 = arg
 *     -- the hardware exception frame, 8-byte aligned --
 *   EXC_RETURN (thread mode, PSP, no FP context), R11..R4
 * The saved sp points at R4.
 */
#include "kernel.h"

#define SCB_SHPR2       (*(volatile uint32_t *)0xE000ED1Cu)  /* SVCall priority [31:24] */
#define SCB_SHPR3       (*(volatile uint32_t *)0xE000ED20u)  /* PendSV [23:16], SysTick [31:24] */
#define FPU_FPCCR       (*(volatile uint32_t *)0xE000EF34u)
#define FPCCR_ASPEN     (1u << 31)   /* automatic FP state preservation */
#define FPCCR_LSPEN     (1u << 30)   /* ... done lazily */
#define EXC_RETURN_THREAD_PSP 0xFFFFFFFDu
#define XPSR_THUMB      0x01000000u
#define PRIO_LOWEST     0xFFu

void arch_start_first(void) __attribute__((noreturn));  /* switch.S */
#if VOS_CFG_MPU
void arch_mpu_start(void);                               /* mpu.c */
#endif

void *arch_stack_init(uint8_t *top, void (*entry)(void *), void *arg)
{
    uint32_t *sp = (uint32_t *)top;
    *--sp = XPSR_THUMB;
    *--sp = (uint32_t)entry & ~1u;   /* the stacked PC holds no Thumb bit */
    *--sp = (uint32_t)vos__task_return;
    *--sp = 0;                /* r12 */
    *--sp = 0;                /* r3 */
    *--sp = 0;                /* r2 */
    *--sp = 0;                /* r1 */
    *--sp = (uint32_t)arg;    /* r0 */
    *--sp = EXC_RETURN_THREAD_PSP;
    for (int i = 0; i < 8; i++)
        *--sp = 0;            /* r11..r4 */
    return sp;
}

void arch_start(void)
{
    /* PendSV and SVC at the lowest priority: a switch never preempts an
     * interrupt handler, it runs when the last one returns. */
    SCB_SHPR3 = (SCB_SHPR3 & ~(0xFFu << 16)) | (PRIO_LOWEST << 16);
    SCB_SHPR2 = (SCB_SHPR2 & ~(0xFFu << 24)) | (PRIO_LOWEST << 24);
    /* Lazy FP stacking: a task that never touches the FPU pays nothing. */
    FPU_FPCCR |= FPCCR_ASPEN | FPCCR_LSPEN;
#if VOS_CFG_MPU
    arch_mpu_start();   /* the stack guards, before the first task runs */
#endif
    arch_start_first();
}

/* The final wait of a sleep woken before its deadline (arch/port.h): on
 * the time base's own low word, counted from the caller's read, so that
 * it ends at the cycle the caller computed and a preemption in the middle
 * (however long, also past a 32-bit wrap) can only lengthen it. */
void arch_spin(uint32_t from, uint32_t n)
{
    while ((uint32_t)(arch_time_lo - from) < n) {
    }
}

/* Weak: an image may supply its own idle body. The emulated board's
 * benchmark and test images do (boards/netduinoplus2/idle_exact.c): a
 * WFI there is not exact under QEMU (docs/benchmark.md). */
__attribute__((weak)) void arch_idle(void)
{
    __asm__ volatile("dsb\n\twfi" ::: "memory");
}

__attribute__((weak)) void vos_hook_halt(const char *why)
{
    (void)why;
}

void arch_halt(const char *why)
{
    __asm__ volatile("cpsid i" ::: "memory");
    vos_hook_halt(why);
    for (;;)
        __asm__ volatile("wfi");
}
