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
