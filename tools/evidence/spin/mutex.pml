/* SPDX-License-Identifier: MIT */
/*
 * kernel/mutex.c's lock and unlock (the owner word's LL/SC fast paths,
 * the slow paths under the kernel lock, the hand-over to the first waiter)
 * and delete, as a Promela model for SPIN (docs/evidence.md). The machine
 * is sem.pml's: two tasks (T0 outranks T1), interrupts whole between any
 * two task steps, every interrupt return and switch clears the exclusive
 * monitor, a store-conditional may fail for no reason, a slow path is one
 * step. The tasks also sleep (a plain delay an interrupt ends), so that
 * one task can run inside the other's LL/SC window.
 *
 * The owner word is modelled as (owner, tracked); the ceiling flag and
 * recursion are not (a task locks only a mutex it does not hold), nor is
 * priority inheritance (the WP proofs are about that).
 *
 * Interrupts: a waiter's timeout, the end of a sleep, and a delete (by a
 * task an interrupt woke; it runs whole before the interrupted task).
 *
 * Properties (asserted):
 *  P1 the owner is always right: the owner word names the task whose lock
 *     committed last and whose unlock has not (ghost `should`), and a lock
 *     that returns VOS_OK finds itself the owner; no two tasks hold it;
 *  P2 an unlock commits only in the owner (ghost holds: the owner's lock
 *     returned VOS_OK);
 *  P3 no call that started after the delete returned VOS_OK, and the owner
 *     word never changes after the delete;
 *  P4 no waiter left behind: a mutex with a waiter is owned and tracked
 *     (so its owner's unlock takes the slow path and hands it over), and
 *     nobody waits on a deleted mutex.
 */
#define OK        0
#define EINVALID  1
#define ETIMEOUT  2
#define EDELETED  3
#define EWOULD    4
#define ENOTOWNER 5
#define NONE      2

byte tag = 1;              /* 1: VOS_TAG_MUTEX, 0: VOS_TAG_DEAD */
byte owner = NONE;         /* owner_word & ~flags */
bool tracked;              /* owner_word & VOS__OWNER_TRACKED (kernel/pi.h) */
bool waits[2];             /* in m->waiters (T0 first: priority order) */
bool sleeps[2];            /* blocked in a plain delay */
bool ready[2];
byte result[2];
byte running = 0;
byte mon = NONE;
bool deleted;              /* ghost: a delete has completed */
byte should = NONE;        /* ghost: P1 */
bool holds[2];             /* ghost: the task's lock returned VOS_OK, no unlock since */

#define TASK(me) (running == me)
#define WORD_ZERO (owner == NONE && !tracked)

inline reschedule() {
    byte nr = (ready[0] -> 0 : (ready[1] -> 1 : NONE));
    if
    :: nr != running -> running = nr; mon = NONE
    :: else -> skip
    fi
}

inline wake(w, res) {
    waits[w] = false; sleeps[w] = false; result[w] = res; ready[w] = true
}

/* take(m, t) on a free mutex: tracked if anybody waits. */
inline take(t) {
    owner = t; tracked = (waits[0] || waits[1]); should = t
}

/* hand_over(m): drop, then the first waiter (if any) wakes owning it. */
inline hand_over() {
    owner = NONE; tracked = false; should = NONE;
    if
    :: waits[0] -> wake(0, OK); take(0)
    :: !waits[0] && waits[1] -> wake(1, OK); take(1)
    :: else -> skip
    fi
}

proctype task(byte me)
{
    byte w, err;
    bool ok, d0, nowait, blocked, sc;
end_idle:
    do
    :: atomic { TASK(me) && !holds[me] -> d0 = deleted; nowait = false }   /* vos_mutex_lock */
       if :: nowait = true :: skip fi;
#ifdef MUTANT_TAG_OUTSIDE
       atomic { TASK(me) -> ok = (tag == 1) }                   /* the tag read before the window */
       atomic { TASK(me) -> w = (WORD_ZERO -> 0 : 1); mon = me }
#else
       atomic { TASK(me) -> w = (WORD_ZERO -> 0 : 1); mon = me } /* arch_ll_at(m, OWNER_OFF) */
       atomic { TASK(me) -> ok = (tag == 1) }                   /* MUTEX_TAG_OK(m) */
#endif
       if
       :: atomic { TASK(me) && !ok -> err = EINVALID }          /* lock_refused */
       :: atomic { TASK(me) && ok && w != 0 -> skip }; goto lock_slow
       :: atomic { TASK(me) && ok && w == 0 ->
              sc = false;
              if                                                /* arch_sc_at(m, OWNER_OFF, cur) */
#ifdef MUTANT_NO_MONITOR
              :: true -> owner = me; tracked = false; should = me; sc = true
#else
              :: mon == me -> owner = me; tracked = false; should = me; sc = true
#endif
              :: true -> skip
              fi; mon = NONE; err = OK };
          if :: sc -> skip :: else -> goto lock_slow fi
       fi;
       goto lock_done;
lock_slow:                                                      /* lock_slow: one step under the lock */
       atomic { TASK(me) ->
           blocked = false;
           if
           :: tag != 1 -> err = EINVALID
           :: tag == 1 && owner == NONE -> take(me); err = OK
           :: tag == 1 && owner != NONE && nowait -> err = EWOULD
           :: tag == 1 && owner != NONE && !nowait ->
              tracked = true;                                   /* track, queue, block */
              waits[me] = true; ready[me] = false; blocked = true; reschedule()
           fi };
       if
       :: blocked -> atomic { TASK(me) -> err = result[me] }
       :: else -> skip
       fi;
lock_done:
       atomic { TASK(me) ->
           assert(!(d0 && err == OK));
           if
           :: err == OK -> assert(deleted || (owner == me && should == me)); holds[me] = true;
                           assert(!(holds[0] && holds[1]))
           :: else -> skip
           fi }

    :: atomic { TASK(me) -> d0 = deleted; ok = (tag == 1) }     /* vos_mutex_unlock: mutex_valid(m) */
       if
       :: atomic { TASK(me) && !ok -> err = EINVALID }
       :: atomic { TASK(me) && ok -> skip };
unlock_again:
          atomic { TASK(me) -> w = ((owner == me && !tracked) -> 1 : 0); mon = me }  /* arch_ll_at(m, OWNER_OFF) */
          if
          :: atomic { TASK(me) && w == 0 -> skip }; goto unlock_slow   /* != cur: unlock_slow */
          :: atomic { TASK(me) && w != 0 ->
                 sc = false;
                 if                                             /* arch_sc_at(m, OWNER_OFF, 0) */
                 :: mon == me -> assert(holds[me]); owner = NONE; should = NONE; holds[me] = false; sc = true
                 :: true -> skip
                 fi; mon = NONE; err = OK };
             if :: sc -> goto unlock_done :: else -> goto unlock_again fi
          fi;
unlock_slow:                                                    /* unlock_slow: one step under the lock */
          atomic { TASK(me) ->
              if
              :: tag != 1 -> err = EINVALID
              :: tag == 1 && owner != me -> err = ENOTOWNER
              :: tag == 1 && owner == me -> assert(holds[me]); holds[me] = false; hand_over(); err = OK; reschedule()
              fi }
       fi;
unlock_done:
       atomic { TASK(me) ->
           assert(!(d0 && err == OK)) }

    :: atomic { TASK(me) -> sleeps[me] = true; ready[me] = false; reschedule() }   /* vos_sleep */
    od
}

active proctype isr()
{
end_isr:
    do
    :: atomic { waits[0] -> wake(0, ETIMEOUT); reschedule(); mon = NONE }   /* a waiter's timeout */
    :: atomic { waits[1] -> wake(1, ETIMEOUT); reschedule(); mon = NONE }
    :: atomic { sleeps[0] -> wake(0, OK); reschedule(); mon = NONE }       /* a sleep ends */
    :: atomic { sleeps[1] -> wake(1, OK); reschedule(); mon = NONE }
    :: atomic { !deleted ->                                     /* vos_mutex_delete, by a woken task */
           if :: waits[0] -> wake(0, EDELETED) :: else -> skip fi;
           if :: waits[1] -> wake(1, EDELETED) :: else -> skip fi;
           owner = NONE; tracked = false; should = NONE;
           holds[0] = false; holds[1] = false;                  /* nobody holds a deleted mutex */
           tag = 0; deleted = true;
           reschedule(); mon = NONE }
    od
}

/* P1, P3, P4 in every state. */
active proctype watch()
{
    atomic { !((deleted || owner == should) &&
               !(deleted && (owner != NONE || tracked)) &&
               !((waits[0] || waits[1]) && (owner == NONE || !tracked)) &&
               !(deleted && (waits[0] || waits[1]))) ->
             assert(false) }
}

init {
    atomic { ready[0] = true; ready[1] = true; running = 0;
             run task(0); run task(1) }
}
