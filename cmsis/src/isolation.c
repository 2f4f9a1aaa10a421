/* SPDX-License-Identifier: MIT */
/*
 * The process-isolation part of CMSIS-RTOS2 (MPU zones, safety classes,
 * thread watchdogs, fault recovery) and processor affinity.
 *
 * VAIOS runs every thread privileged, on one processor, without MPU zones
 * or safety classes. So: every object is of safety class 0 and every
 * thread's zone is the one its attributes named (0 if none); the calls
 * that would act on classes, zones or watchdogs return osError ("not
 * possible in this kernel"); osThreadProtectPrivileged does what it says
 * (later requests for osThreadPrivileged threads fail); affinity accepts
 * only processor 0. docs/cmsis-rtos2.md lists these choices.
 */
#include "os2.h"

bool os2_privileged_protected;

/* The calls on safety classes and thread watchdogs, which this kernel does
 * not have: osError, or osErrorISR from an interrupt handler (where the
 * reference forbids each of them). Their arguments do not matter. */
static osStatus_t not_supported(uint32_t arg, uint32_t arg2)
{
    (void)arg;
    (void)arg2;
    return os2_isr() ? osErrorISR : osError;
}

osStatus_t osKernelProtect(uint32_t safety_class)
{
    return not_supported(safety_class, 0);
}

osStatus_t osKernelDestroyClass(uint32_t safety_class, uint32_t mode)
{
    return not_supported(safety_class, mode);
}

uint32_t osThreadGetClass(osThreadId_t thread_id)
{
    return os2_thread_valid(thread_id) ? 0u : osErrorId;
}

uint32_t osThreadGetZone(osThreadId_t thread_id)
{
    const os2_thread_t *th = thread_id;
    if (!os2_thread_valid(th))
        return osErrorId;
    return (th->attr_bits & osThreadZone_Valid) ? (th->attr_bits & osThreadZone_Msk) >> osThreadZone_Pos
                                                : 0u;
}

osStatus_t osThreadFeedWatchdog(uint32_t ticks)
{
    return not_supported(ticks, 0);
}

osStatus_t osThreadProtectPrivileged(void)
{
    if (os2_isr())
        return osErrorISR;
    os2_privileged_protected = true;
    return osOK;
}

osStatus_t osThreadSuspendClass(uint32_t safety_class, uint32_t mode)
{
    return not_supported(safety_class, mode);
}

osStatus_t osThreadResumeClass(uint32_t safety_class, uint32_t mode)
{
    return not_supported(safety_class, mode);
}

osStatus_t osThreadTerminateZone(uint32_t zone)
{
    (void)zone;
    return osError;
}

osStatus_t osThreadSetAffinityMask(osThreadId_t thread_id, uint32_t affinity_mask)
{
    if (os2_isr())
        return osErrorISR;
    if (!os2_thread_valid(thread_id) || (affinity_mask & ~1u))
        return osErrorParameter;
    return osOK;
}

uint32_t osThreadGetAffinityMask(osThreadId_t thread_id)
{
    if (os2_isr() || !os2_thread_valid(thread_id))
        return 0;
    return 1u;
}

/* VAIOS does not resume from a fault exception: a faulted thread is
 * stopped by the kernel (stack overflow) or the board's fault handler
 * reports and halts. A fault handler that calls this halts the system. */
void osFaultResume(void)
{
    vos_halt("osFaultResume: VAIOS does not resume after a fault");
}
