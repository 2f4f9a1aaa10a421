# SPDX-License-Identifier: MIT
"""The event vocabulary of a VAIOS trace, version 1.

One table, EVENTS, says for every record type of include/vaios/trace.h
(enum vos_trace_ev) what the event is called and which fields it has; the
decoder fills the fields, the CTF writer turns the table into TSDL, and the
listing prints it. The numbers here are the dump format: they must equal
the C enums (tests/host/trace checks that they do).
"""

# Record types (enum vos_trace_ev).
TEV_NONE = 0
TEV_TIME_HI = 1
TEV_CONT = 2
TEV_TASK_CREATE = 3
TEV_TASK_NAME = 4
TEV_TASK_SWITCH = 5
TEV_TASK_READY = 6
TEV_TASK_BLOCK = 7
TEV_TASK_PRIORITY = 8
TEV_ISR_ENTER = 9
TEV_ISR_EXIT = 10
TEV_SEM_GIVE = 11
TEV_SEM_TAKE = 12
TEV_MUTEX_LOCK = 13
TEV_MUTEX_UNLOCK = 14
TEV_QUEUE_SEND = 15
TEV_QUEUE_RECV = 16
TEV_EVENT_SET = 17
TEV_EVENT_WAIT = 18
TEV_HEAP_ALLOC = 19
TEV_HEAP_FREE = 20
TEV_POOL_ALLOC = 21
TEV_POOL_FREE = 22
TEV_DEADLINE_MISS = 23
TEV_MARKER = 24
TEV_TASK_TERMINATE = 25
TEV_TIMER_EXPIRE = 26
TEV_MSG_SEND = 27
TEV_MSG_RECV = 28
TEV_MSG_REPLY = 29
TEV_COUNT = 30

# Events the tool adds: not records, but facts about the dump a viewer needs.
XEV_TRACE_INFO = 200  # lost and overwritten counts, at the first event

# enum vos_trace_switch
SWITCH_REASONS = {1: "preempted", 2: "yield", 3: "blocked", 4: "sleep",
                  5: "exit", 6: "suspended", 7: "fault", 8: "start"}
# enum vos_trace_prio_cause
PRIO_CAUSES = {1: "set", 2: "inherit", 3: "restore", 4: "ceiling"}
# enum vos_trace_wait
WAIT_KINDS = {1: "sem", 2: "mutex", 3: "queue_send", 4: "queue_recv",
              5: "event", 6: "notify", 7: "delay", 8: "join", 9: "timer",
              10: "msg_send", 11: "msg_reply", 12: "msg_recv", 13: "workq"}
# vos_err_t (include/vaios/error.h), as the int8 a record carries.
RESULTS = {0: "ok", -1: "timeout", -2: "would_block", -3: "context",
           -4: "invalid", -5: "deleted", -6: "not_owner", -7: "overflow",
           -8: "no_memory", -9: "arg", -10: "state", -11: "corrupt",
           -12: "deadlock", -13: "aborted", -14: "too_big",
           -15: "perm", -16: "layout", -17: "no_service", -18: "busy", -19: "late", -20: "no_record"}

# Field kinds: how a value is stored in CTF and shown in a listing.
#   u8 u16 u32 u64   unsigned integers      addr   32-bit address, hex
#   str              string                 bits   32-bit mask, hex
#   result reason cause wait                enums above
ENUMS = {"result": RESULTS, "reason": SWITCH_REASONS, "cause": PRIO_CAUSES,
         "wait": WAIT_KINDS}

_TASK = [("tid", "u16"), ("name", "str")]
_OBJ_RES = [("obj", "addr"), ("result", "result")]

# type -> (event name, [(field, kind), ...])
EVENTS = {
    TEV_TASK_CREATE: ("task_create", _TASK + [("task", "addr"), ("prio", "u8")]),
    TEV_TASK_NAME: ("task_name", _TASK + [("task", "addr")]),
    TEV_TASK_SWITCH: ("task_switch", [("prev_tid", "u16"), ("prev_name", "str"),
                                      ("next_tid", "u16"), ("next_name", "str"),
                                      ("reason", "reason")]),
    TEV_TASK_READY: ("task_ready", _TASK),
    TEV_TASK_BLOCK: ("task_block", _TASK + [("on", "wait"), ("obj", "addr")]),
    TEV_TASK_PRIORITY: ("task_priority", _TASK + [("old_prio", "u8"), ("new_prio", "u8"),
                                                  ("cause", "cause")]),
    TEV_ISR_ENTER: ("irq_enter", [("irq", "u32")]),
    TEV_ISR_EXIT: ("irq_exit", [("irq", "u32")]),
    TEV_SEM_GIVE: ("sem_give", _OBJ_RES),
    TEV_SEM_TAKE: ("sem_take", _OBJ_RES),
    TEV_MUTEX_LOCK: ("mutex_lock", _OBJ_RES + [("owner_tid", "u16"), ("owner_name", "str")]),
    TEV_MUTEX_UNLOCK: ("mutex_unlock", _OBJ_RES + [("owner_tid", "u16"), ("owner_name", "str")]),
    TEV_QUEUE_SEND: ("queue_send", _OBJ_RES),
    TEV_QUEUE_RECV: ("queue_recv", _OBJ_RES),
    TEV_EVENT_SET: ("event_set", _OBJ_RES + [("bits", "bits")]),
    TEV_EVENT_WAIT: ("event_wait", _OBJ_RES + [("bits", "bits")]),
    TEV_HEAP_ALLOC: ("heap_alloc", [("heap", "addr"), ("ptr", "addr"), ("size", "u32"),
                                    ("result", "result")]),
    TEV_HEAP_FREE: ("heap_free", [("heap", "addr"), ("ptr", "addr"), ("size", "u32"),
                                  ("result", "result")]),
    TEV_POOL_ALLOC: ("pool_alloc", [("pool", "addr"), ("block", "addr"), ("result", "result")]),
    TEV_POOL_FREE: ("pool_free", [("pool", "addr"), ("block", "addr"), ("result", "result")]),
    TEV_DEADLINE_MISS: ("deadline_miss", _TASK + [("late", "u32")]),
    TEV_MARKER: ("marker", [("id", "u32"), ("value", "u32")]),
    TEV_TASK_TERMINATE: ("task_terminate", _TASK),
    TEV_TIMER_EXPIRE: ("timer_expire", [("timer", "addr"), ("overruns", "u32")]),
    TEV_MSG_SEND: ("msg_send", _OBJ_RES + [("len", "u32")]),
    TEV_MSG_RECV: ("msg_recv", _OBJ_RES + [("client", "addr")]),
    TEV_MSG_REPLY: ("msg_reply", [("client", "addr"), ("server", "addr"), ("result", "result")]),
    XEV_TRACE_INFO: ("trace_info", [("lost", "u32"), ("overwritten", "u64"),
                                    ("first_time", "u64")]),
}


class Event:
    """One decoded event: time in time-base cycles, its type, its fields in
    the order EVENTS gives, and the context it happened in (running task
    name, or "irq N" inside an interrupt handler)."""

    __slots__ = ("time", "type", "fields", "ctx", "index", "symbols")

    def __init__(self, time, type_, fields, ctx, index):
        self.time = time
        self.type = type_
        self.fields = fields
        self.ctx = ctx
        self.index = index  # position of the record in the ring, oldest first
        self.symbols = {}   # address field -> the image's symbol there (vtrace --elf)

    @property
    def name(self):
        return EVENTS[self.type][0]

    def text(self):
        """The fields as "k=v" words, enums by name, addresses in hex (with
        the image's symbol there, if known: 0x20000010<resource>)."""
        out = []
        for fname, kind in EVENTS[self.type][1]:
            v = self.fields[fname]
            if kind in ENUMS:
                v = ENUMS[kind].get(v, str(v))
            elif kind in ("addr", "bits"):
                v = "0x%08x" % v
                if fname in self.symbols:
                    v += "<%s>" % self.symbols[fname]
            elif kind == "str":
                v = '"%s"' % v
            out.append("%s=%s" % (fname, v))
        return " ".join(out)
