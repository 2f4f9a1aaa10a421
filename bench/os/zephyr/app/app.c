/* SPDX-License-Identifier: MIT */
/* Zephyr's application target needs one source of its own: the image's
 * main() is the harness's (the module's library vaios_bench). */
typedef int vb_zephyr_app_unit;
