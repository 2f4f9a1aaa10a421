/* SPDX-License-Identifier: MIT */
/*
 * The benchmark image: runs every metric family in turn from the main
 * task and prints "@VOS" result lines (see docs/results-json.md), read by
 * tools/vaios_report.py.
 */
#include "core.h"
#include "families.h"

/* How the idle task waits in this image: defined by an idle body that
 * replaces the port's WFI (boards/netduinoplus2/idle_exact.c). */
extern const char vb_idle_mode[] __attribute__((weak));

static void bench_main(void *arg)
{
    (void)arg;
    vb_calibrate();
    vb_print_config();
    board_printf("@VOS config idle=\"%s\"\n", vb_idle_mode != NULL ? vb_idle_mode : "wfi");
    board_printf("@VOS config empty_measurement=%lu note=\"subtracted from every sample whose start point is a counter read\"\n",
                 (unsigned long)vb_overhead);

    /* The registry (bench/families.def) in its order: each family runs, or
     * its ids are skipped with the reason, or left to the image or tool
     * that measures them; an instrumented image runs its family alone. */
    const struct vb_family *alone = vb_family_alone();
    if (alone != NULL) {
        alone->run();
    } else {
        for (unsigned i = 0; i < vb_nfamilies; i++) {
            const struct vb_family *f = &vb_families[i];
            bool left;
            const char *why = vb_family_why(f, &left);
            if (why == NULL)
                f->run();
            else if (!left)
                vb_family_skip(f, why);
        }
    }
    board_printf("@VOS done 0\n");
    board_exit(0);
}

int main(void)
{
    return vb_start("bench", bench_main);
}
