/* SPDX-License-Identifier: MIT */
/*
 * Minimal test harness of the flight host tests: each test is a void
 * function run by run(); its checks record the first failure, its figures
 * are appended to its single output line.
 */
#ifndef VAIOS_TEST_FLIGHT_HARNESS_H
#define VAIOS_TEST_FLIGHT_HARNESS_H

#include "quat.h"

/* Records the first failed check of the running test (printf format). */
void check_failed(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond))                                                       \
            check_failed(__VA_ARGS__);                                     \
    } while (0)

/* Appends a measured figure (printf format) to the test's output line. */
void fig(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Runs one test and prints "PASS name: figures" or
 * "FAIL name: first failure | figures". */
void run(const char *name, void (*fn)(void));

/* Prints "N passed, M failed"; returns the process exit status. */
int summary(void);

static inline double deg(float rad)
{
    return (double)(rad * FL_RAD2DEG);
}

/* The PID and closed-loop tests (test_control.c). */
void control_tests(void);

#endif /* VAIOS_TEST_FLIGHT_HARNESS_H */
