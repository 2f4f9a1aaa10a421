#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Check results.json files against docs/results.schema.json.

Usage (from the repository root):
       python3 -m tools.results_schema FILE...      check each file
       python3 -m tools.results_schema --self-test  check the checker (make test)

The schema (JSON Schema 2020-12, validated with Debian's python3-jsonschema)
holds the shape; check() adds the rules a schema cannot state: a measured
metric's default scenario is one of its scenarios and carries the same
figures, min <= p50 <= p99 <= p999 <= max, histogram bounds ascend and
their counts add up to n, a row in a unit of counts slower than the
instructions (tickN) carries its resolution and an exact row none
(tools/resolution.py).

Prints one PASS/FAIL line per file (with every problem under a FAIL) and
"N passed, M failed"; exit status 1 if any failed, 2 if jsonschema is
missing (apt-get install python3-jsonschema).
"""
import copy
import io
import json
import os
import sys
import tempfile
from contextlib import redirect_stderr

if not __package__:
    sys.exit("results_schema: run it from the repository root as python3 -m tools.results_schema")

from . import resolution  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = os.path.join(ROOT, "docs", "results.schema.json")
STATS = ("min", "p50", "p99", "p999", "max")


def load_schema(path=SCHEMA):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def validator(schema=None):
    """A 2020-12 validator of the schema (the repository's by default), itself checked."""
    if schema is None:
        schema = load_schema()
    try:
        import jsonschema
    except ImportError:
        print("results_schema: python3-jsonschema is missing: apt-get install python3-jsonschema",
              file=sys.stderr)
        sys.exit(2)
    cls = jsonschema.Draft202012Validator
    cls.check_schema(schema)
    return cls(schema)


def _where(path):
    return "/".join(str(p) for p in path) or "(document)"


def consistency(doc):
    """Problems the schema cannot express, as text."""
    out = []
    for mid, m in (doc.get("metrics") or {}).items():
        if not isinstance(m, dict):
            continue
        scen = m.get("scenarios") or {}
        if m.get("status") == "measured":
            name = m.get("scenario")
            if name not in scen:
                out.append("metrics/%s: default scenario %r is not among its scenarios" % (mid, name))
            else:
                for k in STATS + ("n", "unit", "overhead", "note", "hist", "resolution"):
                    if m.get(k) != scen[name].get(k):
                        out.append("metrics/%s: %s differs from scenarios/%s" % (mid, k, name))
        for sname, s in scen.items():
            if not isinstance(s, dict):
                continue
            want = resolution.of_unit(s.get("unit"))
            if s.get("resolution") != want:
                out.append("metrics/%s/scenarios/%s: unit %r %s" % (
                    mid, sname, s.get("unit"),
                    "needs its resolution %s (tools/resolution.py)" % (want,) if want
                    else "is exact: no resolution (has %s)" % (s.get("resolution"),)))
            figs = [s.get(k) for k in STATS]
            if all(isinstance(v, (int, float)) for v in figs) and figs != sorted(figs):
                out.append("metrics/%s/scenarios/%s: min <= p50 <= p99 <= p999 <= max broken: %s"
                           % (mid, sname, figs))
            hist = s.get("hist")
            if isinstance(hist, list) and hist and all(isinstance(b, list) and len(b) == 2 for b in hist):
                bounds = [b[0] for b in hist]
                if any(a >= b for a, b in zip(bounds, bounds[1:])):
                    out.append("metrics/%s/scenarios/%s: histogram bounds do not ascend" % (mid, sname))
                total = sum(b[1] for b in hist if isinstance(b[1], int))
                if isinstance(s.get("n"), int) and total != s["n"]:
                    out.append("metrics/%s/scenarios/%s: histogram counts %d, n is %d"
                               % (mid, sname, total, s["n"]))
    return out


def check(doc, validator):
    """Every problem of a results document, as text (empty: valid)."""
    errs = ["%s: %s" % (_where(e.absolute_path), e.message)
            for e in sorted(validator.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path)))]
    return errs + consistency(doc)


def check_file(path, validator):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        return ["cannot read: %s" % e]
    return check(doc, validator)


# --- Self-test ------------------------------------------------------------------

SAMPLE_STREAM = """\
@VOS config target=netduinoplus2 instrument="QEMU -icount shift=0" compiler="arm-none-eabi-gcc 12.2.1"
@VOS config commit=abc1234 board=netduinoplus2 unit=insn
@VOS config cc="gcc 12.2.1" cflags="-O2 -mthumb"
@VOS config kernel=vaios version=0.1.0 clock_hz=1000000000
@VOS config prio_levels=32 timeslice=0 stack_guard=32 checks=1 assert=0 trace=0 crit_stats=0 kernel_irq_prio=0x40 pi_depth=8
@VOS config idle_stack=512 heap_sl_log2=4 heap_max_log2=20
@VOS metric ctx_yield scenario=idle unit=insn n=10 min=40 p50=42 p99=55 p999=55 max=55 overhead=1 note="two tasks"
@VOS hist ctx_yield idle 40:2 42:7 55:1
@VOS metric ctx_yield scenario=busy unit=insn n=4 min=41 p50=42 p99=43 p999=43 max=43 overhead=1
@VOS skip domain_switch reason="MPU port not ready"
@VOS done 0
"""


def self_test(validator):
    results = []

    def case(name, ok, detail=""):
        results.append(bool(ok))
        print("%s %s%s" % ("PASS" if ok else "FAIL", name, (": " + detail) if detail and not ok else ""))

    from . import vaios_report      # the writer of what is checked; only the self-test needs it
    with tempfile.TemporaryDirectory(prefix="vaios-schema-") as tmp:
        with redirect_stderr(io.StringIO()) as err:
            status = vaios_report.report(SAMPLE_STREAM.splitlines(), tmp, peers_dir="", quiet=True)
        path = os.path.join(tmp, "results.json")
        case("report_tool_writes_results", status == 0 and os.path.exists(path),
             err.getvalue()[-500:])
        if not os.path.exists(path):
            return results
        doc = json.load(open(path))
    errs = check(doc, validator)
    case("report_tool_output_is_valid", not errs, "; ".join(errs[:5]))

    def broken(name, mutate, expect):
        d = copy.deepcopy(doc)
        mutate(d)
        errs = check(d, validator)
        case("rejects_" + name, any(expect in e for e in errs), "got %s" % errs[:3])

    def drop(d, *keys):
        for k in keys[:-1]:
            d = d[k]
        del d[keys[-1]]

    def put(d, value, *keys):
        for k in keys[:-1]:
            d = d[k]
        d[keys[-1]] = value

    broken("missing_commit", lambda d: drop(d, "config", "commit"), "'commit' is a required property")
    broken("missing_vaios_option", lambda d: drop(d, "config", "pi_depth"), "'pi_depth' is a required")
    broken("config_value_not_string", lambda d: put(d, 32, "config", "prio_levels"), "is not of type 'string'")
    broken("figure_as_string", lambda d: put(d, "42", "metrics", "ctx_yield", "p50"), "is not of type")
    broken("unknown_status", lambda d: put(d, "guessed", "metrics", "ctx_yield", "status"), "is not one of")
    broken("skipped_with_figure",
           lambda d: put(d, 7, "metrics", "domain_switch", "p50"), "is not of type 'null'")
    broken("skipped_without_reason",
           lambda d: put(d, None, "metrics", "domain_switch", "reason"), "is not of type 'string'")
    broken("measured_without_samples",
           lambda d: put(d, None, "metrics", "ctx_yield", "scenarios", "busy", "n"), "is not of type 'integer'")
    broken("unexpected_key", lambda d: put(d, 1, "metrics", "ctx_yield", "p95"), "Unevaluated properties")
    broken("complete_with_failure", lambda d: put(d, 3, "run", "exit_status"), "0 was expected")
    broken("default_scenario_absent",
           lambda d: put(d, "loaded", "metrics", "ctx_yield", "scenario"), "not among its scenarios")
    broken("default_figures_differ", lambda d: put(d, 41, "metrics", "ctx_yield", "p50"), "p50 differs")
    broken("unordered_figures",
           lambda d: put(d, 44, "metrics", "ctx_yield", "scenarios", "busy", "p50"), "min <= p50")
    broken("descending_histogram",
           lambda d: put(d, [[42, 7], [40, 2], [55, 1]], "metrics", "ctx_yield", "scenarios", "idle", "hist"),
           "do not ascend")
    broken("tick_row_without_resolution",
           lambda d: put(d, "tick40", "metrics", "ctx_yield", "scenarios", "busy", "unit"),
           "needs its resolution")
    broken("exact_row_with_resolution",
           lambda d: put(d, {"per_count": 40, "unit": "insn"}, "metrics", "ctx_yield", "scenarios", "busy",
                         "resolution"), "is exact: no resolution")
    broken("resolution_of_other_unit",
           lambda d: put(d, {"per_count": 40, "unit": "ns"}, "metrics", "ctx_yield", "scenarios", "busy",
                         "resolution"), "is not one of ['insn', 'cycles']")
    broken("histogram_not_n",
           lambda d: put(d, [[40, 2], [42, 6], [55, 1]], "metrics", "ctx_yield", "scenarios", "idle", "hist"),
           "histogram counts 9, n is 10")

    # A board counting 25 MHz under QEMU's 1 GHz of instructions: every row in
    # its tick40 unit carries its resolution, written by the report tool.
    tick_stream = SAMPLE_STREAM.replace("unit=insn", "unit=tick40").replace(
        "clock_hz=1000000000", "clock_hz=25000000")
    with tempfile.TemporaryDirectory(prefix="vaios-schema-") as tmp:
        with redirect_stderr(io.StringIO()):
            vaios_report.report(tick_stream.splitlines(), tmp, peers_dir="", quiet=True)
        tick = json.load(open(os.path.join(tmp, "results.json")))
    errs = check(tick, validator)
    case("tick_rows_carry_their_resolution", not errs and tick["metrics"]["ctx_yield"].get("resolution")
         == {"per_count": 40, "unit": "insn"} and all(
             s.get("resolution") for s in tick["metrics"]["ctx_yield"]["scenarios"].values()),
         "; ".join(errs[:5]) or str(tick["metrics"]["ctx_yield"].get("resolution")))
    # A silicon board's row counted on a timer at half the core clock
    # (nucleo_h743zi's MPU rows, tick2cycles): its resolution is in cycles.
    half_stream = SAMPLE_STREAM.replace("unit=insn", "unit=tick2cycles")
    with tempfile.TemporaryDirectory(prefix="vaios-schema-") as tmp:
        with redirect_stderr(io.StringIO()):
            vaios_report.report(half_stream.splitlines(), tmp, peers_dir="", quiet=True)
        half = json.load(open(os.path.join(tmp, "results.json")))
    errs = check(half, validator)
    case("cycle_tick_rows_carry_their_resolution", not errs and half["metrics"]["ctx_yield"].get(
         "resolution") == {"per_count": 2, "unit": "cycles"}, "; ".join(errs[:5]) or
         str(half["metrics"]["ctx_yield"].get("resolution")))
    d = copy.deepcopy(tick)
    d["metrics"]["domain_switch"]["resolution"] = {"per_count": 40, "unit": "insn"}
    case("rejects_skipped_with_resolution", check(d, validator), "accepted")
    return results


def main(argv):
    validator_ = validator()
    if argv[1:] == ["--self-test"]:
        results = self_test(validator_)
    elif len(argv) > 1:
        results = []
        for path in argv[1:]:
            errs = check_file(path, validator_)
            results.append(not errs)
            print("%s results_schema %s" % ("FAIL" if errs else "PASS", os.path.relpath(path)))
            for e in errs[:40]:
                print("    " + e)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    p = sum(results)
    print("%d passed, %d failed" % (p, len(results) - p))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
