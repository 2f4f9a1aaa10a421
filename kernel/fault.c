/* SPDX-License-Identifier: MIT */
/*
 * The fault record (vaios/fault.h): one sealed copy of the last fatal
 * fault's report, kept across a system reset.
 *
 * The store lives in the ".noinit" section, which the boards' linker
 * scripts (boards/include/stm32f4_sections.ld) place in RAM outside .data
 * and .bss: the start-up neither loads nor clears it, so a reset leaves
 * it as the fault handler wrote it. At power-on it holds whatever the RAM
 * holds; the magic word and the CRC-32 over the record tell a record from
 * that.
 *
 * Invariants: the store holds a record iff magic == STORE_MAGIC and crc is
 * the CRC-32 of rec; a record is only ever written whole by save, which
 * writes the magic last, and cleared by zeroing the magic.
 *
 * Nothing here may fault or take the kernel lock: save runs inside the
 * fault handler, whose stack may be the last of the main stack; it reads
 * the task's stack only inside the bounds its control block gives.
 */
#include <stddef.h>
#include "kernel.h"
#include "vaios/fault.h"

#define STORE_MAGIC 0x56464c54u          /* "VFLT" */

/* The ARMv7-M exception frame (the record's regs[] are its first words). */
#define EXC_RETURN_STD_FRAME 0x10u       /* EXC_RETURN bit 4: no FPU registers stacked */
#define FRAME_WORDS_FP       26u         /* r0-r3, r12, lr, pc, xPSR, s0-s15, FPSCR, pad */
#define XPSR_ALIGNED         0x200u      /* stacked xPSR bit 9: one word of padding above */

struct fault_store {
    uint32_t magic;
    uint32_t crc;
    vos_fault_record_t rec;
};

/* Not zeroed, not loaded (see the top): static storage duration without
 * an initialiser, in a section of its own. */
static struct fault_store store __attribute__((section(".noinit")));

/* CRC-32 (IEEE 802.3, reflected, polynomial 0xEDB88320) of n bytes: a
 * bitwise loop, no table, so an image pays a few dozen bytes for it. */
static uint32_t crc32(const void *p, size_t n)
{
    const uint8_t *b = p;
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= b[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
    }
    return ~c;
}

/* dst gets at most VOS_FAULT_NAME_LEN - 1 bytes of s, NUL-terminated and
 * padded with NULs (the record's checksum covers the padding). */
static void copy_name(char *dst, const char *s)
{
    size_t i = 0;
    if (s != NULL)
        for (; i < VOS_FAULT_NAME_LEN - 1 && s[i] != '\0'; i++)
            dst[i] = s[i];
    for (; i < VOS_FAULT_NAME_LEN; i++)
        dst[i] = '\0';
}

/* Fill the record's context from t and the frame at r->sp (see
 * vos_fault_record_save). The frame is read only where the caller said
 * it was stacked and, for a task, only inside its stack. */
static void fill_context(vos_fault_record_t *r, const vos_task_t *t)
{
    uintptr_t sp = r->sp;
    uintptr_t top = 0;                 /* end of the readable stack, 0: none known */
    bool frame = (r->flags & VOS_FAULT_REC_FRAME) != 0;
    copy_name(r->task, NULL);
    copy_name(r->domain, NULL);
    r->flags &= ~VOS_FAULT_REC_TASK;
    if (t != NULL) {
        uintptr_t lo = (uintptr_t)t->stack_base;
        top = lo + t->stack_size;
        r->flags |= VOS_FAULT_REC_TASK;
        copy_name(r->task, t->name);
#if VOS_CFG_MPU
        if (t->domain != NULL && t->domain != &vos__kernel_domain)
            copy_name(r->domain, t->domain->name);
#endif
        if (sp < lo || sp > top || top - sp < VOS_FAULT_REGS * 4u)
            frame = false;
    }
    if (!frame) {
        r->flags &= ~VOS_FAULT_REC_FRAME;
        for (unsigned i = 0; i < VOS_FAULT_REGS; i++)
            r->regs[i] = 0;
        r->nstack = 0;
        for (unsigned i = 0; i < VOS_FAULT_STACK_WORDS; i++)
            r->stack[i] = 0;
        return;
    }
    const uint32_t *f = (const uint32_t *)sp;
    for (unsigned i = 0; i < VOS_FAULT_REGS; i++)
        r->regs[i] = f[i];
    /* Where the task's own words begin: after the frame, which is longer
     * with the FPU's registers (EXC_RETURN bit 4 clear) and one word
     * longer when the processor aligned it (stacked xPSR bit 9). */
    uintptr_t above = sp + 4u * (((r->exc_return & EXC_RETURN_STD_FRAME) == 0 &&
                                  r->exc_return != 0) ? FRAME_WORDS_FP : VOS_FAULT_REGS);
    if ((r->regs[VOS_FAULT_XPSR] & XPSR_ALIGNED) != 0)
        above += 4u;
    uint32_t n = 0;
    if (t != NULL)
        while (n < VOS_FAULT_STACK_WORDS && above + 4u * (n + 1u) <= top) {
            r->stack[n] = ((const uint32_t *)above)[n];
            n++;
        }
    r->nstack = n;
    for (uint32_t i = n; i < VOS_FAULT_STACK_WORDS; i++)
        r->stack[i] = 0;
}

/* The stored record, checked: VOS_OK, VOS_ERR_NO_RECORD or VOS_ERR_CORRUPT. */
static int store_check(void)
{
    if (store.magic != STORE_MAGIC)
        return VOS_ERR_NO_RECORD;
    if (store.crc != crc32(&store.rec, sizeof store.rec))
        return VOS_ERR_CORRUPT;
    return VOS_OK;
}

void *vos__fault_store(size_t *size)
{
    *size = sizeof store;
    return &store;
}

int vos_fault_record_save(const vos_fault_record_t *r, const vos_task_t *t)
{
    VOS__CHECK(r != NULL, VOS_ERR_ARG);
    VOS__CHECK(t == NULL || t->tag == VOS_TAG_TASK, VOS_ERR_INVALID);
    VOS__CHECK(r->kind >= VOS_FAULT_MEMORY && r->kind <= VOS_FAULT_KIND_MAX &&
                   (r->flags & ~(VOS_FAULT_REC_FRAME | VOS_FAULT_REC_TASK)) == 0,
               VOS_ERR_ARG);
    store.magic = 0;                   /* a save cut short leaves no record */
    store.rec = *r;
    fill_context(&store.rec, t);
    store.crc = crc32(&store.rec, sizeof store.rec);
    store.magic = STORE_MAGIC;
    return VOS_OK;
}

int vos_fault_record_get(vos_fault_record_t *out)
{
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    int err = store_check();
    if (err == VOS_OK)
        *out = store.rec;
    return err;
}

int vos_fault_record_take(vos_fault_record_t *out)
{
    VOS__CHECK(out != NULL, VOS_ERR_ARG);
    int err = store_check();
    if (err == VOS_OK)
        *out = store.rec;
    if (err != VOS_ERR_NO_RECORD) {
        /* A save since the check rewrote the crc (or is writing, magic 0). */
        uint32_t crc = store.crc;
        if (err == VOS_ERR_CORRUPT || crc == crc32(out, sizeof *out))
            store.magic = 0;
    }
    return err;
}
