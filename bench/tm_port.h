/* SPDX-License-Identifier: MIT */
/*
 * What the Thread-Metric porting layers (bench/os/<kernel>/tm_port.c)
 * share, kernel-neutral: the message and object counts, and the threads,
 * which live in the harness's task slots (bench/tm_threads.c creates them
 * with vb_spawn). Each layer does the rest against its own kernel's
 * public API only.
 */
#ifndef BENCH_TM_PORT_H
#define BENCH_TM_PORT_H

#include "core.h"
#include "tm_api.h"

#define TM_QUEUE_MSG   16                       /* bytes of a message */
#define TM_QUEUE_DEPTH (TM_QUEUE_SIZE / TM_QUEUE_MSG)
/* One object of each kind, as in the suite's reference port; still an
 * array indexed by the suite's id, so each call pays the lookup. */
#define TM_OBJECTS     1

_Static_assert(sizeof(unsigned long) * 4 == TM_QUEUE_MSG, "a message is four unsigned longs");

/* The harness task of each thread id, set by tm_thread_create. */
extern os_task_t *tm_threads[TM_MAX_THREADS];

#endif /* BENCH_TM_PORT_H */
