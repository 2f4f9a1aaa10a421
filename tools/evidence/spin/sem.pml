/* SPDX-License-Identifier: MIT */
/*
 * kernel/sem.c's give and take, task and interrupt forms, as a Promela
 * model for SPIN (docs/evidence.md, "The lock-free paths"). Each task
 * statement below is one step of the C code; an interrupt may come
 * between any two of them, also inside the load-linked/store-conditional
 * window. The comments name the C each step models; tools/evidence/run.py
 * checks that the C still has these steps in this order (spin/anchors.txt)
 * so that a change of sem.c that the model does not follow fails make test.
 *
 * The machine. One core: two tasks, T0 outranks T1, and interrupts.
 * running is the task on the CPU (NONE: idle); a task step runs only while
 * its task is running. An interrupt handler runs whole (it is not
 * preempted by the tasks) and only while the kernel lock is not held, and
 * its return, like every switch, clears the exclusive monitor (mon): the
 * Armv7-M rule arch_sc relies on (arch/port.h). A slow path runs under the
 * kernel lock, so it is one atomic step. A store-conditional may also fail
 * for no reason.
 *
 * The interrupts: sem_give_isr, sem_take_isr, a waiter's timeout, and a
 * delete (sem_delete is a task call: an interrupt wakes a task that
 * deletes, which runs whole before the interrupted task resumes).
 *
 * Properties (asserted; spin -a ... ./pan finds any violation):
 *  P1 no unit lost or created: count always equals the units the calls
 *     that returned (or will return) VOS_OK put in minus those they took
 *     (ghost `expected`, moved by the step that commits each call);
 *  P2 a call returns VOS_OK exactly when it committed (took or gave a unit);
 *  P3 no call that started after the delete returned VOS_OK, and the count
 *     never changes after the delete (a late call touches nothing);
 *  P4 no waiter left behind: count > 0 implies nobody waits, and nobody
 *     waits on a deleted semaphore.
 * Mutants (-DMUTANT_...): the model with one of the code's protections
 * removed; run.py expects SPIN to find a violation in each.
 */
#define OK        0
#define EINVALID  1
#define ETIMEOUT  2
#define EDELETED  3
#define EWOULD    4
#define EOVERFLOW 5
#define NONE      2
#define MAX       2

byte tag = 1;              /* 1: VOS_TAG_SEM, 0: VOS_TAG_DEAD */
byte count = 1;
bool waits[2];             /* in s->waiters (T0 first: priority order) */
bool ready[2];
byte result[2];            /* wait_result, set by the waker */
bool handed[2];            /* ghost: a give handed this waiter its unit */
byte running = 0;
byte mon = NONE;           /* the exclusive monitor: the task whose LL holds it */
bool deleted;              /* ghost: a delete has completed */
byte count_at_delete;
byte expected = 1;         /* ghost: P1 */

#define TASK(me) (running == me)
#define OTHER(me) (1 - me)


/* The switch that follows a change of readiness: the highest ready task
 * runs; any switch clears the monitor (exception entry and return). */
inline reschedule() {
    byte nr = (ready[0] -> 0 : (ready[1] -> 1 : NONE));
    if
    :: nr != running -> running = nr; mon = NONE
    :: else -> skip
    fi
}

/* vos__wake(w, res): off the queue, ready. */
inline wake(w, res) {
    waits[w] = false; result[w] = res; ready[w] = true
}

/* give_locked under the lock (slow give, give_isr's slow path). */
inline give_locked(err, gave) {
    if
    :: waits[0] -> wake(0, OK); handed[0] = true; err = OK; gave = true
    :: !waits[0] && waits[1] -> wake(1, OK); handed[1] = true; err = OK; gave = true
    :: !waits[0] && !waits[1] && count >= MAX -> err = EOVERFLOW
    :: !waits[0] && !waits[1] && count < MAX -> count++; expected++; err = OK; gave = true
    fi
}

proctype task(byte me)
{
    byte c, err;
    bool ok, gave, took, d0, nowait, blocked;
end_idle:
    do
    :: atomic { TASK(me) -> d0 = deleted; gave = false; took = false; handed[me] = false }
       if
       :: true ->   /* vos_sem_give */
#ifdef MUTANT_TAG_OUTSIDE
          atomic { TASK(me) -> ok = (tag == 1) }            /* the tag read before the window */
          atomic { TASK(me) -> c = count; mon = me }
#else
          atomic { TASK(me) -> c = count; mon = me }        /* arch_ll_at(s, COUNT_OFF) */
          atomic { TASK(me) -> ok = (tag == 1) }            /* SEM_ENTRY_OK(s, false) */
#endif
          if
          :: atomic { TASK(me) && !ok -> err = EINVALID }   /* sem_refused */
          :: atomic { TASK(me) && ok && (waits[0] || waits[1] || c >= MAX) -> skip }; goto give_slow
          :: atomic { TASK(me) && ok && !(waits[0] || waits[1] || c >= MAX) ->
                 if                                         /* arch_sc_at(s, COUNT_OFF, c + 1) */
                 :: mon == me -> count = c + 1; expected++; err = OK; gave = true
                 :: true -> skip                            /* fails, or fails spuriously */
                 fi; mon = NONE };
             if :: gave -> skip :: else -> goto give_slow fi
          fi;
          goto give_done;
give_slow:                                                  /* give_slow: one step under the lock */
          atomic { TASK(me) ->
              if
              :: tag != 1 -> err = EINVALID                 /* SEM_DEAD(s) */
              :: else -> give_locked(err, gave)
              fi;
              reschedule() };
give_done:
          atomic { TASK(me) -> assert((err == OK) == gave); assert(!(d0 && err == OK)) }

       :: true ->   /* vos_sem_take, VOS_FOREVER or VOS_NO_WAIT */
          if :: nowait = true :: nowait = false fi;
#ifdef MUTANT_TAG_OUTSIDE
          atomic { TASK(me) -> ok = (tag == 1) }
          atomic { TASK(me) -> c = count; mon = me }
#else
          atomic { TASK(me) -> c = count; mon = me }        /* arch_ll_at(s, COUNT_OFF) */
          atomic { TASK(me) -> ok = (tag == 1) }            /* SEM_ENTRY_OK(s, false) */
#endif
          if
          :: atomic { TASK(me) && !ok -> err = EINVALID }
          :: atomic { TASK(me) && ok && c == 0 -> skip }; goto take_slow
          :: atomic { TASK(me) && ok && c != 0 ->
                 if                                         /* arch_sc_at(s, COUNT_OFF, c - 1) */
#ifdef MUTANT_NO_MONITOR
                 :: true -> count = c - 1; expected--; err = OK; took = true
#else
                 :: mon == me -> count = c - 1; expected--; err = OK; took = true
#endif
                 :: true -> skip
                 fi; mon = NONE };
             if :: took -> skip :: else -> goto take_slow fi
          fi;
          goto take_done;
take_slow:                                                  /* take_slow: one step under the lock */
          atomic { TASK(me) ->
              blocked = false;
              if
              :: tag != 1 -> err = EINVALID                 /* SEM_DEAD(s) */
              :: tag == 1 && count > 0 -> count--; expected--; err = OK; took = true
              :: tag == 1 && count == 0 && nowait -> err = EWOULD
              :: tag == 1 && count == 0 && !nowait ->      /* vos__block */
                 waits[me] = true; ready[me] = false; blocked = true; reschedule()
              fi };
          if
          :: blocked -> atomic { TASK(me) -> err = result[me]; took = handed[me] }
          :: else -> skip
          fi;
take_done:
          atomic { TASK(me) -> assert((err == OK) == took); assert(!(d0 && err == OK)) }
       fi
    od
}

/* Interrupts, whole, at any point of a task's call (never inside a step,
 * never while the lock is held: the slow paths are single steps). */
active proctype isr()
{
    byte e;
    bool g;
end_isr:
    do
    :: atomic {                                             /* vos_sem_give_isr */
           if
           :: tag != 1 -> skip
           :: else -> give_locked(e, g)
           fi;
           reschedule(); mon = NONE }
    :: atomic { tag == 1 && count > 0 -> count--; expected--; mon = NONE }   /* vos_sem_take_isr */
    :: atomic { waits[0] -> wake(0, ETIMEOUT); reschedule(); mon = NONE }   /* a timeout */
    :: atomic { waits[1] -> wake(1, ETIMEOUT); reschedule(); mon = NONE }
    :: atomic { !deleted ->                                 /* vos_sem_delete, by a woken task */
           if :: waits[0] -> wake(0, EDELETED) :: else -> skip fi;
           if :: waits[1] -> wake(1, EDELETED) :: else -> skip fi;
           tag = 0; deleted = true; count_at_delete = count;
           reschedule(); mon = NONE }
    od
}

/* P1 and P4, in every state. */
active proctype watch()
{
    atomic { !(count == expected && !(count > 0 && (waits[0] || waits[1])) &&
               !(deleted && (waits[0] || waits[1])) && (!deleted || count == count_at_delete)) ->
             assert(false) }
}

init {
    atomic { ready[0] = true; ready[1] = true; running = 0;
             run task(0); run task(1) }
}
