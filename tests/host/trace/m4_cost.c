/* SPDX-License-Identifier: MIT */
/*
 * Cost of recording one trace event on the emulated board (run by
 * measure_m4.sh; not part of the host tests). With QEMU's -icount shift=0
 * one instruction is one cycle of TIM2, so the figures are instruction
 * counts: the whole hook as a kernel call site pays it (argument packing,
 * call, lock, arch_now(), slot, four stores), minus the cost of reading
 * the counter twice, measured the same way.
 */
#include "vaios/vaios.h"
#include "board.h"
#include "trace_hooks.h"   /* the kernel's own hooks (kernel/) */

int main(void);

static volatile uint32_t obj;

static uint32_t empty_window(void)
{
    uint32_t best = UINT32_MAX;
    for (int i = 0; i < 1000; i++) {
        uint32_t t0 = board_cycles();
        uint32_t t1 = board_cycles();
        if (t1 - t0 < best)
            best = t1 - t0;
    }
    return best;
}

int main(void)
{
    const uint32_t n = 3u * VOS_CFG_TRACE_RECORDS;   /* wraps the ring twice */
    uint32_t empty = empty_window(), first = 0, min = UINT32_MAX, max = 0, stopped = UINT32_MAX;

    for (uint32_t i = 0; i < n; i++) {
        uint32_t t0 = board_cycles();
        VOS_TRACE_MUTEX_LOCK(&obj, VOS_OK, &obj);
        uint32_t d = board_cycles() - t0 - empty;
        if (i == 0)
            first = d;          /* the first event also fills in the header */
        else {
            if (d < min)
                min = d;
            if (d > max)
                max = d;
        }
    }
    vos_trace_stop();
    for (int i = 0; i < 100; i++) {
        uint32_t t0 = board_cycles();
        VOS_TRACE_MARKER(1, 2);
        uint32_t d = board_cycles() - t0 - empty;
        if (d < stopped)
            stopped = d;
    }
    board_printf("trace_event: %u %s per event (min over %u, ring wrapped), max %u, "
                 "first event %u, recording stopped %u; counter read pair %u subtracted\n",
                 (unsigned)min, board_cycle_unit, (unsigned)(n - 1), (unsigned)max,
                 (unsigned)first, (unsigned)stopped, (unsigned)empty);
    board_exit(0);
}
