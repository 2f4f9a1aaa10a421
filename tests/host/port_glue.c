/* SPDX-License-Identifier: MIT */
/*
 * The three symbols behind the host port's inline functions
 * (arch/host/port_impl.h), for test programs that compile single kernel
 * modules (heap.c, pool.c) instead of linking the kernel and the host
 * port. The port header keeps these names and types for exactly this use.
 * Nothing here ever sets the port's pending bit, so arch_unlock() never
 * calls arch_host_switch().
 */
#include "port.h"

volatile uint32_t arch_host_lock_depth;
volatile bool arch_host_isr;

/* No tasks run in these tests: a switch request has no effect. */
void arch_host_switch(void)
{
}
