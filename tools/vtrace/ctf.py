# SPDX-License-Identifier: MIT
"""CTF 1.8 writer: a trace directory holding a TSDL `metadata` file and one
binary stream file, which babeltrace2 reads and lists and Trace Compass opens
as a generic CTF trace.

Layout chosen for simplicity: little-endian, every field byte-aligned, one
stream, one packet. The packet context carries events_discarded (the dump's
lost plus overwritten records), and the event context the name of the task
(or "irq N") each event happened in. Event ids are the record types, so a
CTF event id and a dump record type are the same number.
"""

import hashlib
import os
import struct
import uuid as uuidlib

from . import events as ev

CTF_MAGIC = 0xC1FC1FC1
CLOCK = "vaios_clock"

_INT = {"u8": ("uint8_t", "<B"), "u16": ("uint16_t", "<H"), "u32": ("uint32_t", "<I"),
        "u64": ("uint64_t", "<Q"), "addr": ("addr_t", "<I"), "bits": ("addr_t", "<I")}
_ENUM_BASE = {"result": ("int8_t", "<b"), "reason": ("uint8_t", "<B"),
              "cause": ("uint8_t", "<B"), "wait": ("uint8_t", "<B")}


def _tsdl_str(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', '\\"')


def _field_tsdl(kind, name):
    if kind == "str":
        return "string %s;" % name
    if kind in _ENUM_BASE:
        labels = ", ".join("%s = %d" % (lab, val) for val, lab in sorted(ev.ENUMS[kind].items()))
        return "enum : %s { %s } %s;" % (_ENUM_BASE[kind][0], labels, name)
    return "%s %s;" % (_INT[kind][0], name)


def metadata(dump, trace_uuid):
    """The TSDL text describing the stream."""
    env = {
        "domain": '"vaios"',
        "tracer_name": '"vaios"',
        "trace_format_version": str(dump.version),
        "clock_hz": str(dump.clock_hz),
        "capacity": str(dump.capacity),
        "lost": str(dump.lost),
        "overwritten": str(dump.overwritten),
        "policy": '"overwrite"' if dump.overwrite else '"stop"',
    }
    lines = [
        "/* CTF 1.8 */",
        "",
        "/* VAIOS kernel trace, converted by tools/vtrace from a ring-buffer dump. */",
        "",
        "typealias integer { size = 8; align = 8; signed = false; } := uint8_t;",
        "typealias integer { size = 16; align = 8; signed = false; } := uint16_t;",
        "typealias integer { size = 32; align = 8; signed = false; } := uint32_t;",
        "typealias integer { size = 64; align = 8; signed = false; } := uint64_t;",
        "typealias integer { size = 8; align = 8; signed = true; } := int8_t;",
        "typealias integer { size = 32; align = 8; signed = false; base = 16; } := addr_t;",
        "",
        "trace {",
        "    major = 1;",
        "    minor = 8;",
        '    uuid = "%s";' % trace_uuid,
        "    byte_order = le;",
        "    packet.header := struct {",
        "        uint32_t magic;",
        "        uint8_t uuid[16];",
        "        uint32_t stream_id;",
        "    };",
        "};",
        "",
        "env {",
    ]
    lines += ["    %s = %s;" % kv for kv in env.items()]
    lines += [
        "};",
        "",
        "clock {",
        "    name = %s;" % CLOCK,
        '    uuid = "%s";' % trace_uuid,
        '    description = "VAIOS board time base (cycles since reset)";',
        "    freq = %d;" % dump.clock_hz,
        "    precision = 1;",
        "    offset_s = 0;",
        "    offset = 0;",
        "    absolute = false;",
        "};",
        "",
        "typealias integer { size = 64; align = 8; signed = false; "
        "map = clock.%s.value; } := uint64_clock_t;" % CLOCK,
        "",
        "stream {",
        "    id = 0;",
        "    packet.context := struct {",
        "        uint64_clock_t timestamp_begin;",
        "        uint64_clock_t timestamp_end;",
        "        uint64_t content_size;",
        "        uint64_t packet_size;",
        "        uint64_t events_discarded;",
        "        uint32_t cpu_id;",
        "    };",
        "    event.header := struct {",
        "        uint16_t id;",
        "        uint64_clock_t timestamp;",
        "    };",
        "    event.context := struct {",
        "        string ctx;",
        "    };",
        "};",
        "",
    ]
    for typ in sorted(ev.EVENTS):
        name, fields = ev.EVENTS[typ]
        lines += ["event {",
                  "    name = %s;" % _tsdl_str(name),
                  "    id = %d;" % typ,
                  "    stream_id = 0;",
                  "    fields := struct {"]
        lines += ["        " + _field_tsdl(kind, fname) for fname, kind in fields]
        lines += ["    };", "};", ""]
    return "\n".join(lines)


def _cstr(s):
    return s.encode("utf-8", errors="replace").replace(b"\0", b"?") + b"\0"


def _event_bytes(e):
    out = [struct.pack("<HQ", e.type, e.time), _cstr(e.ctx)]
    for fname, kind in ev.EVENTS[e.type][1]:
        v = e.fields[fname]
        if kind == "str":
            out.append(_cstr(v))
        elif kind in _ENUM_BASE:
            out.append(struct.pack(_ENUM_BASE[kind][1], v))
        else:
            out.append(struct.pack(_INT[kind][1], v & ((1 << (8 * struct.calcsize(
                _INT[kind][1]))) - 1)))
    return b"".join(out)


def write(outdir, dump, events, raw_id=b""):
    """Write OUTDIR/metadata and OUTDIR/stream_0. raw_id (the dump bytes)
    makes the trace UUID a function of the input, so the same dump always
    gives the same files. Raises OSError if the directory cannot be
    written."""
    trace_uuid = uuidlib.UUID(bytes=hashlib.sha256(b"vaios-ctf" + raw_id).digest()[:16])
    os.makedirs(outdir, exist_ok=True)
    body = b"".join(_event_bytes(e) for e in events)
    t_begin = events[0].time if events else 0
    t_end = events[-1].time if events else 0
    header = struct.pack("<I16sI", CTF_MAGIC, trace_uuid.bytes, 0)
    ctx_len = struct.calcsize("<QQQQQI")
    size_bits = 8 * (len(header) + ctx_len + len(body))
    context = struct.pack("<QQQQQI", t_begin, t_end, size_bits, size_bits,
                          dump.lost + dump.overwritten, 0)
    with open(os.path.join(outdir, "metadata"), "w", encoding="utf-8") as f:
        f.write(metadata(dump, str(trace_uuid)))
    with open(os.path.join(outdir, "stream_0"), "wb") as f:
        f.write(header + context + body)
