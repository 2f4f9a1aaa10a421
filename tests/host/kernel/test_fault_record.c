/* SPDX-License-Identifier: MIT */
/*
 * The fault record's store (kernel/fault.c): seal, check, fetch and clear,
 * on the host. What a reset keeps is shown on the emulated board
 * (tools/test_fault.py, fault_reset); here the store's bytes are the same
 * across the "boots" of one process, and the cases damage them directly
 * (vos__fault_store) to show what the magic and the checksum catch:
 *   - nothing stored: get and take find no record;
 *   - a save from a task's fault: the context filled from the task (name
 *     cut to fit, no domain), the frame's registers, the words above the
 *     frame up to the top of the stack, for a basic, an FPU and an
 *     aligned frame; a frame outside the task's stack read not at all;
 *   - get leaves the record, take clears it, a second save replaces it;
 *   - a damaged byte: VOS_ERR_CORRUPT, *out untouched, take clears it;
 *     a damaged magic: no record;
 *   - bad input refused with the store unchanged.
 */
#include <stdio.h>
#include "harness.h"
#include "kernel.h"

static uint32_t stack_area[64];        /* a task's stack, 256 bytes */
static vos_task_t task;

/* A task object as the fault path sees one: tag, name, stack bounds. */
static vos_task_t *fake_task(const char *name)
{
    memset(&task, 0, sizeof task);
    task.tag = VOS_TAG_TASK;
    task.name = name;
    task.stack_base = (uint8_t *)stack_area;
    task.stack_size = sizeof stack_area;
    for (unsigned i = 0; i < 64; i++)
        stack_area[i] = 0xC0000000u + i;
    return &task;
}

static vos_fault_record_t frame_at(unsigned word, uint32_t exc_return)
{
    vos_fault_record_t r = {
        .kind = VOS_FAULT_HARD,
        .flags = VOS_FAULT_REC_FRAME,
        .addr = 0xDEAD0000u,
        .cfsr = 0x10000u,
        .hfsr = 0x40000000u,
        .exc_return = exc_return,
        .sp = (uintptr_t)&stack_area[word],
    };
    return r;
}

static void clear_store(void)
{
    vos_fault_record_t r;
    (void)vos_fault_record_take(&r);
}

static void case_nothing_stored(void)
{
    vos_fault_record_t r;
    memset(&r, 0x77, sizeof r);
    clear_store();
    CHECK_EQ(vos_fault_record_get(&r), VOS_ERR_NO_RECORD);
    CHECK_EQ(vos_fault_record_take(&r), VOS_ERR_NO_RECORD);
    CHECK_EQ(r.kind, 0x77777777u);                  /* not written */
}

static void case_task_frame(void)
{
    vos_task_t *t = fake_task("a_long_task_name_cut");
    vos_fault_record_t in = frame_at(40, 0xFFFFFFFDu), out;
    in.flags |= VOS_FAULT_REC_TASK;                 /* the kernel decides it */
    strcpy(in.task, "garbage");
    CHECK_EQ(vos_fault_record_save(&in, t), VOS_OK);
    CHECK_EQ(in.regs[0], 0u);                       /* r itself not changed */
    CHECK_EQ(vos_fault_record_get(&out), VOS_OK);
    CHECK_EQ(out.kind, VOS_FAULT_HARD);
    CHECK_EQ(out.flags, VOS_FAULT_REC_FRAME | VOS_FAULT_REC_TASK);
    CHECK_EQ(out.addr, 0xDEAD0000u);
    CHECK_EQ(out.cfsr, 0x10000u);
    CHECK_EQ(out.hfsr, 0x40000000u);
    CHECK(strcmp(out.task, "a_long_task_nam") == 0);   /* 15 bytes and the NUL */
    CHECK(out.domain[0] == '\0');
    for (unsigned i = 0; i < VOS_FAULT_REGS; i++)
        CHECK_EQ(out.regs[i], 0xC0000000u + 40u + i);
    CHECK_EQ(out.nstack, VOS_FAULT_STACK_WORDS);
    for (unsigned i = 0; i < VOS_FAULT_STACK_WORDS; i++)
        CHECK_EQ(out.stack[i], 0xC0000000u + 48u + i);
}

static void case_frame_near_top(void)
{
    /* 8 frame words at 52..59: 4 words left above it */
    vos_fault_record_t in = frame_at(52, 0xFFFFFFFDu), out;
    CHECK_EQ(vos_fault_record_save(&in, fake_task("t")), VOS_OK);
    CHECK_EQ(vos_fault_record_get(&out), VOS_OK);
    CHECK_EQ(out.nstack, 4u);
    for (unsigned i = 0; i < 4; i++)
        CHECK_EQ(out.stack[i], 0xC0000000u + 60u + i);
    for (unsigned i = 4; i < VOS_FAULT_STACK_WORDS; i++)
        CHECK_EQ(out.stack[i], 0u);
}

static void case_fpu_and_aligned_frames(void)
{
    vos_fault_record_t in = frame_at(10, 0xFFFFFFEDu), out;   /* bit 4 clear */
    CHECK_EQ(vos_fault_record_save(&in, fake_task("t")), VOS_OK);
    CHECK_EQ(vos_fault_record_get(&out), VOS_OK);
    CHECK_EQ(out.stack[0], 0xC0000000u + 10u + 26u);
    fake_task("t");
    stack_area[10 + VOS_FAULT_XPSR] = 0x01000200u;           /* stacked xPSR bit 9 */
    in = frame_at(10, 0xFFFFFFFDu);
    CHECK_EQ(vos_fault_record_save(&in, &task), VOS_OK);
    CHECK_EQ(vos_fault_record_get(&out), VOS_OK);
    CHECK_EQ(out.regs[VOS_FAULT_XPSR], 0x01000200u);
    CHECK_EQ(out.stack[0], 0xC0000000u + 10u + 9u);
}

static void case_frame_outside_the_stack(void)
{
    uint32_t elsewhere[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
    vos_fault_record_t in = frame_at(0, 0xFFFFFFFDu), out;
    in.sp = (uintptr_t)elsewhere;
    CHECK_EQ(vos_fault_record_save(&in, fake_task("t")), VOS_OK);
    CHECK_EQ(vos_fault_record_get(&out), VOS_OK);
    CHECK_EQ(out.flags, VOS_FAULT_REC_TASK);        /* the frame not read */
    CHECK_EQ(out.regs[0], 0u);
    CHECK_EQ(out.nstack, 0u);
    in = frame_at(61, 0xFFFFFFFDu);                 /* 3 words: no room for a frame */
    CHECK_EQ(vos_fault_record_save(&in, &task), VOS_OK);
    CHECK_EQ(vos_fault_record_get(&out), VOS_OK);
    CHECK_EQ(out.flags, VOS_FAULT_REC_TASK);
    /* no task: the frame the caller vouches for, no stack words */
    in = frame_at(0, 0);
    in.sp = (uintptr_t)elsewhere;
    CHECK_EQ(vos_fault_record_save(&in, NULL), VOS_OK);
    CHECK_EQ(vos_fault_record_get(&out), VOS_OK);
    CHECK_EQ(out.flags, VOS_FAULT_REC_FRAME);
    CHECK_EQ(out.regs[VOS_FAULT_PC], 7u);
    CHECK_EQ(out.nstack, 0u);
    CHECK(out.task[0] == '\0');
}

static void case_get_take_replace(void)
{
    vos_fault_record_t in = { .kind = VOS_FAULT_BUS, .addr = 1 }, out;
    CHECK_EQ(vos_fault_record_save(&in, NULL), VOS_OK);
    in.addr = 2;
    CHECK_EQ(vos_fault_record_save(&in, NULL), VOS_OK);      /* replaces */
    CHECK_EQ(vos_fault_record_get(&out), VOS_OK);
    CHECK_EQ(out.addr, 2u);
    CHECK_EQ(vos_fault_record_get(&out), VOS_OK);            /* still there */
    memset(&out, 0, sizeof out);
    CHECK_EQ(vos_fault_record_take(&out), VOS_OK);
    CHECK_EQ(out.addr, 2u);
    CHECK_EQ(out.kind, VOS_FAULT_BUS);
    CHECK_EQ(vos_fault_record_get(&out), VOS_ERR_NO_RECORD);
    CHECK_EQ(vos_fault_record_take(&out), VOS_ERR_NO_RECORD);
}

static void case_damage(void)
{
    size_t size;
    uint8_t *b = vos__fault_store(&size);
    vos_fault_record_t in = { .kind = VOS_FAULT_MEMORY, .addr = 0x40 }, out;
    CHECK(size > sizeof in);
    for (size_t at = 4; at < size; at += 13) {     /* a byte of the crc or the record */
        CHECK_EQ(vos_fault_record_save(&in, NULL), VOS_OK);
        b[at] ^= 0x10u;
        memset(&out, 0x55, sizeof out);
        CHECK_EQ(vos_fault_record_get(&out), VOS_ERR_CORRUPT);
        CHECK_EQ(out.kind, 0x55555555u);
        CHECK_EQ(vos_fault_record_take(&out), VOS_ERR_CORRUPT);  /* and cleared */
        CHECK_EQ(out.kind, 0x55555555u);
        CHECK_EQ(vos_fault_record_get(&out), VOS_ERR_NO_RECORD);
    }
    for (size_t at = 0; at < 4; at++) {            /* the magic: power-on garbage */
        CHECK_EQ(vos_fault_record_save(&in, NULL), VOS_OK);
        b[at] ^= 0x01u;
        CHECK_EQ(vos_fault_record_get(&out), VOS_ERR_NO_RECORD);
        b[at] ^= 0x01u;
        CHECK_EQ(vos_fault_record_get(&out), VOS_OK);            /* the same record */
        CHECK_EQ(out.addr, 0x40u);
    }
    clear_store();
}

static void case_bad_input(void)
{
    size_t size;
    uint8_t *b = vos__fault_store(&size);
    uint8_t before[512];
    vos_fault_record_t in = { .kind = VOS_FAULT_USAGE, .addr = 9 }, out;
    vos_sem_t notask;
    memset(&notask, 0, sizeof notask);
    notask.tag = VOS_TAG_SEM;
    CHECK_EQ(vos_fault_record_save(&in, NULL), VOS_OK);
    CHECK(size <= sizeof before);
    memcpy(before, b, size);
    CHECK_EQ(vos_fault_record_save(NULL, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_fault_record_save(&in, (const vos_task_t *)(void *)&notask), VOS_ERR_INVALID);
    in.kind = 0;
    CHECK_EQ(vos_fault_record_save(&in, NULL), VOS_ERR_ARG);
    in.kind = VOS_FAULT_KIND_MAX + 1u;
    CHECK_EQ(vos_fault_record_save(&in, NULL), VOS_ERR_ARG);
    in.kind = VOS_FAULT_HARD;
    in.flags = 0x80u;
    CHECK_EQ(vos_fault_record_save(&in, NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_fault_record_get(NULL), VOS_ERR_ARG);
    CHECK_EQ(vos_fault_record_take(NULL), VOS_ERR_ARG);
    CHECK(memcmp(before, b, size) == 0);            /* nothing changed */
    CHECK_EQ(vos_fault_record_take(&out), VOS_OK);
    CHECK_EQ(out.addr, 9u);
}

int main(int argc, char **argv)
{
    static const struct t_case cases[] = {
        { "nothing_stored", case_nothing_stored },
        { "task_frame", case_task_frame },
        { "frame_near_top", case_frame_near_top },
        { "fpu_and_aligned_frames", case_fpu_and_aligned_frames },
        { "frame_outside_the_stack", case_frame_outside_the_stack },
        { "get_take_replace", case_get_take_replace },
        { "damage", case_damage },
        { "bad_input", case_bad_input },
    };
    return t_main(argc, argv, cases, sizeof cases / sizeof cases[0]);
}
