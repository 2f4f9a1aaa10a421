/* SPDX-License-Identifier: MIT */
/*
 * The idle body of this emulated board's benchmark and test images: a
 * block of NOPs instead of WFI, replacing the port's weak arch_idle(), for
 * the reason boards/netduinoplus2/idle_exact.c gives (a WFI under
 * -icount sleep=off may wake late by a race inside the emulator; a spin is
 * preempted at the instruction its timer is due).
 *
 * Thread mode, the idle task only (port contract, arch/port.h).
 */
#include "port.h"

extern const char vb_idle_mode[];
const char vb_idle_mode[] = "spin: a NOP loop instead of WFI (boards/mps2_an505/idle_exact.c)";

void arch_idle(void)
{
    __asm__ volatile(".rept 64\n\tnop\n\t.endr" ::: "memory");
}
