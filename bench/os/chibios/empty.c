/* SPDX-License-Identifier: MIT */
/* An executable needs one source of its own: the firmware's main() is the
 * harness's (vaios_bench_chibios, tm_suite_chibios). */
typedef int vb_chibios_empty_unit;
