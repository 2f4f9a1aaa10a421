/* SPDX-License-Identifier: MIT */
/*
 * An application's own device interrupt handler, by its CMSIS-device name.
 *
 * EXTI0_IRQHandler below replaces the weak default of the board's vector
 * table (boards/include/stm32f4_vectors.h). The task enables line EXTI0 at
 * a kernel-level priority, pends it three times by software (the emulator
 * models no EXTI pin), and each time waits for the handler's semaphore:
 * the handler ran, in interrupt context, and its vos_sem_give_isr woke the
 * task. Prints "irq: PASS" and exits 0.
 *
 * Built with IRQ_TEST_MISSING, the task pends EXTI1, which nobody defines:
 * the board's default handler prints
 *   !! unexpected interrupt: IRQ 7, define EXTI1_IRQHandler
 * and ends the run with status 3.
 */
#include "vaios/vaios.h"
#include "board.h"
#include "nvic.h"
#include "stm32f4_vectors.h"

#define STACK_BYTES 1024
#define ROUNDS      3
#define LINE_PRIO   0x80u   /* numerically above VOS_CFG_KERNEL_IRQ_PRIO: may call the kernel */

static vos_task_t main_task;
static uint64_t main_stack[STACK_BYTES / 8];
static vos_sem_t fired;
static volatile uint32_t handler_runs;
static volatile uint32_t handler_ipsr;

void EXTI0_IRQHandler(void)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    handler_ipsr = ipsr;
    handler_runs++;
    if (vos_sem_give_isr(&fired) != VOS_OK)
        board_exit(10);
}

static void fail(const char *what)
{
    board_printf("irq: FAIL %s\n", what);
    board_exit(1);
}

static void run(void *arg)
{
    (void)arg;
#ifdef IRQ_TEST_MISSING
    nvic_set_priority(board_irq_at_EXTI1, LINE_PRIO);
    nvic_enable(board_irq_at_EXTI1);
    nvic_pend(board_irq_at_EXTI1);
    vos_sleep(vos_ms(1));
    fail("EXTI1 pended without a handler, and the run went on");
#else
    nvic_set_priority(board_irq_at_EXTI0, LINE_PRIO);
    nvic_enable(board_irq_at_EXTI0);
    if (vos_sem_take(&fired, vos_us(100)) != VOS_ERR_TIMEOUT)
        fail("the semaphore was given before the line was pended");
    for (uint32_t i = 1; i <= ROUNDS; i++) {
        nvic_pend(board_irq_at_EXTI0);
        if (vos_sem_take(&fired, vos_ms(10)) != VOS_OK)
            fail("no wake from EXTI0_IRQHandler");
        if (handler_runs != i)
            fail("the handler ran another number of times than pended");
    }
    board_printf("irq: EXTI0_IRQHandler ran %u times at exception %u (IRQ %u)\n",
                 (unsigned)handler_runs, (unsigned)handler_ipsr, (unsigned)handler_ipsr - 16u);
    if (handler_ipsr != 16u + board_irq_at_EXTI0)
        fail("the handler ran for another exception than EXTI0's");
    board_printf("irq: PASS\n");
    board_exit(0);
#endif
}

int main(void)
{
    if (vos_sem_init(&fired, 0, ROUNDS) != VOS_OK ||
        vos_task_create(&main_task, "main", run, NULL, 2, main_stack, sizeof main_stack) != VOS_OK)
        return 2;
    vos_start();
    return 3;
}
