# SPDX-License-Identifier: MIT
"""The one model of a comparison table: rows, cells, errors and Leader.

Every table of tools/ that sets kernels side by side is made here: the
benchmark report's (tools.vaios_report), the README's
(tools.update_readme) and the merge of runs (tools.compare). No other
module computes a Leader.

A comparison sets runs of this harness side by side. Each run is a
Column: its results document (a results.json, or the README's snapshot
of one), its histogram layout, the rows its provenance calls unlike, and
how its figures' errors are bounded. build_rows() makes one Row per
(metric, scenario) that any column measured, with one Cell per column, in
the order of the first column's metrics (the catalogue's order), then the
catalogue's, then any other column's.

A cell enters Leader only when it is like for like: in the row's unit
(the first column's that has the row; else marked OTHER_UNIT) and not
named unlike by its run's provenance (else marked NOT_COMPARABLE with the
reason). Leader (leader()) is the best median among those cells, named
only when its gap to every other exceeds their errors added.

Reference figures (bench/peers/*-qemu.csv: a separate harness with other
start and stop points) are attached to the rows they match as reference
cells, with their stated errors and marks; they are never a Leader
candidate and never make a row of their own.

Invariants: a Row's cells and refs have one key per column and per
reference (None where it has no figure); a compared Cell is in the row's
unit and has no mark.
"""

from dataclasses import dataclass, field

from . import resolution as resolution_of
from .catalogue import better as better_of
from .hist import layout_of
from .peers import shown_path
from .tables import Table, fmt

NOT_COMPARABLE = "≠"    # not like for like: shown, never compared
ERROR_MARK = "±"        # a figure's error, in the row's unit
OTHER_UNIT = "*"        # another unit than the row's: shown, never compared
REF_MARK = "(ref.)"     # a reference column's header


# ---------------------------------------------------------------- errors

def figure_error(stats, layout):
    """The stated error of a scenario's p50, in its unit: 0 for a figure
    without a histogram (a size, a count), else how far above p50 the true
    median may lie. That is at most the distance to the next non-empty
    bucket (or to max), and, when every bucket of the histogram sits on the
    run's layout with origin 0, at most the layout's resolution at p50 (a
    metric recorded against an origin, such as delay_5ms, keeps the first
    bound only). A figure counted on a clock slower than the instructions
    (tools/resolution.py) has at least its one count of error."""
    hist = stats.get("hist")
    if not hist:
        return resolution_of.error(stats)
    p50, top = stats["p50"], stats["max"]
    lows = [lo for lo, _ in hist]
    below = [k for k, lo in enumerate(lows) if lo <= p50]
    k = below[-1] if below else 0
    bound = min((lows[k + 1] if k + 1 < len(lows) else top + 1) - p50 - 1, top - p50)
    if layout is not None and layout.holds(hist):
        resolution = layout.resolution(p50)
        if resolution is not None:
            bound = min(bound, resolution)
    # A figure counted on a slower clock is never exact (tools/resolution.py).
    return max(bound, 0, resolution_of.error(stats))


def resolution_error(stats, layout):
    """A figure's error when its histogram is not at hand (the README's
    snapshot keeps none): its bucket's resolution in the run's layout, 0
    below hist_exact or without a layout. It bounds figure_error from above
    for a histogram on the layout; a figure that had no histogram (a size,
    a count) gets it too, since the snapshot cannot tell."""
    if layout is None or stats.get("p50") is None or stats["p50"] < 0:
        return resolution_of.error(stats)
    return max(layout.resolution(stats["p50"]) or 0, resolution_of.error(stats))


# ---------------------------------------------------------------- the model

@dataclass
class Column:
    """One run of this harness: a column of a comparison.

    doc is its results document; unlike maps "metric" or "metric
    (scenario)" to why the run does not measure what the row's first run
    measures; error(stats, layout) bounds a figure's error; about says
    where the run comes from (a footnote), or is None."""
    label: str
    doc: dict
    unlike: dict = field(default_factory=dict)
    error: object = figure_error
    about: str = None

    def __post_init__(self):
        self.layout = layout_of(self.doc["config"])

    def stats(self, metric_id, scenario):
        """The statistics of one scenario, or None when not measured."""
        entry = self.doc["metrics"].get(metric_id) or {}
        return (entry.get("scenarios") or {}).get(scenario)

    def why_unlike(self, metric_id, scenario):
        """The provenance's reason the run's row is unlike, or None."""
        return self.unlike.get(f"{metric_id} ({scenario})") or self.unlike.get(metric_id)


def run_column(run):
    """The column of a stored harness run (peers.StoredRun)."""
    prov = run.provenance
    return Column(prov["label"], run.results, prov.get("unlike", {}),
                  about=f"{prov['summary']} (`{shown_path(run.path)}/`: its results.json and "
                  "provenance.json)")


@dataclass
class Cell:
    """One figure of a row: p50 (a reference's median), max, n, unit; its
    error; mark: "" (like for like), OTHER_UNIT or NOT_COMPARABLE (with
    why); compared: a Leader candidate (never for a reference)."""
    p50: object
    max: object
    n: object
    unit: str
    error: object = 0
    mark: str = ""
    why: str = None
    compared: bool = False

    def text(self, compact):
        """The figure(s) and the mark: "p50" when compact, "p50 / max" otherwise."""
        text = fmt(self.p50) if compact else f"{fmt(self.p50)} / {fmt(self.max)}"
        if self.mark == OTHER_UNIT:
            return text + OTHER_UNIT
        if self.mark:
            return f"{text} {self.mark}"
        return text + (f" {ERROR_MARK}{fmt(self.error)}" if self.error else "")


def run_cell(column, stats, metric_id, scenario, unit):
    """The cell of a run's figure; compared when like for like."""
    cell = Cell(stats["p50"], stats["max"], stats.get("n"), stats["unit"],
                column.error(stats, column.layout))
    why = column.why_unlike(metric_id, scenario)
    if stats["unit"] != unit:
        cell.mark = OTHER_UNIT
    elif why:
        cell.mark, cell.why = NOT_COMPARABLE, why
    else:
        cell.compared = True
    return cell


def reference_cell(fig, unit):
    """The cell of a bench/peers figure: shown with its marks, never compared."""
    cell = Cell(fig["median"], fig["max"], None, fig["unit"], fig["error"])
    if fig["unit"] != unit:
        cell.mark = OTHER_UNIT
    elif not fig["comparable"]:
        cell.mark, cell.why = NOT_COMPARABLE, fig["why"]
    return cell


@dataclass
class Row:
    """One (metric, scenario): a cell per column, a reference cell per
    reference, and the Leader of the compared cells."""
    metric: str
    scenario: str
    default: bool       # the first run that has it calls it the metric's default scenario
    unit: str
    better: str
    cells: dict
    refs: dict
    leader: str = "-"
    label: str = None


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


def leader_of(cells, better):
    """Leader among the compared cells of {label: Cell or None}."""
    compared = {k: c for k, c in cells.items() if c is not None and c.compared}
    return leader({k: c.p50 for k, c in compared.items()}, better,
                  {k: c.error for k, c in compared.items()})


def row_keys(columns, catalogue):
    """(metric, scenario) of every measured scenario of any column: the
    first column's metrics, then the catalogue's, then the others;
    scenarios in first-seen order."""
    metric_ids = [m for c in columns[:1] for m in c.doc["metrics"]] + list(catalogue) \
        + [m for c in columns[1:] for m in c.doc["metrics"]]
    keys = []
    for metric_id in dict.fromkeys(metric_ids):
        for column in columns:
            entry = column.doc["metrics"].get(metric_id) or {}
            for scen in entry.get("scenarios") or {}:
                if (metric_id, scen) not in keys:
                    keys.append((metric_id, scen))
    return keys


def build_rows(columns, catalogue, references=()):
    """The rows of a comparison of columns, with the reference figures of
    references (bench/peers instrument files: PeerSource) attached."""
    rows = []
    for metric_id, scen in row_keys(columns, catalogue):
        stats = [c.stats(metric_id, scen) for c in columns]
        first = next(k for k, st in enumerate(stats) if st)
        unit = stats[first]["unit"]
        default = columns[first].doc["metrics"][metric_id]["scenario"] == scen
        cells = {c.label: None if st is None else run_cell(c, st, metric_id, scen, unit)
                 for c, st in zip(columns, stats)}
        refs = {}
        for peer in references:
            # A peer row without a scenario stands for the metric's default scenario.
            fig = peer.figures.get((metric_id, scen)) or \
                (peer.figures.get((metric_id, None)) if default else None)
            refs[peer.label] = None if fig is None else reference_cell(fig, unit)
        better = better_of(catalogue, metric_id)
        rows.append(Row(metric_id, scen, default, unit, better, cells, refs,
                        leader_of(cells, better)))
    count = {}
    for row in rows:
        count[row.metric] = count.get(row.metric, 0) + 1
    for row in rows:
        row.label = row.metric if count[row.metric] == 1 else f"{row.metric} ({row.scenario})"
    return rows


def row_json(row):
    """A row as compare.json stores it (figures and judgement, no text)."""
    cells = {label: None if c is None else
             {"p50": c.p50, "max": c.max, "n": c.n, "unit": c.unit, "error": c.error,
              "compared": c.compared} for label, c in row.cells.items()}
    return {"metric": row.metric, "scenario": row.scenario, "default": row.default,
            "unit": row.unit, "better": row.better, "cells": cells, "leader": row.leader}


# ---------------------------------------------------------------- tables

def unlike_notes(rows, columns, references=(), ref_suffix=""):
    """One "≠ row, column: why" footnote per cell of the given columns and
    references marked unlike, run columns before reference ones, in row
    order."""
    notes = []
    for row in rows:
        cells = [(c.label, row.cells[c.label]) for c in columns] + \
            [(p.label + ref_suffix, row.refs[p.label]) for p in references]
        notes += [f"{NOT_COMPARABLE} {row.label}, {label}: {c.why}"
                  for label, c in cells if c is not None and c.why]
    return notes


def harness_table(title, rows, columns, references, compact):
    """The first column (the run reported: p50 and max), the other runs
    of this harness, Leader, then the columns of the given references
    (rows built with them, or a subset): the README's table and
    report.md's comparison."""
    own, runs = columns[0], columns[1:]
    stat = "p50" if compact else "p50 / max"
    table = Table(title, ["metric", "unit", f"{own.label} p50", f"{own.label} max"]
                  + [f"{c.label} {stat}" for c in runs] + ["Leader"]
                  + [f"{p.label} {REF_MARK}" for p in references], [])
    for row in rows:
        mine = row.cells[own.label]
        table.rows.append([row.label, row.unit or "-", fmt(mine and mine.p50),
                           fmt(mine and mine.max)]
                          + [c.text(compact) if c else "-" for c in
                             (row.cells[r.label] for r in runs)]
                          + [row.leader]
                          + [c.text(compact) if c else "-" for c in
                             (row.refs[p.label] for p in references)])
    table.footnotes += [f"{c.label} p50: {c.about}." for c in runs]
    table.footnotes.append(
        f"{ERROR_MARK}e on a harness cell: how far above the figure the true median may lie (a "
        "percentile is the lower bound of its histogram bucket); none: exact.")
    table.footnotes.append(
        f"Leader: lowest (or highest, per bench/catalogue.csv) median among {own.label} and the "
        "harness runs' like-for-like cells, named only when its gap to every other exceeds "
        "their errors added ('within error' otherwise); '-' when fewer than two have such a "
        "figure." + (f" The {REF_MARK} columns never enter it." if references else ""))
    if any(c is not None and c.mark == OTHER_UNIT for row in rows
           for c in [row.cells[r.label] for r in runs] + [row.refs[p.label] for p in references]):
        table.footnotes.append(f"{OTHER_UNIT}: in another unit than the row's: shown, not "
                               "compared.")
    for peer in references:
        table.footnotes.append(f"{peer.label} {REF_MARK}: reference only, a separate harness "
                               "with other start/stop points, not this one "
                               f"({shown_path(peer.path)}): {peer.source}")
    table.footnotes.append(f"{NOT_COMPARABLE}: not like for like with {own.label}'s row, shown "
                           "and not compared:")
    table.footnotes += unlike_notes(rows, runs, references, f" {REF_MARK}")
    return table


def side_by_side_table(rows, labels, compact):
    """Every run in its own column (p50 / max, or p50 when compact) and
    Leader, with its rules as footnotes: tools.compare's table."""
    table = Table("Runs side by side (p50" + (")" if compact else " / max)"),
                  ["metric", "unit"] + labels + ["Leader"], [])
    for row in rows:
        table.rows.append([row.label, row.unit or "-"]
                          + [c.text(compact) if c else "-" for c in
                             (row.cells[l] for l in labels)] + [row.leader])
    table.footnotes += [
        f"{ERROR_MARK}e: how far above the figure the true median may lie, in the row's unit "
        "(a percentile is the lower bound of its histogram bucket; the run's hist_* layout and "
        "its next non-empty bucket bound it); none: exact.",
        f"{OTHER_UNIT}: in another unit than the row's (the first run's): shown, not compared.",
        "Leader: lowest (or highest, per bench/catalogue.csv) median among the figures in the "
        "row's unit, named only when its gap to every other exceeds their errors added "
        "('within error' otherwise); '-' when fewer than two runs have such a figure. The "
        "errors are resolutions only: a noisy instrument's run-to-run spread is not in a "
        "results.json."]
    return table


REFERENCE_TITLE = ("Reference only: bench/peers (separate harness, other start/stop points; "
                   "not compared with the runs above)")


def reference_table(rows, references, compact):
    """The reference figures of the rows, alone: tools.compare's second
    table; None when no row has one."""
    table = Table(REFERENCE_TITLE, ["metric", "unit"] + [p.label for p in references], [])
    for row in rows:
        if any(row.refs.values()):
            table.rows.append([row.label, row.unit or "-"]
                              + [c.text(compact) if c else "-" for c in row.refs.values()])
    if not table.rows:
        return None
    for peer in references:
        table.footnotes.append(f"{peer.label} ({shown_path(peer.path)}): {peer.source}")
    table.footnotes.append(f"{ERROR_MARK}e: the peer figure's stated error; {NOT_COMPARABLE}: "
                           "not like for like with VAIOS's row (bench/peers/README.md); *: "
                           "another unit. These figures come from a separate harness with "
                           "other start and stop points: they are never a Leader candidate.")
    return table


def published_table(peer, results, catalogue):
    """One bench/peers/published-*.csv file: real-board figures, never
    beside instruction counts. A "this run" column appears only when the
    run itself counted something other than instructions (config
    unit=cycles on a real board); its figure is compared only in the
    published unit."""
    board_run = results["config"].get("unit", "insn") != "insn"
    names = [c.replace("_", " ") for c in peer.columns]
    table = Table(f"Published real-board figures ({peer.path.name}; not instruction counts)",
                  ["metric", "unit"] + names + (["this run"] if board_run else []) + ["Leader"],
                  [])
    for _, (metric_id, scen, stat), unit, values in peer.rows:
        cells = {n: Cell(values[c], values[c], None, unit, compared=values[c] is not None)
                 for n, c in zip(names, peer.columns)}
        if board_run:
            entry = results["metrics"].get(metric_id)
            own = entry["scenarios"].get(scen or entry["scenario"]) if entry else None
            mine = own[stat] if own and own["unit"] == unit else None
            cells["this run"] = Cell(mine, mine, None, unit, compared=mine is not None)
        label = metric_id if stat == "p50" else f"{metric_id} {stat}"
        table.rows.append([label, unit] + [fmt(c.p50) for c in cells.values()]
                          + [leader_of(cells, better_of(catalogue, metric_id))])
    if board_run:
        table.footnotes.append("'this run': this run's figure where its unit equals the "
                               "published unit.")
    return table
