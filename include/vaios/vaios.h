/* SPDX-License-Identifier: MIT */
/*
 * VAIOS public API: include this one header.
 *
 * Naming: public calls are vos_*, interrupt-safe forms end in _isr. Every
 * call that can fail returns an int: VOS_OK (0) or a negative vos_err_t.
 */
#ifndef VAIOS_H
#define VAIOS_H

#include "vaios/config.h"
#include "vaios/error.h"
#include "vaios/time.h"
#include "vaios/kobj.h"
#include "vaios/task.h"
#include "vaios/sched.h"
#include "vaios/hooks.h"
#include "vaios/crit.h"
#include "vaios/timer.h"
#if defined(__has_include)
#if __has_include("vaios/sem.h")
#include "vaios/sem.h"
#endif
#if __has_include("vaios/mutex.h")
#include "vaios/mutex.h"
#endif
#if __has_include("vaios/queue.h")
#include "vaios/queue.h"
#endif
#if __has_include("vaios/event.h")
#include "vaios/event.h"
#endif
#if __has_include("vaios/notify.h")
#include "vaios/notify.h"
#endif
#if __has_include("vaios/channel.h")
#include "vaios/channel.h"
#endif
#if __has_include("vaios/heap.h")
#include "vaios/heap.h"
#endif
#if __has_include("vaios/pool.h")
#include "vaios/pool.h"
#endif
#if __has_include("vaios/trace.h")
#include "vaios/trace.h"
#endif
#if __has_include("vaios/domain.h")
#include "vaios/domain.h"      /* empty unless VOS_CFG_MPU */
#endif
#endif

#define VAIOS_VERSION "0.1.0"

#endif /* VAIOS_H */
