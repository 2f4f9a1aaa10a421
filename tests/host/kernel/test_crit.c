/* SPDX-License-Identifier: MIT */
/*
 * Critical-section statistics (a kernel built with VOS_CFG_CRIT_STATS=1,
 * kernel/crit.c): the longest outermost section and the function that
 * ended it, the count of sections, nesting, reset, and the sections of
 * kernel calls from tasks and handlers. Kernel code takes no virtual time
 * on the host, so a section has a length only when the code inside it
 * moves the clock: outside a scenario, or in a handler, host_advance()
 * does that without leaving the section.
 *
 * The public sections (vos_crit_enter, vaios/critical.h) are the same
 * population: counted, timed, named after the function that ended them,
 * and the CMSIS-RTOS2 layer's own sections (cmsis/src, compiled into this
 * program) are among them.
 */
#include "harness.h"
#include "kernel.h"
#include "cmsis_os2.h"
#include "os2_vaios.h"

_Static_assert(VOS_CFG_CRIT_STATS, "this test needs a kernel with VOS_CFG_CRIT_STATS=1");

/* One section of n cycles, ended here (its site is this function). */
static void section_of(uint64_t n)
{
    uint32_t key = vos__lock();
    host_advance(n);
    vos__unlock(key);
}

/* Nested: only the outermost section is timed and counted; the inner
 * one's end names nothing. */
static void nested_of(uint64_t n)
{
    uint32_t outer = vos__lock();
    uint32_t inner = vos__lock();
    CHECK(inner != 0);
    host_advance(n);
    vos__unlock(inner);
    host_advance(n);
    vos__unlock(outer);
}

static void case_longest_section_and_site(void)
{
    struct vos_crit_stats st;
    CHECK_EQ(vos_crit_stats(NULL, false), VOS_ERR_ARG);
    CHECK_EQ(vos_crit_stats(&st, true), VOS_OK);

    section_of(250);
    CHECK_EQ(vos_crit_stats(&st, false), VOS_OK);
    CHECK_EQ(st.max, 250);
    CHECK_STR(st.site, "section_of");
    CHECK_EQ(st.count, 1);

    section_of(100);                        /* shorter: the maximum stays */
    nested_of(200);                         /* 400 in all, one section */
    CHECK_EQ(vos_crit_stats(&st, false), VOS_OK);
    CHECK_EQ(st.max, 400);
    CHECK_STR(st.site, "nested_of");
    CHECK_EQ(st.count, 3);

    CHECK_EQ(vos_crit_stats(&st, true), VOS_OK);   /* read, then reset */
    CHECK_EQ(st.max, 400);
    CHECK_EQ(vos_crit_stats(&st, false), VOS_OK);
    CHECK_EQ(st.max, 0);
    CHECK(st.site == NULL);
    CHECK_EQ(st.count, 0);
}

/* The kernel's own sections, from a task and from a handler: each call
 * counts its outermost sections, and a handler that computes inside a
 * section it holds sets the maximum, named after its own function. */
static vos_event_t ev;
static struct vos_crit_stats in_isr;

static void long_isr(void)
{
    CHECK_EQ(vos_event_set_isr(&ev, 0x2), VOS_OK);
    section_of(700);
    CHECK_EQ(vos_crit_stats(&in_isr, false), VOS_OK);   /* any context */
}

static void kernel_main(void *arg)
{
    (void)arg;
    struct vos_crit_stats a, b;
    CHECK_EQ(vos_event_init(&ev, 0), VOS_OK);
    CHECK_EQ(vos_crit_stats(&a, false), VOS_OK);
    CHECK_EQ(vos_event_set(&ev, 0x1), VOS_OK);
    CHECK_EQ(vos_crit_stats(&b, false), VOS_OK);
    CHECK(b.count > a.count);               /* the set took the lock */
    CHECK_EQ(b.max, 0);                     /* and no time */
    host_irq(long_isr);
    CHECK_EQ(in_isr.max, 700);
    CHECK_STR(in_isr.site, "section_of");
    CHECK(in_isr.count > b.count + 1);      /* the set's and the handler's own */
    uint32_t got;
    CHECK_EQ(vos_event_get(&ev, &got), VOS_OK);
    CHECK_EQ(got, 0x3);
}

/* A public section ended here: it is this function's. */
static void public_section_of(uint64_t n)
{
    vos_crit_t outer, inner;
    CHECK_EQ(vos_crit_enter(&outer), VOS_OK);
    CHECK_EQ(outer, 0);                     /* outermost */
    CHECK_EQ(vos_crit_enter(&inner), VOS_OK);
    CHECK(inner != 0);
    host_advance(n);
    CHECK_EQ(vos_crit_exit(inner), VOS_OK);
    CHECK_EQ(vos_crit_exit(outer), VOS_OK);
}

static void case_public_sections(void)
{
    struct vos_crit_stats st;
    CHECK_EQ(vos_crit_stats(&st, true), VOS_OK);
    CHECK_EQ(vos_crit_enter(NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_crit_stats(&st, false), VOS_OK);
    CHECK_EQ(st.count, 0);                  /* refused: nothing masked or counted */
    public_section_of(300);
    CHECK_EQ(vos_crit_stats(&st, false), VOS_OK);
    CHECK_EQ(st.count, 1);                  /* one outermost section */
    CHECK_EQ(st.max, 300);
    CHECK_STR(st.site, "public_section_of");
    section_of(100);                        /* a kernel-style one: the same count */
    CHECK_EQ(vos_crit_stats(&st, false), VOS_OK);
    CHECK_EQ(st.count, 2);
}

/* The CMSIS layer's sections count: osMutexNew is vos_mutex_init plus one
 * section of the layer's own (its registry), osMutexDelete the same with
 * vos_mutex_delete. Before the layer used vos_crit_enter its sections
 * were invisible to the statistics (and the deltas equal). */
static uint32_t sections_of(void (*fn)(void))
{
    struct vos_crit_stats a, b;
    CHECK_EQ(vos_crit_stats(&a, false), VOS_OK);
    fn();
    CHECK_EQ(vos_crit_stats(&b, false), VOS_OK);
    return b.count - a.count;
}

static vos_mutex_t plain;
static uint64_t cb[(VOS_CMSIS_MUTEX_CB_SIZE + 7u) / 8u];
static osMutexId_t mid;

static void kernel_mutex_init(void)   { CHECK_EQ(vos_mutex_init(&plain), VOS_OK); }
static void kernel_mutex_delete(void) { CHECK_EQ(vos_mutex_delete(&plain), VOS_OK); }
static void cmsis_mutex_new(void)
{
    static const osMutexAttr_t attr = { .cb_mem = cb, .cb_size = sizeof cb };
    mid = osMutexNew(&attr);
    CHECK(mid != NULL);
}
static void cmsis_mutex_delete(void)  { CHECK_EQ(osMutexDelete(mid), osOK); }

static void cmsis_main(void *arg)
{
    (void)arg;
    uint32_t kinit = sections_of(kernel_mutex_init);
    uint32_t knew = sections_of(cmsis_mutex_new);
    CHECK_EQ(knew, kinit + 1u);
    uint32_t kdel = sections_of(kernel_mutex_delete);
    uint32_t cdel = sections_of(cmsis_mutex_delete);
    CHECK_EQ(cdel, kdel + 1u);
}

static void case_cmsis_sections(void)
{
    CHECK_EQ(osKernelInitialize(), osOK);
    CHECK_EQ(t_run(cmsis_main, NULL, 5), HOST_IDLE);
}

static void case_kernel_sections(void)
{
    struct vos_crit_stats st;
    CHECK_EQ(vos_crit_stats(&st, true), VOS_OK);
    CHECK_EQ(t_run(kernel_main, NULL, 5), HOST_IDLE);
    CHECK_EQ(vos_crit_stats(&st, false), VOS_OK);
    CHECK_EQ(st.max, 700);                  /* nothing in the scenario was longer */
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        {"longest_section_and_site", case_longest_section_and_site},
        {"kernel_sections", case_kernel_sections},
        {"public_sections", case_public_sections},
        {"cmsis_sections", case_cmsis_sections},
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
