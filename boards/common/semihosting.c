/* SPDX-License-Identifier: MIT */
/*
 * Console and exit through Arm semihosting (QEMU -semihosting-config
 * enable=on,target=native) for the emulated boards (netduinoplus2 and the
 * MPS2 boards): SYS_WRITE0 prints a string, SYS_EXIT_EXTENDED ends the
 * emulator with an exit status.
 */
#include <stdint.h>
#include "board.h"

#define SYS_WRITE0          0x04
#define SYS_EXIT_EXTENDED   0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026

static uintptr_t semihost(uintptr_t op, const void *arg)
{
    register uintptr_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

void board_console_write(const char *s)
{
    semihost(SYS_WRITE0, s);
}

void board_exit(int status)
{
    const uintptr_t block[2] = { ADP_STOPPED_APPLICATION_EXIT, (uintptr_t)status };
    for (;;)
        semihost(SYS_EXIT_EXTENDED, block);
}
