/* SPDX-License-Identifier: MIT */
/* The metric families, one file each, run in this order by main.c. */
#ifndef BENCH_FAMILIES_H
#define BENCH_FAMILIES_H

void bench_switching(void);   /* switching.c */
void bench_sync(void);        /* sync.c */
void bench_messaging(void);   /* messaging.c */
void bench_channel(void);     /* channel.c: send / receive / reply */
void bench_channel_long(void); /* channel.c: 1 KiB exchanges, crit_max's load only */
void bench_memory(void);      /* memory.c */
void bench_timing(void);      /* timing.c */
void bench_timers(void);      /* timers.c: software timers, scheduler lock */
void bench_interrupts(void);  /* interrupts.c */
void bench_threadmetric(void);/* threadmetric.c */
void bench_pipeline(void);    /* pipeline.c */
void bench_soak(void);        /* soak.c: minutes of simulated flight */
void bench_cmsis(void);       /* bench/os/vaios/cmsis_rows.c: VAIOS's CMSIS-RTOS2 layer */
void bench_mpu(void);         /* mpu.c (image of the MPU build) */
void bench_tracing(void);     /* tracing.c (image built with tracing) */

#endif
