/* SPDX-License-Identifier: MIT */
/*
 * The analysis context of Frama-C EVA over kernel/ (tools/evidence/run.py
 * eva; docs/evidence.md): a program that is not run but analysed. It
 * creates a set of objects, starts the kernel, and then, in an unbounded
 * loop, makes any public call from any context with any of the objects, a
 * NULL or a foreign object, and any timeout, while the port stub
 * (port_impl.h, port_stub.c) lets an alarm interrupt come between any two
 * calls and lets every store-conditional fail. EVA computes a superset of
 * every state this can reach, so an operation it proves free of run-time
 * error is free of it in every such sequence.
 *
 * What it does not cover: a task switch in the middle of a call other than
 * where the kernel itself switches (the port's switch changes vos__s.cur
 * only, at the release of the outermost lock: port.h), interrupts inside a
 * critical section (masked by contract), and interrupts inside the
 * lock-free fast paths, which the SPIN models cover (tools/evidence/spin).
 * With one stack, a call that blocks returns at once (port_stub.c,
 * ev_do_switch) and the next call runs as whichever task is then current:
 * a superset of the real orders, but one in which a blocked task's wait
 * descriptor outlives its frame (docs/evidence.md, "The groups", W).
 */
#include "kernel.h"
#include "vaios/vaios.h"
#include "__fc_builtin.h"

#define NTASKS 3
static vos_task_t tasks[NTASKS];
static uint64_t stacks[NTASKS][VOS_CFG_STACK_MIN / 8];
static vos_sem_t sem;
static vos_mutex_t mtx[2];
static vos_queue_t queue;
static uint32_t queue_buf[4];
static vos_event_t event;
static vos_heap_t heap;
static uint64_t heap_mem[64];
static vos_pool_t pool;
static uint64_t pool_mem[4 * 4];
static vos_timer_t timer;
static vos_chan_t chan;
static uint64_t svc_stack[VOS_CFG_STACK_MIN / 8];

/* Some bytes: the buffers the calls copy from and to. */
static uint8_t bytes_in[128], bytes_out[128];
static void *heap_blocks[4];
static void *pool_blocks[4];
static vos_msg_client_t client;

static void entry(void *arg) { (void)arg; }
static void timer_fn(vos_timer_t *tm, void *arg) { (void)tm; (void)arg; }

static vos_dur_t any_timeout(void)
{
    switch (Frama_C_interval(0, 2)) {
    case 0: return VOS_NO_WAIT;
    case 1: return VOS_FOREVER;
    default: return (vos_dur_t){ (uint64_t)Frama_C_unsigned_int_interval(1u, 4000000000u) };
    }
}

/* A task: one of ours, NULL, or a foreign object. */
static vos_task_t *any_task(void)
{
    switch (Frama_C_interval(0, 2)) {
    case 0: return &tasks[Frama_C_interval(0, NTASKS - 1)];
    case 1: return NULL;
    default: return (vos_task_t *)(void *)&sem;
    }
}
static vos_sem_t *any_sem(void)
{
    switch (Frama_C_interval(0, 2)) {
    case 0: return &sem;
    case 1: return NULL;
    default: return (vos_sem_t *)(void *)&mtx[0];
    }
}
static vos_mutex_t *any_mutex(void)
{
    switch (Frama_C_interval(0, 2)) {
    case 0: return &mtx[Frama_C_interval(0, 1)];
    case 1: return NULL;
    default: return (vos_mutex_t *)(void *)&sem;
    }
}
static vos_queue_t *any_queue(void)
{
    return Frama_C_interval(0, 1) ? &queue : (vos_queue_t *)(void *)&event;
}
static vos_event_t *any_event(void)
{
    return Frama_C_interval(0, 1) ? &event : (vos_event_t *)(void *)&queue;
}
static vos_chan_t *any_chan(void)
{
    return Frama_C_interval(0, 1) ? &chan : (vos_chan_t *)(void *)&sem;
}
static size_t any_len(void)
{
    return Frama_C_size_t_interval(0, sizeof bytes_in);
}

/* The calls an interrupt handler may make. */
static void isr_calls(void)
{
    ev_in_isr = true;
    uint32_t bits = Frama_C_unsigned_int_interval(0u, 0xFFFFFFFFu);
    switch (Frama_C_interval(0, 9)) {
    case 0: vos__alarm_isr(); break;
    case 1: (void)vos_sem_give_isr(any_sem()); break;
    case 2: (void)vos_sem_take_isr(any_sem()); break;
    case 3: (void)vos_queue_send_isr(any_queue(), bytes_in); break;
    case 4: (void)vos_queue_recv_isr(any_queue(), bytes_out); break;
    case 5: (void)vos_event_set_isr(any_event(), bits); break;
    case 6: (void)vos_notify_give_isr(any_task()); break;
    case 7: (void)vos_notify_set_isr(any_task(), bits); break;
    case 8: (void)vos_task_resume_isr(any_task()); break;
    case 9: (void)vos_msg_signal_isr(any_chan(), bits); break;
    default: break;
    }
    ev_in_isr = false;
    if (ev_switch_pending && ev_lock_depth == 0u)
        ev_do_switch();     /* the handler returns: the switch it asked for */
}

/* Any call the running task may make. */
static void task_calls(void)
{
    uint32_t bits = Frama_C_unsigned_int_interval(0u, 0xFFFFFFFFu);
    uint32_t got;
    int i = Frama_C_interval(0, 3);
    switch (Frama_C_interval(0, 48)) {
    case 0: (void)vos_sem_give(any_sem()); break;
    case 1: (void)vos_sem_take(any_sem(), any_timeout()); break;
    case 2: (void)vos_sem_count(any_sem()); break;
    case 3: (void)vos_sem_delete(any_sem()); break;
    case 4: (void)vos_sem_init(&sem, Frama_C_unsigned_int_interval(0u, 4u),
                               Frama_C_unsigned_int_interval(0u, 4u)); break;
    case 5: (void)vos_mutex_lock(any_mutex(), any_timeout()); break;
    case 6: (void)vos_mutex_unlock(any_mutex()); break;
    case 7: (void)vos_mutex_delete(any_mutex()); break;
    case 8: (void)vos_mutex_init_ceiling(&mtx[1], Frama_C_unsigned_int_interval(0u, 40u)); break;
    case 9: { vos_task_t *o; (void)vos_mutex_owner(any_mutex(), &o); break; }
    case 10: (void)vos_queue_send(any_queue(), bytes_in, any_timeout()); break;
    case 11: (void)vos_queue_send_front(any_queue(), bytes_in, any_timeout()); break;
    case 12: (void)vos_queue_recv(any_queue(), bytes_out, any_timeout()); break;
    case 13: (void)vos_queue_count(any_queue()); break;
    case 14: (void)vos_queue_delete(any_queue()); break;
    case 15: (void)vos_event_set(any_event(), bits); break;
    case 16: (void)vos_event_clear(any_event(), bits); break;
    case 17: (void)vos_event_wait(any_event(), bits, Frama_C_unsigned_int_interval(0u, 3u),
                                  any_timeout(), &got); break;
    case 18: (void)vos_event_get(any_event(), &got); break;
    case 19: (void)vos_notify_give(any_task()); break;
    case 20: (void)vos_notify_set(any_task(), bits); break;
    case 21: (void)vos_notify_take(Frama_C_interval(0, 1), any_timeout(), &got); break;
    case 22: (void)vos_notify_wait(bits, bits, any_timeout(), &got); break;
    case 23: (void)vos_task_suspend(any_task()); break;
    case 24: (void)vos_task_resume(any_task()); break;
    case 25: (void)vos_task_set_priority(any_task(), Frama_C_unsigned_int_interval(0u, 40u)); break;
    case 26: (void)vos_task_terminate(any_task()); break;
    case 27: (void)vos_task_abort_wait(any_task()); break;
    case 28: (void)vos_task_join(any_task(), any_timeout()); break;
    case 29: (void)vos_task_state(any_task()); break;
    case 30: { size_t hw; (void)vos_task_stack_high_water(any_task(), &hw); break; }
    case 31: (void)vos_yield(); break;
    case 32: (void)vos_sleep(any_timeout()); break;
    case 33: (void)vos_sleep_until(arch_now() + Frama_C_unsigned_int_interval(0u, 100000u)); break;
    case 34: (void)vos_sched_lock(); break;
    case 35: (void)vos_sched_unlock(); break;
    case 36: (void)vos_heap_alloc(&heap, Frama_C_size_t_interval(0u, 600u), &heap_blocks[i]); break;
    case 37: (void)vos_heap_alloc_aligned(&heap, Frama_C_size_t_interval(0u, 600u),
                                          (size_t)1 << Frama_C_interval(0, 9), &heap_blocks[i]); break;
    case 38: (void)vos_heap_free(&heap, heap_blocks[i]); heap_blocks[i] = NULL; break;
    case 39: (void)vos_heap_check(&heap); break;
    case 40: (void)vos_pool_alloc(&pool, &pool_blocks[i]); break;
    case 41: (void)vos_pool_free(&pool, pool_blocks[i]); pool_blocks[i] = NULL; break;
    case 42: (void)vos_timer_start(&timer, any_timeout(), any_timeout()); break;
    case 43: (void)vos_timer_stop(&timer); break;
    case 44: (void)vos_msg_send(any_chan(), bytes_in, any_len(), bytes_out, any_len(), any_timeout()); break;
    case 45: (void)vos_msg_receive(any_chan(), bytes_out, any_len(), &client, any_timeout()); break;
    case 46: (void)vos_msg_reply(&client, bytes_in, any_len(), Frama_C_interval(-100, 100)); break;
    case 47: (void)vos_msg_signal(any_chan(), bits); break;
    default: (void)vos_task_create(&tasks[Frama_C_interval(0, NTASKS - 1)], "t", entry, NULL,
                                   Frama_C_unsigned_int_interval(0u, 40u),
                                   stacks[0], sizeof stacks[0]); break;
    }
}

/* The running system: arch_start (port_stub.c) lands here. */
void ev_run(void)
{
    while (Frama_C_interval(0, 1)) {
        if (Frama_C_interval(0, 1))
            isr_calls();
        else
            task_calls();
    }
}

int main(void)
{
    for (int i = 0; i < NTASKS; i++)
        (void)vos_task_create(&tasks[i], "t", entry, NULL, (unsigned)(i + 1), stacks[i], sizeof stacks[i]);
    (void)vos_sem_init(&sem, 1u, 4u);
    (void)vos_mutex_init(&mtx[0]);
    (void)vos_mutex_init_ceiling(&mtx[1], 5u);
    (void)vos_queue_init(&queue, queue_buf, sizeof queue_buf[0], 4u);
    (void)vos_event_init(&event, 0u);
    (void)vos_heap_init(&heap, heap_mem, sizeof heap_mem);
    (void)vos_pool_init(&pool, pool_mem, 32u, 4u);
    (void)vos_timer_init(&timer, "tm", timer_fn, NULL, Frama_C_unsigned_int_interval(0u, 1u));
    (void)vos_timer_service_start(4u, svc_stack, sizeof svc_stack);
    (void)vos_chan_init(&chan);
    (void)vos_start();
    return 0;
}
