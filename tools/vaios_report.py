#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turn the benchmark image's output stream into results.json, report.md,
histogram pictures and terminal tables.

Usage (from the repository root):
  qemu-system-arm ... | python3 -m tools.vaios_report [--input FILE|-] [--out DIR]
                                                      [--peers DIR] [--quiet] [--verbose]
  python3 -m tools.vaios_report compare RESULTS.json RESULTS.json... [--out DIR]
      merge runs (one per kernel or configuration) into one table and one
      picture per latency metric (tools/compare.py)

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
import csv
import json
import sys
from pathlib import Path

if not __package__:
    sys.exit("vaios_report: run it from the repository root as python3 -m tools.vaios_report")

from . import compare  # noqa: E402  (the imports below need the package)
from .peers import (ERROR_MARK, NOT_COMPARABLE, PEER_NAME_MAP, load_peer,  # noqa: F401
                    load_peers, peer_cell, shown_path)
from .plots import draw_histograms
from .progress import Progress
from .stream import STATS, UNNAMED_SCENARIO, Run, read_stream, split_fields  # noqa: F401
from .tables import Table, fmt, leader, render_markdown, render_text  # noqa: F401

REPO = Path(__file__).resolve().parent.parent
NOT_MEASURED_REASON = "not measured by this build"
DEFAULT_SCENARIO = "idle"       # a metric's top-level figures come from here if measured


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


# ---------------------------------------------------------------- tables

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
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["compare"]:
        return compare.main(argv[1:])
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
