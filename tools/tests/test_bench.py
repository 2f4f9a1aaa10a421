# SPDX-License-Identifier: MIT
"""tools/bench.py: the kernel's bytes from a link map (a synthetic map in
GNU ld's layout; the sizes are made up)."""

import os
import tempfile
import unittest

from .. import bench

MAP = """\
Archive member included to satisfy reference by file (symbol)
libvaios.a(sched.c.obj)       main.o (vos_start)

Linker script and memory map

 .text          0x08000000       0x40 main.o
 .text.vos_start
                0x08000040      0x120 libvaios.a(sched.c.obj)
 .rodata        0x08000160       0x10 libvaios.a(sched.c.obj)
 .text.board_time
                0x08000170       0x30 libboard.a(timebase.c.obj)
 .text.unused   0x080001a0        0x0 libvaios.a(sched.c.obj)
 .data          0x20000000        0x8 libvaios.a(sched.c.obj)
 .bss           0x20000008       0x20 libboard.a(timebase.c.obj)
 .bss           0x20000028      0x100 main.o
"""


class LinkMap(unittest.TestCase):
    def setUp(self):
        fd, self.path = tempfile.mkstemp(prefix="vaios-map-", suffix=".map")
        with os.fdopen(fd, "w") as f:
            f.write(MAP)
        self.addCleanup(os.unlink, self.path)

    def test_kernel_with_and_without_the_time_driver(self):
        self.assertEqual(bench.kernel_bytes(self.path, False), (0x120 + 0x10, 0x8))
        self.assertEqual(bench.kernel_bytes(self.path, True), (0x120 + 0x10 + 0x30, 0x8 + 0x20))


class LogOfAnImageBuiltElsewhere(unittest.TestCase):
    """--elf/--log: a console log of another kernel's run becomes a results.json
    with the instrument, target and compiler (what compare needs)."""

    def test_log_gives_a_comparable_results_json(self):
        import json
        import subprocess
        import sys
        import shutil
        tmp = tempfile.mkdtemp(prefix="vaios-bench-log-")
        self.addCleanup(shutil.rmtree, tmp)
        log = os.path.join(tmp, "run.log")
        with open(log, "w") as f:
            f.write("@VOS config kernel=other version=1 commit=0000000 board=netduinoplus2 "
                    "unit=insn\n@VOS config hist_exact=2048 hist_log_sub=16 hist_log_octaves=21\n"
                    "@VOS done 0\n")
        elf = os.path.join(tmp, "image.elf")
        open(elf, "w").close()
        out = os.path.join(tmp, "out")
        done = subprocess.run([sys.executable, "-m", "tools.bench", "--elf", elf, "--log", log,
                               "--out", out, "--quiet"], cwd=bench.ROOT, capture_output=True,
                              text=True)
        with open(os.path.join(out, "results.json")) as f:
            cfg = json.load(f)["config"]
        self.assertEqual(cfg.get("kernel"), "other", done.stderr)
        for key in ("instrument", "target", "compiler"):
            self.assertIn(key, cfg)
        self.assertFalse(any(k.startswith("footprint") for k in cfg))

    def test_log_without_elf_is_refused(self):
        import subprocess
        import sys
        done = subprocess.run([sys.executable, "-m", "tools.bench", "--log", "x"],
                              cwd=bench.ROOT, capture_output=True, text=True)
        self.assertEqual(done.returncode, 2)
