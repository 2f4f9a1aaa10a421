/* SPDX-License-Identifier: MIT */
/*
 * The Thread-Metric suite's RTOS-neutral service interface, as the suite's
 * tests use it (bench/threadmetric.c): every operation a test counts goes
 * through one of these functions, implemented by a kernel's porting layer
 * (bench/os/<kernel>/tm_port.c, a separate translation unit). Like the
 * suite's own porting layer, each is a real function, not an inline
 * wrapper: it maps the object id to the kernel object, calls the kernel,
 * and maps the kernel's status to TM_SUCCESS or TM_ERROR; the two calls a
 * test also makes from its interrupt handler (tm_thread_resume,
 * tm_semaphore_put) test the calling context first.
 *
 * Differences from the suite's interface (docs/threadmetric.md):
 * tm_thread_create takes the harness's priority (higher = more urgent) and
 * creates the thread ready in a harness task slot (bench/core.h) so that
 * the harness can join it; a thread that must start suspended suspends
 * itself first. The reporting thread and its sleep are the harness's.
 */
#ifndef BENCH_TM_API_H
#define BENCH_TM_API_H

#define TM_SUCCESS 0
#define TM_ERROR   1

#define TM_MAX_THREADS 5        /* ids 0 .. 4; the harness's reporter is slot 5 */
#define TM_BLOCK_SIZE  128      /* bytes of a memory-pool block */
#define TM_POOL_SIZE   2048     /* bytes of a memory pool, as the suite's reference port */
#define TM_QUEUE_SIZE  200      /* bytes of a queue of 16-byte messages, as that port */

/* Threads. Context: thread; tm_thread_resume also from the test's
 * interrupt handler. */
int  tm_thread_create(int thread_id, int priority, void (*entry_function)(void));
int  tm_thread_resume(int thread_id);
int  tm_thread_suspend(int thread_id);
void tm_thread_relinquish(void);

/* A queue of 16-byte messages (four unsigned longs); send and receive
 * never wait. Context: thread. */
int tm_queue_create(int queue_id);
int tm_queue_send(int queue_id, unsigned long *message_ptr);
int tm_queue_receive(int queue_id, unsigned long *message_ptr);

/* A binary semaphore created available; get never waits. Context:
 * thread; tm_semaphore_put also from the test's interrupt handler. */
int tm_semaphore_create(int semaphore_id);
int tm_semaphore_get(int semaphore_id);
int tm_semaphore_put(int semaphore_id);

/* A fixed-block pool of TM_BLOCK_SIZE-byte blocks in TM_POOL_SIZE bytes.
 * Context: thread. */
int tm_memory_pool_create(int pool_id);
int tm_memory_pool_allocate(int pool_id, unsigned char **memory_ptr);
int tm_memory_pool_deallocate(int pool_id, unsigned char *memory_ptr);

#endif /* BENCH_TM_API_H */
