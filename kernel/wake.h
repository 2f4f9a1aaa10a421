/* SPDX-License-Identifier: MIT */
/*
 * Wake on time (VOS_CFG_WAKE_LEAD; kernel/sleep.c, "Wake on time"): what
 * the sleeps and the alarm interrupt (kernel/time.c) share. Included by
 * those two files only.
 *
 * With a calibrated lead (VOS_CFG_WAKE_LEAD < 0) the alarm interrupt times
 * its own entry and stamps the task it switches to; a sleeper learns the
 * wake-up path from its stamp (sleep.c). The state, every word written
 * with the kernel lock held:
 *   vos__wake_armed  (time.c) the low word of the time the alarm was last
 *                    programmed for (VOS__WAKE_ARMED, at every program);
 *   vos__wake_entry  (time.c) the shortest entry of the alarm interrupt
 *                    seen (its due time -> its first read of the time
 *                    base), UINT32_MAX until one; it only ever lowers, by
 *                    vos__wake_entry_set, until vos__wake_reset;
 *   vos__wake_seq    (time.c) the last stamp's number, in the bits above
 *                    VOS__WAKE_TIME_MASK: a stamp (a task's wait_arg while
 *                    it is ready) is that number with the low 24 bits of
 *                    the interrupt's entry time;
 *   vos__wake_lead   (sleep.c) the lead: 0 until both its parts are
 *                    known, never above VOS__WAKE_BOUND;
 *   vos__wake_w      (sleep.c) the wake proper's estimate, the port's
 *                    margin included;
 *   vos__wake_known  (sleep.c) a wake proper has been measured.
 * The lead is always vos__wake_entry + vos__wake_w within the bound once
 * both are known (vos__wake_lead_update keeps it so).
 *
 * The steps the alarm interrupt takes are inline here, so that the split
 * between the two files costs the interrupt no call.
 */
#ifndef VAIOS_KERNEL_WAKE_H
#define VAIOS_KERNEL_WAKE_H

#if VOS_CFG_WAKE_LEAD != 0
/* No lead, and no whole sleep spun, is longer than this. */
#define VOS__WAKE_BOUND ((uint32_t)VOS_CFG_WAKE_LEAD_MAX)
#endif

#if VOS_CFG_WAKE_LEAD < 0

#define VOS__WAKE_TIME_MASK 0x00FFFFFFu
#define VOS__WAKE_SEQ_ONE   0x01000000u   /* one stamp's number: above the time's 24 bits */
_Static_assert(VOS_CFG_WAKE_LEAD_MAX < VOS__WAKE_TIME_MASK / 2u,
               "a calibrated lead needs VOS_CFG_WAKE_LEAD_MAX below 2^23 (24-bit stamps)");

extern uint32_t vos__wake_armed;
extern uint32_t vos__wake_entry;
extern uint32_t vos__wake_seq;
extern uint32_t vos__wake_lead;
extern uint32_t vos__wake_w;
extern bool vos__wake_known;

/* The lead from its two parts, within the bound; unchanged until both are
 * known. Lock held. */
static inline void vos__wake_lead_update(void)
{
    if (!vos__wake_known || vos__wake_entry > VOS__WAKE_BOUND)
        return;
    uint32_t lead = vos__wake_entry + vos__wake_w;
    vos__wake_lead = lead < VOS__WAKE_BOUND ? lead : VOS__WAKE_BOUND;
}

/* A shorter entry of the alarm interrupt (vos__alarm_isr). Lock held. */
static inline void vos__wake_entry_set(uint32_t a)
{
    vos__wake_entry = a;
    vos__wake_lead_update();
}

/* The alarm is programmed for next (time.c's alarm_program). Lock held. */
#define VOS__WAKE_ARMED(next) (vos__wake_armed = (uint32_t)(next))

/* Forget the calibration (vos__time_reset, the host port's vos__reset).
 * Lock held. */
void vos__wake_reset(void);

#else
#define VOS__WAKE_ARMED(next) ((void)0)
#define vos__wake_reset() ((void)0)
#endif /* VOS_CFG_WAKE_LEAD < 0 */

#endif /* VAIOS_KERNEL_WAKE_H */
