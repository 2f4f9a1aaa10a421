# SPDX-License-Identifier: MIT
"""The "@VOS" line protocol of the benchmark images (docs/results-json.md).

A stream is the image's output, line by line. Lines that start with
"@VOS " are records (config, progress, metric, hist, skip, done); every
other line is the image's own text. Run applies records in arrival order
and keeps what they said; read_stream() and read_line() consume a live
stream and show it through a progress.Progress; Source gives the lines of
a running image (or any command) as they come.
"""

import collections
import re
import subprocess
from dataclasses import dataclass, field

from .tables import fmt

STATS = ("min", "p50", "p99", "p999", "max")
UNNAMED_SCENARIO = "default"    # the scenario of a metric line without scenario=
# Records of the same stream that other tools decode (kept in run.log, not warned about):
# "@VOS trace ..." is the trace ring buffer's dump (include/vaios/trace.h).
FOREIGN_RECORDS = ("trace",)

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


def parse_text(text):
    """A Run from a whole captured stream; bad records become warnings."""
    run = Run()
    for line in text.splitlines():
        run.lines += 1
        if not line.startswith("@VOS "):
            run.tail.append(line)
            continue
        try:
            run.apply(line)
        except (ValueError, IndexError) as err:
            run.warnings.append(f"line {run.lines}: {err}: {line}")
    return run


def read_stream(lines, progress, echo, raw_log):
    """Consume the image's output into a Run while it arrives: lines is an
    iterable of lines, text or bytes (decoded as UTF-8, bad bytes replaced),
    with or without their line ends."""
    run = Run()
    try:
        for raw in lines:
            if isinstance(raw, bytes):
                raw = raw.decode("utf-8", errors="replace")
            read_line(run, raw.rstrip("\r\n"), progress, echo, raw_log)
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
        done, total = (int(x) for x in positional[1].split("/"))
        progress.update(positional[0], done, total)
    elif kind == "metric":
        name = pairs.get("scenario") or UNNAMED_SCENARIO
        record = run.metrics[positional[0]][name]
        progress.say(f"{positional[0]} ({name}): p50 {fmt(record.stats['p50'])} "
                     f"max {fmt(record.stats['max'])} {record.unit or ''} n={fmt(record.n)}")
    elif kind == "skip":
        progress.say(f"{positional[0]}: skipped: {run.skips[positional[0]]}")


class Source:
    """A command whose output is a stream: lines() gives its lines as they
    come, then "!! WHAT exited with status N" when it failed; close()
    (always call it) kills the command if the reader stopped early and
    returns its exit status."""

    def __init__(self, command, what):
        self.what = what
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True,
                                        errors="replace")

    def lines(self):
        """The output lines, with their line ends."""
        yield from self.process.stdout
        if self.process.wait() != 0:
            yield "!! %s exited with status %d" % (self.what, self.process.returncode)

    def close(self):
        """Stop the command if it still runs; its exit status."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.stdout.close()
        return self.process.wait()
