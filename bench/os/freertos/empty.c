/* SPDX-License-Identifier: MIT */
/* An executable needs one source of its own: the firmware's main() is the
 * harness's (vaios_bench_freertos). */
typedef int vb_freertos_empty_unit;
