/* SPDX-License-Identifier: MIT */
/*
 * Stand-alone Cortex-M4F image that measures the path length of the flight
 * pipeline per IMU sample, in QEMU's netduinoplus2 with -icount shift=0,
 * where TIM2 counts exactly one tick per executed instruction (see
 * docs/benchmark.md: "The instrument"). No kernel: it times the
 * numerical blocks alone, which is what the pipeline tasks will call.
 *
 * Scenario (closed loop, default airframe, seed 21): 1 s level hover, a
 * 20 deg roll step held 1 s, then 1 s at throttle 0.95 with the step back
 * to level, so the mixer's throttle-limiting branches run too. For every
 * sample it times vm_step, att_update, ctl_update and mix_quadx, each minus
 * the cost of an empty measurement, and their per-sample sum (att+ctl+mix).
 *
 * Output on the semihosting console, one line per block:
 *   cost <block> min <n> median <n> max <n> samples <n>
 * the fingerprints of the model's samples and of the closed loop's motor
 * commands (sample_hash.h), which must equal the host's,
 * plus a check line with the final roll (the loop must really have flown
 * the step). Exit status 0 on success.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attitude.h"
#include "mixer.h"
#include "pid.h"
#include "quat.h"
#include "sample_hash.h"
#include "vehicle_model.h"

/* ---- bare-metal start-up ---------------------------------------------- */

extern uint32_t _sidata, _sdata, _edata, _sbss, _ebss, _estack;
int main(void);
void cost_reset(void);
static void cost_fault(void);

static void semihost(uint32_t op, const void *arg)
{
    register uint32_t r0 __asm__("r0") = op;
    register const void *r1 __asm__("r1") = arg;
    __asm__ volatile("bkpt 0xAB" : "+r"(r0) : "r"(r1) : "memory");
}

static void sh_puts(const char *s)
{
    semihost(0x04u, s); /* SYS_WRITE0 */
}

static void __attribute__((noreturn)) sh_exit(int ok)
{
    /* SYS_EXIT: ADP_Stopped_ApplicationExit (QEMU exit 0) or
     * ADP_Stopped_RunTimeErrorUnknown (QEMU exit 1). */
    semihost(0x18u, (const void *)(uintptr_t)(ok ? 0x20026u : 0x20023u));
    for (;;) {
    }
}

__attribute__((section(".vectors"), used)) static void (*const vectors[16])(void) = {
    (void (*)(void))(uintptr_t)&_estack,
    cost_reset,
    cost_fault, cost_fault, cost_fault, cost_fault, cost_fault, /* NMI, HardFault, Mem, Bus, Usage */
    0, 0, 0, 0,
    cost_fault, cost_fault, 0, cost_fault, cost_fault,          /* SVC, Debug, -, PendSV, SysTick */
};

static void cost_fault(void)
{
    sh_puts("cost: fault\n");
    sh_exit(0);
}

void cost_reset(void)
{
    /* FPU access (CP10, CP11) before any float instruction. */
    *(volatile uint32_t *)0xE000ED88u |= 0xFu << 20;
    __asm__ volatile("dsb\n\tisb" ::: "memory");
    uint32_t *src = &_sidata;
    for (uint32_t *dst = &_sdata; dst < &_edata;)
        *dst++ = *src++;
    for (uint32_t *dst = &_sbss; dst < &_ebss;)
        *dst++ = 0;
    sh_exit(main() == 0);
}

/* ---- the instrument ----------------------------------------------------- */

#define TIM2_BASE 0x40000000u
#define TIM2_CR1  (*(volatile uint32_t *)(TIM2_BASE + 0x00u))
#define TIM2_CNT  (*(volatile uint32_t *)(TIM2_BASE + 0x24u))
#define TIM2_ARR  (*(volatile uint32_t *)(TIM2_BASE + 0x2Cu))
#define RCC_APB1ENR (*(volatile uint32_t *)0x40023840u)

static void timer_start(void)
{
    RCC_APB1ENR |= 1u; /* TIM2 clock (not modelled by QEMU, needed on silicon) */
    TIM2_ARR = 0xFFFFFFFFu;
    TIM2_CR1 = 1u;     /* count up, PSC = 0 from reset */
}

/* ---- measurement -------------------------------------------------------- */

enum { N = 3000, BLOCKS = 5 };
enum { B_MODEL, B_ATT, B_CTL, B_MIX, B_PIPE };
static const char *const block_name[BLOCKS] = {
    "vm_step", "att_update", "ctl_update", "mix_quadx", "att+ctl+mix",
};
static uint32_t samples[BLOCKS][N];

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static vm_t vm;
static att_t att;
static ctl_t ctl;

int main(void)
{
    char line[128];
    timer_start();

    /* Cost of an empty measurement: two back-to-back counter reads. */
    uint32_t empty = UINT32_MAX;
    for (int i = 0; i < 100; i++) {
        uint32_t a = TIM2_CNT;
        uint32_t b = TIM2_CNT;
        if (b - a < empty)
            empty = b - a;
    }
    if (empty == 0 || empty > 10) {
        snprintf(line, sizeof line, "cost: timer not counting (empty window %lu)\n", (unsigned long)empty);
        sh_puts(line);
        return 1;
    }

    ctl_config_t cfg;
    ctl_default_config(&cfg);
    vm_init(&vm, 21, NULL);
    vm_set_manoeuvre(&vm, VM_DYNAMIC);
    att_init(&att, ATT_KP_DEFAULT, ATT_KI_DEFAULT);
    ctl_init(&ctl, &cfg);
    vm_imu_t imu;
    vm_step(&vm, &imu);
    att_level(&att, imu.acc);
    float throttle = 0.35f, torque[3], motor[MIX_MOTORS];
    const float dt = vm.p.dt;
    unsigned flags = 0, thr_limited = 0;
    float max_roll = 0.0f;

    for (int i = 0; i < N; i++) {
        if (i == 1000)
            ctl_set_attitude(&ctl, 20.0f * FL_DEG2RAD, 0.0f, 0.0f);
        if (i == 2000) {
            throttle = 0.95f;
            ctl_set_attitude(&ctl, 0.0f, 0.0f, 0.0f);
        }
        uint32_t t0 = TIM2_CNT;
        vm_step(&vm, &imu);
        uint32_t t1 = TIM2_CNT;
        att_update(&att, imu.gyro, imu.acc, dt);
        uint32_t t2 = TIM2_CNT;
        ctl_update(&ctl, att.q, att.rate, dt, flags & MIX_LIM_AXES, torque);
        uint32_t t3 = TIM2_CNT;
        flags = mix_quadx(throttle, torque, 0.05f, motor);
        uint32_t t4 = TIM2_CNT;
        vm_set_motors(&vm, motor);
        samples[B_MODEL][i] = t1 - t0 - empty;
        samples[B_ATT][i] = t2 - t1 - empty;
        samples[B_CTL][i] = t3 - t2 - empty;
        samples[B_MIX][i] = t4 - t3 - empty;
        samples[B_PIPE][i] = samples[B_ATT][i] + samples[B_CTL][i] + samples[B_MIX][i];
        thr_limited += (flags & (MIX_THR_DOWN | MIX_THR_UP)) != 0;
        if (i >= 1000 && i < 2000) {
            float r, p, y;
            quat_to_euler(vm.q, &r, &p, &y);
            if (r > max_roll)
                max_roll = r;
        }
    }

    snprintf(line, sizeof line, "samples-hash %08lx\n", (unsigned long)flight_sample_hash(0xC0FFEEu, 10000));
    sh_puts(line);
    snprintf(line, sizeof line, "loop-hash %08lx\n", (unsigned long)flight_loop_hash(0xC0FFEEu, 3000));
    sh_puts(line);
    snprintf(line, sizeof line, "cost empty-window %lu (subtracted)\n", (unsigned long)empty);
    sh_puts(line);
    for (int b = 0; b < BLOCKS; b++) {
        qsort(samples[b], N, sizeof samples[b][0], cmp_u32);
        snprintf(line, sizeof line, "cost %s min %lu median %lu max %lu samples %d\n", block_name[b],
                 (unsigned long)samples[b][0], (unsigned long)samples[b][N / 2],
                 (unsigned long)samples[b][N - 1], N);
        sh_puts(line);
    }
    float r, p, y;
    quat_to_euler(vm.q, &r, &p, &y);
    long peak_mdeg = (long)(max_roll * FL_RAD2DEG * 1000.0f);
    long end_mdeg = (long)(r * FL_RAD2DEG * 1000.0f);
    snprintf(line, sizeof line, "check peak-roll-mdeg %ld final-roll-mdeg %ld throttle-limited-samples %u\n",
             peak_mdeg, end_mdeg, thr_limited);
    sh_puts(line);
    /* The loop must have flown: ~20 deg reached, level again at the end. */
    return (peak_mdeg > 19000 && peak_mdeg < 22000 && end_mdeg > -1000 && end_mdeg < 1000) ? 0 : 1;
}
