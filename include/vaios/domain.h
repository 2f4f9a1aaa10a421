/* SPDX-License-Identifier: MIT */
/*
 * Protection domains (VOS_CFG_MPU=1 only; docs/api.md, "Protection
 * domains").
 *
 * A domain is a set of up to VOS_DOMAIN_REGIONS memory regions with access
 * rights (its code, data and peripherals), a priority ceiling, and the
 * kernel objects it was granted. Tasks created into a domain
 * (vos_task_create_in) run unprivileged: they reach memory only through
 * their domain's regions and their own stack, and the kernel only through
 * the vos_u_* calls below (SVC), which check every object against the
 * domain's grants and every buffer against its regions (VOS_ERR_PERM).
 * Tasks created with vos_task_create are privileged and form the kernel
 * domain, whose calls stay the direct function calls they always were.
 *
 * Regions follow PMSAv7 and are computed once, by vos_domain_init: a
 * region is a power of two of at least 32 bytes aligned to its size, or,
 * from 256 bytes, a run of whole eighths (subregions) of such a block;
 * anything else is refused with VOS_ERR_LAYOUT. On Armv8-M (PMSAv8) a
 * region is any range of whole 32-byte granules, and regions of one
 * domain that overlap are refused with VOS_ERR_LAYOUT (an access that two
 * enabled regions cover faults there). The switch loads a
 * domain's regions only when the incoming task's domain differs from the
 * one loaded.
 *
 * Priority ceiling: no task of a domain is created with, set to, or
 * inherits through the domain's own mutexes a priority above the ceiling
 * (VOS_ERR_PERM for the first two; for inheritance, a waiter of the same
 * domain lends at most the ceiling, and a mutex's own ceiling is cut to
 * it). A waiter of another domain, or a privileged task, lends its full
 * priority, so inheritance across domains works as without domains: a
 * domain's task that holds a mutex a higher task of another domain waits
 * for runs at that task's priority. A chain that passes through a task of
 * the domain is cut at the ceiling there.
 *
 * The domain object, its region table and its grant list are kernel
 * memory: they must stay outside every region the domain may write
 * (checked at init), as must every granted object.
 */
#ifndef VAIOS_DOMAIN_H
#define VAIOS_DOMAIN_H

#include <stddef.h>
#include <stdint.h>
#include "vaios/config.h"
#include "vaios/kobj.h"
#include "vaios/task.h"
#include "vaios/time.h"
#include "vaios/sem.h"
#include "vaios/mutex.h"
#include "vaios/queue.h"
#include "vaios/event.h"
#include "vaios/notify.h"
#include "vaios/channel.h"
#include "vaios/fault.h"

#if VOS_CFG_MPU

/* Access rights of a region, for the domain's (unprivileged) tasks;
 * privileged code keeps its access to everything. */
#define VOS_MEM_READ    0x1u
#define VOS_MEM_WRITE   0x2u    /* implies read */
#define VOS_MEM_EXEC    0x4u
#define VOS_MEM_DEVICE  0x8u    /* peripheral registers: device memory, never executed */

typedef struct vos_region {
    const void *base;
    size_t size;
    unsigned access;            /* VOS_MEM_* */
} vos_region_t;

/* Regions of a domain: MPU regions 0..3 (4: the running task's stack,
 * 6: the interrupt stack's guard, 7: the running task's stack guard). */
#define VOS_DOMAIN_REGIONS 4

/* Fault policy (vos_domain_set_fault_policy): what a fault of one of the
 * domain's tasks stops. */
#define VOS_FAULT_STOP_TASK   0   /* the faulting task only (the default) */
#define VOS_FAULT_STOP_DOMAIN 1   /* every task of the domain */

typedef struct vos_domain {
    uint32_t tag;                 /* VOS_TAG_DOMAIN */
    uint32_t mpu[2 * VOS_DOMAIN_REGIONS];  /* RBAR, RASR of regions 0..3, as
                                     the switch writes them (port_offsets.h) */
    const char *name;
    uint8_t ceiling;              /* highest priority of its tasks */
    uint8_t nregions;
    uint8_t policy;               /* VOS_FAULT_* */
    uint8_t reserved;
    vos_region_t region[VOS_DOMAIN_REGIONS];
    const void *const *grants;    /* the kernel objects it may use */
    size_t ngrants;
} vos_domain_t;

/* What vos_hook_fault reports (kind: VOS_FAULT_MEMORY, _BUS, _USAGE of
 * vaios/fault.h). */
typedef struct vos_fault {
    unsigned kind;                /* VOS_FAULT_MEMORY, _BUS, _USAGE */
    uintptr_t addr;               /* the faulting address (0 if the processor gave none) */
    uint32_t status;              /* the fault status register (CFSR) */
    struct vos_domain *domain;    /* the task's domain; NULL: the kernel's */
    unsigned stopped;             /* tasks stopped, the faulting one included */
} vos_fault_t;

/* Called when a task faulted (not its stack guard: vos_hook_stack_overflow),
 * after it (and with VOS_FAULT_STOP_DOMAIN every task of its domain) was
 * stopped (VOS_TASK_FAULTED, waits ended, mutexes released) and before
 * the next task runs; in the fault handler, kernel interrupts masked: it
 * may only note what happened (for a supervisor). Weak; the default does
 * nothing. A fault in an interrupt handler, or in a task holding the
 * kernel lock, halts the system instead. */
void vos_hook_fault(vos_task_t *t, const vos_fault_t *f);

/* Initialise d: name, priority ceiling (VOS_PRIO_MIN..VOS_PRIO_MAX), the
 * regions (copied) and the granted objects (the array is kept, not
 * copied: it must live as long as the domain and stay outside the
 * domain's writable regions).
 * Context: thread or before vos_start(); no task may be in d yet.
 * Errors: VOS_ERR_INVALID (d NULL; a grant that is not a kernel object),
 * VOS_ERR_ARG (regions or grants NULL with a count; ceiling out of
 * range, no access bit, an unknown bit, WRITE with EXEC or DEVICE with
 * EXEC), VOS_ERR_LAYOUT (more than VOS_DOMAIN_REGIONS regions, a region
 * the MPU cannot express; on PMSAv8 two regions that overlap), VOS_ERR_PERM (d, the grant list or a granted
 * object inside a region d may write), VOS_ERR_CONTEXT (interrupt),
 * VOS_ERR_STATE (d is a domain with tasks). */
int vos_domain_init(vos_domain_t *d, const char *name, unsigned ceiling,
                    const vos_region_t *regions, size_t nregions,
                    const void *const *grants, size_t ngrants);

/* What a fault of one of d's tasks stops (VOS_FAULT_STOP_*).
 * Errors: VOS_ERR_INVALID, VOS_ERR_ARG. */
int vos_domain_set_fault_policy(vos_domain_t *d, unsigned policy);

/* Create an unprivileged task in domain d (d NULL: a privileged task of
 * the kernel domain, as vos_task_create). As vos_task_create, and: prio at
 * most d's ceiling; the stack [stack, stack + stack_size) is the task's
 * own MPU region, so it must be one (a power of two of at least 256 bytes
 * aligned to its size, or whole eighths of one; on PMSAv8 whole 32-byte
 * granules) and lie outside d's
 * regions. Its guard is its lowest VOS_CFG_STACK_GUARD bytes, as for every
 * task. entry runs unprivileged; a return from it ends the task
 * (vos_u_task_exit).
 * Errors: those of vos_task_create, VOS_ERR_INVALID (d not a domain),
 * VOS_ERR_PERM (prio above the ceiling), VOS_ERR_LAYOUT (the stack). */
int vos_task_create_in(vos_domain_t *d, vos_task_t *t, const char *name, vos_entry_t entry,
                       void *arg, unsigned prio, void *stack, size_t stack_size);

/* The domain of t (NULL: the caller) into *out; NULL for the kernel
 * domain. Context: any. Errors: VOS_ERR_INVALID (t not a task),
 * VOS_ERR_ARG (out NULL). */
int vos_task_domain(const vos_task_t *t, vos_domain_t **out);

/* --- Calls of unprivileged tasks -----------------------------------------
 * Each is the call of the same name without "_u", made through SVC from a
 * task of a domain: the object must be one the domain was granted and
 * every buffer must lie in the task's stack or in a region of the domain
 * with the access the call needs (read for what is sent, write for what
 * is received), else VOS_ERR_PERM and nothing is done. The kernel's own
 * errors follow. From a privileged task they run with the kernel domain's
 * rights (everything). Not yet here: software timers (a domain reaches
 * them through a privileged task). */
int vos_u_yield(void);
int vos_u_sleep(vos_dur_t d);
int vos_u_sem_give(vos_sem_t *s);
int vos_u_sem_take(vos_sem_t *s, vos_dur_t timeout);
int vos_u_mutex_lock(vos_mutex_t *m, vos_dur_t timeout);
int vos_u_mutex_unlock(vos_mutex_t *m);
int vos_u_queue_send(vos_queue_t *q, const void *item, vos_dur_t timeout);
int vos_u_queue_recv(vos_queue_t *q, void *item_out, vos_dur_t timeout);
/* The caller's base priority (VOS_ERR_PERM above its domain's ceiling). */
int vos_u_set_priority(unsigned prio);
int vos_u_sleep_until(vos_time_t t);
/* vos_now() into *out (the cycle counter is not the task's to read). */
int vos_u_now(vos_time_t *out);
/* vos_task_state of a granted task. */
int vos_u_task_state(const vos_task_t *t);
int vos_u_event_set(vos_event_t *e, uint32_t bits);
int vos_u_event_clear(vos_event_t *e, uint32_t bits);
int vos_u_event_get(const vos_event_t *e, uint32_t *flags);
int vos_u_event_wait(vos_event_t *e, uint32_t bits, unsigned options, vos_dur_t timeout,
                     uint32_t *got);
/* Notifications: give/set name a granted task; take/wait are the
 * caller's own (no grant needed). */
int vos_u_notify_give(vos_task_t *t);
int vos_u_notify_set(vos_task_t *t, uint32_t bits);
int vos_u_notify_take(bool clear_on_exit, vos_dur_t timeout, uint32_t *value);
int vos_u_notify_wait(uint32_t bits, uint32_t clear_mask, vos_dur_t timeout, uint32_t *got);
/* Channels: the channel must be granted; each side's buffers are checked
 * against its own task's memory at its own call (the request and reply
 * buffers at the send, the receive buffer and client record at the
 * receive, the reply data and the handle at the reply), and the kernel
 * copies between the two: domains exchange messages without sharing
 * memory. A reply is accepted only for a client the caller holds, looked
 * for among its holds without reading through the handle: any other
 * handle (forged, stale, or held by another server) is VOS_ERR_STATE.
 * An SVC made inside an IT block is refused (VOS_ERR_ARG). */
int vos_u_msg_send(vos_chan_t *ch, const void *req, size_t req_len, void *reply,
                   size_t reply_cap, vos_dur_t timeout);
int vos_u_msg_receive(vos_chan_t *ch, void *buf, size_t cap, vos_msg_client_t *client,
                      vos_dur_t timeout);
int vos_u_msg_reply(const vos_msg_client_t *client, const void *data, size_t len, int status);
int vos_u_msg_signal(vos_chan_t *ch, uint32_t bits);
/* End the calling task (its entry's return does the same). */
void vos_u_task_exit(void) __attribute__((noreturn));

#endif /* VOS_CFG_MPU */
#endif /* VAIOS_DOMAIN_H */
