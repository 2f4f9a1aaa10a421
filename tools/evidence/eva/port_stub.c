/* SPDX-License-Identifier: MIT */
/*
 * The out-of-line half of the analysis port stub (port_impl.h): the time
 * base, the context and the board's calls, as arch/port.h states them.
 *  - arch_now is monotonic: each read is the last one plus any amount up
 *    to 2^32 cycles (so 64-bit time never wraps in the analysis, as it
 *    does not in 584 years at 1 GHz).
 *  - arch_stack_init returns a stack pointer inside the stack it is given.
 *  - arch_halt and arch_start do not return.
 */
#include "kernel.h"
#include "__fc_builtin.h"

uint32_t ev_lock_depth;
bool ev_switch_pending;
bool ev_in_isr;
volatile uint32_t arch_time_lo;
static uint64_t now;

void ev_run(void);

int ev_nondet(void)
{
    return Frama_C_interval(0, 1);
}

/* The switch: vos__s.cur becomes the pick, nothing else changes
 * (arch/port.h). The analysis has one stack: a task that blocks returns
 * from its call at once, as if woken, while its wait descriptor (on its
 * stack) may still be linked in the kernel's lists; EVA reports the reads
 * of those descriptors as escaping addresses (docs/evidence.md: the
 * first group of alarms, a limit of this analysis context, not of the
 * kernel). */
void ev_do_switch(void)
{
    ev_switch_pending = false;
    vos__s.cur = vos__pick();
}

void *arch_stack_init(uint8_t *top, void (*entry)(void *), void *arg)
{
    (void)entry;
    (void)arg;
    return top - 64;
}

void arch_start(void)
{
    ev_run();
    Frama_C_abort();
}

void arch_time_init(void) {}
void arch_task_end(struct vos_task *t) { (void)t; }

vos_time_t arch_now(void)
{
    now += Frama_C_unsigned_int_interval(0u, 0xFFFFFFFFu);
    arch_time_lo = (uint32_t)now;
    return now;
}

void arch_alarm_set(vos_time_t t) { (void)t; }
void arch_alarm_cancel(void) {}
uint32_t arch_cycles(void) { return (uint32_t)now; }
void arch_spin(uint32_t from, uint32_t n) { (void)from; (void)n; }
void arch_idle(void) {}
void arch_halt(const char *why)
{
    (void)why;
    Frama_C_abort();
}
