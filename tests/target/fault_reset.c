/* SPDX-License-Identifier: MIT */
/*
 * The fault record across a system reset (VOS_CFG_FAULT_RECORD=1), for
 * tools/test_fault.py:
 *
 *   first boot   no record: a task pushes four marker words, loads four
 *                more into r0-r3 and executes an undefined instruction
 *                (fault_insn). The board's hard-fault handler prints its
 *                report, saves the record and resets the system.
 *   second boot  the start-up has printed the record; main takes it
 *                (vos_fault_record_take) and checks every field it can
 *                know: kind, flags, task name, no domain, the stacked
 *                r0-r3 and pc, the four words above the frame, sp inside
 *                the task's stack; then that the take cleared it. Exit 0
 *                when all hold, 1 otherwise.
 *
 * A word of its own in the no-init section counts the boots, so that a
 * reset that lost the record ends the run (exit 1) instead of faulting
 * again forever.
 */
#include <string.h>
#include "vaios/vaios.h"
#include "board.h"

#define BOOT_MAGIC 0x424f4f54u          /* "BOOT" */
#define R_MARK(i)  (0xA0A0A0A0u + (i))   /* r0..r3 at the fault */
#define S_MARK(i)  (0x5E5E5E50u + (i))   /* the words pushed just before it */

static struct {
    uint32_t magic, count;
} boots __attribute__((section(".noinit")));

static vos_task_t task;
static uint64_t stack[1024 / 8];

/* r4-r7 pushed (S_MARK(0) at the lowest address, nearest the frame),
 * r0-r3 loaded, then the undefined instruction. */
static __attribute__((naked, noinline)) void fault_now(void)
{
    __asm__ volatile(
        "ldr  r4, =0x5E5E5E50 \n\t"
        "ldr  r5, =0x5E5E5E51 \n\t"
        "ldr  r6, =0x5E5E5E52 \n\t"
        "ldr  r7, =0x5E5E5E53 \n\t"
        "push {r4-r7}         \n\t"
        "ldr  r0, =0xA0A0A0A0 \n\t"
        "ldr  r1, =0xA0A0A0A1 \n\t"
        "ldr  r2, =0xA0A0A0A2 \n\t"
        "ldr  r3, =0xA0A0A0A3 \n\t"
        ".global fault_insn   \n"
        "fault_insn:          \n\t"
        "udf  #0              \n\t"
        ".ltorg               \n\t");
}

static void victim(void *arg)
{
    (void)arg;
    board_printf("fault: first boot, faulting\n");
    fault_now();
    board_printf("fault: survived\n");
    board_exit(1);
}

static int fails;

static void expect(int ok, const char *what)
{
    if (!ok) {
        board_printf("fault: FAIL %s\n", what);
        fails++;
    }
}

static int second_boot(const vos_fault_record_t *r)
{
    extern const char fault_insn[];
    uint32_t lo = (uint32_t)(uintptr_t)stack, hi = lo + sizeof stack;
    board_printf("fault: second boot, record of task %s pc=0x%08lx\n", r->task,
                 (unsigned long)r->regs[VOS_FAULT_PC]);
    expect(r->kind == VOS_FAULT_HARD, "kind");
    expect(r->flags == (VOS_FAULT_REC_FRAME | VOS_FAULT_REC_TASK), "flags");
    expect(strcmp(r->task, "victim") == 0, "task name");
    expect(r->domain[0] == '\0', "domain (the kernel's)");
    expect(r->regs[VOS_FAULT_PC] == ((uint32_t)(uintptr_t)fault_insn & ~1u), "stacked pc");
    for (uint32_t i = 0; i < 4; i++)
        expect(r->regs[VOS_FAULT_R0 + i] == R_MARK(i), "stacked r0-r3");
    /* Every word between the (basic, unaligned) frame and the top of the
     * task's stack, at most VOS_FAULT_STACK_WORDS of them. */
    uint32_t left = (hi - (r->sp + 32u)) / 4u;
    expect((r->regs[VOS_FAULT_XPSR] & 0x200u) == 0, "xpsr: no alignment word");
    expect(left >= 4 && r->nstack == (left < VOS_FAULT_STACK_WORDS ? left : VOS_FAULT_STACK_WORDS),
           "stack words");
    for (uint32_t i = 0; i < 4; i++)
        expect(r->stack[i] == S_MARK(i), "words above the frame");
    expect(r->sp >= lo && r->sp < hi, "sp in the task's stack");
    expect((r->hfsr & (1u << 30)) != 0, "hfsr FORCED");
    expect((r->cfsr & (1u << 16)) != 0, "cfsr UNDEFINSTR");
    vos_fault_record_t again;
    expect(vos_fault_record_take(&again) == VOS_ERR_NO_RECORD, "take cleared it");
    expect(vos_fault_record_get(&again) == VOS_ERR_NO_RECORD, "get after take");
    expect(vos_fault_record_take(NULL) == VOS_ERR_ARG, "take(NULL)");
    board_printf("fault: record %s\n", fails == 0 ? "checked" : "wrong");
    return fails == 0 ? 0 : 1;
}

int main(void)
{
    vos_fault_record_t r;
    int err = vos_fault_record_take(&r);
    if (boots.magic != BOOT_MAGIC) {
        boots.magic = BOOT_MAGIC;
        boots.count = 0;
    }
    boots.count++;
    if (err == VOS_OK) {
        boots.magic = 0;
        return second_boot(&r);
    }
    if (boots.count > 1) {
        board_printf("fault: boot %lu found no record (%s)\n", (unsigned long)boots.count,
                     vos_strerror(err));
        boots.magic = 0;
        return 1;
    }
    if (vos_task_create(&task, "victim", victim, NULL, 1, stack, sizeof stack) != VOS_OK)
        return 2;
    vos_start();
    return 3;
}
