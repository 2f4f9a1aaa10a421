# SPDX-License-Identifier: MIT
"""Tests of tools/vtrace on dumps made by the host build of the recorder.

    python3 -m tools.tests.test_vtrace BUILD_DIR WORK_DIR     (from the repository root;
                                                              tests/host/trace/run.sh)

BUILD_DIR holds the trace_* programs (tests/host/trace/CMakeLists.txt);
WORK_DIR receives dumps, CTF directories and pictures. One line per test,
"ok - NAME" or "FAIL - NAME: why"; exit status 1 if any failed.
"""

import os
import random
import re
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

from ..vtrace import dump as vdump
from ..vtrace import elf as velf
from ..vtrace import events as ev
from ..vtrace import expect
from ..vtrace import timeline

TOP = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

BUILD, WORK = sys.argv[1], sys.argv[2]
EXPECT = os.path.join(TOP, "tests", "host", "trace", "inversion.expect")
results = []


class Fail(Exception):
    pass


def test(fn):
    try:
        fn()
        results.append(True)
        print("ok - %s" % fn.__name__)
    except Fail as e:
        results.append(False)
        print("FAIL - %s: %s" % (fn.__name__, e))
    except Exception as e:  # a bug in the test or the tool: report, go on
        results.append(False)
        print("FAIL - %s: unexpected %s: %s" % (fn.__name__, type(e).__name__, e))
    return fn


def need(cond, why):
    if not cond:
        raise Fail(why)


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, cwd=TOP, timeout=300, **kw)


def vtrace(*args):
    return run([sys.executable, "-m", "tools.vtrace"] + list(args))


def w(name):
    return os.path.join(WORK, name)


def prog(name, *args):
    r = run([os.path.join(BUILD, name)] + list(args))
    need(r.returncode == 0, "%s %s failed: %s" % (name, " ".join(args), r.stderr[-400:]))


def bt2(ctf):
    r = run(["babeltrace2", ctf])
    need(r.returncode == 0, "babeltrace2 failed: %s" % r.stderr[-400:])
    return r


def listing(path):
    r = vtrace(path, "--list", "-q")
    need(r.returncode == 0, "vtrace --list failed: %s" % r.stderr)
    return r.stdout.splitlines()


# --- The dumps every test below uses ---------------------------------------------

os.makedirs(WORK, exist_ok=True)
INV_BIN, INV_LOG = w("inversion.bin"), w("inversion.log")


@test
def scenario_dumps_written():
    prog("trace_scenario", "inversion", INV_BIN, INV_LOG)
    need(os.path.getsize(INV_BIN) > 64, "binary dump empty")


# --- The format is the C one ---------------------------------------------------------

def c_enum(text, name):
    body = re.search(r"enum %s \{(.*?)\};" % name, text, re.S)
    need(body is not None, "enum %s not found" % name)
    vals, nxt = {}, 0
    for m in re.finditer(r"^\s*(\w+)\s*(?:=\s*(-?\d+))?\s*,", body.group(1), re.M):
        nxt = int(m.group(2)) if m.group(2) else nxt
        vals[m.group(1)] = nxt
        nxt += 1
    return vals


@test
def tool_tables_equal_c_enums():
    with open(os.path.join(TOP, "include", "vaios", "trace.h")) as f:
        th = f.read()
    with open(os.path.join(TOP, "include", "vaios", "error.h")) as f:
        eh = f.read()
    tev = c_enum(th, "vos_trace_ev")
    for cname, val in tev.items():
        pyname = "TEV_" + cname[len("VOS_TEV_"):].strip("_")
        need(getattr(ev, pyname, None) == val, "%s = %d, tool has %s = %s"
             % (cname, val, pyname, getattr(ev, pyname, None)))
    need(set(range(ev.TEV_TASK_CREATE, ev.TEV_COUNT)) <= set(ev.EVENTS),
         "a record type has no event description")
    for enum, table, prefix in (("vos_trace_switch", ev.SWITCH_REASONS, "VOS_TRACE_SW_"),
                                ("vos_trace_prio_cause", ev.PRIO_CAUSES, "VOS_TRACE_PRIO_"),
                                ("vos_trace_wait", ev.WAIT_KINDS, "VOS_TRACE_WAIT_")):
        vals = c_enum(th, enum)
        need(sorted(vals.values()) == sorted(table), "%s values %s != tool %s"
             % (enum, sorted(vals.values()), sorted(table)))
    errs = {int(v): n for n, v in re.findall(r"(VOS_\w+)\s*=\s*(-?\d+)", eh)}
    need(sorted(errs) == sorted(ev.RESULTS), "error codes %s != tool %s"
         % (sorted(errs), sorted(ev.RESULTS)))
    for code, cname in errs.items():
        short = cname.replace("VOS_ERR_", "").replace("VOS_", "").lower()
        need(ev.RESULTS[code] == short, "%s is '%s' in the tool" % (cname, ev.RESULTS[code]))


# --- The inversion scenario ---------------------------------------------------------------

@test
def inversion_ctf_in_order():
    r = vtrace(INV_BIN, "--ctf", w("inv_ctf"), "--timeline", w("inversion.png"),
               "--svg", w("inversion.svg"))
    need(r.returncode == 0, "vtrace exit %d: %s" % (r.returncode, r.stderr))
    lines = bt2(w("inv_ctf")).stdout.splitlines()
    fails = expect.check(expect.load_patterns(EXPECT), lines)
    need(not fails, "; ".join(fails))
    names = [re.search(r"\) (\w+):", ln).group(1) for ln in lines]
    need(names.count("task_switch") == 8, "8 switches expected, got %d" % names.count("task_switch"))
    for n in ("task_create", "irq_enter", "irq_exit", "sem_give", "sem_take", "queue_send",
              "queue_recv", "event_set", "heap_alloc", "heap_free", "pool_alloc", "pool_free",
              "deadline_miss", "marker", "task_ready", "task_block", "task_priority",
              "mutex_lock", "mutex_unlock", "trace_info"):
        need(n in names, "no %s event in the listing" % n)
    heap = [ln for ln in lines if " heap_alloc:" in ln][0]
    need("size = 64" in heap, "heap size lost: %s" % heap)
    sw = [ln for ln in lines if " task_switch:" in ln][1]
    need(sw.startswith("[00:00:00.000003300]"), "switch time wrong: %s" % sw)


@test
def expect_checker_catches_m_running():
    lines = bt2(w("inv_ctf")).stdout.splitlines()
    boost = next(i for i, ln in enumerate(lines) if 'cause = ( "inherit"' in ln)
    bad = lines[:boost + 1] + ['[x] task_switch: { }, { ctx = "L" }, { prev_tid = 1, prev_name '
                               '= "L", next_tid = 2, next_name = "M" }'] + lines[boost + 1:]
    fails = expect.check(expect.load_patterns(EXPECT), bad)
    need(any('next_name = "M"' in f for f in fails), "M running after the boost not caught")
    no_restore = [ln for ln in lines if 'cause = ( "restore"' not in ln]
    fails = expect.check(expect.load_patterns(EXPECT), no_restore)
    need(any("restore" in f and "not found" in f for f in fails), "missing restore not caught")
    listing_file = w("bad_listing.txt")
    with open(listing_file, "w") as f:
        f.write("\n".join(no_restore) + "\n")
    r = run([sys.executable, "-m", "tools.vtrace.expect", EXPECT, "--text", listing_file])
    need(r.returncode == 1, "expect CLI exit %d on a failing listing" % r.returncode)


@test
def log_and_binary_give_the_same_trace():
    r = vtrace(INV_LOG, "--ctf", w("inv_ctf_log"), "--raw", w("from_log.bin"), "-q")
    need(r.returncode == 0, "vtrace on the log: %s" % r.stderr)
    with open(INV_BIN, "rb") as a, open(w("from_log.bin"), "rb") as b:
        need(a.read() == b.read(), "bytes from the log differ from the binary dump")
    for name in ("metadata", "stream_0"):
        with open(os.path.join(w("inv_ctf"), name), "rb") as a, \
                open(os.path.join(w("inv_ctf_log"), name), "rb") as b:
            need(a.read() == b.read(), "%s differs between log and binary input" % name)


@test
def timeline_pictures():
    with open(w("inversion.png"), "rb") as f:
        png = f.read()
    need(png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG")
    width, height = struct.unpack(">II", png[16:24])
    need(width == 1200 and height > 200, "PNG size %dx%d" % (width, height))
    root = ET.parse(w("inversion.svg")).getroot()
    need(root.tag.endswith("svg"), "SVG root is %s" % root.tag)
    text = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    for label in ("H (3)", "M (2)", "L (1)", "interrupts", "1->3 inherit", "3->1 restore"):
        need(label in text, "SVG lacks the label '%s'" % label)


def svg_labels(path):
    """[(x, y, text, font size)] of the centred text labels of a timeline SVG
    (gnuplot writes each as a translated group holding one text)."""
    out = []
    for g in ET.parse(path).getroot().iter():
        if not g.tag.endswith("g") or g.get("text-anchor") != "middle":
            continue
        m = re.match(r"translate\(([\d.]+),([\d.]+)\)", g.get("transform", ""))
        texts = [t.text for t in g if t.tag.endswith("text") and t.text]
        if m and texts:
            out.append((float(m.group(1)), float(m.group(2)), texts[0],
                        float(g.get("font-size", "10"))))
    return out


@test
def timeline_labels_do_not_overlap():
    # 64 markers 10 ns apart on one lane: far more labels than room (the
    # overwrite policy's dump, made here so that no other test's order matters).
    prog("trace_unit_ow", "fill", w("ow.bin"), "100")
    vtrace(w("ow.bin"), "--svg", w("ow.svg"), "-q")
    labels = [l for l in svg_labels(w("ow.svg")) if l[2].startswith("M5=")]
    need(len(labels) >= 20, "only %d marker labels drawn" % len(labels))
    boxes = [(x - 0.3 * size * len(t), x + 0.3 * size * len(t), y - size, y) for x, y, t, size in labels]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            need(a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2],
                 "labels overlap: %s and %s" % (a, b))


@test
def timeline_window():
    # The inversion scenario's boost (1->3 inherit) comes at 2.5 us, its
    # end at 3.5 us: a window after both draws neither label, one around
    # them both, and the axis says where the window starts.
    r = vtrace(INV_BIN, "--svg", w("win_late.svg"), "--window", "4us:", "-q")
    need(r.returncode == 0, "vtrace exit %d: %s" % (r.returncode, r.stderr))
    late = " ".join(l[2] for l in svg_labels(w("win_late.svg")))
    root = ET.parse(w("win_late.svg")).getroot()
    text = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
    need("inherit" not in late and "restore" not in late, "labels outside the window: %s" % late)
    need("0.000004 s after the first event" in text, "the axis does not say where the window is")
    r = vtrace(INV_BIN, "--svg", w("win_mid.svg"), "--window", "2us:4000ns", "-q")
    mid = " ".join(l[2] for l in svg_labels(w("win_mid.svg")))
    need(r.returncode == 0 and "1->3 inherit" in mid and "3->1 restore" in mid,
         "labels inside the window missing: %s" % mid)
    for bad in ("5ms:1ms", "abc", "1s:2s"):
        r = vtrace(INV_BIN, "--svg", w("never.svg"), "--window", bad, "-q")
        need(r.returncode == 2 and "Traceback" not in r.stderr and "window" in r.stderr,
             "--window %s: exit %d, %s" % (bad, r.returncode, r.stderr.strip()[-200:]))


# --- Time and overflow ------------------------------------------------------------------

@test
def times_exact_across_2_32_and_wraps():
    prog("trace_unit_ow", "timewrap", w("timewrap.bin"), w("timewrap.txt"))
    with open(w("timewrap.txt")) as f:
        sent = [tuple(map(int, ln.split())) for ln in f]
    got = []
    for ln in listing(w("timewrap.bin")):
        m = re.search(r"(\d+) cy\s+marker .* id=9 value=(\d+)", ln)
        if m:
            got.append((int(m.group(2)), int(m.group(1))))
    need(len(got) >= 32, "only %d markers decoded" % len(got))
    need(got == sent[-len(got):], "decoded markers are not the newest ones with exact times: "
         "first got %s, expected %s" % (got[0], sent[-len(got)]))
    need(got[-1][1] > 1 << 36, "test did not reach high time words")


@test
def stop_policy_counts_lost():
    prog("trace_unit_stop", "fill", w("stop.bin"), "50")
    lines = listing(w("stop.bin"))
    need("lost=19 overwritten=0" in lines[0], "trace_info wrong: %s" % lines[0])
    vals = [int(m.group(1)) for m in (re.search(r"marker .* value=(\d+)", ln) for ln in lines) if m]
    need(vals == list(range(31)), "stop mode must keep the first events: %s" % vals[:5])
    vtrace(w("stop.bin"), "--ctf", w("stop_ctf"), "-q")
    r = bt2(w("stop_ctf"))
    need("discarded" in r.stderr, "babeltrace2 does not report discarded events")


@test
def overwrite_policy_keeps_newest_and_names():
    prog("trace_unit_ow", "fill", w("ow.bin"), "100")
    lines = listing(w("ow.bin"))
    need("lost=0 overwritten=37" in lines[0], "trace_info wrong: %s" % lines[0])
    need('task_name' in lines[1] and 'name="filler"' in lines[1],
         "name of a task whose creation was overwritten is missing: %s" % lines[1])
    vals = [int(m.group(1)) for m in (re.search(r"marker .* value=(\d+)", ln) for ln in lines) if m]
    need(vals == list(range(36, 100)), "overwrite must keep the newest events: %s" % vals[:3])


# --- Bad input: a clear message and exit status 2, never a traceback ---------------------

def must_refuse(path, needle):
    r = vtrace(path, "--ctf", w("never"))
    need(r.returncode == 2, "exit %d, expected 2 (stderr: %s)" % (r.returncode, r.stderr[-300:]))
    need("Traceback" not in r.stderr, "traceback: %s" % r.stderr[-300:])
    need(r.stderr.startswith("vtrace: error:") and len(r.stderr.strip().splitlines()) == 1,
         "not one clear line: %r" % r.stderr)
    need(needle in r.stderr, "message lacks '%s': %s" % (needle, r.stderr.strip()))


def mutated(name, fn):
    with open(INV_BIN, "rb") as f:
        data = bytearray(f.read())
    data = fn(data)
    path = w(name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def rec_off(data, i):
    names = struct.unpack_from("<I", data, 24)[0]
    size = struct.unpack_from("<H", data, 18)[0]
    return 64 + names * size + 16 * i


def put32(data, off, v):
    struct.pack_into("<I", data, off, v)
    return data


@test
def lanes_in_priority_order_without_creations():
    """The inversion dump with its creation records turned into markers:
    only L's inheritance records give a priority (1). The scheduler's
    choices give the rest: H preempts L and idle, M is switched to while L
    is ready (preempted), and idle is preempted by H. The lanes must be H,
    M, L, idle from the top, as their priorities 3, 2, 1, 0 (before: L on
    top, the only task whose priority was known, then H, M, idle in the
    order they appeared)."""
    def no_creations(data):
        widx = struct.unpack_from("<I", data, 28)[0]
        for i in range(widx):
            off = rec_off(data, i) + 4
            if struct.unpack_from("<I", data, off)[0] & 0xFF == ev.TEV_TASK_CREATE:
                put32(data, off, ev.TEV_MARKER)
        return data
    path = mutated("no_creations.bin", no_creations)
    _, events = vdump.load(path)
    need(not any(e.type == ev.TEV_TASK_CREATE for e in events), "creations left in the dump")
    top_down = [k[1] for k in reversed(timeline.build(events).lanes)]
    need(top_down == ["H", "M", "L", "idle"], "lanes from the top: %s" % top_down)


@test
def elf_symbols_as_nm_lists_them():
    """tools/vtrace/elf.py reads an image's data symbols as nm does (here an
    ELF64 host program; the target's ELF32 images: trace-target)."""
    image = os.path.join(BUILD, "trace_scenario")
    r = run(["nm", "-S", "--defined-only", image])
    need(r.returncode == 0, "nm failed: %s" % r.stderr[-300:])
    syms = velf.Symbols(image)
    n = 0
    for line in r.stdout.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "bBdD" and f[3] in ("mtx", "sem", "que", "t_l", "t_h"):
            need(syms.name(int(f[0], 16)) == f[3], "%s at %s: %s" % (f[3], f[0],
                                                                  syms.name(int(f[0], 16))))
            if int(f[1], 16) > 4:
                need(syms.name(int(f[0], 16) + 4) == f[3] + "+0x4", "inside %s" % f[3])
            n += 1
    need(n == 5, "%d of the scenario's 5 objects found by nm" % n)
    r = vtrace(INV_BIN, "--elf", os.path.join(TOP, "README.md"), "--list", "-q")
    need(r.returncode == 2 and r.stderr.startswith("vtrace: error: --elf:") and
         "Traceback" not in r.stderr, "a file that is not an ELF: exit %d, %r"
         % (r.returncode, r.stderr[-300:]))


@test
def corrupt_binary_dumps_refused():
    cases = [
        ("bad_magic.bin", lambda d: put32(d, 0, 0x12345678), "bad magic"),
        ("bad_version.bin", lambda d: d[:4] + b"\x07\x00" + d[6:], "unsupported dump version 7"),
        ("truncated.bin", lambda d: d[:len(d) // 2], "truncated dump"),
        ("short.bin", lambda d: d[:40], "truncated dump"),
        ("header_only.bin", lambda d: d[:64], "truncated dump"),
        ("widx.bin", lambda d: put32(d, 28, struct.unpack_from("<I", d, 20)[0] + 1),
         "write index"),
        ("capacity.bin", lambda d: put32(d, 20, 0), "capacity"),
        ("rec_size.bin", lambda d: d[:16] + b"\x20\x00" + d[18:], "record size"),
        ("clock.bin", lambda d: put32(put32(d, 8, 0), 12, 0), "clock frequency"),
        ("flags.bin", lambda d: put32(d, 40, 0x80), "unknown flags"),
        ("stop_wrapped.bin", lambda d: put32(put32(d, 40, 0), 32, 3), "wrapped"),
        ("bad_type.bin", lambda d: put32(d, rec_off(d, 5) + 4, 0x77), "unknown record type"),
        ("none_type.bin", lambda d: put32(d, rec_off(d, 5) + 4, 0), "unknown record type"),
        ("backwards.bin", lambda d: put32(d, rec_off(d, 9), 5), "time goes backwards"),
        ("orphan_cont.bin", lambda d: put32(d, rec_off(d, 9) + 4, ev.TEV_CONT),
         "continuation"),
    ]
    for name, fn, needle in cases:
        try:
            must_refuse(mutated(name, fn), needle)
        except Fail as e:
            raise Fail("%s: %s" % (name, e))


@test
def damaged_logs_refused():
    with open(INV_LOG) as f:
        lines = f.read().splitlines()
    data_idx = [i for i, ln in enumerate(lines) if ln.startswith("@VOS trace ") and
                not ln.startswith(("@VOS trace begin", "@VOS trace end"))]
    mid = data_idx[len(data_idx) // 2]
    flipped = lines[mid][:-1] + ("0" if lines[mid][-1] != "0" else "1")
    cases = [
        ("missing_line.log", lines[:mid] + lines[mid + 1:], "missing"),
        ("flipped.log", lines[:mid] + [flipped] + lines[mid + 1:], "checksum mismatch"),
        ("no_end.log", lines[:mid], "truncated"),
        ("not_hex.log", lines[:mid] + ["@VOS trace zz12"] + lines[mid + 1:], "not a line of hex"),
        ("odd_hex.log", lines[:mid] + ["@VOS trace 123"] + lines[mid + 1:], "not a line of hex"),
        ("no_begin.log", [ln for ln in lines if "begin" not in ln], "never began"),
        ("two_begins.log", lines[:mid] + lines, "never ended"),
        ("empty_mark.log", ["@VOS trace"], "nothing after"),
        ("no_dump.log", ["hello", "world"] * 40, "no trace"),
    ]
    for name, content, needle in cases:
        path = w(name)
        with open(path, "w") as f:
            f.write("\n".join(content) + "\n")
        try:
            must_refuse(path, needle)
        except Fail as e:
            raise Fail("%s: %s" % (name, e))
    empty = w("empty.bin")
    open(empty, "wb").close()
    must_refuse(empty, "is empty")
    must_refuse(w("does_not_exist.bin"), "cannot read")


@test
def log_with_prefixes_and_two_dumps():
    with open(INV_LOG) as f:
        lines = f.read().splitlines()
    prefixed = ["[  12.5] " + ln for ln in lines]
    path = w("prefixed.log")
    with open(path, "w") as f:
        f.write("\r\n".join(prefixed + ["noise"] + lines) + "\r\n")
    for idx in ("0", "-1", "1"):
        r = vtrace(path, "--dump-index", idx, "--raw", w("pick.bin"), "-q")
        need(r.returncode == 0, "dump %s: %s" % (idx, r.stderr))
    r = vtrace(path, "--dump-index", "2")
    need(r.returncode == 2 and "no dump number 2" in r.stderr, "bad index: %s" % r.stderr)


@test
def fuzzed_dumps_never_crash():
    rnd = random.Random(20261129)
    with open(INV_BIN, "rb") as f:
        base = f.read()
    with open(INV_LOG, "rb") as f:
        log = f.read()
    path = w("fuzz.bin")
    outcomes = {0: 0, 2: 0}
    for i in range(160):
        d = bytearray(base if i % 4 else log)
        kind = i % 5
        if kind == 0:
            d = d[:rnd.randrange(len(d))]
        else:
            for _ in range(rnd.randint(1, 8)):
                lim = 64 if kind == 1 else len(d)
                d[rnd.randrange(lim)] = rnd.randrange(256)
        with open(path, "wb") as f:
            f.write(d)
        r = vtrace(path, "--ctf", w("fuzz_ctf"), "-q")
        need("Traceback" not in r.stderr, "case %d: traceback: %s" % (i, r.stderr[-400:]))
        need(r.returncode in (0, 2), "case %d: exit %d: %s" % (i, r.returncode, r.stderr))
        outcomes[r.returncode] += 1
        if r.returncode == 0:
            bt2(w("fuzz_ctf"))   # whatever the tool accepts, babeltrace2 must read
    need(outcomes[2] > 0, "no fuzz case was refused: the fuzzing does nothing")


@test
def cli_exit_codes():
    r = vtrace("--help")
    need(r.returncode == 0 and "--ctf" in r.stdout, "--help: %d" % r.returncode)
    r = vtrace(INV_BIN, "--no-such-option")
    need(r.returncode == 2, "bad option: exit %d" % r.returncode)
    blocker = w("a_file")
    open(blocker, "w").close()
    r = vtrace(INV_BIN, "--ctf", os.path.join(blocker, "sub"), "-q")
    need(r.returncode == 1 and "cannot write" in r.stderr and "Traceback" not in r.stderr,
         "unwritable output: exit %d: %s" % (r.returncode, r.stderr))
    # The tools are one package: run as a directory, vtrace says how to run it.
    r = run([sys.executable, os.path.join(TOP, "tools", "vtrace"), INV_BIN, "-q",
             "--list", w("direct.txt")])
    need(r.returncode == 1 and "python3 -m tools.vtrace" in r.stderr and "Traceback" not in r.stderr,
         "python3 tools/vtrace: exit %d: %s" % (r.returncode, r.stderr))


print("%d passed, %d failed" % (results.count(True), results.count(False)))
sys.exit(0 if all(results) else 1)
