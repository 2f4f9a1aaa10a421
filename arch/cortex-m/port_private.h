/* SPDX-License-Identifier: MIT */
/*
 * Private interface between the Cortex-M port's files: the fault status
 * registers and the step that the two ways of stopping a task from a
 * fault share (mpu.c, the MPU's fault path with VOS_CFG_MPU; stklim.c,
 * the stack-limit fault of Armv8-M; on a Cortex-M33 with VOS_CFG_MPU
 * both). Not part of the port contract (arch/port.h, port_impl.h): the
 * kernel does not see it. Included after port_api.h.
 */
#ifndef VAIOS_ARCH_CORTEX_M_PORT_PRIVATE_H
#define VAIOS_ARCH_CORTEX_M_PORT_PRIVATE_H

#define SCB_SHCSR  (*(volatile uint32_t *)0xE000ED24u)
#define SCB_CFSR   (*(volatile uint32_t *)0xE000ED28u)
#define FPU_FPCCR  (*(volatile uint32_t *)0xE000EF34u)

#define SHCSR_USGFAULTENA    (1u << 18)
#define SHCSR_USGFAULTPENDED (1u << 12)
#define SHCSR_MEMFAULTPENDED (1u << 13)
#define SHCSR_BUSFAULTPENDED (1u << 14)
#define SHCSR_SVCALLPENDED   (1u << 15)
/* The exceptions a task's own instructions raise; pending when a fault
 * stops the task, they are the stopped task's (nothing else ran since). */
#define SHCSR_TASK_PENDED    (SHCSR_USGFAULTPENDED | SHCSR_MEMFAULTPENDED | \
                              SHCSR_BUSFAULTPENDED | SHCSR_SVCALLPENDED)
#define FPCCR_LSPACT         (1u << 0)

/* Bytes left free at the top of a stopped task's stack for the switch to
 * save its dead context there: as for a frame with its FP area, the
 * largest the switch may save (it checks the frame below the top; its
 * 36 + 64 bytes stay above the guard for every stack of VOS_CFG_STACK_MIN
 * or more). */
#define DEAD_FRAME 104u

/* t, the running task, is being stopped from a fault handler and its
 * context abandoned. Its frame's lazily reserved FP area may lie in its
 * guard or anywhere it may not write: the pending lazy save is dropped,
 * or the switch's first FP instruction would fault trying to complete it
 * (in handler mode: a halt). The exceptions it raised itself that are
 * still pending are cleared: they belong to the stopped task, which never
 * runs again. Returns the process stack pointer to leave the handler
 * with: near the top of t's own stack, where the switch then saves the
 * dead context harmlessly. */
static inline uint32_t arch_fault_abandon(const vos_task_t *t)
{
    FPU_FPCCR &= ~FPCCR_LSPACT;
    SCB_SHCSR &= ~SHCSR_TASK_PENDED;
    return (uint32_t)(uintptr_t)(t->stack_base + t->stack_size) - DEAD_FRAME;
}

#endif /* VAIOS_ARCH_CORTEX_M_PORT_PRIVATE_H */
