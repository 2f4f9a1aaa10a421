/* SPDX-License-Identifier: MIT */
/*
 * Host port: task contexts, the simulated CPU (handler mode, PendSV, the
 * alarm interrupt, idle), scenarios, and halting. See docs/host-port.md.
 *
 * Two kinds of context share the one thread:
 *  - tasks, each on its own stack, switched by arch_host_swap (switch.S);
 *  - the "system" context on the process stack, the equivalent of the
 *    Cortex-M main stack: everything a handler does runs there, from the
 *    loop in arch_start(). A task never switches to another task directly:
 *    it traps to the system context (trap()), which runs handlers, takes
 *    the pending switch and resumes whichever task vos__cur then names.
 *
 * The system loop, one turn:
 *   1. serve(): deliver the alarm if it is due (vos__alarm_isr in handler
 *      mode), end the scenario if asked, then take a pending switch: check
 *      the outgoing task's stack guard, vos__cur = vos__pick(). That is
 *      PendSV tail-chaining after the last handler, as on Cortex-M.
 *   2. If vos__cur still has host_advance() cycles to spend, move the clock
 *      to the earlier of "those cycles spent" and the alarm; back to 1.
 *   3. Otherwise resume vos__cur until it traps again: a switch request
 *      that found the lock free (arch_host_switch), a simulated interrupt
 *      (host_irq), cycles to spend (host_advance), idle (arch_idle) or the
 *      end of the scenario (host_stop). Handle the trap; back to 1.
 *
 * Invariants:
 *  - Traps happen in thread mode with the kernel lock free, so a switch is
 *    only ever taken with the lock free and no handler active (PendSV at
 *    the lowest priority).
 *  - arch_host_isr is true whenever the system context runs kernel code.
 *  - Every task that has run in the current scenario is on the live list,
 *    until it exits or faults (the system context sees that as it switches
 *    away); the reset between scenarios walks that list.
 *
 * Per-task data lives in a record at the very top of the task's stack,
 * above the initial frame arch_stack_init() builds, so the port needs no
 * table and no allocation; it is found again from the control block's
 * stack_base and stack_size.
 *
 * Sanitizers: every switch between stacks is announced to AddressSanitizer
 * (__sanitizer_start/finish_switch_fiber) and task stacks are registered
 * with valgrind when its header is available. A task stack that is left
 * (task exited or faulted, scenario ended) is unpoisoned so that the memory
 * can be reused without stale redzones.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "port_api.h"
#include "host_test.h"
#include "port_private.h"

#if defined(__SANITIZE_ADDRESS__)
#define HOST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HOST_ASAN 1
#endif
#endif
#ifdef HOST_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>
#define HOST_VALGRIND 1
#endif
#endif

#define REC_MAGIC    0x484F5354u
#define IRQ_ALARM    1u            /* interrupt numbers in trace records */
#define IRQ_TEST     2u
#define EXC_ALARM    15u           /* arch_isr_number() of the alarm's handler */
#define EXC_TEST     16u           /* ... of the tests' interrupts, + nesting depth */
#define EXC_ABOVE    48u           /* ... of those above the kernel, + nesting depth */
#define STORM_LIMIT  1000000u      /* alarm deliveries without time moving */

/* The part of a task only the port knows. At the top of the task's stack. */
struct arch_host_task {
    uint32_t magic;
    unsigned vg_id;                /* valgrind stack id, 0: not registered */
    vos_entry_t entry;
    void *arg;
    vos_task_t *task;              /* set when it first runs */
    struct arch_host_task *next_live;   /* the live list */
    void *fake_stack;              /* ASan's, while switched out */
    uint64_t busy;                 /* host_advance() cycles still to spend */
};

enum trap {
    TRAP_NONE,
    TRAP_SWITCH,
    TRAP_IRQ,
    TRAP_ADVANCE,
    TRAP_IDLE,
    TRAP_STOP,
};

/* switch.S */
void arch_host_swap(void **save_sp, void *load_sp);
void arch_host_task_start(void);
void arch_host_task_main(struct arch_host_task *r) __attribute__((noreturn));

volatile uint32_t arch_host_lock_depth;
volatile bool arch_host_isr;
volatile uint32_t arch_host_exc;          /* port_impl.h: arch_isr_number */
volatile bool arch_host_above;            /* a handler above the kernel runs */
static uint32_t irq_depth;                /* tests' handlers active, nested */
void (*volatile arch_host_sc_irq)(void);   /* port_impl.h: arch_sc's test hook */
void (*volatile arch_host_unlock_irq)(void);   /* and arch_unlock's */
static unsigned unlock_countdown;

static bool in_run;                /* inside host_run() */
static bool running;               /* the system loop runs */
static bool sw_pending;            /* the PendSV of this CPU */
static bool stop_req;
static int stop_status;
static uint64_t switches;
static uint64_t switch_cost;       /* cycles each switch to another task costs */
static uint64_t spin_max;          /* longest arch_spin() of the scenario */

static enum trap trap_kind;        /* what the trapping task asks for */
static void (*trap_fn)(void);
static bool trap_above;            /* TRAP_IRQ: above the kernel's level */
static uint64_t trap_cycles;

static void *sys_sp;               /* the system context, while a task runs */
static jmp_buf run_jmp;
static int run_result;             /* static: survives the longjmp */
static struct arch_host_task *live;

#ifdef HOST_ASAN
static void *sys_fake;
static const void *sys_stack_lo;
static size_t sys_stack_size;
#endif

static vos_task_t main_task;
static uint64_t main_stack[HOST_MAIN_STACK / 8];

/* --- Records and stacks ---------------------------------------------------- */

static struct arch_host_task *rec_at(uintptr_t top)
{
    return (struct arch_host_task *)((top - sizeof(struct arch_host_task)) & ~(uintptr_t)15);
}

static struct arch_host_task *rec_of(const vos_task_t *t)
{
    struct arch_host_task *r = rec_at((uintptr_t)t->stack_base + t->stack_size);
    if (r->magic != REC_MAGIC)
        arch_halt("host: task record at the top of the stack overwritten");
    return r;
}

void *arch_stack_init(uint8_t *top, void (*entry)(void *), void *arg)
{
    struct arch_host_task *r = rec_at((uintptr_t)top);
    memset(r, 0, sizeof *r);
    r->magic = REC_MAGIC;
    r->entry = entry;
    r->arg = arg;

    /* The frame arch_host_swap restores (switch.S), returning into
     * arch_host_task_start with the stack 16-byte aligned. */
    uint64_t *sp = (uint64_t *)r;
    *--sp = (uint64_t)(uintptr_t)arch_host_task_start;
    *--sp = 0;                            /* rbp */
    *--sp = 0;                            /* rbx */
    *--sp = (uint64_t)(uintptr_t)r;       /* r12: the record */
    *--sp = 0;                            /* r13 */
    *--sp = 0;                            /* r14 */
    *--sp = 0;                            /* r15 */
    *--sp = (uint64_t)0x037Fu << 32 | 0x1F80u;   /* x87 control word, MXCSR */
    return sp;
}

/* The stack of r's task is in use by the port from now on. */
static void stack_enter(struct arch_host_task *r, vos_task_t *t)
{
    r->task = t;
    r->next_live = live;
    live = r;
#ifdef HOST_VALGRIND
    r->vg_id = VALGRIND_STACK_REGISTER(t->stack_base, t->stack_base + t->stack_size);
#endif
}

/* The task of r will not run again (or the scenario is over): its stack
 * is plain memory again. */
static void stack_leave(struct arch_host_task *r)
{
    vos_task_t *t = r->task;
#ifdef HOST_VALGRIND
    if (r->vg_id != 0)
        VALGRIND_STACK_DEREGISTER(r->vg_id);
    r->vg_id = 0;
    /* memcheck marked the area below the task's last stack pointer as
     * inaccessible; it is ordinary memory again. */
    (void)VALGRIND_MAKE_MEM_DEFINED(t->stack_base, t->stack_size);
#endif
#ifdef HOST_ASAN
    ASAN_UNPOISON_MEMORY_REGION(t->stack_base, t->stack_size);
#endif
    (void)t;
}

static void retire(vos_task_t *t)
{
    struct arch_host_task *r = rec_of(t);
    struct arch_host_task **pp = &live;
    while (*pp != NULL && *pp != r)
        pp = &(*pp)->next_live;
    if (*pp == NULL)
        arch_halt("host: retiring a task that is not live");
    *pp = r->next_live;
    stack_leave(r);
    r->task = NULL;
}

/* A task that ended while another ran (terminated, or stopped with its
 * domain) is never switched away from: its record goes now. The running
 * task's goes at the switch away (pendsv), as its stack is still in use. */
void arch_task_end(vos_task_t *t)
{
    if (running && t == vos__cur)
        return;
    struct arch_host_task *r = rec_of(t);
    if (r->task == t)
        retire(t);
}

/* --- Task side --------------------------------------------------------------- */

void arch_host_task_main(struct arch_host_task *r)
{
#ifdef HOST_ASAN
    __sanitizer_finish_switch_fiber(NULL, &sys_stack_lo, &sys_stack_size);
#endif
    r->entry(r->arg);
    vos__task_return();
}

/* Leave the running task for the system context, asking for kind; returns
 * when the system context resumes the task. Thread mode, lock free. */
static void trap(enum trap kind)
{
    vos_task_t *t = vos__cur;
    struct arch_host_task *r = rec_of(t);

    if (arch_host_isr || (arch_host_lock_depth & ARCH_HOST_DEPTH_MASK) != 0)
        arch_halt("host: trap from a handler or with the lock held");
    trap_kind = kind;
#ifdef HOST_ASAN
    /* An exited task's context is never resumed: its fake stack goes. */
    __sanitizer_start_switch_fiber(t->state == VOS_TASK_EXITED ? NULL : &r->fake_stack,
                                   sys_stack_lo, sys_stack_size);
#endif
    arch_host_swap(&t->sp, sys_sp);
#ifdef HOST_ASAN
    __sanitizer_finish_switch_fiber(r->fake_stack, NULL, NULL);
#endif
    (void)r;
}

void arch_host_switch(void)
{
    if (!running) {
        /* On Cortex-M a switch requested before the first task pends
         * PendSV, which then runs at the first interrupt enable in
         * arch_start_first with no task stack: a kernel bug, caught here. */
        arch_halt("host: arch_switch() before vos_start() ran the first task");
    }
    sw_pending = true;
    if ((arch_host_lock_depth & ARCH_HOST_DEPTH_MASK) != 0 || arch_host_isr) {
        arch_host_lock_depth |= ARCH_HOST_PENDING;
        return;
    }
    arch_host_lock_depth &= ~ARCH_HOST_PENDING;
    trap(TRAP_SWITCH);
}

void arch_host_alarm_pend(void)
{
    if (running)
        arch_host_lock_depth |= ARCH_HOST_PENDING;
}

void arch_idle(void)
{
    trap(TRAP_IDLE);
}

/* --- System side --------------------------------------------------------------- */

static void finish(int status) __attribute__((noreturn));
static void finish(int status)
{
    stop_status = status;
    longjmp(run_jmp, 1);
}

/* A handler: at the kernel's level, or above it (it may not call the
 * kernel: arch_isr_kernel() is false while it and what it nests run). */
static void run_handler_at(void (*fn)(void), bool above)
{
    bool was = arch_host_isr, was_above = arch_host_above;
    uint32_t was_exc = arch_host_exc;
    arch_host_isr = true;
    arch_host_above = above;
    arch_host_exc = (above ? EXC_ABOVE : EXC_TEST) + irq_depth++;
    VOS_TRACE_ISR_ENTER(IRQ_TEST);
    fn();
    VOS_TRACE_ISR_EXIT(IRQ_TEST);
    irq_depth--;
    arch_host_exc = was_exc;
    arch_host_above = was_above;
    arch_host_isr = was;
}


/* PendSV: the outgoing task's guard, then the pick. Handler mode. */
static void pendsv(void)
{
    vos_task_t *from = vos__cur;
    /* As switch.S: a stack pointer saved at or below the guard (a frame
     * larger than the guard jumped it), or the guard's top word written. */
    if (from->guard != NULL &&
        ((VOS_CFG_STACK_GUARD != 0 && (uintptr_t)from->sp <= (uintptr_t)from->guard) ||
         *from->guard != VOS__GUARD_WORD))
        vos__stack_fault(from);
    /* The rule of port_api.h: the pick, or the running task while the
     * scheduler is locked (switch.S makes the same selection). */
    vos_task_t *to = vos__next();
#if VOS_CFG_TRACE
    vos__trace_switch(from, to);
#endif
#if VOS_CFG_RUNTIME_STATS
    vos__stats_switch(from, to);
#endif
    vos__cur = to;
    if (to != from) {
        switches++;
        if (switch_cost != 0)
            arch_host_clock_set(arch_now() + switch_cost);
    }
    if (from->state == VOS_TASK_EXITED || from->state == VOS_TASK_FAULTED)
        retire(from);
}

/* Everything pending at the end of a handler, in hardware order: the
 * alarm (a kernel-level interrupt), the end of the scenario, PendSV.
 * Handler mode, lock free. */
static void serve(void)
{
    unsigned storm = 0;
    while (arch_host_alarm_next() <= arch_now()) {
        arch_host_alarm_take();
        VOS_TRACE_ISR_ENTER(IRQ_ALARM);
        arch_host_exc = EXC_ALARM;
        vos__alarm_isr();
        arch_host_exc = 0;
        VOS_TRACE_ISR_EXIT(IRQ_ALARM);
        if (++storm == STORM_LIMIT)
            arch_halt("host: the alarm keeps being set in the past");
    }
    if (stop_req)
        finish(stop_status);
    if (sw_pending) {
        sw_pending = false;
        pendsv();
    }
    arch_host_lock_depth &= ~ARCH_HOST_PENDING;
}

/* The running task computes: spend its cycles up to the alarm, if that
 * comes first. */
static void spend(struct arch_host_task *r)
{
    vos_time_t now = arch_now(), next = arch_host_alarm_next();
    if (next > now && next - now <= r->busy) {
        r->busy -= next - now;
        arch_host_clock_set(next);
    } else {
        vos_time_t end = now + r->busy;
        arch_host_clock_set(end < now ? VOS_TIME_NEVER - 1 : end);
        r->busy = 0;
    }
}

/* The idle task has nothing to do: jump to the alarm, or end the
 * scenario when no alarm will ever come. */
static void idle_jump(void)
{
    vos_time_t next = arch_host_alarm_next();
    if (next == VOS_TIME_NEVER) {
        if (!sw_pending && !stop_req)
            finish(HOST_IDLE);
        return;
    }
    if (next > arch_now())
        arch_host_clock_set(next);
}

void arch_start(void)
{
    if (!in_run)
        arch_halt("host: vos_start() outside host_run()");
    running = true;
    for (;;) {
        arch_host_isr = true;
        serve();
        vos_task_t *t = vos__cur;
        struct arch_host_task *r = rec_of(t);
        if (r->task == NULL)
            stack_enter(r, t);
        else if (r->task != t)
            arch_halt("host: two live tasks share one stack");
        if (r->busy != 0) {
            spend(r);
            continue;
        }
        arch_host_isr = false;
        trap_kind = TRAP_NONE;
#ifdef HOST_ASAN
        __sanitizer_start_switch_fiber(&sys_fake, t->stack_base, t->stack_size);
#endif
        arch_host_swap(&sys_sp, t->sp);
#ifdef HOST_ASAN
        __sanitizer_finish_switch_fiber(sys_fake, NULL, NULL);
#endif
        arch_host_isr = true;
        switch (trap_kind) {
        case TRAP_SWITCH:
            break;
        case TRAP_IRQ:
            run_handler_at(trap_fn, trap_above);
            break;
        case TRAP_ADVANCE:
            r->busy = trap_cycles;
            break;
        case TRAP_IDLE:
            idle_jump();
            break;
        case TRAP_STOP:
            finish(stop_status);
        default:
            arch_halt("host: a task came back without a trap");
        }
    }
}

/* Forget the scenario: the kernel's state as before vos_start() (through
 * the kernel's own vos__reset()), the port and the clock as at boot. */
static void reset(void)
{
    arch_host_unlock_irq = NULL;   /* an interrupt still due ends with its scenario */
    running = false;
    arch_host_isr = false;
    arch_host_above = false;
    arch_host_exc = 0;
    irq_depth = 0;
    arch_host_lock_depth = 0;
    for (struct arch_host_task *r = live; r != NULL; r = r->next_live) {
        stack_leave(r);
        r->task = NULL;
    }
    live = NULL;
    vos__reset();
    arch_host_lock_depth = 0;
    arch_host_sc_irq = NULL;
    sw_pending = false;
    stop_req = false;
    arch_host_clock_reset();
}

/* A signal that arrives while a task runs would push its frame (1 to 3
 * KiB with the vector register state) on the task's stack, which may be
 * small: the idle task's is VOS_CFG_IDLE_STACK bytes, and the kernel's
 * own data sits right below it. So every handled signal (libFuzzer's
 * timers, a sanitizer's, a test's) is made to run on an alternate stack.
 * Done at every scenario's start, for handlers installed in between. */
static uint64_t alt_stack[128 * 1024 / 8];

static void signals_off_task_stacks(void)
{
    stack_t ss;
    if (sigaltstack(NULL, &ss) == 0 && (ss.ss_flags & SS_DISABLE)) {
        ss.ss_sp = alt_stack;
        ss.ss_size = sizeof alt_stack;
        ss.ss_flags = 0;
        if (sigaltstack(&ss, NULL) != 0)
            arch_halt("host: sigaltstack failed");
    }
    for (int sig = 1; sig < NSIG; sig++) {
        struct sigaction sa;
        if (sig == SIGKILL || sig == SIGSTOP || sigaction(sig, NULL, &sa) != 0)
            continue;
        if (sa.sa_handler == SIG_DFL || sa.sa_handler == SIG_IGN || (sa.sa_flags & SA_ONSTACK))
            continue;
        sa.sa_flags |= SA_ONSTACK;
        sigaction(sig, &sa, NULL);
    }
}

/* --- Test interface (host_test.h) ---------------------------------------------------- */

int host_run(vos_entry_t entry, void *arg, unsigned prio)
{
    if (in_run)
        arch_halt("host: host_run() inside a scenario");
    in_run = true;
    switches = 0;
    spin_max = 0;
    signals_off_task_stacks();
    run_result = VOS_OK;
    if (entry != NULL) {
        memset(&main_task, 0, sizeof main_task);
        run_result = vos_task_create(&main_task, "main", entry, arg, prio, main_stack,
                                     sizeof main_stack);
    }
    if (run_result == VOS_OK) {
        if (setjmp(run_jmp) == 0)
            run_result = vos_start();     /* returns only if it refuses */
        else
            run_result = stop_status;
    }
    reset();
    in_run = false;
    return run_result;
}

void host_stop(int status)
{
    if (!running)
        arch_halt("host: host_stop() outside a scenario");
    stop_status = status;
    if (arch_host_isr) {
        stop_req = true;
        return;
    }
    trap(TRAP_STOP);
    arch_halt("host: a stopped scenario resumed");
}

void host_advance(uint64_t n)
{
    if (n == 0)
        return;
    if (!running || arch_host_isr) {
        vos_time_t now = arch_now(), end = now + n;
        arch_host_clock_set(end < now ? VOS_TIME_NEVER - 1 : end);
        return;
    }
    trap_cycles = n;
    trap(TRAP_ADVANCE);
}

static void irq_at(void (*fn)(void), bool above)
{
    if (!running || arch_host_isr) {
        run_handler_at(fn, above);
        return;
    }
    trap_fn = fn;
    trap_above = above;
    trap(TRAP_IRQ);
}

void host_irq(void (*fn)(void))
{
    irq_at(fn, false);
}

void host_irq_above(void (*fn)(void))
{
    irq_at(fn, true);
}

uint64_t host_switches(void)
{
    return switches;
}

void host_switch_cost(uint64_t n)
{
    switch_cost = n;
}

uint64_t host_spin_max(void)
{
    return spin_max;
}

/* The final wait of a sleep: the task computes until n cycles have
 * passed since from. */
void arch_spin(uint32_t from, uint32_t n)
{
    uint32_t done = (uint32_t)arch_now() - from;
    if (done < n) {
        if (n - done > spin_max)
            spin_max = n - done;
        host_advance(n - done);
    }
}

void arch_host_sc_interrupt(void)
{
    void (*fn)(void) = arch_host_sc_irq;
    arch_host_sc_irq = NULL;
    host_irq(fn);
}

void host_irq_in_next_sc(void (*fn)(void))
{
    arch_host_sc_irq = fn;
}


void arch_host_unlock_interrupt(void)
{
    if (--unlock_countdown != 0)
        return;
    void (*fn)(void) = arch_host_unlock_irq;
    arch_host_unlock_irq = NULL;
    host_irq(fn);
}

void host_irq_at_unlock(unsigned n, void (*fn)(void))
{
    unlock_countdown = n;
    arch_host_unlock_irq = n != 0 ? fn : NULL;
}

/* --- The public critical sections' lock (include/vaios/critical.h) ---------------- */

/* Out of line here (inline on Cortex-M): the same lock as the kernel's, so a
 * section of the CMSIS layer or a test nests with the kernel's and its
 * unlock delivers what the kernel's would (a pending switch, a test's
 * interrupt). */
uint32_t vos__cpu_lock(void)
{
    return arch_lock();
}

void vos__cpu_unlock(uint32_t key)
{
    arch_unlock(key);
}

bool vos__cpu_in_isr(void)
{
    return arch_in_isr();
}

/* --- Halt ------------------------------------------------------------------------- */

__attribute__((weak)) void vos_hook_halt(const char *why)
{
    (void)why;
}

#ifdef VOS_HOST_COVERAGE
void __gcov_dump(void);    /* libgcov's: a coverage build (tests/host/kernel) */
#endif

void arch_halt(const char *why)
{
    arch_host_isr = true;          /* "interrupts off" from here on */
    vos_hook_halt(why);
    fprintf(stderr, "arch_halt: %s\n", why);
    fflush(stderr);
    /* abort() writes no coverage data: a halt path a test drives on
     * purpose (t_dies) would count as never run. */
#ifdef VOS_HOST_COVERAGE
    __gcov_dump();
#endif
    abort();
}
