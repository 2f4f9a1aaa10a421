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
#include "port_api.h"

#define SCB_SHPR2       (*(volatile uint32_t *)0xE000ED1Cu)  /* SVCall priority [31:24] */
#define SCB_SHPR3       (*(volatile uint32_t *)0xE000ED20u)  /* PendSV [23:16], SysTick [31:24] */
#define FPU_FPCCR       (*(volatile uint32_t *)0xE000EF34u)
#define FPCCR_ASPEN     (1u << 31)   /* automatic FP state preservation */
#define FPCCR_LSPEN     (1u << 30)   /* ... done lazily */
#define EXC_RETURN_THREAD_PSP 0xFFFFFFFDu
#define XPSR_THUMB      0x01000000u
#define PRIO_LOWEST     0xFFu

void arch_start_first(void) __attribute__((noreturn));  /* switch.S */

/* The stack's words the switch reads (port_offsets.h; with VOS_CFG_MPU
 * kernel/port_api.h checks them with the MPU's): the Armv8-M switch loads
 * PSPLIM from stack_base, the stack-limit fault (stklim.c) reads both. */
#if !VOS_CFG_MPU
_Static_assert(offsetof(vos_task_t, stack_base) == VOS__TASK_STACK_BASE, "task stack offset");
_Static_assert(offsetof(vos_task_t, stack_size) == VOS__TASK_STACK_SIZE, "task stack size offset");
#endif

#if defined(__ARM_ARCH_8M_MAIN__)
void arch_stklim_start(void);                            /* stklim.c */
#endif
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

/* A Cortex-M task leaves nothing behind but its stack and control block. */
void arch_task_end(struct vos_task *t)
{
    (void)t;
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
#if defined(__ARM_ARCH_8M_MAIN__)
    arch_stklim_start();   /* the stack-limit faults, before the first task runs */
#endif
    arch_start_first();
}

/* The final wait of a sleep woken before its deadline (arch/port.h): on
 * the time base's own low word, counted from the caller's read, so that
 * it ends at the cycle the caller computed and a preemption in the middle
 * (however long, also past a 32-bit wrap) can only lengthen it. */
#if VOS_CFG_TIME_AT_CPU_CLOCK
/* Exact to the cycle where an instruction takes one: a polling loop alone
 * would end anywhere within its own length (6 instructions) after the
 * deadline. It polls until at most SPIN_FINE cycles are left, then burns
 * exactly what is left minus SPIN_K in single-cycle instructions (a jump
 * into a run of them) and returns. Never early: the board says its time
 * base counts at most one per CPU cycle (VOS_CFG_TIME_AT_CPU_CLOCK), every
 * instruction takes at least a cycle, and from the read that saw `left`
 * cycles to go until the return there are SPIN_K + (left - SPIN_K)
 * instructions: the 12 of the path below, so SPIN_K <= 12. SPIN_K = 11
 * makes the return come one instruction after the deadline, which puts a
 * sleeper that waited here at the same instant as one that arrived at its
 * deadline to the cycle (kernel/time.c: that one's check is two
 * instructions, this one's return is its last). An interrupt inside the
 * wait lengthens it only by what it takes after the deadline. */
#define SPIN_K    11   /* instructions of the exact stage that are not the run */
#define SPIN_FINE 18   /* > SPIN_K + 6: the poll (6 instructions) lands in range */
#define STR_(x) #x
#define STR(x) STR_(x)
__attribute__((naked)) void arch_spin(uint32_t from, uint32_t n)
{
    (void)from;
    (void)n;
    __asm__ volatile(
        "    movw  r2, #:lower16:arch_time_lo  @ r2: the time base's low word\n"
        "    movt  r2, #:upper16:arch_time_lo\n"
        "1:  ldr   r3, [r2]                    @ now (instruction 0 of the exact stage)\n"
        "    subs  r3, r3, r0                  @ cycles since from\n"
        "    subs  r3, r1, r3                  @ left = n - elapsed; borrow if past n\n"
        "    bls   3f                          @ none left, or past: return\n"
        "    cmp   r3, #" STR(SPIN_FINE) "      @ near enough for the exact stage?\n"
        "    bhi   1b                          @ no: poll again\n"
        "    subs  r3, r3, #" STR(SPIN_K) "     @ the run's length: left - SPIN_K\n"
        "    blo   1b                          @ too near for it (entered late): poll\n"
        "    adr.w r12, 2f                     @ the end of the run\n"
        "    sub   r12, r12, r3, lsl #1        @ back one 2-byte instruction per cycle\n"
        "    orr   r12, r12, #1                @ Thumb state\n"
        "    bx    r12                         @ into the run\n"
        "    .rept " STR(SPIN_FINE) " - " STR(SPIN_K) "\n"
        "    mov   r0, r0                      @ one cycle, never folded (unlike nop)\n"
        "    .endr\n"
        "2:  bx    lr                          @ instruction 12 + left - SPIN_K\n"
        "3:  bx    lr\n");
}
#else
void arch_spin(uint32_t from, uint32_t n)
{
    while ((uint32_t)(arch_time_lo - from) < n) {
    }
}
#endif

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
