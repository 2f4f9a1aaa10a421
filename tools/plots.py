# SPDX-License-Identifier: MIT
"""Pictures of distributions, drawn with gnuplot (Debian's gnuplot-nox).

draw_histograms(): one picture per measured scenario of one run (boxes on a
log count axis, percentile marks), none for a distribution of one value. draw_cdfs(): one picture per metric with
the CDF of every run and scenario overlaid, a panel per unit when runs
count in different units. Each picture is written as PNG (when this gnuplot
has a PNG terminal) and SVG, beside the .dat and .gp files that made it.
"""

import math
import re
import shutil
import subprocess

from .hist import bucket_bounds, cdf_points, layout_of
from .tables import fmt


def gnuplot_terminals():
    """Picture terminals this gnuplot offers, or None when gnuplot is missing."""
    exe = shutil.which("gnuplot")
    if exe is None:
        return None
    listing = subprocess.run([exe, "-e", "set terminal"], capture_output=True, text=True)
    names = {l.split()[0] for l in (listing.stdout + listing.stderr).splitlines() if l.strip()}
    return names & {"pngcairo", "png", "svg"}


def plain(text):
    """Stream text made safe inside a gnuplot string (no quotes, no backquotes)."""
    return re.sub(r"[^\w .,:;=()/+%-]", "_", str(text))


def stem_of(*parts):
    """A file name stem from parts (metric, scenario...)."""
    return re.sub(r"[^\w.-]", "_", "_".join(str(p) for p in parts))


def _outputs(terminals, stem):
    """[(terminal, file name)] of one picture: PNG when possible, and SVG."""
    png = "pngcairo" if "pngcairo" in terminals else ("png" if "png" in terminals else None)
    return [(t, f"{stem}.{ext}") for t, ext in ((png, "png"), ("svg", "svg")) if t in terminals]


def _prepare(directory, warn, what):
    """gnuplot's terminals (gnuplot_terminals()) when the pictures called
    what can be drawn into directory, emptied of old ones; None, with a
    warning, when they cannot."""
    terminals = gnuplot_terminals()
    if not terminals:
        warn(f"{what} not drawn: gnuplot " + ("has no png/svg terminal" if terminals is not None
                                              else "not found"))
        return None
    directory.mkdir(parents=True, exist_ok=True)
    for stale in (f for ext in ("png", "svg", "dat", "gp") for f in directory.glob(f"*.{ext}")):
        stale.unlink()
    return terminals


def _run(directory, stem, script, warn):
    """Write and run one script; True when gnuplot succeeded."""
    (directory / f"{stem}.gp").write_text(script)
    done = subprocess.run([shutil.which("gnuplot"), f"{stem}.gp"], cwd=directory,
                          capture_output=True, text=True)
    if done.returncode != 0:
        warn(f"gnuplot failed for {stem}: {done.stderr.strip()[:300]}")
        return False
    return True


def one_value(stats):
    """True for a distribution of one value (min == max): its histogram
    would be a single box filling the picture, so none is drawn."""
    return stats.get("min") is not None and stats.get("min") == stats.get("max")


def mark_labels(stats, wide):
    """[(value, text)] of the percentile marks, one per distinct value
    ("p50, p99 129" where they coincide); none at 0 on a log axis."""
    marks = {}
    for key, name in (("p50", "p50"), ("p99", "p99"), ("p999", "p99.9"), ("max", "max")):
        value = stats.get(key)
        if value is not None and (value > 0 or not wide):
            marks.setdefault(value, []).append(name)
    return [(value, f"{', '.join(names)} {fmt(value)}") for value, names in marks.items()]


def histogram_script(data_name, title, unit, stats, rows, outputs):
    """A gnuplot script drawing buckets, rows [(lo, hi, count)], as boxes
    on a log count axis, with the percentiles marked.

    The x range extends past the first and last bucket (by a twentieth of
    the span, at least one unit; a fifth of the bounds on a log axis), so
    that a distribution of a few narrow buckets reads as bars on an axis,
    not as boxes filling the frame; the marks are drawn in front of the
    boxes, on an opaque ground."""
    title, unit = plain(title), plain(unit)
    first, last = rows[0][0], rows[-1][1]
    wide = first > 0 and (rows[-1][0] / first) > 50
    lines = ["set encoding utf8", f'set title "{title}" noenhanced',
             f'set xlabel "{unit}" noenhanced', 'set ylabel "samples per bucket (log scale)"',
             "set logscale y", "set yrange [0.8:*]", "set grid", "unset key",
             "set style fill solid 0.5 border -1", "set style textbox opaque noborder"]
    if wide:
        low, high = first / 1.2, last * 1.2
        lines += ["set logscale x", f"set xrange [{low:g}:{high:g}]"]
    else:
        pad = max(1, (last - first) / 20)
        low, high = first - pad, last + pad
        lines.append(f"set xrange [{low:g}:{high:g}]")
    for height, (value, text) in zip((0.95, 0.87, 0.79, 0.71), mark_labels(stats, wide)):
        # A label in the right third of the frame reads leftwards, inside it.
        at = (math.log(value / low) / math.log(high / low)) if wide else \
            (value - low) / (high - low)
        side = "right offset -0.5,0" if at > 2 / 3 else "left offset 0.5,0"
        lines.append(f"set arrow from {value}, graph 0 to {value}, graph 1 nohead dt 2 front")
        lines.append(f'set label "{text}" at {value}, graph {height} {side} front boxed')
    for terminal, path in outputs:
        lines += [f"set terminal {terminal} size 900,500 noenhanced", f"set output '{path}'",
                  f"plot '{data_name}' using (($1+$2)/2):3:1:2:(0.8):3 with boxxyerror"]
    return "\n".join(lines) + "\n"


def draw_histograms(results, directory, warn):
    """Draw every scenario of a results document that has buckets and more
    than one value, each bucket as wide as the run's histogram layout
    makes it (hist.bucket_bounds); return {(id, scenario): [picture names]}."""
    pending = [(m, s, st) for m, e in results["metrics"].items()
               for s, st in e["scenarios"].items() if st["hist"] and not one_value(st)]
    terminals = _prepare(directory, warn, "histograms") if pending else None
    pictures = {}
    if not terminals:
        return pictures
    layout = layout_of(results.get("config", {}))
    for metric_id, scen, stats in pending:
        stem = stem_of(metric_id, scen)
        outputs = _outputs(terminals, stem)
        rows = bucket_bounds(stats["hist"], stats["max"], layout)
        (directory / f"{stem}.dat").write_text(
            "# lo hi count\n" + "".join(f"{lo} {hi} {c}\n" for lo, hi, c in rows))
        title = f"{metric_id}, scenario {scen}: unit {stats['unit']}, n={fmt(stats['n'])}"
        script = histogram_script(f"{stem}.dat", title, stats["unit"] or "", stats, rows,
                                  outputs)
        if _run(directory, stem, script, warn):
            pictures[(metric_id, scen)] = [name for _, name in outputs]
    return pictures


def cdf_script(title, panels, outputs):
    """A gnuplot script overlaying CDF step curves.

    panels: [(unit, [(data file, curve title)])], one panel per unit,
    stacked; the x axis is logarithmic when a panel's values span more than
    a factor of 50."""
    lines = ["set encoding utf8", "set grid", "set key bottom right noenhanced",
             'set ylabel "fraction of samples"', "set yrange [0:1.02]"]
    rows = len(panels)
    for terminal, path in outputs:
        lines += [f"set terminal {terminal} size 900,{420 * rows + 60} noenhanced",
                  f"set output '{path}'"]
        if rows > 1:
            lines.append(f'set multiplot layout {rows},1 title "{plain(title)}" noenhanced')
        for unit, curves, wide in panels:
            lines.append("set logscale x" if wide else "unset logscale x")
            lines.append(f'set xlabel "{plain(unit)}" noenhanced')
            if rows == 1:
                lines.append(f'set title "{plain(title)}" noenhanced')
            else:
                lines.append("unset title")
            plots = [f"'{data}' using 1:2 with steps lw 2 title \"{plain(name)}\""
                     for data, name in curves]
            lines.append("plot " + ", ".join(plots))
        if rows > 1:
            lines.append("unset multiplot")
    return "\n".join(lines) + "\n"


def draw_cdfs(metric_curves, directory, warn):
    """One picture per metric with every curve overlaid.

    metric_curves: {metric id: [(curve title, unit, histogram, min)]}.
    Returns {metric id: [picture names]}."""
    terminals = _prepare(directory, warn, "CDF pictures") if metric_curves else None
    pictures = {}
    if not terminals:
        return pictures
    for metric_id, curves in metric_curves.items():
        by_unit = {}
        for k, (name, unit, hist, minimum) in enumerate(curves):
            data = f"{stem_of(metric_id)}.{k}.dat"
            points = cdf_points(hist, minimum)
            (directory / data).write_text(
                f"# {plain(name)}: x fraction\n" + "".join(f"{x} {y:.6f}\n" for x, y in points))
            by_unit.setdefault(unit or "?", []).append((data, name, points))
        panels = []
        for unit, items in by_unit.items():
            xs = [x for _, _, pts in items for x, _ in pts]
            wide = min(xs) > 0 and max(xs) / min(xs) > 50
            panels.append((unit, [(d, n) for d, n, _ in items], wide))
        stem = stem_of(metric_id)
        outputs = _outputs(terminals, stem)
        script = cdf_script(f"{metric_id}: CDF of every run (each sample at the lower bound "
                            "of its bucket)", panels, outputs)
        if _run(directory, stem, script, warn):
            pictures[metric_id] = [name for _, name in outputs]
    return pictures
