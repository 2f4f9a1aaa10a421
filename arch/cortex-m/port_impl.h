/* SPDX-License-Identifier: MIT */
/*
 * Cortex-M4F: inline part of the port contract (see arch/port.h).
 *
 * Kernel critical sections raise BASEPRI to VOS_CFG_KERNEL_IRQ_PRIO, never
 * PRIMASK: interrupts of higher urgency (numerically lower priority) run
 * even inside the kernel. PendSV and SVC sit at the lowest priority, so
 * a switch requested inside a critical section is taken when the section
 * ends (or the last interrupt handler returns).
 */
#ifndef VAIOS_PORT_IMPL_H
#define VAIOS_PORT_IMPL_H

#include <stdint.h>
#include <stdbool.h>
#include "vaios/config.h"
#include "vaios/critical.h"
#if VOS_CFG_MPU
#include "vaios/error.h"
#if defined(__ARM_ARCH_8M_MAIN__)
#include "pmsav8.h"   /* the PMSAv8 encoder: arch_mpu_regions_check, mpu.c */
#endif
#endif

#define ARCH_SCB_ICSR        (*(volatile uint32_t *)0xE000ED04u)
#define ARCH_ICSR_PENDSVSET  (1u << 28)

/* The room the exact final wait needs (arch/port.h, ARCH_SPIN_MARGIN):
 * its exact stage ends at the deadline when its first read of the time
 * base, two instructions after its entry, finds at least SPIN_K (11)
 * cycles left (port.c), and the kernel's check between its own read and
 * the call is about a dozen instructions at -O2 (kernel/time.c); 32
 * leaves the rest for other optimisation levels. The plain poll has
 * nothing to make room for. */
#if VOS_CFG_TIME_AT_CPU_CLOCK
#define ARCH_SPIN_MARGIN 32u
#else
#define ARCH_SPIN_MARGIN 0u
#endif

/* The lock and the context query are the public critical sections' own
 * (include/vaios/critical.h, which the CMSIS-RTOS2 layer uses): one
 * definition of the BASEPRI sequence for the kernel and the layers above. */
static inline uint32_t arch_lock(void)
{
    return vos__cpu_lock();
}

static inline void arch_unlock(uint32_t key)
{
    vos__cpu_unlock(key);
}

static inline bool arch_in_isr(void)
{
    return vos__cpu_in_isr();
}

static inline uint32_t arch_isr_number(void)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    return ipsr;
}

/* The priority byte of exception n: for an interrupt (n >= 16) NVIC_IPR
 * byte n - 16, for a system exception (4..15) SHPR byte n - 4; the bases
 * below are those registers' addresses minus 16 and minus 4. Unimplemented
 * low bits read as zero, so a byte compares directly with a BASEPRI value. */
#define ARCH_NVIC_IPR_BY_EXC  0xE000E3F0u   /* NVIC_IPR (0xE000E400) - 16 */
#define ARCH_SCB_SHPR_BY_EXC  0xE000ED14u   /* SCB_SHPR1 (0xE000ED18) - 4 */

static inline bool arch_isr_kernel(void)
{
    uint32_t n;
    __asm__ volatile("mrs %0, ipsr" : "=r"(n));
    if (n >= 16)
        return *(volatile uint8_t *)(ARCH_NVIC_IPR_BY_EXC + n) >= VOS_CFG_KERNEL_IRQ_PRIO;
    if (n >= 4)
        return *(volatile uint8_t *)(ARCH_SCB_SHPR_BY_EXC + n) >= VOS_CFG_KERNEL_IRQ_PRIO;
    return false;   /* thread mode; reset, NMI, HardFault: fixed, above every level */
}

/* LDREX/STREX. Armv7-M clears the local monitor on every exception entry
 * and return, so a switch or an interrupt between the two makes the
 * STREX fail, which is the contract of arch_sc. */
static inline uintptr_t arch_ll(volatile uintptr_t *p)
{
    uintptr_t v;
    __asm__ volatile("ldrex %0, [%1]" : "=r"(v) : "r"(p) : "memory");
    return v;
}

static inline bool arch_sc(volatile uintptr_t *p, uintptr_t v)
{
    uint32_t fail;
    __asm__ volatile("strex %0, %2, [%1]" : "=&r"(fail) : "r"(p), "r"(v) : "memory");
    return fail == 0;
}

/* The offset forms (port.h): LDREX/STREX [Rn, #imm], imm a multiple of 4
 * up to 1020. The same exclusive access as arch_ll/arch_sc on base + off. */
#define arch_ll_at(base, off) __extension__({                                  \
    _Static_assert((off) % 4 == 0 && (off) <= 1020, "LDREX offset: 0..1020, 4-aligned"); \
    uintptr_t arch_v_;                                                         \
    __asm__ volatile("ldrex %0, [%1, %2]"                                      \
                     : "=r"(arch_v_) : "r"(base), "n"(off) : "memory");       \
    arch_v_; })

#define arch_sc_at(base, off, v) __extension__({                               \
    _Static_assert((off) % 4 == 0 && (off) <= 1020, "STREX offset: 0..1020, 4-aligned"); \
    uint32_t arch_fail_;                                                       \
    __asm__ volatile("strex %0, %2, [%1, %3]"                                  \
                     : "=&r"(arch_fail_) : "r"(base), "r"((uintptr_t)(v)), "n"(off) \
                     : "memory");                                              \
    arch_fail_ == 0; })

static inline void arch_switch(void)
{
    ARCH_SCB_ICSR = ARCH_ICSR_PENDSVSET;
}

#if VOS_CFG_MPU
/* A domain's regions as a set (arch/port.h). PMSAv7: always VOS_OK (where
 * regions overlap, the higher-numbered one wins). PMSAv8: VOS_ERR_LAYOUT
 * when two of them overlap, since an access to the overlap would fault
 * whatever either allows (pmsav8.h). */
static inline int arch_mpu_regions_check(const uint32_t *mpu, unsigned n)
{
#if defined(__ARM_ARCH_8M_MAIN__)
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = i + 1; j < n; j++)
            if (pmsav8_overlap(&mpu[2 * i], &mpu[2 * j]))
                return VOS_ERR_LAYOUT;
#else
    (void)mpu;
    (void)n;
#endif
    return VOS_OK;
}

/* The trap of an unprivileged call (arch/port.h): SVC #1 with the number
 * in r12 and the arguments in r0-r3, the result in r0 (the ABI of
 * kernel/syscall.c). Registers only: it runs unprivileged. */
static inline int32_t arch_syscall(uint32_t num, uint32_t a0, uint32_t a1, uint32_t a2,
                                   uint32_t a3)
{
    register uint32_t r0 __asm__("r0") = a0;
    register uint32_t r1 __asm__("r1") = a1;
    register uint32_t r2 __asm__("r2") = a2;
    register uint32_t r3 __asm__("r3") = a3;
    register uint32_t r12 __asm__("r12") = num;
    __asm__ volatile("svc #1"                       /* enter the kernel (switch.S: SVC_Handler) */
                     : "+r"(r0), "+r"(r1), "+r"(r2), "+r"(r3), "+r"(r12)
                     :
                     : "lr", "memory", "cc");
    return (int32_t)r0;
}
#endif

#endif /* VAIOS_PORT_IMPL_H */
