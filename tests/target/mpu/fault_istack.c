/* SPDX-License-Identifier: MIT */
/*
 * The interrupt stack's guard (VOS_CFG_MPU), for tools/mpu_run.py: an
 * interrupt handler whose 3.5 KB local array is larger than the usable
 * main stack (4 KB less the 1 KB guard) writes its first byte into the
 * guard at the main stack's bottom; the system halts at once with
 * "interrupt stack overflow at <address>" (boards/common/fault.c prints
 * the halt).
 */
#include "vaios/vaios.h"
#include "board.h"

extern uint32_t _smain_stack[];

static vos_task_t task;
static uint64_t stack[(1024 + VOS_CFG_STACK_GUARD) / 8] __attribute__((aligned(VOS_STACK_ALIGN)));

/* A deliberate overflow: exempt from the MPU build's refusal of frames
 * larger than the guard (CMakeLists.txt, VAIOS_MPU). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wframe-larger-than="
static __attribute__((noinline)) void deep(void)
{
    volatile uint8_t buf[3584];
    for (unsigned i = 0; i < sizeof buf; i++)
        buf[i] = 0x5A;
    (void)buf[0];
}
#pragma GCC diagnostic pop

static void handler(void)
{
    deep();
    board_printf("fault_istack: survived\n");
    board_exit(0);
}

static void pender(void *arg)
{
    (void)arg;
    board_printf("fault_istack: guard 0x%08x..0x%08x\n", (unsigned)(uintptr_t)_smain_stack,
                 (unsigned)((uintptr_t)_smain_stack + VOS_CFG_STACK_GUARD));
    board_swi_init(0, 0x80, handler);
    board_swi_pend(0);
    for (;;)
        vos_sleep(vos_ms(1));
}

int main(void)
{
    if (vos_task_create(&task, "pender", pender, NULL, 1, stack, sizeof stack) != VOS_OK)
        return 2;
    vos_start();
    return 3;
}
