/* SPDX-License-Identifier: MIT */
/*
 * Host port: the user-space context switch (x86-64, System V ABI).
 *
 * void arch_host_swap(void **save_sp, void *load_sp)
 *   Saves the caller's callee-saved state on its own stack, stores the
 *   resulting stack pointer in *save_sp, loads load_sp and restores the
 *   state found there, then returns into that context. Frame, from the
 *   saved stack pointer up:
 *     +0  MXCSR (4 bytes), x87 control word (2 bytes), padding
 *     +8  r15, r14, r13, r12, rbx, rbp
 *     +56 return address
 *   A new task's frame (port.c: arch_stack_init) has the same shape with
 *   the return address arch_host_task_start and r12 = its host record.
 *
 * arch_host_task_start: first code of every task. Entered by the ret of
 *   arch_host_swap with the stack 16-byte aligned; calls
 *   arch_host_task_main(record), which never returns.
 */
#if defined(__x86_64__)

    .text
    .globl  arch_host_swap
    .type   arch_host_swap, @function
    .p2align 4
arch_host_swap:
    .cfi_startproc
    pushq   %rbp
    pushq   %rbx
    pushq   %r12
    pushq   %r13
    pushq   %r14
    pushq   %r15
    pushq   $0                  /* all 8 bytes defined (memcheck) */
    stmxcsr (%rsp)
    fnstcw  4(%rsp)
    movq    %rsp, (%rdi)
    movq    %rsi, %rsp
    ldmxcsr (%rsp)
    fldcw   4(%rsp)
    addq    $8, %rsp
    popq    %r15
    popq    %r14
    popq    %r13
    popq    %r12
    popq    %rbx
    popq    %rbp
    ret
    .cfi_endproc
    .size   arch_host_swap, .-arch_host_swap

    .globl  arch_host_task_start
    .type   arch_host_task_start, @function
    .p2align 4
arch_host_task_start:
    .cfi_startproc
    .cfi_undefined rip          /* outermost frame of the task */
    xorl    %ebp, %ebp
    movq    %r12, %rdi
    call    arch_host_task_main
    ud2
    .cfi_endproc
    .size   arch_host_task_start, .-arch_host_task_start

#else
#error "arch/host: the context switch exists for x86-64 only (see docs/host-port.md)"
#endif

    .section .note.GNU-stack, "", @progbits
