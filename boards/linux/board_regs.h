/* SPDX-License-Identifier: MIT */
/*
 * The Linux host as a benchmark "board": its time base and constants
 * (boards/include/board.h includes this file). There are no registers;
 * the time base is CLOCK_MONOTONIC read through the vDSO.
 *
 * board_cycles() counts nanoseconds of CLOCK_MONOTONIC, truncated to 32
 * bits: differences are exact for intervals below 4.29 s, and the low 32
 * bits of os_now() (bench/os/posix/osal_impl.h) are the same count, so a
 * release time computed with os_now() can be compared with it.
 */
#ifndef BOARD_REGS_H
#define BOARD_REGS_H

#include <stdint.h>
#include <time.h>

/* The time base runs at 1 GHz: one count per nanosecond. board.h defines
 * BOARD_CYCLES_HZ as this. */
#ifndef VOS_CFG_CLOCK_HZ
#define VOS_CFG_CLOCK_HZ 1000000000u
#endif

/* What the harness may use for its own buffers. The process has far more;
 * this only selects the large-board sizes in bench/core.h. */
#define BOARD_RAM_SIZE (256u * 1024u * 1024u)

/* Nanoseconds since boot, 64 bits. */
static inline uint64_t board_linux_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Raw time base for measurement windows: one vDSO clock read. */
static inline uint32_t board_cycles(void)
{
    return (uint32_t)board_linux_ns();
}

#endif /* BOARD_REGS_H */
