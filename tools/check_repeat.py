#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Prove that the benchmark is deterministic: run it more than once and
compare the results.

Usage: python3 -m tools.check_repeat [--build build/netduinoplus2] [--out build/bench] [--runs 2]

Runs tools.bench --runs times on the same images, one after the other
(they share the instrumented images' build directories; the first run goes
into --out, the others into --out-repeat-N) and compares
each results.json with the first byte for byte, after removing timestamp
fields (any key named in TIMESTAMP_KEYS, at any depth). The instrument is
exact (docs/benchmark.md, "The instrument"), so any difference is a defect
of the instrument or of the harness, never noise.

Prints "N passed, M failed" (one check per extra run, plus one per bench
run that failed); exit status 1 on any failure.
"""
import argparse
import json
import os
import sys

if not __package__:
    sys.exit("check_repeat: run it from the repository root as python3 -m tools.check_repeat")

from .cases import run  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMESTAMP_KEYS = {"timestamp", "time", "date", "generated", "generated_at", "started", "finished"}


def strip_timestamps(value):
    """The value with every timestamp field removed, recursively."""
    if isinstance(value, dict):
        return {k: strip_timestamps(v) for k, v in value.items() if k not in TIMESTAMP_KEYS}
    if isinstance(value, list):
        return [strip_timestamps(v) for v in value]
    return value


def canonical(path):
    """results.json as canonical bytes (timestamps removed, keys in file order)."""
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)
    return json.dumps(strip_timestamps(data), indent=1).encode()


def first_difference(a, b):
    """The first differing line of two canonical texts, for the message."""
    la, lb = a.decode().splitlines(), b.decode().splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            context = [l.strip() for l in la[max(0, i - 6):i] if '"' in l]
            return "line %d: %s != %s (after %s)" % (i + 1, x.strip(), y.strip(), " ".join(context[-3:]))
    return "lengths differ: %d and %d lines" % (len(la), len(lb))


def bench(build, out):
    """One benchmark run into out: (exit status, its output)."""
    return run([sys.executable, "-m", "tools.bench", "--build", build, "--out", out, "--quiet"],
               cwd=ROOT)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default="build/netduinoplus2")
    ap.add_argument("--out", default="build/bench")
    ap.add_argument("--runs", type=int, default=2)
    args = ap.parse_args()
    if args.runs < 2:
        ap.error("--runs must be at least 2")
    outs = [args.out] + ["%s-repeat-%d" % (args.out.rstrip("/"), i) for i in range(1, args.runs)]
    done = [bench(args.build, out) for out in outs]
    passed = failed = 0
    texts = []
    for out, (status, log) in zip(outs, done):
        path = os.path.join(ROOT, out, "results.json")
        if status != 0 or not os.path.exists(path):
            print("FAIL bench run into %s exited with status %d" % (out, status))
            print(log[-2000:])
            failed += 1
            texts.append(None)
            continue
        texts.append(canonical(path))
    for out, text in zip(outs[1:], texts[1:]):
        if texts[0] is None or text is None:
            continue
        if text == texts[0]:
            print("PASS results.json of %s is identical to %s" % (out, outs[0]))
            passed += 1
        else:
            print("FAIL results.json of %s differs from %s: %s" % (out, outs[0], first_difference(texts[0], text)))
            failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
