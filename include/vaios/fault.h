/* SPDX-License-Identifier: MIT */
/*
 * The fault record: what the last fatal fault left for the next boot
 * (docs/api.md, "The fault record").
 *
 * A fault handler (the boards' hard-fault handler, boards/common/fault.c,
 * with VOS_CFG_FAULT_RECORD=1) fills a vos_fault_record_t and seals it
 * with vos_fault_record_save: the kernel copies it, with a magic word and
 * a CRC-32, into a no-init RAM section (".noinit": neither loaded nor
 * cleared by the start-up, so a system reset leaves it as it was). At the
 * next boot the board's start-up prints it; the application reads it
 * with vos_fault_record_get and fetches and clears it with
 * vos_fault_record_take. A power-on leaves random RAM there, which fails
 * the magic (no record) or, very rarely, the checksum (VOS_ERR_CORRUPT).
 *
 * The store is in kernel/fault.c, linked only into an image that calls
 * one of these functions: an image that does not pays nothing for it.
 */
#ifndef VAIOS_FAULT_H
#define VAIOS_FAULT_H

#include <stdint.h>

struct vos_task;

/* What faulted (vos_fault_record_t.kind; vos_fault_t.kind of vaios/domain.h
 * uses the first three). */
#define VOS_FAULT_MEMORY 1        /* MemManage: an access the domain's regions deny */
#define VOS_FAULT_BUS    2        /* BusFault */
#define VOS_FAULT_USAGE  3        /* UsageFault: undefined instruction, bad state, ... */
#define VOS_FAULT_HARD   4        /* HardFault: any fault escalated (no MPU: every one) */
#define VOS_FAULT_KIND_MAX VOS_FAULT_HARD

/* vos_fault_record_t.flags */
#define VOS_FAULT_REC_FRAME 0x1u  /* regs[] hold the exception frame stacked at sp */
#define VOS_FAULT_REC_TASK  0x2u  /* a task faulted: task[] (and domain[]) name it */

#define VOS_FAULT_NAME_LEN    16  /* bytes of task[] and domain[], NUL included */
#define VOS_FAULT_STACK_WORDS 8   /* words of stack[] */

/* The stacked registers, in frame order (vos_fault_record_t.regs[]). */
enum { VOS_FAULT_R0, VOS_FAULT_R1, VOS_FAULT_R2, VOS_FAULT_R3, VOS_FAULT_R12,
       VOS_FAULT_LR, VOS_FAULT_PC, VOS_FAULT_XPSR, VOS_FAULT_REGS };

typedef struct vos_fault_record {
    uint32_t kind;                /* VOS_FAULT_* */
    uint32_t flags;               /* VOS_FAULT_REC_* */
    uint32_t addr;                /* the faulting address, 0 if the processor gave none */
    uint32_t cfsr;                /* configurable fault status (SCB CFSR) */
    uint32_t hfsr;                /* hard fault status (SCB HFSR) */
    uint32_t exc_return;          /* the handler's EXC_RETURN (which stack; bit 4 clear:
                                     an FPU frame); 0: not known, a basic frame */
    uintptr_t sp;                 /* the stack pointer the fault left: the frame's address */
    uint32_t regs[VOS_FAULT_REGS];   /* r0-r3, r12, lr, pc, xPSR as stacked (REC_FRAME) */
    uint32_t nstack;              /* how many words of stack[] are valid */
    uint32_t stack[VOS_FAULT_STACK_WORDS];   /* the top of the stack: the words just
                                     above the frame, inside the task's stack */
    char task[VOS_FAULT_NAME_LEN];   /* the faulting task's name, cut to fit; "" if none */
    char domain[VOS_FAULT_NAME_LEN]; /* its protection domain's ("" for the kernel's,
                                        and without VOS_CFG_MPU) */
} vos_fault_record_t;

/* Seal r as the record of a fault of task t (NULL: no task, main or an
 * interrupt handler) and store it over any earlier record. The kernel
 * fills task[], domain[] and REC_TASK from t; regs[] from sp when the
 * caller set REC_FRAME (the processor stacked the frame: the caller
 * checked CFSR's stacking bits), which for a task must then lie inside
 * its stack, else REC_FRAME is cleared; stack[] and nstack from the
 * words above the frame, up to VOS_FAULT_STACK_WORDS and never past the
 * top of t's stack (none without t or a frame). Every other field is the
 * caller's. r itself is not changed.
 * Context: any, a fault handler included (it takes no lock: a fault
 * handler runs above every kernel-level interrupt; from anywhere else a
 * second save at the same time may leave a record that fails its check).
 * Errors: VOS_ERR_INVALID (t not a task), VOS_ERR_ARG (r NULL, kind not
 * a VOS_FAULT_* kind, an unknown flag). */
int vos_fault_record_save(const vos_fault_record_t *r, const struct vos_task *t);

/* Copy the stored record into *out; it stays stored.
 * Context: any.
 * Errors: VOS_ERR_ARG (out NULL), VOS_ERR_NO_RECORD (none stored:
 * power-on, or taken), VOS_ERR_CORRUPT (a record whose checksum fails:
 * *out is not written). */
int vos_fault_record_get(vos_fault_record_t *out);

/* Fetch and clear: copy the stored record into *out and clear it. The
 * clear compares the store with what was copied first, so a record that
 * a fault handler saves while the copy runs stays stored (only the two
 * instructions of the compare and the clear are not covered). A corrupt
 * record is cleared too.
 * Context: any.
 * Errors: as vos_fault_record_get. */
int vos_fault_record_take(vos_fault_record_t *out);

#endif /* VAIOS_FAULT_H */
