/* SPDX-License-Identifier: MIT */
/*
 * Tracing compiled out (VOS_CFG_TRACE == 0): every hook is ((void)0) and
 * does not evaluate its arguments; the public API still links and answers
 * "no buffer". The object code of the hooks is compared with hook-free
 * code by run.sh (hooks_site.c).
 */
#include <stdio.h>
#include "kernel.h"
#include "vaios/trace.h"

_Static_assert(VOS_CFG_TRACE == 0, "this test is built with tracing off");

static int evaluated;

/* Only named inside hooks, which drop their arguments. */
__attribute__((unused)) static void *touch(void)
{
    evaluated++;
    return NULL;
}

static void put(const char *line)
{
    (void)line;
    evaluated++;
}

int main(void)
{
    VOS_TRACE_TASK_CREATE(touch(), "x", evaluated++);
    VOS_TRACE_TASK_SWITCH(touch(), touch(), evaluated++);
    VOS_TRACE_TASK_READY(touch());
    VOS_TRACE_TASK_BLOCK(touch(), touch(), evaluated++);
    VOS_TRACE_TASK_PRIORITY(touch(), evaluated++, evaluated++, evaluated++);
    VOS_TRACE_ISR_ENTER(evaluated++);
    VOS_TRACE_ISR_EXIT(evaluated++);
    VOS_TRACE_SEM_GIVE(touch(), evaluated++);
    VOS_TRACE_SEM_TAKE(touch(), evaluated++);
    VOS_TRACE_MUTEX_LOCK(touch(), evaluated++, touch());
    VOS_TRACE_MUTEX_UNLOCK(touch(), evaluated++, touch());
    VOS_TRACE_QUEUE_SEND(touch(), evaluated++);
    VOS_TRACE_QUEUE_RECV(touch(), evaluated++);
    VOS_TRACE_EVENT_SET(touch(), evaluated++, evaluated++);
    VOS_TRACE_EVENT_WAIT(touch(), evaluated++, evaluated++);
    VOS_TRACE_HEAP_ALLOC(touch(), touch(), evaluated++, evaluated++);
    VOS_TRACE_HEAP_FREE(touch(), touch(), evaluated++, evaluated++);
    VOS_TRACE_POOL_ALLOC(touch(), touch(), evaluated++);
    VOS_TRACE_POOL_FREE(touch(), touch(), evaluated++);
    VOS_TRACE_DEADLINE_MISS(touch(), evaluated++);
    VOS_TRACE_MARKER(evaluated++, evaluated++);

    const void *p = &p;
    size_t len = 1;
    int fails = 0;
    vos_trace_start();
    vos_trace_marker(1, 2);
    vos_trace_task_name(NULL, "x");
    vos_trace_stop();
    vos_trace_clear();
    fails += vos_trace_buffer(&p, &len) != VOS_ERR_STATE || p != NULL || len != 0;
    fails += vos_trace_emit(put) != VOS_ERR_STATE;
    fails += evaluated != 0;
    printf("trace off: hooks evaluated %d argument(s), API %s\n", evaluated,
           fails ? "WRONG" : "answers no buffer");
    return fails != 0;
}
