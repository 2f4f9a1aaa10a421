/* SPDX-License-Identifier: MIT */
/*
 * CMSIS-RTOS2 scheduler lock and suspension over the VAIOS scheduler lock
 * (vaios/sched.h).
 *
 * The CMSIS lock is one level (osKernelLock returns the previous state,
 * 0 or 1, and osKernelRestoreLock puts a state back); it is the kernel's
 * lock taken once. The kernel's lock belongs to the running task and is
 * dropped if that task ends, so the state is read from the kernel
 * (vos_sched_lock_depth), never remembered here. While it is held, calls
 * that would block return an error instead (VAIOS refuses to block with
 * the scheduler locked), polls work.
 *
 * osKernelSuspend takes the same lock (nothing is scheduled while the
 * system sleeps) and reports how many ticks remain until the next thread
 * becomes ready; osKernelResume adds the ticks slept that the time base
 * did not count, and drops the lock.
 */
#include "os2.h"

static bool suspended;
static uint64_t suspend_tick;   /* the time base's tick at osKernelSuspend */

bool os2_suspended(void)
{
    return suspended;
}

/* The CMSIS state of a started kernel, from the kernel's lock and the
 * suspension flag: the one place the lock calls read it, so they agree with
 * osKernelGetState. */
static osKernelState_t lock_state(void)
{
    if (!vos_running())
        return osKernelInactive;
    if (suspended)
        return osKernelSuspended;
    return vos_sched_lock_depth() > 0 ? osKernelLocked : osKernelRunning;
}

/* Lock, unlock and restore act only on a running or locked kernel: before
 * the start there is nothing to lock, and while suspended the lock is the
 * suspension's (osKernelResume drops it), so they return osError and leave
 * it alone. lock_put puts the lock in state lock (0 or 1) and returns what
 * the call it serves returns: the state put (osKernelRestoreLock) or the
 * state it found (osKernelLock, osKernelUnlock). Always inlined, so each
 * call compiles to the code it had alone: osKernelLock and
 * osKernelRestoreLock bracket every clock read of the CMSIS-RTOS2 bench
 * image (bench/os/cmsis_rtos2/osal_cmsis.c, os_now). */
static inline __attribute__((always_inline)) int32_t lock_put(int32_t lock, bool restore)
{
    if (os2_isr())
        return osErrorISR;
    osKernelState_t st = lock_state();
    if ((st != osKernelRunning && st != osKernelLocked) || (lock != 0 && lock != 1))
        return osError;
    int32_t ret = restore ? lock : st == osKernelLocked;
    if (lock == 1 && st == osKernelRunning)
        return vos_sched_lock() == VOS_OK ? ret : osError;
    if (lock == 0 && st == osKernelLocked)
        return vos_sched_unlock() == VOS_OK ? ret : osError;
    return ret;
}

int32_t osKernelLock(void)
{
    return lock_put(1, false);
}

int32_t osKernelUnlock(void)
{
    return lock_put(0, false);
}

int32_t osKernelRestoreLock(int32_t lock)
{
    return lock_put(lock, true);
}

/* Ticks until the next thread becomes ready (or a timer expires), from
 * the tick now. A sleep's event is its alarm, which wake on time programs
 * up to VOS_CFG_WAKE_LEAD_MAX cycles before its deadline; a CMSIS delay's
 * deadline is a tick boundary, so an event within that margin before a
 * boundary is counted at the boundary (the lead must not take a tick off
 * the answer). An event of a native task's own timeout that falls in that
 * margin is counted the same way: at most VOS_CFG_WAKE_LEAD_MAX cycles
 * later than it is. */
uint32_t osKernelSuspend(void)
{
    /* Only a running kernel is suspended: a locked one belongs to its
     * locker, whose lock osKernelResume would otherwise drop. */
    if (os2_isr() || lock_state() != osKernelRunning || vos_sched_lock() != VOS_OK)
        return 0;
    suspended = true;
    suspend_tick = os2_ktick();
    vos_time_t at;
    if (vos_next_event(&at) != VOS_OK)
        return osWaitForever;
#if VOS_CFG_WAKE_LEAD != 0
    at += VOS_CFG_WAKE_LEAD_MAX;
#endif
    uint64_t now = suspend_tick, then = at / VOS_CMSIS_TICK_CYCLES;
    if (then <= now)
        return 0;
    return then - now >= osWaitForever ? osWaitForever - 1u : (uint32_t)(then - now);
}

/* sleep_ticks is how long the system slept (the reference: with its timer
 * stopped). The time base's ticks since osKernelSuspend already count: only
 * the rest is added to the kernel's time (vos_time_skip: delays, timeouts
 * and timers that fall due are processed at once) and to the CMSIS tick
 * count. On a board whose counter kept running through the sleep that rest
 * is 0, so passing the time slept is right on both kinds of board. */
void osKernelResume(uint32_t sleep_ticks)
{
    if (os2_isr() || !suspended)
        return;
    uint64_t seen = os2_ktick() - suspend_tick;
    if (sleep_ticks > seen) {
        uint64_t add = sleep_ticks - seen;
        vos_crit_t k;
        (void)vos_crit_enter(&k);       /* a 64-bit word handlers read */
        os2_skipped_ticks += add;
        (void)vos_crit_exit(k);
        (void)vos_time_skip(vos_cycles(add * VOS_CMSIS_TICK_CYCLES));
    }
    suspended = false;
    vos_sched_unlock();
}
