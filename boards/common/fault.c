/* SPDX-License-Identifier: MIT */
/*
 * What the STM32F4 boards do when something goes wrong: an unexpected
 * exception, a hard fault (reported with the faulting PC and the fault
 * status and address registers), or the kernel halting. Each prints one
 * line on the console and ends the run with its own exit status.
 */
#include <stdint.h>
#include "board.h"
#include "nvic.h"
#include "stm32f4_vectors.h"
#include "vaios/vaios.h"

#define EXIT_UNEXPECTED_EXCEPTION 3
#define EXIT_HARD_FAULT           4
#define EXIT_KERNEL_HALT          5

/* Handlers a board or an application may define; unexpected otherwise.
 * Every device line of the board's list is one (stm32f4_vectors.h). */
#define WEAK_DEFAULT __attribute__((weak, alias("Default_Handler")))
void NMI_Handler(void) WEAK_DEFAULT;
void MemManage_Handler(void) WEAK_DEFAULT;
void BusFault_Handler(void) WEAK_DEFAULT;
void UsageFault_Handler(void) WEAK_DEFAULT;
void DebugMon_Handler(void) WEAK_DEFAULT;
void SysTick_Handler(void) WEAK_DEFAULT;
#define WEAK_LINE(n, name) void name##_IRQHandler(void) WEAK_DEFAULT;
BOARD_IRQS(WEAK_LINE, BOARD_IRQ_SKIP)

/* The names of the lines, in order, each ended by a NUL, "" for a reserved
 * position: what Default_Handler tells the user to define. One string, no
 * pointer table, in every image (its cost is in footprint_minimal_text). */
#define LINE_NAME(n, name) #name "\0"
#define RESERVED_NAME(n)   "\0"
static const char line_names[] = BOARD_IRQS(LINE_NAME, RESERVED_NAME);

/* One field of a report: label, then v in hex. Hand-made: a fault report
 * must not pull printf into every image (the minimal image's footprint
 * budget would show it). */
static void put_field(const char *label, uint32_t v)
{
    char buf[11];
    buf[0] = '0';                   /* no initialiser: it would call memcpy */
    buf[1] = 'x';
    for (int i = 0; i < 8; i++)
        buf[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xF];
    buf[10] = 0;
    board_console_write(label);
    board_console_write(buf);
}

/* An exception or interrupt nobody handles: a core exception prints its
 * number; a device line prints its IRQ number and the handler name that
 * would serve it ("!! unexpected interrupt: IRQ 6, define EXTI0_IRQHandler"),
 * or that its position is reserved. Then the run ends. */
void Default_Handler(void)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    ipsr &= 0x1FFu;
    if (ipsr < 16) {
        put_field("\n!! unexpected exception ", ipsr);
    } else {
        uint32_t irq = ipsr - 16;
        char num[4], *digit = &num[3];
        *digit = 0;
        for (uint32_t v = irq; digit == &num[3] || v != 0; v /= 10)
            *--digit = (char)('0' + v % 10);
        board_console_write("\n!! unexpected interrupt: IRQ ");
        board_console_write(digit);
        const char *name = line_names;
        for (uint32_t i = 0; i < irq && i < IRQ_COUNT; i++)
            while (*name++ != 0) {}
        if (irq < IRQ_COUNT && *name != 0) {
            board_console_write(", define ");
            board_console_write(name);
            board_console_write("_IRQHandler");
        } else {
            board_console_write(" (a reserved position)");
        }
    }
    board_console_write("\n");
    board_exit(EXIT_UNEXPECTED_EXCEPTION);
}

/* Report where the fault happened: the stacked PC and LR of the faulting
 * code, and the fault status and address registers. With
 * VOS_CFG_FAULT_RECORD the report is then saved as the fault record and
 * the system reset (the next boot prints it); else the run ends. Runs on the main
 * stack, which the fault did not touch. The frame is read only when the
 * processor could stack (or unstack) it, as CFSR says: a task whose stack
 * ran out faults while stacking, and its frame pointer then points below
 * its stack, possibly outside any memory, where a read would fault again
 * inside this handler and lock the processor up before the report is out.
 * The line then carries the stack pointer ("sp=... unstacked") in place of
 * pc and lr. */
#if VOS_CFG_FAULT_RECORD
/* The report as a fault record (vaios/fault.h), for the next boot. The
 * task is the running one when the fault interrupted thread code on the
 * process stack (EXC_RETURN bit 2) after vos_start; the kernel reads the
 * frame and the words above it only inside that task's stack. */
static void save_record(uint32_t *frame, uint32_t exc_return, uint32_t cfsr)
{
    vos_fault_record_t r = {
        .kind = VOS_FAULT_HARD,
        .flags = (cfsr & CFSR_FRAME_ERRORS) == 0 ? VOS_FAULT_REC_FRAME : 0,
        .addr = (cfsr & CFSR_BFARVALID) ? REG32(SCB_BFAR)
              : (cfsr & CFSR_MMARVALID) ? REG32(SCB_MMFAR) : 0,
        .cfsr = cfsr,
        .hfsr = REG32(SCB_HFSR),
        .exc_return = exc_return,
        .sp = (uintptr_t)frame,
    };
    (void)vos_fault_record_save(&r, (exc_return & 4u) != 0 ? vos_self() : NULL);
}
#endif

void hardfault_report(uint32_t *frame, uint32_t exc_return);
void hardfault_report(uint32_t *frame, uint32_t exc_return)
{
    uint32_t cfsr = REG32(SCB_CFSR);
    if ((cfsr & CFSR_FRAME_ERRORS) == 0) {
        put_field("\n!! hard fault: pc=", frame[6]);
        put_field(" lr=", frame[5]);
    } else {
        put_field("\n!! hard fault: sp=", (uint32_t)frame);
        board_console_write(" unstacked");
    }
    put_field(" exc_return=", exc_return);
    put_field(" hfsr=", REG32(SCB_HFSR));
    put_field(" cfsr=", cfsr);
    put_field(" mmfar=", REG32(SCB_MMFAR));
    put_field(" bfar=", REG32(SCB_BFAR));
    board_console_write("\n");
#if VOS_CFG_FAULT_RECORD
    save_record(frame, exc_return, cfsr);
    board_reset();
#else
    board_exit(EXIT_HARD_FAULT);
#endif
}

__attribute__((naked)) void HardFault_Handler(void)
{
    __asm__ volatile(
        "tst   lr, #4          \n\t"  /* which stack holds the frame */
        "ite   eq              \n\t"
        "mrseq r0, msp         \n\t"
        "mrsne r0, psp         \n\t"
        "mov   r1, lr          \n\t"
        "b     hardfault_report\n\t");
}

/* The default report of a task stopped for a stack overflow (the kernel
 * calls it, if linked, from its fault path: kernel/task.c): one line, the
 * task's name, where its stack pointer got to (below its stack when a
 * frame larger than the guard jumped it) and its stack's lowest address.
 * Weak: an application's own hook replaces it. The system goes on. */
__attribute__((weak)) void vos_hook_stack_overflow(vos_task_t *t)
{
    board_console_write("\n!! stack overflow: task ");
    board_console_write(t->name);
    put_field(" sp=", (uint32_t)(uintptr_t)t->sp);
    put_field(" stack=", (uint32_t)(uintptr_t)t->stack_base);
    board_console_write("\n");
}

void vos_hook_halt(const char *why)
{
    board_console_write("\n!! kernel halt: ");
    board_console_write(why);
    board_console_write("\n");
    board_exit(EXIT_KERNEL_HALT);
}
