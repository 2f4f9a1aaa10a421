# SPDX-License-Identifier: MIT
"""Set several runs of the harness side by side (vaios_report compare).

  python3 -m tools.vaios_report compare A/results.json B/results.json ...
          [--label NAME ...] [--out DIR] [--peers DIR] [--quiet]

Each input is a results.json of docs/results.schema.json, one per kernel or
per configuration; its config block names the kernel (a run's label is
that name, made distinct by the first config key of DISTINGUISHING whose
value differs when two runs measure the same kernel, "osal" first, so
that VAIOS native and VAIOS through its CMSIS-RTOS2 layer tell apart;
--label overrides, once per input in order). The command writes DIR/compare.md and DIR/compare.json (the merged
table) and DIR/cdf/<metric>.{png,svg}: one picture per latency metric (a
metric with a histogram in at least one run) with the CDF of every run and
scenario overlaid. It prints the tables unless --quiet.

The table has one row per metric and scenario measured by at least one run
and one column per run (p50 / max; p50 alone on the terminal). Leader
follows the rule of the README's table (tables.leader): the best median
among figures in the row's unit, named only when its gap to every other
exceeds their errors added. A harness figure's error is its histogram
resolution (figure_error: a percentile is its bucket's lower bound, so the
true value lies up to a bucket's width less one above it; 0 below the
run's hist_exact); a figure without a histogram (a size, a count) is
exact. A cell in another unit than the row's is shown with '*' and not
compared. Run-to-run spread is not in a results.json: on a noisy
instrument (Linux) repeat the runs before reading a lead.

The bench/peers figures (a separate harness with other start and stop
points) never enter that table: they follow as a separate, labelled
reference table, with their own stated errors and no Leader.

Exit status: 0 when the outputs were written, 2 for bad arguments or an
input that is not a readable results.json of the schema.
"""

import argparse
import json
import sys
from pathlib import Path

from . import results_schema
from .hist import Layout, LayoutMissing
from .peers import ERROR_MARK, NOT_COMPARABLE, load_peers, peer_cell, shown_path
from .plots import draw_cdfs
from .tables import Table, fmt, leader, render_markdown, render_text

REPO = Path(__file__).resolve().parent.parent
# Config keys that tell two runs of one kernel apart, in the order tried.
DISTINGUISHING = ("osal", "backend", "api", "board", "target", "version", "commit", "cflags",
                  "policy", "instrument")
OTHER_UNIT = "*"
REFERENCE_TITLE = ("Reference only: bench/peers (separate harness, other start/stop points; "
                   "not compared with the runs above)")


class Refused(Exception):
    """An input that cannot be compared."""


def load_run(path, validator):
    """The results document of path; Refused when unreadable or not of the schema."""
    try:
        with open(path, encoding="utf-8") as handle:
            doc = json.load(handle)
    except (OSError, ValueError) as err:
        raise Refused(f"{path}: cannot read: {err}") from None
    problems = results_schema.check(doc, validator) if validator else []
    if problems:
        raise Refused(f"{path}: not a results.json of docs/results.schema.json: "
                      + "; ".join(problems[:5]))
    return doc


def run_labels(docs, given=None):
    """One distinct label per run: --label, else the kernel, made distinct."""
    given = list(given or [])
    if given and len(given) != len(docs):
        raise Refused(f"{len(given)} --label for {len(docs)} runs: give one per run or none")
    if given:
        if len(set(given)) != len(given):
            raise Refused("--label names must differ")
        return given
    labels = [d["config"].get("kernel", "?") for d in docs]
    for name in set(labels):
        same = [i for i, l in enumerate(labels) if l == name]
        if len(same) < 2:
            continue
        for key in DISTINGUISHING:
            # A run without the key keeps the bare name (at most one may lack it).
            values = [docs[i]["config"].get(key) for i in same]
            if len(set(values)) == len(values):
                for i, v in zip(same, values):
                    labels[i] = name if v is None else f"{name} {key}={v}"
                break
        else:
            for k, i in enumerate(same):
                labels[i] = f"{name} #{k + 1}"
    return labels


def row_keys(docs, catalogue):
    """(metric, scenario) of every measured scenario of any run: catalogue
    order first, then other metrics; scenarios in first-seen order."""
    metric_ids = list(catalogue) + [m for d in docs for m in d["metrics"] if m not in catalogue]
    keys = []
    for metric_id in dict.fromkeys(metric_ids):
        for doc in docs:
            entry = doc["metrics"].get(metric_id)
            if not entry or entry["status"] != "measured":
                continue
            for scen in entry["scenarios"]:
                if (metric_id, scen) not in keys:
                    keys.append((metric_id, scen))
    return keys


def figure_error(stats, layout):
    """The stated error of a scenario's p50, in its unit: 0 for a figure
    without a histogram (a size, a count), else how far above p50 the true
    median may lie. That is at most the distance to the next non-empty
    bucket (or to max), and, when every bucket of the histogram sits on the
    run's layout with origin 0, at most the layout's resolution at p50 (a
    metric recorded against an origin, such as delay_5ms, keeps the first
    bound only)."""
    hist = stats.get("hist")
    if not hist:
        return 0
    p50, top = stats["p50"], stats["max"]
    lows = [lo for lo, _ in hist]
    below = [k for k, lo in enumerate(lows) if lo <= p50]
    k = below[-1] if below else 0
    bound = min((lows[k + 1] if k + 1 < len(lows) else top + 1) - p50 - 1, top - p50)
    if layout is not None and all(lo >= 0 and layout.bucket_lo(layout.bucket_of(lo)) == lo
                                  for lo in lows):
        resolution = layout.resolution(p50)
        if resolution is not None:
            bound = min(bound, resolution)
    return max(bound, 0)


def layouts_of(docs):
    """Each run's histogram layout, None where its config states none."""
    out = []
    for doc in docs:
        try:
            out.append(Layout.from_config(doc["config"]))
        except LayoutMissing:
            out.append(None)
    return out


def merge(docs, labels, catalogue):
    """The merged rows: [{metric, scenario, unit, better, cells: {label: cell}, leader}].

    A cell is {p50, max, unit, error, compared, text_md, text_term}."""
    layouts = layouts_of(docs)
    rows = []
    for metric_id, scen in row_keys(docs, catalogue):
        better = catalogue.get(metric_id, {}).get("better", "none")
        stats = [d["metrics"].get(metric_id, {}).get("scenarios", {}).get(scen) for d in docs]
        unit = next(s["unit"] for s in stats if s)
        candidates, errors, cells = {}, {}, {}
        for label, st, layout in zip(labels, stats, layouts):
            if st is None:
                cells[label] = None
                continue
            error = figure_error(st, layout)
            text = fmt(st["p50"])
            mark = ""
            compared = True
            if st["unit"] != unit:
                mark, compared = OTHER_UNIT, False
            elif error:
                mark = f" {ERROR_MARK}{fmt(error)}"
            if compared:
                candidates[label], errors[label] = st["p50"], error
            cells[label] = {"p50": st["p50"], "max": st["max"], "n": st["n"], "unit": st["unit"],
                            "error": error, "compared": compared,
                            "text_term": text + mark,
                            "text_md": f"{text} / {fmt(st['max'])}{mark}"}
        default = next(d["metrics"][metric_id]["scenario"] for d, st in zip(docs, stats) if st)
        rows.append({"metric": metric_id, "scenario": scen, "default": scen == default,
                     "unit": unit, "better": better, "cells": cells,
                     "leader": leader(candidates, better, errors)})
    return rows


def label_of(row, multi):
    """The row's label: metric, with its scenario when the metric has several."""
    return f"{row['metric']} ({row['scenario']})" if multi.get(row["metric"], 0) > 1 \
        else row["metric"]


def merged_table(rows, labels, compact):
    """The comparison of the runs, with its rules as footnotes."""
    multi = {}
    for row in rows:
        multi[row["metric"]] = multi.get(row["metric"], 0) + 1
    title = "Runs side by side (p50" + (")" if compact else " / max)")
    table = Table(title, ["metric", "unit"] + labels + ["Leader"], [])
    for row in rows:
        cells = [(c["text_term"] if compact else c["text_md"]) if c else "-"
                 for c in (row["cells"][l] for l in labels)]
        table.rows.append([label_of(row, multi), row["unit"] or "-"] + cells + [row["leader"]])
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


def runs_table(paths, docs, labels):
    """Which run is which: its file and the config keys that name it."""
    keys = ("kernel", "version", "commit", "board", "unit", "instrument")
    table = Table("Runs", ["run", "file"] + list(keys) + ["complete"], [])
    for path, doc, label in zip(paths, docs, labels):
        table.rows.append([label, shown_path(path)] + [doc["config"].get(k, "-") for k in keys]
                          + ["yes" if doc["run"]["complete"] else "NO"])
    return table


def unmeasured_table(rows, docs, labels):
    """Metrics measured by some runs and not by others, with each one's reason."""
    table = Table("Not measured by every run", ["metric", "run", "status", "reason"], [])
    for metric_id in dict.fromkeys(r["metric"] for r in rows):
        for doc, label in zip(docs, labels):
            entry = doc["metrics"].get(metric_id)
            if entry is None:
                table.rows.append([metric_id, label, "absent", "not in this run's results.json"])
            elif entry["status"] != "measured":
                table.rows.append([metric_id, label, entry["status"].replace("_", " "),
                                   entry["reason"] or "-"])
    return table


def reference_table(rows, peers, compact):
    """The bench/peers figures of the compared metrics, labelled as a
    separate harness's; None when there are none."""
    instrument = [p for p in peers if not p.published]
    table = Table(REFERENCE_TITLE, ["metric", "unit"] + [p.label for p in instrument], [])
    multi = {}
    for row in rows:
        multi[row["metric"]] = multi.get(row["metric"], 0) + 1
    for row in rows:
        # A peer row without a scenario stands for the metric's default scenario.
        figs = [p.figures.get((row["metric"], row["scenario"]))
                or (p.figures.get((row["metric"], None)) if row["default"] else None)
                for p in instrument]
        if not any(figs):
            continue
        cells = [peer_cell(f, row["unit"], compact)[0] if f else "-" for f in figs]
        table.rows.append([label_of(row, multi), row["unit"] or "-"] + cells)
    if not table.rows:
        return None
    for peer in instrument:
        table.footnotes.append(f"{peer.label} ({shown_path(peer.path)}): {peer.source}")
    table.footnotes.append(f"{ERROR_MARK}e: the peer figure's stated error; {NOT_COMPARABLE}: "
                           "not like for like with VAIOS's row (bench/peers/README.md); *: "
                           "another unit. These figures come from a separate harness with "
                           "other start and stop points: they are never a Leader candidate.")
    return table


def curves(docs, labels):
    """{metric: [(curve title, unit, hist, min)]} of every scenario with a histogram."""
    out = {}
    for doc, label in zip(docs, labels):
        for metric_id, entry in doc["metrics"].items():
            for scen, st in entry["scenarios"].items():
                if st.get("hist"):
                    out.setdefault(metric_id, []).append(
                        (f"{label} ({scen}), n={fmt(st['n'])}", st["unit"], st["hist"], st["min"]))
    return out


def parse_args(argv):
    """Command-line options."""
    parser = argparse.ArgumentParser(prog="vaios_report compare",
                                     description="Merge several results.json into one table "
                                     "and one CDF picture per latency metric.")
    parser.add_argument("results", nargs="+", help="results.json files, one per run")
    parser.add_argument("--label", action="append", help="a run's label (once per input, in order)")
    parser.add_argument("--out", default=str(REPO / "build" / "compare"), help="output directory")
    parser.add_argument("--peers", default=str(REPO / "bench" / "peers"),
                        help="peer data directory for the reference table ('' for none)")
    parser.add_argument("--catalogue", default=str(REPO / "bench" / "catalogue.csv"))
    parser.add_argument("--no-schema", action="store_true",
                        help="do not check the inputs against docs/results.schema.json")
    parser.add_argument("--quiet", action="store_true", help="no tables on the terminal")
    return parser.parse_args(argv)


def main(argv):
    """Merge, write compare.md, compare.json and the pictures; return the exit status."""
    from .vaios_report import load_catalogue   # the report owns the catalogue reader
    args = parse_args(argv)
    if len(args.results) < 2:
        print("vaios_report compare: give at least two results.json", file=sys.stderr)
        return 2
    warnings = []

    def warn(text):
        warnings.append(text)
        print(f"warning: {text}", file=sys.stderr)

    try:
        validator = None if args.no_schema else results_schema.validator()
        docs = [load_run(p, validator) for p in args.results]
        labels = run_labels(docs, args.label)
    except Refused as err:
        print(f"vaios_report compare: {err}", file=sys.stderr)
        return 2
    catalogue = load_catalogue(args.catalogue)
    peers = load_peers(args.peers, catalogue)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = merge(docs, labels, catalogue)
    pictures = draw_cdfs(curves(docs, labels), out / "cdf", warn)
    tables = [runs_table(args.results, docs, labels), merged_table(rows, labels, compact=False),
              unmeasured_table(rows, docs, labels)]
    reference = reference_table(rows, peers, compact=False)
    parts = ["# Runs compared", ""] + [render_markdown(t) for t in tables]
    if reference:
        parts.append(render_markdown(reference))
    if pictures:
        parts.append("## Distributions (CDF of every run, one picture per metric)\n\n" + "".join(
            f"- {m}: " + ", ".join(f"[{n.rsplit('.', 1)[1]}](cdf/{n})" for n in names) + "\n"
            for m, names in pictures.items()))
    if warnings:
        parts.append("## Warnings\n\n" + "".join(f"- {w}\n" for w in warnings))
    (out / "compare.md").write_text("\n".join(parts), encoding="utf-8")
    document = {"runs": [{"label": l, "file": shown_path(p), "config": d["config"],
                          "complete": d["run"]["complete"]}
                         for l, p, d in zip(labels, args.results, docs)],
                "rows": [{k: v for k, v in r.items()} for r in rows],
                "pictures": pictures, "warnings": warnings}
    for row in document["rows"]:
        row["cells"] = {l: (None if c is None else {k: v for k, v in c.items()
                                                    if not k.startswith("text")})
                        for l, c in row["cells"].items()}
    (out / "compare.json").write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
    if not args.quiet:
        shown = [tables[0], merged_table(rows, labels, compact=True), tables[2]]
        if reference:
            shown.append(reference_table(rows, peers, compact=True))
        for table in shown:
            print(render_text(table))
        print(f"compare: {out / 'compare.md'}, {len(pictures)} pictures in {out / 'cdf'}")
    return 0
