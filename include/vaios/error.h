/* SPDX-License-Identifier: MIT */
/*
 * One error enum for the whole kernel. Every call that can fail returns one
 * of these; 0 is success and every failure has its own negative code, so a
 * caller (or a test) can tell exactly why a call was refused. No code is
 * ever reused for a second meaning.
 *
 * NULL pointers, one rule for every call: a kernel object the call takes
 * (the one it acts on, or another it is given: a task, the work item
 * submitted, the block freed) that is NULL, never initialised, deleted
 * or of another type is VOS_ERR_INVALID; any other pointer (an out
 * pointer, a buffer, a stack, an entry function or callback, an array of
 * regions) that is NULL where one is needed is VOS_ERR_ARG.
 */
#ifndef VAIOS_ERROR_H
#define VAIOS_ERROR_H

typedef enum {
    VOS_OK            =   0, /* success */
    VOS_ERR_TIMEOUT   =  -1, /* the timeout passed before the wait was satisfied */
    VOS_ERR_WOULD_BLOCK = -2,/* a non-blocking call (VOS_NO_WAIT, _isr form) found nothing */
    VOS_ERR_CONTEXT   =  -3, /* wrong calling context: blocking from an interrupt,
                                before the scheduler started, from the idle task */
    VOS_ERR_INVALID   =  -4, /* null, uninitialised or foreign object (type tag mismatch) */
    VOS_ERR_DELETED   =  -5, /* the object was deleted while the caller waited on it */
    VOS_ERR_NOT_OWNER =  -6, /* mutex released by a task that does not own it */
    VOS_ERR_OVERFLOW  =  -7, /* a count or nesting depth would pass its maximum */
    VOS_ERR_NO_MEMORY =  -8, /* allocation failed: no block large enough */
    VOS_ERR_ARG       =  -9, /* an argument is out of range (priority, size, length) */
    VOS_ERR_STATE     = -10, /* the object is not in a state that allows this call
                                (resume of a task not suspended, double free) */
    VOS_ERR_CORRUPT   = -11, /* an integrity check failed (overwritten header, guard) */
    VOS_ERR_DEADLOCK  = -12, /* the call would wait on itself (lock cycle, join of self) */
    VOS_ERR_ABORTED   = -13, /* the wait was ended by vos_task_abort_wait() */
    VOS_ERR_TOO_BIG   = -14, /* a message is longer than the buffer offered for it
                                (the true length is reported beside the code) */
    VOS_ERR_PERM      = -15, /* the caller's protection domain was not granted the
                                object or memory, or the priority is above its ceiling */
    VOS_ERR_LAYOUT    = -16, /* a memory region the MPU cannot express (size, alignment,
                                too many regions; on PMSAv8 regions that overlap) */
    VOS_ERR_NO_SERVICE = -17,/* a task-context software timer started while no timer
                                service task was ever created (its callback could
                                never run): vos_timer_service_start first */
    VOS_ERR_BUSY      = -18, /* the timer is stopped, but a callback of it is already
                                in progress in another context (started, or committed
                                to start) and runs to its end */
    VOS_ERR_LATE      = -19, /* vos_sleep_until's time had already passed when it was
                                called (a missed deadline): it returned at once, the miss
                                counted (vos_task_overruns) and traced (DEADLINE_MISS) */
    VOS_ERR_NO_RECORD = -20, /* no fault record is stored (vaios/fault.h: power-on,
                                or taken already) */
} vos_err_t;

/* Short, stable name of an error code, for logs and test output. */
const char *vos_strerror(int err);

#endif /* VAIOS_ERROR_H */
