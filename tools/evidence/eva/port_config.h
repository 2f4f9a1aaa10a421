/* SPDX-License-Identifier: MIT */
/* The analyses' port_config.h: the Cortex-M port's options (tools/evidence/eva/port_impl.h). */
#ifndef VAIOS_PORT_CONFIG_H
#define VAIOS_PORT_CONFIG_H
#include "vaios/config.h"
#ifndef VOS_CFG_KERNEL_IRQ_PRIO
#define VOS_CFG_KERNEL_IRQ_PRIO 0x40
#endif
#endif
