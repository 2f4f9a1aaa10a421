/* SPDX-License-Identifier: MIT */
/*
 * The benchmark's OS adaptation layer: the only way the metric code
 * reaches a kernel. Porting the harness to another kernel means writing
 * bench/os/<kernel>/osal_impl.h (and, if needed, a .c beside it) with:
 *
 *   types    os_task_t os_sem_t os_mutex_t os_queue_t os_heap_t
 *   tasks    os_task_create(t, name, fn, arg, prio, stack, size)  prio: higher = more urgent
 *            os_task_exit() os_task_done(t) os_yield() os_suspend_self()
 *            os_resume(t) os_resume_isr(t) os_prio(t) os_set_prio(t, p)
 *   time     os_now() os_sleep(d) os_sleep_until(t) os_ms(n) os_us(n)   (time-base cycles)
 *   sem      os_sem_init(s, init, max) os_sem_give(s) os_sem_give_isr(s)
 *            os_sem_take(s) (forever) os_sem_trytake(s)
 *   mutex    os_mutex_init(m) os_mutex_lock(m) os_mutex_unlock(m)  (priority inheritance)
 *   queue    os_queue_init(q, buf, item_size, n) os_queue_send(q, p) os_queue_send_isr(q, p)
 *            os_queue_recv(q, p)
 *   heap     os_heap_init(h, mem, size) os_malloc(h, n) os_free(h, p)
 *   OSAL_NAME, OSAL_PRIO_MAX, OSAL_HAS_QUEUE
 *   optional, with OSAL_HAS_TIMER: os_timer_t os_timer_fn_t(tm, arg)
 *            os_timer_init(tm, fn, arg, isr) os_timer_start(tm, first, period)
 *            os_timer_start_at(tm, at, period) os_timer_stop(tm) os_timer_delete(tm)
 *            os_timer_service(prio, stack, size)   (the service task of task timers)
 *            os_timer_service_end()   (ends it: its stack is free again)
 *   optional, with OSAL_HAS_SCHED_LOCK: os_sched_lock() os_sched_unlock()
 *
 * Keep the wrappers inline: whatever they add lands inside the measured
 * windows. The board interface (boards/include/board.h) gives the counter
 * (board_cycles), the console and the interrupt sources.
 */
#ifndef BENCH_OSAL_H
#define BENCH_OSAL_H

#include <stdint.h>
#include <stdbool.h>
#include "osal_impl.h"
#include "board.h"

#endif /* BENCH_OSAL_H */
