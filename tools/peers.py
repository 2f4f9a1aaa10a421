# SPDX-License-Identifier: MIT
"""What bench/peers holds about other kernels (bench/peers/README.md).

Runs of this harness on other kernels, bench/peers/runs/<run>/ (a
results.json and its provenance.json): load_runs(). And reference figures
in two kinds of file: '<kernel>-qemu.csv', figures in the same instrument
(instructions on the emulated board) but taken by a separate harness with
other start and stop points, each row with its stated error and whether it
compares like for like; and 'published-<board>.csv', real-board figures
quoted from their publications, never set beside instruction counts.
tools.comparison sets them beside a run.
"""

import csv
import json
from dataclasses import dataclass, field
from pathlib import Path

from . import catalogue as metrics
from .stream import parse_number

REPO = Path(__file__).resolve().parent.parent
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
RUNS = "runs"           # the directory of the harness runs, under bench/peers


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


def kernel_of(path):
    """The kernel a '<kernel>-...csv' peer file is of: its name up to the
    first '-', in lower case, which is also the name of that kernel's
    stored run directory (runs/<kernel>/)."""
    return Path(path).stem.split("-")[0].lower()


def load_peer(path, catalogue):
    """Read one peer file; '<kernel>-qemu.csv' or 'published-<board>.csv'.

    A same-instrument file must say where its figures come from (a
    '# source:' line) and, on every row, the figure's error (in the row's
    unit) and whether it compares like for like with VAIOS's row
    ('compare': 'yes' or 'no: <reason>'); anything less stops the tool."""
    comments, rows = read_commented_csv(path)
    published = path.stem.startswith("published-")
    prefix = kernel_of(path)
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


def add_options(parser, uses, out, quiet):
    """The options the report commands (vaios_report, compare) share:
    --out, the output directory (default out); --peers and --catalogue
    (default: this repository's bench/peers and its metric catalogue),
    uses saying what the command reads of the peers directory; --quiet,
    quiet saying what it leaves off the terminal."""
    parser.add_argument("--out", default=str(out), help="output directory")
    parser.add_argument("--peers", default=str(REPO / "bench" / "peers"),
                        help=f"peer data directory: {uses} ('' for none)")
    parser.add_argument("--catalogue", default=str(metrics.PATH),
                        help="the metrics (default: this repository's catalogue)")
    parser.add_argument("--quiet", action="store_true", help=quiet)


def load_peers(directory, catalogue):
    """The peer files of a directory, same-instrument ones first."""
    if not directory:
        return []
    paths = sorted(Path(directory).glob("*-qemu.csv")) + \
        sorted(Path(directory).glob("published-*.csv"))
    return [load_peer(p, catalogue) for p in paths]


class RunRefused(Exception):
    """A stored harness run that cannot be used."""


@dataclass
class StoredRun:
    """One run of this harness on another kernel: bench/peers/runs/<name>/.

    provenance holds label (its column), summary (one line under a
    table), harness_commit (the commit of bench/ the run was built from,
    which every table names beside the column) and unlike ({"metric" or
    "metric (scenario)": why it does not measure what VAIOS's row
    measures}); bench/peers/runs/README.md."""
    name: str
    path: Path
    results: dict
    provenance: dict


# What every stored run's provenance.json must say (bench/peers/runs/README.md).
RUN_PROVENANCE_KEYS = ("label", "summary", "harness_commit")


def load_runs(directory):
    """The stored runs under directory/runs, by name; RunRefused for a
    results.json without its provenance.json, or a provenance without
    one of RUN_PROVENANCE_KEYS. None or '' gives none."""
    base = Path(directory) / RUNS if directory else None
    runs = []
    for path in sorted(base.iterdir()) if base and base.is_dir() else []:
        results, provenance = path / "results.json", path / "provenance.json"
        if not results.exists():
            continue
        if not provenance.exists():
            raise RunRefused(f"{shown_path(path)} has a results.json without its provenance.json")
        prov = json.loads(provenance.read_text(encoding="utf-8"))
        missing = [k for k in RUN_PROVENANCE_KEYS if not prov.get(k)]
        if missing:
            raise RunRefused(f"{shown_path(provenance)} does not say {', '.join(missing)}")
        runs.append(StoredRun(path.name, path, json.loads(results.read_text(encoding="utf-8")),
                              prov))
    return runs


def shown_path(path):
    """A path relative to the repository when it is inside it."""
    try:
        return str(Path(path).resolve().relative_to(REPO))
    except ValueError:
        return str(path)
