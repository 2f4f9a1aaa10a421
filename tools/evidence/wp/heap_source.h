/* SPDX-License-Identifier: MIT */
/*
 * The code the heap proofs are about: the kernel file tools/evidence/run.py
 * names EV_SOURCE (the one defining the run's source function, kernel/heap.c
 * today). Every proof file that needs the kernel's code or types includes
 * this header, so a run reads the kernel once however many proof files it
 * combines.
 */
#ifndef EV_WP_HEAP_SOURCE_H
#define EV_WP_HEAP_SOURCE_H
#include EV_SOURCE
#endif
