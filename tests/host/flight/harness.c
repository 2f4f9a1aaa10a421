/* SPDX-License-Identifier: MIT */
/* Test harness of the flight host tests (see harness.h). */
#include "harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int g_passed, g_failed;
static int g_ok;
static char g_why[256];
static char g_figs[768];

void check_failed(const char *fmt, ...)
{
    if (g_ok) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(g_why, sizeof g_why, fmt, ap);
        va_end(ap);
    }
    g_ok = 0;
}

void fig(const char *fmt, ...)
{
    size_t len = strlen(g_figs);
    if (len + 3 >= sizeof g_figs)
        return;
    if (len > 0) {
        g_figs[len++] = ';';
        g_figs[len++] = ' ';
        g_figs[len] = '\0';
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_figs + len, sizeof g_figs - len, fmt, ap);
    va_end(ap);
}

void run(const char *name, void (*fn)(void))
{
    g_ok = 1;
    g_why[0] = '\0';
    g_figs[0] = '\0';
    fn();
    if (g_ok) {
        g_passed++;
        printf("PASS %s: %s\n", name, g_figs);
    } else {
        g_failed++;
        printf("FAIL %s: %s | %s\n", name, g_why, g_figs);
    }
    fflush(stdout);
}

int summary(void)
{
    printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed ? 1 : 0;
}
