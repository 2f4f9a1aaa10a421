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


PEER_MAP = """\
Linker script and memory map

 .text          0x08000000       0x40 CMakeFiles/minimal.dir/minimal.c.obj
 .text.xTaskCreateStatic
                0x08000040      0x200 freertos/libfreertos_kernel.a(tasks.c.obj)
 .text.xPortSysTickHandler
                0x08000240       0x50 freertos/libfreertos_kernel.a(port.c.obj)
 .text.OS_Tick_Setup
                0x08000290       0x70 CMakeFiles/minimal.dir/vaios/bench/os/cmsis_rtos2/os_tick_board.c.obj
 .text.board_init
                0x08000300       0x30 vaios/boards/libvaios_board_start.a(startup.c.obj)
 .bss           0x20000000      0x140 freertos/libfreertos_kernel.a(tasks.c.obj)
 .bss           0x20000140        0x8 CMakeFiles/minimal.dir/vaios/bench/os/cmsis_rtos2/os_tick_board.c.obj
"""


class PeerLinkMap(unittest.TestCase):
    """A peer kernel's minimal image: its archives are the kernel, the
    objects named the time driver; nothing else (the application, the
    board's start-up) is counted, nor VAIOS's libvaios.a default."""

    def setUp(self):
        fd, self.path = tempfile.mkstemp(prefix="vaios-peer-", suffix=".map")
        with os.fdopen(fd, "w") as f:
            f.write(PEER_MAP)
        self.addCleanup(os.unlink, self.path)

    def test_kernel_archive_and_time_driver_object(self):
        lib = ("libfreertos_kernel.a",)
        self.assertEqual(bench.kernel_bytes(self.path, True, lib, ()), (0x200 + 0x50, 0x140))
        self.assertEqual(bench.kernel_bytes(self.path, True, lib, ("os_tick_board.c.obj",)),
                         (0x200 + 0x50 + 0x70, 0x140 + 0x8))
        self.assertEqual(bench.kernel_bytes(self.path, False, lib, ("os_tick_board.c.obj",)),
                         (0x200 + 0x50, 0x140))
        self.assertEqual(bench.kernel_bytes(self.path, True), (0, 0))
        # an archive named like a kernel's but another is not the kernel
        self.assertEqual(bench.kernel_bytes(self.path, True, ("libfreertos_kernel_x.a",), ()), (0, 0))

    def test_peer_rows_without_a_separate_time_driver(self):
        import shutil
        tmp = tempfile.mkdtemp(prefix="vaios-peer-elf-")
        self.addCleanup(shutil.rmtree, tmp)
        elf = os.path.join(tmp, "minimal_peer.elf")
        shutil.copy(self.path, os.path.join(tmp, "minimal_peer.map"))
        open(elf, "w").close()
        sizes = bench.elf_size
        bench.elf_size = lambda path: (1000, 8, 400)
        self.addCleanup(setattr, bench, "elf_size", sizes)
        lines = bench.peer_footprint_lines(["O2=" + elf], ("libfreertos_kernel.a",), ())
        rows = {l.split()[2]: l for l in lines if l.startswith("@VOS metric")}
        self.assertIn(" min=1000 ", rows["footprint_minimal_text"])
        self.assertIn(" min=408 ", rows["footprint_minimal_ram"])
        self.assertIn(" min=%d " % (0x250), rows["footprint_kernel_text"])
        self.assertIn(" min=%d " % (0x140), rows["footprint_kernel_ram"])
        self.assertNotIn("footprint_kernel_alone_text", rows)
        self.assertTrue(any(l.startswith("@VOS skip footprint_kernel_alone_text ") for l in lines))


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
