/* SPDX-License-Identifier: MIT */
/*
 * vtest: the target test framework. A suite is one .c file of VT_TEST
 * cases linked into its own image with vtest.c, which runs every case in
 * turn from a runner task (priority VT_RUNNER_PRIO) and prints one line
 * per case, then "@VT result <passed> <failed>", and exits with the
 * number of failures as the emulator's exit status.
 *
 * Assertions may be used from any task or interrupt handler: a failure is
 * recorded against the running case (first failure kept) and the case goes
 * on; the runner reports it when the case returns. A case must leave no
 * task of its own running when it returns (vt_join helps).
 */
#ifndef VTEST_H
#define VTEST_H

#include <stdint.h>
#include <stdbool.h>
#include "vaios/vaios.h"
#include "board.h"

#define VT_RUNNER_PRIO 20

struct vt_case {
    const char *name;
    void (*fn)(void);
};

#define VT_TEST(name)                                                        \
    static void vt_fn_##name(void);                                          \
    __attribute__((section("vt_tests"), used, aligned(4)))                  \
    static const struct vt_case vt_case_##name = { #name, vt_fn_##name };    \
    static void vt_fn_##name(void)

void vt_fail(const char *file, int line, const char *expr, long long a, long long b);

#define VT_ASSERT(cond)                                                       \
    do { if (!(cond)) vt_fail(__FILE__, __LINE__, #cond, 0, 0); } while (0)
#define VT_EQ(a, b)                                                           \
    do { long long vt_a_ = (long long)(a), vt_b_ = (long long)(b);            \
         if (vt_a_ != vt_b_) vt_fail(__FILE__, __LINE__, #a " == " #b, vt_a_, vt_b_); } while (0)
#define VT_LE(a, b)                                                           \
    do { long long vt_a_ = (long long)(a), vt_b_ = (long long)(b);            \
         if (!(vt_a_ <= vt_b_)) vt_fail(__FILE__, __LINE__, #a " <= " #b, vt_a_, vt_b_); } while (0)

/* The owner vos_mutex_owner reports for m (NULL: free), or
 * &vt_owner_error when the call fails: a pointer no test expects. */
extern vos_task_t vt_owner_error;
static inline vos_task_t *vt_owner(const vos_mutex_t *m)
{
    vos_task_t *o;
    return vos_mutex_owner(m, &o) == VOS_OK ? o : &vt_owner_error;
}

/* Called from main() before the scheduler starts (weak; a suite may
 * define it to test calls made before vos_start). */
void vt_before_start(void);

/* Number of failures recorded in the running case so far. */
int vt_failures(void);

/* A pool of task slots (control block + stack) for cases to use. */
#define VT_TASK_SLOTS 12
#if VOS_CFG_MPU
/* The MPU images' guard (VOS_CFG_STACK_GUARD) comes on top, and every
 * stack is aligned to it (VOS_STACK_ALIGN). */
#define VT_STACK_SIZE (1536 + VOS_CFG_STACK_GUARD)
#else
#define VT_STACK_SIZE 1536
#endif
vos_task_t *vt_task(int slot);
void *vt_stack(int slot);

/* Create a task in slot; asserts success. */
vos_task_t *vt_spawn(int slot, const char *name, vos_entry_t entry, void *arg, unsigned prio);

/* Wait (sleeping in 1 ms steps, at most timeout_ms) until the task in each
 * of the first n slots that was spawned has exited; a task that has not
 * exited by then is reported as a failure. */
void vt_join(int n, unsigned timeout_ms);

/* Run fn once in a real interrupt handler (a software-pended line at a
 * kernel-level priority) and return when it has run. vt_isr_done is set
 * when the handler finishes (a case may look at it from a task that the
 * handler woke, to see that it ran only after the handler returned). */
void vt_run_in_isr(void (*fn)(void));
extern volatile bool vt_isr_done;

/* A log of one-character events, for checking the order in which tasks
 * ran: vt_log appends (any context), vt_log_is compares the whole log. */
#define VT_LOG_MAX 96
void vt_log(char c);
void vt_log_reset(void);
bool vt_log_is(const char *want);
const char *vt_log_text(void);
int vt_log_len(void);

/* xorshift32: the fixed-seed generator of the randomised cases. */
uint32_t vt_rand(uint32_t *state);

/* Print a note line attached to the running case. */
#define vt_note(...) board_printf("   note: " __VA_ARGS__)

#endif /* VTEST_H */
