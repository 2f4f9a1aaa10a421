# SPDX-License-Identifier: MIT
"""Run every unit test module of the tools package.

Prints "PASS <test>" or "FAIL <test>" per test case (with the failure
under it) and ends with "N passed, M failed"; exit status 1 if any failed.
Usage, from the repository root: python3 -m tools.tests [MODULE...]
"""

import sys
import unittest

MODULES = ("test_stream", "test_hist", "test_tables", "test_progress", "test_plots",
           "test_peers", "test_comparison", "test_compare", "test_bench_linux", "test_bench",
           "test_trace_run", "test_config_table", "test_check_families", "test_check_backends",
           "test_check_no_fp", "test_evidence_suites", "test_evidence_spec", "test_evidence_provers",
           "test_evidence_lemmas")


class LineResult(unittest.TextTestResult):
    """One line per test case, for tools/run_tests.py."""

    def addSuccess(self, test):
        super().addSuccess(test)
        self.stream.write(f"PASS {test.id()}\n")

    def _fail(self, test, err):
        self.stream.write(f"FAIL {test.id()}\n")
        for line in self._exc_info_to_string(err, test).splitlines():
            self.stream.write(f"    {line}\n")

    def addFailure(self, test, err):
        unittest.TestResult.addFailure(self, test, err)
        self._fail(test, err)

    def addError(self, test, err):
        unittest.TestResult.addError(self, test, err)
        self._fail(test, err)

    def addSkip(self, test, reason):
        unittest.TestResult.addSkip(self, test, reason)
        self.stream.write(f"FAIL {test.id()} (skipped: {reason})\n")


def main(names):
    loader = unittest.defaultTestLoader
    suite = unittest.TestSuite(loader.loadTestsFromName(f"tools.tests.{name}")
                               for name in (names or MODULES))
    runner = unittest.TextTestRunner(stream=sys.stdout, verbosity=0, resultclass=LineResult)
    result = runner.run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.skipped)
    print(f"{result.testsRun - failed} passed, {failed} failed")
    return 1 if failed else 0


sys.exit(main(sys.argv[1:]))
