/* SPDX-License-Identifier: MIT */
/*
 * What every kernel object has in common: a type tag as its first word, so
 * that a null, uninitialised or foreign pointer handed to a call is refused
 * with VOS_ERR_INVALID instead of being used, and a wait queue of tasks in
 * priority order (FIFO among equals).
 *
 * The guarantee, exactly: every kernel object type (vos_task_t, vos_sem_t,
 * vos_mutex_t, vos_queue_t, vos_event_t, vos_heap_t, vos_pool_t) begins
 * with `uint32_t tag` at offset 0 (checked at compile time in
 * kernel/kernel.h), and no object is smaller than two words (pointer
 * words: 8 bytes on the target; also checked there). With VOS_CFG_CHECKS,
 * a call on an object reads nothing of it beyond its first two words
 * before its tag: most read the tag first; the lock-free fast paths of
 * semaphores and mutexes read their count or owner word (the second word,
 * checked in sem.c and mutex.c) by load-linked and then the tag inside
 * the same window. So an object of another kernel type is refused after a
 * read of at most its first two words, never beyond its end, and nothing
 * of it is written.
 * The check cannot tell a live object from memory that happens to hold
 * the right tag value (chance about 2^-32 for random data).
 *
 * Objects are declared by the application (static, on a stack, or in heap
 * memory) and initialised with their vos_X_init call; the fields are the
 * kernel's and are not to be touched by the application.
 */
#ifndef VAIOS_KOBJ_H
#define VAIOS_KOBJ_H

#include <stdint.h>

/* Type tags: distinct, unlikely bit patterns, all of them here so that no
 * two collide (a channel and a domain once did); cleared when an object is
 * deleted so a stale pointer is refused. Each is a byte repeated four
 * times (0xB1..0xBD, no common fill byte: not 0x00, 0xFF, 0xA5, 0x5A,
 * 0xCD), which Thumb-2 encodes as a compare's immediate: a tag check is a
 * load and a compare, with no literal and no register to hold it. */
#define VOS_TAG_TASK   0xB1B1B1B1u
#define VOS_TAG_SEM    0xB2B2B2B2u
#define VOS_TAG_MUTEX  0xB3B3B3B3u
#define VOS_TAG_QUEUE  0xB4B4B4B4u
#define VOS_TAG_EVENT  0xB5B5B5B5u
#define VOS_TAG_HEAP   0xB6B6B6B6u
#define VOS_TAG_POOL   0xB7B7B7B7u
#define VOS_TAG_TIMER  0xB8B8B8B8u
#define VOS_TAG_CHAN   0xB9B9B9B9u   /* vaios/channel.h */
#define VOS_TAG_DOMAIN 0xBABABABAu   /* vaios/domain.h, with VOS_CFG_MPU */
#define VOS_TAG_WORK   0xBBBBBBBBu   /* vaios/workq.h: a work item */
#define VOS_TAG_WORKQ  0xBCBCBCBCu   /* vaios/workq.h: a work queue */
#define VOS_TAG_STATS  0xBDBDBDBDu   /* vaios/stats.h: a reading the kernel filled */
#define VOS_TAG_DEAD   0x7A5CDEADu

struct vos_task;

/* A wait queue: circular doubly linked list of tasks through their
 * next/prev links, highest effective priority first, FIFO among equals.
 * head == NULL when nobody waits. */
struct vos_waitq {
    struct vos_task *head;
};

#endif /* VAIOS_KOBJ_H */
