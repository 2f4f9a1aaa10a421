/* SPDX-License-Identifier: MIT */
/*
 * The FP context: several tasks and an interrupt handler each keep their
 * own values in all 32 single-precision registers while they preempt each
 * other thousands of times; every value must come back intact. Tasks that
 * never touch the FPU meanwhile run beside them.
 */
#include "vtest.h"

#define FP_TASKS  4
#define FP_ROUNDS 3000

static volatile uint32_t fp_errors, fp_rounds_done[FP_TASKS], isr_runs, isr_errors;
static volatile bool fp_stop;

/* Load all 32 registers from in, spin a while (preemptions happen here),
 * store them to out. One asm statement, so the compiler cannot touch the
 * registers in between. */
static void fp_hold(const float *in, float *out, uint32_t spin)
{
    __asm__ volatile(
        "vldmia %0, {s0-s31}      \n\t"
        "1: subs %2, %2, #1       \n\t"
        "bne 1b                   \n\t"
        "vstmia %1, {s0-s31}      \n\t"
        : "+r"(in), "+r"(out), "+r"(spin)
        :
        : "memory", "cc",
          "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "s12",
          "s13", "s14", "s15", "s16", "s17", "s18", "s19", "s20", "s21", "s22", "s23",
          "s24", "s25", "s26", "s27", "s28", "s29", "s30", "s31");
}

static void fp_task(void *arg)
{
    unsigned id = (unsigned)(uintptr_t)arg;
    float in[32], out[32];
    uint32_t seed = 0x9E3779B9u * (id + 1);
    for (int r = 0; r < FP_ROUNDS && !fp_stop; r++) {
        for (int i = 0; i < 32; i++)
            in[i] = (float)(id * 1000 + (unsigned)r % 97 * 32 + (unsigned)i) + 0.25f;
        seed = seed * 1664525u + 1013904223u;
        fp_hold(in, out, 50 + (seed >> 24));
        for (int i = 0; i < 32; i++)
            if (out[i] != in[i])
                fp_errors++;
        fp_rounds_done[id]++;
        if ((seed & 7) == 0)
            vos_sleep(vos_us(1 + (seed >> 28)));
    }
}

/* A task that never touches the FPU, preempting the others often. */
static void int_task(void *arg)
{
    (void)arg;
    while (!fp_stop)
        vos_sleep(vos_us(7));
}

/* The interrupt handler overwrites s0-s15 (caller-saved: the hardware's
 * lazy stacking must preserve the interrupted task's) and computes with
 * the callee-saved ones through the compiler, which saves them. */
static void fp_isr(void)
{
    static const float junk[16] = { -1, -2, -3, -4, -5, -6, -7, -8,
                                    -9, -10, -11, -12, -13, -14, -15, -16 };
    float back[16];
    __asm__ volatile("vldmia %0, {s0-s15}\n\tvstmia %1, {s0-s15}"
                     : : "r"(junk), "r"(back)
                     : "memory", "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9",
                       "s10", "s11", "s12", "s13", "s14", "s15");
    volatile float acc = 0.0f;
    for (int i = 0; i < 16; i++)
        acc += back[i] * 0.5f;
    if (acc != -68.0f)
        isr_errors++;
    isr_runs++;
}

/* An interrupt every 3.3 us: 3331 instructions on the 1 GHz emulated
 * board, 83 counts of the 25 MHz MPS2 counters. */
#define FP_IRQ_PERIOD ((uint32_t)(3331ull * VOS_CFG_CLOCK_HZ / 1000000000u))

VT_TEST(fp_registers_survive_switches_and_interrupts)
{
    fp_stop = false;
    fp_errors = isr_runs = isr_errors = 0;
    for (int i = 0; i < FP_TASKS; i++)
        fp_rounds_done[i] = 0;
    board_irq_start(0, FP_IRQ_PERIOD, 0x80, fp_isr);
    for (unsigned i = 0; i < FP_TASKS; i++)
        vt_spawn((int)i, "fp", fp_task, (void *)(uintptr_t)i, VT_RUNNER_PRIO - 1 - i);
    vt_spawn(FP_TASKS, "int", int_task, NULL, VT_RUNNER_PRIO - 1);
    unsigned waited = 0;
    for (;;) {
        unsigned done = 0;
        for (int i = 0; i < FP_TASKS; i++)
            done += fp_rounds_done[i] >= FP_ROUNDS;
        if (done == FP_TASKS || waited++ > 20000)
            break;
        vos_sleep(vos_ms(1));
    }
    fp_stop = true;
    board_irq_stop(0);
    vt_join(FP_TASKS + 1, 200);
    vt_note("%u interrupts used the FPU meanwhile\n", (unsigned)isr_runs);
    for (int i = 0; i < FP_TASKS; i++)
        VT_EQ(fp_rounds_done[i], FP_ROUNDS);
    VT_EQ(fp_errors, 0);
    VT_EQ(isr_errors, 0);
    VT_ASSERT(isr_runs > 1000);
}
