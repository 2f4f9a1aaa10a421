/* SPDX-License-Identifier: MIT */
/*
 * The kernel structure layout that a port's assembly reads, and the
 * constants it shares with the kernel: one definition of each. Included by
 * the ports' assembly (arch/cortex-m/switch.S) and by the kernel, which
 * checks every offset against the C structures with
 * _Static_assert(offsetof(...)) (kernel/port_api.h), so a field moved in C
 * fails the build instead of the switch.
 *
 * Plain preprocessor constants only: this header must stay valid as
 * assembler input. Offsets are in bytes; a pointer is __SIZEOF_POINTER__
 * bytes (4 on the target, 8 on the 64-bit host).
 */
#ifndef VAIOS_PORT_OFFSETS_H
#define VAIOS_PORT_OFFSETS_H

#include "vaios/config.h"

#define VOS__PTR_SIZE     __SIZEOF_POINTER__

/* struct vos_task (include/vaios/task.h): the type tag first, like every
 * kernel object (kobj.h), then the two words the switch reads. */
#define VOS__TASK_TAG     0
#define VOS__TASK_SP      VOS__PTR_SIZE           /* saved stack pointer */
#define VOS__TASK_GUARD   (2 * VOS__PTR_SIZE)     /* address of the topmost guard word */

#if VOS_CFG_MPU   /* then, the MPU's words (32-bit only: the host refuses VOS_CFG_MPU) */
#define VOS__TASK_DOMAIN  (3 * VOS__PTR_SIZE)     /* struct vos_domain * */
#define VOS__TASK_MPU     (4 * VOS__PTR_SIZE)     /* RBAR, RASR of regions 4 and 7 */
#define VOS__TASK_CONTROL (VOS__TASK_MPU + 16)    /* CONTROL of the task */
#define VOS__DOMAIN_MPU   4                       /* vos_domain_t: RBAR, RASR of regions 0..3 */
#define VOS__TASK_STACK_BASE 104                  /* lowest address of its stack */
#define VOS__TASK_STACK_SIZE 108                  /* its size: the top is base + size */
#elif __SIZEOF_POINTER__ == 4   /* without the MPU's words (the target only) */
#define VOS__TASK_STACK_BASE 80                   /* lowest address of its stack */
#define VOS__TASK_STACK_SIZE 84                   /* its size: the top is base + size */
#endif

/* struct vos__sched, the scheduler block vos__s (kernel/port_api.h). */
#define VOS__SCHED_READY  0                                   /* ready[] heads */
#define VOS__SCHED_CUR    (VOS__PTR_SIZE * VOS_CFG_PRIO_LEVELS) /* running task */
#define VOS__SCHED_MAP    (VOS__SCHED_CUR + VOS__PTR_SIZE)      /* ready bitmap */
#define VOS__SCHED_PREEMPT (VOS__SCHED_MAP + 4)    /* 0: not started or locked */

/* The pick (kernel/port_api.h, vos__pick_inline: the head of the highest
 * non-empty level, ready[31 - clz(ready_map)]) as the switch computes it:
 * the word index from the block's base is VOS__PICK_INDEX - clz(map). The
 * kernel checks this constant against its rule at compile time. */
#define VOS__PICK_INDEX   (31 + VOS__SCHED_READY / 4)

/* The pattern of a task's stack guard (kernel/task.c writes it, the
 * switch checks the topmost word); a Thumb-2 immediate. */
#define VOS__GUARD_WORD   0xA5A5A5A5

/* With VOS_CFG_MPU: the MPU's region base address register (PMSAv7), its
 * VALID bit (the write selects the region in bits 3..0) and the region
 * the switch loads with the incoming task's stack guard (arch/cortex-m/
 * mpu.c owns the region map). PMSAv8 (Armv8-M mainline) has no VALID
 * field: the switch selects the first region of a run by writing the
 * region number register, RNR (the word below RBAR), and reaches the next
 * three through RBAR's aliases; the guard is then region 5, after the
 * stack's region 4. */
#define VOS__MPU_RBAR          0xE000ED9C
#define VOS__MPU_RBAR_VALID    0x10
#if defined(__ARM_ARCH_8M_MAIN__)
#define VOS__MPU_RNR           0xE000ED98
#define VOS__MPU_STACK_REGION  4
#define VOS__MPU_GUARD_REGION  5
#else
#define VOS__MPU_GUARD_REGION  7
#endif

#endif /* VAIOS_PORT_OFFSETS_H */
