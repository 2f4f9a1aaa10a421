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
 * kernel/kernel.h), and no object is smaller than that word. With
 * VOS_CFG_CHECKS, a call on an object reads its tag, and only its tag,
 * before anything else of it: an object of another type, however small,
 * is refused after a read of its first 4 bytes, never beyond its end.
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
 * deleted so a stale pointer is refused. */
#define VOS_TAG_TASK   0x7A5C0001u
#define VOS_TAG_SEM    0x7A5C0002u
#define VOS_TAG_MUTEX  0x7A5C0003u
#define VOS_TAG_QUEUE  0x7A5C0004u
#define VOS_TAG_EVENT  0x7A5C0005u
#define VOS_TAG_HEAP   0x7A5C0006u
#define VOS_TAG_POOL   0x7A5C0007u
#define VOS_TAG_TIMER  0x7A5C0008u
#define VOS_TAG_CHAN   0x7A5C0009u   /* vaios/channel.h */
#define VOS_TAG_DOMAIN 0x7A5C000Au   /* vaios/domain.h, with VOS_CFG_MPU */
#define VOS_TAG_DEAD   0x7A5CDEADu

struct vos_task;

/* A wait queue: circular doubly linked list of tasks through their
 * next/prev links, highest effective priority first, FIFO among equals.
 * head == NULL when nobody waits. */
struct vos_waitq {
    struct vos_task *head;
};

#endif /* VAIOS_KOBJ_H */
