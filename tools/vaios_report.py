#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turn the benchmark image's output stream into results.json, report.md,
histogram pictures and terminal tables.

Usage: qemu-system-arm ... | tools/vaios_report.py [--input FILE|-] [--out DIR]
                                                    [--peers DIR] [--quiet] [--verbose]

The stream is read line by line while the image runs. Lines that start with
"@VOS " are records (config, progress, metric, hist, skip, done); every other
line is the image's own text, echoed only with --verbose (its last lines are
shown anyway when the run fails). docs/results-json.md documents the line
protocol, the results.json shape and the report's comparison rules.

Exit status: 0 when the stream held "@VOS done 0", 1 otherwise (the image
crashed, hung, was killed or reported a failure), 2 for bad arguments. The
outputs are written in every case, marked incomplete when the run was.
"""

import argparse
import collections
import csv
import json
import re
import shutil
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
STATS = ("min", "p50", "p99", "p999", "max")
NOT_MEASURED_REASON = "not measured by this build"
DEFAULT_SCENARIO = "idle"       # a metric's top-level figures come from here if measured
UNNAMED_SCENARIO = "default"    # the scenario of a metric line without scenario=
# Records of the same stream that other tools decode (kept in run.log, not warned about):
# "@VOS trace ..." is the trace ring buffer's dump (include/vaios/trace.h).
FOREIGN_RECORDS = ("trace",)

# Peer metric names that are not catalogue ids, mapped to (id, scenario, stat).
# scenario None means "the metric's default scenario"; stat says which VAIOS
# statistic a single published figure stands for. None: no catalogue metric.
PEER_NAME_MAP = {
    "loop_1khz_jitter_idle": ("loop_1khz", "idle", "p50"),
    "loop_1khz_jitter_loaded": ("loop_1khz", "loaded", "p50"),
    "loop_1khz_median_jitter": ("loop_1khz", None, "p50"),
    "loop_1khz_worst_jitter": ("loop_1khz", None, "max"),
    "cyclic_100us_idle": ("cyclic_100us", "idle", "p50"),
    "cyclic_100us_loaded": ("cyclic_100us", "loaded", "p50"),
    "sem_pingpong_peer_higher": ("sem_pingpong", "peer_higher", "p50"),
    "pi_chain_boost": ("pi_chain", "boost", "p50"),
    "pi_chain_release": ("pi_chain", "release", "p50"),
    "footprint_flash": ("footprint", None, "p50"),
    "footprint_minimal_text_Os": ("footprint_minimal_text", "Os", "p50"),
    "footprint_kernel_text_Os": ("footprint_kernel_text", "Os", "p50"),
    "task_notify_pair": None,       # FreeRTOS-only API with no catalogue metric
    "pi_two_mutex_release": None,   # a FreeRTOS defect probe, not a timing metric
}
# Units of same-instrument peer rows that are not instruction counts.
PEER_UNITS = {
    "alloc_throughput": "ops_per_1e6_insn",
    "footprint_minimal_text": "bytes", "footprint_kernel_text": "bytes",
    "footprint_minimal_text_Os": "bytes", "footprint_kernel_text_Os": "bytes",
}
PEER_INSTRUMENT_UNIT = "insn"
PEER_LABELS = {"freertos": "FreeRTOS", "zephyr": "Zephyr", "vaios": "VAIOS"}
# Marks of a peer cell in the comparison table (bench/peers/README.md):
NOT_COMPARABLE = "≠"    # not like for like: shown, never compared
ERROR_MARK = "±"        # the peer figure's stated error, in the row's unit


# ---------------------------------------------------------------- parsing

_TOKEN = re.compile(r'([A-Za-z_][\w.-]*)=("(?:[^"\\]|\\.)*"(?=\s|$)|\S*)|(\S+)')


def split_fields(text):
    """Split protocol arguments into (positional tokens, {key: value}).

    A value is a run of non-blank characters or a double-quoted string in
    which backslash escapes the next character."""
    positional, pairs = [], {}
    for match in _TOKEN.finditer(text):
        key, value, word = match.groups()
        if word is not None:
            positional.append(word)
        elif len(value) >= 2 and value[0] == value[-1] == '"':
            pairs[key] = re.sub(r"\\(.)", r"\1", value[1:-1])
        else:
            pairs[key] = value
    return positional, pairs


def parse_number(text):
    """Parse a figure: int when integral, else float; '-', 'null' or '' are None."""
    if text is None or text in ("", "-", "null", "none"):
        return None
    try:
        return int(text)
    except ValueError:
        return float(text)  # raises ValueError for garbage, caught by the caller


@dataclass
class Scenario:
    """One metric measured in one scenario: its distribution and histogram."""
    unit: str = None
    n: int = None
    stats: dict = field(default_factory=dict)
    overhead: object = None
    note: str = None
    hist: list = field(default_factory=list)
    has_metric_line: bool = False


@dataclass
class Run:
    """Everything the stream said, in arrival order."""
    config: dict = field(default_factory=dict)
    metrics: dict = field(default_factory=dict)   # id -> {scenario: Scenario}
    skips: dict = field(default_factory=dict)     # id -> reason
    done: int = None
    lines: int = 0
    warnings: list = field(default_factory=list)
    tail: collections.deque = field(default_factory=lambda: collections.deque(maxlen=20))

    def scenario(self, metric_id, name):
        """Return the Scenario record for (metric_id, name), creating it."""
        return self.metrics.setdefault(metric_id, {}).setdefault(name, Scenario())

    def apply(self, line):
        """Apply one '@VOS' line; return (kind, positional, pairs) for the caller.

        Raises ValueError with a message for a line that breaks the protocol."""
        kind, _, rest = line[len("@VOS "):].partition(" ")
        if kind in FOREIGN_RECORDS:
            return kind, [], {}
        positional, pairs = split_fields(rest)
        handler = getattr(self, "_on_" + kind, None)
        if handler is None:
            raise ValueError(f"unknown record '{kind}'")
        if self.done is not None:
            self.warnings.append(f"line {self.lines}: '{kind}' after '@VOS done'")
        handler(positional, pairs)
        return kind, positional, pairs

    def _on_config(self, positional, pairs):
        if positional or not pairs:
            raise ValueError("config wants key=value pairs")
        self.config.update(pairs)

    def _on_progress(self, positional, pairs):
        if len(positional) != 2 or not re.fullmatch(r"\d+/\d+", positional[1]):
            raise ValueError("progress wants <id> <done>/<total>")

    def _on_metric(self, positional, pairs):
        if len(positional) != 1:
            raise ValueError("metric wants exactly one id")
        figures = {}
        for key in ("n", "overhead") + STATS:
            try:
                figures[key] = parse_number(pairs.get(key))
            except ValueError:
                raise ValueError(f"{key}={pairs[key]} is not a number") from None
        missing = [k for k in ("unit", "n") + STATS if k not in pairs]
        if missing:
            self.warnings.append(f"line {self.lines}: {positional[0]} lacks {', '.join(missing)}")
        name = pairs.get("scenario") or UNNAMED_SCENARIO
        record = self.scenario(positional[0], name)
        if record.has_metric_line:
            self.warnings.append(f"line {self.lines}: {positional[0]} ({name}) reported twice; "
                                 "the last line counts")
        record.unit, record.note = pairs.get("unit"), pairs.get("note")
        record.n, record.overhead = figures["n"], figures["overhead"]
        record.stats = {k: figures[k] for k in STATS}
        record.has_metric_line = True

    def _on_hist(self, positional, pairs):
        if len(positional) < 3 or pairs:
            raise ValueError("hist wants <id> <scenario> <lo>:<count> ...")
        known = self.metrics.get(positional[0], {}).get(positional[1])
        last = known.hist[-1][0] if known and known.hist else None
        buckets = []
        for token in positional[2:]:
            lo, sep, count = token.partition(":")
            if not sep or not count.isdigit():
                raise ValueError(f"bad bucket '{token}'")
            lo = parse_number(lo)
            if lo is None or (last is not None and lo <= last):
                raise ValueError("bucket bounds must ascend")
            buckets.append((lo, int(count)))
            last = lo
        self.scenario(positional[0], positional[1]).hist.extend(buckets)

    def _on_skip(self, positional, pairs):
        if len(positional) != 1:
            raise ValueError("skip wants one id and reason=\"...\"")
        self.skips[positional[0]] = pairs.get("reason") or "skipped (no reason given)"

    def _on_done(self, positional, pairs):
        if len(positional) != 1:
            raise ValueError("done wants one exit status")
        self.done = int(positional[0])


class Progress:
    """Progress and per-metric results on stderr; one rewritten line on a terminal."""

    def __init__(self, stream, enabled):
        self.stream, self.enabled = stream, enabled
        self.tty = enabled and stream.isatty()
        self.current, self.last_draw, self.drawn = None, 0.0, False

    def _clear(self):
        if self.drawn:
            self.stream.write("\r\033[K")
            self.drawn = False

    def say(self, text, force=False):
        """Print one line above the progress line; force prints even when quiet."""
        if self.enabled or force:
            self._clear()
            print(text, file=self.stream, flush=True)

    def update(self, metric_id, fraction):
        """Show the metric being measured and its done/total."""
        if not self.enabled:
            return
        done, total = (int(x) for x in fraction.split("/"))
        if not self.tty:
            if metric_id != self.current:
                self.say(f"measuring {metric_id} ({fraction})")
            self.current = metric_id
            return
        now = time.monotonic()
        if metric_id == self.current and now - self.last_draw < 0.1 and done < total:
            return
        self.current, self.last_draw = metric_id, now
        pct = 100 * done // total if total else 100
        self.stream.write(f"\r\033[Kmeasuring {metric_id}: {fraction} ({pct}%)")
        self.stream.flush()
        self.drawn = True

    def close(self):
        """Leave the terminal on a clean line."""
        self._clear()


def read_stream(stream, progress, echo, raw_log):
    """Consume the image's output (binary, line by line) into a Run."""
    run = Run()
    try:
        for raw in iter(stream.readline, b""):
            read_line(run, raw.decode("utf-8", errors="replace").rstrip("\r\n"),
                      progress, echo, raw_log)
    except KeyboardInterrupt:
        run.warnings.append(f"interrupted after line {run.lines}")
    progress.close()
    return run


def read_line(run, line, progress, echo, raw_log):
    """Apply one line of the stream to the run and show what it means."""
    run.lines += 1
    raw_log.write(line + "\n")
    if not line.startswith("@VOS "):
        run.tail.append(line)
        if echo:
            progress.say(line)
        return
    try:
        kind, positional, pairs = run.apply(line)
    except (ValueError, IndexError) as err:
        run.warnings.append(f"line {run.lines}: {err}: {line}")
        progress.say(f"warning: line {run.lines}: {err}", force=True)
        return
    if kind == "progress":
        progress.update(positional[0], positional[1])
    elif kind == "metric":
        name = pairs.get("scenario") or UNNAMED_SCENARIO
        record = run.metrics[positional[0]][name]
        progress.say(f"{positional[0]} ({name}): p50 {fmt(record.stats['p50'])} "
                     f"max {fmt(record.stats['max'])} {record.unit or ''} n={fmt(record.n)}")
    elif kind == "skip":
        progress.say(f"{positional[0]}: skipped: {run.skips[positional[0]]}")


# ---------------------------------------------------------------- results

def load_catalogue(path):
    """Read bench/catalogue.csv into {id: {family, definition, better}}, in file order."""
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    catalogue = {}
    for row in rows:
        if row["better"] not in ("lower", "higher", "none"):
            raise SystemExit(f"{path}: {row['id']}: better must be lower, higher or none")
        catalogue[row["id"]] = row
    return catalogue


def scenario_json(record):
    """The statistics of one scenario in the results.json shape."""
    out = {k: record.stats.get(k) for k in STATS}
    out.update(n=record.n, unit=record.unit, overhead=record.overhead, note=record.note,
               hist=[list(b) for b in record.hist] or None)
    return out


def metric_json(metric_id, run):
    """One metric's results.json entry: default-scenario stats plus every scenario."""
    scenarios = {name: record for name, record in run.metrics.get(metric_id, {}).items()
                 if record.has_metric_line}
    if not scenarios:
        skipped = metric_id in run.skips
        entry = {k: None for k in STATS}
        entry.update(n=None, unit=None, scenario=None, overhead=None, note=None,
                     status="skipped" if skipped else "not_measured",
                     reason=run.skips.get(metric_id, NOT_MEASURED_REASON), hist=None,
                     scenarios={})
        return entry
    default = DEFAULT_SCENARIO if DEFAULT_SCENARIO in scenarios else next(iter(scenarios))
    entry = scenario_json(scenarios[default])
    hist = entry.pop("hist")
    entry.update(scenario=default, status="measured", reason=None, hist=hist,
                 scenarios={name: scenario_json(rec) for name, rec in scenarios.items()})
    return entry


def build_results(run, catalogue, warn):
    """The whole results.json document; catalogue metrics first, then extras.

    warn(text) is called for each inconsistency found between the stream
    and the catalogue; run.warnings gets them too."""
    for metric_id, scenarios in run.metrics.items():
        for name, record in scenarios.items():
            if not record.has_metric_line:
                warn(f"{metric_id} ({name}): hist lines but no metric line; ignored")
        if metric_id not in catalogue:
            warn(f"{metric_id}: not in bench/catalogue.csv; reported after the catalogue")
    ids = list(catalogue) + [m for m in list(run.metrics) + list(run.skips) if m not in catalogue]
    return {
        "config": dict(run.config),
        "run": {"complete": run.done == 0, "exit_status": run.done, "lines": run.lines,
                "warnings": list(run.warnings)},
        "metrics": {m: metric_json(m, run) for m in dict.fromkeys(ids)},
    }


def write_json(path, document):
    """Write JSON atomically, so a reader never sees half a file."""
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    tmp.replace(path)


# ---------------------------------------------------------------- peers

@dataclass
class PeerSource:
    """One peer data file: its provenance header and its figures.

    source is the file's "# source:" line: where and how its figures were
    taken, shown under every comparison table."""
    label: str
    path: Path
    provenance: list
    published: bool
    source: str = None
    figures: dict = field(default_factory=dict)   # (id, scenario) -> dict (instrument files)
    columns: list = field(default_factory=list)   # kernel columns (published files)
    rows: list = field(default_factory=list)      # (name, target, unit, {kernel: value})
    unmapped: list = field(default_factory=list)


def read_commented_csv(path):
    """Split a CSV with a '#' header into (comment lines, list of row dicts)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    comments = [l[1:].strip() for l in lines if l.startswith("#")]
    data = [l for l in lines if l.strip() and not l.startswith("#")]
    return comments, list(csv.DictReader(data))


def map_peer_name(name, catalogue):
    """(id, scenario, stat) for a peer row name, or None when it has no metric."""
    if name in PEER_NAME_MAP:
        return PEER_NAME_MAP[name]
    return (name, None, "p50") if name in catalogue else None


def parse_compare(text, where):
    """(comparable, reason) from a 'compare' cell: 'yes' or 'no: <reason>'."""
    text = (text or "").strip()
    if text == "yes":
        return True, None
    if text.startswith("no:") and text[3:].strip():
        return False, text[3:].strip()
    raise SystemExit(f"{where}: compare must be 'yes' or 'no: <reason>', not '{text}'")


def load_peer(path, catalogue):
    """Read one peer file; '<kernel>-qemu.csv' or 'published-<board>.csv'.

    A same-instrument file must say where its figures come from (a
    '# source:' line) and, on every row, the figure's error (in the row's
    unit) and whether it compares like for like with VAIOS's row
    ('compare': 'yes' or 'no: <reason>'); anything less stops the tool."""
    comments, rows = read_commented_csv(path)
    published = path.stem.startswith("published-")
    prefix = path.stem.split("-")[0]
    label = path.stem if published else PEER_LABELS.get(prefix, prefix)
    source = PeerSource(label, path, comments, published)
    sources = [c.split(":", 1)[1].strip() for c in comments if c.startswith("source:")]
    source.source = sources[0] if sources else None
    if not published and source.source is None:
        raise SystemExit(f"{path}: no '# source:' line saying where its figures come from")
    if published:
        source.columns = [c for c in rows[0] if c not in ("metric", "unit")] if rows else []
    for row in rows:
        target = map_peer_name(row["metric"], catalogue)
        if target is None:
            source.unmapped.append(row["metric"])
            continue
        if published:
            values = {c: parse_number(row[c]) for c in source.columns}
            source.rows.append((row["metric"], target, row["unit"], values))
        else:
            where = f"{path.name}: {row['metric']}"
            comparable, why = parse_compare(row.get("compare"), where)
            try:
                error = parse_number(row.get("error"))
            except ValueError:
                error = None
            if error is None or error < 0:
                raise SystemExit(f"{where}: error must be a number >= 0")
            source.figures[target[:2]] = {
                "min": parse_number(row["min"]), "median": parse_number(row["median"]),
                "max": parse_number(row["max"]), "note": row.get("note", ""),
                "unit": PEER_UNITS.get(row["metric"], PEER_INSTRUMENT_UNIT),
                "error": error, "comparable": comparable, "why": why}
    return source


def load_peers(directory, catalogue):
    """The peer files of a directory, same-instrument ones first."""
    if not directory:
        return []
    paths = sorted(Path(directory).glob("*-qemu.csv")) + \
        sorted(Path(directory).glob("published-*.csv"))
    return [load_peer(p, catalogue) for p in paths]


# ---------------------------------------------------------------- tables

@dataclass
class Table:
    """A titled table that renders as Markdown or as aligned terminal text."""
    title: str
    headers: list
    rows: list
    footnotes: list = field(default_factory=list)


def fmt(value):
    """A figure as text: exact integers, short decimals, '-' for none."""
    if value is None:
        return "-"
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def leader(candidates, better, errors=None):
    """Name the best of {kernel: figure}; '-' when fewer than two or no direction.

    errors ({kernel: stated error}, 0 when absent) widen each figure: the
    best is named only when its gap to every other figure exceeds the sum
    of the two errors, else the row has no leader ('within error'); 'tie'
    when exact figures are equal."""
    figures = {k: v for k, v in candidates.items() if v is not None}
    if better not in ("lower", "higher") or len(figures) < 2:
        return "-"
    errors = errors or {}
    best = (min if better == "lower" else max)(figures.values())
    winners = [k for k, v in figures.items() if v == best]
    spread = {k: errors.get(k) or 0 for k in figures}
    if len(winners) > 1:
        return "tie" if all(spread[k] == 0 for k in winners) else "within error"
    win = winners[0]
    for kernel, value in figures.items():
        if kernel != win and abs(value - best) <= spread[win] + spread[kernel]:
            return "within error"
    return win


def comparison_rows(metric_id, entry, instrument_peers):
    """(label, scenario, peer-lookup-key per peer) rows of one metric."""
    vaios = list(entry["scenarios"])
    peer_scenarios = []
    for peer in instrument_peers:
        for (pid, scen) in peer.figures:
            if pid == metric_id and scen not in peer_scenarios:
                peer_scenarios.append(scen)
    keys = vaios + [s for s in peer_scenarios if s is not None and s not in vaios]
    if not vaios and None in peer_scenarios:
        keys.insert(0, None)
    rows = []
    for scen in keys:
        label = metric_id if len(keys) == 1 or scen is None else f"{metric_id} ({scen})"
        lookup = [scen] + ([None] if scen == entry["scenario"] else [])
        rows.append((label, scen, lookup))
    return rows


def peer_cell(fig, unit, compact):
    """(text, compared) of one peer cell: its figure(s) and marks."""
    text = fmt(fig["median"]) if compact else f"{fmt(fig['median'])} / {fmt(fig['max'])}"
    if fig["unit"] != unit:
        return text + "*", False
    if not fig["comparable"]:
        return f"{text} {NOT_COMPARABLE}", False
    if fig["error"]:
        text += f" {ERROR_MARK}{fmt(fig['error'])}"
    return text, True


def comparison_table(results, catalogue, peers, compact=False):
    """VAIOS beside same-instrument peers, one row per metric (and scenario).

    Peer cells show "median / max", or the median alone when compact (the
    terminal, which must stay within 100 columns), with their marks: the
    figure's stated error, or NOT_COMPARABLE with the reason in a
    footnote. Leader compares only like-for-like cells, with their errors."""
    instrument = [p for p in peers if not p.published]
    title = "Comparison in the same instrument (peers: " + \
        ("median)" if compact else "median / max)")
    table = Table(title,
                  ["metric", "unit", "VAIOS p50", "VAIOS max"] + [p.label for p in instrument]
                  + ["Leader"], [])
    mismatch = False
    unlike = []
    for metric_id, entry in results["metrics"].items():
        better = catalogue.get(metric_id, {}).get("better", "none")
        for label, scen, lookup in comparison_rows(metric_id, entry, instrument):
            own = entry["scenarios"].get(scen)
            peer_figs = [next((p.figures[(metric_id, k)] for k in lookup
                               if (metric_id, k) in p.figures), None) for p in instrument]
            unit = own["unit"] if own else next((f["unit"] for f in peer_figs if f), None)
            candidates = {"VAIOS": own["p50"] if own else None}
            errors = {"VAIOS": 0}
            cells = []
            for peer, fig in zip(instrument, peer_figs):
                if fig is None:
                    cells.append("-")
                    continue
                text, compared = peer_cell(fig, unit, compact)
                mismatch |= fig["unit"] != unit
                cells.append(text)
                if compared:
                    candidates[peer.label] = fig["median"]
                    errors[peer.label] = fig["error"]
                elif fig["unit"] == unit:
                    unlike.append(f"{NOT_COMPARABLE} {label}, {peer.label}: {fig['why']}")
            if own is None and not any(peer_figs):
                continue
            table.rows.append([label, unit or "-", fmt(own and own["p50"]),
                               fmt(own and own["max"])] + cells
                              + [leader(candidates, better, errors)])
    for peer in instrument:
        table.footnotes.append(f"{peer.label} ({shown_path(peer.path)}): {peer.source}")
    table.footnotes.append(f"{ERROR_MARK}e: the peer figure's stated error in the row's unit "
                           "(VAIOS's figures are exact counts).")
    if mismatch:
        table.footnotes.append("* in a different unit from VAIOS's figure "
                               "(see bench/peers): shown, not compared")
    table.footnotes.append(f"{NOT_COMPARABLE}: not like for like with VAIOS's row, shown and not "
                           "compared:")
    table.footnotes += unlike
    table.footnotes.append("Leader: lowest (or highest, per bench/catalogue.csv) median among "
                           "the like-for-like figures in the same unit, named only when its gap "
                           "to every other exceeds their errors added ('within error' "
                           "otherwise); '-' when fewer than two kernels have such a figure.")
    return table


def distribution_table(results):
    """Every measured scenario's distribution; the notes become footnotes."""
    table = Table("Distributions (overhead of an empty measurement already subtracted)",
                  ["metric (scenario)", "unit", "n", "min", "p50", "p99", "p99.9", "max",
                   "ovh"], [])
    for metric_id, entry in results["metrics"].items():
        for scen, stats in entry["scenarios"].items():
            label = f"{metric_id} ({scen})"
            table.rows.append([label, stats["unit"] or "-", fmt(stats["n"])]
                              + [fmt(stats[k]) for k in STATS] + [fmt(stats["overhead"])])
            if stats["note"]:
                table.footnotes.append(f"{label}: {stats['note']}")
    return table


def published_tables(results, catalogue, peers):
    """Real-board published figures, one table per file, never beside instruction counts.

    A "this run" column appears only when the run itself counted something
    other than instructions (config unit=cycles on a real board)."""
    board_run = results["config"].get("unit", "insn") != "insn"
    tables = []
    for peer in (p for p in peers if p.published):
        names = [c.replace("_", " ") for c in peer.columns]
        table = Table(f"Published real-board figures ({peer.path.name}; not instruction counts)",
                      ["metric", "unit"] + names + (["this run"] if board_run else []) + ["Leader"],
                      [])
        for _, (metric_id, scen, stat), unit, values in peer.rows:
            candidates = {n: values[c] for n, c in zip(names, peer.columns)}
            extra = []
            if board_run:
                entry = results["metrics"].get(metric_id)
                own = entry["scenarios"].get(scen or entry["scenario"]) if entry else None
                candidates["this run"] = own[stat] if own and own["unit"] == unit else None
                extra = [fmt(candidates["this run"])]
            label = metric_id if stat == "p50" else f"{metric_id} {stat}"
            table.rows.append([label, unit] + [fmt(values[c]) for c in peer.columns] + extra
                              + [leader(candidates, catalogue.get(metric_id, {}).get("better"))])
        if board_run:
            table.footnotes.append("'this run': this run's figure where its unit equals the "
                                   "published unit.")
        tables.append(table)
    return tables


def config_table(results):
    """Every configuration key the image reported, in its order."""
    rows = [[k, v] for k, v in results["config"].items()]
    return Table("Configuration", ["key", "value"], rows or [["(none reported)", "-"]])


def unmeasured_table(results):
    """Catalogue metrics with no figure in this run, and why."""
    rows = [[m, e["status"].replace("_", " "), e["reason"]]
            for m, e in results["metrics"].items() if e["status"] != "measured"]
    return Table("Not yet measured", ["metric", "status", "reason"], rows)


_FIGURE = re.compile(r"-?[\d.]+( / -?[\d.]+)?(\*| ≠| ±[\d.]+)?")


def render_text(table, columns=100):
    """Aligned plain text: figure columns right-aligned, footnotes wrapped."""
    cells = [[str(c) for c in row] for row in table.rows]
    width = [max(len(r[i]) for r in [table.headers] + cells) for i in range(len(table.headers))]
    numeric = [i > 0 and any(_FIGURE.fullmatch(r[i]) for r in cells)
               and all(r[i] == "-" or _FIGURE.fullmatch(r[i]) for r in cells)
               for i in range(len(table.headers))]

    def line(row):
        return "  ".join(c.rjust(w) if right else c.ljust(w)
                         for c, w, right in zip(row, width, numeric)).rstrip()

    out = [table.title, "=" * len(table.title), line(table.headers),
           line(["-" * w for w in width])]
    out += [line(r) for r in cells] or ["(none)"]
    out += [textwrap.fill(n, columns, subsequent_indent="  ") for n in table.footnotes]
    return "\n".join(out) + "\n"


def render_markdown(table):
    """A GitHub-flavoured Markdown table with its title and footnotes."""
    def esc(cell):
        return str(cell).replace("|", "\\|")
    out = [f"## {table.title}", "", "| " + " | ".join(table.headers) + " |",
           "|" + "|".join("---" for _ in table.headers) + "|"]
    out += ["| " + " | ".join(esc(c) for c in row) + " |" for row in table.rows]
    if not table.rows:
        out.append("| " + " | ".join("-" for _ in table.headers) + " |")
    if table.footnotes:
        out += [""] + [f"- {esc(n)}" for n in table.footnotes]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- histograms

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


def histogram_script(data_name, title, unit, stats, buckets, outputs):
    """A gnuplot script drawing buckets as boxes on a log count axis."""
    title, unit = plain(title), plain(unit)
    lows = [lo for lo, _ in buckets]
    wide = lows[0] > 0 and (lows[-1] / lows[0]) > 50
    lines = ["set encoding utf8", f'set title "{title}" noenhanced',
             f'set xlabel "{unit}" noenhanced', 'set ylabel "samples per bucket (log scale)"',
             "set logscale y", "set yrange [0.8:*]", "set grid", "unset key",
             "set style fill solid 0.5 border -1"]
    if wide:
        lines.append("set logscale x")
    marks = (("p50", "p50"), ("p99", "p99"), ("p999", "p99.9"), ("max", "max"))
    for height, (key, name) in zip((0.95, 0.88, 0.81, 0.74), marks):
        value = stats.get(key)
        if value is not None and (value > 0 or not wide):
            lines.append(f"set arrow from {value}, graph 0 to {value}, graph 1 nohead dt 2")
            lines.append(f'set label "{name} {fmt(value)}" at {value}, graph {height} '
                         "left offset 0.5,0")
    for terminal, path in outputs:
        lines += [f"set terminal {terminal} size 900,500 noenhanced", f"set output '{path}'",
                  f"plot '{data_name}' using (($1+$2)/2):3:1:2:(0.8):3 with boxxyerror"]
    return "\n".join(lines) + "\n"


def bucket_bounds(buckets, maximum):
    """(lo, hi, count) rows; the last bucket ends after max, or repeats the previous width."""
    rows = []
    for i, (lo, count) in enumerate(buckets):
        if i + 1 < len(buckets):
            hi = buckets[i + 1][0]
        elif maximum is not None and maximum >= lo:
            hi = maximum + 1
        else:
            hi = lo + (lo - buckets[i - 1][0] if i else 1)
        rows.append((lo, hi, count))
    return rows


def draw_histograms(results, directory, warn):
    """Draw every scenario that has buckets; return {(id, scenario): [picture names]}."""
    terminals = gnuplot_terminals()
    pending = [(m, s, st) for m, e in results["metrics"].items()
            for s, st in e["scenarios"].items() if st["hist"]]
    pictures = {}
    if not pending:
        return pictures
    if not terminals:
        warn("histograms not drawn: gnuplot " + ("has no png/svg terminal" if terminals is not None
                                                 else "not found"))
        return pictures
    directory.mkdir(parents=True, exist_ok=True)
    for stale in (f for ext in ("png", "svg", "dat", "gp") for f in directory.glob(f"*.{ext}")):
        stale.unlink()
    png = "pngcairo" if "pngcairo" in terminals else ("png" if "png" in terminals else None)
    for metric_id, scen, stats in pending:
        stem = re.sub(r"[^\w.-]", "_", f"{metric_id}_{scen}")
        outputs = [(t, f"{stem}.{ext}") for t, ext in ((png, "png"), ("svg", "svg"))
                   if t in terminals]
        rows = bucket_bounds(stats["hist"], stats["max"])
        (directory / f"{stem}.dat").write_text(
            "# lo hi count\n" + "".join(f"{lo} {hi} {c}\n" for lo, hi, c in rows))
        title = f"{metric_id}, scenario {scen}: unit {stats['unit']}, n={fmt(stats['n'])}"
        script = histogram_script(f"{stem}.dat", title, stats["unit"] or "", stats,
                                  stats["hist"], outputs)
        (directory / f"{stem}.gp").write_text(script)
        done = subprocess.run([shutil.which("gnuplot"), f"{stem}.gp"], cwd=directory, capture_output=True,
                              text=True)
        if done.returncode != 0:
            warn(f"gnuplot failed for {stem}: {done.stderr.strip()[:300]}")
            continue
        pictures[(metric_id, scen)] = [name for _, name in outputs]
    return pictures


# ---------------------------------------------------------------- report

def status_line(results):
    """One sentence saying whether the run completed."""
    status = results["run"]["exit_status"]
    if status == 0:
        return "Run complete: the image reported `@VOS done 0`."
    if status is None:
        return ("INCOMPLETE RUN: the stream ended without `@VOS done` (the image crashed, "
                "hung or was stopped); the figures below are partial.")
    return f"FAILED RUN: the image reported `@VOS done {status}`; the figures below are partial."


def shown_path(path):
    """A path relative to the repository when it is inside it."""
    try:
        return str(path.resolve().relative_to(REPO))
    except ValueError:
        return str(path)


def provenance_markdown(peers):
    """Each peer file's comment header, quoted, so its configuration is never hidden."""
    out = ["## Where the peer figures come from", ""]
    for peer in peers:
        out.append(f"**{peer.label}** (`{shown_path(peer.path)}`):")
        out.append("")
        out += ["```text"] + (peer.provenance or ["(no provenance header)"]) + ["```"]
        notes = [f"- {name}{f' ({scen})' if scen else ''}: {fig['note']}"
                 for (name, scen), fig in peer.figures.items() if fig["note"]]
        out += ["", "Notes of its rows:", ""] + notes if notes else []
        if peer.unmapped:
            out += ["", "Rows with no catalogue metric, not compared: "
                    + ", ".join(f"`{n}`" for n in peer.unmapped)]
        out.append("")
    return "\n".join(out) + "\n"


def report_markdown(results, tables, peers, pictures):
    """The whole report.md."""
    config, comparison, distributions, published, unmeasured = tables
    parts = ["# VAIOS benchmark report", "", status_line(results), "",
             render_markdown(config), render_markdown(comparison), render_markdown(distributions)]
    parts += [render_markdown(t) for t in published]
    parts += [render_markdown(unmeasured)]
    if pictures:
        links = ["## Histograms", ""]
        for (metric_id, scen), names in pictures.items():
            links.append(f"- {metric_id} ({scen}): "
                         + ", ".join(f"[{n.rsplit('.', 1)[1]}](hist/{n})" for n in names))
        parts.append("\n".join(links) + "\n")
    if peers:
        parts.append(provenance_markdown(peers))
    if results["run"]["warnings"]:
        parts.append("## Warnings\n\n" + "".join(f"- {w}\n" for w in results["run"]["warnings"]))
    return "\n".join(parts)


def parse_args(argv):
    """Command-line options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", default="-", help="stream file, or - for stdin (default)")
    parser.add_argument("--out", default=str(REPO / "build" / "bench"), help="output directory")
    parser.add_argument("--peers", default=str(REPO / "bench" / "peers"),
                        help="peer data directory ('' for none)")
    parser.add_argument("--catalogue", default=str(REPO / "bench" / "catalogue.csv"))
    parser.add_argument("--quiet", action="store_true",
                        help="no progress and no tables; errors and warnings only")
    parser.add_argument("--verbose", action="store_true", help="echo the image's own lines")
    return parser.parse_args(argv)


def collect(args, out):
    """Read the stream from --input, keeping a raw copy in out/run.log."""
    progress = Progress(sys.stderr, not args.quiet)
    with open(out / "run.log", "w", encoding="utf-8") as raw_log:
        if args.input == "-":
            return read_stream(sys.stdin.buffer, progress, args.verbose, raw_log)
        with open(args.input, "rb") as stream:
            return read_stream(stream, progress, args.verbose, raw_log)


def finish(run, out):
    """Print why a run failed (with the image's last lines); return the exit status."""
    if run.done == 0:
        print(f"vaios_report: run complete; results in {out}", file=sys.stderr)
        return 0
    why = ("the stream ended without '@VOS done' (image crashed, hung or was killed)"
           if run.done is None else f"the image reported '@VOS done {run.done}'")
    print(f"vaios_report: FAILED: {why}; partial results in {out}", file=sys.stderr)
    if run.tail:
        print("last lines of the image's output:", file=sys.stderr)
        print("\n".join("  | " + l for l in run.tail), file=sys.stderr)
    return 1


def main(argv=None):
    """Read, build every output, print the tables; return the exit status."""
    args = parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    catalogue = load_catalogue(args.catalogue)
    try:
        run = collect(args, out)
    except OSError as err:
        print(f"vaios_report: cannot read the stream: {err}", file=sys.stderr)
        return 2

    def warn(text):
        run.warnings.append(text)
        print(f"warning: {text}", file=sys.stderr)

    results = build_results(run, catalogue, warn)
    peers = load_peers(args.peers, catalogue)
    pictures = draw_histograms(results, out / "hist", warn)
    results["run"]["warnings"] = list(run.warnings)
    write_json(out / "results.json", results)
    tables = (config_table(results), comparison_table(results, catalogue, peers),
              distribution_table(results), published_tables(results, catalogue, peers),
              unmeasured_table(results))
    (out / "report.md").write_text(report_markdown(results, tables, peers, pictures),
                                   encoding="utf-8")
    if not args.quiet:
        config, _, distributions, published, unmeasured = tables
        comparison = comparison_table(results, catalogue, peers, compact=True)
        for table in [config, comparison, distributions] + published + [unmeasured]:
            print(render_text(table))
    return finish(run, out)


if __name__ == "__main__":
    sys.exit(main())
