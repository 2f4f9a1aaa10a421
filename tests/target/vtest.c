/* SPDX-License-Identifier: MIT */
/*
 * vtest runner: see vtest.h.
 */
#include "vtest.h"

extern const struct vt_case __start_vt_tests[], __stop_vt_tests[];

static const char *fail_file;
static int fail_line;
static const char *fail_expr;
static long long fail_a, fail_b;
static int failures;

static vos_task_t slots[VT_TASK_SLOTS];
#if VOS_CFG_MPU
static uint64_t stacks[VT_TASK_SLOTS][VT_STACK_SIZE / 8] __attribute__((aligned(VOS_STACK_ALIGN)));
#else
static uint64_t stacks[VT_TASK_SLOTS][VT_STACK_SIZE / 8];
#endif
static bool spawned[VT_TASK_SLOTS];

static vos_task_t runner;
#if VOS_CFG_MPU
static uint64_t runner_stack[(2048 + VOS_CFG_STACK_GUARD) / 8] __attribute__((aligned(VOS_STACK_ALIGN)));
#else
static uint64_t runner_stack[2048 / 8];
#endif

void vt_fail(const char *file, int line, const char *expr, long long a, long long b)
{
    if (failures++ == 0) {
        fail_file = file;
        fail_line = line;
        fail_expr = expr;
        fail_a = a;
        fail_b = b;
    }
}

int vt_failures(void)
{
    return failures;
}

vos_task_t vt_owner_error;

vos_task_t *vt_task(int slot)
{
    return &slots[slot];
}

void *vt_stack(int slot)
{
    return stacks[slot];
}

vos_task_t *vt_spawn(int slot, const char *name, vos_entry_t entry, void *arg, unsigned prio)
{
    int err = vos_task_create(&slots[slot], name, entry, arg, prio, stacks[slot], sizeof stacks[slot]);
    VT_EQ(err, VOS_OK);
    spawned[slot] = err == VOS_OK;
    return &slots[slot];
}

void vt_join(int n, unsigned timeout_ms)
{
    for (int i = 0; i < n; i++) {
        unsigned waited = 0;
        while (spawned[i] && vos_task_state(&slots[i]) != VOS_TASK_EXITED &&
               vos_task_state(&slots[i]) != VOS_TASK_FAULTED && waited < timeout_ms) {
            vos_sleep(vos_ms(1));
            waited++;
        }
        if (spawned[i] && vos_task_state(&slots[i]) != VOS_TASK_EXITED &&
            vos_task_state(&slots[i]) != VOS_TASK_FAULTED) {
            vt_fail(__FILE__, __LINE__, "task did not exit", i, vos_task_state(&slots[i]));
            /* Stop it so it cannot disturb the next case. */
            vos_task_suspend(&slots[i]);
        }
    }
}

static void (*volatile isr_fn)(void);
volatile bool vt_isr_done;

static void swi_handler(void)
{
    isr_fn();
    vt_isr_done = true;
}

void vt_run_in_isr(void (*fn)(void))
{
    isr_fn = fn;
    vt_isr_done = false;
    board_swi_init(0, 0x80, swi_handler);
    board_swi_pend(0);
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    while (!vt_isr_done)
        ;
}

static char log_text[VT_LOG_MAX];
static volatile int log_len;

void vt_log(char c)
{
    if (log_len < VT_LOG_MAX - 1)
        log_text[log_len++] = c;
    log_text[log_len] = 0;
}

void vt_log_reset(void)
{
    log_len = 0;
    log_text[0] = 0;
}

bool vt_log_is(const char *want)
{
    int i = 0;
    for (; want[i]; i++)
        if (log_text[i] != want[i])
            return false;
    return log_text[i] == 0;
}

const char *vt_log_text(void)
{
    return log_text;
}

int vt_log_len(void)
{
    return log_len;
}

uint32_t vt_rand(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

static void reset_slots(void)
{
    for (int i = 0; i < VT_TASK_SLOTS; i++) {
        int st = vos_task_state(&slots[i]);
        if (st == VOS_TASK_EXITED || st == VOS_TASK_FAULTED || st == VOS_ERR_INVALID)
            spawned[i] = false;
    }
}

#if VOS_CFG_TRACE
static void put_line(const char *line)
{
    board_console_write(line);
    board_console_write("\n");
}
#endif

static void runner_entry(void *arg)
{
    (void)arg;
    int passed = 0, failed = 0;
    /* The compiler emits a file's cases in reverse order: run them from
     * the end of the section to get the order they were written in. */
    for (const struct vt_case *c = __stop_vt_tests - 1; c >= __start_vt_tests; c--) {
        failures = 0;
        c->fn();
        if (vos_task_priority(NULL) != VT_RUNNER_PRIO) {
            vt_fail(__FILE__, __LINE__, "runner priority restored", vos_task_priority(NULL),
                    VT_RUNNER_PRIO);
            vos_task_set_priority(NULL, VT_RUNNER_PRIO);
        }
        if (failures == 0) {
            passed++;
            board_printf("PASS %s\n", c->name);
        } else {
            failed++;
            board_printf("FAIL %s: %s:%d: %s (%lld vs %lld)\n", c->name, fail_file, fail_line,
                         fail_expr, fail_a, fail_b);
        }
        reset_slots();
    }
    board_printf("@VT result %d %d\n", passed, failed);
#if VOS_CFG_TRACE
    /* A traced build leaves the last events of the suite in the ring:
     * print them for tools/vtrace (make trace uses the flight suite). */
    vos_trace_stop();
    vos_trace_emit(put_line);
#endif
    board_exit(failed);
}

/* Cases that must run before the scheduler starts register here. */
__attribute__((weak)) void vt_before_start(void)
{
}

int main(void)
{
    vt_before_start();
    vos_task_create(&runner, "runner", runner_entry, NULL, VT_RUNNER_PRIO, runner_stack,
                    sizeof runner_stack);
    int err = vos_start();
    board_printf("FAIL vos_start returned %d\n", err);
    return 1;
}
