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
#include "vaios/critical.h"
#include "vaios/timer.h"
#include "vaios/workq.h"
#include "vaios/sem.h"
#include "vaios/mutex.h"
#include "vaios/queue.h"
#include "vaios/event.h"
#include "vaios/notify.h"
#include "vaios/channel.h"
#include "vaios/heap.h"
#include "vaios/pool.h"
#include "vaios/trace.h"
#include "vaios/fault.h"
#include "vaios/stats.h"      /* empty unless VOS_CFG_RUNTIME_STATS */
#include "vaios/domain.h"      /* empty unless VOS_CFG_MPU */

#include "vaios/version.h"   /* VAIOS_VERSION, VAIOS_VERSION_MAJOR/MINOR/PATCH */

#endif /* VAIOS_H */
