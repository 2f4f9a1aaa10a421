/* SPDX-License-Identifier: MIT */
/*
 * Absolute times and durations are distinct types: each CASE below other
 * than 0 mixes them up and must not compile (run.sh checks that it fails,
 * and fails for the type, not for anything else); CASE 0 is the same code
 * written correctly and must compile.
 */
#include "vaios/vaios.h"

int use(vos_sem_t *s);

int use(vos_sem_t *s)
{
    vos_time_t t = vos_now();
    vos_dur_t d = vos_ms(1);
#if CASE == 0
    vos_time_t later = vos_time_add(t, d);
    int r = vos_sleep(d) + vos_sleep_until(later) + vos_sem_take(s, vos_cycles(t));
    return r + (int)vos_dur_cycles(d);
#elif CASE == 1
    return vos_sleep(t) + (int)vos_dur_cycles(d);           /* a time as a duration */
#elif CASE == 2
    (void)t;
    return vos_sleep_until(d);                              /* a duration as a time */
#elif CASE == 3
    (void)d;
    return vos_sem_take(s, t);                              /* a time as a timeout */
#elif CASE == 4
    vos_time_t later = t + d;                               /* time + duration: vos_time_add */
    return vos_sleep_until(later);
#elif CASE == 5
    (void)s;
    return vos_sleep(vos_dur_cycles(d)) + (int)t;           /* raw cycles as a duration */
#endif
}
