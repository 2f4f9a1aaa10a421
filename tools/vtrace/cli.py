# SPDX-License-Identifier: MIT
"""Command line of vtrace.

Exit status: 0 done; 2 the input is not a usable dump (or bad arguments),
with one line on stderr saying why; 1 an output could not be written.
"""

import argparse
import os
import sys

from . import ctf, timeline
from . import events as ev
from .dump import DumpError, parse, read_input, decode, prologue
from .elf import ElfError, Symbols


def _seconds(text):
    text = text.strip()
    for unit, scale in (("ns", 1e-9), ("us", 1e-6), ("ms", 1e-3), ("s", 1.0)):
        if text.endswith(unit):
            return float(text[:-len(unit)]) * scale
    return float(text)


def _window(text):
    """FROM:TO, either side empty for that end of the trace."""
    if ":" not in text:
        raise argparse.ArgumentTypeError("a window is FROM:TO, e.g. 10ms:12ms")
    a, b = text.split(":", 1)
    try:
        lo = _seconds(a) if a.strip() else None
        hi = _seconds(b) if b.strip() else None
    except ValueError:
        raise argparse.ArgumentTypeError("not a time: %r (seconds, or a number with ms, us, ns)"
                                         % text)
    if (lo is not None and lo < 0) or (lo is not None and hi is not None and hi <= lo):
        raise argparse.ArgumentTypeError("the window %r is empty or negative" % text)
    return lo, hi


def _args(argv):
    p = argparse.ArgumentParser(
        prog="vtrace",
        description="Decode a VAIOS trace dump (raw binary, or a console log with "
                    "'@VOS trace' lines) into a CTF trace and a timeline picture.")
    p.add_argument("input", help="binary dump, or a console log holding a hex dump")
    p.add_argument("--ctf", metavar="OUTDIR", help="write a CTF 1.8 trace directory")
    p.add_argument("--timeline", metavar="OUT.png", help="draw the timeline as PNG")
    p.add_argument("--svg", metavar="OUT.svg", help="draw the timeline as SVG")
    p.add_argument("--title", help="timeline title (default: the input's file name)")
    p.add_argument("--window", metavar="FROM:TO", type=_window,
                   help="draw only this part of the timeline: times since the first event, "
                        "in seconds, with an optional unit (ms, us, ns): 10ms:12ms, 0.5:, :2ms")
    p.add_argument("--list", metavar="FILE", nargs="?", const="-",
                   help="write one line per event (to FILE, or stdout)")
    p.add_argument("--raw", metavar="FILE", help="write the dump bytes (from a log) to FILE")
    p.add_argument("--elf", metavar="IMAGE",
                   help="the image the dump came from: kernel objects and tasks the dump "
                        "does not name are named by their symbols")
    p.add_argument("--dump-index", type=int, default=-1, metavar="N",
                   help="which complete dump of a log to use (0 first, -1 last: default)")
    p.add_argument("-q", "--quiet", action="store_true", help="no summary on stderr")
    return p.parse_args(argv)


def listing(dump, events):
    """The events as text, one per line: time in ns and cycles, name,
    context, fields."""
    lines = []
    for e in events:
        ns = e.time * 1_000_000_000 // dump.clock_hz
        lines.append("%15d ns %15d cy  %-14s [%s] %s" % (ns, e.time, e.name, e.ctx, e.text()))
    return "\n".join(lines) + ("\n" if lines else "")


def summary(dump, events):
    recs = [e for e in events if e.index >= 0]
    span = (recs[-1].time - recs[0].time) if recs else 0
    names = sorted({e.fields["name"] for e in events if e.type in (ev.TEV_TASK_CREATE,
                                                                    ev.TEV_TASK_NAME)})
    return ("vtrace: %d events over %d cycles (%.3f ms at %d Hz); policy %s; %d lost, "
            "%d overwritten; tasks: %s" % (len(recs), span, span * 1000.0 / dump.clock_hz,
                                           dump.clock_hz,
                                           "overwrite" if dump.overwrite else "stop",
                                           dump.lost, dump.overwritten,
                                           " ".join(names) or "-"))


def main(argv=None):
    try:
        a = _args(sys.argv[1:] if argv is None else argv)
    except SystemExit as e:   # argparse: usage errors exit 2, --help exits 0
        return e.code if isinstance(e.code, int) else 2
    try:
        symbols = Symbols(a.elf) if a.elf else None
    except ElfError as e:
        print("vtrace: error: --elf: %s" % e, file=sys.stderr)
        return 2
    try:
        raw = read_input(a.input, a.dump_index)
        dump = parse(raw)
        recs, tasks = decode(dump, symbols)
        events = prologue(dump, recs, tasks) + recs
    except DumpError as e:
        print("vtrace: error: %s: %s" % (a.input, e), file=sys.stderr)
        return 2
    if not a.quiet:
        for w in dump.warnings:
            print("vtrace: warning: %s" % w, file=sys.stderr)
        print(summary(dump, events), file=sys.stderr)
    try:
        if a.raw:
            with open(a.raw, "wb") as f:
                f.write(raw)
        if a.list:
            text = listing(dump, events)
            if a.list == "-":
                sys.stdout.write(text)
            else:
                with open(a.list, "w", encoding="utf-8") as f:
                    f.write(text)
        if a.ctf:
            ctf.write(a.ctf, dump, events, raw)
        if a.timeline or a.svg:
            title = a.title or "VAIOS trace: %s" % os.path.basename(a.input)
            timeline.draw(events, dump.clock_hz, title, png=a.timeline, svg=a.svg,
                          window=a.window)
    except OSError as e:
        print("vtrace: error: cannot write %s: %s" % (e.filename or "output", e.strerror or e),
              file=sys.stderr)
        return 1
    except timeline.ToolError as e:
        print("vtrace: error: %s" % e, file=sys.stderr)
        return 1
    except timeline.WindowError as e:
        print("vtrace: error: %s" % e, file=sys.stderr)
        return 2
    return 0
