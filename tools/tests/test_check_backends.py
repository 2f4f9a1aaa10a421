# SPDX-License-Identifier: MIT
"""tools/check_backends.py: the backends against bench/osal.h, and the Zephyr module."""

import re
import shutil
import tempfile
import unittest
from pathlib import Path

from tools import check_backends

REPO = Path(__file__).resolve().parents[2]
TREES = ("bench", "boards", "include", "config", "cmake", "apps/flight")


def failed(cases):
    """The descriptions of the failed cases."""
    return [what for ok, what, _ in cases if not ok]


class CheckBackends(unittest.TestCase):
    """Each rule fails on a tree that breaks it, and the repository passes."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = Path(tempfile.mkdtemp(prefix="check_backends_test_"))
        for rel in TREES:
            shutil.copytree(REPO / rel, cls.tmp / "clean" / rel,
                            ignore=shutil.ignore_patterns("build*", "__pycache__"))
        (cls.tmp / "clean/kernel").mkdir()
        shutil.copy(REPO / "kernel/config.c", cls.tmp / "clean/kernel/config.c")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def tree(self, name):
        root = self.tmp / name
        shutil.copytree(self.tmp / "clean", root)
        return root

    def edit(self, root, rel, old, new):
        path = root / rel
        text = path.read_text(encoding="utf-8")
        self.assertIn(old, text, rel)
        path.write_text(text.replace(old, new), encoding="utf-8")

    def test_repository_passes(self):
        self.assertEqual(failed(check_backends.check(REPO)), [])

    def test_missing_entry_fails(self):
        root = self.tree("missing")
        self.edit(root, "bench/os/zephyr/osal_impl.h",
                  "static inline void os_yield(void)               { k_yield(); }", "")
        self.assertIn("zephyr: defines every entry of bench/osal.h its options require",
                      failed(check_backends.check(root)))

    def test_missing_tm_function_fails(self):
        root = self.tree("tm")
        self.edit(root, "bench/os/zephyr/tm_port.c", "void tm_thread_relinquish(void)",
                  "static void relinquish(void)")
        self.assertIn("zephyr: tm_port.c defines bench/tm_api.h's porting layer",
                      failed(check_backends.check(root)))

    def test_backend_without_rate_check_fails(self):
        root = self.tree("rate")
        path = root / "bench/os/freertos/osal_freertos.c"
        path.write_text(path.read_text(encoding="utf-8").replace("refused", "accepted"),
                        encoding="utf-8")
        self.assertTrue(any(w.startswith("freertos: refuses a run")
                            for w in failed(check_backends.check(root))))

    def test_module_harness_order_fails(self):
        root = self.tree("order")
        self.edit(root, "bench/os/zephyr/CMakeLists.txt",
                  "${vb_bench}/switching.c ${vb_bench}/sync.c",
                  "${vb_bench}/sync.c ${vb_bench}/switching.c")
        self.assertIn("zephyr: the benchmark image: the harness in bench/CMakeLists.txt's order",
                      failed(check_backends.check(root)))

    def test_unknown_option_fails(self):
        root = self.tree("option")
        self.edit(root, "bench/os/zephyr/app/prj.conf", "CONFIG_TIMESLICING=n",
                  "CONFIG_TIME_SLICING=n")
        self.assertIn("zephyr: every option set is the module's or a checked Zephyr option",
                      failed(check_backends.check(root)))

    def test_early_wake_fails(self):
        root = self.tree("early")
        self.edit(root, "bench/os/zephyr/osal_zephyr_time.h", "return k0 + 1 + (int64_t)n;",
                  "return k0 + (int64_t)n;")
        bad = failed(check_backends.check(root))
        self.assertTrue(any(re.match(r"zephyr: a sleep's tick is never before", w) for w in bad))

    def test_board_without_soc_fails(self):
        root = self.tree("soc")
        self.edit(root, "bench/os/zephyr/boards/vaios/vaios_netduinoplus2/board.yml",
                  "- name: vaios_stm32f405", "- name: stm32f405xx")
        self.assertTrue(any(w.startswith("zephyr: board.yml")
                            for w in failed(check_backends.check(root))))


if __name__ == "__main__":
    unittest.main()
