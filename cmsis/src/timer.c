/* SPDX-License-Identifier: MIT */
/*
 * CMSIS-RTOS2 timers over VAIOS software timers (vaios/timer.h). Callbacks
 * run in the kernel's timer service task, which the layer starts on first
 * use at VOS_CMSIS_TIMER_PRIO (above every CMSIS thread by default, like
 * a timer thread at osPriorityISR). A timer started for n ticks first
 * expires on the n-th tick boundary from now (the osDelay rule) and, when
 * periodic, every n ticks after that, without drift.
 */
#include "os2.h"

static uint64_t service_stack[VOS_CMSIS_TIMER_STACK / 8];
static bool service_started;

static void timer_entry(vos_timer_t *tm, void *arg)
{
    (void)tm;
    os2_timer_t *t = arg;
    t->func(t->arg);
}

static void *timer_delete_parts(void *obj)
{
    os2_timer_t *t = obj;
    vos_timer_delete(&t->tm);
    return NULL;
}

osTimerId_t osTimerNew(osTimerFunc_t func, osTimerType_t type, void *argument,
                       const osTimerAttr_t *attr)
{
    static const osTimerAttr_t defaults;
    if (os2_isr() || func == NULL || !os2_kernel_ready() ||
        (type != osTimerOnce && type != osTimerPeriodic))
        return NULL;
    if (attr == NULL)
        attr = &defaults;
    if (!service_started) {
        int err = vos_timer_service_start(VOS_CMSIS_TIMER_PRIO, service_stack, sizeof service_stack);
        if (err != VOS_OK && err != VOS_ERR_STATE)
            return NULL;
        service_started = true;
    }
    os2_timer_t *t = OS2_NEW(attr, t);
    if (t == NULL)
        return NULL;
    t->func = func;
    t->arg = argument;
    t->periodic = type == osTimerPeriodic;
    if (vos_timer_init(&t->tm, attr->name, timer_entry, t, 0) != VOS_OK) {
        os2_release(t, &t->h, NULL);
        return NULL;
    }
    return os2_live(t, &t->h, OS2_TAG_TIMER);
}

const char *osTimerGetName(osTimerId_t timer_id)
{
    return os2_name(timer_id, OS2_TAG_TIMER);
}

osStatus_t osTimerStart(osTimerId_t timer_id, uint32_t ticks)
{
    os2_timer_t *t = timer_id;
    if (os2_isr())
        return osErrorISR;
    if (!os2_valid(t, OS2_TAG_TIMER) || ticks == 0 || ticks == osWaitForever)
        return osErrorParameter;
    vos_dur_t period = t->periodic ? vos_cycles((uint64_t)ticks * VOS_CMSIS_TICK_CYCLES)
                                   : VOS_NO_WAIT;
    vos_time_t first = (os2_ktick() + ticks) * VOS_CMSIS_TICK_CYCLES;
    return vos_timer_start_at(&t->tm, first, period) == VOS_OK ? osOK : osErrorResource;
}

osStatus_t osTimerStop(osTimerId_t timer_id)
{
    os2_timer_t *t = timer_id;
    OS2_THREAD_CALL_ON(t, OS2_TAG_TIMER);
    int err = vos_timer_stop(&t->tm);
    /* VOS_ERR_BUSY: stopped, with a callback in progress in the service
     * thread; CMSIS stops the timer and says nothing about its callback. */
    return err == VOS_OK || err == VOS_ERR_BUSY ? osOK : osErrorResource;
}

uint32_t osTimerIsRunning(osTimerId_t timer_id)
{
    os2_timer_t *t = timer_id;
    if (os2_isr() || !os2_valid(t, OS2_TAG_TIMER))
        return 0;
    return vos_timer_active(&t->tm) == 1;
}

osStatus_t osTimerDelete(osTimerId_t timer_id)
{
    return os2_delete(timer_id, OS2_TAG_TIMER, timer_delete_parts);
}
