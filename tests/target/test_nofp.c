/* SPDX-License-Identifier: MIT */
/*
 * Kernel calls leave a task without an FP context. A task that never
 * computes in floating point starts with CONTROL.FPCA clear; the kernel's
 * C must not set it behind the task's back (a 64-bit move through a d
 * register is enough), or the task pays a 26-word exception frame and
 * s16-s31 saved and restored at every switch from then on. The library
 * is built with -mgeneral-regs-only for that (CMakeLists.txt); this suite
 * is built the same way, so that only the kernel can set the bit.
 *
 * Each probe makes kernel calls from a fresh task, then reads CONTROL.
 */
#include "vtest.h"

#include <vaios/heap.h>
#include <vaios/pool.h>
#include <vaios/timer.h>

#define CONTROL_FPCA (1u << 2) /* CONTROL bit 2: the thread has an FP context */

static uint32_t control(void)
{
    uint32_t v;
    __asm__ volatile("mrs %0, control" : "=r"(v)); /* read CONTROL */
    return v;
}

/* Index of the first probe after which FPCA was set, or -1; and whether
 * every call returned what it should. */
static volatile int first_fp = -1;
static volatile int probes_done, call_errors;

static void probe(int step, int rc)
{
    if (rc != VOS_OK)
        call_errors++;
    if (first_fp < 0 && (control() & CONTROL_FPCA) != 0u)
        first_fp = step;
    probes_done = step + 1;
}

static uint64_t svc_stack[1024 / 8];
static vos_sem_t sem;
static vos_mutex_t mtx;
static vos_queue_t q;
static uint32_t q_buf[4];
static vos_event_t ev;
static vos_timer_t tm;
static uint64_t heap_mem[1024 / 8];
static vos_heap_t heap;
static uint64_t pool_mem[8 * 32 / 8];
static vos_pool_t pool;

static void tick_cb(vos_timer_t *t, void *arg)
{
    (void)t;
    (void)arg;
}

static void calls_task(void *arg)
{
    (void)arg;
    int s = 0;
    uint32_t item = 7, got;
    uint32_t bits;
    void *p;
    vos_time_t now;

    probe(s++, (control() & CONTROL_FPCA) == 0u ? VOS_OK : -1); /* a fresh task */
    probe(s++, vos_sleep(vos_us(50)));
    probe(s++, vos_sleep_until(vos_time_add(vos_now(), vos_us(50))));
    probe(s++, vos_sem_init(&sem, 0, 4));
    probe(s++, vos_sem_give(&sem));
    probe(s++, vos_sem_take(&sem, vos_us(100)));
    probe(s++, vos_sem_take(&sem, vos_us(20)) == VOS_ERR_TIMEOUT ? VOS_OK : -1);
    probe(s++, vos_mutex_init(&mtx));
    probe(s++, vos_mutex_lock(&mtx, vos_ms(1)));
    probe(s++, vos_mutex_unlock(&mtx));
    probe(s++, vos_queue_init(&q, q_buf, sizeof item, 4));
    probe(s++, vos_queue_send(&q, &item, vos_ms(1)));
    probe(s++, vos_queue_recv(&q, &got, vos_ms(1)));
    probe(s++, vos_event_init(&ev, 0u));
    probe(s++, vos_event_set(&ev, 3u));
    probe(s++, vos_event_wait(&ev, 1u, VOS_EVENT_ANY, vos_ms(1), &bits));
    probe(s++, vos_timer_init(&tm, "nofp", tick_cb, NULL, 0));
    probe(s++, vos_timer_start(&tm, vos_us(200), vos_us(300)));
    probe(s++, vos_sleep(vos_ms(1)));
    probe(s++, vos_timer_stop(&tm));
    probe(s++, vos_timer_delete(&tm));
    probe(s++, vos_heap_init(&heap, heap_mem, sizeof heap_mem));
    probe(s++, vos_heap_alloc(&heap, 40, &p));
    probe(s++, vos_heap_free(&heap, p));
    probe(s++, vos_heap_alloc_aligned(&heap, 40, 64, &p));
    probe(s++, vos_heap_free(&heap, p));
    probe(s++, vos_pool_init(&pool, pool_mem, 32, 8));
    probe(s++, vos_pool_alloc(&pool, &p));
    probe(s++, vos_pool_free(&pool, p));
    now = vos_now();
    probe(s++, now != 0u ? VOS_OK : -1);
    probe(s++, vos_yield());
}

VT_TEST(kernel_calls_leave_a_task_without_fp_context)
{
    VT_EQ(vos_timer_service_start(VT_RUNNER_PRIO + 2, svc_stack, sizeof svc_stack), VOS_OK);
    vt_spawn(0, "nofp", calls_task, NULL, VT_RUNNER_PRIO - 1);
    vt_join(1, 200);
    VT_EQ(probes_done, 31);
    VT_EQ(call_errors, 0);
    VT_EQ(first_fp, -1); /* else: the probe index after which FPCA was set */
}
