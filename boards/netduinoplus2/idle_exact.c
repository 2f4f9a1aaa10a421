/* SPDX-License-Identifier: MIT */
/*
 * The idle body of the emulated board's benchmark and test images: it
 * spins instead of waiting in WFI, and replaces the port's weak
 * arch_idle() (the minimal application and the real boards keep WFI).
 *
 * Why (docs/benchmark.md, "The instrument"): under -icount sleep=off QEMU
 * skips the idle time after a WFI to the next timer event, and that skip
 * sometimes lands late by the number of instructions between the guest's
 * last device access and the WFI (the skip is computed from a clock that
 * another emulator thread has not brought up to date yet): a race in the
 * emulator, which makes any window that spans a WFI vary between runs. A
 * spinning idle is preempted at the exact instruction at which the timer
 * is due, so every run gives the same figures.
 *
 * The body is a block of NOPs so that the emulator runs many idle
 * instructions per translated block: an idle second costs a fraction of
 * a second to emulate rather than seconds. Interrupts are taken at the
 * exact instruction either way (icount ends a block at the timer's due
 * time), and exception entry costs no instructions, so where in the block
 * an interrupt lands changes nothing that is measured.
 *
 * Thread mode, the idle task only (port contract, arch/port.h).
 */
#include "port.h"

/* Read by the benchmark for its configuration line (weak reference in
 * bench/main.c: an image without this file waits in WFI). */
extern const char vb_idle_mode[];
const char vb_idle_mode[] = "spin: a NOP loop instead of WFI (boards/netduinoplus2/idle_exact.c)";

void arch_idle(void)
{
    __asm__ volatile(".rept 64\n\tnop\n\t.endr" ::: "memory");
}
