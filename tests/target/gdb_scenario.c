/* SPDX-License-Identifier: MIT */
/*
 * The scenario of the debugger test (tools/gdb/test_gdb.py): several tasks
 * blocked in different waits, then a stop at vos_gdb_checkpoint() where
 * gdb reads the kernel's state through tools/gdb/vaios.py.
 *
 * Before the stop the image prints what it knows through the kernel's own
 * API, one "@GDB" line per task and object; the test compares gdb's tables
 * with those lines, so neither side hard-codes a figure. The waits are on
 * objects that nothing ever releases and timeouts far beyond the run, so
 * the state at the checkpoint does not depend on timing.
 *
 * Run alone (no debugger), the image checks its own expectations and exits
 * 0 after the checkpoint.
 */
#include "board.h"
#include "kernel.h"
#include "vaios/vaios.h"
#include "os2_vaios.h"

#define STACK 1024
#define LONG_WAIT vos_ms(60000)   /* far beyond the run: never expires */

static vos_task_t t_sem, t_owner, t_mutex, t_send, t_recv, t_sleep, t_event, t_notify,
    t_fpu, t_susp, t_check;
static uint64_t s_sem[STACK / 8], s_owner[STACK / 8], s_mutex[STACK / 8], s_send[STACK / 8],
    s_recv[STACK / 8], s_sleep[STACK / 8], s_event[STACK / 8], s_notify[STACK / 8],
    s_fpu[STACK / 8], s_susp[STACK / 8], s_check[2 * STACK / 8];

static vos_sem_t sem_never, sem_fpu;
static vos_mutex_t mtx;
static vos_queue_t q_full, q_empty;
static uint32_t q_full_buf[3], q_empty_buf[2];
static vos_event_t ev;
static vos_heap_t heap;

/* The CMSIS layer's heap, in memory this image gives it (the layer keeps
 * its control block at the start): reachable only through the layer's
 * pointer to it, which `vaios heap` must follow. */
static uint64_t cmsis_area[4096 / 8];

static osMessageQueueId_t cq_empty;

/* A CMSIS thread that waits for a message nobody sends. */
static void cq_reader(void *arg)
{
    (void)arg;
    uint64_t m;
    osMessageQueueGet(cq_empty, &m, NULL, osWaitForever);
}

void vos_cmsis_heap_area(void **mem, size_t *size)
{
    *mem = cmsis_area;
    *size = sizeof cmsis_area;
}
static uint64_t heap_mem[4096 / 8];

#if __has_include("vaios/timer.h")
/* Software timers, when the kernel has them: one armed far beyond the run
 * (an interrupt-context callback that never runs), one stopped. */
#include "vaios/timer.h"
#define HAVE_TIMERS 1
static vos_timer_t tms[2];
static void timer_fn(vos_timer_t *tm, void *arg)
{
    (void)tm;
    (void)arg;
}
#endif

volatile float fpu_result;
static volatile int failures;

/* The debugger's breakpoint. noinline and an asm barrier so that the call
 * stays a call at -O2. */
void vos_gdb_checkpoint(void);
__attribute__((noinline)) void vos_gdb_checkpoint(void)
{
    __asm__ volatile("" ::: "memory");
}

/* A few frames of its own before blocking, so that the backtrace of a
 * switched-out task has a known caller chain. */
__attribute__((noinline)) static void sem_wait_deep(int depth)
{
    if (depth > 0) {
        sem_wait_deep(depth - 1);
        __asm__ volatile("" ::: "memory");   /* not a tail call */
        return;
    }
    vos_sem_take(&sem_never, VOS_FOREVER);
}

static void sem_entry(void *arg)
{
    (void)arg;
    sem_wait_deep(2);
    __asm__ volatile("" ::: "memory");   /* not a tail call */
}

static void owner_entry(void *arg)
{
    (void)arg;
    /* Created above every other task so that it locks first, then down to
     * its own priority (the mutex task's wait boosts it again). */
    vos_mutex_lock(&mtx, VOS_FOREVER);
    vos_task_set_priority(NULL, 3);
    uint32_t v;
    vos_queue_recv(&q_empty, &v, LONG_WAIT);   /* holds mtx while it waits */
}

static void mutex_entry(void *arg)
{
    (void)arg;
    vos_mutex_lock(&mtx, VOS_FOREVER);          /* boosts t_owner */
}

static void send_entry(void *arg)
{
    (void)arg;
    uint32_t v = 0;
    while (vos_queue_send(&q_full, &v, VOS_NO_WAIT) == VOS_OK)
        v++;
    vos_queue_send(&q_full, &v, LONG_WAIT);     /* full: waits as a sender */
}

static void recv_entry(void *arg)
{
    (void)arg;
    uint32_t v;
    vos_queue_recv(&q_empty, &v, VOS_FOREVER);
}

static void sleep_entry(void *arg)
{
    (void)arg;
    vos_sleep(LONG_WAIT);
}

static void event_entry(void *arg)
{
    (void)arg;
    uint32_t got;
    vos_event_wait(&ev, 0x5u, VOS_EVENT_ALL, LONG_WAIT, &got);
}

static void notify_entry(void *arg)
{
    (void)arg;
    uint32_t v;
    vos_notify_take(true, VOS_FOREVER, &v);
}

static void fpu_entry(void *arg)
{
    (void)arg;
    /* Live floating-point values across the wait: the task is switched
     * out with an FP context (the extended exception frame). */
    float a = 1.5f + (float)(uintptr_t)arg, b = a * 3.25f;
    vos_sem_take(&sem_fpu, VOS_FOREVER);
    fpu_result = a + b;
}

static void susp_entry(void *arg)
{
    (void)arg;
    vos_task_suspend(NULL);
}

static const char *state_name(int s)
{
    switch (s) {
    case VOS_TASK_READY: return "ready";
    case VOS_TASK_BLOCKED: return "blocked";
    case VOS_TASK_SUSPENDED: return "suspended";
    case VOS_TASK_EXITED: return "exited";
    case VOS_TASK_FAULTED: return "faulted";
    default: return "?";
    }
}

static void expect(bool ok, const char *what)
{
    if (!ok) {
        board_printf("FAIL %s\n", what);
        failures++;
    }
}

/* One line per task: what the kernel's API says about it. wait= is the
 * object kind and its variable name, or delay/notify; deadline= the
 * absolute time the wait ends (the kernel's own field). */
static void print_task(vos_task_t *t, const char *wait, bool timed)
{
    size_t unused = 0;
    expect(vos_task_stack_unused(t, &unused) == VOS_OK, "stack_unused of a live task");
    expect((t->deadline != 0) == timed, "deadline set exactly for a timed wait");
    board_printf("@GDB task name=%s state=%s prio=%d base=%d wait=%s stack_size=%u unused=%d",
                 t->name, state_name(vos_task_state(t)), vos_task_priority(t),
                 vos_task_base_priority(t), wait, (unsigned)t->stack_size, (int)unused);
    if (timed)
        board_printf(" deadline=%x%08x\n", (unsigned)(t->deadline >> 32), (unsigned)t->deadline);
    else
        board_printf(" deadline=forever\n");
}

static void check_entry(void *arg)
{
    (void)arg;
    /* Every other task has a higher priority and has run until it blocked. */
    expect(vos_task_state(&t_sem) == VOS_TASK_BLOCKED, "sem task blocked");
    expect(vos_task_priority(&t_owner) == (int)t_mutex.prio, "owner boosted");
    expect(vos_task_state(&t_susp) == VOS_TASK_SUSPENDED, "suspended task");
    expect(vos_queue_count(&q_full) == 3, "queue full");

    void *blk[3];
    int r0 = vos_heap_init(&heap, heap_mem, sizeof heap_mem);
    int ra = vos_heap_alloc(&heap, 100, &blk[0]);
    ra |= vos_heap_alloc(&heap, 200, &blk[1]);
    ra |= vos_heap_alloc(&heap, 300, &blk[2]);
    vos_heap_free(&heap, blk[1]);        /* a hole between two used blocks */
    expect(r0 == VOS_OK && ra == VOS_OK && blk[0] && blk[2], "heap");
    vos_heap_stats_t hs;
    vos_heap_stats(&heap, &hs);
    /* Two CMSIS objects from the layer's heap, the first freed again. */
    osSemaphoreId_t s1 = osSemaphoreNew(1, 0, NULL);
    osMutexId_t m1 = osMutexNew(NULL);
    expect(s1 != NULL && m1 != NULL && osSemaphoreDelete(s1) == osOK, "cmsis objects");
    /* A message queue a CMSIS thread waits on (empty), and one holding a
     * message: the extension lists them as message queues with their
     * CMSIS names, not as the semaphores inside them. */
    cq_empty = osMessageQueueNew(2, 8, &(osMessageQueueAttr_t){ .name = "cq_empty" });
    osMessageQueueId_t cq_one = osMessageQueueNew(4, 8, &(osMessageQueueAttr_t){ .name = "cq_one" });
    uint64_t msg = 7;
    expect(cq_empty != NULL && cq_one != NULL && osMessageQueuePut(cq_one, &msg, 0, 0) == osOK,
           "cmsis queues");
    expect(osThreadNew(cq_reader, NULL, &(osThreadAttr_t){ .name = "cqwait", .stack_size = 512,
                                                           .priority = osPriorityRealtime }) != NULL,
           "cmsis thread");
    vos_heap_stats_t cs;
    expect(vos_heap_stats((vos_heap_t *)(void *)cmsis_area, &cs) == VOS_OK, "cmsis heap");

    print_task(&t_sem, "sem:sem_never", false);
    print_task(&t_owner, "queue:q_empty", true);
    print_task(&t_mutex, "mutex:mtx", false);
    print_task(&t_send, "queue:q_full", true);
    print_task(&t_recv, "queue:q_empty", false);
    print_task(&t_sleep, "delay", true);
    print_task(&t_event, "event:ev", true);
    print_task(&t_notify, "notify", false);
    print_task(&t_fpu, "sem:sem_fpu", false);
    print_task(&t_susp, "-", false);
    print_task(&t_check, "-", false);
    board_printf("@GDB sem name=sem_never count=%d waiters=sem\n", vos_sem_count(&sem_never));
    board_printf("@GDB sem name=sem_fpu count=%d waiters=fpu\n", vos_sem_count(&sem_fpu));
    vos_task_t *mtx_owner = NULL;
    expect(vos_mutex_owner(&mtx, &mtx_owner) == VOS_OK && mtx_owner != NULL, "mutex owned");
    board_printf("@GDB mutex name=mtx owner=%s waiters=mutex\n", mtx_owner ? mtx_owner->name : "-");
    board_printf("@GDB queue name=q_full count=%d capacity=3 waiters=send\n", vos_queue_count(&q_full));
    board_printf("@GDB queue name=q_empty count=%d capacity=2 waiters=owner,recv\n",
                 vos_queue_count(&q_empty));
    board_printf("@GDB event name=ev waiters=event\n");
    board_printf("@GDB heap name=heap free=%u largest=%u free_blocks=%u\n",
                 (unsigned)hs.free_bytes, (unsigned)hs.largest_free, (unsigned)hs.free_blocks);
    board_printf("@GDB cmsis kind=osMessageQueue name=cq_empty count=0/2 waiters=cqwait\n");
    board_printf("@GDB cmsis kind=osMessageQueue name=cq_one count=1/4 waiters=-\n");
    board_printf("@GDB cmsis kind=osMutex name=0x%08x count=- waiters=-\n", (unsigned)(uintptr_t)m1);
    board_printf("@GDB heap name=*heap free=%u largest=%u free_blocks=%u\n",
                 (unsigned)cs.free_bytes, (unsigned)cs.largest_free, (unsigned)cs.free_blocks);
#ifdef HAVE_TIMERS
    expect(vos_timer_init(&tms[0], "blink", timer_fn, NULL, VOS_TIMER_ISR) == VOS_OK &&
           vos_timer_init(&tms[1], "spare", timer_fn, NULL, VOS_TIMER_ISR) == VOS_OK &&
           vos_timer_start(&tms[0], LONG_WAIT, vos_ms(1000)) == VOS_OK, "timers");
    board_printf("@GDB timer name=tms[0] label=blink state=%s period=%u\n",
                 vos_timer_active(&tms[0]) > 0 ? "armed" : "stopped",
                 (unsigned)vos_dur_cycles(vos_ms(1000)));
    board_printf("@GDB timer name=tms[1] label=spare state=%s period=0\n",
                 vos_timer_active(&tms[1]) > 0 ? "armed" : "stopped");
#endif
    board_printf("@GDB fpu name=fpu\n");
    board_printf("@GDB bt task=sem frames=sem_wait_deep,sem_wait_deep,sem_wait_deep,sem_entry\n");
    board_printf("@GDB bt task=fpu frames=fpu_entry\n");
#if VOS_CFG_RUNTIME_STATS
    /* The statistics build (tools/stats_run.py): every task that is not
     * running, as the kernel reads it; they stay so until the breakpoint
     * (every other task is blocked, no alarm is due), where vaios top
     * must show the same figures. */
    static vos_stats_t st[24];
    size_t nst = 0;
    expect(vos_stats_snapshot(st, 24, &nst) == VOS_OK, "stats snapshot");
    for (size_t i = 0; i < nst && i < 24; i++) {
        if (st[i].task == NULL || st[i].running)
            continue;
        expect(st[i].cycles < (1ull << 32), "a short scenario");
        board_printf("@GDB stats name=%s activations=%lu cycles=%lu min=%lu mean=%lu max=%lu\n",
                     st[i].name != NULL ? st[i].name : "?", (unsigned long)st[i].activations,
                     (unsigned long)st[i].cycles, (unsigned long)st[i].min,
                     (unsigned long)st[i].mean, (unsigned long)st[i].max);
    }
#endif
    vos_time_t now = vos_now();
    board_printf("@GDB now t=%x%08x\n", (unsigned)(now >> 32), (unsigned)now);
    board_printf("@GDB checkpoint\n");
    vos_gdb_checkpoint();
    board_printf("%s gdb_scenario\n", failures ? "FAIL" : "PASS");
    board_printf("@VT result %d %d\n", failures ? 0 : 1, failures ? 1 : 0);
    board_exit(failures ? 1 : 0);
}

int main(void)
{
    vos_sem_init(&sem_never, 0, 1);
    vos_sem_init(&sem_fpu, 0, 1);
    vos_mutex_init(&mtx);
    vos_queue_init(&q_full, q_full_buf, sizeof q_full_buf[0], 3);
    vos_queue_init(&q_empty, q_empty_buf, sizeof q_empty_buf[0], 2);
    vos_event_init(&ev, 0x1u);
    vos_task_create(&t_owner, "owner", owner_entry, NULL, 10, s_owner, sizeof s_owner);
    vos_task_create(&t_sem, "sem", sem_entry, NULL, 5, s_sem, sizeof s_sem);
    vos_task_create(&t_mutex, "mutex", mutex_entry, NULL, 6, s_mutex, sizeof s_mutex);
    vos_task_create(&t_send, "send", send_entry, NULL, 4, s_send, sizeof s_send);
    vos_task_create(&t_recv, "recv", recv_entry, NULL, 4, s_recv, sizeof s_recv);
    vos_task_create(&t_sleep, "sleep", sleep_entry, NULL, 2, s_sleep, sizeof s_sleep);
    vos_task_create(&t_event, "event", event_entry, NULL, 7, s_event, sizeof s_event);
    vos_task_create(&t_notify, "notify", notify_entry, NULL, 7, s_notify, sizeof s_notify);
    vos_task_create(&t_fpu, "fpu", fpu_entry, NULL, 8, s_fpu, sizeof s_fpu);
    vos_task_create(&t_susp, "susp", susp_entry, NULL, 9, s_susp, sizeof s_susp);
    vos_task_create(&t_check, "check", check_entry, NULL, 1, s_check, sizeof s_check);
    vos_start();
    return 1;
}
