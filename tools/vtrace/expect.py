# SPDX-License-Identifier: MIT
"""Check that a CTF trace, as babeltrace2 lists it, holds expected events in
the expected order.

    python3 -m tools.vtrace.expect PATTERNS CTF_DIR     (runs babeltrace2)
    python3 -m tools.vtrace.expect PATTERNS --text LISTING

PATTERNS is a text file, one regular expression per line, matched with
re.search against babeltrace2's lines:

    PATTERN     must match a line after the line the previous PATTERN matched
    !PATTERN    must match no line between the previous PATTERN's line and
                the next PATTERN's line (to the end if none follows)
    # ...       comment; blank lines are ignored

Exit status 0 when every pattern holds, 1 when one does not (each failure
is reported), 2 for unusable input (no babeltrace2, unreadable files, a bad
regular expression).
"""

import argparse
import re
import shutil
import subprocess
import sys


def load_patterns(path):
    """[(negated, regex, source line number, text)]"""
    out = []
    with open(path, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            neg = line.startswith("!")
            text = line[1:] if neg else line
            try:
                out.append((neg, re.compile(text), no, text))
            except re.error as e:
                raise ValueError("%s:%d: bad regular expression: %s" % (path, no, e))
    return out


def check(patterns, lines):
    """Failure messages (empty when the listing satisfies the patterns)."""
    fails = []
    pos = 0            # index of the first line after the last positive match
    pending = []       # negations waiting for the next positive match
    for neg, rx, no, text in patterns:
        if neg:
            pending.append((rx, no, text))
            continue
        hit = next((i for i in range(pos, len(lines)) if rx.search(lines[i])), None)
        end = hit if hit is not None else len(lines)
        for nrx, nno, ntext in pending:
            bad = next((i for i in range(pos, end) if nrx.search(lines[i])), None)
            if bad is not None:
                fails.append("pattern %d (!%s) matched listing line %d: %s"
                             % (nno, ntext, bad + 1, lines[bad]))
        pending = []
        if hit is None:
            fails.append("pattern %d (%s) not found after listing line %d" % (no, text, pos))
        else:
            pos = hit + 1
    for nrx, nno, ntext in pending:
        bad = next((i for i in range(pos, len(lines)) if nrx.search(lines[i])), None)
        if bad is not None:
            fails.append("pattern %d (!%s) matched listing line %d: %s"
                         % (nno, ntext, bad + 1, lines[bad]))
    return fails


def babeltrace(ctf_dir):
    if shutil.which("babeltrace2") is None:
        raise ValueError("babeltrace2 is not installed (Debian package babeltrace2)")
    r = subprocess.run(["babeltrace2", ctf_dir], capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        raise ValueError("babeltrace2 %s failed (exit %d): %s" % (ctf_dir, r.returncode,
                                                                  r.stderr.strip()[-600:]))
    return r.stdout.splitlines()


def main(argv=None):
    p = argparse.ArgumentParser(prog="vtrace.expect", description=__doc__.split("\n")[0])
    p.add_argument("patterns")
    p.add_argument("ctf_dir", nargs="?")
    p.add_argument("--text", metavar="LISTING", help="check this listing instead of "
                   "running babeltrace2")
    a = p.parse_args(argv)
    try:
        pats = load_patterns(a.patterns)
        if a.text:
            with open(a.text, encoding="utf-8") as f:
                lines = f.read().splitlines()
        elif a.ctf_dir:
            lines = babeltrace(a.ctf_dir)
        else:
            raise ValueError("give a CTF directory or --text LISTING")
    except (OSError, ValueError, subprocess.SubprocessError) as e:
        print("vtrace.expect: error: %s" % e, file=sys.stderr)
        return 2
    fails = check(pats, lines)
    for f in fails:
        print("vtrace.expect: %s" % f, file=sys.stderr)
    n = sum(1 for neg, _, _, _ in pats if not neg)
    print("vtrace.expect: %d of %d patterns in order over %d events%s"
          % (n - sum(1 for f in fails if "not found" in f), n, len(lines),
             "" if not fails else ", %d failure(s)" % len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
