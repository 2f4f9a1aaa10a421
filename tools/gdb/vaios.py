# SPDX-License-Identifier: MIT
"""VAIOS awareness for gdb (gdb-multiarch over QEMU's gdb stub or OpenOCD).

Load it with `source tools/gdb/vaios.py`, or let gdb load it from the
image's .debug_gdb_scripts section (every VAIOS image embeds this file;
allow it with `set auto-load safe-path` or `add-auto-load-safe-path`).

Commands:
  vaios tasks      every task: state, base and effective priority, what it
                   waits on and until when, stack used now / size / most
                   ever used, whether its saved context holds FP state
  vaios objects    semaphores, mutexes (owner, waiters), queues (fill
                   level, waiters), event flags, pools, timers; the
                   CMSIS-RTOS2 layer's objects by their CMSIS kind and name
                   (osMessageQueue, ...), found in the heaps' used blocks
                   and the layer's registries, with the kernel objects
                   inside them folded in (a task waiting on a message
                   queue waits on osMessageQueue:NAME, not on a semaphore)
  vaios heap       every heap: free bytes, largest free block, free blocks,
                   fragmentation (1 - largest / free)
  vaios bt TASK    backtrace of a task that is not running, unwound from
                   the context the switch saved (TASK: name or address)
  vaios top        the run-time statistics (an image built with
                   VOS_CFG_RUNTIME_STATS): per task and kernel interrupt
                   the cycles run, activations, shortest, mean and longest
                   activation, and the share of the window since the
                   previous `vaios top` of this session (the first: since
                   vos_start)

Every backtrace (gdb's own `bt` of the running task too) ends at the task's
entry function: a frame filter stops before the kernel's task-return
trampoline, beyond which the stack holds no frame.

Everything is read through the DWARF field names of the image's own types
(vos_task_t, vos_sem_t, ...), never through fixed offsets; the image must
be built with -g (the VAIOS build does that). Nothing is written to the
target except by `vaios bt`, which loads the task's saved registers into
the CPU for the time of the backtrace and restores every one of them.

Finding tasks and objects: the kernel keeps no list of objects, so the
extension collects every variable whose type is or contains a kernel
object (static and global, arrays and structure members included) and
and every object a pointer variable points to (named *variable: the
CMSIS layer's heap is reached only so), then follows the kernel's own
links: the running task, the ready lists,
the timeout list, every object's wait queue, mutex owners and each task's
list of held mutexes. A task or object that lives only in heap memory and
is linked nowhere is therefore not seen (a task registry, when the kernel
has one, is read too: see _registry_tasks).
"""
import gdb

# Type tags (include/vaios/kobj.h; tools/gdb/test_gdb.py checks they agree).
TAGS = {
    "task": 0xB1B1B1B1, "sem": 0xB2B2B2B2, "mutex": 0xB3B3B3B3, "queue": 0xB4B4B4B4,
    "event": 0xB5B5B5B5, "heap": 0xB6B6B6B6, "pool": 0xB7B7B7B7, "timer": 0xB8B8B8B8,
    "chan": 0xB9B9B9B9, "domain": 0xBABABABA,
    "work": 0xBBBBBBBB, "workq": 0xBCBCBCBC, "stats": 0xBDBDBDBD,
}
TAG_DEAD = 0x7A5CDEAD
# Stack fill word (kernel/task.c VOS__FILL_WORD), and the mutex owner
# word's flag bits (kernel/pi.h VOS__OWNER_FLAGS); checked by the test too.
FILL_WORD = 0xCDCDCDCD
MUTEX_FLAGS = 0x3

# The object types by kind: the typedef name the headers declare.
TYPES = {
    "task": "vos_task_t", "sem": "vos_sem_t", "mutex": "vos_mutex_t",
    "queue": "vos_queue_t", "event": "vos_event_t", "heap": "vos_heap_t",
    "pool": "vos_pool_t", "timer": "vos_timer_t",
    "domain": "vos_domain_t",
}
STATES = {1: "ready", 2: "blocked", 3: "suspended", 4: "exited", 5: "faulted"}

# Saved context of a switched-out task (arch/cortex-m/switch.S, port.c),
# from the saved sp upwards: r4-r11 and EXC_RETURN; s16-s31 when
# EXC_RETURN bit 4 is clear; then the hardware exception frame r0-r3, r12,
# lr, pc, xPSR, followed by s0-s15, FPSCR and a reserved word when it is an
# FP frame; one more padding word when xPSR bit 9 says the hardware
# aligned the stack.
SW_CORE = ["r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "exc_return"]
HW_CORE = ["r0", "r1", "r2", "r3", "r12", "lr", "pc", "xpsr"]
EXC_RETURN_NO_FP = 0x10
XPSR_ALIGNED = 1 << 9


# --- Reading the target -----------------------------------------------------

def _type(kind):
    """The gdb type of a kernel object kind, or None if the image has none."""
    try:
        return gdb.lookup_type(TYPES[kind]).strip_typedefs()
    except gdb.error:
        return None


def _u32(addr):
    return int.from_bytes(bytes(gdb.selected_inferior().read_memory(addr, 4)), "little")


def _words(addr, n):
    raw = bytes(gdb.selected_inferior().read_memory(addr, 4 * n))
    return [int.from_bytes(raw[4 * i:4 * i + 4], "little") for i in range(n)]


def _obj(kind, addr):
    """The object of that kind at addr, as a gdb.Value."""
    return gdb.Value(addr).cast(_type(kind).pointer()).dereference()


def _field_offset(kind, name):
    for f in _type(kind).fields():
        if f.name == name:
            return f.bitpos // 8
    raise gdb.GdbError("%s has no field %s" % (TYPES[kind], name))


def _has_field(kind, name):
    t = _type(kind)
    return t is not None and any(f.name == name for f in t.fields())


def _ptr(v):
    return int(v.cast(gdb.lookup_type("unsigned long"))) if v is not None else 0


def _str(v):
    try:
        return v.string() if _ptr(v) else "?"
    except gdb.MemoryError:
        return "?"


def _tag_ok(kind, addr):
    if TAGS.get(kind) is None:
        return True
    try:
        return int(_obj(kind, addr)["tag"]) == TAGS[kind]
    except gdb.MemoryError:
        return False


# --- Finding tasks and objects ------------------------------------------------

class Found:
    """Every task and object found, by kind: {kind: {address: name}}."""

    def __init__(self):
        self.by_kind = {k: {} for k in TYPES}

    def add(self, kind, addr, name=None):
        if addr == 0 or _type(kind) is None:
            return False
        known = self.by_kind[kind]
        if addr in known:
            if name and known[addr].startswith("0x"):
                known[addr] = name
            return False
        known[addr] = name or "0x%08x" % addr
        return True

    def name(self, kind, addr):
        return self.by_kind[kind].get(addr, "0x%08x" % addr)


def _contains(t, kinds, depth=0):
    """[(path, kind, byte offset)] of every kernel object inside type t."""
    t = t.strip_typedefs()
    for kind, kt in kinds.items():
        if t == kt:
            return [("", kind, 0)]
    if depth > 4:
        return []
    out = []
    if t.code == gdb.TYPE_CODE_ARRAY:
        lo, hi = t.range()
        inner = _contains(t.target(), kinds, depth + 1)
        if inner and hi - lo < 1024:
            size = t.target().sizeof
            for i in range(lo, hi + 1):
                out += [("[%d]%s" % (i, p), k, i * size + o) for p, k, o in inner]
    elif t.code in (gdb.TYPE_CODE_STRUCT, gdb.TYPE_CODE_UNION):
        for f in t.fields():
            if f.name is None or not hasattr(f, "bitpos") or f.bitpos is None:
                continue
            for p, k, o in _contains(f.type, kinds, depth + 1):
                out.append(("." + f.name + p, k, f.bitpos // 8 + o))
    return out


def _variables():
    """(name, gdb.Symbol) of every variable with debug information."""
    text = gdb.execute("info variables -q -n", to_string=True)
    names = set()
    for line in text.splitlines():
        line = line.split(":", 1)[1] if line[:1].isdigit() else line
        line = line.strip()
        if not line.endswith(";") or "(" in line:
            continue
        decl = line[:-1].split("[", 1)[0].strip()
        name = decl.replace("*", " ").split()[-1] if decl else ""
        if name.isidentifier():
            names.add(name)
    for name in sorted(names):
        syms = []
        g = gdb.lookup_global_symbol(name)
        if g is not None:
            syms.append(g)
        try:
            syms += list(gdb.lookup_static_symbols(name))
        except AttributeError:
            s = gdb.lookup_static_symbol(name)
            syms += [s] if s is not None else []
        for s in syms:
            if s.is_variable:
                yield name, s


def _registry_tasks():
    """Tasks from the kernel's list of all live tasks, when it has one
    (the one vos_task_enumerate reads): vos__all_tasks, linked through the
    task field all_next."""
    head = gdb.lookup_global_symbol("vos__all_tasks") or gdb.lookup_static_symbol("vos__all_tasks")
    if head is None or not _has_field("task", "all_next"):
        return []
    out, p = [], _ptr(head.value())
    while p and p not in out and len(out) < 4096:
        out.append(p)
        p = _ptr(_obj("task", p)["all_next"])
    return out


def _ring(head, link="next"):
    """The tasks of a circular list starting at head (ready level, wait queue)."""
    out, p = [], head
    while p and p not in out and len(out) < 4096:
        out.append(p)
        p = _ptr(_obj("task", p)[link])
    return out


def _waitq_tasks(waitq):
    return _ring(_ptr(waitq["head"]))


def collect():
    found = Found()
    kinds = {k: t for k, t in ((k, _type(k)) for k in TYPES) if t is not None}
    if "task" not in kinds:
        raise gdb.GdbError("no vos_task_t in this image: is it a VAIOS image built with -g?")
    seen_syms = set()
    pointed = []
    for name, sym in _variables():
        key = (name, sym.symtab.filename if sym.symtab else "")
        if key in seen_syms:
            continue
        seen_syms.add(key)
        try:
            v = sym.value()
            addr = _ptr(v.address)
        except (gdb.error, gdb.MemoryError):
            continue
        for path, kind, off in _contains(sym.type, kinds):
            found.add(kind, addr + off, name + path)
        # A pointer variable to an object (the CMSIS layer's heap is one,
        # kept at the start of its own area): the object it points to.
        t = sym.type.strip_typedefs()
        if t.code == gdb.TYPE_CODE_PTR:
            for kind, kt in kinds.items():
                if t.target().strip_typedefs() == kt:
                    try:
                        p = _ptr(v)
                    except (gdb.error, gdb.MemoryError):
                        break
                    if p and _tag_ok(kind, p):
                        pointed.append((kind, p, "*" + name))
                    break
    for kind, p, name in pointed:    # after the variables: their names win
        found.add(kind, p, name)
    for t in _registry_tasks():
        found.add("task", t)
    sched = gdb.lookup_global_symbol("vos__s")
    if sched is not None:
        s = sched.value()
        found.add("task", _ptr(s["cur"]))
        ready = s["ready"]
        lo, hi = ready.type.range()
        for p in range(lo, hi + 1):
            for t in _ring(_ptr(ready[p])):
                found.add("task", t)
    _armed_timers(found)
    tq = gdb.lookup_static_symbol("tq_head")
    if tq is not None:
        p, n = _ptr(tq.value()), 0
        while p and n < 4096:
            found.add("task", p)
            p, n = _ptr(_obj("task", p)["tnext"]), n + 1
    # Follow the links until nothing new turns up.
    changed = True
    while changed:
        changed = False
        for kind in ("sem", "mutex", "queue", "event"):
            for addr in list(found.by_kind[kind]):
                if not _tag_ok(kind, addr):
                    continue
                for t in _waitq_tasks(_obj(kind, addr)["waiters"]):
                    changed |= found.add("task", t)
        for addr in list(found.by_kind["mutex"]):
            if _tag_ok("mutex", addr):
                owner = _ptr(_obj("mutex", addr)["owner_word"]) & ~MUTEX_FLAGS
                changed |= found.add("task", owner)
        for addr in list(found.by_kind["task"]):
            t = _obj("task", addr)
            if not _tag_ok("task", addr):
                continue
            changed |= found.add("mutex", _ptr(t["wait_mutex"]))
            m, n = _ptr(t["held"]), 0
            while m and n < 256:
                changed |= found.add("mutex", m)
                m, n = _ptr(_obj("mutex", m)["next_held"]), n + 1
            wq = _ptr(t["waitq"])
            if wq:
                kind = _waitq_owner(found, wq)
                if kind is None:
                    for k in ("sem", "mutex", "queue", "event"):
                        if k in kinds and _tag_ok(k, wq - _field_offset(k, "waiters")):
                            changed |= found.add(k, wq - _field_offset(k, "waiters"))
                            break
    found.cmsis = cmsis_objects(found)
    found.cmsis_inner = cmsis_inner(found.cmsis)
    for addr in found.cmsis_inner:
        for kind in ("sem", "mutex", "event", "pool", "timer"):
            if _tag_ok(kind, addr):
                found.add(kind, addr)
                break
    return found


def _armed_timers(found):
    """Software timers (include/vaios/timer.h, when the kernel has them):
    the heap of armed timers (kernel/timer.c root, through left/right) and
    the service task's queue of pending callbacks (q_head, through qnext)."""
    if _type("timer") is None:
        return
    todo = []
    for name, link in (("root", None), ("q_head", "qnext")):
        sym = gdb.lookup_static_symbol(name)
        if sym is None or sym.type.strip_typedefs().code != gdb.TYPE_CODE_PTR or \
                sym.type.strip_typedefs().target().strip_typedefs() != _type("timer"):
            continue
        p, n = _ptr(sym.value()), 0
        if link is None:
            todo.append(p)
            continue
        while p and n < 4096:
            found.add("timer", p)
            p, n = _ptr(_obj("timer", p)[link]), n + 1
    seen = set()
    while todo and len(seen) < 4096:
        p = todo.pop()
        if not p or p in seen:
            continue
        seen.add(p)
        found.add("timer", p)
        t = _obj("timer", p)
        todo += [_ptr(t["left"]), _ptr(t["right"])]


def _waitq_owner(found, wq):
    """(kind, address) of the found object whose wait queue is at wq."""
    for kind in ("sem", "mutex", "queue", "event"):
        if _type(kind) is None:
            continue
        addr = wq - _field_offset(kind, "waiters")
        if addr in found.by_kind[kind]:
            return kind, addr
    return None


# --- The saved context --------------------------------------------------------

def _running():
    sched = gdb.lookup_global_symbol("vos__s")
    return _ptr(sched.value()["cur"]) if sched is not None else 0


def saved_context(task_addr):
    """Registers of a switched-out task: {name: value}, with 'sp' the stack
    pointer the task had when it was interrupted and 'fp' whether the frame
    holds FP state."""
    sp = _ptr(_obj("task", task_addr)["sp"])
    regs = dict(zip(SW_CORE, _words(sp, len(SW_CORE))))
    p = sp + 4 * len(SW_CORE)
    fp = (regs["exc_return"] & EXC_RETURN_NO_FP) == 0
    if fp:
        for i, w in enumerate(_words(p, 16)):
            regs["s%d" % (16 + i)] = w
        p += 4 * 16
    regs.update(zip(HW_CORE, _words(p, len(HW_CORE))))
    p += 4 * len(HW_CORE)
    if fp:
        for i, w in enumerate(_words(p, 16)):
            regs["s%d" % i] = w
        regs["fpscr"] = _u32(p + 64)
        p += 4 * 18
    if regs["xpsr"] & XPSR_ALIGNED:
        p += 4
    regs["sp"] = p
    regs["fp"] = fp
    return regs


def _current_sp():
    """The running task's stack pointer: $sp in thread mode; stopped in a
    handler (IPSR not 0) the task's is the process stack pointer."""
    try:
        if int(gdb.parse_and_eval("$xpsr")) & 0x1FF:
            return _ptr(gdb.parse_and_eval("$psp"))
    except gdb.error:
        pass
    return _ptr(gdb.parse_and_eval("$sp"))


# --- The CMSIS-RTOS2 layer (cmsis/) -------------------------------------------

# Tags of the layer's objects (cmsis/src/os2.h OS2_TAG_*) -> (type, CMSIS kind).
CMSIS_TAGS = {
    0x05200001: ("os2_thread_t", "osThread"), 0x05200002: ("os2_evflags_t", "osEventFlags"),
    0x05200003: ("os2_mutex_t", "osMutex"), 0x05200004: ("os2_sem_t", "osSemaphore"),
    0x05200005: ("os2_mempool_t", "osMemoryPool"), 0x05200006: ("os2_msgq_t", "osMessageQueue"),
    0x05200007: ("os2_timer_t", "osTimer"),
}
HEAP_HDR = 8     # a heap block's header (kernel/heap.c HB_HDR); the payload follows


def _cmsis_type(tname):
    try:
        return gdb.lookup_type(tname).strip_typedefs()
    except gdb.error:
        return None


def _cmsis_tag(addr):
    """(type name, CMSIS kind) of a live layer object at addr, or None. A
    thread's head follows its kernel task; every other object starts with
    its head."""
    try:
        w = _u32(addr)
        if w == TAGS["task"]:
            t = _cmsis_type("os2_thread_t")
            if t is None:
                return None
            w = _u32(addr + [f for f in t.fields() if f.name == "h"][0].bitpos // 8)
            return CMSIS_TAGS[w] if w == 0x05200001 else None
    except (gdb.error, gdb.MemoryError, IndexError):
        return None
    hit = CMSIS_TAGS.get(w)
    return hit if hit is not None and hit[0] != "os2_thread_t" else None


def _heap_used_blocks(haddr):
    """Payload addresses of the used blocks of the heap at haddr."""
    h = _obj("heap", haddr)
    p, end, out = _ptr(h["first"]), _ptr(h["end"]), []
    while p < end and len(out) < 1 << 16:
        hdr = _u32(p)
        size = hdr & ~7
        if size == 0:
            break
        if not hdr & 1:
            out.append(p + HEAP_HDR)
        p += size
    return out


def cmsis_objects(found):
    """{address: (type name, CMSIS kind)} of the layer's live objects: the
    used blocks of every heap found (the layer's own heap holds what it
    allocates) and the layer's registries of threads and of mutexes
    (objects in the application's cb_mem). Empty in an image without the
    layer."""
    if _cmsis_type("os2_sem_t") is None:
        return {}
    cands = []
    for haddr in found.by_kind["heap"]:
        if _tag_ok("heap", haddr):
            cands += _heap_used_blocks(haddr)
    try:
        regs = list(gdb.lookup_static_symbols("registry"))
    except (AttributeError, gdb.error):
        regs = []
    for sym in regs:
        t = sym.type.strip_typedefs()
        if t.code != gdb.TYPE_CODE_PTR:
            continue
        p, n = _ptr(sym.value()), 0
        while p and n < 4096:
            cands.append(p)
            p, n = _ptr(gdb.Value(p).cast(t).dereference()["next"]), n + 1
    out = {}
    for a in cands:
        hit = _cmsis_tag(a)
        if hit is not None:
            out[a] = hit
    return out


def cmsis_inner(objs):
    """{kernel object address: (CMSIS kind, its object's name, role)} of the
    kernel objects inside the layer's objects (a message queue's two
    semaphores, ...): listed as their CMSIS object, not on their own."""
    kinds = {k: t for k, t in ((k, _type(k)) for k in TYPES) if t is not None}
    inner = {}
    for addr, (tname, ckind) in objs.items():
        t = _cmsis_type(tname)
        for path, kind, off in _contains(t, kinds):
            if kind == "task":
                continue
            inner[addr + off] = (ckind, cmsis_name(addr, tname), path.lstrip("."))
    return inner


def cmsis_name(addr, tname):
    o = gdb.Value(addr).cast(_cmsis_type(tname).pointer()).dereference()
    name = _ptr(o["h"]["name"])
    return _str(o["h"]["name"]) if name else "0x%08x" % addr


# --- Tables -------------------------------------------------------------------

def _table(headers, rows):
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]
    out = ["  ".join(str(h).ljust(w) for h, w in zip(headers, widths)).rstrip()]
    for r in rows:
        out.append("  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip())
    return "\n".join(out)


def _wait_of(found, t, addr):
    """What the task waits on: kind:name, delay or notify; '-' if nothing."""
    if int(t["state"]) != 2:
        return "-"
    wq = _ptr(t["waitq"])
    if wq:
        hit = _waitq_owner(found, wq)
        if hit is not None:
            kind, oaddr = hit
            inner = getattr(found, "cmsis_inner", {}).get(oaddr)
            if inner is not None:
                return "%s:%s" % (inner[0], inner[1])
            return "%s:%s" % (kind, found.name(kind, oaddr))
        return "waitq:0x%08x" % wq
    if int(t["notify_mask"]) != 0:
        return "notify"
    return "delay"


def _dur(v):
    """Cycles of a vos_dur_t (a structure of one field since durations and
    absolute times are distinct types; a plain integer in older images)."""
    if v.type.strip_typedefs().code == gdb.TYPE_CODE_STRUCT:
        return int(v["cyc"])
    return int(v)


def now():
    """The time base in cycles as the kernel last read it, or None where
    the extension does not know the board's time base. The STM32F4 boards
    (boards/include/stm32f4_time64.h) extend TIM2's 32-bit counter with a
    high word kept beside the last counter value read; every timed kernel
    call, the alarm and the counter's wrap interrupt read it, so at a stop
    it is at most that long behind. The counter register itself is not
    read: QEMU's timer model does not give the debugger the value the
    program reads."""
    try:
        # One pair per file that includes the header (the board's
        # timebase.c alone, on the boards of this tree).
        his = list(gdb.lookup_static_symbols("time64_hi"))
        lasts = list(gdb.lookup_static_symbols("time64_last_lo"))
        if len(his) != 1 or len(lasts) != 1:
            return None
        return (int(his[0].value()) << 32) | int(lasts[0].value())
    except (gdb.error, gdb.MemoryError, AttributeError):
        return None


def _timeout_of(t, now_cyc=None):
    """The absolute deadline of the wait in time-base cycles and, when the
    time is known, its distance from now in cycles ("(+N)"; "(-N)" for a
    deadline already passed, its alarm not yet taken); a wait without one
    has deadline 0 (kernel/time.c: on the timeout list exactly when the
    deadline is not 0). With wake on time a sleep's deadline is its alarm,
    the wake-up path before the end of the sleep."""
    if int(t["state"]) != 2:
        return "-"
    d = int(t["deadline"])
    if d == 0:
        return "forever"
    if now_cyc is None:
        return "0x%x" % d
    return "0x%x (%+d)" % (d, d - now_cyc)


def task_rows(found, now_cyc=None):
    cur = _running()
    rows = []
    for addr in sorted(found.by_kind["task"]):
        t = _obj("task", addr)
        if not _tag_ok("task", addr):
            continue
        state = STATES.get(int(t["state"]), "?%d" % int(t["state"]))
        if addr == cur:
            state = "running"
        base = _ptr(t["stack_base"])
        size = int(t["stack_size"])
        top = base + size
        guard_end = _ptr(t["guard"]) + 4
        if addr == cur:
            sp, fpu = _current_sp(), _running_fp()
        else:
            # Used now counts the saved context, which is on the stack too.
            sp, fpu = _ptr(t["sp"]), saved_context(addr)["fp"]
        unused = 0
        words = _words(guard_end, (top - guard_end) // 4) if top > guard_end else []
        for w in words:
            if w != FILL_WORD:
                break
            unused += 4
        high = top - guard_end - unused
        rows.append({
            "addr": addr, "name": _str(t["name"]), "state": state,
            "prio": int(t["prio"]), "base": int(t["base_prio"]),
            "wait": _wait_of(found, t, addr), "timeout": _timeout_of(t, now_cyc),
            "used": top - sp, "size": size, "high": high, "unused": unused,
            "fpu": "yes" if fpu else "no",
        })
    return rows


# --- Run-time statistics (kernel/stats.c) -----------------------------------------

def _stats_static(name):
    """A static variable of kernel/stats.c (the statistics' own state), or
    None when the image has no run-time statistics."""
    try:
        syms = list(gdb.lookup_static_symbols(name))
    except AttributeError:
        s = gdb.lookup_static_symbol(name)
        syms = [s] if s is not None else []
    for s in syms:
        if s.symtab is not None and s.symtab.filename.endswith("stats.c"):
            v = s.value()
            return None if v.is_optimized_out else v
    return None


# The interrupt sources' names (kernel/stats.c irq_names, in the order of
# enum vos_stats_irq), for an image whose constant table was folded away.
IRQ_NAMES = ("alarm",)


def _min_of(min_inv, completed):
    """The shortest completed activation: kept as its complement, so that
    a new control block's zero means none (kernel/stats.c)."""
    return (~min_inv) & 0xFFFFFFFF if completed else 0


def stats_rows(found, now_cyc=None):
    """One row per kernel interrupt source and per task (tag valid), as
    vos_stats_snapshot reads them; None if the image has no statistics.
    The running task's current activation counts up to now_cyc when the
    time is known (the kernel's act_start and act_irq), else it is left
    out and its row says so."""
    if not _has_field("task", "stats"):
        return None
    act_start, act_irq = _stats_static("act_start"), _stats_static("act_irq")
    irqs, names = _stats_static("irqs"), _stats_static("irq_names")
    rows = []
    if irqs is not None:
        n = irqs.type.strip_typedefs().range()[1] + 1
        for i in range(n):
            r = irqs[i]
            count, cycles = int(r["count"]), int(r["cycles"])
            try:
                name = _str(names[i]) if names is not None else IRQ_NAMES[i]
            except (gdb.error, IndexError):
                name = IRQ_NAMES[i] if i < len(IRQ_NAMES) else "irq%d" % i
            rows.append({"addr": None, "name": name, "prio": "irq", "cycles": cycles,
                         "activations": count, "min": _min_of(int(r["min_inv"]), count),
                         "mean": cycles // count if count else 0, "max": int(r["max"]),
                         "running": False})
    cur = _running()
    for addr in sorted(found.by_kind["task"]):
        if not _tag_ok("task", addr):
            continue
        t = _obj("task", addr)
        st = t["stats"]
        done, count = int(st["done"]), int(st["count"])
        running = addr == cur and count > 0
        completed = count - 1 if running else count
        cycles = done
        partial = True
        if running:
            if now_cyc is not None and act_start is not None and act_irq is not None:
                cycles += max(0, now_cyc - int(act_start) - int(act_irq))
            else:
                partial = False
        rows.append({"addr": addr, "name": _str(t["name"]), "prio": int(t["prio"]),
                     "cycles": cycles, "activations": count,
                     "min": _min_of(int(st["min_inv"]), completed),
                     "mean": done // completed if completed else 0, "max": int(st["max"]),
                     "running": running, "partial": partial})
    return rows


def _running_fp():
    try:
        return (int(gdb.parse_and_eval("$control")) & 0x4) != 0
    except gdb.error:
        return False


def objects_rows(found):
    rows = []
    def waiters(v):
        names = [_str(_obj("task", t)["name"]) for t in _waitq_tasks(v["waiters"])]
        return ",".join(names) or "-"
    inner = getattr(found, "cmsis_inner", {})
    for kind in ("sem", "mutex", "queue", "event", "pool", "timer"):
        for addr in sorted(found.by_kind[kind]):
            if addr in inner:
                continue            # listed below, as its CMSIS object
            name = found.name(kind, addr)
            if not _tag_ok(kind, addr):
                rows.append((kind, name, "deleted or not initialised", "-"))
                continue
            o = _obj(kind, addr)
            if kind == "sem":
                detail = "count=%d max=%d" % (int(o["count"]), int(o["max"]))
            elif kind == "mutex":
                owner = _ptr(o["owner_word"]) & ~MUTEX_FLAGS
                oname = _str(_obj("task", owner)["name"]) if owner else "-"
                if owner and int(_obj("task", owner)["state"]) in (4, 5):
                    oname += "(exited)"
                detail = "owner=%s depth=%d%s" % (oname, int(o["count"]) if owner else 0,
                                                  " ceiling=%d" % int(o["ceiling"]) if int(o["ceiling"]) else "")
            elif kind == "queue":
                detail = "count=%d/%d item=%d" % (int(o["count"]), int(o["capacity"]), int(o["item_size"]))
                w = waiters(o)
                if w != "-":
                    detail += " (%s)" % ("senders" if int(o["count"]) == int(o["capacity"]) else "receivers")
            elif kind == "event":
                detail = "flags=0x%x" % int(o["flags"])
            elif kind == "pool":
                detail = "free=%d/%d block=%d min_free=%d" % (
                    int(o["available"]), int(o["count"]), int(o["block_size"]), int(o["min_available"]))
            elif kind == "timer" and all(_has_field("timer", f) for f in
                                         ("armed", "due", "period", "overruns", "pending")):
                if _has_field("timer", "name") and _ptr(o["name"]):
                    name = "%s \"%s\"" % (name, _str(o["name"]))
                state = "armed due=0x%x" % int(o["due"]) if int(o["armed"]) else "stopped"
                period = _dur(o["period"])
                detail = "%s %s overruns=%d%s" % (
                    state, "period=%d" % period if period else "one-shot", int(o["overruns"]),
                    " callback pending" if int(o["pending"]) else "")
            else:
                detail = " ".join("%s=%s" % (f.name, o[f.name]) for f in o.type.fields()
                                  if f.name and f.type.strip_typedefs().code in
                                  (gdb.TYPE_CODE_INT, gdb.TYPE_CODE_ENUM, gdb.TYPE_CODE_BOOL))
            w = waiters(o) if _has_field(kind, "waiters") else "-"
            rows.append((kind, name, detail, w))
    rows += cmsis_rows(found, waiters)
    return rows


def cmsis_rows(found, waiters):
    """One row per object of the CMSIS layer, by its CMSIS kind and name."""
    rows = []
    for addr, (tname, ckind) in sorted(getattr(found, "cmsis", {}).items()):
        if ckind == "osThread":
            continue                # a task: vaios tasks lists it
        o = gdb.Value(addr).cast(_cmsis_type(tname).pointer()).dereference()
        name = cmsis_name(addr, tname)
        if ckind == "osMessageQueue":
            detail = "count=%d/%d msg=%d" % (int(o["count"]), int(o["msg_count"]), int(o["msg_size"]))
            r, snd = waiters(o["items"]), waiters(o["space"])
            w = ",".join(x for x in (r if r != "-" else "", snd if snd != "-" else "") if x) or "-"
            if r != "-":
                detail += " (receivers)"
            elif snd != "-":
                detail += " (senders)"
        elif ckind == "osSemaphore":
            detail, w = "count=%d max=%d" % (int(o["s"]["count"]), int(o["s"]["max"])), waiters(o["s"])
        elif ckind == "osMutex":
            owner = _ptr(o["m"]["owner_word"]) & ~MUTEX_FLAGS
            detail = "owner=%s" % (_str(_obj("task", owner)["name"]) if owner else "-")
            w = waiters(o["m"])
        elif ckind == "osEventFlags":
            detail, w = "flags=0x%x" % int(o["ev"]["flags"]), waiters(o["ev"])
        elif ckind == "osMemoryPool":
            detail = "free=%d/%d block=%d" % (int(o["p"]["available"]), int(o["p"]["count"]),
                                             int(o["block_size"]))
            w = waiters(o["free_blocks"])
        else:   # osTimer
            tm = o["tm"]
            detail = ("armed due=0x%x" % int(tm["due"]) if int(tm["armed"]) else "stopped") + \
                (" periodic" if int(o["periodic"]) else " one-shot")
            w = "-"
        rows.append((ckind, name, detail, w))
    return rows


def heap_rows(found):
    rows = []
    for addr in sorted(found.by_kind["heap"]):
        name = found.name("heap", addr)
        if not _tag_ok("heap", addr):
            rows.append({"name": name, "error": "not initialised"})
            continue
        h = _obj("heap", addr)
        p, end = _ptr(h["first"]), _ptr(h["end"])
        blk_t = gdb.lookup_type("struct vos__heap_blk")
        free = largest = nfree = used = 0
        steps = 0
        while p < end and steps < 1 << 20:
            hdr = int(gdb.Value(p).cast(blk_t.pointer()).dereference()["size"])
            size = hdr & ~7
            if size == 0:
                break
            if hdr & 1:
                free += size
                nfree += 1
                largest = max(largest, size)
            else:
                used += 1
            p += size
            steps += 1
        frag = 0.0 if free == 0 else 1.0 - largest / free
        rows.append({"name": name, "total": int(h["total"]), "free": free, "largest": largest,
                     "free_blocks": nfree, "used_blocks": used, "min_free": int(h["min_free"]),
                     "frag": frag, "consistent": free == int(h["free_bytes"])})
    return rows


# --- Backtrace of a switched-out task -----------------------------------------

BT_REGS = ["r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11",
           "r12", "lr", "pc", "sp"]


def find_task(found, spec):
    for addr in found.by_kind["task"]:
        if _str(_obj("task", addr)["name"]) == spec or found.name("task", addr) == spec:
            return addr
    try:
        addr = int(gdb.parse_and_eval(spec).cast(gdb.lookup_type("unsigned long")))
    except gdb.error:
        raise gdb.GdbError("no task named %s" % spec)
    if addr in found.by_kind["task"]:
        return addr
    try:   # an expression naming the control block itself, e.g. t_sem
        addr = _ptr(gdb.parse_and_eval("&(%s)" % spec))
    except gdb.error:
        pass
    if not _tag_ok("task", addr):
        raise gdb.GdbError("%s is not a task" % spec)
    return addr


def _depth(task_addr, limit):
    """Frames of the task's backtrace up to its entry function: the frame
    whose return address is the kernel's task-return trampoline (the
    initial context's lr, kernel/task.c) is the last, and the unwinding
    stops at the top of the task's stack whatever it finds."""
    ret = gdb.lookup_global_symbol("vos__task_return")
    ret = _ptr(ret.value().address) & ~1 if ret is not None else None
    t = _obj("task", task_addr)
    top = _ptr(t["stack_base"]) + int(t["stack_size"])
    f, n = gdb.newest_frame(), 0
    while f is not None and n < limit:
        n += 1
        try:
            older = f.older()
        except gdb.error:
            break
        if older is None or older.pc() == ret:
            break
        try:
            if _ptr(older.read_register("sp")) > top:
                break
        except (gdb.error, ValueError):
            break
        f = older
    return n


def backtrace(task_addr, limit=32):
    """The backtrace text of a task, newest frame first, ending at the
    task's entry function."""
    if task_addr == _running():
        return gdb.execute("bt %d" % _depth(task_addr, limit), to_string=True)
    ctx = saved_context(task_addr)
    frame = gdb.selected_frame()
    saved = {r: int(gdb.parse_and_eval("$" + r).cast(gdb.lookup_type("unsigned long")))
             for r in BT_REGS}
    # Registers are written one at a time, so between two writes the CPU
    # holds half of one context and half of the other (a pc of the task
    # with the stopped code's sp). gdb walks frames after each write, and
    # from such a mix it can find a chain of garbage frames without end
    # (it spun for minutes on the statistics build's scenario image). The
    # walk is bounded for the time of the writes and the backtrace.
    user_limit = gdb.parameter("backtrace limit")
    gdb.execute("set backtrace limit %d" % (limit + 2), to_string=True)
    try:
        newest = gdb.newest_frame()
        newest.select()
        for r in BT_REGS:
            gdb.execute("set $%s = %d" % (r, ctx[r] & ~1 if r == "pc" else ctx[r]), to_string=True)
        return gdb.execute("bt %d" % _depth(task_addr, limit), to_string=True)
    finally:
        gdb.newest_frame().select()
        for r in BT_REGS:
            gdb.execute("set $%s = %d" % (r, saved[r]), to_string=True)
        gdb.execute("set backtrace limit %s" % (user_limit or "unlimited"), to_string=True)
        try:
            frame.select()
        except gdb.error:
            pass


# --- Every backtrace ends at the task's entry ---------------------------------

class TaskBottom:
    """A frame filter (gdb's `bt` and every other frame listing): a task's
    backtrace ends at its entry function. The entry's caller, as the
    initial context left it, is the kernel's task-return trampoline
    (vos__task_return, its lr), and beyond that the stack holds nothing a
    frame unwinder can read: without this filter gdb shows the trampoline
    as a frame of vos_task_exit, then a frame at a garbage address and
    "previous frame identical to this frame (corrupt stack?)". The frames
    are passed through lazily and the caller of the frame whose caller is
    the trampoline is never asked for."""

    def __init__(self):
        self.name = "vaios-task-bottom"
        self.priority = 100
        self.enabled = True
        gdb.frame_filters[self.name] = self

    def filter(self, frames):
        ret = gdb.lookup_global_symbol("vos__task_return")
        ret = _ptr(ret.value().address) & ~1 if ret is not None else None
        for fd in frames:
            yield fd
            if ret is None:
                continue
            try:
                older = fd.inferior_frame().older()
            except gdb.error:
                return
            if older is not None and older.pc() == ret:
                return


# --- Commands -----------------------------------------------------------------

class VaiosPrefix(gdb.Command):
    """VAIOS kernel awareness: vaios tasks | objects | heap | bt TASK | top."""

    def __init__(self):
        super().__init__("vaios", gdb.COMMAND_DATA, gdb.COMPLETE_COMMAND, True)


class VaiosTasks(gdb.Command):
    """List every task with its state, priorities, wait, stack and FP context.

Columns: effective (prio) and base priority; what it waits on (kind:object,
delay or notify) and the wait's absolute deadline in time-base cycles with
its distance from now, "(+N)" cycles (now: the time base as the kernel
last read it, printed first; boards whose time base the extension does
not know show the deadline alone); stack
bytes used now (the saved context included), stack size and most ever used
(high-water, from the fill pattern above the guard); fpu: the task has an
FP context (saved in its switch frame, or CONTROL.FPCA for the running one)."""

    def __init__(self):
        super().__init__("vaios tasks", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        now_cyc = now()
        rows = task_rows(collect(), now_cyc)
        if now_cyc is not None:
            print("now 0x%x (time-base cycles, as the kernel last read them)" % now_cyc)
        hdr = ["task", "address", "state", "prio", "base", "wait", "timeout",
               "stack used", "size", "high-water", "fpu"]
        print(_table(hdr, [(r["name"], "0x%08x" % r["addr"], r["state"], r["prio"], r["base"],
                            r["wait"], r["timeout"], r["used"], r["size"], r["high"], r["fpu"])
                           for r in rows]))


class VaiosObjects(gdb.Command):
    """List semaphores, mutexes, queues, event flags, pools and timers.

Each with its state (count, owner and recursion depth, fill level) and its
waiters in the order they will be served."""

    def __init__(self):
        super().__init__("vaios objects", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        found = collect()
        print(_table(["kind", "object", "state", "waiters"], objects_rows(found)))
        if _type("timer") is None:
            print("(no software timers in this kernel)")


class VaiosHeap(gdb.Command):
    """Show every heap's free bytes, largest free block and fragmentation.

Walks the blocks: total and free bytes, largest free block, free and used
blocks, lowest free ever; fragmentation = 1 - largest / free; check says
whether the walk agrees with the heap's own free_bytes."""

    def __init__(self):
        super().__init__("vaios heap", gdb.COMMAND_DATA)

    def invoke(self, arg, from_tty):
        rows = heap_rows(collect())
        if not rows:
            print("(no heap found)")
            return
        print(_table(["heap", "total", "free", "largest", "free blocks", "used blocks",
                      "min free", "fragmentation", "check"],
                     [(r["name"], r.get("total", "-"), r.get("free", "-"), r.get("largest", "-"),
                       r.get("free_blocks", "-"), r.get("used_blocks", "-"), r.get("min_free", "-"),
                       "%.3f" % r["frag"] if "frag" in r else "-",
                       r.get("error") or ("ok" if r["consistent"] else "free_bytes differs"))
                      for r in rows]))


class VaiosTop(gdb.Command):
    """The run-time statistics: vaios top (an image with VOS_CFG_RUNTIME_STATS).

One line per kernel interrupt source (prio irq) and per task: cycles run,
activations (switches in; interrupts taken), the shortest, mean and longest
completed activation since creation, and share: the part of the window it
ran, in percent. The window runs from the previous `vaios top` of this gdb
session (the first: from vos_start) to now, the time base as the kernel
last read it; the running task's current activation counts up to then."""

    def __init__(self):
        super().__init__("vaios top", gdb.COMMAND_DATA)
        self.prev = None        # (now, {key: cycles}) of the previous vaios top

    def invoke(self, arg, from_tty):
        now_cyc = now()
        rows = stats_rows(collect(), now_cyc)
        if rows is None:
            print("(no run-time statistics in this image: build it with VOS_CFG_RUNTIME_STATS=1)")
            return
        start = _stats_static("started_at")
        key = lambda r: r["addr"] if r["addr"] is not None else r["name"]
        if self.prev is not None and now_cyc is not None:
            t0, before = self.prev
            what = "since the previous vaios top"
        else:
            t0, before = (int(start) if start is not None else None), {}
            what = "since vos_start"
        window = now_cyc - t0 if now_cyc is not None and t0 is not None else None
        if window:
            print("window %d cycles (%s), now 0x%x" % (window, what, now_cyc))
        else:
            print("(the time base of this board is not known: no shares)")

        def share(r):
            if not window:
                return "-"
            d = r["cycles"] - before.get(key(r), 0)
            return "%.2f" % (100.0 * d / window)
        print(_table(["name", "prio", "share%", "cycles", "activations", "min", "mean", "max"],
                     [(r["name"] + (" (running)" if r.get("running") else ""), r["prio"], share(r),
                       r["cycles"] if r.get("partial", True) else "%d+" % r["cycles"],
                       r["activations"], r["min"], r["mean"], r["max"]) for r in rows]))
        if now_cyc is not None:
            self.prev = (now_cyc, {key(r): r["cycles"] for r in rows})


class VaiosBt(gdb.Command):
    """Backtrace of a task from the context saved when it was switched out.

Usage: vaios bt TASK, TASK being the task's name, its variable or its
address. The saved registers are loaded into the CPU for the time of the
backtrace and every one is restored after it."""

    def __init__(self):
        super().__init__("vaios bt", gdb.COMMAND_STACK)

    def invoke(self, arg, from_tty):
        if not arg.strip():
            raise gdb.GdbError("usage: vaios bt TASK")
        found = collect()
        addr = find_task(found, arg.strip())
        t = _obj("task", addr)
        print("task %s (0x%08x)%s" % (_str(t["name"]), addr,
                                      ", FP context saved" if addr != _running()
                                      and saved_context(addr)["fp"] else ""))
        print(backtrace(addr), end="")


TaskBottom()
VaiosPrefix()
VaiosTasks()
VaiosObjects()
VaiosHeap()
VaiosBt()
VaiosTop()
