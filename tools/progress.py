# SPDX-License-Identifier: MIT
"""Progress of long operations, on stderr.

On a terminal the operation in progress is one line rewritten in place
(at most ten times a second); in a log (not a terminal) it is one line
each time the operation changes, so that logs stay short. say() prints a
line above the progress line; step() does the same with the seconds
since the Progress was made, for the stages of a long command.
"""

import sys
import time


class Progress:
    """Progress and results of a long operation on a stream (stderr by default)."""

    def __init__(self, stream=None, enabled=True, clock=time.monotonic):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled
        self.tty = enabled and hasattr(self.stream, "isatty") and self.stream.isatty()
        self.clock = clock
        self.start = clock()
        self.current, self.last_draw, self.drawn = None, None, False

    def _clear(self):
        if self.drawn:
            self.stream.write("\r\033[K")
            self.drawn = False

    def say(self, text, force=False):
        """Print one line above the progress line; force prints even when disabled."""
        if self.enabled or force:
            self._clear()
            print(text, file=self.stream, flush=True)

    def step(self, text, force=False):
        """say() with the seconds elapsed since the start, for a stage of a command."""
        self.say("[%4.0f s] %s" % (self.clock() - self.start, text), force)

    def update(self, label, done, total, verb="measuring"):
        """Show that label is at done of total (total 0: unknown), after verb."""
        if not self.enabled:
            return
        count = f"{done}/{total}" if total else f"{done}"
        if not self.tty:
            if label != self.current:
                self.say(f"{verb} {label} ({count})")
            self.current = label
            return
        now = self.clock()
        if (label == self.current and self.last_draw is not None
                and now - self.last_draw < 0.1 and (not total or done < total)):
            return
        self.current, self.last_draw = label, now
        pct = f" ({100 * done // total}%)" if total else ""
        self.stream.write(f"\r\033[K{verb} {label}: {count}{pct}")
        self.stream.flush()
        self.drawn = True

    def close(self):
        """Leave the terminal on a clean line."""
        self._clear()
