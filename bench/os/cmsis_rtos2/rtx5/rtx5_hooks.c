/* SPDX-License-Identifier: MIT */
/*
 * RTX5's error hook for the harness's run (compiled into the firmware's
 * executable by the README's CMakeLists.txt, so that it replaces the weak
 * default of RTX's RTX_Config.c, which spins for ever): a kernel error
 * (stack overflow, ISR post FIFO overflow, ...) ends the run with a
 * '!! rtx5' line and exit status 7, so no figure is taken from a kernel
 * that lost an event. Called by RTX in the context that met the error.
 */
#include <stdint.h>
#include "rtx_os.h"
#include "board.h"

uint32_t osRtxErrorNotify(uint32_t code, void *object_id)
{
    board_printf("!! rtx5: osRtxErrorNotify code=%lu object=%p\n", (unsigned long)code,
                 object_id);
    board_exit(7);
    return 0u;
}
