# SPDX-License-Identifier: MIT
"""Reading a VAIOS trace dump and turning it into events.

A dump is the recorder's memory region (kernel/trace.c, docs/tracing.md):
a 64-byte header, the task name table, and the ring of 16-byte records. It
arrives either as a raw binary file (a debugger's or the emulator's memory
dump) or as "@VOS trace" hex lines inside a console log.

Everything that can be wrong with the input raises DumpError with a message
that says what is wrong and where; nothing else escapes for bad input.
"""

import binascii
import re
import struct

from . import events as ev

MAGIC = 0x43525456          # "VTRC" in memory on a little-endian target
VERSION = 1
HDR_SIZE = 64
REC_SIZE = 16
F_OVERWRITE = 0x1
F_REC = 0x2
F_KNOWN = F_OVERWRITE | F_REC
LOG_MARK = "@VOS trace"


class DumpError(Exception):
    """The input is not a usable trace dump; str() says why."""


class Dump:
    """A validated dump: header fields, name table, records oldest first."""

    def __init__(self):
        self.endian = "<"
        self.version = 0
        self.clock_hz = 0
        self.capacity = 0
        self.name_size = 0
        self.widx = 0
        self.wraps = 0
        self.lost = 0
        self.flags = 0
        self.time_hi = 0
        self.tasks = 0
        self.names = []       # [(id, task address, name)] for used entries
        self.records = []     # [(time_lo, info, a, b)] oldest first
        self.warnings = []

    @property
    def overwrite(self):
        return bool(self.flags & F_OVERWRITE)

    @property
    def overwritten(self):
        """Records lost to the ring wrapping (overwrite mode)."""
        if self.wraps == 0:
            return 0
        return self.wraps * self.capacity + self.widx - self.capacity


# --- Input ------------------------------------------------------------------

def _is_binary(data):
    return data[:4] in (struct.pack("<I", MAGIC), struct.pack(">I", MAGIC))


def read_input(path, dump_index=-1):
    """The dump bytes from a binary file or a console log. dump_index picks
    one of several complete dumps in a log (Python indexing: -1 the last)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise DumpError("cannot read %s: %s" % (path, e.strerror or e))
    if len(data) == 0:
        raise DumpError("%s is empty" % path)
    if _is_binary(data):
        return data
    text = data.decode("utf-8", errors="replace")
    if LOG_MARK not in text:
        if len(data) < HDR_SIZE or b"\0" in data[:HDR_SIZE]:
            raise DumpError("%s is not a VAIOS trace dump: bad magic 0x%s (expected "
                            "\"VTRC\")" % (path, data[:4].hex()))
        raise DumpError("%s holds no trace: neither a binary dump nor a log with "
                        "'%s' lines" % (path, LOG_MARK))
    dumps = parse_log(text)
    try:
        return dumps[dump_index]
    except IndexError:
        raise DumpError("%s holds %d complete dump(s); there is no dump number %d"
                        % (path, len(dumps), dump_index))


def parse_log(text):
    """Every complete dump in a console log, in order. Lines carry the mark
    anywhere (a console may prefix them); a log without begin/end lines is
    taken as one dump of all its data lines."""
    dumps = []
    cur = None          # bytearray while inside begin .. end
    cur_line = 0
    cur_size = 0
    loose = bytearray()  # data lines outside any begin/end
    saw_begin = False
    for no, line in enumerate(text.splitlines(), 1):
        pos = line.find(LOG_MARK)
        if pos < 0:
            continue
        words = line[pos + len(LOG_MARK):].split()
        if not words:
            raise DumpError("line %d: '%s' with nothing after it" % (no, LOG_MARK))
        if words[0] == "begin":
            if cur is not None:
                raise DumpError("line %d: a new dump begins but the one begun at line %d "
                                "never ended (%d of %d bytes): the log is truncated"
                                % (no, cur_line, len(cur), cur_size))
            cur_size = _hex_field(words, 1, no, "size")
            cur, cur_line, saw_begin = bytearray(), no, True
        elif words[0] == "end":
            if cur is None:
                raise DumpError("line %d: end of a dump that never began" % no)
            size = _hex_field(words, 1, no, "size")
            crc = _hex_field(words, 2, no, "checksum")
            if size != cur_size or len(cur) != size:
                raise DumpError("line %d: dump begun at line %d has %d bytes, expected %d: "
                                "lines are missing from the log" % (no, cur_line, len(cur),
                                                                    cur_size))
            if binascii.crc32(bytes(cur)) != crc:
                raise DumpError("line %d: checksum mismatch for the dump begun at line %d: "
                                "the log is damaged" % (no, cur_line))
            dumps.append(bytes(cur))
            cur = None
        else:
            chunk = _hex_data(words, no)
            if cur is not None:
                cur += chunk
            else:
                loose += chunk
    if cur is not None:
        raise DumpError("the dump begun at line %d never ended (%d of %d bytes): the log "
                        "is truncated" % (cur_line, len(cur), cur_size))
    if not dumps and not saw_begin and loose:
        dumps.append(bytes(loose))
    if not dumps:
        raise DumpError("no complete dump in the log")
    return dumps


def _hex_field(words, i, no, what):
    if len(words) <= i:
        raise DumpError("line %d: %s missing" % (no, what))
    try:
        return int(words[i], 16)
    except ValueError:
        raise DumpError("line %d: %s '%s' is not hex" % (no, what, words[i][:20]))


def _hex_data(words, no):
    if len(words) != 1 or len(words[0]) % 2 or not re.fullmatch(r"[0-9a-fA-F]+", words[0]):
        raise DumpError("line %d: not a line of hex data" % no)
    return bytes.fromhex(words[0])


# --- Validation ---------------------------------------------------------------

def parse(data):
    """Check the header against the bytes and return a Dump."""
    d = Dump()
    if len(data) < HDR_SIZE:
        raise DumpError("truncated dump: %d bytes, shorter than the %d-byte header"
                        % (len(data), HDR_SIZE))
    if struct.unpack_from("<I", data)[0] == MAGIC:
        d.endian = "<"
    elif struct.unpack_from(">I", data)[0] == MAGIC:
        d.endian = ">"
    else:
        raise DumpError("bad magic 0x%08x: not a VAIOS trace dump"
                        % struct.unpack_from("<I", data)[0])
    e = d.endian
    (_, d.version, hdr_size, clk_lo, clk_hi, rec_size, d.name_size, d.capacity, n_names,
     d.widx, d.wraps, d.lost, d.flags, d.time_hi, d.tasks) = struct.unpack_from(
        e + "IHHIIHHIIIIIIII", data)
    if d.version != VERSION:
        raise DumpError("unsupported dump version %d (this tool reads version %d)"
                        % (d.version, VERSION))
    if hdr_size != HDR_SIZE:
        raise DumpError("corrupt header: header size %d, version %d has %d"
                        % (hdr_size, VERSION, HDR_SIZE))
    if rec_size != REC_SIZE:
        raise DumpError("corrupt header: record size %d, version %d has %d"
                        % (rec_size, VERSION, REC_SIZE))
    d.clock_hz = clk_hi << 32 | clk_lo
    if d.clock_hz == 0:
        raise DumpError("corrupt header: clock frequency 0")
    if not (8 <= d.name_size <= 64 and d.name_size % 4 == 0):
        raise DumpError("corrupt header: name entry size %d" % d.name_size)
    if not (1 <= d.capacity <= 1 << 24):
        raise DumpError("corrupt header: capacity %d records" % d.capacity)
    if n_names > 1024:
        raise DumpError("corrupt header: %d name table entries" % n_names)
    if d.flags & ~F_KNOWN:
        raise DumpError("corrupt header: unknown flags 0x%x" % d.flags)
    need = HDR_SIZE + n_names * d.name_size + d.capacity * REC_SIZE
    if len(data) < need:
        raise DumpError("truncated dump: %d bytes, the header describes %d (%d records, "
                        "%d names)" % (len(data), need, d.capacity, n_names))
    if len(data) > need:
        d.warnings.append("%d bytes after the dump region ignored" % (len(data) - need))
    if d.widx > d.capacity:
        raise DumpError("write index %d out of range (capacity %d): corrupt header"
                        % (d.widx, d.capacity))
    if d.wraps and not d.overwrite:
        raise DumpError("corrupt header: a stop-when-full buffer that wrapped %d times"
                        % d.wraps)
    if d.flags & F_REC:
        d.warnings.append("the dump was taken while recording: its newest records may "
                          "not be consistent (stop recording before dumping)")

    off = HDR_SIZE
    for i in range(n_names):
        task = struct.unpack_from(e + "I", data, off)[0]
        raw = data[off + 4:off + d.name_size].split(b"\0", 1)[0]
        if task:
            d.names.append((i + 1, task, raw.decode("utf-8", errors="replace")))
        off += d.name_size

    rec = [struct.unpack_from(e + "IIII", data, off + i * REC_SIZE) for i in range(d.capacity)]
    if d.wraps == 0:
        d.records = rec[:d.widx]
    else:
        d.records = rec[d.widx:] + rec[:d.widx]
    return d


# --- Decoding -------------------------------------------------------------------

def _s8(v):
    return v - 256 if v & 0x80 else v


class _Tasks:
    """Task address -> (id, name), from the name table and the create and
    name records seen so far; a task neither names is named by the symbol
    of its control block in the image (symbols: elf.Symbols, or None)."""

    def __init__(self, dump, symbols=None):
        self.by_id = {tid: (task, name) for tid, task, name in dump.names}
        self.cur = {}
        self.symbols = symbols
        for tid, task, name in sorted(dump.names):
            self.cur[task] = (tid, name)   # the newest id of an address wins
        self.names_of_table = dict(self.cur)

    def _symbol(self, task):
        return self.symbols.name(task) if self.symbols is not None else None

    def bind(self, task, tid):
        entry = self.by_id.get(tid)
        name = entry[1] if entry and entry[0] == task else (self._symbol(task) or "task%d" % tid)
        self.cur[task] = (tid, name)
        return tid, name

    def get(self, task):
        if task == 0:
            return 0, "-"
        if task not in self.cur:
            return 0, self._symbol(task) or "0x%08x" % task
        return self.cur[task]


def decode(dump, symbols=None):
    """The dump's records as Events, oldest first, with 64-bit times. Checks
    record types, time order and continuation records. With symbols (the
    image's, elf.Symbols), a task the dump does not name is named by its
    control block's symbol, and every address field that a data symbol
    holds gets that symbol's name beside it (Event.text)."""
    recs = dump.records
    # The high time word of the oldest records: the "previous" word of the
    # oldest TIME_HI record, or the header's word if there is none.
    hi = dump.time_hi
    for t_lo, info, a, b in recs:
        if info & 0xFF == ev.TEV_TIME_HI:
            hi = b
            break
    tasks = _Tasks(dump, symbols)
    # Whoever the first switch leaves was running from the start.
    running = None
    for t_lo, info, a, b in recs:
        if info & 0xFF == ev.TEV_TASK_SWITCH:
            running = a
            break
    irq_stack = []
    out = []
    last = None
    i = 0
    n = len(recs)
    while i < n:
        t_lo, info, a, b = recs[i]
        typ, arg8, arg16 = info & 0xFF, (info >> 8) & 0xFF, info >> 16
        where = "record %d of %d" % (i + 1, n)
        if typ == ev.TEV_TIME_HI:
            if a < hi:
                raise DumpError("%s: time goes backwards (high word %d after %d): corrupt dump"
                                % (where, a, hi))
            hi = a
        time = hi << 32 | t_lo
        if last is not None and time < last:
            raise DumpError("%s: time goes backwards (%d after %d): corrupt dump"
                            % (where, time, last))
        last = time
        if typ == ev.TEV_TIME_HI:
            i += 1
            continue
        if typ == ev.TEV_CONT:
            if i == 0:
                i += 1      # its first half was overwritten
                continue
            raise DumpError("%s: continuation record without the record it continues: "
                            "corrupt dump" % where)
        if typ not in ev.EVENTS or typ >= ev.TEV_COUNT:
            raise DumpError("%s: unknown record type %d: corrupt dump" % (where, typ))

        ctx = ("irq %d" % irq_stack[-1]) if irq_stack else (
            tasks.get(running)[1] if running is not None else "-")
        f = {}
        if typ == ev.TEV_TASK_CREATE:
            tid, name = tasks.bind(a, arg16)
            f.update(tid=tid, name=name, task=a, prio=arg8)
        elif typ == ev.TEV_TASK_NAME:
            tid, name = tasks.bind(a, arg16) if arg16 else tasks.get(a)
            f.update(tid=tid, name=name, task=a)
        elif typ == ev.TEV_TASK_SWITCH:
            pt, pn = tasks.get(a)
            nt, nn = tasks.get(b)
            f.update(prev_tid=pt, prev_name=pn, next_tid=nt, next_name=nn, reason=arg8)
            running = b
        elif typ in (ev.TEV_TASK_READY, ev.TEV_TASK_BLOCK, ev.TEV_TASK_PRIORITY,
                     ev.TEV_DEADLINE_MISS, ev.TEV_TASK_TERMINATE):
            tid, name = tasks.get(a)
            f.update(tid=tid, name=name)
            if typ == ev.TEV_TASK_BLOCK:
                f.update(on=arg8, obj=b)
            elif typ == ev.TEV_TASK_PRIORITY:
                f.update(old_prio=arg16 & 0xFF, new_prio=arg16 >> 8, cause=arg8)
            elif typ == ev.TEV_DEADLINE_MISS:
                f.update(late=b)
        elif typ == ev.TEV_ISR_ENTER:
            f.update(irq=a)
            irq_stack.append(a)
        elif typ == ev.TEV_ISR_EXIT:
            f.update(irq=a)
            if irq_stack:
                irq_stack.pop()
        elif typ in (ev.TEV_MUTEX_LOCK, ev.TEV_MUTEX_UNLOCK):
            ot, on = tasks.get(b)
            f.update(obj=a, result=_s8(arg8), owner_tid=ot, owner_name=on)
        elif typ in (ev.TEV_EVENT_SET, ev.TEV_EVENT_WAIT):
            f.update(obj=a, result=_s8(arg8), bits=b)
        elif typ in (ev.TEV_HEAP_ALLOC, ev.TEV_HEAP_FREE):
            if i + 1 >= n or recs[i + 1][1] & 0xFF != ev.TEV_CONT:
                raise DumpError("%s: heap record without its continuation: corrupt dump"
                                % where)
            f.update(heap=a, ptr=b, size=recs[i + 1][2], result=_s8(arg8))
            i += 1
        elif typ in (ev.TEV_POOL_ALLOC, ev.TEV_POOL_FREE):
            f.update(pool=a, block=b, result=_s8(arg8))
        elif typ == ev.TEV_MARKER:
            f.update(id=a, value=b)
        elif typ == ev.TEV_TIMER_EXPIRE:
            f.update(timer=a, overruns=b)
        elif typ == ev.TEV_MSG_SEND:
            f.update(obj=a, result=_s8(arg8), len=b)
        elif typ == ev.TEV_MSG_RECV:
            f.update(obj=a, result=_s8(arg8), client=b)
        elif typ == ev.TEV_MSG_REPLY:
            f.update(client=a, server=b, result=_s8(arg8))
        else:  # sem, queue
            f.update(obj=a, result=_s8(arg8))
        e = ev.Event(time, typ, f, ctx, i)
        if symbols is not None:
            e.symbols = {fname: symbols.name(f[fname]) for fname, kind in ev.EVENTS[typ][1]
                         if kind == "addr" and symbols.name(f[fname])}
        out.append(e)
        i += 1
    return out, tasks


def prologue(dump, events, tasks):
    """Events the tool adds before the first record: the lost/overwritten
    counts, and a task_name for every named task whose creation record is
    not in the ring, so a viewer can name every lane."""
    if not events:
        return []
    t0 = events[0].time
    extra = [ev.Event(t0, ev.XEV_TRACE_INFO,
                      {"lost": dump.lost, "overwritten": dump.overwritten, "first_time": t0},
                      events[0].ctx, -1)]
    created = {e.fields["tid"] for e in events
               if e.type in (ev.TEV_TASK_CREATE, ev.TEV_TASK_NAME)}
    for tid, task, name in sorted(dump.names):
        if tid not in created and tasks.names_of_table.get(task, (None,))[0] == tid:
            extra.append(ev.Event(t0, ev.TEV_TASK_NAME, {"tid": tid, "name": name, "task": task},
                                  events[0].ctx, -1))
    return extra


def load(path, dump_index=-1, symbols=None):
    """Read, validate and decode: (dump, events with the prologue first)."""
    d = parse(read_input(path, dump_index))
    events, tasks = decode(d, symbols)
    return d, prologue(d, events, tasks) + events
