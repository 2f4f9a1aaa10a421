# SPDX-License-Identifier: MIT
"""tools/trace_run.py: a long command's output goes to its log while its
lines are counted as progress."""

import io
import os
import sys
import tempfile
import unittest

from .. import trace_run
from ..progress import Progress


class Logged(unittest.TestCase):
    def test_output_logged_and_counted(self):
        fd, log = tempfile.mkstemp(prefix="vaios-trace-log-")
        os.close(fd)
        self.addCleanup(os.unlink, log)
        shown = io.StringIO()
        saved, trace_run.PROGRESS = trace_run.PROGRESS, Progress(shown, True)
        try:
            status = trace_run.run_logged(
                [sys.executable, "-c", "print('one'); print('two'); raise SystemExit(3)"],
                log, "a stand-in")
        finally:
            trace_run.PROGRESS = saved
        self.assertEqual(status, 3)
        self.assertEqual(open(log).read(), "one\ntwo\n")
        self.assertIn("running a stand-in (1)", shown.getvalue())
        self.assertIn("a stand-in: 2 lines, exit 3", shown.getvalue())
