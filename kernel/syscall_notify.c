/* SPDX-License-Identifier: MIT */
/*
 * The unprivileged notification calls (vaios/domain.h, VOS_CFG_MPU), in
 * their own file: a notification names a task, which every image has, so
 * the dispatch (kernel/domain.c) cannot rely on an init call to bring the
 * notification code in. Each call here carries a reference to the kernel
 * call it reaches (R_ARM_NONE: no bytes), so an image links notify.c
 * exactly when it uses one of these. They run unprivileged: registers only.
 * Numbers and argument blocks: kernel/syscall.h.
 */
#include "kernel.h"

#if VOS_CFG_MPU


#define NEEDS(fn) __asm__(".reloc ., R_ARM_NONE, " #fn)

int vos_u_notify_give(vos_task_t *t)
{
    NEEDS(vos_notify_give);
    return vos__syscall_trap(VOS__SYS_NOTIFY_GIVE, (uint32_t)(uintptr_t)t, 0, 0, 0);
}

int vos_u_notify_set(vos_task_t *t, uint32_t bits)
{
    NEEDS(vos_notify_set);
    return vos__syscall_trap(VOS__SYS_NOTIFY_SET, (uint32_t)(uintptr_t)t, bits, 0, 0);
}

int vos_u_notify_take(bool clear_on_exit, vos_dur_t timeout, uint32_t *value)
{
    NEEDS(vos_notify_take);
    return vos__syscall_trap(VOS__SYS_NOTIFY_TAKE, clear_on_exit, (uint32_t)(uintptr_t)value,
                    (uint32_t)timeout.cyc, (uint32_t)(timeout.cyc >> 32));
}

int vos_u_notify_wait(uint32_t bits, uint32_t clear_mask, vos_dur_t timeout, uint32_t *got)
{
    NEEDS(vos_notify_wait);
    struct vos__sys_wait_args a = { NULL, bits, clear_mask, got };
    return vos__syscall_trap(VOS__SYS_NOTIFY_WAIT, (uint32_t)(uintptr_t)&a, 0,
                    (uint32_t)timeout.cyc, (uint32_t)(timeout.cyc >> 32));
}

#else
typedef int vos__no_notify_syscalls;   /* an empty translation unit is not ISO C */
#endif /* VOS_CFG_MPU */
