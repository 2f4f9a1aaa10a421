/* SPDX-License-Identifier: MIT */
/*
 * The misuse matrix (issue 21): one table of probes, each a public call
 * made with one class of bad (or boundary) input in one calling context,
 * with the result the documentation promises. See misuse_matrix.c.
 */
#ifndef VAIOS_TEST_MISUSE_MATRIX_H
#define VAIOS_TEST_MISUSE_MATRIX_H

struct mm_result {
    unsigned run;        /* probes run in this configuration */
    unsigned skipped;    /* probes of checks that VOS_CFG_CHECKS = 0 removes */
    unsigned failed;
    unsigned calls;      /* distinct calls in the table */
    unsigned classes;    /* distinct input classes in the table */
    unsigned above;      /* generated probes from above the kernel's level */
    unsigned no_service; /* generated timer starts without the timer service */
};

/* Run every probe that applies to this build's VOS_CFG_CHECKS, each in
 * its own scenario; prints a line per failed probe. Outside a scenario. */
struct mm_result mm_run(void);

#endif /* VAIOS_TEST_MISUSE_MATRIX_H */
