# SPDX-License-Identifier: MIT
"""Timeline picture of a trace: one lane per task (highest priority on top)
with a thick bar while it runs and a thin dashed one while it is ready but
waiting; an interrupt lane on top; priority changes (inheritance boosts and
restores), user markers and deadline misses annotated. Drawn by gnuplot
(pngcairo for PNG, svg for SVG).
"""

import shutil
import subprocess

from . import events as ev


class ToolError(Exception):
    """An output could not be produced (gnuplot missing or failing)."""


class WindowError(ValueError):
    """The --window asked for lies outside the trace."""


class Timeline:
    """Intervals and annotations extracted from decoded events."""

    def __init__(self):
        self.lanes = []        # task keys, drawing order bottom to top
        self.prio = {}         # key -> priority used for ordering
        self.run = []          # (key, t0, t1)
        self.ready = []        # (key, t0, t1)
        self.irq = []          # (irq, t0, t1)
        self.notes = []        # (t, key or None, text, kind)
        self.t0 = 0
        self.t1 = 0


def _key(tid, name):
    return (tid, name)


def build(events):
    """A Timeline from events (the tool's prologue events are skipped)."""
    tl = Timeline()
    recs = [e for e in events if e.index >= 0]
    if not recs:
        return tl
    tl.t0, tl.t1 = recs[0].time, recs[-1].time
    seen = []

    def lane(key, prio=None):
        if key not in tl.prio:
            seen.append(key)
            tl.prio[key] = -1
        if prio is not None and tl.prio[key] < 0:
            tl.prio[key] = prio
        return key

    running, run_start = None, tl.t0
    for e in recs:
        if e.type == ev.TEV_TASK_SWITCH:
            f = e.fields
            if f["prev_tid"] or f["prev_name"] != "-":
                running = lane(_key(f["prev_tid"], f["prev_name"]))
            break
    ready_since = {}
    irq_open = []
    above = set()       # (a, b): a runs at or above b (the scheduler chose a over b)
    for e in recs:
        f, t = e.fields, e.time
        if e.type == ev.TEV_TASK_CREATE:
            lane(_key(f["tid"], f["name"]), f["prio"])
        elif e.type == ev.TEV_TASK_SWITCH:
            prev = _key(f["prev_tid"], f["prev_name"])
            nxt = lane(_key(f["next_tid"], f["next_name"]))
            if running is not None and t > run_start:
                tl.run.append((running, run_start, t))
            if f["prev_name"] != "-" and ev.SWITCH_REASONS.get(f["reason"]) in ("preempted",
                                                                               "yield"):
                ready_since.setdefault(lane(prev), t)
            # The scheduler runs the highest ready task: nxt is at or above
            # every task ready at this switch (one it preempted included).
            above.update((nxt, k) for k in ready_since if k != nxt)
            if nxt in ready_since:
                r0 = ready_since.pop(nxt)
                if t > r0:
                    tl.ready.append((nxt, r0, t))
            running, run_start = nxt, t
        elif e.type == ev.TEV_TASK_READY:
            k = lane(_key(f["tid"], f["name"]))
            if k != running:
                ready_since.setdefault(k, t)
        elif e.type == ev.TEV_TASK_PRIORITY:
            # The lane's place is the task's own priority: the one a boost
            # started from or a restore returned to; a set replaces it.
            cause = ev.PRIO_CAUSES.get(f["cause"])
            k = lane(_key(f["tid"], f["name"]),
                     f["new_prio"] if cause in ("restore", "set") else f["old_prio"])
            if cause == "set":
                tl.prio[k] = f["new_prio"]
            tl.notes.append((t, k, "%d->%d %s" % (f["old_prio"], f["new_prio"],
                                                  ev.PRIO_CAUSES.get(f["cause"], "?")), "prio"))
        elif e.type == ev.TEV_ISR_ENTER:
            irq_open.append((f["irq"], t))
        elif e.type == ev.TEV_ISR_EXIT:
            if irq_open:
                irq, s = irq_open.pop()
                tl.irq.append((irq, s, t))
        elif e.type == ev.TEV_TASK_BLOCK and e.symbols.get("obj"):
            # (vtrace --elf) what it waits for, by the image's name
            tl.notes.append((t, lane(_key(f["tid"], f["name"])), "waits " + e.symbols["obj"],
                             "marker"))
        elif e.type == ev.TEV_MARKER:
            tl.notes.append((t, running, "M%d=%d" % (f["id"], f["value"]), "marker"))
        elif e.type == ev.TEV_DEADLINE_MISS:
            tl.notes.append((t, lane(_key(f["tid"], f["name"])), "deadline miss", "miss"))
    if running is not None and tl.t1 > run_start:
        tl.run.append((running, run_start, tl.t1))
    for k, r0 in ready_since.items():
        if tl.t1 > r0:
            tl.ready.append((k, r0, tl.t1))
    for irq, s in irq_open:
        tl.irq.append((irq, s, tl.t1))
    # Highest priority on top. A task whose priority no record gave (its
    # creation not in the dump, no priority change) goes where the
    # scheduler's choices place it among the others; those they do not
    # place go below every known one, in the order they appeared.
    order = {k: i for i, k in enumerate(seen)}
    rank = _ranks(seen, tl.prio, above)
    tl.lanes = sorted(seen, key=lambda k: (rank[k], -order[k]))
    return tl


def _ranks(seen, prio, above):
    """A sort key per lane: its priority where known; for the others, a
    value between the known priorities of the tasks the scheduler chose it
    over and of those it chose over it (above), found from the known ones
    outwards; -1 plus a fraction growing with their order among
    themselves (the longest chain of choices below) for tasks no choice
    ties to a known priority."""
    rank = {k: float(prio[k]) for k in seen if prio[k] >= 0}
    lows = {k: [b for a, b in above if a == k and b != k] for k in seen}
    highs = {k: [a for a, b in above if b == k and a != k] for k in seen}
    placed = True
    while placed:
        placed = False
        for k in seen:
            if k in rank:
                continue
            lo = [rank[b] for b in lows[k] if b in rank]
            hi = [rank[a] for a in highs[k] if a in rank]
            if not lo and not hi:
                continue
            if lo and hi and max(lo) < min(hi):
                rank[k] = (max(lo) + min(hi)) / 2
            elif lo:
                rank[k] = max(lo) + 0.5
            else:
                rank[k] = min(hi) - 0.5
            placed = True
    # The rest: below everything, each above those it preempted.
    rest = [k for k in seen if k not in rank]
    depth = {k: 0 for k in rest}
    for _ in rest:
        for a, b in above:
            if a in depth and b in depth and a != b and depth[a] <= depth[b]:
                depth[a] = depth[b] + 1
    for k in rest:
        rank[k] = -1.0 + min(depth[k], len(rest)) / (len(rest) + 1.0)
    return rank


def build_t0(events):
    recs = [e for e in events if e.index >= 0]
    return recs[0].time if recs else 0


def _unit(span_ns):
    for limit, name, div in ((20_000, "ns", 1), (20_000_000, "us", 1_000),
                             (20_000_000_000, "ms", 1_000_000)):
        if span_ns < limit:
            return name, div
    return "s", 1_000_000_000


def _q(s):
    return '"%s"' % s.replace("\\", "\\\\").replace('"', "'")


def crop(tl, w0, w1):
    """tl cut to the window [w0, w1] of absolute times (cycles): the
    intervals clipped to it, the annotations inside it. The state at the
    window's start (who runs, who is ready) comes from the whole trace, so
    a bar that began before the window is drawn from its left edge."""
    out = Timeline()
    out.lanes, out.prio = tl.lanes, tl.prio
    out.t0, out.t1 = w0, w1

    def clip(rows):
        return [(k, max(a, w0), min(b, w1)) for k, a, b in rows if b > w0 and a < w1]
    out.run, out.ready, out.irq = clip(tl.run), clip(tl.ready), clip(tl.irq)
    out.notes = [n for n in tl.notes if w0 <= n[0] <= w1]
    return out


# Labels: each lane has LABEL_ROWS rows of labels (above the lane for
# priority changes, below it for markers); a label goes in the first row
# where it keeps clear of the last label placed there, and where no row
# has room it is left out (its point stays drawn): labels never overlap.
# A label's width is estimated at LABEL_CHAR of the picture's width per
# character (gnuplot's 9-point Sans in a 1200-pixel picture).
LABEL_CHAR = 0.0058
LABEL_ROWS = 3


def _stagger(items, xmax):
    """[(x, lane, text, row)] for the labels of [(x, lane, text)] that get
    a place, each with its row."""
    out, ends = [], {}
    for xx, lane_y, text in sorted(items, key=lambda r: (r[1], r[0])):
        half = LABEL_CHAR * xmax * (len(text) + 1) / 2.0
        rows = ends.setdefault(lane_y, [None] * LABEL_ROWS)
        for row in range(LABEL_ROWS):
            if rows[row] is None or xx - half >= rows[row]:
                rows[row] = xx + half
                out.append((xx, lane_y, text, row))
                break
    return out


def script(tl, clock_hz, title, outputs, xlabel="time since the first event (%s)"):
    """The gnuplot program drawing tl to every (terminal, path) of outputs."""
    span_ns = (tl.t1 - tl.t0) * 1_000_000_000 // clock_hz
    unit, div = _unit(max(span_ns, 1))

    def x(t):
        return (t - tl.t0) * 1_000_000_000 / clock_hz / div

    y = {k: i for i, k in enumerate(tl.lanes)}
    irq_y = len(tl.lanes)
    n_lanes = len(tl.lanes) + 1
    blocks = {
        "RUN": ["%.6f %d %.6f" % (x(a), y[k], x(b) - x(a)) for k, a, b in tl.run if k in y],
        "READY": ["%.6f %d %.6f" % (x(a), y[k], x(b) - x(a)) for k, a, b in tl.ready if k in y],
        "IRQ": ["%.6f %d %.6f %s" % (x(a), irq_y, x(b) - x(a), _q("irq %d" % n))
                for n, a, b in tl.irq],
        "PRIO": [], "MARK": [], "MISS": [],
    }
    xmax = max(x(tl.t1), 1e-9)
    for kind, block in (("prio", "PRIO"), ("marker", "MARK"), ("miss", "MISS")):
        items = [(x(t), y.get(k, irq_y) if k is not None else irq_y, text)
                 for t, k, text, kd in tl.notes if kd == kind]
        for xx, yy, text, row in _stagger(items, xmax):
            # the label's height above (prio) or below (marker) its lane
            dy = (0.33 + 0.22 * row) * (1 if kind == "prio" else -1)
            blocks[block].append("%.6f %d %s %.2f" % (xx, yy, _q(text), yy + dy))

    out = []
    for name, rows in blocks.items():
        if rows:
            out.append("$%s << EOD\n%s\nEOD" % (name, "\n".join(rows)))
    ytics = ", ".join("%s %d" % (_q("%s (%d)" % (k[1], tl.prio[k]) if tl.prio[k] >= 0
                                    else k[1]), y[k]) for k in tl.lanes)
    ytics = (ytics + ", " if ytics else "") + '"interrupts" %d' % irq_y
    common = [
        "set title %s noenhanced" % _q(title),
        "set xlabel %s" % _q(xlabel % unit),
        "set xrange [0:%.6f]" % (xmax * 1.02),
        "set yrange [-1.0:%.1f]" % (irq_y + 1.0),
        "set ytics (%s) noenhanced" % ytics,
        "set grid xtics lc rgb '#dddddd'",
        "set key outside top center horizontal noenhanced",
        "set border 3", "set xtics nomirror", "set ytics nomirror",
    ]
    plots = []
    if blocks["READY"]:
        plots.append("$READY using 1:2:3:(0) with vectors nohead lw 2 dt 2 "
                     "lc rgb '#888888' title 'ready, waiting'")
    if blocks["RUN"]:
        plots.append("$RUN using 1:2:3:(0) with vectors nohead lw 14 "
                     "lc rgb '#2f6db5' title 'running'")
    if blocks["IRQ"]:
        plots.append("$IRQ using 1:2:3:(0) with vectors nohead lw 14 "
                     "lc rgb '#d98c1f' title 'interrupt handler'")
        plots.append("$IRQ using 1:2:(0):(-%d) with vectors nohead dt 3 lc rgb '#d98c1f' "
                     "notitle" % (irq_y + 1))
    if blocks["PRIO"]:
        plots.append("$PRIO using 1:2 with points pt 7 ps 1.2 lc rgb '#c0392b' "
                     "title 'priority change'")
        plots.append("$PRIO using 1:4:3 with labels font ',9' tc rgb '#c0392b' "
                     "noenhanced notitle")
    if blocks["MARK"]:
        plots.append("$MARK using 1:2 with points pt 9 ps 1.1 lc rgb '#27ae60' title 'marker'")
        plots.append("$MARK using 1:4:3 with labels font ',8' noenhanced notitle")
    if blocks["MISS"]:
        plots.append("$MISS using 1:2 with points pt 2 ps 2 lw 2 lc rgb '#8e44ad' "
                     "title 'deadline miss'")
    if not plots:  # nothing to draw: an empty frame with the lanes
        plots.append("NaN notitle")
    height = 160 + 55 * n_lanes
    for term, path in outputs:
        if term == "png":
            out.append("set terminal pngcairo size 1200,%d font 'Sans,10' noenhanced" % height)
        else:
            out.append("set terminal svg size 1200,%d dynamic font 'Sans,10' noenhanced"
                       % height)
        out.append("set output %s" % _q(path))
        out += common
        out.append("plot " + ", \\\n     ".join(plots))
        out.append("unset output")
    return "\n".join(out) + "\n"


def draw(events, clock_hz, title, png=None, svg=None, window=None):
    """Draw the timeline to png and/or svg paths. window: (from, to) in
    seconds since the first event, either None for that end of the trace;
    only that part is drawn, its left edge at 0. Raises ToolError."""
    outputs = ([("png", png)] if png else []) + ([("svg", svg)] if svg else [])
    if not outputs:
        return
    tl = build(events)
    xlabel = "time since the first event (%s)"
    if window is not None:
        a, b = window
        w0 = tl.t0 + int(round((a or 0.0) * clock_hz))
        w1 = tl.t1 if b is None else tl.t0 + int(round(b * clock_hz))
        if not tl.t0 <= w0 < min(w1, tl.t1 + 1):
            raise WindowError("the window %s..%s s is not inside the trace (%.6f s long)"
                            % (a, b, (tl.t1 - tl.t0) / clock_hz))
        tl = crop(tl, w0, w1)
        xlabel = "time since %.6f s after the first event (%%s)" % ((w0 - build_t0(events)) / clock_hz)
    if shutil.which("gnuplot") is None:
        raise ToolError("gnuplot is not installed (Debian package gnuplot-nox)")
    prog = script(tl, clock_hz, title, outputs, xlabel)
    try:
        r = subprocess.run(["gnuplot"], input=prog, text=True, capture_output=True,
                           timeout=120)
    except (OSError, subprocess.SubprocessError) as e:
        raise ToolError("gnuplot failed to run: %s" % e)
    if r.returncode != 0:
        raise ToolError("gnuplot failed (exit %d): %s" % (r.returncode, r.stderr.strip()[-800:]))
