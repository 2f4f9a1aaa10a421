#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Turn the benchmark image's output stream into results.json, report.md,
histogram pictures and terminal tables.

Usage (from the repository root):
  qemu-system-arm ... | python3 -m tools.vaios_report [--input FILE|-] [--out DIR]
                                                      [--peers DIR] [--quiet] [--verbose]
From another tool: report(lines, out, ...) reads the lines as they arrive
(tools.bench and tools.bench_linux feed it the image's output in-process).
Several runs side by side: python3 -m tools.compare.

The stream is read line by line while the image runs. Lines that start with
"@VOS " are records (config, progress, metric, hist, skip, done); every other
line is the image's own text, echoed only with --verbose (its last lines are
shown anyway when the run fails). docs/results-json.md documents the line
protocol, the results.json shape and the report's comparison rules: the run
beside this harness's stored runs of other kernels (PEERS/runs, Leader over
like-for-like cells, tools.comparison), the bench/peers CSV figures beside
them as references that never enter Leader.

Exit status: 0 when the stream held "@VOS done 0", 1 otherwise (the image
crashed, hung, was killed or reported a failure), 2 for bad arguments. The
outputs are written in every case, marked incomplete when the run was.
"""

import argparse
import json
import sys
from pathlib import Path

if not __package__:
    sys.exit("vaios_report: run it from the repository root as python3 -m tools.vaios_report")

from . import catalogue as metrics  # noqa: E402  (the imports below need the package)
from . import resolution  # noqa: E402
from .comparison import (Column, build_rows, harness_table, published_table,  # noqa: E402
                         run_column)
from .peers import RunRefused, add_options, load_peers, load_runs, shown_path  # noqa: E402
from .plots import draw_histograms, one_value  # noqa: E402
from .progress import Progress  # noqa: E402
from .stream import STATS, read_stream  # noqa: E402
from .tables import Table, fmt, render_markdown, render_text  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
PEERS = REPO / "bench" / "peers"
NOT_MEASURED_REASON = "not measured by this build"
DEFAULT_SCENARIO = "idle"       # a metric's top-level figures come from here if measured
COMPARISON_TITLE = "VAIOS beside this harness's runs of other kernels (bench/peers/runs)"


# ---------------------------------------------------------------- results

def scenario_json(record):
    """The statistics of one scenario in the results.json shape."""
    out = {k: record.stats.get(k) for k in STATS}
    out.update(n=record.n, unit=record.unit, overhead=record.overhead, note=record.note,
               hist=[list(b) for b in record.hist] or None)
    res = resolution.of_unit(record.unit)
    if res:         # a count of a clock slower than the instructions (tools/resolution.py)
        out["resolution"] = res
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

def comparison(results, catalogue, peers, runs):
    """The rows and columns of the comparison: this run (VAIOS), the
    stored harness runs, the instrument reference files."""
    columns = [Column("VAIOS", results)] + [run_column(r) for r in runs]
    references = [p for p in peers if not p.published]
    return build_rows(columns, catalogue, references), columns, references


def distribution_table(results):
    """Every measured scenario's distribution; the notes become footnotes."""
    table = Table("Distributions (overhead of an empty measurement already subtracted)",
                  ["metric (scenario)", "unit", "n", "min", "p50", "p99", "p99.9", "max",
                   "ovh"], [])
    coarse = {}
    for metric_id, entry in results["metrics"].items():
        for scen, stats in entry["scenarios"].items():
            label = f"{metric_id} ({scen})"
            res = resolution.of(stats)
            unit = stats["unit"] or "-"
            if res:                 # never shown as exact (tools/resolution.py)
                unit += f" ±{resolution.ERROR_COUNTS}"
                coarse[stats["unit"]] = res
            table.rows.append([label, unit, fmt(stats["n"])]
                              + [fmt(stats[k]) for k in STATS] + [fmt(stats["overhead"])])
            if stats["note"]:
                table.footnotes.append(f"{label}: {stats['note']}")
    for unit, res in coarse.items():
        table.footnotes.insert(0, f"{unit} ±{resolution.ERROR_COUNTS}: one count is "
                               f"{res['per_count']} {res['unit']}; every figure but n is exact only "
                               f"to one count either way")
    return table


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


def provenance_markdown(peers, runs):
    """Where each column beside VAIOS comes from: each stored run's
    summary, and each peer file's comment header, quoted, so that its
    configuration is never hidden."""
    out = []
    if runs:
        out += ["## Where the harness runs beside VAIOS come from", ""]
        out += [f"- **{r.provenance['label']}** (`{shown_path(r.path)}/`, its provenance.json "
                f"says how it was made): {r.provenance['summary']}" for r in runs]
        out.append("")
    if peers:
        out += ["## Where the reference figures come from", ""]
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


def histograms_markdown(results, pictures):
    """Links to the pictures; a distribution of one value has none, and says so."""
    links = []
    for metric_id, entry in results["metrics"].items():
        for scen, stats in entry["scenarios"].items():
            names = pictures.get((metric_id, scen))
            if names:
                links.append(f"- {metric_id} ({scen}): "
                             + ", ".join(f"[{n.rsplit('.', 1)[1]}](hist/{n})" for n in names))
            elif stats["hist"] and one_value(stats):
                value = f"{fmt(stats['max'])} {stats['unit'] or ''}".rstrip()
                links.append(f"- {metric_id} ({scen}): no picture: one sample, {value}"
                             if stats["n"] == 1 else f"- {metric_id} ({scen}): no picture: "
                             f"one value, {value}, in all {fmt(stats['n'])} samples")
    if not links:
        return None
    return "\n".join(["## Histograms", ""] + links) + "\n"


def report_markdown(results, tables, peers, runs, pictures):
    """The whole report.md."""
    config, comparison_, distributions, published, unmeasured = tables
    parts = ["# VAIOS benchmark report", "", status_line(results), "",
             render_markdown(config), render_markdown(comparison_),
             render_markdown(distributions)]
    parts += [render_markdown(t) for t in published]
    parts += [render_markdown(unmeasured)]
    histograms = histograms_markdown(results, pictures)
    if histograms:
        parts.append(histograms)
    if peers or runs:
        parts.append(provenance_markdown(peers, runs))
    if results["run"]["warnings"]:
        parts.append("## Warnings\n\n" + "".join(f"- {w}\n" for w in results["run"]["warnings"]))
    return "\n".join(parts)


def parse_args(argv):
    """Command-line options."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--input", default="-", help="stream file, or - for stdin (default)")
    add_options(parser, "its reference CSV files and runs/", REPO / "build" / "bench",
                "no progress and no tables; errors and warnings only")
    parser.add_argument("--verbose", action="store_true", help="echo the image's own lines")
    return parser.parse_args(argv)


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


def report(lines, out, peers_dir=PEERS, catalogue_path=metrics.PATH, quiet=False,
           verbose=False):
    """Read a run's stream (an iterable of lines, consumed as they arrive,
    kept in out/run.log), write results.json, report.md and the pictures
    into out, print the tables unless quiet; return the exit status (0: the
    stream held "@VOS done 0"; 2: the peers directory holds a run that
    cannot be used). peers_dir '' or None: no comparison, no references."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    catalogue = metrics.load(catalogue_path)
    try:
        runs = load_runs(peers_dir)
    except RunRefused as err:
        print(f"vaios_report: {err}", file=sys.stderr)
        return 2
    peers = load_peers(peers_dir, catalogue)
    with open(out / "run.log", "w", encoding="utf-8") as raw_log:
        run = read_stream(lines, Progress(sys.stderr, not quiet), verbose, raw_log)

    def warn(text):
        run.warnings.append(text)
        print(f"warning: {text}", file=sys.stderr)

    results = build_results(run, catalogue, warn)
    pictures = draw_histograms(results, out / "hist", warn)
    results["run"]["warnings"] = list(run.warnings)
    write_json(out / "results.json", results)
    rows, columns, references = comparison(results, catalogue, peers, runs)
    tables = (config_table(results),
              harness_table(COMPARISON_TITLE, rows, columns, references, compact=False),
              distribution_table(results),
              [published_table(p, results, catalogue) for p in peers if p.published],
              unmeasured_table(results))
    (out / "report.md").write_text(report_markdown(results, tables, peers, runs, pictures),
                                   encoding="utf-8")
    if not quiet:
        config, _, distributions, published, unmeasured = tables
        # The terminal's is narrower: p50 alone, and the references left to report.md.
        compact = harness_table(COMPARISON_TITLE, rows, columns, [], compact=True)
        if references:
            compact.footnotes.append("The reference columns (bench/peers CSV figures): "
                                     "report.md.")
        for table in [config, compact, distributions] + published + [unmeasured]:
            print(render_text(table))
    return finish(run, out)


def main(argv=None):
    """The command: read --input, build every output, print the tables."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["compare"]:
        print("vaios_report: runs side by side are python3 -m tools.compare RESULTS.json...",
              file=sys.stderr)
        return 2
    args = parse_args(argv)
    try:
        if args.input == "-":
            return report(iter(sys.stdin.buffer.readline, b""), args.out, args.peers,
                          args.catalogue, args.quiet, args.verbose)
        with open(args.input, "rb") as stream:
            return report(stream, args.out, args.peers, args.catalogue, args.quiet,
                          args.verbose)
    except OSError as err:
        print(f"vaios_report: cannot read the stream: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
