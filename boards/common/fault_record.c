/* SPDX-License-Identifier: MIT */
/*
 * The boards' side of the fault record (vaios/fault.h, VOS_CFG_FAULT_RECORD):
 * the system reset that follows a saved hard fault, and the start-up's
 * print of the record the last run left. Linked only into an image that
 * refers to them (the start-up and the hard-fault handler do with
 * VOS_CFG_FAULT_RECORD=1), so an image without the record pays nothing.
 */
#include <stdint.h>
#include "board.h"
#include "nvic.h"
#include "vaios/vaios.h"

/* The request takes effect after the write completes; the loop covers the
 * few cycles until the processor is reset. */
void board_reset(void)
{
    __asm__ volatile("dsb" ::: "memory");   /* every write before it done first */
    REG32(SCB_AIRCR) = AIRCR_VECTKEY | AIRCR_SYSRESETREQ;
    __asm__ volatile("dsb" ::: "memory");
    for (;;) {
    }
}

static const char *const kind_names[] = { "?", "memory", "bus", "usage", "hard" };

/* One line for the fault, one for the stacked registers (if the frame was
 * stacked), one for the top of the stack (if any word was read): the
 * format tools/test_fault.py reads. */
void board_fault_record_print(void)
{
    vos_fault_record_t r;
    int err = vos_fault_record_get(&r);
    if (err == VOS_ERR_NO_RECORD)
        return;
    if (err != VOS_OK) {
        board_printf("!! fault record: %s\n", vos_strerror(err));
        return;
    }
    board_printf("!! fault record: %s fault addr=0x%08lx cfsr=0x%08lx hfsr=0x%08lx sp=0x%08lx "
                 "task=%s domain=%s\n",
                 kind_names[r.kind <= VOS_FAULT_KIND_MAX ? r.kind : 0], (unsigned long)r.addr,
                 (unsigned long)r.cfsr, (unsigned long)r.hfsr, (unsigned long)r.sp,
                 (r.flags & VOS_FAULT_REC_TASK) ? r.task : "-",
                 r.domain[0] != '\0' ? r.domain : "-");
    if (r.flags & VOS_FAULT_REC_FRAME)
        board_printf("!! fault record: r0=0x%08lx r1=0x%08lx r2=0x%08lx r3=0x%08lx r12=0x%08lx "
                     "lr=0x%08lx pc=0x%08lx xpsr=0x%08lx\n",
                     (unsigned long)r.regs[VOS_FAULT_R0], (unsigned long)r.regs[VOS_FAULT_R1],
                     (unsigned long)r.regs[VOS_FAULT_R2], (unsigned long)r.regs[VOS_FAULT_R3],
                     (unsigned long)r.regs[VOS_FAULT_R12], (unsigned long)r.regs[VOS_FAULT_LR],
                     (unsigned long)r.regs[VOS_FAULT_PC], (unsigned long)r.regs[VOS_FAULT_XPSR]);
    if (r.nstack > 0) {
        board_printf("!! fault record: stack");
        for (uint32_t i = 0; i < r.nstack && i < VOS_FAULT_STACK_WORDS; i++)
            board_printf(" 0x%08lx", (unsigned long)r.stack[i]);
        board_printf("\n");
    }
}
