#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generate, and check, the results table of README.md.

The table sits between the markers <!-- results:begin --> and
<!-- results:end -->. It is generated, never typed: from a benchmark run's
results.json (`make bench` writes build/bench/results.json) this tool
writes the block, labelled with that run's commit, and stores the figures
it shows in bench/readme-results.json (results.json without histograms,
with each figure's error instead, which its histogram bounds).

Its columns: VAIOS; each committed run of this harness on another kernel
(bench/peers/runs/<run>/results.json with its provenance.json), merged
with VAIOS's by tools.comparison, the model of every comparison table, and
the Leader over those like-for-like cells; then, as a separately labelled reference that never
enters Leader, the bench/peers CSV figures (a separate harness with other
start and stop points) of a kernel that has no run of this harness
(`<kernel>-qemu.csv` beside no `runs/<kernel>/`): where the harness ran, its
column replaces the reference. report.md's comparison keeps every
reference.

  python3 -m tools.update_readme     refresh from build/bench/results.json
  ... --rerender                     rewrite the block from the stored
                                     figures (after a change of the table's
                                     layout or of bench/peers); same label
  ... --cpu RESULTS                  add or refresh another board's column
                                     (e.g. build/bench-mps2_an500/results.json)
                                     in the small table of key rows per CPU
                                     (block "cpus", after the results block);
                                     the run is stored whole as
                                     bench/readme-results-<board>.json, which
                                     make test also checks against the board's
                                     budgets (bench-budgets-<board>); the
                                     emulated netduinoplus2's column is the
                                     results table's own run
  ... --check                        (make test) the block is exactly what
                                     the stored figures give, and their
                                     commit is a clean commit of this history;
                                     with --results, a run of the same
                                     sources must give the same figures

A run is refused when its commit is unknown or has "-dirty" (the image was
built from a tree that differs from every commit), or when it did not
complete: the label is then always the commit that produced the figures.
The commit comes from the image, written at build time (cmake/vb_commit.cmake).
"""
import argparse
import json
import os
import subprocess
import sys

if not __package__:
    sys.exit("update_readme: run it from the repository root as python3 -m tools.update_readme")

from . import catalogue as metrics  # noqa: E402
from . import cmsis_costs, docblock, resolution  # noqa: E402
from .comparison import (REF_MARK, Column, build_rows, figure_error,  # noqa: E402
                         harness_table, resolution_error, run_column)
from .hist import layout_of  # noqa: E402
from .peers import RunRefused, kernel_of, load_peers, load_runs, shown_path  # noqa: E402
from .stream import STATS  # noqa: E402
from .tables import render_markdown  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BEGIN, END = docblock.markers("results")
SNAPSHOT = os.path.join(ROOT, "bench", "readme-results.json")
# Paths whose changes cannot change a figure of the table; any other change
# between the label's commit and HEAD means the figures cannot be re-checked.
NOT_FIGURES = ("*.md", "docs", "tests", ".ci", "bench/budgets.txt", "bench/readme-results.json",
               "bench/readme-results-*.json",
               "tools/test_report.py", "tools/check_citations.py", "tools/check_budgets.py",
               "tools/update_readme.py", "tools/run_tests.py", "tools/tests", "tools/compare.py",
               "tools/comparison.py")


CPU_BEGIN, CPU_END = docblock.markers("cpus")
# Each other board's whole results.json, as its run wrote it.
CPU_RUNS = os.path.join(ROOT, "bench", "readme-results-%s.json")
# The rows of the per-CPU table (issue 32): each row's default scenario, p50.
CPU_ROWS = ("ctx_yield", "ctx_preempt", "task_wake", "sem_give_take", "mutex_lock_unlock",
            "irq_to_task", "footprint_kernel_text")
# What one count of a unit is, for the table's cells and label. A unit not
# here is shown as it is, without a claim of exactness.
UNIT_MEANING = {
    "insn": "exact: one count is one instruction",
    "bytes": "exact",
    "cycles": "exact: one count is one core clock cycle (silicon)",
    "tick40": "counts of the MPS2 machines' 25 MHz counter: 40 instructions each under "
              "-icount shift=0, so a figure of N means between 40(N-1) and 40(N+1) "
              "instructions; never compared as exact",
}




def unit_meaning(unit):
    """What one count of unit is, for the per-CPU table's label: the fixed
    wording above, else a tickN or tickNcycles unit's span as
    tools/resolution.py defines it, else a plain "as the run states it"."""
    if unit in UNIT_MEANING:
        return UNIT_MEANING[unit]
    res = resolution.of_unit(unit)
    if res:
        what = "core cycles" if res["unit"] == "cycles" else "instructions"
        return ("counts of a clock slower than the core's: %d %s each, so a figure of N "
                "means between %d(N-1) and %d(N+1) %s; never compared as exact"
                % (res["per_count"], what, res["per_count"], res["per_count"], what))
    return "as the run states it"


class Refused(Exception):
    """A results document or README that must not be used or accepted."""


def git(repo, *args):
    """(exit status, stdout) of a git command in repo."""
    done = subprocess.run(["git"] + list(args), cwd=repo, capture_output=True, text=True)
    return done.returncode, done.stdout.strip()


def snapshot_of(results):
    """What the table needs from a results.json: config and statistics, no
    histograms; instead each scenario's p50 error (comparison.figure_error
    with the run's layout), which the histogram bounds."""
    layout = layout_of(results["config"])
    metrics = {}
    for metric_id, entry in results["metrics"].items():
        keep = {k: v for k, v in entry.items() if k not in ("hist", "scenarios", "note")}
        keep["scenarios"] = {s: dict({k: v for k, v in st.items() if k not in ("hist", "note")},
                                     error=figure_error(st, layout))
                             for s, st in entry["scenarios"].items()}
        metrics[metric_id] = keep
    return {"config": results["config"], "run": {"complete": results["run"]["complete"]},
            "metrics": metrics}


def usable_commit(results):
    """The run's commit, or Refused when it cannot label a table."""
    if not results.get("run", {}).get("complete"):
        raise Refused("the run did not complete")
    commit = results.get("config", {}).get("commit", "unknown")
    if commit in ("", "unknown"):
        raise Refused("the run does not name its commit")
    if commit.endswith("-dirty"):
        raise Refused("the image was built from a tree with uncommitted changes (%s): commit "
                      "them, run `make bench` again, then refresh the README" % commit)
    return commit


def snapshot_error(stats, layout):
    """A snapshot figure's error: the one stored with it, or, in a snapshot
    stored before errors were (no histogram to bound it), its bucket's
    resolution (comparison.resolution_error), which a size or a count
    gets too."""
    return stats["error"] if "error" in stats else resolution_error(stats, layout)


def unrun_references(peers, runs):
    """The reference files ('<kernel>-qemu.csv') of the kernels with no
    stored run of this harness (runs/<kernel>/): the README shows a
    reference column only for those."""
    run_names = {r.name.lower() for r in runs}
    return [p for p in peers if not p.published and kernel_of(p.path) not in run_names]


def readme_table(results, runs, catalogue, peers):
    """VAIOS, the stored harness runs merged with it (Leader over
    like-for-like cells), then the bench/peers reference columns of the
    kernels with no run (unrun_references; never in Leader). VAIOS's
    figures come from the snapshot (snapshot_error)."""
    columns = [Column("VAIOS", results, error=snapshot_error)] + [run_column(r) for r in runs]
    references = unrun_references(peers, runs)
    rows = build_rows(columns, catalogue, references)
    return harness_table("README", rows, columns, references, compact=True)


def render_block(results, root=ROOT):
    """The README block (markers included) for a results or snapshot document."""
    commit = usable_commit(results)
    catalogue = metrics.load(os.path.join(root, "bench", "catalogue.csv"))
    peers_dir = os.path.join(root, "bench", "peers")
    peers = load_peers(peers_dir, catalogue)
    try:
        runs = load_runs(peers_dir)
    except RunRefused as err:
        raise Refused(str(err)) from None
    table = readme_table(results, runs, catalogue, peers)
    shown_refs = unrun_references(peers, runs)
    cfg = results["config"]
    text = render_markdown(table).split("\n", 2)[2]
    harness = "; ".join("%s: the %s run of this harness at its commit `%s` (`%s/`)"
                        % ("%s p50" % r.provenance["label"], r.provenance["label"],
                           r.provenance["harness_commit"], shown_path(r.path)) for r in runs)
    label = ("VAIOS figures of commit `%s` (the commit the benchmark image was built from, "
             "recorded in its results.json), %s: instructions on the emulated STM32F405 "
             "(QEMU `-icount shift=0`: one count is one instruction). %s Leader compares VAIOS "
             "with those harness runs only, like for like, and names a kernel only where the "
             "gap exceeds the errors (±). %sGenerated by "
             "`tools/update_readme.py`; the full report with distributions, histograms and the "
             "configuration is `build/bench/report.md` after `make bench`."
             % (commit, cfg.get("compiler", cfg.get("cc", "?")),
                ("Merged with it, same harness, same board, same emulator: " + harness + "."
                 if runs else "No run of this harness on another kernel is committed."),
                ("The columns marked %s are a separate reference, bench/peers: figures taken "
                 "by a separate harness with other start/stop points, for a kernel this "
                 "harness has not run, each with its stated error (±) or ≠ where it does not "
                 "compare like for like (the reasons are under the table); they never enter "
                 "Leader. " % REF_MARK if shown_refs else
                 "Every kernel of bench/peers' reference figures has a run of this harness "
                 "here, so no reference column is shown (report.md's comparison keeps "
                 "them). ")))
    return "\n".join([BEGIN, "", label, "", text.rstrip(), "", END])


def readme_block(readme):
    """The block of a README text, markers included; Refused when missing."""
    try:
        start, stop = docblock.span(readme, BEGIN, END, "README.md")
    except docblock.Missing as err:
        raise Refused(str(err)) from None
    return readme[start:stop]


def replace_block(readme, block):
    """README text with its block replaced."""
    old = readme_block(readme)
    return readme.replace(old, block)


def figures(document):
    """{(metric, scenario): statistics} of a results or snapshot document."""
    out = {}
    for metric_id, entry in document["metrics"].items():
        for scen, st in entry["scenarios"].items():
            out[(metric_id, scen)] = {k: st.get(k) for k in STATS + ("n", "unit")}
    return out


def check(readme, snapshot, repo=ROOT, results=None, root=ROOT):
    """[problem] for a README text, its stored figures and optionally a fresh run."""
    problems = []
    try:
        block = readme_block(readme)
        if block != render_block(snapshot, root):
            problems.append("README.md's results block is not what bench/readme-results.json "
                            "gives (label or figures edited, or the table's layout or "
                            "bench/peers changed): run python3 -m tools.update_readme --rerender")
        commit = usable_commit(snapshot)
    except Refused as err:
        return problems + [str(err)]
    if git(repo, "cat-file", "-e", commit + "^{commit}")[0] != 0:
        return problems + ["the table's commit %s is not a commit of this repository" % commit]
    if git(repo, "merge-base", "--is-ancestor", commit, "HEAD")[0] != 0:
        problems.append("the table's commit %s is not in the history of HEAD" % commit)
    if results is not None:
        try:
            run_commit = usable_commit(results)
        except Refused:
            return problems     # a run of a modified tree proves nothing about a commit
        status, changed = git(repo, "diff", "--name-only", commit, run_commit, "--", ".",
                              *(":(exclude)" + p for p in NOT_FIGURES))
        if status == 0 and not changed:
            mine, theirs = figures(snapshot), figures(results)
            for key in sorted(set(mine) | set(theirs)):
                if mine.get(key) != theirs.get(key):
                    problems.append("%s (%s): README shows %s, a run of the same sources (%s) "
                                    "gives %s" % (key[0], key[1], mine.get(key), run_commit,
                                                  theirs.get(key)))
    return problems


def cpu_snapshot_of(results):
    """What the per-CPU table keeps of a run: its config's board, commit,
    unit and compiler flags, and the key rows' default scenario."""
    usable_commit(results)
    cfg = results["config"]
    keep = {k: cfg.get(k) for k in ("board", "commit", "unit", "cflags", "instrument")}
    metrics = {}
    for metric_id in CPU_ROWS:
        entry = results["metrics"].get(metric_id, {})
        metrics[metric_id] = {k: entry.get(k) for k in ("scenario", "p50", "unit", "status",
                                                        "reason")}
        if resolution.of(entry):
            metrics[metric_id]["resolution"] = resolution.of(entry)
    return {"config": keep, "run": {"complete": results["run"]["complete"]}, "metrics": metrics}


def cpu_of(config):
    """The CPU a run's compiler flags name (-mcpu=, -mfpu=), else its board."""
    flags = (config.get("cflags") or "").split()
    cpu = [f.split("=", 1)[1] for f in flags if f.startswith("-mcpu=")]
    fpu = [f.split("=", 1)[1] for f in flags if f.startswith("-mfpu=")]
    if not cpu:
        return config.get("board") or "?"
    return cpu[0] + (" " + fpu[0] if fpu else "")


def cpu_cell(entry):
    """One figure of the per-CPU table: p50 and unit, or why it is missing;
    a figure of limited resolution with its span in instructions, never as
    an exact one (tools/resolution.py)."""
    if entry.get("status") != "measured" or entry.get("p50") is None:
        return "- (%s)" % (entry.get("reason") or "not measured")
    value = entry["p50"]
    value = int(value) if isinstance(value, float) and value.is_integer() else value
    return resolution.text(entry, value)


def render_cpus(main, boards):
    """The per-CPU block (markers included): the results table's run (main,
    a snapshot) then each other board's (boards: {board: cpu snapshot}),
    every run refused as the results table's are (unknown, dirty,
    incomplete)."""
    runs = [cpu_snapshot_of(main)] + [boards[b] for b in sorted(boards)
                                      if b != main["config"].get("board")]
    for run in runs:
        usable_commit(run)
    head = ["row (p50)"] + ["%s: %s" % (r["config"].get("board"), cpu_of(r["config"]))
                            for r in runs]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for metric_id in CPU_ROWS:
        cells = [cpu_cell(r["metrics"].get(metric_id, {})) for r in runs]
        lines.append("| %s | %s |" % (metric_id, " | ".join(cells)))
    units = sorted({r["config"].get("unit") for r in runs if r["config"].get("unit")})
    label = ("The key rows on each CPU VAIOS runs on: each board's `make bench` "
             "(`make bench BOARD=...`), the p50 of each row's default scenario, from the "
             "commits %s. Units: %s. Generated by `tools/update_readme.py --cpu RESULTS`."
             % (", ".join("`%s` (%s)" % (r["config"].get("commit"), r["config"].get("board"))
                          for r in runs),
                "; ".join("%s, %s" % (u, unit_meaning(u))
                          for u in units + ["bytes"])))
    return "\n".join([CPU_BEGIN, "", label, "", "\n".join(lines), "", CPU_END])


def with_cpus(readme, block):
    """README text with its per-CPU block replaced, or inserted after the
    results block when it has none."""
    if CPU_BEGIN in readme:
        try:
            return docblock.replace(readme, CPU_BEGIN, CPU_END, block, "README.md")
        except docblock.Missing as err:
            raise Refused(str(err)) from None
    old = readme_block(readme)
    return readme.replace(old, old + "\n\n" + block)


def check_cpus(readme, main, boards):
    """[problem] of the per-CPU block: present exactly when other boards'
    figures are stored, and what they and the results table's run give."""
    if not boards and CPU_BEGIN not in readme:
        return []
    if not boards:
        return ["README.md has a per-CPU block but no bench/readme-results-<board>.json is "
                "stored: run python3 -m tools.update_readme --cpu RESULTS"]
    try:
        want = render_cpus(main, boards)
        if CPU_BEGIN not in readme:
            return ["README.md has no per-CPU block (%s): run python3 -m tools.update_readme "
                    "--rerender" % CPU_BEGIN]
        start, stop = docblock.span(readme, CPU_BEGIN, CPU_END, "README.md")
    except (Refused, docblock.Missing) as err:
        return [str(err)]
    if readme[start:stop] != want:
        return ["README.md's per-CPU block is not what bench/readme-results-<board>.json and "
                "bench/readme-results.json give: run python3 -m tools.update_readme --rerender"]
    return []


def load_cpus(pattern=CPU_RUNS):
    """{board: cpu snapshot} of every stored board run (pattern % board),
    {} when none is."""
    import glob
    boards = {}
    for path in sorted(glob.glob(pattern % "*")):
        run = cpu_snapshot_of(json.load(open(path)))
        boards[run["config"]["board"]] = run
    return boards


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", help="a run's results.json (default build/bench/results.json "
                    "when refreshing; with --check, compared when given and present)")
    ap.add_argument("--readme", default=os.path.join(ROOT, "README.md"))
    ap.add_argument("--snapshot", default=SNAPSHOT)
    mode = ap.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true")
    mode.add_argument("--rerender", action="store_true")
    mode.add_argument("--cpu", metavar="RESULTS",
                      help="another board's results.json for the per-CPU table")
    ap.add_argument("--cpu-runs", default=CPU_RUNS,
                    help="where other boards' runs are stored, %%s the board (default "
                    "bench/readme-results-%%s.json)")
    args = ap.parse_args()
    readme = open(args.readme).read()
    try:
        if args.cpu:
            whole = json.load(open(args.cpu))
            run = cpu_snapshot_of(whole)
            main_board = json.load(open(args.snapshot))["config"].get("board")
            if run["config"]["board"] == main_board:
                raise Refused("%s is the results table's own board: python3 -m "
                              "tools.update_readme --results %s" % (main_board, args.cpu))
            boards = load_cpus(args.cpu_runs)
            boards[run["config"]["board"]] = run
            block = render_cpus(json.load(open(args.snapshot)), boards)
            open(args.readme, "w").write(with_cpus(readme, block))
            with open(args.cpu_runs % run["config"]["board"], "w") as out:
                json.dump(whole, out, indent=2)
                out.write("\n")
            print("README.md: per-CPU table with %s at commit %s"
                  % (run["config"]["board"], run["config"]["commit"]))
            return 0
        if args.check:
            fresh = None
            if args.results and os.path.exists(args.results):
                fresh = json.load(open(args.results))
            problems = check(readme, json.load(open(args.snapshot)), results=fresh)
            problems += check_cpus(readme, json.load(open(args.snapshot)),
                                   load_cpus(args.cpu_runs))
            for p in problems:
                print("FAIL readme-results: " + p)
            if not problems:
                print("PASS readme-results")
            print("%d passed, %d failed" % (0 if problems else 1, 1 if problems else 0))
            return 1 if problems else 0
        if args.rerender:
            snapshot = json.load(open(args.snapshot))
        else:
            path = args.results or os.path.join(ROOT, "build", "bench", "results.json")
            snapshot = snapshot_of(json.load(open(path)))
        block = render_block(snapshot)
        readme = replace_block(readme, block)
        boards = load_cpus(args.cpu_runs)
        if boards:
            readme = with_cpus(readme, render_cpus(snapshot, boards))
        open(args.readme, "w").write(readme)
        with open(args.snapshot, "w") as out:
            json.dump(snapshot, out, indent=1, sort_keys=False)
            out.write("\n")
        if args.snapshot == SNAPSHOT and cmsis_costs.write(args.snapshot):
            return 2                           # docs/cmsis-rtos2.md shows the same run
    except Refused as err:
        print("update_readme: refused: %s" % err, file=sys.stderr)
        return 2
    print("README.md: results table of commit %s" % snapshot["config"]["commit"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
