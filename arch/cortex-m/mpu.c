/* SPDX-License-Identifier: MIT */
/*
 * Cortex-M4 memory protection unit (PMSAv7), with VOS_CFG_MPU: the stack
 * guards, and what happens when something touches one.
 *
 * Region map (a higher number wins where regions overlap):
 *   0..3  the running task's protection domain (vaios/domain.h), loaded
 *      by the switch only when the incoming task's domain is not the one
 *      loaded (arch_mpu_domain); disabled for the kernel domain.
 *   4  the running task's stack, for an unprivileged task (disabled for a
 *      privileged one), loaded with region 7 on every switch.
 *   7  the running task's stack guard: its VOS_CFG_STACK_GUARD lowest
 *      bytes, no access at all, never executable. The switch (switch.S)
 *      rewrites its base for every incoming task; size and attributes are
 *      the same for every task and set once here.
 *   6  the interrupt stack's guard: the VOS_CFG_STACK_GUARD bytes at the
 *      lowest address of the main stack, _smain_stack (a symbol the
 *      board's linker script defines, aligned to the guard size).
 *   5  unused.
 *   8.. on a processor with 16 regions, the board's (programmed before
 *      vos_start, e.g. a non-cacheable DMA section on the Cortex-M7): the
 *      port never touches them; they take precedence where they overlap.
 * Everything else is the default memory map for privileged code
 * (PRIVDEFENA), so privileged code runs as without the MPU; unprivileged
 * code reaches nothing else.
 *
 * Armv8-M mainline (__ARM_ARCH_8M_MAIN__, the Cortex-M33): PMSAv8
 * (pmsav8.h), base/limit regions in 32-byte granules, where an address
 * two enabled regions cover faults instead of the higher one winning. Its
 * region map, with no two loaded regions overlapping:
 *   0..3  the running task's domain, as above (the switch writes RNR = 0,
 *      then the four RBAR/RLAR pairs through the alias registers);
 *      arch_mpu_regions_check (port_impl.h) refuses a domain whose
 *      regions overlap each other (VOS_ERR_LAYOUT), and the kernel one
 *      that covers a task's stack, as on every CPU;
 *   4  the running unprivileged task's stack without its guard:
 *      [stack_base + VOS_CFG_STACK_GUARD, top), read/write, never
 *      executable (disabled for a privileged task);
 *   5  the running task's guard, [stack_base, stack_base +
 *      VOS_CFG_STACK_GUARD): privileged read-only, unprivileged no access,
 *      never executable (PMSAv8 has no permission that refuses privileged
 *      reads: a privileged read of the guard is allowed, every write and
 *      every unprivileged access faults); loaded with region 4 on every
 *      switch (RNR = 4, then the two pairs), both words per task;
 *   6  the interrupt stack's guard, [_smain_stack, _smain_stack +
 *      VOS_CFG_STACK_GUARD), with the guard's attributes (_smain_stack a
 *      multiple of 32 only);
 *   7  unused; 8.. the board's, which must not overlap 0..6.
 * MAIR0 holds the two attributes (pmsav8.h): normal write-back SRAM and
 * device memory. Besides the guard, the stack-limit register stops a
 * task's stack pointer at the guard's top (stklim.c); the guard catches
 * what PSPLIM cannot see, a store below it through another pointer.
 * Stack-limit faults (UFSR.STKOF) are stklim.c's UsageFault_Handler's,
 * which hands every other usage fault to MemManage_Handler below.
 *
 * A fault on a guard:
 *   - from a task (thread mode, process stack), with no kernel lock held:
 *     the task is stopped (vos__stack_fault: its wait and mutexes
 *     released, vos_hook_stack_overflow(t) called) and the next task runs;
 *     its exception frame, which may lie in the guard or not exist, is
 *     never used again.
 * Any other memory, bus or usage fault of a task with no kernel lock held
 * (an unprivileged task's access outside its regions, an undefined
 * instruction...) stops it the same way, or its whole domain
 * (vos__task_fault), and reports it through vos_hook_fault.
 *   - anywhere else (an interrupt handler, main before vos_start, a task
 *     holding the kernel lock, whose kernel structures may be half
 *     changed): the system halts through arch_halt with the reason and
 *     the address.
 * MemManage faults are enabled (SHCSR), at the highest configurable
 * priority (0, their reset value), so they are never escalated to a hard
 * fault while a kernel-level interrupt runs.
 */
#include "port_api.h"

#if VOS_CFG_MPU

#include "port_private.h"

#define MPU_TYPE   (*(volatile uint32_t *)0xE000ED90u)
#define MPU_CTRL   (*(volatile uint32_t *)0xE000ED94u)
#define MPU_RNR    (*(volatile uint32_t *)0xE000ED98u)
#define MPU_RBAR   (*(volatile uint32_t *)VOS__MPU_RBAR)
#define MPU_RASR   (*(volatile uint32_t *)0xE000EDA0u)
#define MPU_RLAR   MPU_RASR                                   /* PMSAv8's name */
#define MPU_MAIR0  (*(volatile uint32_t *)0xE000EDC0u)        /* PMSAv8 */
#define SCB_MMFAR  (*(volatile uint32_t *)0xE000ED34u)

#define MPU_CTRL_ENABLE     (1u << 0)
#define MPU_CTRL_PRIVDEFENA (1u << 2)
#define SHCSR_MEMFAULTENA   (1u << 16)
#define CFSR_MMFSR          0xFFu
#define MMFSR_MUNSTKERR     (1u << 3)
#define MMFSR_MSTKERR       (1u << 4)
#define MMFSR_MLSPERR       (1u << 5)
#define MMFSR_MMARVALID     (1u << 7)

#define RASR_ENABLE         (1u << 0)
#define RASR_SIZE(log2)     ((uint32_t)((log2) - 1) << 1)   /* 2^(SIZE+1) bytes */
#define RASR_AP_NONE        (0u << 24)
#define RASR_AP_RO          (2u << 24)                      /* privileged RW, unprivileged RO */
#define RASR_AP_RW          (3u << 24)                      /* full access */
#define RASR_XN             (1u << 28)
/* Memory granted to a task: Normal, inner and outer write-back with read
 * and write allocation (TEX 001, C, B), not shareable: what the default
 * memory map gives privileged code in SRAM, so a task's data is cached
 * the same on a Cortex-M7 whether it runs privileged or in a domain (a
 * shareable region is not cached by the M7's data cache). Processors
 * without a cache (the M4) ignore the attributes. A board's DMA buffers,
 * which must not be cached, are the board's own region above 7
 * (docs/porting.md, "Caches and DMA"), and it takes precedence. */
#define RASR_SRAM           ((1u << 19) | (1u << 17) | (1u << 16))   /* TEX=1, C, B */
#define RASR_DEVICE         ((1u << 18) | (1u << 16))       /* S, B: shared device */
#define RASR_SRD(mask)      ((uint32_t)(mask) << 8)
#define SHCSR_BUSFAULTENA   (1u << 17)
#define CFSR_BFARVALID      (1u << 15)
#define CFSR_LSPERR         (1u << 13)   /* BFSR: the lazy FP save's bus error */
#define SCB_BFAR   (*(volatile uint32_t *)0xE000ED38u)
#define FPCCR_THREAD        (1u << 3)    /* the lazily reserved FP area is a thread's */
/* A lazy FP save that faulted, on the MPU or the bus, and the address
 * flags it may have set: cleared together when a task's save is dropped. */
#define CFSR_LAZY_SAVE      (MMFSR_MLSPERR | CFSR_LSPERR)
#define CFSR_LAZY_CLEAR     (CFSR_LAZY_SAVE | MMFSR_MMARVALID | CFSR_BFARVALID)

#define REGION_ISTACK_GUARD 6

#if defined(__ARM_ARCH_8M_MAIN__)   /* pmsav8.h: through port_impl.h */
#define REGION_STACK        4
#define GUARD_BITS          (PMSAV8_RBAR_AP_PRO | PMSAV8_RBAR_XN | PMSAV8_RBAR_SH_NONE)

_Static_assert(VOS__MPU_GUARD_REGION == 5, "the switch loads regions 4 and 5");
_Static_assert(VOS_CFG_STACK_GUARD % PMSAV8_GRANULE == 0 && VOS_CFG_STACK_GUARD > 0,
               "a PMSAv8 guard is whole 32-byte granules");
#else
static inline uint32_t guard_rbar(const vos_task_t *t)
{
    return (uint32_t)(uintptr_t)t->stack_base;
}
#define GUARD_RASR (RASR_ENABLE | RASR_SIZE(__builtin_ctz(VOS_CFG_STACK_GUARD)) | \
                    RASR_AP_NONE | RASR_XN | RASR_SRAM)

_Static_assert(VOS__MPU_GUARD_REGION == 7, "the switch loads region 7");
#endif

extern uint32_t _smain_stack[];   /* the board's linker script */

void arch_mpu_start(void);
uint32_t arch_mpu_task_fault(void);
uint32_t arch_mpu_task_abandon(const vos_task_t *t);
void BusFault_Handler(void);
void UsageFault_Handler(void);

/* The domain whose regions 0..3 are loaded (the switch compares). */
const vos_domain_t *arch_mpu_domain;

#if defined(__ARM_ARCH_8M_MAIN__)
/* PMSAv8: any range of whole 32-byte granules is exactly one region; the
 * region number n is RNR's at load time, so only its range is checked
 * (the same eight the PMSAv7 port numbers). Attributes as on PMSAv7:
 * SRAM or device memory (MAIR index), read-only or read/write for every
 * privilege, executable only when EXEC is asked without WRITE or DEVICE. */
int arch_mpu_region(uintptr_t base, size_t size, unsigned access, unsigned n, uint32_t out[2])
{
    uint32_t bits = (access & VOS_MEM_WRITE) ? PMSAV8_RBAR_AP_RW : PMSAV8_RBAR_AP_RO;
    if (!(access & VOS_MEM_EXEC) || (access & (VOS_MEM_WRITE | VOS_MEM_DEVICE)))
        bits |= PMSAV8_RBAR_XN;
    uint32_t attr = (access & VOS_MEM_DEVICE) ? PMSAV8_ATTR_DEVICE : PMSAV8_ATTR_SRAM;
    if (n > 7 || !pmsav8_encode((uint32_t)base, (uint32_t)size, bits | PMSAV8_RBAR_SH_NONE, attr,
                                out))
        return VOS_ERR_LAYOUT;
    return VOS_OK;
}

/* Region 4 is encoded here, not taken from stack_region (the kernel's
 * encoding of the whole stack, which vos_task_create_in has checked): on
 * PMSAv8 it must leave the guard out, or every access to the guard, which
 * region 5 covers too, would fault as an overlap. */
void arch_mpu_task_init(vos_task_t *t, const uint32_t *stack_region)
{
    uint32_t base = (uint32_t)(uintptr_t)t->stack_base;
    t->mpu[0] = 0;                /* region 4: none for a privileged task */
    t->mpu[1] = 0;
    if (stack_region != NULL) {
        (void)pmsav8_encode(base + VOS_CFG_STACK_GUARD,
                            (uint32_t)t->stack_size - VOS_CFG_STACK_GUARD,
                            PMSAV8_RBAR_AP_RW | PMSAV8_RBAR_XN | PMSAV8_RBAR_SH_NONE,
                            PMSAV8_ATTR_SRAM, &t->mpu[0]);
        /* The initial frame's LR (arch_stack_init: above the 9 saved
         * words, r0..r3, r12): an unprivileged return from the entry. */
        uint32_t *frame = (uint32_t *)t->sp + 9;
        frame[5] = (uint32_t)(uintptr_t)vos__u_task_return;
    }
    (void)pmsav8_encode(base, VOS_CFG_STACK_GUARD, GUARD_BITS, PMSAV8_ATTR_SRAM, &t->mpu[2]);
}
#else
int arch_mpu_region(uintptr_t base, size_t size, unsigned access, unsigned n, uint32_t out[2])
{
    uint32_t attr = (access & VOS_MEM_DEVICE) ? RASR_DEVICE : RASR_SRAM;
    attr |= (access & VOS_MEM_WRITE) ? RASR_AP_RW : RASR_AP_RO;
    if (!(access & VOS_MEM_EXEC) || (access & (VOS_MEM_WRITE | VOS_MEM_DEVICE)))
        attr |= RASR_XN;
    if (n > 7 || size < 32 || base + size - 1 < base)
        return VOS_ERR_LAYOUT;
    /* One block: a power of two aligned to itself. */
    if ((size & (size - 1)) == 0 && (base & (size - 1)) == 0) {
        out[0] = (uint32_t)base | 0x10u | n;
        out[1] = RASR_ENABLE | RASR_SIZE(__builtin_ctzl(size)) | attr;
        return VOS_OK;
    }
    /* Whole eighths (subregions) of the smallest block of 256 bytes or
     * more that holds it. */
    for (uint64_t block = 256; block <= (1ull << 32); block <<= 1) {
        uint64_t sub = block / 8;
        if ((base % sub) != 0 || (size % sub) != 0)
            return VOS_ERR_LAYOUT;      /* larger blocks have larger eighths */
        uint64_t start = (uint64_t)base & ~(block - 1);
        if ((uint64_t)base + size - start > block)
            continue;
        unsigned first = (unsigned)(((uint64_t)base - start) / sub);
        unsigned count = (unsigned)(size / sub);
        unsigned on = ((1u << count) - 1u) << first;
        out[0] = (uint32_t)start | 0x10u | n;
        out[1] = RASR_ENABLE | RASR_SIZE(__builtin_ctzll(block)) | RASR_SRD(~on & 0xFFu) | attr;
        return VOS_OK;
    }
    return VOS_ERR_LAYOUT;
}



void arch_mpu_task_init(vos_task_t *t, const uint32_t *stack_region)
{
    t->mpu[0] = 0x10u | 4u;       /* region 4: none for a privileged task */
    t->mpu[1] = 0;
    if (stack_region != NULL) {
        t->mpu[0] = stack_region[0];
        t->mpu[1] = stack_region[1];
        /* The initial frame's LR (arch_stack_init: above the 9 saved
         * words, r0..r3, r12): an unprivileged return from the entry. */
        uint32_t *frame = (uint32_t *)t->sp + 9;
        frame[5] = (uint32_t)(uintptr_t)vos__u_task_return;
    }
    t->mpu[2] = guard_rbar(t) | 0x10u | VOS__MPU_GUARD_REGION;
    t->mpu[3] = GUARD_RASR;
}
#endif /* PMSAv8 / PMSAv7 */
void arch_mpu_fatal_fault(void) __attribute__((noreturn));
void MemManage_Handler(void);

/* "why at 0x........" into a static buffer, for arch_halt. */
static const char *with_address(const char *why, uint32_t addr)
{
    static char line[64];
    size_t n = 0;
    while (*why != '\0' && n < sizeof line - 15)
        line[n++] = *why++;
    const char *at = " at 0x";
    while (*at != '\0')
        line[n++] = *at++;
    for (int i = 0; i < 8; i++)
        line[n++] = "0123456789abcdef"[(addr >> (28 - 4 * i)) & 0xFu];
    line[n] = '\0';
    return line;
}


/* From arch_start, before the first task runs: both guards, MemManage on,
 * then the MPU. Halts if the processor has no 8-region MPU or the main
 * stack is not aligned for its guard. */
#if defined(__ARM_ARCH_8M_MAIN__)
void arch_mpu_start(void)
{
    if (((MPU_TYPE >> 8) & 0xFFu) < 8)
        arch_halt("VOS_CFG_MPU: this processor has no 8-region MPU");
    uint32_t istack[2];
    if (!pmsav8_encode((uint32_t)(uintptr_t)_smain_stack, VOS_CFG_STACK_GUARD, GUARD_BITS,
                       PMSAV8_ATTR_SRAM, istack))
        arch_halt("VOS_CFG_MPU: _smain_stack is not a multiple of 32");
    MPU_CTRL = 0;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    MPU_MAIR0 = PMSAV8_MAIR0;
    MPU_RNR = REGION_ISTACK_GUARD;
    MPU_RBAR = istack[0];
    MPU_RLAR = istack[1];
    const vos_task_t *t = vos__cur;
    arch_mpu_domain = t->domain;
    for (unsigned i = 0; i < VOS_DOMAIN_REGIONS; i++) {
        MPU_RNR = i;
        MPU_RBAR = t->domain->mpu[2 * i];
        MPU_RLAR = t->domain->mpu[2 * i + 1];
    }
    MPU_RNR = REGION_STACK;
    MPU_RBAR = t->mpu[0];
    MPU_RLAR = t->mpu[1];
    MPU_RNR = VOS__MPU_GUARD_REGION;
    MPU_RBAR = t->mpu[2];
    MPU_RLAR = t->mpu[3];
    SCB_SHCSR |= SHCSR_MEMFAULTENA | SHCSR_BUSFAULTENA | SHCSR_USGFAULTENA;
    MPU_CTRL = MPU_CTRL_ENABLE | MPU_CTRL_PRIVDEFENA;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
}
#else
void arch_mpu_start(void)
{
    if (((MPU_TYPE >> 8) & 0xFFu) < 8)
        arch_halt("VOS_CFG_MPU: this processor has no 8-region MPU");
    if (((uintptr_t)_smain_stack & (VOS_CFG_STACK_GUARD - 1)) != 0)
        arch_halt("VOS_CFG_MPU: _smain_stack is not aligned to VOS_CFG_STACK_GUARD");
    MPU_CTRL = 0;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    MPU_RNR = REGION_ISTACK_GUARD;
    MPU_RBAR = (uint32_t)(uintptr_t)_smain_stack;
    MPU_RASR = GUARD_RASR;
    const vos_task_t *t = vos__cur;
    arch_mpu_domain = t->domain;
    for (unsigned i = 0; i < VOS_DOMAIN_REGIONS; i++) {
        MPU_RBAR = t->domain->mpu[2 * i];
        MPU_RASR = t->domain->mpu[2 * i + 1];
    }
    MPU_RBAR = t->mpu[0];
    MPU_RASR = t->mpu[1];
    MPU_RBAR = t->mpu[2];
    MPU_RASR = t->mpu[3];
    SCB_SHCSR |= SHCSR_MEMFAULTENA | SHCSR_BUSFAULTENA | SHCSR_USGFAULTENA;
    MPU_CTRL = MPU_CTRL_ENABLE | MPU_CTRL_PRIVDEFENA;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
}
#endif /* PMSAv8 / PMSAv7 */

/* arch_fault_abandon (port_private.h) for the switch (switch.S) and the
 * syscall entry (syscall.c); see also arch_mpu_task_fault. */
uint32_t arch_mpu_task_abandon(const vos_task_t *t)
{
    return arch_fault_abandon(t);
}

/* MemManage, BusFault or UsageFault from a task with no kernel lock held
 * (MemManage_Handler). Stops the running task and requests the switch
 * (taken when this handler returns, before anything is unstacked);
 * returns the process stack pointer to return with
 * (arch_mpu_task_abandon). A fault on the task's guard, or in the stacking of an
 * exception's frame (the stack pointer in the guard or anywhere the task
 * may not write), is a stack overflow (vos_hook_stack_overflow, with t->sp
 * the process stack pointer the fault's entry left: the report's address,
 * in or next to the guard; the switch then saves the dead context over
 * it); any other a fault (vos_hook_fault).
 *
 * A stacking fault leaves the exception whose frame it was pending: an
 * SVC (whose handler would then read a frame above the dead stack and
 * halt the kernel), or a fault of the task's own (reported a second
 * time). Both belong to the stopped task, which never runs again, so the
 * pending exceptions a task raises itself are cleared whenever one is
 * stopped here; and a task already stopped (a pending fault taken first
 * on some processor) is not reported again. */
uint32_t arch_mpu_task_fault(void)
{
    vos_task_t *t = vos__cur;
    uint32_t cfsr = SCB_CFSR;
    uint32_t addr = SCB_MMFAR;
    uint32_t baddr = SCB_BFAR;
    uint32_t base = (uint32_t)(uintptr_t)t->stack_base;
    SCB_CFSR = cfsr;                       /* write one to clear */
    uint32_t psp = arch_mpu_task_abandon(t);
    bool mem = (cfsr & CFSR_MMFSR) != 0;
    bool stacking = (cfsr & (MMFSR_MSTKERR | MMFSR_MUNSTKERR | MMFSR_MLSPERR)) != 0;
    bool valid = (cfsr & MMFSR_MMARVALID) != 0;
    if (t->state == VOS_TASK_FAULTED) {
        /* stopped and reported already */
    } else if (mem && (stacking || (valid && addr - base < VOS_CFG_STACK_GUARD))) {
        uint32_t fault_psp;   /* as the fault's entry left it (abandon does not move it) */
        __asm__ volatile("mrs %0, psp" : "=r"(fault_psp));
        t->sp = (void *)(uintptr_t)fault_psp;   /* the report: where it got to */
        vos__stack_fault(t);
    } else {
        vos_fault_t f = { .status = cfsr };
        if (mem) {
            f.kind = VOS_FAULT_MEMORY;
            f.addr = valid ? addr : 0;
        } else if (cfsr & 0xFF00u) {
            f.kind = VOS_FAULT_BUS;
            f.addr = (cfsr & CFSR_BFARVALID) ? baddr : 0;
        } else {
            f.kind = VOS_FAULT_USAGE;
        }
        vos__task_fault(t, &f);
    }
    arch_switch();
    return psp;
}

/* MemManage on the main stack or under the kernel lock: halt. Runs on a
 * fresh main stack (MemManage_Handler reset it: the one the fault left
 * may be the guard itself). */
void arch_mpu_fatal_fault(void)
{
    uint32_t cfsr = SCB_CFSR;
    uint32_t addr = SCB_MMFAR;
    uint32_t base = (uint32_t)(uintptr_t)_smain_stack;
    bool valid = (cfsr & MMFSR_MMARVALID) != 0;
    if ((cfsr & MMFSR_MSTKERR) != 0 || (valid && addr - base < VOS_CFG_STACK_GUARD))
        arch_halt(with_address("interrupt stack overflow", valid ? addr : base));
    if (valid && vos__cur != NULL &&
        addr - (uint32_t)(uintptr_t)vos__cur->stack_base < VOS_CFG_STACK_GUARD)
        arch_halt(with_address("task stack overflow under the kernel lock", addr));
    arch_halt(with_address((cfsr & 0xFFFF0000u) ? "usage fault" : (cfsr & 0xFF00u) ? "bus fault"
                                                                             : "memory fault",
                           valid ? addr : 0));
}

/* EXC_RETURN bit 2 set: the fault interrupted thread code on the process
 * stack, a task. With BASEPRI clear it held no kernel lock (a task can
 * hold it only by masking through arch_lock, which sets BASEPRI), so the
 * kernel's structures are whole and the task alone can be stopped.
 *
 * Otherwise, one fault is still the task's: an interrupt handler's first
 * FP instruction makes the lazy save of the interrupted task's s0-s15 and
 * FPSCR into the FP area its exception frame reserved (FPCCR.THREAD), and
 * that save faults (MLSPERR, or LSPERR on the bus) when the task had
 * pointed its stack pointer where it may not write: above its stack's top,
 * into memory it may only read. Any handler may do that, not only one
 * that computes in floating point: for the Cortex-M7's FPv5-D16 the
 * compiler moves 64-bit values through the D registers, in the kernel's
 * own interrupt paths too. Halting there would let a task of a domain
 * stop the system. The save is dropped instead (LSPACT cleared: the
 * task's FP registers are lost with it), the handler's instruction runs
 * again when this returns, and the switch is requested: it runs before
 * the task could, finds the task's frame outside its stack (a save that
 * faults never fits in the stack's own region) and stops it, reported as
 * a stack overflow, as when no handler used the FP unit (switch.S). Nothing
 * of the kernel is touched here, so the handler may hold the kernel lock. */
__attribute__((naked)) void MemManage_Handler(void)
{
    __asm__ volatile(
        "tst   lr, #4                 \n\t"
        "beq   1f                     \n\t"
        "mrs   r0, basepri            \n\t"
        "cbnz  r0, 1f                 \n\t"
        "push  {r4, lr}               \n\t"
        "bl    arch_mpu_task_fault    \n\t"
        "msr   psp, r0                \n\t"
        "pop   {r4, pc}               \n\t"   /* exception return: to the switch */
        "1:                           \n\t"
        "ldr   r0, =%c[cfsr]          \n\t"   /* r0 = &CFSR */
        "ldr   r1, [r0]               \n\t"   /* r1 = CFSR */
        "ldr   r2, =%c[lazy]          \n\t"
        "tst   r1, r2                 \n\t"
        "beq   2f                     \n\t"   /* not a lazy FP save: fatal */
        "ldr   r2, =%c[fpccr]         \n\t"   /* r2 = &FPCCR */
        "ldr   r3, [r2]               \n\t"
        "tst   r3, %[thread]          \n\t"
        "beq   2f                     \n\t"   /* a handler's own FP area: fatal */
        "bic   r3, r3, %[lspact]      \n\t"
        "str   r3, [r2]               \n\t"   /* the task's lazy save dropped */
        "ldr   r2, =%c[clear]         \n\t"
        "ands  r1, r1, r2             \n\t"
        "str   r1, [r0]               \n\t"   /* its flags cleared (write one to clear) */
        "ldr   r0, =%c[icsr]          \n\t"
        "mov   r1, %[pendsv]          \n\t"
        "str   r1, [r0]               \n\t"   /* the switch, which stops the task */
        "bx    lr                     \n\t"   /* back to the handler's FP instruction */
        "2:                           \n\t"
        "ldr   r0, =0xE000ED08        \n\t"   /* VTOR */
        "ldr   r0, [r0]               \n\t"
        "ldr   r0, [r0]               \n\t"   /* the initial main stack pointer */
        "msr   msp, r0                \n\t"
        "b     arch_mpu_fatal_fault   \n\t"
        ".ltorg                       \n\t"
        :
        : [cfsr] "i"(&SCB_CFSR), [lazy] "i"(CFSR_LAZY_SAVE), [fpccr] "i"(&FPU_FPCCR),
          [thread] "i"(FPCCR_THREAD), [lspact] "i"(FPCCR_LSPACT),
          [clear] "i"(CFSR_LAZY_CLEAR), [icsr] "i"(&ARCH_SCB_ICSR),
          [pendsv] "i"(ARCH_ICSR_PENDSVSET));
}

/* Bus and usage faults take the same path (the C side reads CFSR). */
__attribute__((naked)) void BusFault_Handler(void)
{
    __asm__ volatile("b MemManage_Handler");
}

#if !defined(__ARM_ARCH_8M_MAIN__)   /* Armv8-M: stklim.c's, which comes here */
__attribute__((naked)) void UsageFault_Handler(void)
{
    __asm__ volatile("b MemManage_Handler");
}
#endif

#else
typedef int arch_no_mpu;   /* an empty translation unit is not ISO C */
#endif /* VOS_CFG_MPU */
